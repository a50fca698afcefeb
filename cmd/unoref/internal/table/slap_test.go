package table

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/cmd/unoref/internal/screen"
	"github.com/unoref/unoref/hardware"
	"github.com/unoref/unoref/referee"
)

// toSlap plays a three-player uno-slap game on the virtual table (seat
// pads fitted) until Ben, who plays first, is down to one card, and has
// him press UNO: Ann and Cy must slap.
func toSlap(t *testing.T, v *vtable) Snapshot {
	t.Helper()
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben", "Cy"}, Rules: "official +uno-slap"})
	v.press(t, "pass") // Ann deals, Ben plays first
	v.tap(t, "G5")
	for _, c := range []string{"G1", "G2", "G3", "G4", "G6", "G7", "G8", "G9", "G1", "G2", "G3", "G4", "G6", "G7", "G8", "G9"} {
		if s := v.tap(t, c); !s.Last.OK {
			t.Fatalf("%s: %+v", c, s.Last)
		}
	}
	s := v.press(t, "uno")
	if s.State.Hands["Ben"] != 1 || s.State.Turn != "Cy" || s.SlapFor != "Ben" {
		t.Fatalf("not at Ben's slaps: %+v, slap for %q", s.State, s.SlapFor)
	}
	return s
}

func (v *vtable) seat(t *testing.T, seat int) Snapshot {
	t.Helper()
	v.do(t, Action{Kind: "seat", Seat: seat})
	return v.Snapshot()
}

// logTail is the last n lines of the table log without their times.
func logTail(s Snapshot, n int) []string {
	var out []string
	for _, l := range s.Log[len(s.Log)-n:] {
		_, ev, _ := strings.Cut(l, " ")
		out = append(out, ev)
	}
	return out
}

