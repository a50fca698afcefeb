package mfrc522

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"periph.io/x/conn/v3"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/devices/v3/mfrc522/commands"
)

// Sentinel errors; every error returned by this package wraps one of them
// (or an error of the SPI port), so callers branch with errors.Is.
var (
	// ErrNoTag means no tag answered (or the addressed tag is not in the field).
	ErrNoTag = errors.New("mfrc522: no tag")
	// ErrCollision means several tags answered and could not be told apart.
	ErrCollision = errors.New("mfrc522: collision")
	// ErrCRC means an answer failed its CRC_A check.
	ErrCRC = errors.New("mfrc522: CRC error")
	// ErrParity means an answer had a parity error.
	ErrParity = errors.New("mfrc522: parity error")
	// ErrTimeout means the tag did not answer in time.
	ErrTimeout = errors.New("mfrc522: timeout")
	// ErrProtocol means an answer had the wrong length or content (BCC, SAK).
	ErrProtocol = errors.New("mfrc522: protocol error")
	// ErrNAK means the tag refused the command (for example a locked page).
	ErrNAK = errors.New("mfrc522: NAK")
	// ErrReaderGone means the MFRC522 does not answer on SPI (unplugged,
	// unpowered or held in reset).
	ErrReaderGone = errors.New("mfrc522: reader not responding")
	// ErrHalted means Halt was called.
	ErrHalted = errors.New("mfrc522: halted")
)

// Opts configures a Dev. The zero value (or nil) gives the defaults.
type Opts struct {
	// Speed is the SPI clock; 0 means DefaultSpeed. At most 10 MHz
	// (datasheet §8.1.2, table 10).
	Speed physic.Frequency
	// RxGainDB is the receiver gain in dB, RFCfgReg RxGain[2:0] (datasheet
	// §9.3.3.6, table 98): 18, 23, 33, 38, 43 or 48; 0 means
	// DefaultRxGainDB.
	RxGainDB int
	// PollPeriod is the interval between two polls in Watch (start to
	// start); default 20 ms, which bounds the tap-to-event delay to about
	// PollPeriod plus one detection (see WorstCaseLatency).
	PollPeriod time.Duration
	// Retries is how many times one attempt is repeated after a CRC, parity,
	// framing or mid-sequence timeout error; default 3. Negative means none.
	Retries int
	// ReadPage, when not zero, makes Detect and Watch read 16 bytes starting
	// at this page of every NTAG/Ultralight tag while it is selected.
	ReadPage uint8
	// IRQ is the chip's IRQ output. Optional: without it the driver polls
	// ComIrqReg over SPI. A periph gpio.PinIn is set to a falling edge
	// with its pull-up here; any other IRQ (gpioline.Edge, a
	// go-gpiocdev line) must come requested for falling edges.
	IRQ IRQ
	// Now and Sleep are the clock; default time.Now and time.Sleep. Tests
	// pass the simulator's modelled clock.
	Now   func() time.Time
	Sleep func(time.Duration)
	// Backoff is the first delay between probes of a lost reader in Watch;
	// it doubles up to 16 times this value. Default 100 ms.
	Backoff time.Duration
}

// Defaults for Opts; the package documentation says why.
const (
	DefaultSpeed    = 4 * physic.MegaHertz
	DefaultRxGainDB = 33
	maxSpeed        = 10 * physic.MegaHertz
)

// rxGains maps RxGainDB to RFCfgReg RxGain[2:0] (datasheet table 98; codes
// 2 and 3 repeat 18 and 23 dB).
var rxGains = map[int]byte{18: 0, 23: 1, 33: 4, 38: 5, 43: 6, 48: 7}

// Dev is a handle to an MFRC522 reader on SPI.
type Dev struct {
	mu        sync.Mutex
	c         spi.Conn
	port      string
	o         Opts
	gain      byte // RFCfgReg RxGain[2:0]
	irq       IRQ
	ver       byte
	halted    bool
	realClock bool                 // Sleep is time.Sleep: loops may wait on ctx instead
	trace     func(string, ...any) // tests only: exchanges and missed polls

	// Shadow copies of registers the driver changes between exchanges, so
	// that each is written only when it has to change.
	txMode    byte
	reload    uint16
	timerLive bool      // the timer may still run from a frame without answer
	fieldOn   time.Time // when configure switched the RF field on
	unsettled bool      // tags may be READY or ACTIVE after a failed attempt

	// spiBuf holds one SPI transaction's bytes (read, write). It is kept
	// between calls because Tx takes them through an interface, where a
	// fresh slice would escape to the heap: an idle poll would allocate
	// on every register access (issue 21). Used under mu only.
	spiBuf []byte
	// stack is detect's list of branches still to explore, kept between
	// polls for the same reason: a new one per poll escapes (probe
	// appends to it). Used under mu only.
	stack []branch
}

