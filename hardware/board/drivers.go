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
// where a reader's chip version is read beside the driver (doctor names it
// with mfrc522.ChipName).

// ReaderOpts are the reader driver's options for the pin map's reader
// settings; zero settings leave the driver's defaults.
func ReaderOpts(s hardware.ReaderSetup) mfrc522.Opts {
	return mfrc522.Opts{
		Speed:    physic.Frequency(s.SPIHz) * physic.Hertz,
		RxGainDB: s.GainDB,
	}
}

// OLEDOpts are the display driver's options for the pin map's OLED.
func OLEDOpts(o hardware.OLED) (*oled.Opts, error) {
	chip, err := oled.ParseChip(o.Chip)
	if err != nil {
		return nil, fmt.Errorf("board: oled.chip: %w", err)
	}
	return &oled.Opts{Addr: uint16(o.Addr), Chip: chip}, nil
}

// regVersion is the MFRC522's VersionReg (datasheet §9.3.4.8, table 131);
// a read's address byte is 1, the address, 0 (§8.1.2.3, table 8).
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

// regIODIRA is the MCP23017's IODIRA (datasheet DS20001952C table 3-5,
// IOCON.BANK = 0), read to see whether an expander acknowledges.
const regIODIRA = 0x00

// ExpanderAnswers reads IODIRA of the MCP23017 at addr: nil when it
// acknowledges.
func ExpanderAnswers(bus i2c.Bus, addr uint16) error {
	return bus.Tx(addr, []byte{regIODIRA}, make([]byte, 1))
}
