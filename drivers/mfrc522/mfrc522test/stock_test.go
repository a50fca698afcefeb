package mfrc522test_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/unoref/unoref/drivers/mfrc522/mfrc522test"
	stock "periph.io/x/devices/v3/mfrc522"
)

// TestStockPeriphReadUID proves the simulator against a driver written
// elsewhere: periph's mfrc522, which does one SPI transaction per FIFO byte,
// polls ComIrqReg, computes CRC_A with CalcCRC and waits for the IRQ line
// from a second goroutine.
//
// periph never selects cascade level 2. For a 7-byte UID it sends
// ANTICOLLISION CL1 (CT 88 + UID0..2 + BCC0), SELECT CL1 (SAK 0x04:
// incomplete), then ANTICOLLISION CL2, which a correct chip and tag answer
// with UID3..6 + BCC1. So it returns the full 7-byte UID and leaves the tag
// READY at cascade level 2, never ACTIVE. A 4-byte Classic is selected
// (SAK 0x08) and ends ACTIVE.
func TestStockPeriphReadUID(t *testing.T) {
	tests := []struct {
		name string
		tag  interface {
			mfrc522test.Tag
			State() mfrc522test.TagState
		}
		want  []byte
		state mfrc522test.TagState
	}{
		{"Classic1K 4-byte UID", mfrc522test.NewClassic1K([]byte{0xDE, 0xAD, 0xBE, 0xEF}), []byte{0xDE, 0xAD, 0xBE, 0xEF}, mfrc522test.StateActive},
		{"NTAG213 7-byte UID", mfrc522test.NewNTAG213([]byte{0x04, 0x5A, 0x6B, 0x7C, 0x8D, 0x9E, 0xAF}), []byte{0x04, 0x5A, 0x6B, 0x7C, 0x8D, 0x9E, 0xAF}, mfrc522test.StateReady},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// periph writes straight after SoftReset and sends REQA
			// straight after switching the field on: it needs the
			// lenient chip.
			sim := mfrc522test.New(mfrc522test.Lenient(nil))
			sim.Place(tt.tag)
			dev, err := stock.NewSPI(sim, sim.Reset(), sim.IRQ())
			if err != nil {
				t.Fatalf("NewSPI: %v", err)
			}
			// Twice: each ReadUID soft-resets the chip, which drops the
			// field and so resets the tag to IDLE.
			for i := range 2 {
				uid, err := dev.ReadUID(time.Second)
				if err != nil {
					t.Fatalf("ReadUID #%d: %v", i, err)
				}
				if !bytes.Equal(uid, tt.want) {
					t.Fatalf("ReadUID #%d = % X, want % X", i, uid, tt.want)
				}
				if got := tt.tag.State(); got != tt.state {
					t.Errorf("tag state after ReadUID #%d = %v, want %v", i, got, tt.state)
				}
			}
			if st := sim.Stats(); st.Air == 0 || st.Tx < 50 {
				t.Errorf("Stats = %+v, want air time and many transactions", st)
			}
			if err := dev.Halt(); err != nil {
				t.Fatalf("Halt: %v", err)
			}
			// periph's Halt writes PowerDown (CommandReg bit 4): field off.
			if got := sim.Reg(0x01); got&0x10 == 0 || sim.Field() {
				t.Errorf("after Halt CommandReg = %#02x, field %v; want PowerDown set, field off", got, sim.Field())
			}
		})
	}
}
