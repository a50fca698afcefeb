package boardtest

import (
	"context"
	"fmt"
	"sync"
	"syscall"
	"time"

	"github.com/warthog618/go-gpiocdev"
	"periph.io/x/conn/v3/gpio"

	"github.com/unoref/unoref/drivers/button"
	"github.com/unoref/unoref/drivers/gpioline"
	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
	"github.com/unoref/unoref/hardware/board"
)

// This file is the simulated gpiochip0: lines are free unless made busy
// or already requested (then a request fails with EBUSY, as the kernel's
// does); outputs record what they were set to; an input reads the level
// set with SetLevel, else 1 with its pull-up and 0 without; the button
// lines requested as Inputs get edges from Press.

// SetChipErr makes the gpiochip fail to open with err
// (gpiocdev.ErrNotFound, gpiocdev.ErrPermissionDenied).
func (s *Sim) SetChipErr(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.chipErr = err
}

// SetBusy makes line offset held by another program.
func (s *Sim) SetBusy(offset int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.busy[offset] = true
}

// SetLevel sets what input offset reads: 0 for a button stuck low.
func (s *Sim) SetLevel(offset, v int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.level[offset] = v
}

// Cut makes output line offset dead: setting it fails with EIO, as a
// line whose driver or chip is gone does.
func (s *Sim) Cut(offset int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cut[offset] = true
}

// PressFor makes input offset read 0 for its next reads reads, then what
// it read before: a person pressing the button on that line and letting go.
func (s *Sim) PressFor(offset, reads int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.press[offset] = reads
}

func (s *Sim) chip(name string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.chipErr != nil {
		return s.chipErr
	}
	return s.exists("/dev/" + name)
}

// request takes offset of chip, or fails as the kernel does. s.mu is held.
func (s *Sim) request(chip string, offset int) error {
	if chip != Chip {
		return fmt.Errorf("boardtest: %s: %w", chip, gpiocdev.ErrNotFound)
	}
	if s.busy[offset] || s.held[offset] {
		return fmt.Errorf("boardtest: %s line %d: %w", chip, offset, syscall.EBUSY)
	}
	s.held[offset] = true
	return nil
}

// release gives offset back. s.mu is held.
func (s *Sim) release(offset int) { s.held[offset] = false }

// line is a requested output line.
type line struct {
	*gpiolinetest.Line
	s      *Sim
	offset int
	closed bool
}

func (s *Sim) output(chip string, offset int, activeLow bool) (gpioline.OutputCloser, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.request(chip, offset); err != nil {
		return nil, err
	}
	l := &line{Line: &gpiolinetest.Line{Now: s.Clock.Now}, s: s, offset: offset}
	if s.realTime {
		// The virtual table's board runs as long as the daemon: its lines
		// keep their last writes, not every one (Values is for tests).
		l.Line.Keep = keepWrites
	}
	s.outs[offset] = l
	return l, l.set(0)
}

// SetValue records v; on the readers' reset line it drives their NRSTPD.
func (l *line) SetValue(v int) error {
	l.s.mu.Lock()
	defer l.s.mu.Unlock()
	if l.closed {
		return gpiocdev.ErrClosed
	}
	return l.set(v)
}

// set is SetValue with s.mu held.
func (l *line) set(v int) error {
	if l.s.cut[l.offset] {
		return fmt.Errorf("boardtest: %s line %d: %w", Chip, l.offset, syscall.EIO)
	}
	if err := l.Line.SetValue(v); err != nil {
		return err
	}
	if l.offset == ResetGPIO {
		l.s.reset(v)
	}
	return nil
}

// Close releases the line.
func (l *line) Close() error {
	l.s.mu.Lock()
	defer l.s.mu.Unlock()
	if !l.closed {
		l.closed = true
		l.s.release(l.offset)
	}
	return nil
}

// Out is output line offset as last requested, nil if never requested.
func (s *Sim) Out(offset int) *gpiolinetest.Line {
	s.mu.Lock()
	defer s.mu.Unlock()
	if l := s.outs[offset]; l != nil {
		return l.Line
	}
	return nil
}

// keepWrites is how many writes an output line of a real-time board
// keeps, at least: the virtual table reads only the last (Value), and
// every Change kept is 32 bytes of the daemon's heap for as long as it
// runs (issue 21: 256 of them on each of its lines were 180 KB).
const keepWrites = 16

