package boardtest

import (
	"errors"
	"fmt"
	"io/fs"
	"sync"
	"syscall"
	"testing/fstest"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cards/ndef"
	"github.com/unoref/unoref/drivers/clock"
	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
	"github.com/unoref/unoref/drivers/mfrc522/mfrc522test"
	"github.com/unoref/unoref/drivers/oled/ssd1306test"
	"github.com/unoref/unoref/drivers/seatpad"
	"github.com/unoref/unoref/drivers/seatpad/mcp23017test"
	"github.com/unoref/unoref/hardware/board"
)

// Opts says which optional parts are fitted, what the required ones are
// like, and how the simulated board keeps time.
type Opts struct {
	Draw bool              // a draw-pad reader on CE1
	Pads []uint16          // the expanders fitted, e.g. 0x20, 0x21
	Play *mfrc522test.Opts // the play-pad reader's chip; nil: an MFRC522 v2.0
	OLED *ssd1306test.Opts // the OLED; nil: an SSD1306 at 0x3C
	// Clock is the devices' time (LEDs, buzzer, buttons); nil: a fake
	// clock at 2024-01-01 that only the test moves.
	Clock clock.Clock
	// RealTime makes the readers' waits between polls last as long in
	// real time, cut short by Poll; without it a reader waits for Poll
	// before its next poll, so a test knows what it has seen.
	RealTime bool
}

// Sim is a unoref board made of simulators. Tests and the virtual table
// lay tags on Play and Draw (or break them), press buttons and seat pads,
// and read the outputs back (Out, OLED).
type Sim struct {
	Play, Draw *mfrc522test.Sim
	OLED       *ssd1306test.Sim
	Pads       *mcp23017test.Bus
	Clock      clock.Clock
	// Files are the machine's files: a Raspberry Pi 4's device-tree model,
	// boot command lines without a serial console, and the device files of
	// SPI0 (both chip selects), I2C1 and gpiochip0. Delete one to switch
	// that bus off.
	Files fstest.MapFS
	// MaxSPI, per spidev, is the fastest SPI clock its wires carry: above
	// it every byte reads 0x00, as a long or loose MISO wire does.
	MaxSPI map[string]physic.Frequency

	realTime bool
	padClock *gpiolinetest.FakeClock // the expanders' polls: moves in PollPads only
	edges    *gpiolinetest.Edges
	polls    map[string]chan struct{}
	done     chan struct{}
	closed   sync.Once

	mu      sync.Mutex
	chipErr error
	held    map[int]bool
	busy    map[int]bool
	outs    map[int]*line
	level   map[int]int  // what an input reads, set by SetLevel
	pullUps map[int]bool // inputs requested with their pull-up
	press   map[int]int  // reads left pressed (PressFor)
	cut     map[int]bool // dead lines (Cut)
	buttons []int        // the lines requested as Inputs
	edgeAt  time.Duration
	slept   time.Duration
}

// ResetGPIO is nfc.rst of the reference pin map: the line drives both
// readers' NRSTPD.
const ResetGPIO = 25

// Chip is the name of the simulated gpiochip.
const Chip = "gpiochip0"

