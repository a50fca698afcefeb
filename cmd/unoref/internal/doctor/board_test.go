package doctor_test

import (
	"errors"
	"fmt"
	"io/fs"
	"sync"
	"syscall"
	"time"

	"github.com/warthog618/go-gpiocdev"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/physic"

	"github.com/unoref/unoref/cmd/unoref/internal/doctor"
	"github.com/unoref/unoref/drivers/mfrc522/mfrc522test"
	"github.com/unoref/unoref/drivers/oled/ssd1306test"
	"github.com/unoref/unoref/drivers/seatpad/mcp23017test"
)

// board is a virtual reference build: two RC522 simulators on SPI0, an
// SSD1306 and two MCP23017 simulators on I2C1, and fake GPIO lines whose
// RST line drives the readers' NRSTPD. Tests break parts of it.
type board struct {
	play, draw *mfrc522test.Sim
	oled       *ssd1306test.Sim
	pads       *mcp23017test.Bus
	lines      *fakeLines
	missing    map[string]bool // device files that do not exist

	mu    sync.Mutex
	slept time.Duration
}

// rstGPIO is nfc.rst of the reference pin map.
const rstGPIO = 25

func newBoard() *board {
	return newBoardWith(nil, nil, nil)
}

func newBoardWith(play *mfrc522test.Opts, oled *ssd1306test.Opts, pads []uint16) *board {
	if pads == nil {
		pads = []uint16{0x20, 0x21}
	}
	b := &board{
		play:    mfrc522test.New(play),
		draw:    mfrc522test.New(nil),
		oled:    ssd1306test.New(oled),
		pads:    mcp23017test.NewBus(pads...),
		missing: map[string]bool{},
	}
	b.lines = newFakeLines()
	b.lines.onSet[rstGPIO] = func(v int) {
		b.play.Reset().Out(gpio.Level(v == 1))
		b.draw.Reset().Out(gpio.Level(v == 1))
	}
	return b
}

func (b *board) env() *doctor.Env {
	return &doctor.Env{
		Stat: func(path string) error {
			if b.missing[path] {
				return &fs.PathError{Op: "stat", Path: path, Err: fs.ErrNotExist}
			}
			return nil
		},
		OpenSPI: func(dev string) (*doctor.SPIPort, error) {
			var s *mfrc522test.Sim
			switch dev {
			case "/dev/spidev0.0":
				s = b.play
			case "/dev/spidev0.1":
				s = b.draw
			default:
				return nil, fmt.Errorf("no %s", dev)
			}
			return &doctor.SPIPort{PortCloser: s, Now: s.Now, Sleep: s.Sleep}, nil
		},
		OpenI2C: func(name string) (i2c.BusCloser, error) {
			if name != "I2C1" {
				return nil, fmt.Errorf("no bus %s", name)
			}
			return &muxBus{buses: []i2c.Bus{b.oled, b.pads}}, nil
		},
		Lines: b.lines,
		Sleep: func(d time.Duration) {
			b.mu.Lock()
			b.slept += d
			b.mu.Unlock()
		},
	}
}

// muxBus is one I²C bus with several simulators on it: a transaction goes
// to the first that acknowledges the address.
type muxBus struct{ buses []i2c.Bus }

func (m *muxBus) Tx(addr uint16, w, r []byte) error {
	err := fmt.Errorf("i2c: tx to %#x: %w", addr, syscall.EREMOTEIO)
	for _, b := range m.buses {
		e := b.Tx(addr, w, r)
		if errors.Is(e, ssd1306test.ErrNAK) || errors.Is(e, mcp23017test.ErrNoDevice) {
			continue
		}
		return e
	}
	return err
}

func (m *muxBus) SetSpeed(physic.Frequency) error { return nil }
func (m *muxBus) String() string                  { return "I2C1 (simulators)" }
func (m *muxBus) Close() error                    { return nil }

// fakeLines is a gpiochip: lines are free unless busy or already requested,
// inputs read their level (default 1, pulled up).
type fakeLines struct {
	mu      sync.Mutex
	chipErr error
	busy    map[int]bool
	level   map[int]int
	held    map[int]bool
	outs    map[int]*fakeOut
	onSet   map[int]func(int)
	pullUps map[int]bool
}

func newFakeLines() *fakeLines {
	return &fakeLines{busy: map[int]bool{}, level: map[int]int{}, held: map[int]bool{}, outs: map[int]*fakeOut{}, onSet: map[int]func(int){}, pullUps: map[int]bool{}}
}

func (f *fakeLines) Chip(name string) error { return f.chipErr }

func (f *fakeLines) request(chip string, offset int) error {
	if chip != "gpiochip0" {
		return fmt.Errorf("fake: %s: %w", chip, gpiocdev.ErrNotFound)
	}
	if f.busy[offset] || f.held[offset] {
		// What gpiocdev returns: the kernel's EBUSY.
		return fmt.Errorf("gpioline: %s line %d: %w", chip, offset, syscall.EBUSY)
	}
	f.held[offset] = true
	return nil
}

func (f *fakeLines) Output(chip string, offset int, activeLow bool) (doctor.Output, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.request(chip, offset); err != nil {
		return nil, err
	}
	o := &fakeOut{f: f, offset: offset}
	f.outs[offset] = o
	o.set(0)
	return o, nil
}

func (f *fakeLines) Input(chip string, offset int, pullUp bool) (doctor.Input, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.request(chip, offset); err != nil {
		return nil, err
	}
	f.pullUps[offset] = pullUp
	return &fakeIn{f: f, offset: offset}, nil
}

// open returns the lines still requested.
func (f *fakeLines) open() []int {
	f.mu.Lock()
	defer f.mu.Unlock()
	var o []int
	for off, h := range f.held {
		if h {
			o = append(o, off)
		}
	}
	return o
}

func (f *fakeLines) values(offset int) []int {
	f.mu.Lock()
	defer f.mu.Unlock()
	if o := f.outs[offset]; o != nil {
		return append([]int(nil), o.values...)
	}
	return nil
}

type fakeOut struct {
	f      *fakeLines
	offset int
	values []int
	closed bool
}

// set is SetValue with f.mu held.
func (o *fakeOut) set(v int) {
	o.values = append(o.values, v)
	if fn := o.f.onSet[o.offset]; fn != nil {
		fn(v)
	}
}

func (o *fakeOut) SetValue(v int) error {
	o.f.mu.Lock()
	defer o.f.mu.Unlock()
	if o.closed {
		return gpiocdev.ErrClosed
	}
	o.set(v)
	return nil
}

func (o *fakeOut) Close() error {
	o.f.mu.Lock()
	defer o.f.mu.Unlock()
	o.closed = true
	o.f.held[o.offset] = false
	return nil
}

type fakeIn struct {
	f      *fakeLines
	offset int
	closed bool
}

func (i *fakeIn) Value() (int, error) {
	i.f.mu.Lock()
	defer i.f.mu.Unlock()
	if i.closed {
		return 0, gpiocdev.ErrClosed
	}
	v, ok := i.f.level[i.offset]
	if !ok && i.f.pullUps[i.offset] {
		v = 1
	}
	return v, nil
}

func (i *fakeIn) Close() error {
	i.f.mu.Lock()
	defer i.f.mu.Unlock()
	i.closed = true
	i.f.held[i.offset] = false
	return nil
}
