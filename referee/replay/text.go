package replay

import (
	"io"
	"strconv"
	"strings"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
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
	// Lang is the language of the lines; English unless set.
	Lang lang.Lang
}

// NewTextWriter returns a writer that prints to w in English.
func NewTextWriter(w io.Writer) *TextWriter { return &TextWriter{w: w} }

// Write prints r as one line.
func (t *TextWriter) Write(r *Record) error {
	t.buf = append(t.buf[:0], Text(r, t.Lang)...)
	t.buf = append(t.buf, '\n')
	_, err := t.w.Write(t.buf)
	return err
}

// Text is the readable sentence for r in l, without a newline. The
// referee's message comes first; when the table waits for a player's card,
// the colour and face to match follow ("Ben's turn, match red or 7.").
func Text(r *Record, l lang.Lang) string {
	var b strings.Builder
	b.WriteString(l.Render(msg.Msg{Key: "text.line", Args: msg.Args{N: r.Line}}))
	b.WriteString(" ")
	if !r.OK {
		b.WriteString(l.Render(msg.Msg{Key: "text.refused", Args: msg.Args{Value: r.Error}}) + " ")
	}
	b.WriteString(sentence(l, message(r, l)))
	for _, e := range r.Verdict.Effects {
		if e.Kind == referee.EffReshuffle {
			// The referee's sentence is about the player; the table also
			// needs to know the pile was turned over.
			b.WriteString(" " + l.Render(msg.Msg{Key: "text.reshuffle"}))
		}
	}
	// Other phases: the referee's sentence already says what comes next.
	if r.OK && (r.Phase == referee.PhaseTurn || r.Phase == referee.PhaseOver) {
		if next := Next(&r.State, l); next != "" {
			b.WriteString(" ")
			b.WriteString(next)
		}
	}
	if h := handList(&r.State, r.State.Hands); h != "" && r.Phase != referee.PhaseSetup {
		b.WriteString(" " + l.Render(msg.Msg{Key: "text.hands", Args: msg.Args{Text: h}}))
	}
	if (r.Event.Kind == tablelog.Hand || r.Event.Kind == tablelog.Points) && r.OK &&
		(r.Phase == referee.PhaseSetup || r.Phase == referee.PhaseOver) {
		if s := handList(&r.State, r.State.Scores); s != "" {
			b.WriteString(" " + l.Render(msg.Msg{Key: "text.scores", Args: msg.Args{Text: s}}))
		}
	}
	return b.String()
}

// message is the referee's sentence of r in l. The referee ends most
// answers with "and Ben is next": in phase turn the turn sentence that
// follows says it with what to match, so it is left out. A record with no
// verdict (built by hand, or read back from JSON) has only its English
// Message.
func message(r *Record, l lang.Lang) string {
	waits := r.OK && r.Phase == referee.PhaseTurn && r.Turn != ""
	msg := r.Verdict.Sentence()
	if len(msg) == 0 {
		if !waits {
			return r.Message
		}
		return strings.TrimSuffix(strings.TrimSuffix(r.Message, "."), " and "+r.Turn+" is next")
	}
	if n := len(msg); waits && n > 1 && msg[n-1].Key == "next" {
		msg = msg[:n-1]
	}
	return l.Sentence(msg)
}

// sentence is s with a capital and the language's full stop.
func sentence(l lang.Lang, s string) string {
	s = lang.Capital(s)
	if s == "" || strings.ContainsAny(s[len(s)-1:], ".!?") || strings.HasSuffix(s, "։") {
		return s
	}
	return s + l.Render(msg.Msg{Key: "text.stop"})
}

// Next says what the table waits for in state s, in l: "Ben's turn, match
// red or 7."
func Next(s *referee.State, l lang.Lang) string {
	a := msg.Args{Player: s.Turn, N: s.Pending}
	if a.Player == "" {
		a.Player = l.Render(msg.Msg{Key: "text.nextplayer"})
	}
	say := func(key string) string { return l.Render(msg.Msg{Key: key, Args: a}) }
	switch s.Phase {
	case referee.PhaseSetup:
		if len(s.Hands) == 0 && len(s.Players) == 0 {
			return say("text.players")
		}
		return say("text.starter")
	case referee.PhaseTurn:
		return say(matchKey(s, &a))
	case referee.PhaseDrawn:
		return say("text.drawn")
	case referee.PhasePenalty:
		return say("text.penalty")
	case referee.PhaseColor:
		return say("text.color")
	case referee.PhaseChallenge:
		return say("text.challenge")
	case referee.PhaseShow:
		return say("text.show")
	case referee.PhaseSwap:
		return say("text.swap")
	case referee.PhaseHeights:
		if c, err := cards.ParseColor(s.Color); err == nil {
			a.Color = c
			return say("text.heights")
		}
		return say("text.heights.any")
	case referee.PhaseCountup:
		return say("text.countup")
	case referee.PhaseOver:
		if s.Winner != "" {
			a.Player = s.Winner
			return say("text.over.winner")
		}
		return say("text.over")
	}
	return ""
}

// matchKey is the key of the turn sentence, with what the next card must
// match ("red or 7", "green") set in a.
func matchKey(s *referee.State, a *msg.Args) string {
	if s.Pending > 0 {
		return "text.turn.pending"
	}
	col, err := cards.ParseColor(s.Color)
	if err == nil {
		a.Color = col
	}
	top, terr := cards.Parse(s.Top)
	switch {
	case err != nil && terr != nil:
		return "text.turn"
	case terr != nil || top.IsWild() || top.Kind == cards.Blank:
		if err != nil {
			return "text.turn"
		}
		return "text.turn.color"
	}
	a.Top = top
	if err != nil {
		return "text.turn.face"
	}
	return "text.turn.match"
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