// Values is every value output offset was set to, the inactive one at its
// request first; nil if it was never requested as an output. A real-time
// board keeps only the last writes of each line (keepWrites).
func (s *Sim) Values(offset int) []int {
	o := s.Out(offset)
	if o == nil {
		return nil
	}
	var v []int
	for _, c := range o.Changes() {
		v = append(v, c.Value)
	}
	return v
}

// input is a line requested as an input read by level.
type input struct {
	s      *Sim
	offset int
	closed bool
}

func (s *Sim) input(chip string, offset int, pullUp bool) (board.Input, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.request(chip, offset); err != nil {
		return nil, err
	}
	s.pullUps[offset] = pullUp
	return &input{s: s, offset: offset}, nil
}

// Value implements board.Input.
func (in *input) Value() (int, error) {
	s := in.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if in.closed {
		return 0, gpiocdev.ErrClosed
	}
	if s.press[in.offset] > 0 {
		s.press[in.offset]--
		return 0, nil
	}
	v, ok := s.level[in.offset]
	if !ok && s.pullUps[in.offset] {
		v = 1
	}
	return v, nil
}

// Close implements board.Input.
func (in *input) Close() error {
	in.s.mu.Lock()
	defer in.s.mu.Unlock()
	if !in.closed {
		in.closed = true
		in.s.release(in.offset)
	}
	return nil
}

// buttonLines are the lines requested as Inputs: edges from Press,
// released on Close.
type buttonLines struct {
	*gpiolinetest.Edges
	s    *Sim
	offs []int
	once sync.Once
}

func (b *buttonLines) Close() error {
	b.once.Do(func() {
		b.s.mu.Lock()
		defer b.s.mu.Unlock()
		for _, o := range b.offs {
			b.s.release(o)
		}
	})
	return nil
}

func (s *Sim) inputs(chip string, offsets []int) (board.Inputs, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, o := range offsets {
		if err := s.request(chip, o); err != nil {
			for _, p := range offsets[:i] {
				s.release(p)
			}
			return nil, err
		}
	}
	s.buttons = append([]int(nil), offsets...)
	return &buttonLines{Edges: s.edges, s: s, offs: offsets}, nil
}

// Press presses and releases the button on line offset (a clean 50 ms
// press in the lines' time base) and returns once the debouncer has taken
// both edges: the press is reported then. Pressing a line no button was
// requested on fails.
func (s *Sim) Press(ctx context.Context, offset int) error {
	return s.Hold(ctx, offset, 50*time.Millisecond)
}

// Hold presses the button on line offset for d (in the lines' time base),
// then lets go, as Press does: held past board.LongPress, it is a long
// press.
func (s *Sim) Hold(ctx context.Context, offset int, d time.Duration) error {
	s.mu.Lock()
	known := false
	for _, o := range s.buttons {
		known = known || o == offset
	}
	s.edgeAt += 100*time.Millisecond + d
	at := s.edgeAt
	s.mu.Unlock()
	if !known {
		return fmt.Errorf("boardtest: no button on line %d", offset)
	}
	sent := make(chan struct{})
	// Send blocks until the debouncer has taken both edges; it would block
	// for good if the debouncer stopped meanwhile, so it has its own
	// goroutine.
	go func() {
		s.edges.Send(button.Edge{Line: offset, At: at, High: false}, button.Edge{Line: offset, At: at + d, High: true})
		close(sent)
	}()
	select {
	case <-sent:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Held lists the lines still requested.
func (s *Sim) Held() []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	var h []int
	for o, held := range s.held {
		if held {
			h = append(h, o)
		}
	}
	return h
}

// edge is the play-pad reader's IRQ output, requested on line offset
// (nfc.irq): the driver waits on it.
func (s *Sim) edge(chip string, offset int) (board.Edge, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.request(chip, offset); err != nil {
		return nil, err
	}
	return &irqLine{PinIn: s.Play.IRQ(), s: s, offset: offset}, nil
}

// irqLine is the IRQ pin as a requested line: the driver sets its pull and
// edge (gpio.PinIn's In), closing gives the line back.
type irqLine struct {
	gpio.PinIn
	s      *Sim
	offset int
}

func (l *irqLine) Close() error {
	l.s.mu.Lock()
	defer l.s.mu.Unlock()
	l.s.release(l.offset)
	return nil
}
