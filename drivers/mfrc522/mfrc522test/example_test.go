package mfrc522test_test

import (
	"fmt"
	"log"
	"time"

	"github.com/unoref/unoref/drivers/mfrc522/mfrc522test"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
)

// Example talks to the simulated chip at register level: antenna on, REQA,
// and the ATQA of the NTAG213 in the field.
func Example() {
	sim := mfrc522test.New(nil)
	sim.Place(mfrc522test.NewNTAG213([]byte{0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66}))
	c, err := sim.Connect(10*physic.MegaHertz, spi.Mode0, 8)
	if err != nil {
		log.Fatal(err)
	}
	write := func(reg byte, v ...byte) {
		if err := c.Tx(append([]byte{reg << 1}, v...), nil); err != nil {
			log.Fatal(err)
		}
	}
	read := func(reg byte) byte {
		r := make([]byte, 2)
		if err := c.Tx([]byte{0x80 | reg<<1, 0}, r); err != nil {
			log.Fatal(err)
		}
		return r[1]
	}
	fmt.Printf("VersionReg 0x%02X\n", read(0x37))
	write(0x14, 0x83)               // TxControlReg: antenna on
	sim.Sleep(5 * time.Millisecond) // the tag powers up (ISO/IEC 14443-3 §5)
	write(0x09, 0x26)               // FIFODataReg: REQA
	write(0x01, 0x0C)               // CommandReg: Transceive
	write(0x0D, 0x87)               // BitFramingReg: StartSend, 7 bits
	for read(0x04)&0x20 == 0 {      // ComIrqReg RxIRq: the ATQA is in
		sim.Sleep(50 * time.Microsecond) // modelled time
	}
	fmt.Printf("ATQA %02X %02X after %v\n", read(0x09), read(0x09), sim.Stats().Air)
	// Output:
	// VersionReg 0x92
	// ATQA 44 00 after 360.16µs
}