// New returns a board with the required parts and the optional parts o
// fits. o may be nil: the minimal build.
func New(o *Opts) *Sim {
	if o == nil {
		o = &Opts{}
	}
	s := &Sim{
		Play:     mfrc522test.New(o.Play),
		Draw:     mfrc522test.New(nil),
		OLED:     ssd1306test.New(o.OLED),
		Pads:     mcp23017test.NewBus(o.Pads...),
		Clock:    o.Clock,
		Files:    piFiles(),
		MaxSPI:   map[string]physic.Frequency{},
		realTime: o.RealTime,
		padClock: gpiolinetest.NewClock(time.Time{}),
		edges:    gpiolinetest.NewEdges(),
		polls:    map[string]chan struct{}{},
		done:     make(chan struct{}),
		held:     map[int]bool{},
		busy:     map[int]bool{},
		outs:     map[int]*line{},
		level:    map[int]int{},
		pullUps:  map[int]bool{},
		press:    map[int]int{},
		cut:      map[int]bool{},
	}
	if s.Clock == nil {
		s.Clock = gpiolinetest.NewClock(time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
	}
	size := 1024 // permits a test may hand out ahead
	if o.RealTime {
		size = 1 // a kick: the next wait ends at once
	}
	for _, dev := range []string{board.SPIDev(0), board.SPIDev(1)} {
		s.polls[dev] = make(chan struct{}, size)
	}
	if !o.Draw {
		s.Draw.Unplug()
	}
	return s
}

// piFiles are a Raspberry Pi 4's files with SPI, I²C and GPIO on.
func piFiles() fstest.MapFS {
	return fstest.MapFS{
		"proc/device-tree/model":    {Data: []byte("Raspberry Pi 4 Model B Rev 1.4\x00")},
		"boot/firmware/cmdline.txt": {Data: []byte("console=tty1 root=PARTUUID=6c586e13-02 rootfstype=ext4 fsck.repair=yes rootwait\n")},
		"proc/cmdline":              {Data: []byte("coherent_pool=1M 8250.nr_uarts=0 console=tty1 root=PARTUUID=6c586e13-02 rootfstype=ext4 fsck.repair=yes rootwait\n")},
		"dev/spidev0.0":             {Mode: fs.ModeDevice},
		"dev/spidev0.1":             {Mode: fs.ModeDevice},
		"dev/i2c-1":                 {Mode: fs.ModeDevice},
		"dev/" + Chip:               {Mode: fs.ModeDevice},
	}
}

// Close lets the readers' polling loops run free, so that they see their
// context end.
func (s *Sim) Close() { s.closed.Do(func() { close(s.done) }) }

// Host is the board as board.Open and the doctor open it.
func (s *Sim) Host() *board.Host {
	return &board.Host{
		OpenSPI: s.openSPI,
		OpenI2C: s.openI2C,
		Chip:    s.chip,
		Output:  s.output,
		Input:   s.input,
		Inputs:  s.inputs,
		Edge:    s.edge,
		Files:   s.Files,
		Clock:   s.Clock,
		Sleep:   s.Sleep,
	}
}

// exists fails as opening a missing device file does.
func (s *Sim) exists(dev string) error {
	if _, err := fs.Stat(s.Files, dev[1:]); err != nil {
		return fmt.Errorf("boardtest: %s: %w", dev, syscall.ENOENT)
	}
	return nil
}

// Sleep advances the readers' modelled clocks by d (their oscillators
// start up meanwhile) and counts it in Slept: the doctor's waits.
func (s *Sim) Sleep(d time.Duration) {
	s.mu.Lock()
	s.slept += d
	s.mu.Unlock()
	s.Play.Sleep(d)
	s.Draw.Sleep(d)
}

// Slept is the time Sleep was asked to wait, in total.
func (s *Sim) Slept() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.slept
}

// longWait separates the reader driver's short waits (air time, answers)
// from its wait between polls and its back-off.
const longWait = 4 * time.Millisecond

func (s *Sim) openSPI(dev string) (*board.SPIPort, error) {
	chips := map[string]*mfrc522test.Sim{board.SPIDev(0): s.Play, board.SPIDev(1): s.Draw}
	c, ok := chips[dev]
	if !ok {
		return nil, fmt.Errorf("boardtest: no %s: %w", dev, syscall.ENOENT)
	}
	if err := s.exists(dev); err != nil {
		return nil, err
	}
	p := &spiPort{Sim: c, max: s.MaxSPI[dev], closed: make(chan struct{})}
	return &board.SPIPort{PortCloser: p, Now: c.Now, Sleep: s.sleeper(c, dev, p.closed)}, nil
}

// sleeper is a reader's sleep: short waits move its modelled clock only;
// a wait between polls also waits for Poll (or, in real time, for as long
// or until Poll), or for the port or the board to close.
//
// In real time a wait between polls runs on a timer kept between waits
// (idle holds it while no wait does): the virtual table's readers wait
// 50 times a second each, and a new timer per wait was most of what an
// idle daemon allocated (issue 21). A second wait while the first holds
// it makes its own, so waits never share a timer.
func (s *Sim) sleeper(c *mfrc522test.Sim, dev string, closed <-chan struct{}) func(time.Duration) {
	poll := s.polls[dev]
	idle := make(chan *time.Timer, 1)
	return func(d time.Duration) {
		c.Sleep(d)
		if d < longWait {
			return
		}
		var timeout <-chan time.Time
		if s.realTime {
			var tm *time.Timer
			select {
			case tm = <-idle:
				tm.Reset(d) // Go 1.23 timers: no stale expiry to drain
			default:
				tm = time.NewTimer(d)
			}
			defer func() {
				tm.Stop()
				select {
				case idle <- tm:
				default:
				}
			}()
			timeout = tm.C
		}
		select {
		case <-poll:
		case <-timeout:
		case <-closed:
		case <-s.done:
		}
	}
}

// Poll lets the reader on dev ("/dev/spidev0.0") poll n more times: its
// driver waits between polls until allowed. In real time it ends the
// reader's wait at once instead, however large n.
func (s *Sim) Poll(dev string, n int) {
	for range n {
		if s.realTime {
			select {
			case s.polls[dev] <- struct{}{}:
			default:
			}
			return
		}
		s.polls[dev] <- struct{}{}
	}
}

