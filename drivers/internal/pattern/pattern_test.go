package pattern_test

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
	"github.com/unoref/unoref/drivers/internal/pattern"
)

const ms = time.Millisecond

// rig is a Player on a fake clock that logs each step as "i@offset".
type rig struct {
	mu     sync.Mutex
	clk    *gpiolinetest.FakeClock
	p      *pattern.Player
	log    []string
	failAt int // step that fails; -1 for none
}

func newRig() *rig {
	r := &rig{clk: gpiolinetest.NewClock(time.Time{}), failAt: -1}
	r.p = pattern.New(&r.mu, r.clk)
	return r
}

var errStep = errors.New("step failed")

func (r *rig) step(name string) pattern.Step {
	return func(i int) error {
		r.log = append(r.log, fmt.Sprintf("%s%d@%v", name, i, r.clk.Since(gpiolinetest.Epoch)))
		if i == r.failAt {
			return errStep
		}
		return nil
	}
}

func (r *rig) play(name string, durs ...time.Duration) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.p.Play(durs, r.step(name))
}

func (r *rig) playing() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.p.Playing()
}

func TestPlay(t *testing.T) {
	tests := []struct {
		name string
		durs []time.Duration
		want []string
	}{
		{"one step", []time.Duration{600 * ms}, []string{"a0@0s", "a1@600ms"}},
		{"three steps", []time.Duration{50 * ms, 100 * ms, 30 * ms}, []string{"a0@0s", "a1@50ms", "a2@150ms", "a3@180ms"}},
		{"no steps", nil, []string{"a0@0s"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRig()
			if err := r.play("a", tt.durs...); err != nil {
				t.Fatal(err)
			}
			if got := r.playing(); got != (len(tt.durs) > 0) {
				t.Errorf("Playing() after Play(%v) = %v, want %v", tt.durs, got, len(tt.durs) > 0)
			}
			r.clk.Advance(time.Minute)
			if diff := cmp.Diff(tt.want, r.log); diff != "" {
				t.Errorf("Play(%v) steps (-want +got):\n%s", tt.durs, diff)
			}
			if r.playing() || r.clk.Pending() != 0 {
				t.Errorf("after the end: playing %v, %d timers; want false, 0", r.playing(), r.clk.Pending())
			}
		})
	}
}

func TestPreemptAndCancel(t *testing.T) {
	r := newRig()
	if err := r.play("a", 100*ms, 100*ms); err != nil {
		t.Fatal(err)
	}
	r.clk.Advance(150 * ms)
	if err := r.play("b", 40*ms); err != nil { // cuts a short: no a2
		t.Fatal(err)
	}
	r.clk.Advance(time.Second)
	if err := r.play("c", 40*ms); err != nil {
		t.Fatal(err)
	}
	r.mu.Lock()
	r.p.Cancel()
	r.p.Cancel() // twice is fine
	r.mu.Unlock()
	r.clk.Advance(time.Second)
	want := []string{"a0@0s", "a1@100ms", "b0@150ms", "b1@190ms", "c0@1.15s"}
	if diff := cmp.Diff(want, r.log); diff != "" {
		t.Errorf("steps (-want +got):\n%s", diff)
	}
	if n := r.clk.Pending(); n != 0 || r.playing() {
		t.Errorf("after Cancel: %d timers, playing %v; want 0, false", n, r.playing())
	}
}

// A timer that fires after its sequence was pre-empted must do nothing,
// even if the clock could not stop it in time.
func TestStaleTimer(t *testing.T) {
	r := newRig()
	var fire []func()
	r.p = pattern.New(&r.mu, clockFunc(func(d time.Duration, f func()) func() bool {
		fire = append(fire, f)
		return func() bool { return false } // too late to stop
	}))
	if err := r.play("a", ms); err != nil {
		t.Fatal(err)
	}
	if err := r.play("b", ms); err != nil {
		t.Fatal(err)
	}
	fire[0]() // a's timer, stale
	fire[1]()
	want := []string{"a0@0s", "b0@0s", "b1@0s"}
	if diff := cmp.Diff(want, r.log); diff != "" {
		t.Errorf("steps (-want +got):\n%s", diff)
	}
}

type clockFunc func(d time.Duration, f func()) func() bool

func (c clockFunc) AfterFunc(d time.Duration, f func()) func() bool { return c(d, f) }
func (clockFunc) Now() time.Time                                    { return time.Time{} }

func TestErrors(t *testing.T) {
	r := newRig()
	r.failAt = 0
	if err := r.play("a", ms); !errors.Is(err, errStep) {
		t.Errorf("Play with a failing first step = %v, want %v", err, errStep)
	}
	if r.playing() || r.clk.Pending() != 0 {
		t.Errorf("after a failed start: playing %v, %d timers; want false, 0", r.playing(), r.clk.Pending())
	}
	r.failAt = 1
	if err := r.play("b", ms, ms); err != nil {
		t.Fatal(err)
	}
	r.clk.Advance(time.Second)
	if err := r.p.Err(); !errors.Is(err, errStep) {
		t.Errorf("Err() after a failing timed step = %v, want %v", err, errStep)
	}
	want := []string{"a0@0s", "b0@0s", "b1@1ms"} // the failure ends the sequence
	if diff := cmp.Diff(want, r.log); diff != "" {
		t.Errorf("steps (-want +got):\n%s", diff)
	}
}

func TestLevel(t *testing.T) {
	tests := []struct {
		on, activeLow bool
		want          int
	}{{true, false, 1}, {false, false, 0}, {true, true, 0}, {false, true, 1}}
	for _, tt := range tests {
		if got := pattern.Level(tt.on, tt.activeLow); got != tt.want {
			t.Errorf("Level(%v, %v) = %d, want %d", tt.on, tt.activeLow, got, tt.want)
		}
	}
}