// Register addresses (datasheet §9.2, table 20), named as in periph.
const (
	regCommand    = commands.CommandReg
	regComIEn     = commands.CommIEnReg
	regDivIEn     = commands.DivlEnReg
	regComIrq     = commands.CommIrqReg
	regError      = commands.ErrorReg
	regFIFOData   = commands.FIFODataReg
	regFIFOLevel  = commands.FIFOLevelReg
	regControl    = commands.ControlReg
	regBitFraming = commands.BitFramingReg
	regColl       = commands.CollReg
	regMode       = commands.ModeReg
	regTxMode     = commands.TxModeReg
	regRxMode     = commands.RxModeReg
	regTxControl  = commands.TxControlReg
	regTxASK      = commands.TxAutoReg // 0x15 is TxASKReg in the datasheet
	regRFCfg      = commands.RFCfgReg
	regTMode      = commands.TModeReg
	regTPrescaler = commands.TPrescalerReg
	regTReloadH   = commands.TReloadRegH
	regTReloadL   = commands.TReloadRegL
	regVersion    = commands.VersionReg
)

// Chip commands (datasheet §10.3, table 149).
const (
	cmdIdle       = commands.PCD_IDLE
	cmdTransceive = commands.PCD_TRANSCEIVE
	cmdSoftReset  = commands.PCD_RESETPHASE
)

// Timer (datasheet §8.5 and tables 106 to 114):
//
//	t = (2·TPrescaler + 1) · (TReload + 1) / 13.56 MHz
//
// TPrescaler = 169 gives a 25.0 µs tick (339 / 13.56 MHz). With TAuto the
// timer starts at the end of our frame and stops at the 5th bit of the
// answer (table 105: "immediately", no figure given), so it only bounds
// when an answer starts. REQA, WUPA, ANTICOLLISION and SELECT are answered
// after the fixed frame delay of ISO/IEC 14443-3 §6.2.1.1 (1236/fc = 91 µs
// at most), whose 5th bit ends 47 µs later: 138 µs. TReload = 9 (250 µs)
// leaves 112 µs for the chip to stop its timer; NXP's reader library
// allows its default timeout plus a timer shift of 4.8 etu (about 195 µs),
// the Arduino library 25 ms. An empty field costs the whole 250 µs.
// NTAG READ and GET_VERSION may answer up to 5 ms late, WRITE up to 10 ms
// (T_TimeOut in the NTAG213/215/216 timing tables, §10.1, §10.2, §10.4):
// 5.5 ms and 10.5 ms.
const (
	tPrescaler  = 169
	reloadShort = 9
	reloadRead  = 219
	reloadWrite = 419
	timerTick   = time.Duration(2*tPrescaler+1) * time.Second / 13_560_000
)

// Start-up (datasheet §8.8.2): after NRSTPD rises the oscillator needs the
// crystal's start-up time, during which the chip answers nothing (MISO reads
// 0x00). The Arduino library waits 50 ms; the driver polls VersionReg for up
// to startUpLimit. After SoftReset it waits softResetMin before it looks
// (the Arduino library waits 50 ms there too; one host sleep step, 1.1 ms
// on Linux, costs nothing worth counting at start-up). Once the field is
// on, tags need up to fieldGuard before they answer (ISO/IEC 14443-3 §5).
const (
	startUpLimit = 100 * time.Millisecond
	softResetMin = time.Millisecond
	fieldGuard   = 5 * time.Millisecond
)

// NewSPI connects to an MFRC522 on p, waits for its VersionReg and
// initialises it once: timer, 100 % ASK, CRC preset 0x6363, receiver gain,
// antenna on. The RF field stays on until Halt.
func NewSPI(p spi.Port, o *Opts) (*Dev, error) {
	d := &Dev{port: fmt.Sprint(p)}
	if o != nil {
		d.o = *o
	}
	if err := d.defaults(); err != nil {
		return nil, err
	}
	c, err := p.Connect(d.o.Speed, spi.Mode0, 8)
	if err != nil {
		return nil, fmt.Errorf("mfrc522: connect at %s: %w", d.o.Speed, err)
	}
	d.c = c
	if err := d.setupIRQ(); err != nil {
		return nil, err
	}
	if err := d.start(); err != nil {
		return nil, err
	}
	return d, nil
}