// spiPort is one open spidev of a reader: closing it leaves the chip (it
// can be opened again), and above max every byte reads 0x00.
type spiPort struct {
	*mfrc522test.Sim
	max    physic.Frequency
	once   sync.Once
	closed chan struct{}
}

// Connect implements spi.Port.
func (p *spiPort) Connect(f physic.Frequency, mode spi.Mode, bits int) (spi.Conn, error) {
	c, err := p.Sim.Connect(f, mode, bits)
	if err != nil {
		return nil, err
	}
	return &spiConn{Conn: c, port: p, garbled: p.max != 0 && f > p.max}, nil
}

// Close implements spi.PortCloser: transactions fail afterwards, as on a
// closed spidev; the chip stays.
func (p *spiPort) Close() error {
	p.once.Do(func() { close(p.closed) })
	return nil
}

// spiConn is a connection on a spiPort.
type spiConn struct {
	spi.Conn
	port    *spiPort
	garbled bool // MISO never settles: reads are 0x00
}

// Tx implements spi.Conn.
func (c *spiConn) Tx(w, r []byte) error {
	select {
	case <-c.port.closed:
		return fmt.Errorf("boardtest: spidev: %w", syscall.EBADF)
	default:
	}
	err := c.Conn.Tx(w, r)
	if c.garbled {
		clear(r)
	}
	return err
}

func (s *Sim) openI2C(name string) (*board.I2CPort, error) {
	if name != "I2C1" {
		return nil, fmt.Errorf("boardtest: no bus %s: %w", name, syscall.ENOENT)
	}
	if err := s.exists("/dev/i2c-1"); err != nil {
		return nil, err
	}
	return &board.I2CPort{BusCloser: &mux{buses: []i2c.Bus{s.OLED, s.Pads}}, Clock: s.padClock}, nil
}

// PollPads lets the seat pads' polling loop poll n more times, each once
// it waits for it (AwaitPads): the expanders' clock moves only here, a
// poll interval at a time.
func (s *Sim) PollPads(n int) {
	for range n {
		s.AwaitPads()
		s.padClock.Advance(padInterval)
	}
}

// AwaitPads waits until the seat pads' polling loop has polled and waits
// for its next poll.
func (s *Sim) AwaitPads() { s.padClock.BlockUntil(1) }

// padInterval is the seat pads' poll interval (seatpad.Opts.Interval's
// default, which the board keeps).
const padInterval = 10 * time.Millisecond

// SeatButton is the expander and pin of seat's button (0 for the first
// seat), as package seatpad wires it; SeatLED its LED's.
func (s *Sim) SeatButton(seat int) (*mcp23017test.Chip, mcp23017test.Pin) {
	chip, button, _ := seatpad.Pins(seat)
	return s.Pads.Chip(0x20 + uint16(chip)), mcp23017test.Pin(button)
}

// SeatLED is the expander and pin of seat's LED.
func (s *Sim) SeatLED(seat int) (*mcp23017test.Chip, mcp23017test.Pin) {
	chip, _, led := seatpad.Pins(seat)
	return s.Pads.Chip(0x20 + uint16(chip)), mcp23017test.Pin(led)
}

// mux is one I²C bus with several simulators on it: a transaction goes to
// the first that acknowledges the address.
type mux struct{ buses []i2c.Bus }

// Tx implements i2c.Bus.
func (m *mux) Tx(addr uint16, w, r []byte) error {
	for _, b := range m.buses {
		e := b.Tx(addr, w, r)
		if errors.Is(e, ssd1306test.ErrNAK) || errors.Is(e, mcp23017test.ErrNoDevice) {
			continue
		}
		return e
	}
	return fmt.Errorf("i2c: tx to %#x: %w", addr, syscall.EREMOTEIO)
}

// SetSpeed implements i2c.Bus.
func (m *mux) SetSpeed(physic.Frequency) error { return nil }
func (m *mux) String() string                  { return "I2C1 (simulators)" }

// Close implements i2c.BusCloser.
func (m *mux) Close() error { return nil }

// The readers' reset line: NRSTPD of both chips.
func (s *Sim) reset(v int) {
	s.Play.Reset().Out(gpio.Level(v == 1))
	s.Draw.Reset().Out(gpio.Level(v == 1))
}

// Sticker is an NTAG213 with UID uid and card c's code written on it as an
// NDEF text record, as `unoref tag write` leaves it.
func Sticker(uid []byte, c cards.Card) *mfrc522test.NTAG {
	t := mfrc522test.NewNTAG213(uid)
	data := ndef.EncodeCard(c.Face())
	for i := 0; i < len(data); i += ndef.PageSize {
		var p [4]byte
		copy(p[:], data[i:])
		t.SetPage(ndef.FirstPage+i/ndef.PageSize, p)
	}
	return t
}
