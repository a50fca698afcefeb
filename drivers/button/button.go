package button

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/unoref/unoref/drivers/clock"
)

// Name identifies a button of the referee's panel.
type Name int

// The panel buttons.
const (
	UNO Name = iota
	Draw
	Pass // PASS / OK
	Challenge
	Red
	Yellow
	Green
	Blue
)

var names = [...]string{"uno", "draw", "pass", "challenge", "red", "yellow", "green", "blue"}

func (n Name) String() string {
	if n >= 0 && int(n) < len(names) {
		return names[n]
	}
	return fmt.Sprintf("button(%d)", int(n))
}

// Edge is one raw level change of an input, as reported by the kernel
// (gpiocdev edge events) or by a polled expander.
type Edge struct {
	Line int           // line offset on the chip, or pin number on an expander
	At   time.Duration // timestamp from the edge source, not the wall clock
	High bool          // level after the edge
}

// Source delivers edges one at a time. Next blocks until an edge arrives or
// ctx is done, then returns ctx.Err().
type Source interface {
	Next(ctx context.Context) (Edge, error)
}

// ErrUnknownLine is returned by Feed for an edge on a line that is not a
// button of this Dev.
var ErrUnknownLine = errors.New("button: unknown line")

// Opts configures a Dev.
type Opts struct {
	// Debounce is the time a level must hold to count. Default 20ms.
	Debounce time.Duration
	// LongPress, when non-zero, reports a LongPress event for a button held
	// that long. Default 0: off.
	LongPress time.Duration
	// ActiveHigh means a pressed button drives the line high. The default
	// (false) is a button to ground with a pull-up: pressed reads low.
	ActiveHigh bool
	// Clock times the settle of the last edge in Run. Default: the system clock.
	Clock clock.Clock
}

// Dev debounces a set of buttons and turns their edges into events.
type Dev struct {
	clock clock.Clock

	mu    sync.Mutex
	lines map[int]*entry
	order []int // lines in ascending order, for deterministic event order
	now   time.Duration
	buf   []Event
}

type entry struct {
	name Name
	db   Debouncer
}

// New returns a Dev for buttons wired to the given lines (line offset →
// button). Nothing is opened; edges come from a Source or from Feed.
func New(lines map[int]Name, o *Opts) (*Dev, error) {
	opts := Opts{}
	if o != nil {
		opts = *o
	}
	if opts.Debounce < 0 || opts.LongPress < 0 {
		return nil, errors.New("button: negative Debounce or LongPress")
	}
	if opts.Debounce == 0 {
		opts.Debounce = 20 * time.Millisecond
	}
	if opts.LongPress != 0 && opts.LongPress <= opts.Debounce {
		return nil, fmt.Errorf("button: LongPress %v must exceed Debounce %v", opts.LongPress, opts.Debounce)
	}
	if opts.Clock == nil {
		opts.Clock = clock.System
	}
	if len(lines) == 0 {
		return nil, errors.New("button: no lines")
	}
	d := &Dev{clock: opts.Clock, lines: map[int]*entry{}}
	for l, n := range lines {
		d.lines[l] = &entry{name: n, db: Debouncer{Period: opts.Debounce, LongPress: opts.LongPress, ActiveHigh: opts.ActiveHigh}}
		d.order = append(d.order, l)
	}
	sort.Ints(d.order)
	return d, nil
}

// Feed processes one edge and returns the events it completes. The returned
// slice is only valid until the next call.
func (d *Dev) Feed(e Edge) ([]Event, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	en, ok := d.lines[e.Line]
	if !ok {
		return nil, fmt.Errorf("%w %d", ErrUnknownLine, e.Line)
	}
	// Other buttons may have settled before this edge.
	d.buf = d.settle(e.At, d.buf[:0])
	n := len(d.buf)
	d.buf = en.db.Edge(e.At, e.High, d.buf)
	for i := n; i < len(d.buf); i++ {
		d.buf[i].Button = en.name
	}
	if e.At > d.now {
		d.now = e.At
	}
	return d.buf, nil
}

// Settle reports the events that are complete at now (same time base as the
// edges) because no edge came for a debounce period.
func (d *Dev) Settle(now time.Duration) []Event {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.buf = d.settle(now, d.buf[:0])
	if now > d.now {
		d.now = now
	}
	return d.buf
}

func (d *Dev) settle(now time.Duration, evs []Event) []Event {
	for _, l := range d.order {
		en := d.lines[l]
		n := len(evs)
		evs = en.db.Settle(now, evs)
		for i := n; i < len(evs); i++ {
			evs[i].Button = en.name
		}
	}
	return evs
}

// Deadline is the earliest time at which Settle would report an event.
func (d *Dev) Deadline() (time.Duration, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	var min time.Duration
	found := false
	for _, en := range d.lines {
		if t, ok := en.db.Deadline(); ok && (!found || t < min) {
			min, found = t, true
		}
	}
	return min, found
}

// Run feeds edges from src until ctx is done or src fails, and sends the
// events on out. When a button is waiting to settle it arms a timer on the
// Clock so a press is reported even if no further edge comes. Run closes out
// when it returns.
func (d *Dev) Run(ctx context.Context, src Source, out chan<- Event) error {
	defer close(out)
	for {
		wctx, cancel := ctx, context.CancelFunc(func() {})
		stop := func() bool { return false }
		deadline, wait := d.Deadline()
		if wait {
			d.mu.Lock()
			in := deadline - d.now
			d.mu.Unlock()
			wctx, cancel = context.WithCancel(ctx)
			stop = d.clock.AfterFunc(in, cancel)
		}
		e, err := src.Next(wctx)
		stop()
		cancel()
		var evs []Event
		switch {
		case err == nil:
			if evs, err = d.Feed(e); err != nil {
				return err
			}
		case ctx.Err() != nil:
			return ctx.Err()
		case wait && wctx.Err() != nil:
			evs = d.Settle(deadline)
		default:
			return fmt.Errorf("button: %w", err)
		}
		for _, ev := range evs {
			select {
			case out <- ev:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
	}
}

// String describes the buttons and their lines.
func (d *Dev) String() string {
	parts := make([]string, 0, len(d.order))
	for _, l := range d.order {
		parts = append(parts, fmt.Sprintf("%s@%d", d.lines[l].name, l))
	}
	return "button{" + strings.Join(parts, " ") + "}"
}
