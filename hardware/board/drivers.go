package board

import (
	"errors"
	"fmt"

	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"

	"github.com/unoref/unoref/drivers/mfrc522"
	"github.com/unoref/unoref/drivers/oled"
	"github.com/unoref/unoref/hardware"
)

// This file is where the pin map's settings meet the drivers' options and
// where a reader's chip version is read. The strict reader driver brings
// Opts.RxGainDB, Opts.Speed, (*mfrc522.Dev).Version and mfrc522.ChipName,
// and the OLED driver Opts.Chip; when they land, only this file changes.

// The reader driver's defaults, as doctor reports them when the pin map
// leaves reader.spi_hz or reader.gain_db out.
const (
	DefaultSPIHz  = 10_000_000
	DefaultGainDB = 33
)

// rxGainCode is RFCfgReg RxGain[2:0] for a gain in dB (MFRC522 datasheet
// table 98; 18 and 23 dB have two codes each, the upper ones are used so
// that no gain is code 0, which today's driver reads as "default").
var rxGainCode = map[int]int{18: 2, 23: 3, 33: 4, 38: 5, 43: 6, 48: 7}

// ReaderOpts are the reader driver's options for the pin map's reader
// settings; zero settings leave the driver's defaults.
func ReaderOpts(s hardware.ReaderSetup) mfrc522.Opts {
	return mfrc522.Opts{
		Speed:  physic.Frequency(s.SPIHz) * physic.Hertz,
		RxGain: rxGainCode[s.GainDB],
	}
}

// ErrOLEDChip is returned for an oled.chip the display driver of this
// build does not drive yet.
var ErrOLEDChip = errors.New("board: OLED chip not supported by this build")

// OLEDOpts are the display driver's options for the pin map's OLED.
func OLEDOpts(o hardware.OLED) (*oled.Opts, error) {
	switch o.Chip {
	case "", hardware.ChipSSD1306:
		return &oled.Opts{Addr: uint16(o.Addr)}, nil
	}
	return nil, fmt.Errorf("%w: oled.chip %q", ErrOLEDChip, o.Chip)
}

// regVersion is the MFRC522's VersionReg (datasheet §9.3.4.8, table 131);
// a read's address byte is 1, the address, 0 (§8.1.2.3, table 7).
const regVersion = 0x37

// VersionTap is an spi.Port that keeps the connection the driver makes on
// it, so that VersionReg can be read beside the driver, even when the
// driver refused the chip.
type VersionTap struct {
	spi.Port
	conn spi.Conn
}

// Connect implements spi.Port.
func (t *VersionTap) Connect(f physic.Frequency, mode spi.Mode, bits int) (spi.Conn, error) {
	c, err := t.Port.Connect(f, mode, bits)
	t.conn = c
	return c, err
}

// Version reads VersionReg on the driver's connection.
func (t *VersionTap) Version() (byte, error) { return t.Read(regVersion) }

// Read reads register reg (datasheet §9.2, table 20) on the driver's
// connection.
func (t *VersionTap) Read(reg byte) (byte, error) {
	if t.conn == nil {
		return 0, errors.New("board: the reader was never connected")
	}
	r := make([]byte, 2)
	if err := t.conn.Tx([]byte{0x80 | reg<<1, 0}, r); err != nil {
		return 0, fmt.Errorf("board: register 0x%02X: %w", reg, err)
	}
	return r[1], nil
}

// Answers tells whether VersionReg value v comes from a chip: a missing
// one leaves MISO low (0x00) or floating high (0xFF).
func Answers(v byte) bool { return v != 0x00 && v != 0xFF }

// chipNames are the VersionReg values seen on RC522 modules: NXP's own
// (datasheet table 131) and the clones the Arduino MFRC522 library knows.
var chipNames = map[byte]string{
	0x90: "an NXP MFRC522 v0.0",
	0x91: "an NXP MFRC522 v1.0",
	0x92: "an NXP MFRC522 v2.0",
	0x88: "an FM17522 (a clone)",
	0xB2: "an FM17522 (a clone)",
	0x89: "an FM17522E (a clone)",
	0x12: "a counterfeit MFRC522 (a clone)",
	0x15: "a clone chip (0x15)",
	0x18: "a clone chip (0x18)",
	0x1C: "a clone chip (0x1C)",
}

// ChipName names the chip that answers VersionReg v, in words for a
// person, and says whether it is one seen on RC522 modules.
func ChipName(v byte) (string, bool) {
	if n, ok := chipNames[v]; ok {
		return n, true
	}
	if !Answers(v) {
		return fmt.Sprintf("no chip (VersionReg 0x%02X)", v), false
	}
	return fmt.Sprintf("an unknown chip (VersionReg 0x%02X)", v), false
}

// regIODIRA is the MCP23017's IODIRA (datasheet DS20001952C table 3-5,
// IOCON.BANK = 0), read to see whether an expander acknowledges.
const regIODIRA = 0x00

// ExpanderAnswers reads IODIRA of the MCP23017 at addr: nil when it
// acknowledges.
func ExpanderAnswers(bus i2c.Bus, addr uint16) error {
	return bus.Tx(addr, []byte{regIODIRA}, make([]byte, 1))
}
