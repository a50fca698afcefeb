package buzzer_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/unoref/unoref/drivers/buzzer"
	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
)

const ms = time.Millisecond

func newBuzzer(t *testing.T, activeLow bool) (*buzzer.Dev, *gpiolinetest.Line, *gpiolinetest.FakeClock) {
	t.Helper()
	clk := gpiolinetest.NewClock(time.Time{})
	out := &gpiolinetest.Line{Now: clk.Now}
	d, err := buzzer.New(out, &buzzer.Opts{Clock: clk, ActiveLow: activeLow})
	if err != nil {
		t.Fatal(err)
	}
	out.Reset()
	return d, out, clk
}

// expect turns (offset ms, value) pairs into the changes a line should show.
func expect(pairs ...int) []gpiolinetest.Change {
	var cs []gpiolinetest.Change
	for i := 0; i < len(pairs); i += 2 {
		cs = append(cs, gpiolinetest.Change{At: gpiolinetest.Epoch.Add(time.Duration(pairs[i]) * ms), Value: pairs[i+1]})
	}
	return cs
}

func TestPatterns(t *testing.T) {
	tests := []struct {
		name string
		p    buzzer.Pattern
		want []gpiolinetest.Change
	}{
		{"legal", buzzer.Legal, expect(0, 1, 50, 0)},
		{"illegal", buzzer.Illegal, expect(0, 1, 400, 0, 550, 1, 950, 0)},
		{"missed uno", buzzer.MissedUNO, expect(0, 1, 100, 0, 200, 1, 300, 0, 400, 1, 500, 0)},
		{"round over", buzzer.RoundOver, expect(0, 1, 120, 0, 240, 1, 360, 0, 480, 1, 1080, 0)},
		{"game over", buzzer.GameOver, expect(0, 1, 100, 0, 180, 1, 280, 0, 360, 1, 460, 0, 540, 1, 640, 0, 840, 1, 1840, 0)},
		{"even length ends silent", buzzer.Pattern{10 * ms, 20 * ms}, expect(0, 1, 10, 0)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, out, clk := newBuzzer(t, false)
			if err := d.Play(tt.p); err != nil {
				t.Fatal(err)
			}
			if !d.Playing() {
				t.Errorf("Playing() = false right after Play")
			}
			clk.Advance(tt.p.Duration() - 1)
			if !d.Playing() {
				t.Errorf("Playing() = false 1ns before the end")
			}
			clk.Advance(time.Minute)
			if got := out.Transitions(); fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("transitions = %v, want %v", got, tt.want)
			}
			if d.Playing() || out.Value() != 0 || clk.Pending() != 0 {
				t.Errorf("after the pattern: playing %v, line %d, timers %d; want false, 0, 0", d.Playing(), out.Value(), clk.Pending())
			}
		})
	}
}

// The patterns must be told apart by ear: no two share count and lengths.
func TestPatternsDistinct(t *testing.T) {
	ps := map[string]buzzer.Pattern{"legal": buzzer.Legal, "illegal": buzzer.Illegal, "missed-uno": buzzer.MissedUNO, "round-over": buzzer.RoundOver, "game-over": buzzer.GameOver}
	seen := map[string]string{}
	for name, p := range ps {
		k := fmt.Sprint(p)
		if other, ok := seen[k]; ok {
			t.Errorf("%s and %s are the same pattern %v", name, other, p)
		}
		seen[k] = name
	}
}

func TestPreempt(t *testing.T) {
	d, out, clk := newBuzzer(t, false)
	if err := d.Play(buzzer.Illegal); err != nil {
		t.Fatal(err)
	}
	clk.Advance(450 * ms) // in the gap after the first buzz
	if err := d.Play(buzzer.Legal); err != nil {
		t.Fatal(err)
	}
	clk.Advance(100 * ms)
	if err := d.Play(buzzer.MissedUNO); err != nil {
		t.Fatal(err)
	}
	clk.Advance(20 * ms) // mid beep: cut by the next one
	if err := d.Play(buzzer.Legal); err != nil {
		t.Fatal(err)
	}
	clk.Advance(time.Minute)
	want := expect(0, 1, 400, 0, 450, 1, 500, 0, 550, 1, 620, 0)
	if got := out.Transitions(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("transitions = %v, want %v", got, want)
	}
	if n := clk.Pending(); n != 0 {
		t.Errorf("pending timers = %d, want 0", n)
	}
}

func TestActiveLowAndHalt(t *testing.T) {
	d, out, clk := newBuzzer(t, true)
	if err := d.Play(buzzer.GameOver); err != nil {
		t.Fatal(err)
	}
	clk.Advance(50 * ms)
	if got := out.Value(); got != 0 {
		t.Errorf("active-low line while sounding = %d, want 0", got)
	}
	for i := 0; i < 2; i++ {
		if err := d.Halt(); err != nil {
			t.Fatalf("Halt #%d: %v", i+1, err)
		}
		if got := out.Value(); got != 1 {
			t.Errorf("active-low line after Halt #%d = %d, want 1 (silent)", i+1, got)
		}
	}
	n := len(out.Changes())
	clk.Advance(time.Minute)
	if got := len(out.Changes()); got != n || clk.Pending() != 0 {
		t.Errorf("after Halt: %d more writes, %d timers; want 0, 0", got-n, clk.Pending())
	}
	if got, want := d.String(), "buzzer{silent}"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestErrors(t *testing.T) {
	d, out, clk := newBuzzer(t, false)
	for _, p := range []buzzer.Pattern{nil, {10 * ms, 0}, {-ms}} {
		if err := d.Play(p); !errors.Is(err, buzzer.ErrBadPattern) {
			t.Errorf("Play(%v) = %v, want ErrBadPattern", p, err)
		}
	}
	boom := errors.New("boom")
	if err := d.Play(buzzer.Legal); err != nil {
		t.Fatal(err)
	}
	out.Err = boom
	clk.Advance(time.Second)
	if err := d.Err(); !errors.Is(err, boom) {
		t.Errorf("Err() = %v, want %v", err, boom)
	}
	if err := d.Play(buzzer.Legal); !errors.Is(err, boom) {
		t.Errorf("Play() on a failing line = %v, want %v", err, boom)
	}
	if d.Playing() {
		t.Errorf("Playing() = true after a failed Play")
	}
	if _, err := buzzer.New(nil, nil); err == nil {
		t.Errorf("New(nil) = nil error, want error")
	}
}
