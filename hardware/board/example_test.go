package board_test

import (
	"fmt"
	"log"

	"github.com/unoref/unoref/hardware"
	"github.com/unoref/unoref/hardware/board"
	"github.com/unoref/unoref/hardware/board/boardtest"
)

// Open the full reference build on simulated parts where only one seat-pad
// expander of two and no draw-pad reader are fitted. On a Pi, the host is
// board.PiHost().
func Example() {
	sim := boardtest.New(&boardtest.Opts{Pads: []uint16{0x20}})
	defer sim.Close()
	b, err := board.Open(hardware.Full(), sim.Host())
	if err != nil {
		log.Fatal(err)
	}
	defer b.Halt()
	for _, p := range b.Parts {
		fmt.Println(p.Name+":", p.State)
	}
	fmt.Println(b.Parts.Summary())
	// Output:
	// draw-pad reader: absent
	// seat pads 1–8 (MCP23017 0x20): found
	// seat pads 9–10 (MCP23017 0x21): absent
	// found: seat pads 1–8 (MCP23017 0x20); not fitted: draw-pad reader, seat pads 9–10 (MCP23017 0x21)
}
