package doctor

import (
	"errors"
	"fmt"
	"strings"

	"periph.io/x/conn/v3/physic"

	"github.com/unoref/unoref/drivers/mfrc522"
	"github.com/unoref/unoref/hardware"
	"github.com/unoref/unoref/hardware/board"
)

// RC522 registers read directly (datasheet §9.2, table 20) and the SPI
// address byte of a read (§8.1.2.3, table 8: MSB 1 = read, address in bits
// 6..1, LSB 0).
const (
	regError     = 0x06
	regTxControl = 0x14
	errTempErr   = 0x40 // ErrorReg TempErr (table 33)
)

// Reader SPI clocks: the driver's default when the pin map says none, and
// the slow clock a failing reader is tried again at.
const (
	defaultSPI = mfrc522.DefaultSpeed
	slowSPI    = physic.MegaHertz
)

// readers checks the pin map's RC522s: the play pad's, and the draw pad's
// when it is switched on (optional: one that never answers is SKIP).
func (d *doctor) readers() {
	if d.fitted("nfc.play") {
		d.reader("play pad", d.pm.NFC.Play.CE, false)
	} else {
		d.add(notYet("play pad reader", "nfc.play"), notYet("play pad RF field", "nfc.play"))
	}
	switch {
	case d.pm.NFC.Draw == nil:
	case d.fitted("nfc.draw"):
		d.reader("draw pad", d.pm.NFC.Draw.CE, true)
	default:
		d.add(notYet("draw pad reader", "nfc.draw"), notYet("draw pad RF field", "nfc.draw"))
	}
}

// started is a reader the driver started, with what it answered.
type started struct {
	dev     *mfrc522.Dev
	tap     *board.VersionTap
	version byte
	verErr  error // of the VersionReg read
	err     error // the driver's
	speed   physic.Frequency
}

// answers tells whether a chip answered VersionReg.
func (s started) answers() bool { return s.verErr == nil && board.Answers(s.version) }

// speed is the SPI clock of the pin map's readers.
func (d *doctor) speed() physic.Frequency {
	if hz := d.pm.Reader.SPIHz; hz > 0 {
		return physic.Frequency(hz) * physic.Hertz
	}
	return defaultSPI
}

// start opens dev and starts the driver on it at speed f.
func (d *doctor) start(dev string, f physic.Frequency) (started, error) {
	port, err := d.env.OpenSPI(dev)
	if err != nil {
		return started{}, err
	}
	d.closer = append(d.closer, port.Close)
	s := started{tap: &board.VersionTap{Port: port}, speed: f}
	o := board.ReaderOpts(d.pm.Reader)
	o.Speed, o.Now, o.Sleep = f, port.Now, port.Sleep
	s.dev, s.err = mfrc522.NewSPI(s.tap, &o)
	if s.dev != nil {
		d.closer = append(d.closer, s.dev.Halt)
	}
	s.version, s.verErr = s.tap.Version()
	return s, nil
}

// startSlow starts the reader, and when it does not answer at the pin
// map's speed tries once more at 1 MHz.
func (d *doctor) startSlow(dev string) (s started, slow bool, err error) {
	if s, err = d.start(dev, d.speed()); err != nil || s.answers() || d.speed() <= slowSPI {
		return s, false, err
	}
	s2, err := d.start(dev, slowSPI)
	if err != nil || !s2.answers() {
		return s, false, nil
	}
	return s2, true, nil
}

// reader checks the RC522 on chip select ce: its VersionReg (at a lower
// SPI clock if need be), then the RF field with the driver running.
func (d *doctor) reader(pad string, ce int, optional bool) {
	name, field := pad+" reader", pad+" RF field"
	skip := func(why string) { d.add(Check{Name: field, Status: Skipped, Message: why}) }
	if d.spiOff[ce] {
		d.add(Check{Name: name, Status: Skipped, Message: "not checked: SPI is off"})
		skip("not checked: SPI is off")
		return
	}
	dev := board.SPIDev(ce)
	s, slow, err := d.startSlow(dev)
	if err != nil {
		d.add(Check{Name: name, Status: Problem, Message: fmt.Sprintf("%s cannot be opened: run unoref doctor as root or add the user to the spi group", dev), Detail: err.Error()})
		skip("not checked: no reader")
		return
	}
	c := d.readerCheck(pad, ce, s, slow, optional)
	d.add(c)
	if s.err != nil {
		skip("not checked: the reader does not start")
		return
	}
	d.readersOK = append(d.readersOK, startedPad{pad: pad, dev: s.dev})
	d.field(field, pad, s.tap, s.dev)
}

