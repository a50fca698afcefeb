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
	// Speed is the SPI clock; default and maximum 10 MHz (datasheet §8.1.2).
	Speed physic.Frequency
	// PollPeriod is the interval between two polls in Watch (start to
	// start); default 20 ms, which bounds the tap-to-event delay to about
	// PollPeriod plus one detection (see WorstCaseLatency).
	PollPeriod time.Duration
	// Retries is how many times one attempt is repeated after a CRC, parity,
	// framing or mid-sequence timeout error; default 3. Negative means none.
	Retries int
	// RxGain is the receiver gain, RFCfgReg RxGain[2:0] (datasheet table
	// 98: 1 = 23 dB, 4 = 33 dB ... 7 = 48 dB); 0 means 4, the reset value.
	RxGain int
	// ReadPage, when not zero, makes Detect and Watch read 16 bytes starting
	// at this page of every NTAG/Ultralight tag while it is selected.
	ReadPage uint8
	// IRQ is the chip's IRQ output. Optional: without it the driver waits by
	// the modelled air time and polls ComIrqReg.
	IRQ gpio.PinIn
	// Now and Sleep are the clock; default time.Now and time.Sleep. Tests
	// pass the simulator's modelled clock.
	Now   func() time.Time
	Sleep func(time.Duration)
	// Backoff is the first delay between probes of a lost reader in Watch;
	// it doubles up to 16 times this value. Default 100 ms.
	Backoff time.Duration
}

// Dev is a handle to an MFRC522 reader on SPI.
type Dev struct {
	mu        sync.Mutex
	c         spi.Conn
	port      string
	o         Opts
	irq       gpio.PinIn
	ver       byte
	halted    bool
	realClock bool // Sleep is time.Sleep: loops may wait on ctx instead
	rxBuf     []byte
	trace     func(string, ...any) // tests only: exchanges and missed polls

	// Shadow copies of registers the driver changes between exchanges, so
	// that each is written only when it has to change.
	txMode, rxMode byte
	reload         byte
	fifoDirty      bool
	rxWaiting      bool // the receiver still waits: restart Transceive first
	unsettled      bool // tags may be READY or ACTIVE after a failed attempt
}

