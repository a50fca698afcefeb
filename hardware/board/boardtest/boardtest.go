package boardtest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"syscall"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/physic"

	"github.com/unoref/unoref/drivers/button"
	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
	"github.com/unoref/unoref/drivers/mfrc522/mfrc522test"
	"github.com/unoref/unoref/drivers/oled/ssd1306test"
	"github.com/unoref/unoref/drivers/seatpad/mcp23017test"
	"github.com/unoref/unoref/hardware/board"
)

// Opts says which optional parts are fitted.
type Opts struct {
	Draw bool     // a draw-pad reader on CE1
	Pads []uint16 // the expanders fitted, e.g. 0x20, 0x21
}

// Board is the simulated parts. Tests tap cards on Play and Draw, press
// buttons with Press, and read the outputs from Lines.
type Board struct {
	Play, Draw *mfrc522test.Sim
	OLED       *ssd1306test.Sim
	Pads       *mcp23017test.Bus
	Clock      *gpiolinetest.Clock
	Edges      *gpiolinetest.Edges

	mu     sync.Mutex
	lines  map[int]*Line
	held   map[int]bool
	polls  map[string]chan struct{}
	done   chan struct{}
	closed sync.Once
	edgeAt time.Duration
	inputs []int
}

// New returns a board with the required parts and the optional parts o
// fits. o may be nil: the minimal build.
func New(o *Opts) *Board {
	if o == nil {
		o = &Opts{}
	}
	b := &Board{
		Play:  mfrc522test.New(nil),
		Draw:  mfrc522test.New(nil),
		OLED:  ssd1306test.New(nil),
		Pads:  mcp23017test.NewBus(o.Pads...),
		Clock: gpiolinetest.NewClock(time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)),
		Edges: gpiolinetest.NewEdges(),
		lines: map[int]*Line{},
		held:  map[int]bool{},
		polls: map[string]chan struct{}{"/dev/spidev0.0": make(chan struct{}, 1024), "/dev/spidev0.1": make(chan struct{}, 1024)},
		done:  make(chan struct{}),
	}
	if !o.Draw {
		b.Draw.Unplug()
	}
	return b
}

// Close lets the readers' polling loops run free, so that they see their
// context end. Call it before stopping what runs the board.
func (b *Board) Close() { b.closed.Do(func() { close(b.done) }) }

// Host is the board as board.Open opens it.
func (b *Board) Host() *board.Host {
	return &board.Host{
		OpenSPI: b.openSPI,
		OpenI2C: b.openI2C,
		Output:  b.output,
		Inputs:  b.requestInputs,
		Clock:   b.Clock,
	}
}

// longWait separates the reader driver's short waits (air time, answers)
// from its wait between polls.
const longWait = 4 * time.Millisecond

func (b *Board) openSPI(dev string) (*board.SPIPort, error) {
	sims := map[string]*mfrc522test.Sim{"/dev/spidev0.0": b.Play, "/dev/spidev0.1": b.Draw}
	s, ok := sims[dev]
	if !ok {
		return nil, fmt.Errorf("boardtest: no %s: %w", dev, syscall.ENOENT)
	}
	poll := b.polls[dev]
	sleep := func(d time.Duration) {
		s.Sleep(d)
		if d < longWait {
			return
		}
		select {
		case <-poll:
		case <-b.done:
		}
	}
	return &board.SPIPort{PortCloser: s, Now: s.Now, Sleep: sleep}, nil
}

// Poll lets the reader on dev ("/dev/spidev0.0") poll n more times: its
// driver waits between polls until a test allows the next one.
func (b *Board) Poll(dev string, n int) {
	for range n {
		b.polls[dev] <- struct{}{}
	}
}

func (b *Board) openI2C(name string) (i2c.BusCloser, error) {
	if name != "I2C1" {
		return nil, fmt.Errorf("boardtest: no bus %s: %w", name, syscall.ENOENT)
	}
	return &Mux{Buses: []i2c.Bus{b.OLED, b.Pads}}, nil
}

// Mux is one I²C bus with several simulators on it: a transaction goes to
// the first that acknowledges the address.
type Mux struct{ Buses []i2c.Bus }

// Tx implements i2c.Bus.
func (m *Mux) Tx(addr uint16, w, r []byte) error {
	for _, b := range m.Buses {
		e := b.Tx(addr, w, r)
		if errors.Is(e, ssd1306test.ErrNAK) || errors.Is(e, mcp23017test.ErrNoDevice) {
			continue
		}
		return e
	}
	return fmt.Errorf("i2c: tx to %#x: %w", addr, syscall.EREMOTEIO)
}

