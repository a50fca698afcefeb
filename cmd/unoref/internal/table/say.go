package table

import (
	"errors"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cards/ndef"
	"github.com/unoref/unoref/cards/registry"
	"github.com/unoref/unoref/hardware/board"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee"
)

// say renders a sentence in the table's language (Config.Lang). Every
// word the table shows, and may one day speak, goes through it.
func (t *Table) say(s ...msg.Msg) string { return t.cfg.Lang.Sentence(s) }

// named is s with each seat name replaced by the seat's display name, so
// that a renamed player is called by the new name everywhere.
func (t *Table) named(s msg.Sentence) msg.Sentence {
	out := make(msg.Sentence, len(s))
	for i, m := range s {
		a := &m.Args
		a.Player, a.Other, a.Next = t.cur.disp(a.Player), t.cur.disp(a.Other), t.cur.disp(a.Next)
		if len(a.Names) > 0 {
			ns := make([]string, len(a.Names))
			for k, n := range a.Names {
				ns[k] = t.cur.disp(n)
			}
			a.Names = ns
		}
		out[i] = m
	}
	return out
}

// tell makes v, saying s, the verdict the table shows. It ends the alert
// of the verdict before: a refusal stays until the next event (or
// Config.RefusalHold).
func (t *Table) tell(v Verdict, s ...msg.Msg) {
	v.Msg = t.named(s)
	v.Message = t.say(v.Msg...)
	v.At = t.clock.Now()
	t.out.last = v
	t.out.alert, t.out.amber, t.out.link = 0, false, false
	t.sched.cancel(timerAlert)
}

// news shows a sentence of the table's own that changes nothing in the
// game: "Ann picked Red 7", "1 of 2 cards drawn".
func (t *Table) news(key string, a msg.Args) {
	t.tell(Verdict{OK: true}, msg.Msg{Key: key, Args: a})
	t.refresh()
}

// tagMsg is what the table says about a tag that names no card.
func tagMsg(err error) msg.Msg {
	var fe *ndef.ForeignError
	switch {
	case errors.Is(err, errNotCard):
		return msg.Msg{Key: "tag.unknown"}
	case errors.As(err, &fe) && fe.Text != "":
		return msg.Msg{Key: "tag.says", Args: msg.Args{Text: fe.Text}}
	case errors.Is(err, registry.ErrOtherDeck):
		return msg.Msg{Key: "tag.otherdeck"}
	case errors.Is(err, registry.ErrForeign), errors.As(err, &fe):
		return msg.Msg{Key: "tag.foreign"}
	case errors.Is(err, registry.ErrDuplicateTag):
		return msg.Msg{Key: "tag.duplicate"}
	case errors.Is(err, ndef.ErrBlank):
		return msg.Msg{Key: "tag.blank"}
	case errors.Is(err, registry.ErrUnknownTag), errors.Is(err, ndef.ErrCorrupt):
		return msg.Msg{Key: "tag.notdeck"}
	}
	return msg.Msg{Key: "tag.unreadable"}
}

// errNotCard marks a tag of a kind cards are never written on (MIFARE
// Classic).
var errNotCard = errors.New("table: not a card tag")

// promptMsg is what the table waits for, one sentence.
func (t *Table) promptMsg(st referee.State) msg.Msg {
	switch {
	case t.cur.game == nil:
		return msg.Msg{Key: "prompt.nogame"}
	case len(t.uno.held) > 0:
		return msg.Msg{Key: "prompt.uno", Args: msg.Args{Player: t.uno.win.who}}
	case st.SlapFor != "":
		return slapMsg(st)
	case t.dealer.queue != nil:
		return msg.Msg{Key: "prompt.pick", Args: msg.Args{Player: t.dealer.queue[len(t.dealer.picks)]}}
	}
	a := msg.Args{Player: st.Turn}
	switch st.Phase {
	case referee.PhaseSetup:
		a.Player = st.Dealer
		return msg.Msg{Key: "prompt.starter", Args: a}
	case referee.PhasePenalty:
		a.N = st.Pending
	case referee.PhaseShow:
		a.N, a.K = t.taps.shownBy(st.Turn), st.Hands[st.Turn]
	case referee.PhaseHeights:
		a.Player = t.taps.nextToCount(st)
		c, err := cards.ParseColor(st.Color)
		if err != nil {
			return msg.Msg{Key: "prompt.heights.any", Args: a}
		}
		a.Color = c
	case referee.PhaseCountup:
		a.Player = t.taps.by
		if a.Player == "" {
			a.Player = t.taps.nextToCount(st)
		}
		a.N, a.K = t.taps.shownBy(a.Player), st.Hands[a.Player]
	case referee.PhaseOver:
		a.Player = st.Winner
	case referee.PhaseTurn, referee.PhaseDrawn, referee.PhaseColor, referee.PhaseChallenge, referee.PhaseSwap:
	default:
		return msg.Msg{}
	}
	return msg.Msg{Key: "prompt." + st.Phase, Args: a}
}

// partsSaid is the start-up sentence on the optional parts of the pin map,
// a clause each: "Optional parts: the draw pad's reader is there; the seat
// pads 9–10 (MCP23017 0x21) are not fitted".
func partsSaid(ps board.Parts) []msg.Msg {
	s := []msg.Msg{{Key: "table.parts"}}
	for i, p := range ps {
		if i > 0 {
			s = append(s, msg.Msg{Key: "table.parts.and"})
		}
		m := msg.Msg{Key: "table.part.draw." + p.State.String()}
		if p.Chip != "" {
			m = msg.Msg{Key: "table.part.seats." + p.State.String(), Args: msg.Args{N: p.First, K: p.Last, Value: p.Chip}}
		}
		s = append(s, m)
	}
	return s
}
