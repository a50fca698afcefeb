package seatpad_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/unoref/unoref/drivers/button"
	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
	"github.com/unoref/unoref/drivers/seatpad"
	"github.com/unoref/unoref/drivers/seatpad/mcp23017test"
)

const ms = time.Millisecond

type rig struct {
	bus *mcp23017test.Bus
	clk *gpiolinetest.FakeClock
	dev *seatpad.Dev
}

func newRig(t *testing.T, seats int) *rig {
	t.Helper()
	r := &rig{bus: mcp23017test.NewBus(0x20, 0x21), clk: gpiolinetest.NewClock(time.Time{})}
	d, err := seatpad.NewI2C(r.bus, &seatpad.Opts{Seats: seats, Clock: r.clk, Debounce: 20 * ms})
	if err != nil {
		t.Fatal(err)
	}
	r.dev = d
	return r
}

// seatPin returns where seat s's button and LED are wired.
func seatPin(s int) (addr uint16, btn, led mcp23017test.Pin) {
	addr = uint16(0x20 + s/8)
	s %= 8
	base := mcp23017test.Pin(s / 4 * 8)
	return addr, base + mcp23017test.Pin(s%4), base + mcp23017test.Pin(s%4+4)
}

func (r *rig) press(s int, down bool) {
	addr, btn, _ := seatPin(s)
	if down {
		r.bus.Chip(addr).Drive(btn, false)
	} else {
		r.bus.Chip(addr).Release(btn)
	}
}

// poll advances the clock by step and polls.
func (r *rig) poll(t *testing.T, step time.Duration) []seatpad.Event {
	t.Helper()
	r.clk.Advance(step)
	evs, err := r.dev.Poll()
	if err != nil {
		t.Fatal(err)
	}
	return append([]seatpad.Event(nil), evs...)
}

func TestWiring(t *testing.T) {
	tests := []struct {
		seats int
		chips []uint16
	}{{2, []uint16{0x20}}, {8, []uint16{0x20}}, {9, []uint16{0x20, 0x21}}, {10, []uint16{0x20, 0x21}}}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.seats, " seats"), func(t *testing.T) {
			r := newRig(t, tt.seats)
			before := r.bus.Transactions()
			if _, err := r.dev.Poll(); err != nil {
				t.Fatal(err)
			}
			ports := 0
			for s := 0; s < tt.seats; s += 4 {
				ports++
			}
			if got := r.bus.Transactions() - before; got != ports {
				t.Errorf("Poll used %d transactions, want %d (one GPIO read per port with seats)", got, ports)
			}
			for s := 0; s < tt.seats; s++ {
				addr, btn, led := seatPin(s)
				c := r.bus.Chip(addr)
				if c.IsOutput(btn) || !c.IsOutput(led) || c.Level(led) {
					t.Errorf("seat %d: button %v output=%v, LED %v output=%v level=%v; want false, true, false", s, btn, c.IsOutput(btn), led, c.IsOutput(led), c.Level(led))
				}
				if !c.Level(btn) {
					t.Errorf("seat %d: released button %v reads low: pull-up not enabled", s, btn)
				}
			}
			for _, gp7 := range []mcp23017test.Pin{mcp23017test.GPA7, mcp23017test.GPB7} {
				for _, a := range tt.chips {
					if !r.bus.Chip(a).IsOutput(gp7) && r.bus.Chip(a).Register(0x0C+byte(gp7/8))&0x80 != 0 {
						t.Errorf("chip %#x: %v used as an input (output-only on new silicon)", a, gp7)
					}
				}
			}
		})
	}
}

func TestPollDebounce(t *testing.T) {
	r := newRig(t, 10)
	if evs := r.poll(t, 10*ms); len(evs) != 0 {
		t.Fatalf("events with no press: %v", evs)
	}
	// Seat 9 (second chip) bounces: low, high, low, seen at 10 ms polls.
	var got []seatpad.Event
	for _, down := range []bool{true, false, true, true, true, true} {
		r.press(9, down)
		got = append(got, r.poll(t, 10*ms)...)
	}
	// Seat 0 glitches for one poll only.
	r.press(0, true)
	got = append(got, r.poll(t, 10*ms)...)
	r.press(0, false)
	got = append(got, r.poll(t, 10*ms)...)
	r.press(9, false)
	for i := 0; i < 3; i++ {
		got = append(got, r.poll(t, 10*ms)...)
	}
	want := []seatpad.Event{
		{Seat: 9, Kind: button.Press, At: 40 * ms},
		{Seat: 9, Kind: button.Release, At: 100 * ms, Held: 60 * ms},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) || got[1].Held != want[1].Held {
		t.Errorf("events = %v, want %v", got, want)
	}
}

