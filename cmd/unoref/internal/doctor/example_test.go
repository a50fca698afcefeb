package doctor_test

import (
	"context"
	"fmt"

	"github.com/unoref/unoref/cmd/unoref/internal/doctor"
	"github.com/unoref/unoref/hardware/board/boardtest"
)

// Run the minimal build's checks against a virtual board whose play-pad
// reader is unplugged.
func ExampleRun() {
	b := healthy(boardtest.Opts{})
	b.Play.Unplug()
	rep := doctor.Run(context.Background(), envOf(b), doctor.Options{})
	for _, name := range []string{"SPI", "play pad reader", "OLED", "button UNO"} {
		c := rep.Find(name)
		fmt.Printf("%s: %v: %s\n", c.Name, c.Status, c.Message)
	}
	fmt.Println("problems:", rep.Problems)
	// Output:
	// SPI: OK: SPI0 is on: /dev/spidev0.0
	// play pad reader: PROBLEM: no answer from the RC522 on SPI0 CE0: check MISO (pin 21, GPIO9), 3.3 V (pin 17) and GND; never 5 V
	// OLED: OK: a module acknowledges at 0x3C on I²C1 and takes the SSD1306 set-up of oled.chip; an SSD1306 and an SH1106 answer alike: unoref doctor --walk shows a test pattern to tell them apart
	// button UNO: OK: GPIO17, pin 11 is free and reads not pressed
	// problems: 1
}