// startedPad is a reader that started, for the walk.
type startedPad struct {
	pad string
	dev *mfrc522.Dev
}

// readerCheck says what the reader on ce answered.
func (d *doctor) readerCheck(pad string, ce int, s started, slow, optional bool) Check {
	ceGPIO := 8 - ce // CE0 is GPIO 8, CE1 GPIO 7
	c := Check{Name: pad + " reader", Pins: []int{hardware.PhysOf(gpioMISO), power3V3, hardware.PhysOf(ceGPIO)}}
	switch {
	case s.verErr != nil:
		c.Status, c.Message = Problem, fmt.Sprintf("the SPI transfer on %s failed", board.SPIDev(ce))
		c.Detail = errors.Join(s.err, s.verErr).Error()
	case !s.answers() && optional:
		c.Status, c.Pins = Skipped, nil
		c.Message = fmt.Sprintf("no %s reader answers on SPI0 CE%d: fine if you did not fit one (it is optional); if you did, check its MISO (%s), its 3.3 V and its SDA/SS (%s)", pad, ce, pinOf(gpioMISO), pinOf(ceGPIO))
		c.Detail = fmt.Sprintf("VersionReg read 0x%02X", s.version)
	case !s.answers():
		c.Status = Problem
		c.Message = fmt.Sprintf("no answer from the RC522 on SPI0 CE%d: check MISO (%s), 3.3 V (pin %d) and GND; never 5 V", ce, pinOf(gpioMISO), power3V3)
		c.Detail = fmt.Sprintf("VersionReg read 0x%02X; then check %s", s.version, d.readerWires(ce))
	case s.err != nil:
		c.Status = Problem
		c.Message = d.refused(ce, s)
		c.Detail = s.err.Error()
	case slow:
		c.Status = Problem
		c.Message = fmt.Sprintf("the reader on SPI0 CE%d answered only at 1 MHz, not at %s: set reader.spi_hz = 1000000 in the pin map, or shorten its wires (under 20 cm)", ce, mhz(d.speed()))
	default:
		c.Status, c.Message = d.chipStatus(pad, ce, s.version)
	}
	return c
}

// refused says why the driver did not start a chip that answers.
func (d *doctor) refused(ce int, s started) string {
	if name, known := mfrc522.ChipName(s.version); known {
		return fmt.Sprintf("the reader's chip (%s) answers on SPI0 CE%d (VersionReg 0x%02X) but does not start: check its 3.3 V (pin %d) and GND, and RST", name, ce, s.version, power3V3)
	}
	return fmt.Sprintf("a clone chip answered 0x%02X on SPI0 CE%d, which unoref does not know (an RC522 answers 0x91 or 0x92); a noisy MISO (%s) reads like this too", s.version, ce, pinOf(gpioMISO))
}

// chipStatus names the chip, the SPI clock and the gain in plain words,
// and warns about a chip nobody has seen on an RC522 module.
func (d *doctor) chipStatus(pad string, ce int, v byte) (Status, string) {
	name, known := mfrc522.ChipName(v)
	settings := d.settingsInWords()
	if !known {
		return Warn, fmt.Sprintf("the reader's chip (%s) answers on SPI0 CE%d; it is not a chip known on RC522 modules: unoref tries it, but if cards read badly use another module; %s", name, ce, settings)
	}
	switch {
	case mfrc522.Counterfeit(v):
		return Warn, fmt.Sprintf("the reader's chip (%s) answered 0x%02X on SPI0 CE%d: modules like it are reported to detect no cards at all with other software (Arduino MFRC522 library, issue #482); unoref tries it: tap a card and run unoref tag read, and if it finds none use another module; %s", name, v, ce, settings)
	case !genuine(v):
		return Warn, fmt.Sprintf("the reader's chip (%s) answered 0x%02X on SPI0 CE%d (an NXP RC522 answers 0x90, 0x91 or 0x92): unoref works with it, but its range may be shorter; %s", name, v, ce, settings)
	}
	return OK, fmt.Sprintf("the reader's chip (%s) answers on SPI0 CE%d (VersionReg 0x%02X); %s", name, ce, v, settings)
}

