package mfrc522test

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"periph.io/x/conn/v3"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
)

// Opts configures a Sim. The zero value of every field means its default.
type Opts struct {
	TxCost   time.Duration // modelled cost of one SPI transaction (default 15µs, a Pi Zero 2 W spidev call)
	ByteCost time.Duration // modelled cost per SPI byte (default: 8 clocks at the connected speed + 100ns, 900ns at 10 MHz)
	Start    time.Time     // modelled clock start (default 2024-01-01 00:00 UTC)

	// Version is what VersionReg reads (default 0x92, MFRC522 v2.0; 0x91 is
	// v1.0, 0x90 v0.0, clones report 0x12, 0x15, 0x18, 0x1C, 0x88, 0x89 or
	// 0xB2).
	Version byte
	// StartUp is the oscillator start-up after NRSTPD goes high or power
	// returns (datasheet §8.8.2: the crystal's start-up plus 37.74 µs).
	// Meanwhile the chip answers nothing on SPI: every read is 0x00 and
	// writes are lost. Default 5 ms; New returns a chip already running.
	StartUp time.Duration
	// Host is how long the host's sleeps last (Sim.Sleep); the zero value
	// means LinuxGo. Exact counts every sleep as exact.
	Host HostSleep
	// IRQGrace is the wall-clock time IRQ().WaitForEdge waits for another
	// goroutine to start something when the chip has nothing in flight
	// (default 50ms). Only drivers that wait for the IRQ from one goroutine
	// while they talk SPI from another (periph's stock driver) need it.
	IRQGrace time.Duration

	// The strict readings below (see "Readings" in the package
	// documentation) each have a default; a negative value turns one off.

	// TimerStop is how long after the 5th bit of an answer TAuto stops the
	// timer (Table 105 says "immediately" and gives no figure; NXP's
	// library allows 4.8 etu, 45 µs, for it). Default 25 µs.
	TimerStop time.Duration
	// SoftReset is how long the SoftReset command runs (§10.3.1.10 gives
	// no duration): CommandReg reads SoftReset meanwhile and writes are
	// lost. Default 1 ms.
	SoftReset time.Duration
	// FieldGuard is how long after the RF field comes on the tags it
	// powers stay deaf (ISO/IEC 14443-3 §5: a PICC must accept a request
	// within 5 ms of an unmodulated field). Default 5 ms.
	FieldGuard time.Duration
	// AutoIncrement makes a clone that, like many SPI chips but unlike the
	// MFRC522 (§8.1.2.2), writes the bytes of one transaction to
	// consecutive registers; FIFODataReg stays a port. Default off.
	AutoIncrement bool
}

// Defaults of the strict readings.
const (
	DefaultTimerStop  = 25 * time.Microsecond
	DefaultSoftReset  = time.Millisecond
	DefaultFieldGuard = 5 * time.Millisecond
)

// Lenient turns off the strict readings that periph's stock driver does not
// satisfy: it writes straight after SoftReset and sends REQA straight after
// switching the field on. Tests of that driver use it.
func Lenient(o *Opts) *Opts {
	var c Opts
	if o != nil {
		c = *o
	}
	c.SoftReset, c.FieldGuard = -1, -1
	return &c
}

// Air-interface timing, ISO/IEC 14443-2 §8.1.2 and 14443-3 §6.2.1.1.
const (
	bitTime = 9440 * time.Nanosecond  // one bit at 106 kbit/s (128/fc)
	fdt     = 86400 * time.Nanosecond // PCD frame end to PICC answer start
)

// Stats counts what a driver cost since New or ResetStats.
type Stats struct {
	Tx       int           // SPI transactions (Tx calls)
	Bytes    int           // SPI bytes clocked
	Modelled time.Duration // modelled time elapsed (SPI, sleeps, IRQ waits)
	Air      time.Duration // air time of the frames exchanged, FDT included
	Bus      time.Duration // modelled SPI time only
	// Undefined counts what the datasheet leaves undefined and a driver
	// did anyway: a read of FIFODataReg with the FIFO empty.
	Undefined int
}

