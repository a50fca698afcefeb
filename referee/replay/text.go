package replay

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/tablelog"
)

// TextWriter prints one readable line per record: the referee's sentence,
// then what the table waits for and the hand counts, e.g.
//
//	line 12: Ann plays Red 7. Ben's turn, match red or 7. Hands: Ann 6, Ben 7, Cy 7.
type TextWriter struct {
	w   io.Writer
	buf []byte
}

// NewTextWriter returns a writer that prints to w.
func NewTextWriter(w io.Writer) *TextWriter { return &TextWriter{w: w} }

// Write prints r as one line.
func (t *TextWriter) Write(r *Record) error {
	t.buf = append(t.buf[:0], Text(r)...)
	t.buf = append(t.buf, '\n')
	_, err := t.w.Write(t.buf)
	return err
}

// Text is the readable sentence for r, without a newline. The referee's
// message comes first; when the table waits for a player's card, the
// colour and face to match follow ("Ben's turn, match red or 7.").
func Text(r *Record) string {
	var b strings.Builder
	b.WriteString("line ")
	b.WriteString(strconv.Itoa(r.Line))
	b.WriteString(": ")
	msg := r.Message
	if !r.OK {
		b.WriteString("Refused (" + r.Error + "): ")
	} else if r.Phase == referee.PhaseTurn && r.Turn != "" {
		// The referee ends most answers with "and Ben is next"; the turn
		// sentence below says it with what to match.
		msg = strings.TrimSuffix(strings.TrimSuffix(msg, "."), " and "+r.Turn+" is next")
	}
	b.WriteString(sentence(msg))
	for _, e := range r.Verdict.Effects {
		if e.Kind == referee.EffReshuffle {
			// The referee's sentence is about the player; the table also
			// needs to know the pile was turned over.
			b.WriteString(" The pile is shuffled into a new draw pile.")
		}
	}
	// Other phases: the referee's sentence already says what comes next.
	if r.OK && (r.Phase == referee.PhaseTurn || r.Phase == referee.PhaseOver) {
		if next := Next(&r.State); next != "" {
			b.WriteString(" ")
			b.WriteString(next)
		}
	}
	if h := handList(&r.State, r.State.Hands); h != "" && r.Phase != referee.PhaseSetup {
		b.WriteString(" Hands: " + h + ".")
	}
	if (r.Event.Kind == tablelog.Hand || r.Event.Kind == tablelog.Points) && r.OK &&
		(r.Phase == referee.PhaseSetup || r.Phase == referee.PhaseOver) {
		if s := handList(&r.State, r.State.Scores); s != "" {
			b.WriteString(" Scores: " + s + ".")
		}
	}
	return b.String()
}

// Next says what the table waits for in state s: "Ben's turn, match red
// or 7."
func Next(s *referee.State) string {
	who := s.Turn
	if who == "" {
		who = "the next player"
	}
	switch s.Phase {
	case referee.PhaseSetup:
		if len(s.Hands) == 0 && len(s.Players) == 0 {
			return "Waiting for the players."
		}
		return "Turn up a starter card."
	case referee.PhaseTurn:
		if s.Pending > 0 {
			return fmt.Sprintf("%s's turn, %d cards to draw.", who, s.Pending)
		}
		if m := matchWhat(s); m != "" {
			return fmt.Sprintf("%s's turn, match %s.", who, m)
		}
		return who + "'s turn."
	case referee.PhaseDrawn:
		return who + " may play the card just drawn or pass."
	case referee.PhasePenalty:
		return fmt.Sprintf("%s must draw %d.", who, s.Pending)
	case referee.PhaseColor:
		return who + " names a colour."
	case referee.PhaseChallenge:
		return fmt.Sprintf("%s may challenge or draw %d.", who, s.Pending)
	case referee.PhaseShow:
		return "The accused shows their hand."
	case referee.PhaseSwap:
		return who + " picks a player to swap hands with."
	case referee.PhaseHeights:
		if c, err := cards.ParseColor(s.Color); err == nil {
			return "Everyone shows one " + c.String() + " card, or none."
		}
		return "Everyone shows one card of the named colour, or none."
	case referee.PhaseCountup:
		return "Count-up: show the cards left in every hand."
	case referee.PhaseOver:
		if s.Winner != "" {
			return "Game over: " + s.Winner + " wins."
		}
		return "Game over."
	}
	return ""
}

// matchWhat is what the next card must match: "red or 7", "green".
func matchWhat(s *referee.State) string {
	col, err := cards.ParseColor(s.Color)
	top, terr := cards.Parse(s.Top)
	switch {
	case err != nil && terr != nil:
		return ""
	case terr != nil || top.IsWild() || top.Kind == cards.Blank:
		if err != nil {
			return ""
		}
		return col.String()
	}
	face := top.Kind.String()
	if top.Kind == cards.Number {
		face = strconv.Itoa(int(top.Number))
	}
	if err != nil {
		return face
	}
	return col.String() + " or " + face
}

// handList prints m in seat order ("Ann 6, Ben 7"); names not seated come
// last in sorted order.
func handList(s *referee.State, m map[string]int) string {
	if len(m) == 0 {
		return ""
	}
	var b strings.Builder
	seen := 0
	add := func(name string) {
		v, ok := m[name]
		if !ok {
			return
		}
		if seen > 0 {
			b.WriteString(", ")
		}
		seen++
		b.WriteString(name + " " + strconv.Itoa(v))
	}
	for _, p := range s.Players {
		add(p)
	}
	if seen < len(m) {
		seated := make(map[string]bool, len(s.Players))
		for _, p := range s.Players {
			seated[p] = true
		}
		for _, k := range sortedKeys(m, nil) {
			if !seated[k] {
				add(k)
			}
		}
	}
	return b.String()
}
