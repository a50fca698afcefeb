package oled_test

import (
	"fmt"
	"log"

	"periph.io/x/devices/v3/ssd1306/image1bit"

	"github.com/unoref/unoref/drivers/oled"
	"github.com/unoref/unoref/drivers/oled/ssd1306test"
)

func Example() {
	// On the Pi: b, err := i2creg.Open(""); here a simulated 1.3" module.
	sim := ssd1306test.New(&ssd1306test.Opts{Chip: ssd1306test.SH1106})
	chip, err := oled.ParseChip("sh1106") // the pin map's oled.chip
	if err != nil {
		log.Fatal(err)
	}
	dev, err := oled.NewI2C(sim, &oled.Opts{Chip: chip})
	if err != nil {
		log.Fatal(err)
	}
	img := image1bit.NewVerticalLSB(oled.Bounds)
	img.SetBit(0, 0, image1bit.On)
	if err := dev.Draw(oled.Bounds, img, img.Rect.Min); err != nil {
		log.Fatal(err)
	}
	fmt.Println(dev.Chip(), "top-left lit:", ssd1306test.Lit(sim.Image(), 0, 0))
	if err := dev.Halt(); err != nil {
		log.Fatal(err)
	}
	fmt.Println("display on:", sim.State().DisplayOn)
	// Output:
	// sh1106 top-left lit: true
	// display on: false
}
