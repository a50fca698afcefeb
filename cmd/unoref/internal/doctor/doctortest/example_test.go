package doctortest_test

import (
	"context"
	"fmt"

	"github.com/unoref/unoref/cmd/unoref/internal/doctor"
	"github.com/unoref/unoref/cmd/unoref/internal/doctor/doctortest"
	"github.com/unoref/unoref/hardware"
)

// A board with a line held by another program and one seat-pad expander of
// the two the full reference build asks for.
func Example() {
	b := doctortest.New(&doctortest.Opts{Pads: []uint16{0x20}})
	b.Lines.SetBusy(26)
	rep := doctor.Run(context.Background(), b.Env(), doctor.Options{Map: hardware.Full()})
	for _, c := range rep.Checks {
		if c.Status != doctor.OK {
			fmt.Printf("%s: %s\n", c.Name, c.Message)
		}
	}
	fmt.Println("lines left requested:", len(b.Lines.Open()))
	// Output:
	// LED UNO (amber): GPIO26 (pin 37, LED UNO (amber)) is used by another program: stop it (sudo systemctl stop unoref) and run unoref doctor again
	// seat pads: only 1 MCP23017 answers (0x20), none at 0x21: seats 9–10 have no pads; fit the missing expander, or set seatpads.seats = 8; check its SDA (chip pin 13) to header pin 3, SCL (chip pin 12) to header pin 5, VDD (9) and RESET (18) to 3.3 V, and its address pins
	// lines left requested: 0
}
