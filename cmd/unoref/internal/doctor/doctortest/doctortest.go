package doctortest

import (
	"context"
	"fmt"
	"io/fs"
	"sync"
	"syscall"
	"testing/fstest"
	"time"

	"github.com/warthog618/go-gpiocdev"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"

	"github.com/unoref/unoref/cmd/unoref/internal/doctor"
	"github.com/unoref/unoref/drivers/mfrc522/mfrc522test"
	"github.com/unoref/unoref/drivers/oled/ssd1306test"
	"github.com/unoref/unoref/drivers/seatpad/mcp23017test"
	"github.com/unoref/unoref/hardware/board/boardtest"
)

// Board is a virtual reference build: two RC522 simulators on SPI0, an
// SSD1306 and two MCP23017 simulators on I2C1, and a fake gpiochip whose
// RST line (GPIO 25) drives the readers' NRSTPD. Tests break parts of it
// before doctor.Run.
type Board struct {
	Play, Draw *mfrc522test.Sim
	OLED       *ssd1306test.Sim
	Pads       *mcp23017test.Bus
	Lines      *Lines
	// Missing lists device files that do not exist ("/dev/spidev0.0").
	Missing map[string]bool
	// Root is the machine's files: a Raspberry Pi 4's device-tree model
	// and boot command lines without a serial console.
	Root fstest.MapFS
	// MaxSPI, per spidev, is the fastest SPI clock its wires carry: above
	// it every byte reads 0x00, as a long or loose MISO wire does.
	MaxSPI map[string]physic.Frequency
	// Speaker is the Env's speaker check; nil: no speaker is checked.
	Speaker func(ctx context.Context, lang string) error

	mu    sync.Mutex
	slept time.Duration
}

// RSTGPIO is nfc.rst of the reference pin map.
const RSTGPIO = 25

// Opts configures a Board; nil fields mean a healthy default part.
type Opts struct {
	Play *mfrc522test.Opts // the play-pad reader
	OLED *ssd1306test.Opts
	Pads []uint16 // addresses of the expanders present; default 0x20, 0x21
}

// New returns a healthy board. o may be nil.
func New(o *Opts) *Board {
	if o == nil {
		o = &Opts{}
	}
	pads := o.Pads
	if pads == nil {
		pads = []uint16{0x20, 0x21}
	}
	b := &Board{
		Play:    mfrc522test.New(o.Play),
		Draw:    mfrc522test.New(nil),
		OLED:    ssd1306test.New(o.OLED),
		Pads:    mcp23017test.NewBus(pads...),
		Missing: map[string]bool{},
		Root: fstest.MapFS{
			"proc/device-tree/model":    {Data: []byte("Raspberry Pi 4 Model B Rev 1.4\x00")},
			"boot/firmware/cmdline.txt": {Data: []byte("console=tty1 root=PARTUUID=6c586e13-02 rootfstype=ext4 fsck.repair=yes rootwait\n")},
			"proc/cmdline":              {Data: []byte("coherent_pool=1M 8250.nr_uarts=0 console=tty1 root=PARTUUID=6c586e13-02 rootfstype=ext4 fsck.repair=yes rootwait\n")},
		},
		MaxSPI: map[string]physic.Frequency{},
	}
	b.Lines = newLines()
	b.Lines.onSet[RSTGPIO] = func(v int) {
		b.Play.Reset().Out(gpio.Level(v == 1))
		b.Draw.Reset().Out(gpio.Level(v == 1))
	}
	return b
}

// Slept is the time the doctor asked to wait, in total.
func (b *Board) Slept() time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.slept
}

// Env is the board as the doctor opens it.
func (b *Board) Env() *doctor.Env {
	return &doctor.Env{
		Stat: func(path string) error {
			if b.Missing[path] {
				return &fs.PathError{Op: "stat", Path: path, Err: fs.ErrNotExist}
			}
			return nil
		},
		OpenSPI: func(dev string) (*doctor.SPIPort, error) {
			var s *mfrc522test.Sim
			switch dev {
			case "/dev/spidev0.0":
				s = b.Play
			case "/dev/spidev0.1":
				s = b.Draw
			default:
				return nil, fmt.Errorf("no %s", dev)
			}
			return &doctor.SPIPort{PortCloser: &wires{Sim: s, max: b.MaxSPI[dev]}, Now: s.Now, Sleep: s.Sleep}, nil
		},
		OpenI2C: func(name string) (i2c.BusCloser, error) {
			if name != "I2C1" {
				return nil, fmt.Errorf("no bus %s", name)
			}
			return &boardtest.Mux{Buses: []i2c.Bus{b.OLED, b.Pads}}, nil
		},
		Root:    b.Root,
		Lines:   b.Lines,
		Speaker: b.Speaker,
		Sleep: func(d time.Duration) {
			b.mu.Lock()
			b.slept += d
			b.mu.Unlock()
			// The readers' oscillators start up meanwhile (§8.8.2).
			b.Play.Sleep(d)
			b.Draw.Sleep(d)
		},
	}
}