// Sim is a register-level MFRC522 with tags in its field. It implements
// spi.PortCloser; the spi.Conn it returns drives the chip. All methods are
// safe for concurrent use.
type Sim struct {
	mu       sync.Mutex
	o        Opts
	now      time.Time
	stats    Stats
	statsT0  time.Time
	activity chan struct{} // an IRQ waiter's, closed by the next signal; nil when none waits

	closed  bool
	plugged bool
	nrstpd  bool      // level of the reset pin: true = running
	waking  time.Time // until then the oscillator starts up: SPI is dead
	hot     bool      // overheated: TempErr, drivers off

	regs     [64]byte
	fifo     []byte
	mem      [memSize]byte
	comIrq   byte
	divIrq   byte
	errReg   byte
	coll     byte
	lastBits byte // ControlReg RxLastBits
	crc      uint16
	crcReady bool
	command  byte
	armed    bool      // Transceive written and not yet sent: StartSend may start it
	resetEnd time.Time // a SoftReset command runs until then
	fieldOn  time.Time // when the RF field last came on
	loAlert  bool
	hiAlert  bool
	rnd      uint64

	field     bool
	pendingTx bool   // transmission waiting for the RF field (ModeReg TxWaitRF)
	rx        int    // receiver: rxOff, rxWaiting, rxReceiving
	air       *airOp // the frame in the air (&op), nil when none
	timer     timerState

	// op is the one frame the chip has in the air, reused with its
	// buffer frame after frame: a driver polling an empty field gets a
	// simulator that allocates nothing (issue 21).
	op airOp

	tags   []picc
	faults []Fault

	irq *irqPin
	rst *resetPin
}

// New returns a powered, plugged-in chip in its power-on reset state with no
// tags in the field. o may be nil.
func New(o *Opts) *Sim {
	s := &Sim{plugged: true, nrstpd: true, rnd: 0x9E3779B97F4A7C15}
	if o != nil {
		s.o = *o
	}
	if s.o.TxCost == 0 {
		s.o.TxCost = 15 * time.Microsecond
	}
	if s.o.Start.IsZero() {
		s.o.Start = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	if s.o.Version == 0 {
		s.o.Version = 0x92
	}
	if s.o.StartUp == 0 {
		s.o.StartUp = 5 * time.Millisecond
	}
	if s.o.Host == (HostSleep{}) {
		s.o.Host = LinuxGo
	}
	if s.o.IRQGrace == 0 {
		s.o.IRQGrace = 50 * time.Millisecond
	}
	s.o.TimerStop = orDefault(s.o.TimerStop, DefaultTimerStop)
	s.o.SoftReset = orDefault(s.o.SoftReset, DefaultSoftReset)
	s.o.FieldGuard = orDefault(s.o.FieldGuard, DefaultFieldGuard)
	s.now, s.statsT0 = s.o.Start, s.o.Start
	s.irq = &irqPin{s: s, level: true}
	s.rst = &resetPin{s: s}
	s.reset()
	s.updateIRQ()
	return s
}

// orDefault is d, def when d is zero, and zero when d is negative.
func orDefault(d, def time.Duration) time.Duration {
	switch {
	case d == 0:
		return def
	case d < 0:
		return 0
	}
	return d
}

// String implements spi.Port.
func (s *Sim) String() string { return "mfrc522test" }

// Connect implements spi.Port. The MFRC522 samples on the rising edge
// (mode 0 or 3) with 8-bit words, at up to 10 Mbit/s (datasheet §8.1.2).
func (s *Sim) Connect(f physic.Frequency, mode spi.Mode, bits int) (spi.Conn, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, errors.New("mfrc522test: port closed")
	}
	if m := mode &^ spi.NoCS; m != spi.Mode0 && m != spi.Mode3 {
		return nil, fmt.Errorf("mfrc522test: SPI mode %s not supported by the MFRC522", mode)
	}
	if bits != 8 {
		return nil, fmt.Errorf("mfrc522test: %d bits per word, the MFRC522 needs 8", bits)
	}
	if f > 10*physic.MegaHertz {
		return nil, fmt.Errorf("mfrc522test: %s above the MFRC522's 10 MHz", f)
	}
	return &spiConn{s: s, byteCost: s.byteCost(f)}, nil
}