// genuine tells NXP's own MFRC522 versions (datasheet table 132: 0x91, 0x92;
// 0x90 is v0.0).
func genuine(v byte) bool { return v == 0x90 || v == 0x91 || v == 0x92 }

// settingsInWords says how fast unoref talks to the readers and how hard
// they listen.
func (d *doctor) settingsInWords() string {
	db, how := d.pm.Reader.GainDB, ""
	if db == 0 {
		db, how = mfrc522.DefaultRxGainDB, ", the default"
	}
	return fmt.Sprintf("it talks to the Pi at %s (reader.spi_hz: lower it if reads fail on long wires) and listens at %d dB gain%s (reader.gain_db: 43 or 48 if stickers read badly through the card)", mhz(d.speed()), db, how)
}

// mhz writes an SPI clock for people: "4 MHz", "0.5 MHz".
func mhz(f physic.Frequency) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", float64(f)/float64(physic.MegaHertz)), "0"), ".") + " MHz"
}

// readerWires lists a reader's signal wires.
func (d *doctor) readerWires(ce int) string {
	w := fmt.Sprintf("SDA/SS (%s), SCK (%s), MOSI (%s)", pinOf(8-ce), pinOf(gpioSCLK), pinOf(gpioMOSI))
	if rst := d.pm.NFC.RST; rst != hardware.NoPin {
		w += fmt.Sprintf(", RST (%s)", pinOf(int(rst)))
	}
	return w
}

// field checks that the antenna is on and that a REQA/WUPA round gets no
// garbage back.
func (d *doctor) field(name, pad string, tap *board.VersionTap, r *mfrc522.Dev) {
	e, err := tap.Read(regError)
	if err == nil && e&errTempErr != 0 {
		d.add(Check{Name: name, Status: Problem, Pins: []int{power3V3},
			Message: fmt.Sprintf("the %s's RC522 reports overheating and switched its antenna off: check it is powered from 3.3 V (pin %d), never 5 V", pad, power3V3),
			Detail:  fmt.Sprintf("ErrorReg 0x%02X", e)})
		return
	}
	tx, err2 := tap.Read(regTxControl)
	if err := errors.Join(err, err2); err != nil {
		d.add(Check{Name: name, Status: Problem, Message: "the reader stopped answering on SPI", Detail: err.Error()})
		return
	}
	if tx&0x03 != 0x03 {
		d.add(Check{Name: name, Status: Problem, Message: fmt.Sprintf("the %s's antenna did not switch on", pad), Detail: fmt.Sprintf("TxControlReg 0x%02X", tx)})
		return
	}
	d.detect(name, pad, r)
}

// detect runs one REQA/WUPA round on the pad.
func (d *doctor) detect(name, pad string, r *mfrc522.Dev) {
	tags, err := r.Detect()
	switch {
	case err != nil:
		d.add(Check{Name: name, Status: Problem,
			Message: fmt.Sprintf("the %s's reader gets garbage back from its field: take phones, keys and metal off the pad, keep the other reader's antenna at least 20 cm away, and check the antenna's solder joints", pad),
			Detail:  err.Error()})
	case len(tags) > 0:
		var uids []string
		for _, t := range tags {
			uids = append(uids, t.UID.String())
		}
		d.add(Check{Name: name, Status: OK, Message: fmt.Sprintf("antenna on; a card lies on the %s (UID %s)", pad, strings.Join(uids, ", "))})
	default:
		d.add(Check{Name: name, Status: OK, Message: "antenna on; nothing answers, as it should with the pad empty"})
	}
}
