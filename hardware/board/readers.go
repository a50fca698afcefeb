package board

import (
	"fmt"

	"github.com/unoref/unoref/cards/ndef"
	"github.com/unoref/unoref/drivers/mfrc522"
	"github.com/unoref/unoref/hardware"
)

// openReset drives the readers' NRSTPD line high: they run.
func (b *Board) openReset(pm *hardware.PinMap, h *Host) error {
	if pm.NFC.RST == hardware.NoPin {
		return nil
	}
	rst, err := h.Output(pm.GPIO.Chip, int(pm.NFC.RST), false)
	if err != nil {
		return partError("the RC522 readers' reset line RST", onPins(pm.NFC.RST), err)
	}
	b.onClose(rst.Close)
	if err := rst.SetValue(1); err != nil {
		return partError("the RC522 readers' reset line RST", onPins(pm.NFC.RST), err)
	}
	return nil
}

// readerPins names the header pins of the RC522 on chip select ce: SPI0
// and its 3.3 V.
func readerPins(ce int) string {
	return fmt.Sprintf("SPI0 CE%d (pins 19, 21, 23 and %d; 3.3 V on pin %d)", ce, hardware.PhysOf(8-ce), hardware.ReaderPower)
}

// openReaders opens the play-pad reader, which must answer, waiting on its
// IRQ line when nfc.irq wires one, and looks for the draw-pad reader when
// it is switched on.
func (b *Board) openReaders(pm *hardware.PinMap, h *Host) error {
	irq, err := b.openIRQ(pm, h)
	if err != nil {
		return err
	}
	play, err := b.openReader(pm, h, pm.NFC.Play.CE, irq)
	if err != nil {
		return partError("the play-pad reader", readerPins(pm.NFC.Play.CE), err)
	}
	b.Play = play
	if pm.NFC.Draw != nil {
		b.lookForDrawReader(pm, h)
	}
	return nil
}

// lookForDrawReader opens the optional draw-pad reader if it answers;
// whatever goes wrong leaves it out, as not fitted.
func (b *Board) lookForDrawReader(pm *hardware.PinMap, h *Host) {
	part := Part{Name: PartDrawReader, Key: "nfc.draw", State: Found}
	d, err := b.openReader(pm, h, pm.NFC.Draw.CE, nil)
	if err != nil {
		part.State, part.Detail = Absent, err.Error()
	} else {
		b.Draw = d
		part.Detail = fmt.Sprintf("on SPI0 CE%d", pm.NFC.Draw.CE)
	}
	b.Parts = append(b.Parts, part)
}

// openIRQ requests the play-pad reader's IRQ line, if nfc.irq wires one:
// the driver then waits for the chip's edge instead of asking it over SPI.
// Nil (and no error) when it is not wired or the host has no edge lines.
func (b *Board) openIRQ(pm *hardware.PinMap, h *Host) (mfrc522.IRQ, error) {
	if pm.NFC.IRQ == hardware.NoPin || h.Edge == nil {
		return nil, nil
	}
	e, err := h.Edge(pm.GPIO.Chip, int(pm.NFC.IRQ))
	if err != nil {
		return nil, partError("the play-pad reader's IRQ line", onPins(pm.NFC.IRQ), err)
	}
	b.onClose(e.Close)
	return e, nil
}

// openReader opens the RC522 on chip select ce with the pin map's reader
// settings (and irq, when not nil), reading the tags' card code while they
// are selected. A chip that does not answer gives ErrNoAnswer.
func (b *Board) openReader(pm *hardware.PinMap, h *Host, ce int, irq mfrc522.IRQ) (*mfrc522.Dev, error) {
	dev := SPIDev(ce)
	port, err := h.OpenSPI(dev)
	if err != nil {
		return nil, err
	}
	tap := &VersionTap{Port: port}
	o := ReaderOpts(pm.Reader)
	o.ReadPage, o.Now, o.Sleep, o.IRQ = ndef.FirstPage, port.Now, port.Sleep, irq
	d, err := mfrc522.NewSPI(tap, &o)
	if err != nil {
		v, verr := tap.Version()
		port.Close()
		if verr == nil && !Answers(v) {
			return nil, fmt.Errorf("%w on %s (VersionReg 0x%02X)", ErrNoAnswer, dev, v)
		}
		return nil, err
	}
	b.onClose(port.Close, d.Halt)
	return d, nil
}