// byteCost is Opts.ByteCost, or 8 SPI clocks at f plus the gap between
// bytes (900ns at 10 MHz).
func (s *Sim) byteCost(f physic.Frequency) time.Duration {
	switch {
	case s.o.ByteCost != 0:
		return s.o.ByteCost
	case f <= 0:
		f = 10 * physic.MegaHertz
	}
	return 8*f.Period() + 100*time.Nanosecond
}

// LimitSpeed implements spi.PortCloser.
func (s *Sim) LimitSpeed(f physic.Frequency) error {
	if f <= 0 {
		return errors.New("mfrc522test: invalid speed")
	}
	return nil
}

// Close implements spi.PortCloser. Transactions fail afterwards.
func (s *Sim) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	return nil
}

// Now returns the modelled clock.
func (s *Sim) Now() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.now
}

// Sleep advances the modelled clock by what a sleep of d lasts on the
// host (Opts.Host: on Linux at least 1 ms); the chip and the tags progress
// meanwhile. It never really sleeps.
func (s *Sim) Sleep(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d > 0 {
		s.advance(s.now.Add(s.o.Host.Lasts(d)))
	}
	s.signal()
}

// Stats returns the counters since New or ResetStats.
func (s *Sim) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.stats
	st.Modelled = s.now.Sub(s.statsT0)
	return st
}

// ResetStats zeroes the counters.
func (s *Sim) ResetStats() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stats = Stats{}
	s.statsT0 = s.now
}

// Place puts t in the field. It is powered (IDLE) if the field is on.
func (s *Sim) Place(t Tag) {
	p, ok := t.(picc)
	if !ok {
		panic(fmt.Sprintf("mfrc522test: Place: unsupported tag type %T", t))
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, q := range s.tags {
		if q == p {
			return
		}
	}
	s.tags = append(s.tags, p)
	p.power(s.field)
	s.signal()
}

// Remove takes t out of the field; it loses power and its state.
func (s *Sim) Remove(t Tag) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, q := range s.tags {
		if Tag(q) == t {
			s.tags = append(s.tags[:i], s.tags[i+1:]...)
			q.power(false)
			break
		}
	}
	s.signal()
}

// Fault is a disturbance of a tag's answer.
type Fault int

// Faults for InjectFault.
const (
	// FaultCRC inverts the last byte of the answer (its CRC_A, the BCC of
	// an anticollision answer, or the 4 bits of an ACK), parity kept valid.
	FaultCRC Fault = iota + 1
	// FaultNoAnswer loses the answer: the chip hears nothing (timeout). The
	// tag still acted on the command.
	FaultNoAnswer
	// FaultTruncated cuts the answer after half its bits.
	FaultTruncated
	// FaultGarbage replaces the answer by pseudo-random bits of the same
	// length with valid parity.
	FaultGarbage
	// FaultParity breaks one parity bit (ErrorReg ParityErr, data intact);
	// a 4-bit answer has no parity bit, so its first bit is inverted instead.
	FaultParity
)

func (f Fault) String() string {
	switch f {
	case FaultCRC:
		return "FaultCRC"
	case FaultNoAnswer:
		return "FaultNoAnswer"
	case FaultTruncated:
		return "FaultTruncated"
	case FaultGarbage:
		return "FaultGarbage"
	case FaultParity:
		return "FaultParity"
	}
	return fmt.Sprintf("Fault(%d)", int(f))
}

// InjectFault makes the next n tag answers suffer f. Faults queue in order.
func (s *Sim) InjectFault(f Fault, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for range n {
		s.faults = append(s.faults, f)
	}
}

// Unplug cuts the chip's power: MISO reads 0x00 (VersionReg too), writes are
// lost, the field drops and the IRQ line floats.
func (s *Sim) Unplug() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.plugged = false
	s.powerLost()
	s.signal()
}

// Plug restores power: the chip comes up in its power-on reset state, the
// Mem buffer cleared.
func (s *Sim) Plug() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.plugged {
		s.plugged = true
		s.mem = [memSize]byte{}
		s.reset()
		s.waking = s.now.Add(s.o.StartUp)
		s.updateIRQ()
	}
	s.signal()
}

