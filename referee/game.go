package referee

// PLACEHOLDER written by the lead so dependent packages compile; the engine
// helper replaces this whole file.

import "github.com/unoref/unoref/referee/tablelog"

// Game is one table's referee.
type Game struct{ st State }

// New returns a referee with no players seated.
func New() *Game { return &Game{st: State{Phase: PhaseSetup, Direction: "cw"}} }

// Apply rules on one event.
func (g *Game) Apply(ev tablelog.Event) Verdict {
	return Verdict{Code: ErrWrongPhase, Message: "The referee is not built yet."}
}

// State is what the table observes now.
func (g *Game) State() State { return g.st }
