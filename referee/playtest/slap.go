package playtest

import (
	"time"

	"github.com/unoref/unoref/referee/tablelog"
)

// The model's own reading of uno-slap (RULES.md §3, §7 slap NAME).
const (
	slapDraw = 2
	slapTime = 3 * time.Second
)

// slaps is what the model keeps of the slaps after one UNO call.
type slaps struct {
	caller  int // -1: none open
	due     []bool
	left    int
	slapped int
	late    int
	at      time.Duration
	timed   bool
}

// openSlaps starts the slaps on the hand of p, whose call counted: the
// others still in the round slap.
func (t *Model) openSlaps(p int, ev *tablelog.Event) {
	if !t.rules.UnoSlap {
		return
	}
	t.slap = slaps{caller: p, due: make([]bool, t.n), at: ev.At, timed: ev.Timed}
	for i := range t.n {
		if i != p && !t.out[i] {
			t.slap.due[i] = true
			t.slap.left++
		}
	}
}

// slapWaits reports whether ev has to wait for the slaps: anything that
// moves play on.
func (t *Model) slapWaits(ev *tablelog.Event) bool {
	if t.slap.caller < 0 {
		return false
	}
	switch ev.Kind {
	case tablelog.Slap, tablelog.Uno, tablelog.Catch, tablelog.Color, tablelog.Players, tablelog.Rules, tablelog.Dealer:
		return false
	}
	return true
}

// execSlap rules on a slap line: the last to slap draws 2, and so does
// each player who slaps 3 s or more after a timed call (then the last
// slap costs nothing more); a lone slapper (two players) only risks the
// clock.
func (t *Model) execSlap(ev *tablelog.Event) (bool, string) {
	if !t.rules.UnoSlap {
		return false, codeBadSlap
	}
	if t.phase == phaseSetup || t.phase == phaseCountup || t.phase == phaseOver {
		return false, codePhase
	}
	who := t.seat(ev.Name)
	if who < 0 {
		return false, codeUnknown
	}
	if t.slap.caller < 0 || !t.slap.due[who] {
		return false, codeBadSlap
	}
	t.slap.due[who] = false
	t.slap.left--
	t.slap.slapped++
	late := t.slap.timed && ev.Timed && ev.At-t.slap.at >= slapTime
	if late {
		t.slap.late++
		t.drawN(who, slapDraw)
	}
	if t.slap.left > 0 {
		return true, ""
	}
	if !late && t.slap.late == 0 && t.slap.slapped > 1 {
		t.drawN(who, slapDraw)
	}
	t.slap = slaps{caller: -1}
	return true, ""
}

// chooseSlap is a slap by someone who owes one, or now and then a slap
// the referee must refuse (by the caller, or twice).
func (t *Model) chooseSlap() (tablelog.Event, string) {
	if t.chance(t.cfg.Strategy.Illegal * 4) {
		var wrong []int
		for i := range t.n {
			if !t.slap.due[i] {
				wrong = append(wrong, i)
			}
		}
		return tablelog.Event{Kind: tablelog.Slap, Name: t.names[pick(t, wrong)]}, "slaps when it is not theirs"
	}
	var due []int
	for i := range t.n {
		if t.slap.due[i] {
			due = append(due, i)
		}
	}
	return tablelog.Event{Kind: tablelog.Slap, Name: t.names[pick(t, due)]}, "slaps the caller's hand"
}