// Overheat simulates the chip's temperature sensor (datasheet §9.3.1.7,
// Table 33 TempErr): while hot the antenna drivers are off and TempErr is
// set; once cool, Status2Reg TempSensClear clears it.
func (s *Sim) Overheat(hot bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hot = hot
	if hot && s.powered() {
		s.setErr(errTemp)
		s.regs[regTxControl] &^= 0x03
		s.updateField()
		s.updateIRQ()
	}
	s.signal()
}

// Field reports whether the chip's RF field is on.
func (s *Sim) Field() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.field
}

// Reg returns the value a read of register addr would give, without any side
// effect (FIFODataReg shows the next byte without popping it) and without
// costing modelled time. For tests.
func (s *Sim) Reg(addr byte) byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.running() {
		return 0
	}
	if addr&0x3F == regFIFOData {
		if len(s.fifo) == 0 {
			return 0
		}
		return s.fifo[0]
	}
	return s.readReg(addr & 0x3F)
}

// FIFO returns a copy of the FIFO content, for tests.
func (s *Sim) FIFO() []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]byte(nil), s.fifo...)
}

func (s *Sim) powered() bool { return s.plugged && s.nrstpd }

// running tells whether the chip answers on SPI: powered, oscillator up.
func (s *Sim) running() bool { return s.powered() && !s.now.Before(s.waking) }

// signal wakes IRQ waiters: something changed that may schedule an edge.
// A channel is made only for a waiter (waitActivity): a chip polled, not
// waited on, signals at every SPI transaction, and the virtual table's
// readers made 1.5 GB of channels in a 20,000-event game (issue 21).
func (s *Sim) signal() {
	if s.activity != nil {
		close(s.activity)
		s.activity = nil
	}
}

// waitActivity is the channel the next signal closes.
func (s *Sim) waitActivity() <-chan struct{} {
	if s.activity == nil {
		s.activity = make(chan struct{})
	}
	return s.activity
}

// spiConn is the spi.Conn returned by Connect.
type spiConn struct {
	s        *Sim
	byteCost time.Duration
}

var (
	_ spi.PortCloser = (*Sim)(nil)
	_ spi.Conn       = (*spiConn)(nil)
)

func (c *spiConn) String() string      { return "mfrc522test" }
func (c *spiConn) Duplex() conn.Duplex { return conn.Full }

// TxPackets is not supported: the MFRC522 drivers use Tx.
func (c *spiConn) TxPackets(p []spi.Packet) error {
	return errors.New("mfrc522test: TxPackets not supported")
}

// Tx runs one SPI transaction (datasheet §8.1.2). A read sends one address
// byte per register and a trailing 0x00; MISO answers each address one byte
// later (§8.1.2.1, Table 6). A write sends the address then data bytes, all
// for that address (§8.1.2.2, Table 7), or for the next ones with
// Opts.AutoIncrement.
func (c *spiConn) Tx(w, r []byte) error {
	if r != nil && len(r) != len(w) {
		return fmt.Errorf("mfrc522test: Tx with %d bytes out, %d in: full duplex needs equal lengths", len(w), len(r))
	}
	s := c.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return errors.New("mfrc522test: port closed")
	}
	cost := s.o.TxCost + time.Duration(len(w))*c.byteCost
	s.advance(s.now.Add(cost))
	s.stats.Tx++
	s.stats.Bytes += len(w)
	s.stats.Bus += cost
	defer s.signal()
	for i := range r {
		r[i] = 0
	}
	if len(w) == 0 || !s.running() {
		return nil
	}
	if w[0]&0x80 != 0 {
		for i := 0; i < len(w)-1; i++ {
			v := s.readRegPop((w[i] >> 1) & 0x3F)
			if r != nil {
				r[i+1] = v
			}
		}
	} else {
		addr := (w[0] >> 1) & 0x3F
		for _, v := range w[1:] {
			s.write(addr, v)
			if s.o.AutoIncrement && addr != regFIFOData {
				addr = (addr + 1) & 0x3F
			}
		}
	}
	s.updateIRQ()
	return nil
}

func (c *spiConn) Halt() error { return nil }
