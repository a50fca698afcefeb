package referee

import (
	"time"

	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee/tablelog"
)

// uno-slap (RULES.md §3, seed 004): after a UNO call every other player
// slaps the caller's hand; the last to slap draws SlapDraw. Play waits
// until all have slapped; in a timed log a player who has not slapped
// SlapTime after the call counts as last.
const (
	SlapDraw = 2
	SlapTime = 3 * time.Second
)

// slapRound is the slaps owed after one UNO call.
type slapRound struct {
	caller  int           // seat that called, -1 when no slap is open
	due     []bool        // per seat: still has to slap
	left    int           // players still to slap
	slapped int           // slaps made so far
	late    int           // players who drew for slapping too late
	at      time.Duration // time of the call, when timed
	timed   bool
}

func (g *Game) slapOpen() bool { return g.slap.caller >= 0 }

// slapLate reports whether the event being ruled on comes SlapTime or
// more after the call; only when both carry a time.
func (g *Game) slapLate() bool {
	return g.slap.timed && g.timed && g.now-g.slap.at >= SlapTime
}

// slapWaits reports whether an event of kind k waits for the slaps:
// everything that moves play on. Calls, catches, slaps, the colour of
// the caller's own wild and an end line (the game stopped) do not.
func slapWaits(k tablelog.Kind) bool {
	switch k {
	case tablelog.Slap, tablelog.Uno, tablelog.Catch, tablelog.Color, tablelog.Players, tablelog.Rules, tablelog.Dealer, tablelog.End:
		return false
	}
	return true
}

// openSlap starts the slaps on seat's hand after their call counted:
// every other player still in the round slaps.
func (g *Game) openSlap(seat int, v *Verdict) {
	if !g.rules.UnoSlap {
		return
	}
	g.closeSlap()
	g.slap.caller, g.slap.at, g.slap.timed = seat, g.now, g.timed
	for s := range g.slap.due {
		g.slap.due[s] = s != seat && !g.out[s]
		if g.slap.due[s] {
			g.slap.left++
		}
	}
	v.Effects = append(v.Effects, Effect{Kind: EffSlapOpen, Player: g.names[seat]})
	v.then("slap.open", g.who(seat))
}

// closeSlap forgets the slaps of the last call.
func (g *Game) closeSlap() {
	clear(g.slap.due)
	g.slap = slapRound{caller: -1, due: g.slap.due}
}

// waitSlaps refuses an event that comes while slaps are owed.
func (g *Game) waitSlaps() Verdict {
	return refuse(ErrWrongPhase, say("wait.slap", msg.Args{Player: g.names[g.slap.caller], N: g.slap.left}))
}

// slapBy rules on a slap line.
func (g *Game) slapBy(name string) Verdict {
	if !g.rules.UnoSlap {
		return refuse(ErrBadSlap, say("slap.off", msg.Args{}))
	}
	if !g.inRound() {
		return g.expect()
	}
	seat, ok := g.seat(name)
	if !ok {
		return g.unknown(name)
	}
	if v, ok := g.checkSlap(seat); !ok {
		return v
	}
	g.slap.due[seat] = false
	g.slap.left--
	g.slap.slapped++
	v := accept(say("slap", msg.Args{Player: name, Other: g.names[g.slap.caller]}))
	v.Effects = []Effect{{Kind: EffSlap, Player: name}}
	late := g.slapLate()
	if late {
		g.slap.late++
		g.slapDraw(seat, "slap.toolate", &v)
	}
	if g.slap.left > 0 {
		v.then("slap.left", msg.Args{N: g.slap.left})
		return v
	}
	return g.lastSlap(seat, late, v)
}

// checkSlap refuses a slap by seat that is not owed.
func (g *Game) checkSlap(seat int) (Verdict, bool) {
	a := g.who(seat)
	switch {
	case !g.slapOpen():
		return refuse(ErrBadSlap, say("slap.none", a)), false
	case seat == g.slap.caller:
		return refuse(ErrBadSlap, say("slap.self", a)), false
	case g.out[seat]:
		return refuse(ErrBadSlap, say("slap.out", a)), false
	case !g.slap.due[seat]:
		return refuse(ErrBadSlap, say("slap.again", a)), false
	}
	return Verdict{}, true
}

// lastSlap ends the slaps with seat's (late: it came too late and was
// paid for): the last to slap draws, unless someone already drew for
// slapping too late, or nobody slapped before (two players: a lone slap
// is no race, only the clock can lose it).
func (g *Game) lastSlap(seat int, late bool, v Verdict) Verdict {
	switch {
	case late:
	case g.slap.late > 0, g.slap.slapped < 2:
		v.then("slap.done", msg.Args{})
	default:
		g.slapDraw(seat, "slap.last", &v)
	}
	g.closeSlap()
	return v
}

// slapDraw makes seat draw SlapDraw for slapping last, with the clause key.
func (g *Game) slapDraw(seat int, key string, v *Verdict) {
	got := g.drawCards(seat, SlapDraw, v)
	v.Effects = append(v.Effects, Effect{Kind: EffSlapLast, Player: g.names[seat], N: got})
	v.then(key, msg.Args{Player: g.names[seat], N: got})
}

// settleLate makes every player who has not slapped SlapTime after the
// call draw, as the last to slap, and ends the slaps.
func (g *Game) settleLate(v *Verdict) {
	for i := 1; i < g.n; i++ {
		s := (g.slap.caller + i) % g.n
		if g.slap.due[s] {
			g.slapDraw(s, "slap.late", v)
		}
	}
	g.closeSlap()
}

// applyLate rules on an event that comes SlapTime or more after a call
// while slaps are owed: the players who have not slapped draw first, then
// the event is ruled on. If the event is refused, the game goes back to
// how it was and the draws wait for the next event, so that a refused
// event still changes nothing but a mistake-penalty.
func (g *Game) applyLate(ev tablelog.Event) Verdict {
	before := g.clone()
	v := Verdict{OK: true}
	g.settleLate(&v)
	w := g.dispatch(ev)
	if !w.OK {
		*g = before
		return g.dispatch(ev)
	}
	v.said.join(&w.said)
	w.said = v.said
	w.Effects = append(v.Effects, w.Effects...)
	return w
}

// clone is a copy of g that shares none of what a settlement or an event
// may change (the names never change in a round).
func (g *Game) clone() Game {
	c := *g
	for _, l := range []*[]int{&c.hand, &c.score, &c.stage, &c.pts, &c.tmp} {
		*l = append([]int(nil), *l...)
	}
	for _, f := range []*[]bool{&c.out, &c.done, &c.slap.due} {
		*f = append([]bool(nil), *f...)
	}
	c.pick = append([]int8(nil), g.pick...)
	return c
}

// slapState is State.SlapFor and State.SlapsDue, appending to buf.
func (g *Game) slapState(s *State, buf []string) []string {
	if !g.slapOpen() {
		return nil
	}
	s.SlapFor = g.names[g.slap.caller]
	for i := 1; i < g.n; i++ {
		if seat := (g.slap.caller + i) % g.n; g.slap.due[seat] {
			buf = append(buf, g.names[seat])
		}
	}
	return buf
}
