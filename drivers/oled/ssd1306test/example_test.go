package ssd1306test_test

import (
	"fmt"
	"image"
	"log"

	"periph.io/x/devices/v3/ssd1306"
	"periph.io/x/devices/v3/ssd1306/image1bit"

	"github.com/unoref/unoref/drivers/oled/ssd1306test"
)

func Example() {
	sim := ssd1306test.New(nil)
	dev, err := ssd1306.NewI2C(sim, &ssd1306.DefaultOpts)
	if err != nil {
		log.Fatal(err)
	}
	img := image1bit.NewVerticalLSB(dev.Bounds())
	img.SetBit(3, 5, image1bit.On)

	before := sim.Stats()
	if err := dev.Draw(img.Bounds(), img, image.Point{}); err != nil {
		log.Fatal(err)
	}
	fmt.Println("lit:", ssd1306test.Lit(sim.Image(), 3, 5))
	fmt.Println("data bytes:", sim.Stats().Sub(before).DataBytes)

	sim.Unplug()
	fmt.Println("unplugged:", dev.Halt())
	// Output:
	// lit: true
	// data bytes: 1024
	// unplugged: ssd1306test: tx to 0x3c (unplugged): ssd1306test: address not acknowledged
}

// An SSD1306 driver on an SH1106: the pixel meant for (3, 5) lands at
// (1, 6), two columns left and, since periph's 0x21 0x00 0x7F leaves the
// start line at 63, a row lower; the SH1106 ignores the SSD1306-only
// commands.
func Example_sh1106() {
	sim := ssd1306test.New(&ssd1306test.Opts{Chip: ssd1306test.SH1106})
	dev, err := ssd1306.NewI2C(sim, &ssd1306.DefaultOpts)
	if err != nil {
		log.Fatal(err)
	}
	img := image1bit.NewVerticalLSB(dev.Bounds())
	img.SetBit(3, 5, image1bit.On)
	if err := dev.Draw(img.Bounds(), img, image.Point{}); err != nil {
		log.Fatal(err)
	}
	g := sim.Image()
	fmt.Println("column 3:", ssd1306test.Lit(g, 3, 6), "column 1:", ssd1306test.Lit(g, 1, 6))
	fmt.Println("ignored commands:", sim.State().Unknown)
	// Output:
	// column 3: false column 1: true
	// ignored commands: 5
}
