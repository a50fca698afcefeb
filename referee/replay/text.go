package replay

import (
	"bytes"
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
	t.buf = append(AppendText(t.buf[:0], r, t.Lang), '\n')
	_, err := t.w.Write(t.buf)
	return err
}

// Text is the readable sentence for r in l, without a newline. The
// referee's message comes first; when the table waits for a player's card,
// the colour and face to match follow ("Ben's turn, match red or 7.").
func Text(r *Record, l lang.Lang) string { return string(AppendText(nil, r, l)) }

// AppendText appends Text(r, l) to dst.
func AppendText(dst []byte, r *Record, l lang.Lang) []byte {
	dst = l.AppendRender(dst, &msg.Msg{Key: "text.line", Args: msg.Args{N: r.Line}})
	dst = append(dst, ' ')
	if !r.OK {
		dst = l.AppendRender(dst, &msg.Msg{Key: "text.refused"})
		dst = append(dst, ' ')
	}
	dst = appendMessage(dst, r, l)
	for _, e := range r.Verdict.Effects {
		if e.Kind == referee.EffReshuffle {
			// The referee's sentence is about the player; the table also
			// needs to know the pile was turned over.
			dst = l.AppendRender(append(dst, ' '), &msg.Msg{Key: "text.reshuffle"})
		}
	}
	// Other phases: the referee's sentence already says what comes next.
	if r.OK && (r.Phase == referee.PhaseTurn || r.Phase == referee.PhaseOver) {
		n := len(dst)
		if dst = appendNext(append(dst, ' '), &r.State, l); len(dst) == n+1 {
			dst = dst[:n] // nothing to wait for
		}
	}
	if len(r.State.Hands) > 0 && r.Phase != referee.PhaseSetup {
		dst = appendList(append(dst, ' '), l, "text.hands", &r.State, r.State.Hands)
	}
	if (r.Event.Kind == tablelog.Hand || r.Event.Kind == tablelog.Points) && r.OK &&
		(r.Phase == referee.PhaseSetup || r.Phase == referee.PhaseOver) && len(r.State.Scores) > 0 {
		dst = appendList(append(dst, ' '), l, "text.scores", &r.State, r.State.Scores)
	}
	return dst
}

// appendMessage appends the referee's sentence of r in l, with a capital
// and the language's full stop. The referee ends most answers with "and
// Ben is next": in phase turn the turn sentence that follows says it with
// what to match, so it is left out. A record with no verdict (built by
// hand, or read back from JSON) has only its English Message.
func appendMessage(dst []byte, r *Record, l lang.Lang) []byte {
	start := len(dst)
	waits := r.OK && r.Phase == referee.PhaseTurn && r.Turn != ""
	if !r.Verdict.Said() {
		m := r.Message
		if waits {
			m = strings.TrimSuffix(strings.TrimSuffix(m, "."), " and "+r.Turn+" is next")
		}
		dst = append(dst, lang.Capital(m)...)
	} else {
		var clauses [8]msg.Msg
		s := r.Verdict.AppendSentence(clauses[:0])
		if n := len(s); waits && n > 1 && s[n-1].Key == "next" {
			s = s[:n-1]
		}
		dst = l.AppendSentence(dst, s)
	}
	if s := dst[start:]; len(s) == 0 || strings.IndexByte(".!?", s[len(s)-1]) >= 0 || bytes.HasSuffix(s, []byte("։")) {
		return dst
	}
	return l.AppendRender(dst, &msg.Msg{Key: "text.stop"})
}

// Next says what the table waits for in state s, in l: "Ben's turn, match
// red or 7."
func Next(s *referee.State, l lang.Lang) string { return string(appendNext(nil, s, l)) }

// appendNext appends Next(s, l) to dst.
func appendNext(dst []byte, s *referee.State, l lang.Lang) []byte {
	a := msg.Args{Player: s.Turn, N: s.Pending}
	if a.Player == "" {
		a.Player = l.Render(msg.Msg{Key: "text.nextplayer"})
	}
	say := func(key string) []byte { return l.AppendRender(dst, &msg.Msg{Key: key, Args: a}) }
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
	return dst
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

// appendList appends the message key (text.hands, text.scores) with m
// listed in seat order ("Ann 6, Ben 7"); names not seated come last in
// sorted order.
func appendList(dst []byte, l lang.Lang, key string, s *referee.State, m map[string]int) []byte {
	var buf [128]byte
	list := buf[:0]
	seen := 0
	add := func(name string) {
		v, ok := m[name]
		if !ok {
			return
		}
		if seen > 0 {
			list = append(list, ", "...)
		}
		seen++
		list = strconv.AppendInt(append(append(list, name...), ' '), int64(v), 10)
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
	return l.AppendRender(dst, &msg.Msg{Key: key, Args: msg.Args{Text: string(list)}})
}
