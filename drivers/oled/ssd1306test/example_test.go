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