// defaults fills in and checks the options.
func (d *Dev) defaults() error {
	o := &d.o
	switch {
	case o.Speed == 0:
		o.Speed = DefaultSpeed
	case o.Speed < 0 || o.Speed > maxSpeed:
		return fmt.Errorf("mfrc522: SPI speed %s outside 0..%s (datasheet §8.1.2)", o.Speed, maxSpeed)
	}
	if o.RxGainDB == 0 {
		o.RxGainDB = DefaultRxGainDB
	}
	g, ok := rxGains[o.RxGainDB]
	if !ok {
		return fmt.Errorf("mfrc522: receiver gain %d dB: want 18, 23, 33, 38, 43 or 48 (RFCfgReg, datasheet table 98)", o.RxGainDB)
	}
	d.gain = g
	if o.PollPeriod <= 0 {
		o.PollPeriod = 20 * time.Millisecond
	}
	if o.Retries == 0 {
		o.Retries = 3
	} else if o.Retries < 0 {
		o.Retries = 0
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Sleep == nil {
		o.Sleep, d.realClock = time.Sleep, true
	}
	if o.Backoff <= 0 {
		o.Backoff = 100 * time.Millisecond
	}
	return nil
}

// IRQ is the chip's IRQ line as the host sees it: WaitForEdge waits up to
// timeout for a falling edge and reports whether one came (or had come since
// the last call). periph's gpio.PinIn and gpioline.Edge implement it.
type IRQ interface {
	WaitForEdge(timeout time.Duration) bool
}

// edgeSetter is a periph pin whose pull and edge the driver sets itself.
type edgeSetter interface {
	In(pull gpio.Pull, edge gpio.Edge) error
}

// setupIRQ prepares the optional IRQ input: the chip drives it push-pull
// and inverted (active low), see configure.
func (d *Dev) setupIRQ() error {
	if d.o.IRQ == nil {
		return nil
	}
	if p, ok := d.o.IRQ.(edgeSetter); ok {
		if err := p.In(gpio.PullUp, gpio.FallingEdge); err != nil {
			return fmt.Errorf("mfrc522: IRQ pin: %w", err)
		}
	}
	d.irq = d.o.IRQ
	return nil
}

// String implements conn.Resource.
func (d *Dev) String() string {
	name, _ := ChipName(d.ver)
	return fmt.Sprintf("MFRC522{%s, %s, %s, %d dB}", d.port, name, d.o.Speed, d.o.RxGainDB)
}

// Version returns what VersionReg read when the chip was started.
func (d *Dev) Version() byte { return d.ver }

// ChipName names the chip behind a VersionReg value (datasheet §9.3.4.8,
// table 132: 0x91 and 0x92; 0x90, 0x88 and 0x12 as the Arduino library
// names them). known is false for a value nobody has described yet; such a
// chip is still used.
func ChipName(v byte) (name string, known bool) {
	switch v {
	case 0x90:
		return "MFRC522 v0.0", true
	case 0x91:
		return "MFRC522 v1.0", true
	case 0x92:
		return "MFRC522 v2.0", true
	case 0x88:
		return "FM17522 clone", true
	case 0x12:
		return "counterfeit MFRC522", true
	case 0x00, 0xFF:
		return "no chip", false
	}
	return fmt.Sprintf("unknown chip (VersionReg 0x%02X)", v), false
}

// Counterfeit reports a chip that answers VersionReg 0x12: such modules are
// reported to detect no tags at all with the Arduino library
// (miguelbalboa/rfid issue #482) while working with other drivers.
func Counterfeit(v byte) bool { return v == 0x12 }

// Halt turns the RF field off and stops the chip's command. It is safe to
// call more than once; afterwards every method returns ErrHalted and Watch
// closes its channel.
func (d *Dev) Halt() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.halted {
		return nil
	}
	d.halted = true
	// TxControlReg 0x80 is the reset value: Tx1RFEn and Tx2RFEn off.
	if err := d.write(regTxControl, 0x80); err != nil {
		return err
	}
	return d.write(regCommand, cmdIdle)
}

// checkVersion accepts any VersionReg but 0x00 and 0xFF: MISO held low or
// high means no chip answers (unplugged, unpowered, in reset or starting).
func checkVersion(v byte) error {
	if v == 0x00 || v == 0xFF {
		return fmt.Errorf("%w: VersionReg = 0x%02X", ErrReaderGone, v)
	}
	return nil
}

// start waits for the chip's oscillator (VersionReg answers), then soft
// resets and configures it.
func (d *Dev) start() error {
	v, err := d.awaitVersion()
	if err != nil {
		return err
	}
	d.ver = v
	return d.configure()
}

