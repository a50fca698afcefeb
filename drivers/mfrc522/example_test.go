package mfrc522_test

import (
	"context"
	"fmt"
	"log"

	"github.com/unoref/unoref/drivers/mfrc522"
	"github.com/unoref/unoref/drivers/mfrc522/mfrc522test"
)

func Example() {
	// On a Pi: p, err := spireg.Open("SPI0.0"). Here the simulator stands
	// in for the chip, and its modelled clock for time.
	sim := mfrc522test.New(nil)
	d, err := mfrc522.NewSPI(sim, &mfrc522.Opts{Now: sim.Now, Sleep: sim.Sleep})
	if err != nil {
		log.Fatal(err)
	}
	defer d.Halt()

	uid := mfrc522.UID{0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0x80}
	sim.Place(mfrc522test.NewNTAG213(uid))
	tags, err := d.Detect()
	if err != nil {
		log.Fatal(err)
	}
	for _, t := range tags {
		fmt.Println(t.UID)
	}
	typ, err := d.Identify(uid)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(typ)
	if err := d.WritePage(uid, 4, [4]byte{'U', 'N', 'O', '!'}); err != nil {
		log.Fatal(err)
	}
	data, err := d.ReadPages(uid, 4)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%q\n", data[:4])
	// Output:
	// 04A1B2C3D4E580
	// NTAG213
	// "UNO!"
}

func ExampleDev_Watch() {
	sim := mfrc522test.New(nil)
	d, err := mfrc522.NewSPI(sim, &mfrc522.Opts{Now: sim.Now, Sleep: sim.Sleep})
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sim.Place(mfrc522test.NewClassic1K(mfrc522.UID{0x12, 0x34, 0x56, 0x78}))
	for e := range d.Watch(ctx) {
		fmt.Println(e.Kind, e.Tag.UID, len(e.Present))
		if e.Kind == mfrc522.TagArrived && len(e.Present) > 1 {
			fmt.Println("two cards at once: refused")
		}
		cancel()
	}
	// Output:
	// TagArrived 12345678 1
}
