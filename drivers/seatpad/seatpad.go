package seatpad

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/devices/v3/mcp23xxx"

	"github.com/unoref/unoref/drivers/button"
	"github.com/unoref/unoref/drivers/clock"
)

// MaxSeats is the most seats the referee supports (UNO is for 2–10).
const MaxSeats = 10

// SeatsPerChip is how many seats one MCP23017 serves: a button and an LED
// each, 16 pins.
const SeatsPerChip = 8

// ErrSeat is returned for a seat number out of range.
var ErrSeat = errors.New("seatpad: no such seat")

// Opts configures a Dev.
type Opts struct {
	// Seats is the number of seat pads, 1 to MaxSeats. Required.
	Seats int
	// Addrs are the expanders' I²C addresses, one per SeatsPerChip seats.
	// Default 0x20, 0x21 (A0 low, then A0 high).
	Addrs []uint16
	// Debounce is how long a button level must hold. Default 20ms.
	Debounce time.Duration
	// LongPress, when non-zero, reports held buttons.
	LongPress time.Duration
	// Interval is the poll period of Run. Default 10ms.
	Interval time.Duration
	// Clock stamps the polls. Default: the system clock.
	Clock clock.Clock
}

// Event is a debounced seat button event.
type Event struct {
	Seat int // 0-based, clockwise, as the players are listed
	Kind button.Kind
	At   time.Duration // since the Dev was created
	Held time.Duration // for Release and LongPress
}

func (e Event) String() string {
	return fmt.Sprintf("seat %d %s at %v", e.Seat, e.Kind, e.At)
}

// Dev is the set of seat pads on one or two MCP23017 expanders.
type Dev struct {
	opts  Opts
	start time.Time
	chips []*chip

	mu  sync.Mutex
	lit int // seat whose LED is on, -1 for none
	evs []Event
}

// chip is one expander. Per port, bits 0–3 are buttons and bits 4–7 LEDs:
// newer MCP23017 silicon has output-only GPA7/GPB7, so inputs stay low.
type chip struct {
	dev     *mcp23xxx.Dev
	seats   int // seats on this chip
	buttons [2]gpio.Group
	leds    [2]gpio.Group
	level   [SeatsPerChip]bool // last sampled level, true = high (released)
	db      [SeatsPerChip]button.Debouncer
}

// pinOf returns the port and bit of seat s's button on its chip; the LED is
// bit+4 of the same port.
func pinOf(s int) (port, bit int) { return s / 4, s % 4 }

// Pins is the wiring of seat (0 for the first): the index of its expander
// in Opts.Addrs, and its button's and LED's pins on it, numbered 0–15 as
// GPA0–GPA7, GPB0–GPB7 (datasheet DS20001952C table 1-2).
func Pins(seat int) (expander, button, led int) {
	port, bit := pinOf(seat % SeatsPerChip)
	return seat / SeatsPerChip, port*8 + bit, port*8 + bit + 4
}

// NewI2C configures the expanders on b: button pins as inputs with pull-ups,
// LED pins as outputs, all LEDs off.
func NewI2C(b i2c.Bus, o *Opts) (*Dev, error) {
	if o == nil {
		return nil, errors.New("seatpad: Opts.Seats is required")
	}
	opts := *o
	if opts.Seats < 1 || opts.Seats > MaxSeats {
		return nil, fmt.Errorf("seatpad: %d seats, want 1 to %d", opts.Seats, MaxSeats)
	}
	if len(opts.Addrs) == 0 {
		opts.Addrs = []uint16{0x20, 0x21}
	}
	need := (opts.Seats + SeatsPerChip - 1) / SeatsPerChip
	if len(opts.Addrs) < need {
		return nil, fmt.Errorf("seatpad: %d seats need %d expanders, have addresses %#x", opts.Seats, need, opts.Addrs)
	}
	if opts.Debounce <= 0 {
		opts.Debounce = 20 * time.Millisecond
	}
	if opts.Interval <= 0 {
		opts.Interval = 10 * time.Millisecond
	}
	if opts.Clock == nil {
		opts.Clock = clock.System
	}
	d := &Dev{opts: opts, lit: -1}
	for i := 0; i < need; i++ {
		c, err := newChip(b, opts.Addrs[i], min(SeatsPerChip, opts.Seats-i*SeatsPerChip), opts)
		if err != nil {
			return nil, err
		}
		d.chips = append(d.chips, c)
	}
	d.start = opts.Clock.Now()
	return d, nil
}

