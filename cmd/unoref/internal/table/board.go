package table

import (
	"github.com/unoref/unoref/cmd/unoref/internal/screen"
	"github.com/unoref/unoref/hardware/board"
)

// FromBoard is the table's view of an open board (hardware/board): its
// devices, loops, parts and Halt. Devices a board left out stay nil.
func FromBoard(b *board.Board) Devices {
	dev := Devices{Play: b.Play, Buttons: b.Buttons, SeatEvs: b.SeatEvs, Clock: b.Clock,
		Loops: append([]board.Loop(nil), b.Loops...), Halt: b.Halt, Parts: b.Parts}
	if b.Draw != nil {
		dev.Draw = b.Draw
	}
	if b.Panel != nil {
		disp := screen.NewDisplay(b.Panel, nil)
		dev.Display = disp
		dev.Loops = append(dev.Loops, disp.Run)
	}
	if b.LEDs != nil {
		dev.LEDs = b.LEDs
	}
	if b.Buzzer != nil {
		dev.Buzzer = b.Buzzer
	}
	if b.Seats != nil {
		dev.Seats = b.Seats
	}
	return dev
}