// SetSpeed implements i2c.Bus.
func (m *Mux) SetSpeed(physic.Frequency) error { return nil }
func (m *Mux) String() string                  { return "I2C1 (simulators)" }

// Close implements i2c.BusCloser.
func (m *Mux) Close() error { return nil }

// Line is a fake output line of gpiochip0.
type Line struct {
	*gpiolinetest.Output
	b      *Board
	offset int
}

// SetValue records v; on the readers' reset line it drives their NRSTPD.
func (l *Line) SetValue(v int) error {
	if err := l.Output.SetValue(v); err != nil {
		return err
	}
	if l.offset == ResetGPIO {
		l.b.Play.Reset().Out(gpio.Level(v == 1))
		l.b.Draw.Reset().Out(gpio.Level(v == 1))
	}
	return nil
}

// Close releases the line.
func (l *Line) Close() error {
	l.b.mu.Lock()
	defer l.b.mu.Unlock()
	l.b.held[l.offset] = false
	return nil
}

// ResetGPIO is nfc.rst of the reference pin map.
const ResetGPIO = 25

// request takes offset of chip, or fails as the kernel does.
func (b *Board) request(chip string, offset int) error {
	if chip != "gpiochip0" {
		return fmt.Errorf("boardtest: %s: %w", chip, syscall.ENOENT)
	}
	if b.held[offset] {
		return fmt.Errorf("boardtest: %s line %d: %w", chip, offset, syscall.EBUSY)
	}
	b.held[offset] = true
	return nil
}

func (b *Board) output(chip string, offset int, activeLow bool) (board.Output, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if err := b.request(chip, offset); err != nil {
		return nil, err
	}
	l := &Line{Output: &gpiolinetest.Output{Now: b.Clock.Now}, b: b, offset: offset}
	b.lines[offset] = l
	return l, l.Output.SetValue(0)
}

// Out is output line offset as requested, nil if never requested.
func (b *Board) Out(offset int) *gpiolinetest.Output {
	b.mu.Lock()
	defer b.mu.Unlock()
	if l := b.lines[offset]; l != nil {
		return l.Output
	}
	return nil
}

// inputs are the button lines: Edges, released on Close.
type inputs struct {
	*gpiolinetest.Edges
	b    *Board
	offs []int
	once sync.Once
}

func (in *inputs) Close() error {
	in.once.Do(func() {
		in.b.mu.Lock()
		defer in.b.mu.Unlock()
		for _, o := range in.offs {
			in.b.held[o] = false
		}
	})
	return nil
}

func (b *Board) requestInputs(chip string, offsets []int) (board.Inputs, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, o := range offsets {
		if b.held[o] {
			return nil, fmt.Errorf("boardtest: %s line %d: %w", chip, o, syscall.EBUSY)
		}
	}
	for _, o := range offsets {
		if err := b.request(chip, o); err != nil {
			return nil, err
		}
	}
	b.inputs = append([]int(nil), offsets...)
	return &inputs{Edges: b.Edges, b: b, offs: offsets}, nil
}

// Press presses and releases the button on line offset (a clean 50 ms
// press in the line's time) and returns once the debouncer has taken both
// edges; the clock then moves past the debounce time so the press counts.
// Pressing a line no button was requested on fails.
func (b *Board) Press(ctx context.Context, offset int) error {
	b.mu.Lock()
	known := false
	for _, o := range b.inputs {
		known = known || o == offset
	}
	b.edgeAt += 100 * time.Millisecond
	at := b.edgeAt
	b.mu.Unlock()
	if !known {
		return fmt.Errorf("boardtest: no button on line %d", offset)
	}
	sent := make(chan struct{})
	go func() {
		b.Edges.Send(button.Edge{Line: offset, At: at, High: false}, button.Edge{Line: offset, At: at + 50*time.Millisecond, High: true})
		close(sent)
	}()
	select {
	case <-sent:
	case <-ctx.Done():
		return ctx.Err()
	}
	b.Clock.Advance(100 * time.Millisecond)
	return nil
}

// Held lists the lines still requested.
func (b *Board) Held() []int {
	b.mu.Lock()
	defer b.mu.Unlock()
	var h []int
	for o, held := range b.held {
		if held {
			h = append(h, o)
		}
	}
	return h
}