// Register addresses (datasheet §9.2, table 20), named as in periph.
const (
	regCommand    = commands.CommandReg
	regComIEn     = commands.CommIEnReg
	regDivIEn     = commands.DivlEnReg
	regComIrq     = commands.CommIrqReg
	regError      = commands.ErrorReg
	regStatus1    = commands.Status1Reg
	regStatus2    = commands.Status2Reg
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

// Timer (datasheet §8.5 and table 106/107):
//
//	t = (2·TPrescaler + 1) · (TReload + 1) / 13.56 MHz
//
// TPrescaler = 169 gives a 25.0 µs tick (339 / 13.56 MHz). TReload = 5 gives
// (6 ticks) 150 µs: the PICC answers REQA, WUPA, ANTICOLLISION, SELECT and
// READ after the fixed frame delay of ISO/IEC 14443-3 §6.2.1.1
// (1236/fc = 91 µs at most), and with TAuto the timer starts at the end of
// our frame and stops at the 5th bit of the answer, so 150 µs is enough.
// NTAG WRITE programs EEPROM before its ACK (NTAG213/215/216 datasheet
// §9.3: up to 4.1 ms + FDT), so it uses TReload = 255, 6.4 ms.
const (
	tPrescaler   = 169
	reloadShort  = 5
	reloadLong   = 255
	timerTick    = time.Duration(2*tPrescaler+1) * time.Second / 13_560_000
	timeoutShort = (reloadShort + 1) * timerTick
	timeoutLong  = (reloadLong + 1) * timerTick
)

// NewSPI connects to an MFRC522 on p, checks its VersionReg and initialises
// it once: timer, 100 % ASK, CRC preset 0x6363, receiver gain, antenna on.
// The RF field stays on until Halt.
func NewSPI(p spi.Port, o *Opts) (*Dev, error) {
	d := &Dev{port: fmt.Sprint(p)}
	if o != nil {
		d.o = *o
	}
	if d.o.Speed == 0 || d.o.Speed > 10*physic.MegaHertz {
		d.o.Speed = 10 * physic.MegaHertz
	}
	if d.o.PollPeriod <= 0 {
		d.o.PollPeriod = 20 * time.Millisecond
	}
	if d.o.Retries == 0 {
		d.o.Retries = 3
	} else if d.o.Retries < 0 {
		d.o.Retries = 0
	}
	if d.o.RxGain == 0 {
		d.o.RxGain = 4
	}
	if d.o.RxGain < 0 || d.o.RxGain > 7 {
		return nil, fmt.Errorf("mfrc522: RxGain %d out of range 0..7", d.o.RxGain)
	}
	if d.o.Now == nil {
		d.o.Now = time.Now
	}
	if d.o.Sleep == nil {
		d.o.Sleep, d.realClock = time.Sleep, true
	}
	if d.o.Backoff <= 0 {
		d.o.Backoff = 100 * time.Millisecond
	}
	c, err := p.Connect(d.o.Speed, spi.Mode0, 8)
	if err != nil {
		return nil, fmt.Errorf("mfrc522: connect: %w", err)
	}
	d.c = c
	if d.o.IRQ != nil {
		// The IRQ output is driven push-pull and inverted (active low), see
		// init.
		if err := d.o.IRQ.In(gpio.PullUp, gpio.FallingEdge); err != nil {
			return nil, fmt.Errorf("mfrc522: IRQ pin: %w", err)
		}
		d.irq = d.o.IRQ
	}
	if err := d.init(); err != nil {
		return nil, err
	}
	return d, nil
}

// String implements conn.Resource.
func (d *Dev) String() string {
	return fmt.Sprintf("MFRC522{%s, version 0x%02X}", d.port, d.ver)
}

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

// checkVersion reads VersionReg: 0x91 (v1.0) and 0x92 (v2.0) per datasheet
// table 132; 0x88, 0x12 and 0xB2 are common clones (FM17522 and others).
func checkVersion(v byte) error {
	switch v {
	case 0x91, 0x92, 0x88, 0x12, 0xB2:
		return nil
	}
	return fmt.Errorf("%w: VersionReg = 0x%02X", ErrReaderGone, v)
}

// init soft-resets the chip and configures it. It is called once by NewSPI
// and again only to recover a chip that lost its configuration.
func (d *Dev) init() error {
	v, err := d.read1(regVersion)
	if err != nil {
		return err
	}
	if err := checkVersion(v); err != nil {
		return err
	}
	d.ver = v
	if err := d.write(regCommand, cmdSoftReset); err != nil {
		return err
	}
	// The soft reset restarts the oscillator (datasheet §8.8.2: crystal
	// start-up plus 37.74 µs); wait until PowerDown clears.
	for i := 0; ; i++ {
		d.o.Sleep(50 * time.Microsecond)
		c, err := d.read1(regCommand)
		if err != nil {
			return err
		}
		if c&0x10 == 0 {
			break
		}
		if i == 100 {
			return fmt.Errorf("%w: soft reset did not finish", ErrReaderGone)
		}
	}
	gain := byte(d.o.RxGain) << 4
	seq := [][2]byte{
		{regTMode, 0x80 | tPrescaler>>8}, // TAuto, TPrescaler_Hi
		{regTPrescaler, tPrescaler & 0xFF},
		{regTReloadH, 0},
		{regTReloadL, reloadShort},
		{regTxASK, 0x40},  // Force100ASK (ISO/IEC 14443 A modulation)
		{regMode, 0x3D},   // TxWaitRF, PolMFin, CRCPreset 01 = 0x6363
		{regTxMode, 0x00}, // 106 kBd, TxCRCEn off
		{regRxMode, 0x00}, // 106 kBd, RxCRCEn off, RxMultiple off
		{regColl, 0x00},   // ValuesAfterColl = 0: bits after a collision read as 0
		{regRFCfg, gain},
		{regTxControl, 0x83}, // Tx1RFEn, Tx2RFEn: field on
	}
	if d.irq != nil {
		seq = append(seq,
			[2]byte{regDivIEn, 0x80},                             // IRQPushPull
			[2]byte{regComIEn, 0x80 | irqRx | irqErr | irqTimer}, // IRqInv: active low
		)
	}
	// Transceive stays the active command: each exchange only needs
	// StartSend (datasheet §10.3.1.8).
	seq = append(seq, [2]byte{regCommand, cmdTransceive})
	for _, rv := range seq {
		if err := d.write(rv[0], rv[1]); err != nil {
			return err
		}
	}
	d.txMode, d.rxMode, d.reload, d.fifoDirty, d.rxWaiting = 0, 0, reloadShort, false, false
	return nil
}

// health tells whether the chip still answers with its version and our
// configuration. It re-initialises a chip that was reset behind our back.
func (d *Dev) health() error {
	r, err := d.read(regVersion, regTMode, regTPrescaler, regTxControl)
	if err != nil {
		return err
	}
	if err := checkVersion(r[0]); err != nil {
		return err
	}
	if r[1] != 0x80|tPrescaler>>8 || r[2] != tPrescaler&0xFF || r[3]&0x03 != 0x03 {
		return d.init()
	}
	return nil
}

// Check probes the reader: it returns ErrReaderGone when the chip does not
// answer, and re-initialises it when it answers with its reset values.
func (d *Dev) Check() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.halted {
		return ErrHalted
	}
	return d.health()
}

var _ conn.Resource = (*Dev)(nil)
