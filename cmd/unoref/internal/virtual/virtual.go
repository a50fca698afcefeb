package virtual

import (
	"fmt"

	"github.com/unoref/unoref/drivers/clock"
	"github.com/unoref/unoref/hardware"
	"github.com/unoref/unoref/hardware/board"
	"github.com/unoref/unoref/hardware/board/boardtest"
)

// Opts configures Open.
type Opts struct {
	// Clock is the devices' time (LEDs, buzzer, button debouncing), which
	// the table takes as its own. Default: the system clock. Tests pass a
	// fake one.
	Clock clock.Clock
}

// Rig is the virtual table's hardware: the reference build with every
// optional part fitted, on the simulated board (Sim), opened by
// hardware/board as on a Pi (Board); and the person who plays it from the
// page.
type Rig struct {
	*board.Board
	Sim    *boardtest.Sim
	Map    *hardware.PinMap
	Person *Person
}

// Open opens the virtual table's board. Its readers poll in real time (a
// tap is read at once), its seat pads when a seat is pressed.
func Open(o *Opts) (*Rig, error) {
	var opts Opts
	if o != nil {
		opts = *o
	}
	if opts.Clock == nil {
		opts.Clock = clock.System
	}
	sim := boardtest.New(&boardtest.Opts{Draw: true, Pads: []uint16{0x20, 0x21}, Clock: opts.Clock, RealTime: true})
	pm := hardware.Full()
	b, err := board.Open(pm, sim.Host())
	if err != nil {
		return nil, fmt.Errorf("virtual: %w", err)
	}
	// Every optional part is fitted and found: a family trying the table
	// has nothing to be told of them (Parts lists the optional parts for
	// a build that may lack some).
	b.Parts = nil
	return &Rig{Board: b, Sim: sim, Map: pm, Person: newPerson(sim, pm)}, nil
}
