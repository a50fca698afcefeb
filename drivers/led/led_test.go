package led_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/unoref/unoref/drivers/gpioline"
	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
	"github.com/unoref/unoref/drivers/led"
)

const ms = time.Millisecond

type bank struct {
	clk   *gpiolinetest.FakeClock
	dev   *led.Dev
	lines map[led.LED]*gpiolinetest.Line
}

func newBank(t *testing.T, o led.Opts) *bank {
	t.Helper()
	b := &bank{clk: gpiolinetest.NewClock(time.Time{}), lines: map[led.LED]*gpiolinetest.Line{}}
	outs := map[led.LED]gpioline.Output{}
	for l := led.DirCW; l <= led.Blue; l++ {
		b.lines[l] = &gpiolinetest.Line{Now: b.clk.Now}
		outs[l] = b.lines[l]
	}
	o.Clock = b.clk
	d, err := led.New(outs, &o)
	if err != nil {
		t.Fatal(err)
	}
	b.dev = d
	return b
}

// lit lists the LEDs whose line is at the level that lights them.
func (b *bank) lit(activeLow bool) string {
	var s []string
	for l := led.DirCW; l <= led.Blue; l++ {
		if (b.lines[l].Value() == 1) != activeLow {
			s = append(s, l.String())
		}
	}
	return fmt.Sprint(s)
}

func TestSetters(t *testing.T) {
	for _, activeLow := range []bool{false, true} {
		t.Run(fmt.Sprintf("activeLow=%v", activeLow), func(t *testing.T) {
			b := newBank(t, led.Opts{ActiveLow: activeLow})
			steps := []struct {
				name string
				do   func() error
				want string
			}{
				{"new", func() error { return nil }, "[]"},
				{"cw", func() error { return b.dev.SetDirection(led.CW) }, "[cw]"},
				{"ccw", func() error { return b.dev.SetDirection(led.CCW) }, "[ccw]"},
				{"green", func() error { return b.dev.SetColor(led.Green) }, "[ccw G]"},
				{"blue", func() error { return b.dev.SetColor(led.Blue) }, "[ccw B]"},
				{"uno", func() error { return b.dev.Set(led.UNO, true) }, "[ccw uno B]"},
				{"no colour", func() error { return b.dev.SetColor(-1) }, "[ccw uno]"},
				{"halt", b.dev.Halt, "[]"},
				{"halt again", b.dev.Halt, "[]"},
			}
			for _, s := range steps {
				if err := s.do(); err != nil {
					t.Fatalf("%s: %v", s.name, err)
				}
				if got := b.lit(activeLow); got != s.want {
					t.Errorf("%s: lit = %s, want %s", s.name, got, s.want)
				}
			}
		})
	}
}

func TestFlash(t *testing.T) {
	b := newBank(t, led.Opts{Flash: 500 * ms})
	if err := b.dev.FlashLegal(); err != nil {
		t.Fatal(err)
	}
	b.clk.Advance(200 * ms)
	// A refused card cuts the green flash short.
	if err := b.dev.FlashIllegal(); err != nil {
		t.Fatal(err)
	}
	b.clk.Advance(time.Second)
	at := func(d time.Duration) time.Time { return gpiolinetest.Epoch.Add(d) }
	tests := []struct {
		l    led.LED
		want []gpiolinetest.Change
	}{
		{led.Legal, []gpiolinetest.Change{{At: at(0), Value: 1}, {At: at(200 * ms), Value: 0}}},
		{led.Illegal, []gpiolinetest.Change{{At: at(200 * ms), Value: 1}, {At: at(700 * ms), Value: 0}}},
	}
	for _, tt := range tests {
		if got := b.lines[tt.l].Transitions(); fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("%s transitions = %v, want %v", tt.l, got, tt.want)
		}
	}
	if n := b.clk.Pending(); n != 0 {
		t.Errorf("pending timers = %d, want 0", n)
	}
}

func TestHaltCancelsFlash(t *testing.T) {
	b := newBank(t, led.Opts{})
	if err := b.dev.FlashIllegal(); err != nil {
		t.Fatal(err)
	}
	if err := b.dev.Halt(); err != nil {
		t.Fatal(err)
	}
	if n := b.clk.Pending(); n != 0 {
		t.Errorf("pending timers after Halt = %d, want 0", n)
	}
	b.lines[led.Illegal].Reset()
	b.clk.Advance(time.Second)
	if got := b.lines[led.Illegal].Changes(); len(got) != 0 {
		t.Errorf("writes after Halt = %v, want none", got)
	}
}

func TestErrors(t *testing.T) {
	boom := errors.New("boom")
	clk := gpiolinetest.NewClock(time.Time{})
	legal := &gpiolinetest.Line{}
	d, err := led.New(map[led.LED]gpioline.Output{led.Legal: legal}, &led.Opts{Clock: clk})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.SetColor(led.UNO); !errors.Is(err, led.ErrNotColor) {
		t.Errorf("SetColor(UNO) = %v, want ErrNotColor", err)
	}
	// Missing LEDs are skipped.
	if err := d.SetColor(led.Red); err != nil {
		t.Errorf("SetColor(Red) without a red LED = %v, want nil", err)
	}
	if err := d.FlashLegal(); err != nil {
		t.Fatal(err)
	}
	legal.Err = boom
	clk.Advance(time.Second)
	if err := d.Err(); !errors.Is(err, boom) {
		t.Errorf("Err() = %v, want %v", err, boom)
	}
	if err := d.Set(led.Legal, true); !errors.Is(err, boom) {
		t.Errorf("Set() = %v, want %v", err, boom)
	}
	if _, err := led.New(map[led.LED]gpioline.Output{led.Legal: legal}, nil); !errors.Is(err, boom) {
		t.Errorf("New() with a failing line = %v, want %v", err, boom)
	}
	if _, err := led.New(map[led.LED]gpioline.Output{42: legal}, nil); err == nil {
		t.Errorf("New() with LED 42 = nil error, want error")
	}
}

func TestString(t *testing.T) {
	b := newBank(t, led.Opts{})
	if err := b.dev.SetDirection(led.CW); err != nil {
		t.Fatal(err)
	}
	if got, want := b.dev.String(), "led{cw* ccw legal illegal uno R Y G B}"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}
