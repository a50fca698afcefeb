package table

import (
	"strings"
	"testing"
	"time"

	"github.com/unoref/unoref/cmd/unoref/internal/screen"
)

// toUNO plays a two-player game until Ben, who plays first, is down to one
// card: the UNO window is open for him.
func toUNO(t *testing.T, v *vtable, rules string) Snapshot {
	t.Helper()
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: rules})
	v.press(t, "pass") // Ann deals, Ben plays first
	v.tap(t, "G5")
	var s Snapshot
	for _, c := range []string{"G1", "G2", "G3", "G4", "G6", "G7", "G8", "G9", "G1", "G2", "G3"} {
		if s = v.tap(t, c); !s.Last.OK {
			t.Fatalf("%s: %+v", c, s.Last)
		}
	}
	if s.State.Hands["Ben"] != 1 || s.State.Turn != "Ann" || s.State.UnoOpen != "Ben" {
		t.Fatalf("not at Ben's UNO: %+v", s.State)
	}
	if !s.LEDs["uno"] {
		t.Errorf("amber LED off while Ben's call is due")
	}
	return s
}

func TestUnoGrace(t *testing.T) {
	const grace = 2 * time.Second
	t.Run("call in time", func(t *testing.T) {
		v := startVirtual(t, t.TempDir(), Config{UnoGrace: grace})
		before := toUNO(t, v, "official")
		v.clock.Advance(time.Second)
		s := v.tap(t, "G4") // Ann plays at once: it waits for Ben's call
		if s.Events != before.Events || s.Prompt != "Ben: call UNO!" {
			t.Fatalf("Ann's play in Ben's grace: %d events (want %d), prompt %q", s.Events, before.Events, s.Prompt)
		}
		s = v.press(t, "uno")
		if s.Events != before.Events+2 || s.State.Hands["Ben"] != 1 || s.State.Hands["Ann"] != 1 {
			t.Errorf("after the call: %d events, %+v", s.Events, s.State)
		}
		if n := len(s.Log); !strings.HasSuffix(s.Log[n-2], " uno") || !strings.HasSuffix(s.Log[n-1], " play G4") {
			t.Errorf("log ends %q, want the call before the play", s.Log[n-2:])
		}
		if s.LEDs["uno"] != true { // now Ann is on one card
			t.Errorf("amber LED off while Ann's call is due")
		}
	})
	t.Run("no call", func(t *testing.T) {
		v := startVirtual(t, t.TempDir(), Config{UnoGrace: grace})
		before := toUNO(t, v, "official")
		v.tap(t, "G4")
		v.clock.Advance(grace - time.Millisecond)
		if len(v.timers) != 0 {
			t.Fatalf("grace ended early")
		}
		if s := v.Snapshot(); s.Events != before.Events {
			t.Fatalf("Ann's play ruled on in Ben's grace")
		}
		v.Sim().Buzzer.Reset()
		v.clock.Advance(time.Millisecond)
		t0 := v.clock.Now()
		s := v.waitFor(t, "the grace to end", func(s Snapshot) bool { return s.Events == before.Events+1 })
		if s.State.Hands["Ben"] != 3 || s.Buzzer != "uno" || !s.LEDs["uno"] {
			t.Errorf("missed UNO: %+v, buzzer %q, LEDs %v", s.State, s.Buzzer, s.LEDs)
		}
		// Bad news for Ben: its own look, never the green "legal" one.
		v.checkOLED(t, screen.Screen{Alert: screen.AlertBad, Message: s.Last.Message})
		if !s.Last.Bad || s.LEDs["legal"] || !s.LEDs["illegal"] {
			t.Errorf("missed UNO: Bad %v, LEDs %v; want bad news, red, not legal", s.Last.Bad, s.LEDs)
		}
		v.clock.Advance(time.Second)
		checkLine(t, "buzzer", v.Sim().Buzzer, t0, 0, 100*time.Millisecond, 200*time.Millisecond,
			300*time.Millisecond, 400*time.Millisecond, 500*time.Millisecond)
	})
	t.Run("late", func(t *testing.T) {
		v := startVirtual(t, t.TempDir(), Config{UnoGrace: grace})
		before := toUNO(t, v, "official")
		v.clock.Advance(grace) // the grace is over before Ann plays
		s := v.tap(t, "G4")
		if s.Events != before.Events+1 || s.State.Hands["Ben"] != 3 {
			t.Errorf("play after the grace: %d events, %+v", s.Events, s.State)
		}
	})
	t.Run("players catch", func(t *testing.T) {
		v := startVirtual(t, t.TempDir(), Config{UnoGrace: grace})
		before := toUNO(t, v, "official uno-enforcement=players")
		s := v.tap(t, "G4")
		if s.Events != before.Events+1 || s.State.Hands["Ben"] != 1 {
			t.Errorf("play under uno-enforcement=players: %d events, %+v", s.Events, s.State)
		}
	})
	t.Run("no grace", func(t *testing.T) {
		v := startVirtual(t, t.TempDir(), Config{UnoGrace: -1})
		before := toUNO(t, v, "official")
		s := v.tap(t, "G4")
		if s.Events != before.Events+1 || s.State.Hands["Ben"] != 3 {
			t.Errorf("play without grace: %d events, %+v", s.Events, s.State)
		}
	})
}

// A catch by a seat button says who caught: the family's record counts it.
func TestSeatCatchSaysWho(t *testing.T) {
	v := startVirtual(t, t.TempDir(), Config{UnoGrace: 2 * time.Second})
	toUNO(t, v, "official")
	v.seat(t, 0) // Ann
	s := v.press(t, "uno")
	if got := logTail(s, 1); len(got) != 1 || got[0] != "catch Ben by Ann" {
		t.Errorf("log after Ann's catch ends %q, want catch Ben by Ann", got)
	}
	if s.State.Hands["Ben"] != 3 {
		t.Errorf("Ben holds %d cards after the catch, want 3", s.State.Hands["Ben"])
	}
}
