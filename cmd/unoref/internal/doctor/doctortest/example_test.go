package doctortest_test

import (
	"context"
	"fmt"

	"github.com/unoref/unoref/cmd/unoref/internal/doctor"
	"github.com/unoref/unoref/cmd/unoref/internal/doctor/doctortest"
)

// A board with a line held by another program and a missing expander.
func Example() {
	b := doctortest.New(&doctortest.Opts{Pads: []uint16{0x20}})
	b.Lines.SetBusy(26)
	rep := doctor.Run(context.Background(), b.Env(), doctor.Options{})
	for _, c := range rep.Checks {
		if c.Status != doctor.OK {
			fmt.Printf("%s: %s\n", c.Name, c.Message)
		}
	}
	fmt.Println("lines left requested:", len(b.Lines.Open()))
	// Output:
	// LED UNO (amber): GPIO26 (pin 37, LED UNO (amber)) is used by another program: stop it (sudo systemctl stop unoref) and run unoref doctor again
	// seat pads: no seat-pad expander (MCP23017) at 0x21 on I²C1: check its SDA (chip pin 13) to header pin 3, SCL (chip pin 12) to header pin 5, VDD (9) and RESET (18) to 3.3 V, and its address pins
	// lines left requested: 0
}
