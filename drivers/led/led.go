package led

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/unoref/unoref/drivers/clock"
	"github.com/unoref/unoref/drivers/gpioline"
	"github.com/unoref/unoref/drivers/internal/pattern"
)

// LED names one LED of the panel.
type LED int

// The panel LEDs.
const (
	DirCW   LED = iota // play goes clockwise
	DirCCW             // play goes counter-clockwise
	Legal              // green: the card was accepted
	Illegal            // red: the card was refused
	UNO                // amber: a player is on one card
	Red                // colour to match
	Yellow
	Green
	Blue
	numLEDs
)

var ledNames = [...]string{"cw", "ccw", "legal", "illegal", "uno", "R", "Y", "G", "B"}

func (l LED) String() string {
	if l >= 0 && l < numLEDs {
		return ledNames[l]
	}
	return fmt.Sprintf("led(%d)", int(l))
}

// Direction of play shown by the direction LEDs.
type Direction int

// Directions.
const (
	NoDirection Direction = iota
	CW
	CCW
)

// ErrNotColor is returned by SetColor for an LED that is not a colour LED.
var ErrNotColor = errors.New("led: not a colour LED")

// Opts configures a Dev.
type Opts struct {
	// ActiveLow is for LEDs wired from 3.3 V to the GPIO (the GPIO sinks
	// current): on drives the line low. Default: active high (GPIO → resistor
	// → LED → GND).
	ActiveLow bool
	// Flash is how long FlashLegal/FlashIllegal keep their LED lit.
	// Default 600ms.
	Flash time.Duration
	// Clock times the flashes. Default: the system clock.
	Clock clock.Clock
}

// Dev is the panel's bank of LEDs. LEDs without a line are skipped, so a
// build may leave some out.
type Dev struct {
	lines [numLEDs]gpioline.Output
	opts  Opts

	mu    sync.Mutex
	on    [numLEDs]bool
	flash *pattern.Player // the verdict flash: on, then off after Opts.Flash
}

// New returns a Dev driving the given lines, all switched off.
func New(lines map[LED]gpioline.Output, o *Opts) (*Dev, error) {
	d := &Dev{}
	if o != nil {
		d.opts = *o
	}
	if d.opts.Flash < 0 {
		return nil, fmt.Errorf("led: negative Flash %v", d.opts.Flash)
	}
	if d.opts.Flash == 0 {
		d.opts.Flash = 600 * time.Millisecond
	}
	if d.opts.Clock == nil {
		d.opts.Clock = clock.System
	}
	d.flash = pattern.New(&d.mu, d.opts.Clock)
	for l, out := range lines {
		if l < 0 || l >= numLEDs {
			return nil, fmt.Errorf("led: unknown LED %d", int(l))
		}
		d.lines[l] = out
	}
	if err := d.Halt(); err != nil {
		return nil, err
	}
	return d, nil
}

func (d *Dev) set(l LED, on bool) error {
	d.on[l] = on
	if d.lines[l] == nil {
		return nil
	}
	if err := d.lines[l].SetValue(pattern.Level(on, d.opts.ActiveLow)); err != nil {
		return fmt.Errorf("led: %s: %w", l, err)
	}
	return nil
}

// Set switches one LED.
func (d *Dev) Set(l LED, on bool) error {
	if l < 0 || l >= numLEDs {
		return fmt.Errorf("led: unknown LED %d", int(l))
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.set(l, on)
}

// SetDirection lights the LED of the direction of play.
func (d *Dev) SetDirection(dir Direction) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return errors.Join(d.set(DirCW, dir == CW), d.set(DirCCW, dir == CCW))
}

// SetColor lights the colour LED c (Red, Yellow, Green or Blue) and no other;
// c = -1 switches them all off.
func (d *Dev) SetColor(c LED) error {
	if c != -1 && (c < Red || c > Blue) {
		return fmt.Errorf("%w: %s", ErrNotColor, c)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	var errs []error
	for l := Red; l <= Blue; l++ {
		errs = append(errs, d.set(l, l == c))
	}
	return errors.Join(errs...)
}

// FlashLegal lights the green LED for Opts.Flash and returns at once. A new
// flash cuts the current one short.
func (d *Dev) FlashLegal() error { return d.flashOne(Legal, Illegal) }

// FlashIllegal lights the red LED for Opts.Flash and returns at once.
func (d *Dev) FlashIllegal() error { return d.flashOne(Illegal, Legal) }

// flashOne lights l (and puts out other) for Opts.Flash.
func (d *Dev) flashOne(l, other LED) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.flash.Play([]time.Duration{d.opts.Flash}, func(i int) error {
		if i == 0 {
			return errors.Join(d.set(other, false), d.set(l, true))
		}
		return d.set(l, false)
	})
}

// Err returns the first error met while ending a flash in the background.
func (d *Dev) Err() error { return d.flash.Err() }

// Halt cancels any flash and switches every LED off. It is safe to call
// more than once.
func (d *Dev) Halt() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.flash.Cancel()
	var errs []error
	for l := LED(0); l < numLEDs; l++ {
		errs = append(errs, d.set(l, false))
	}
	return errors.Join(errs...)
}

// String lists the fitted LEDs, the lit ones marked with '*'.
func (d *Dev) String() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	var parts []string
	for l := LED(0); l < numLEDs; l++ {
		if d.lines[l] == nil {
			continue
		}
		s := l.String()
		if d.on[l] {
			s += "*"
		}
		parts = append(parts, s)
	}
	return "led{" + strings.Join(parts, " ") + "}"
}