// wires is a spidev to a simulated reader: the port can be opened again
// after Close (the chip stays), and above max every byte reads 0x00.
type wires struct {
	*mfrc522test.Sim
	max physic.Frequency
}

// Connect implements spi.Port.
func (w *wires) Connect(f physic.Frequency, mode spi.Mode, bits int) (spi.Conn, error) {
	c, err := w.Sim.Connect(f, mode, bits)
	if err != nil || w.max == 0 || f <= w.max {
		return c, err
	}
	return garbled{c}, nil
}

// Close implements spi.PortCloser; the simulated chip stays.
func (w *wires) Close() error { return nil }

// garbled is a connection whose MISO never settles: reads are 0x00.
type garbled struct{ spi.Conn }

func (g garbled) Tx(w, r []byte) error {
	err := g.Conn.Tx(w, r)
	clear(r)
	return err
}

// Lines is a fake gpiochip0: lines are free unless made busy or already
// requested (then the request fails with EBUSY, as gpiocdev's does); an
// input reads the level set with SetLevel, else 1 with its pull-up and 0
// without.
type Lines struct {
	mu      sync.Mutex
	chipErr error
	busy    map[int]bool
	level   map[int]int
	held    map[int]bool
	outs    map[int]*fakeOut
	onSet   map[int]func(int)
	pullUps map[int]bool
	press   map[int]int // reads left pressed
}

func newLines() *Lines {
	return &Lines{busy: map[int]bool{}, level: map[int]int{}, held: map[int]bool{}, outs: map[int]*fakeOut{}, onSet: map[int]func(int){}, pullUps: map[int]bool{}, press: map[int]int{}}
}

// SetChipErr makes Chip fail with err (gpiocdev.ErrNotFound, …).
func (f *Lines) SetChipErr(err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.chipErr = err
}

// SetBusy makes line offset held by another program.
func (f *Lines) SetBusy(offset int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.busy[offset] = true
}

// PressFor makes input offset read 0 for its next reads reads, then what
// it read before: a person pressing the button on that line and letting go.
func (f *Lines) PressFor(offset, reads int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.press[offset] = reads
}

// SetLevel sets what input offset reads: 0 for a button stuck low.
func (f *Lines) SetLevel(offset, v int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.level[offset] = v
}

// Chip implements doctor.Lines.
func (f *Lines) Chip(name string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.chipErr
}

func (f *Lines) request(chip string, offset int) error {
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

// Output implements doctor.Lines.
func (f *Lines) Output(chip string, offset int, activeLow bool) (doctor.Output, error) {
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

// Input implements doctor.Lines.
func (f *Lines) Input(chip string, offset int, pullUp bool) (doctor.Input, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.request(chip, offset); err != nil {
		return nil, err
	}
	f.pullUps[offset] = pullUp
	return &fakeIn{f: f, offset: offset}, nil
}

// Open returns the lines still requested.
func (f *Lines) Open() []int {
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

// Values returns every value output offset was set to, the inactive one
// at its request first; nil if it was never requested as an output.
func (f *Lines) Values(offset int) []int {
	f.mu.Lock()
	defer f.mu.Unlock()
	if o := f.outs[offset]; o != nil {
		return append([]int(nil), o.values...)
	}
	return nil
}

type fakeOut struct {
	f      *Lines
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
	f      *Lines
	offset int
	closed bool
}

func (i *fakeIn) Value() (int, error) {
	i.f.mu.Lock()
	defer i.f.mu.Unlock()
	if i.closed {
		return 0, gpiocdev.ErrClosed
	}
	if i.f.press[i.offset] > 0 {
		i.f.press[i.offset]--
		return 0, nil
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