func newChip(b i2c.Bus, addr uint16, seats int, opts Opts) (*chip, error) {
	m, err := mcp23xxx.NewI2C(b, mcp23xxx.MCP23017, addr)
	if err != nil {
		return nil, fmt.Errorf("seatpad: expander 0x%02X: %w", addr, err)
	}
	c := &chip{dev: m, seats: seats}
	for p := 0; p < 2; p++ {
		var in, out []int
		for s := p * 4; s < seats && s < p*4+4; s++ {
			_, bit := pinOf(s)
			in, out = append(in, bit), append(out, bit+4)
		}
		if len(in) == 0 {
			continue
		}
		for _, bit := range in {
			if err := m.Pins[p][bit].In(gpio.PullUp, gpio.NoEdge); err != nil {
				return nil, fmt.Errorf("seatpad: expander 0x%02X: %w", addr, err)
			}
		}
		c.buttons[p], c.leds[p] = *m.Group(p, in), *m.Group(p, out)
		if err := c.leds[p].Out(0, 0); err != nil {
			return nil, fmt.Errorf("seatpad: expander 0x%02X: %w", addr, err)
		}
	}
	for s := range c.level {
		c.level[s] = true
		c.db[s] = button.Debouncer{Period: opts.Debounce, LongPress: opts.LongPress}
	}
	return c, nil
}

// Poll reads every seat button once and returns the events that are
// complete. The returned slice is valid until the next call.
func (d *Dev) Poll() ([]Event, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	at := d.opts.Clock.Now().Sub(d.start)
	d.evs = d.evs[:0]
	var bevs []button.Event
	for ci, c := range d.chips {
		var vals [2]gpio.GPIOValue
		for p := 0; p < 2; p++ {
			if c.buttons[p] == nil {
				continue
			}
			v, err := c.buttons[p].Read(0)
			if err != nil {
				return nil, fmt.Errorf("seatpad: %s: %w", c.dev, err)
			}
			vals[p] = v
		}
		for s := 0; s < c.seats; s++ {
			p, bit := pinOf(s)
			high := vals[p]&(1<<bit) != 0
			bevs = bevs[:0]
			if high != c.level[s] {
				c.level[s] = high
				bevs = c.db[s].Edge(at, high, bevs)
			}
			bevs = c.db[s].Settle(at, bevs)
			for _, e := range bevs {
				d.evs = append(d.evs, Event{Seat: ci*SeatsPerChip + s, Kind: e.Kind, At: e.At, Held: e.Held})
			}
		}
	}
	return d.evs, nil
}

// Run polls every Opts.Interval until ctx is done or a poll fails, sending
// the events on out. Run closes out when it returns.
func (d *Dev) Run(ctx context.Context, out chan<- Event) error {
	defer close(out)
	tick := make(chan struct{}, 1)
	for {
		evs, err := d.Poll()
		if err != nil {
			return err
		}
		for _, e := range evs {
			select {
			case out <- e:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		stop := d.opts.Clock.AfterFunc(d.opts.Interval, func() { tick <- struct{}{} })
		select {
		case <-tick:
		case <-ctx.Done():
			stop()
			return ctx.Err()
		}
	}
}

// Light turns on the LED of seat (whose turn it is) and every other seat's
// off; -1 turns them all off.
func (d *Dev) Light(seat int) error {
	if seat < -1 || seat >= d.opts.Seats {
		return fmt.Errorf("%w: %d of %d", ErrSeat, seat, d.opts.Seats)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	var errs []error
	for ci, c := range d.chips {
		for p := 0; p < 2; p++ {
			if c.leds[p] == nil {
				continue
			}
			var v gpio.GPIOValue
			if s := seat - ci*SeatsPerChip; s >= 0 && s < SeatsPerChip && s/4 == p {
				v = 1 << (s % 4)
			}
			if err := c.leds[p].Out(v, 0); err != nil {
				errs = append(errs, fmt.Errorf("seatpad: %s: %w", c.dev, err))
			}
		}
	}
	d.lit = seat
	return errors.Join(errs...)
}

// Lit returns the seat whose LED is on, or -1.
func (d *Dev) Lit() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.lit
}

// Halt turns every seat LED off. It is safe to call more than once.
func (d *Dev) Halt() error { return d.Light(-1) }

func (d *Dev) String() string {
	s := fmt.Sprintf("seatpad{%d seats on", d.opts.Seats)
	for _, a := range d.opts.Addrs[:len(d.chips)] {
		s += fmt.Sprintf(" 0x%02X", a)
	}
	return s + "}"
}
