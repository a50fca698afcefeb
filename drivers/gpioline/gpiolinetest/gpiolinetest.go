package gpiolinetest

import (
	"context"
	"fmt"
	"io"
	"sort"
	"sync"
	"time"

	"github.com/unoref/unoref/drivers/button"
)

// Epoch is the start time of a FakeClock made with a zero time.
var Epoch = time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)

// FakeClock is a fake clock.Clock: time moves only when Advance is called,
// and timers set with AfterFunc fire inside Advance, in deadline order,
// with Now set to their deadline.
type FakeClock struct {
	mu     sync.Mutex
	cond   *sync.Cond
	now    time.Time
	seq    int
	timers []*timer
	armed  int
}

type timer struct {
	at  time.Time
	seq int
	f   func()
}

// NewClock returns a FakeClock at start (Epoch if start is zero).
func NewClock(start time.Time) *FakeClock {
	if start.IsZero() {
		start = Epoch
	}
	c := &FakeClock{now: start}
	c.cond = sync.NewCond(&c.mu)
	return c
}

// Now returns the fake time.
func (c *FakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Since returns the fake time elapsed since t.
func (c *FakeClock) Since(t time.Time) time.Duration { return c.Now().Sub(t) }

// AfterFunc schedules f to run d after the current fake time.
func (c *FakeClock) AfterFunc(d time.Duration, f func()) (stop func() bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seq++
	t := &timer{at: c.now.Add(d), seq: c.seq, f: f}
	c.timers = append(c.timers, t)
	c.armed++
	c.cond.Broadcast()
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		for i, p := range c.timers {
			if p == t {
				c.timers = append(c.timers[:i], c.timers[i+1:]...)
				c.cond.Broadcast()
				return true
			}
		}
		return false
	}
}

// Sleep advances the clock by d, like a sleep that costs no real time.
func (c *FakeClock) Sleep(d time.Duration) { c.Advance(d) }

// Advance moves the clock forward by d, firing every timer that falls due on
// the way (including timers set by the callbacks themselves).
func (c *FakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	end := c.now.Add(d)
	for {
		sort.Slice(c.timers, func(i, j int) bool {
			if !c.timers[i].at.Equal(c.timers[j].at) {
				return c.timers[i].at.Before(c.timers[j].at)
			}
			return c.timers[i].seq < c.timers[j].seq
		})
		if len(c.timers) == 0 || c.timers[0].at.After(end) {
			break
		}
		t := c.timers[0]
		c.timers = c.timers[1:]
		if t.at.After(c.now) {
			c.now = t.at
		}
		c.cond.Broadcast()
		c.mu.Unlock()
		t.f()
		c.mu.Lock()
	}
	c.now = end
	c.mu.Unlock()
}

// Pending returns the number of timers not yet fired or stopped.
func (c *FakeClock) Pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.timers)
}

// BlockUntil waits until at least n timers are pending: a goroutine under
// test has reached the point where it waits on the clock.
func (c *FakeClock) BlockUntil(n int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for len(c.timers) < n {
		c.cond.Wait()
	}
}

// Change is one value written to a Line.
type Change struct {
	At    time.Time
	Value int
}

func (c Change) String() string { return fmt.Sprintf("%d@%s", c.Value, c.At.Format("15:04:05.000")) }

// Line is a fake output line (a *gpiocdev.Line stand-in) that records
// every value written, stamped with Now (zero time when Now is nil).
type Line struct {
	Now func() time.Time
	Err error // returned by SetValue, which then records nothing
	// Keep, when above 0, keeps only the last writes (Keep to 2×Keep of
	// them): a simulator that runs for days, as the virtual table's
	// board does, must not hold every blink of every LED. 0 keeps every
	// write, for a test to read back.
	Keep int

	mu      sync.Mutex
	changes []Change
}

// SetValue records v.
func (o *Line) SetValue(v int) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.Err != nil {
		return o.Err
	}
	var at time.Time
	if o.Now != nil {
		at = o.Now()
	}
	if o.Keep > 0 && len(o.changes) >= 2*o.Keep {
		o.changes = o.changes[:copy(o.changes, o.changes[len(o.changes)-o.Keep:])]
	}
	o.changes = append(o.changes, Change{At: at, Value: v})
	return nil
}

// Value is the last value written (0 if none).
func (o *Line) Value() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.changes) == 0 {
		return 0
	}
	return o.changes[len(o.changes)-1].Value
}

// Changes returns a copy of every value written, in order.
func (o *Line) Changes() []Change {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]Change(nil), o.changes...)
}

// Transitions returns the writes that changed the value (starting from 0),
// which is what an LED or buzzer on the line shows.
func (o *Line) Transitions() []Change {
	var out []Change
	last := 0
	for _, c := range o.Changes() {
		if c.Value != last {
			out = append(out, c)
			last = c.Value
		}
	}
	return out
}

// Reset forgets the recorded writes.
func (o *Line) Reset() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.changes = nil
}

// Edges is a fake, synchronous edge source (a button.Source). Send hands an
// edge to the consumer's Next and returns only once the consumer has
// processed it and called Next again, so a test knows exactly what the
// consumer has seen, with no sleeps.
type Edges struct {
	ch     chan button.Edge
	back   chan struct{}
	handed bool // consumer side only
}

// NewEdges returns an empty source.
func NewEdges() *Edges {
	return &Edges{ch: make(chan button.Edge), back: make(chan struct{})}
}

// Next implements button.Source. It returns io.EOF after Close.
func (s *Edges) Next(ctx context.Context) (button.Edge, error) {
	if s.handed {
		s.handed = false
		s.back <- struct{}{}
	}
	select {
	case e, ok := <-s.ch:
		if !ok {
			return button.Edge{}, io.EOF
		}
		s.handed = true
		return e, nil
	case <-ctx.Done():
		return button.Edge{}, ctx.Err()
	}
}

// Send delivers edges one by one, each after the consumer finished the
// previous one. It blocks for good if the consumer stops calling Next (for
// example after its context is cancelled), so cancel only after Send returns.
func (s *Edges) Send(edges ...button.Edge) {
	for _, e := range edges {
		s.ch <- e
		<-s.back
	}
}

// Close ends the source: the consumer's Next returns io.EOF.
func (s *Edges) Close() { close(s.ch) }
