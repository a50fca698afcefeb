package pattern

import (
	"sync"
	"time"

	"github.com/unoref/unoref/drivers/clock"
)

// Level is the line value that switches an output on (on) or off: 1 and 0,
// or 0 and 1 for a stage that is on while its line is low (activeLow).
func Level(on, activeLow bool) int {
	if on != activeLow {
		return 1
	}
	return 0
}

// Step is the action at the start of step i of a sequence of n durations;
// it is called once more with i == n when the last duration has elapsed.
type Step func(i int) error

// Player plays one sequence at a time. Play, Cancel and Playing must be
// called with the owner's lock held (the one given to New); the later
// steps and Err take that lock themselves.
type Player struct {
	mu      sync.Locker
	clock   clock.Clock
	stop    func() bool // the pending step's timer
	gen     int         // sequence generation: a stale timer does nothing
	playing bool
	async   error // first error of a step run by a timer
}

// New returns a Player whose steps run under mu, timed by clock (System
// if nil).
func New(mu sync.Locker, clk clock.Clock) *Player {
	if clk == nil {
		clk = clock.System
	}
	return &Player{mu: mu, clock: clk}
}

// Play cancels the sequence in progress and starts durs: step(0) now, then
// step(i) once durs[i-1] has elapsed after step(i-1). An error from step(0)
// is returned and ends the sequence; a later one ends it too and is kept
// for Err.
func (p *Player) Play(durs []time.Duration, step Step) error {
	p.Cancel()
	p.playing = true
	return p.run(durs, step, 0, p.gen)
}

// run starts step i of the sequence of generation gen.
func (p *Player) run(durs []time.Duration, step Step, i, gen int) error {
	if err := step(i); err != nil || i == len(durs) {
		p.playing, p.stop = false, nil
		return err
	}
	p.stop = p.clock.AfterFunc(durs[i], func() { p.fire(durs, step, i+1, gen) })
	return nil
}

// fire runs step i from its timer, unless the sequence was cancelled.
func (p *Player) fire(durs []time.Duration, step Step, i, gen int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.gen != gen {
		return // pre-empted or cancelled
	}
	if err := p.run(durs, step, i, gen); err != nil && p.async == nil {
		p.async = err
	}
}

// Cancel stops the sequence in progress; its remaining steps, the end
// included, never run.
func (p *Player) Cancel() {
	p.gen++
	p.playing = false
	if p.stop != nil {
		p.stop()
		p.stop = nil
	}
}

// Playing reports whether a sequence is in progress.
func (p *Player) Playing() bool { return p.playing }

// Err returns the first error of a step run by a timer.
func (p *Player) Err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.async
}