// TestUnoSlapVirtualTable plays uno-slap end to end on the virtual table:
// each seat button is a slap, the OLED and the snapshot show who still has
// to slap, play waits, and the last (or the one 3 s late) draws 2.
func TestUnoSlapVirtualTable(t *testing.T) {
	const grace = 2 * time.Second
	t.Run("the last to slap draws 2", func(t *testing.T) {
		v := startVirtual(t, t.TempDir(), Config{UnoGrace: grace})
		s := toSlap(t, v)
		if diff := cmp.Diff([]string{"Cy", "Ann"}, s.SlapsDue); diff != "" {
			t.Errorf("SlapsDue (-want +got):\n%s", diff)
		}
		v.checkOLED(t, screen.Screen{Alert: screen.AlertSlap, Message: "Slap Ben's hand! Still to slap: Cy and Ann"})
		s = v.tap(t, "G0") // Cy plays before the slaps: refused
		if s.Last.OK || s.Last.Code != referee.ErrWrongPhase || s.State.Hands["Cy"] != 2 {
			t.Fatalf("a play while slaps are due: %+v, %+v", s.Last, s.State)
		}
		s = v.seat(t, 2) // Cy slaps
		if s.Last.Code != "" || s.State.Hands["Cy"] != 2 || s.Buzzer != "slap" {
			t.Fatalf("Cy's slap: %+v, buzzer %q", s.Last, s.Buzzer)
		}
		if diff := cmp.Diff([]string{"Ann"}, s.SlapsDue); diff != "" {
			t.Errorf("SlapsDue after Cy (-want +got):\n%s", diff)
		}
		s = v.seat(t, 0) // Ann slaps last
		if !s.Last.OK || s.State.Hands["Ann"] != 4 || s.SlapFor != "" || s.SlapsDue != nil {
			t.Fatalf("Ann's last slap: %+v, %+v", s.Last, s.State)
		}
		if want := "Ann slaps Ben's hand — the last slap: Ann draws 2"; s.Last.Message != want {
			t.Errorf("message %q, want %q", s.Last.Message, want)
		}
		if diff := cmp.Diff([]string{"uno", "slap Cy", "slap Ann"}, logTail(s, 3)); diff != "" {
			t.Errorf("log (-want +got):\n%s", diff)
		}
		v.checkOLED(t, screen.Screen{Alert: screen.AlertSlap, Message: s.Last.Message})
		if s = v.tap(t, "G0"); !s.Last.OK || s.State.Turn != "Ann" {
			t.Errorf("Cy's play after the slaps: %+v", s.Last)
		}
	})
	t.Run("the caller's own seat and a second slap are refused", func(t *testing.T) {
		v := startVirtual(t, t.TempDir(), Config{UnoGrace: grace})
		toSlap(t, v)
		s := v.seat(t, 1)
		if s.Last.Code != referee.ErrBadSlap || s.State.Hands["Ben"] != 1 {
			t.Errorf("Ben slaps his own hand: %+v, %+v", s.Last, s.State)
		}
		if s.LEDs["illegal"] || s.Buzzer == "illegal" {
			t.Errorf("a slap that counts for nothing sounds like a wrong card: LEDs %v, buzzer %q", s.LEDs, s.Buzzer)
		}
		v.seat(t, 2)
		s = v.seat(t, 2)
		if s.Last.Code != referee.ErrBadSlap || s.State.Hands["Cy"] != 2 {
			t.Errorf("Cy slaps twice: %+v, %+v", s.Last, s.State)
		}
	})
	t.Run("3 s after the call the table slaps for the missing", func(t *testing.T) {
		v := startVirtual(t, t.TempDir(), Config{UnoGrace: grace})
		before := toSlap(t, v)
		v.seat(t, 0) // Ann slaps; Cy does not
		v.clock.Advance(referee.SlapTime - time.Millisecond)
		if s := v.Snapshot(); s.SlapFor != "Ben" || s.Events != before.Events+1 {
			t.Fatalf("slaps settled before 3 s: %+v", s)
		}
		v.clock.Advance(time.Millisecond)
		s := v.waitFor(t, "the slap time to end", func(s Snapshot) bool { return s.SlapFor == "" })
		if s.State.Hands["Cy"] != 4 || s.State.Hands["Ann"] != 2 {
			t.Errorf("after the slap time: %+v", s.State)
		}
		if want := "Cy slaps Ben's hand — too late: Cy draws 2"; s.Last.Message != want {
			t.Errorf("message %q, want %q", s.Last.Message, want)
		}
		if got := s.Log[len(s.Log)-1]; !strings.HasSuffix(got, " slap Cy") {
			t.Errorf("last log line %q, want the table's slap for Cy", got)
		}
	})
	t.Run("a resumed game keeps the slaps and their clock", func(t *testing.T) {
		dir := t.TempDir()
		v := startVirtual(t, dir, Config{UnoGrace: grace})
		toSlap(t, v)
		v.seat(t, 2)
		if err := v.stop(); err != nil {
			t.Fatal(err)
		}
		v.jr.Close()
		w := startVirtual(t, dir, Config{UnoGrace: grace})
		if s := w.Snapshot(); s.SlapFor != "Ben" || len(s.SlapsDue) != 1 {
			t.Fatalf("resumed: slap for %q, due %v", s.SlapFor, s.SlapsDue)
		}
		w.clock.Advance(referee.SlapTime)
		s := w.waitFor(t, "the slap time to end", func(s Snapshot) bool { return s.SlapFor == "" })
		if s.State.Hands["Ann"] != 4 {
			t.Errorf("after the resumed slap time: %+v", s.State)
		}
	})
}

// TestUnoSlapNeedsSeatButtons: on a table without seat pads the option is
// refused at game setup, with a sentence that says why.
func TestUnoSlapNeedsSeatButtons(t *testing.T) {
	bt := startBoard(t, hardware.Default(), nil)
	err := bt.Do(context.Background(), Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "official +uno-slap"})
	var ae *ActionError
	if !errors.As(err, &ae) || len(ae.Msg) != 1 || ae.Msg[0].Key != "action.slap.noseats" {
		t.Fatalf("Do(newgame +uno-slap) = %v, want the refusal action.slap.noseats", err)
	}
	if err := bt.Do(context.Background(), Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "official"}); err != nil {
		t.Errorf("Do(newgame official) = %v", err)
	}
}