// awaitVersion polls VersionReg, once per sleep step, until it answers or
// startUpLimit has passed.
func (d *Dev) awaitVersion() (byte, error) {
	t0 := d.o.Now()
	for {
		v, err := d.read1(regVersion)
		if err != nil {
			return 0, err
		}
		if err := checkVersion(v); err == nil || d.o.Now().Sub(t0) >= startUpLimit {
			return v, err
		}
		d.o.Sleep(sleepStep)
	}
}

// configure soft-resets the chip and writes our configuration. It is
// called by NewSPI and again only to recover a chip that lost it.
func (d *Dev) configure() error {
	if err := d.softReset(); err != nil {
		return err
	}
	rf, err := d.read1(regRFCfg)
	if err != nil {
		return err
	}
	for _, rv := range d.config(rf) {
		if err := d.write(rv[0], rv[1]); err != nil {
			return err
		}
	}
	d.txMode, d.reload = 0, reloadShort
	// The field just came on: tags power up and may ignore a request for
	// up to 5 ms (ISO/IEC 14443-3 §5), so the first frame waits (guard).
	d.fieldOn = d.o.Now()
	return nil
}

// guard waits until the field has been on for fieldGuard, in sleep steps:
// the tags it powered up can take a request.
func (d *Dev) guard() {
	for d.o.Now().Sub(d.fieldOn) < fieldGuard {
		d.o.Sleep(sleepStep)
	}
}

// config lists the registers to write after a reset; rf is RFCfgReg as
// read, whose reserved bits are kept.
func (d *Dev) config(rf byte) [][2]byte {
	seq := [][2]byte{
		{regTMode, 0x80 | tPrescaler>>8}, // TAuto, TPrescaler_Hi (table 106)
		{regTPrescaler, tPrescaler & 0xFF},
		{regTReloadH, 0},
		{regTReloadL, reloadShort},
		{regTxASK, 0x40},  // Force100ASK (table 64): ISO/IEC 14443 A modulation
		{regMode, 0x3D},   // TxWaitRF, PolMFin, CRCPreset 01 = 0x6363 (table 56)
		{regTxMode, 0x00}, // 106 kBd, TxCRCEn off (table 58)
		{regRxMode, 0x00}, // 106 kBd, RxCRCEn off, RxMultiple off (table 60)
		{regColl, 0x00},   // ValuesAfterColl = 0: bits after a collision read as 0 (table 50)
		{regRFCfg, rf&^0x70 | d.gain<<4},
		{regTxControl, 0x83}, // Tx1RFEn, Tx2RFEn: field on (table 62)
	}
	if d.irq != nil {
		seq = append(seq,
			[2]byte{regDivIEn, 0x80}, // IRQPushPull (table 28)
			[2]byte{regComIEn, irqInv | irqRx | irqIdle | irqTimer},
		)
	}
	return seq
}

// softReset resets the registers and waits until the command has ended:
// CommandReg no longer shows SoftReset nor PowerDown and VersionReg
// answers (§10.3.1.10 gives no duration; the oscillator may restart,
// §8.8.2). It waits at least softResetMin first, for a chip that does not
// show the command while it runs.
func (d *Dev) softReset() error {
	if err := d.write(regCommand, cmdSoftReset); err != nil {
		return err
	}
	t0 := d.o.Now()
	d.o.Sleep(softResetMin)
	for {
		var r [2]byte
		if err := d.read(r[:], regVersion, regCommand); err != nil {
			return err
		}
		if checkVersion(r[0]) == nil && r[1]&cmdMask != cmdSoftReset && r[1]&cmdPowerDown == 0 {
			return nil
		}
		if d.o.Now().Sub(t0) >= startUpLimit {
			return fmt.Errorf("%w: soft reset did not finish", ErrReaderGone)
		}
		d.o.Sleep(sleepStep)
	}
}

// health tells whether the chip still answers with its version and our
// configuration. It waits for a chip starting up (power just back) and
// re-initialises a chip that was reset behind our back.
func (d *Dev) health() error {
	if _, err := d.awaitVersion(); err != nil {
		return err
	}
	var r [3]byte
	if err := d.read(r[:], regTMode, regTPrescaler, regTxControl); err != nil {
		return err
	}
	if r[0] != 0x80|tPrescaler>>8 || r[1] != tPrescaler&0xFF || r[2]&0x03 != 0x03 {
		return d.configure()
	}
	return nil
}

// Check probes the reader: it returns ErrReaderGone when the chip does not
// answer within the start-up time (about 100 ms), and re-initialises it
// when it answers with its reset values.
func (d *Dev) Check() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.halted {
		return ErrHalted
	}
	return d.health()
}

var _ conn.Resource = (*Dev)(nil)