func TestLight(t *testing.T) {
	r := newRig(t, 10)
	for _, seat := range []int{9, 3, 4, 0, -1} {
		if err := r.dev.Light(seat); err != nil {
			t.Fatal(err)
		}
		for s := 0; s < 10; s++ {
			addr, _, led := seatPin(s)
			if got := r.bus.Chip(addr).Level(led); got != (s == seat) {
				t.Errorf("Light(%d): seat %d LED %v = %v, want %v", seat, s, led, got, s == seat)
			}
		}
		if got := r.dev.Lit(); got != seat {
			t.Errorf("Lit() = %d, want %d", got, seat)
		}
	}
	for _, bad := range []int{10, -2} {
		if err := r.dev.Light(bad); !errors.Is(err, seatpad.ErrSeat) {
			t.Errorf("Light(%d) = %v, want ErrSeat", bad, err)
		}
	}
	if err := r.dev.Light(5); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		if err := r.dev.Halt(); err != nil {
			t.Fatal(err)
		}
		if l := r.bus.Chip(0x20).Latch(1); l != 0 {
			t.Errorf("Halt #%d: OLATB = %#x, want 0", i+1, l)
		}
	}
}

func TestRun(t *testing.T) {
	r := newRig(t, 4)
	out := make(chan seatpad.Event, 4)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- r.dev.Run(ctx, out) }()
	r.clk.BlockUntil(1) // first poll done, waiting for the next
	r.press(2, true)
	for i := 0; i < 3; i++ {
		r.clk.Advance(10 * ms)
		r.clk.BlockUntil(1)
	}
	if got, want := <-out, (seatpad.Event{Seat: 2, Kind: button.Press, At: 10 * ms}); got != want {
		t.Errorf("event = %v, want %v", got, want)
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("Run() = %v, want context.Canceled", err)
	}
	if r.clk.Pending() != 0 {
		t.Errorf("timer left pending after Run returned")
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name string
		bus  *mcp23017test.Bus
		o    *seatpad.Opts
	}{
		{"nil opts", mcp23017test.NewBus(0x20), nil},
		{"no seats", mcp23017test.NewBus(0x20), &seatpad.Opts{}},
		{"11 seats", mcp23017test.NewBus(0x20, 0x21), &seatpad.Opts{Seats: 11}},
		{"9 seats one address", mcp23017test.NewBus(0x20, 0x21), &seatpad.Opts{Seats: 9, Addrs: []uint16{0x20}}},
		{"second chip missing", mcp23017test.NewBus(0x20), &seatpad.Opts{Seats: 10}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d, err := seatpad.NewI2C(tt.bus, tt.o); err == nil {
				t.Errorf("NewI2C() = %v, want error", d)
			}
		})
	}
	r := newRig(t, 10)
	boom := errors.New("boom")
	r.bus.Chip(0x21).Err = boom
	if _, err := r.dev.Poll(); !errors.Is(err, boom) {
		t.Errorf("Poll() = %v, want %v", err, boom)
	}
	if err := r.dev.Light(9); !errors.Is(err, boom) {
		t.Errorf("Light() = %v, want %v", err, boom)
	}
}

func BenchmarkPoll(b *testing.B) {
	bus := mcp23017test.NewBus(0x20, 0x21)
	d, err := seatpad.NewI2C(bus, &seatpad.Opts{Seats: 10, Clock: gpiolinetest.NewClock(time.Time{})})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	start := bus.Transactions()
	for i := 0; i < b.N; i++ {
		if _, err := d.Poll(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(bus.Transactions()-start)/float64(b.N), "i2c-tx/poll")
}
