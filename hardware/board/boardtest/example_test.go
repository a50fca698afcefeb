package boardtest_test

import (
	"fmt"
	"log"
	"slices"

	"github.com/unoref/unoref/hardware"
	"github.com/unoref/unoref/hardware/board"
	"github.com/unoref/unoref/hardware/board/boardtest"
)

// Open the buzzer of the minimal build on the simulators and read what
// the driver did to its line; halting the board releases it.
func Example() {
	sim := boardtest.New(nil)
	defer sim.Close()
	pm := hardware.Default()
	b, err := board.OpenOnly(pm, sim.Host(), board.Buzzer)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("held:", sim.Held())
	line := sim.Out(int(pm.Buzzer.Pin))
	fmt.Println("buzzer line at rest:", line.Value())
	b.Halt()
	held := sim.Held()
	slices.Sort(held)
	fmt.Println("held after Halt:", held)
	// Output:
	// held: [18]
	// buzzer line at rest: 0
	// held after Halt: []
}
