package board

import (
	"context"
	"errors"
	"fmt"

	"periph.io/x/conn/v3/i2c"

	"github.com/unoref/unoref/drivers/clock"
	"github.com/unoref/unoref/drivers/oled"
	"github.com/unoref/unoref/drivers/seatpad"
	"github.com/unoref/unoref/hardware"
)

// openI2C returns the opener of the pin map's I²C bus, the OLED on it,
// and the seat-pad expanders when they are switched on, as which selects.
func (b *Board) openI2C(which Selection) func(*hardware.PinMap, *Host) error {
	return func(pm *hardware.PinMap, h *Host) error {
		bus, err := h.OpenI2C(I2CBus(pm.OLED.Bus))
		if err != nil {
			return partError("the OLED's I²C bus", fmt.Sprintf("%s (SDA pin 3, SCL pin 5)", I2CBus(pm.OLED.Bus)), err)
		}
		b.onClose(bus.Close)
		if which&Display != 0 {
			if err := b.openOLED(pm, bus); err != nil {
				return err
			}
		}
		if which&SeatPads != 0 {
			clk := bus.Clock
			if clk == nil {
				clk = b.Clock
			}
			b.lookForSeatPads(pm, bus, clk)
		}
		return nil
	}
}

// openOLED sets up the display and its drawing loop.
func (b *Board) openOLED(pm *hardware.PinMap, bus i2c.Bus) error {
	o, err := OLEDOpts(pm.OLED)
	if err != nil {
		return err
	}
	disp, err := oled.NewI2C(bus, o)
	if err != nil {
		return partError("the OLED", fmt.Sprintf("I²C1 at 0x%02X (SDA pin 3, SCL pin 5, 3.3 V on pin %d)", pm.OLED.Addr, hardware.I2CPower), err)
	}
	b.Panel = disp
	b.onClose(disp.Halt)
	return nil
}

// lookForSeatPads lists each expander the seats need as a part and opens
// the seat pads on those that acknowledge, from the first: with one
// MCP23017 of two, seats 1–8 work and the part list says 9–10 have none.
func (b *Board) lookForSeatPads(pm *hardware.PinMap, bus i2c.Bus, clk clock.Clock) {
	sp := pm.SeatPads
	if sp.Seats == 0 {
		return
	}
	parts, addrs := expanderParts(sp, bus)
	if len(addrs) > 0 {
		if err := b.openSeatPads(bus, clk, min(sp.Seats, len(addrs)*seatpad.SeatsPerChip), addrs); err != nil {
			for i := range addrs {
				parts[i].State, parts[i].Detail = Absent, err.Error()
			}
		}
	}
	b.Parts = append(b.Parts, parts...)
}

// expanderParts reads each expander the seats need and returns one part
// per expander and the addresses usable from the first.
func expanderParts(sp hardware.SeatPads, bus i2c.Bus) (Parts, []uint16) {
	var parts Parts
	var addrs []uint16
	need := (sp.Seats + seatpad.SeatsPerChip - 1) / seatpad.SeatsPerChip
	for i, a := range sp.Addrs[:need] {
		first, last := i*seatpad.SeatsPerChip+1, min((i+1)*seatpad.SeatsPerChip, sp.Seats)
		chip := fmt.Sprintf("MCP23017 0x%02X", a)
		p := Part{Name: fmt.Sprintf("%s %d–%d (%s)", PartSeatPads, first, last, chip), Key: fmt.Sprintf("seatpads.addrs[%d]", i),
			First: first, Last: last, Chip: chip}
		err := ExpanderAnswers(bus, uint16(a))
		switch {
		case err != nil:
			p.State, p.Detail = Absent, fmt.Sprintf("no acknowledge at 0x%02X: seats %d–%d have no pads", a, first, last)
		case len(addrs) < i:
			p.State, p.Detail = Absent, "answers, but the expander before it does not: its seats are not used"
		default:
			p.State = Found
			addrs = append(addrs, uint16(a))
		}
		parts = append(parts, p)
	}
	return parts, addrs
}

// openSeatPads sets up seats pads on the expanders at addrs and their
// polling loop, on clock.
func (b *Board) openSeatPads(bus i2c.Bus, clk clock.Clock, seats int, addrs []uint16) error {
	sp, err := seatpad.NewI2C(bus, &seatpad.Opts{Seats: seats, Addrs: addrs, Clock: clk})
	if err != nil {
		return err
	}
	ch := make(chan seatpad.Event, 16)
	b.Seats, b.SeatEvs = sp, ch
	b.onClose(sp.Halt)
	b.addLoop(func(ctx context.Context) error { return optional(ctx, sp.Run(ctx, ch)) })
	return nil
}

// optional is the end of an optional part's loop: a part that stops
// answering closes its channel, and the table marks it vanished and goes
// on, so the loop waits for the board's end instead of failing the daemon.
func optional(ctx context.Context, err error) error {
	if ctx.Err() == nil {
		<-ctx.Done()
	}
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}
