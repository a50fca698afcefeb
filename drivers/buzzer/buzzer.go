package buzzer

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/unoref/unoref/drivers/clock"
	"github.com/unoref/unoref/drivers/gpioline"
	"github.com/unoref/unoref/drivers/internal/pattern"
)

// Pattern is a sequence of durations: on, off, on, off, … It always ends
// silent, whether its length is odd or even.
type Pattern []time.Duration

const ms = time.Millisecond

// The referee's sounds. They differ in count and length so they can be told
// apart without looking at the table.
var (
	// Legal: one short chirp.
	Legal = Pattern{50 * ms}
	// Illegal: two long buzzes.
	Illegal = Pattern{400 * ms, 150 * ms, 400 * ms}
	// MissedUNO: three short beeps.
	MissedUNO = Pattern{100 * ms, 100 * ms, 100 * ms, 100 * ms, 100 * ms}
	// RoundOver: short, short, long.
	RoundOver = Pattern{120 * ms, 120 * ms, 120 * ms, 120 * ms, 600 * ms}
	// GameOver: a long fanfare of four short beeps and a 1 s buzz.
	GameOver = Pattern{100 * ms, 80 * ms, 100 * ms, 80 * ms, 100 * ms, 80 * ms, 100 * ms, 200 * ms, time.Second}
)

// Duration is the total time the pattern takes.
func (p Pattern) Duration() time.Duration {
	var t time.Duration
	for _, d := range p {
		t += d
	}
	return t
}

// ErrBadPattern is returned by Play for an empty pattern or one with a
// duration that is not positive.
var ErrBadPattern = errors.New("buzzer: bad pattern")

// Opts configures a Dev.
type Opts struct {
	// ActiveLow is for a driver stage that sounds when the GPIO is low (a PNP
	// transistor or a 3-pin module with inverted input). Such a stage must be
	// powered from 3.3 V: from 5 V a 3.3 V GPIO cannot switch it off, and
	// about 1 mA flows from 5 V into the pin. The reference NPN stage is
	// active high.
	ActiveLow bool
	// Clock times the patterns. Default: the system clock.
	Clock clock.Clock
}

// Dev is an active buzzer (one with its own oscillator) on one output line.
type Dev struct {
	out  gpioline.Output
	opts Opts

	mu     sync.Mutex
	on     bool
	player *pattern.Player
}

// New returns a Dev, silent.
func New(out gpioline.Output, o *Opts) (*Dev, error) {
	if out == nil {
		return nil, errors.New("buzzer: nil output")
	}
	d := &Dev{out: out}
	if o != nil {
		d.opts = *o
	}
	d.player = pattern.New(&d.mu, d.opts.Clock)
	if err := d.Halt(); err != nil {
		return nil, err
	}
	return d, nil
}

func (d *Dev) set(on bool) error {
	if err := d.out.SetValue(pattern.Level(on, d.opts.ActiveLow)); err != nil {
		return fmt.Errorf("buzzer: %w", err)
	}
	d.on = on
	return nil
}

// Play starts p and returns at once; the steps run on the Clock's timers. A
// pattern already playing is cut off.
func (d *Dev) Play(p Pattern) error {
	if len(p) == 0 {
		return fmt.Errorf("%w: empty", ErrBadPattern)
	}
	for i, s := range p {
		if s <= 0 {
			return fmt.Errorf("%w: step %d is %v", ErrBadPattern, i, s)
		}
	}
	p = append(Pattern(nil), p...) // the caller may reuse its slice
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.player.Play(p, func(i int) error {
		if i < len(p) {
			return d.set(i%2 == 0) // even steps sound
		}
		if d.on {
			return d.set(false)
		}
		return nil
	})
}

// Playing reports whether a pattern is in progress.
func (d *Dev) Playing() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.player.Playing()
}

// Err returns the first error met by a step running in the background.
func (d *Dev) Err() error { return d.player.Err() }

// Halt stops any pattern and leaves the buzzer silent. It is safe to call
// more than once.
func (d *Dev) Halt() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.player.Cancel()
	return d.set(false)
}

func (d *Dev) String() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	switch {
	case d.player.Playing():
		return "buzzer{playing}"
	case d.on:
		return "buzzer{on}"
	}
	return "buzzer{silent}"
}
