package button

import (
	"fmt"
	"time"
)

// Kind is what happened to a button.
type Kind int

// Event kinds.
const (
	Press Kind = iota + 1
	Release
	LongPress // still held LongPress after the press
)

func (k Kind) String() string {
	switch k {
	case Press:
		return "press"
	case Release:
		return "release"
	case LongPress:
		return "long-press"
	}
	return fmt.Sprintf("kind(%d)", int(k))
}

// Event is a debounced button event.
type Event struct {
	Button Name
	Kind   Kind
	// At is when the contact settled into the new state (the last edge of a
	// bounce burst), in the time base of the edges. For LongPress it is the
	// press time plus the long-press period.
	At time.Duration
	// Held is how long the button was down, for Release and LongPress.
	Held time.Duration
}

func (e Event) String() string {
	if e.Kind == Press {
		return fmt.Sprintf("%s %s at %v", e.Button, e.Kind, e.At)
	}
	return fmt.Sprintf("%s %s at %v held %v", e.Button, e.Kind, e.At, e.Held)
}

// Debouncer turns the raw edges of one contact into presses and releases.
// A level counts once it has held for Period; shorter pulses (contact bounce,
// noise) are ignored. It keeps no clock of its own: time comes only from the
// edges and from the now passed to Settle, so it works as well for kernel
// edge events as for a polled I²C expander.
//
// The zero value is usable with Period 0 (no debouncing); set the fields
// before the first edge.
type Debouncer struct {
	Period     time.Duration
	LongPress  time.Duration // 0: no LongPress events
	ActiveHigh bool          // pressed = high; default pressed = low

	init    bool
	stable  bool          // debounced state: pressed
	raw     bool          // last raw state: pressed
	since   time.Duration // when raw last changed
	pressAt time.Duration
	long    bool // LongPress already reported for this press
}

// Edge records a raw level change at time at and appends the events it
// completes to evs.
func (d *Debouncer) Edge(at time.Duration, high bool, evs []Event) []Event {
	pressed := high == d.ActiveHigh
	if !d.init {
		// Buttons start released: a first edge to the released level is a
		// bounce or a repeat and changes nothing.
		d.init, d.since = true, at-d.Period
	}
	evs = d.Settle(at, evs)
	if pressed == d.raw {
		// A repeated level: an edge was lost or merged; nothing changed.
		return evs
	}
	d.raw, d.since = pressed, at
	return evs
}

// Settle appends the events complete at now: a pending level that has held
// for Period, and a LongPress that is due.
func (d *Debouncer) Settle(now time.Duration, evs []Event) []Event {
	if !d.init {
		return evs
	}
	if d.raw != d.stable && now-d.since >= d.Period {
		if d.raw && !d.stable {
			d.stable, d.pressAt, d.long = true, d.since, false
			evs = append(evs, Event{Kind: Press, At: d.since})
		} else {
			d.evLong(d.since, &evs)
			d.stable = false
			evs = append(evs, Event{Kind: Release, At: d.since, Held: d.since - d.pressAt})
		}
	}
	if d.stable {
		held := now
		if !d.raw {
			held = d.since // released, not yet settled
		}
		d.evLong(held, &evs)
	}
	return evs
}

func (d *Debouncer) evLong(heldUntil time.Duration, evs *[]Event) {
	if d.LongPress > 0 && !d.long && heldUntil-d.pressAt >= d.LongPress {
		d.long = true
		*evs = append(*evs, Event{Kind: LongPress, At: d.pressAt + d.LongPress, Held: d.LongPress})
	}
}

// Deadline is the earliest time at which Settle would report an event, if
// one is pending.
func (d *Debouncer) Deadline() (time.Duration, bool) {
	if !d.init {
		return 0, false
	}
	if d.raw != d.stable {
		return d.since + d.Period, true
	}
	if d.stable && d.LongPress > 0 && !d.long {
		return d.pressAt + d.LongPress, true
	}
	return 0, false
}

// Pressed reports the debounced state.
func (d *Debouncer) Pressed() bool { return d.stable }
