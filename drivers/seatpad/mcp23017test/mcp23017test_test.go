package mcp23017test_test

import (
	"errors"
	"testing"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/devices/v3/mcp23xxx"

	"github.com/unoref/unoref/drivers/seatpad/mcp23017test"
)

// The real periph driver configures pins and reads them back through the
// simulator.
func TestPeriphDriver(t *testing.T) {
	bus := mcp23017test.NewBus(0x20)
	chip := bus.Chip(0x20)
	dev, err := mcp23xxx.NewI2C(bus, mcp23xxx.MCP23017, 0x20)
	if err != nil {
		t.Fatal(err)
	}
	a0, b7 := dev.Pins[0][0], dev.Pins[1][7]
	if err := b7.Out(gpio.High); err != nil {
		t.Fatal(err)
	}
	if !chip.IsOutput(mcp23017test.GPB7) || !chip.Level(mcp23017test.GPB7) || chip.Latch(1) != 0x80 {
		t.Errorf("GPB7 output %v level %v latch %#x, want true true 0x80", chip.IsOutput(mcp23017test.GPB7), chip.Level(mcp23017test.GPB7), chip.Latch(1))
	}
	// A floating input without pull-up reads low; with the pull-up, high.
	if err := a0.In(gpio.Float, gpio.NoEdge); err != nil {
		t.Fatal(err)
	}
	if got := a0.Read(); got != gpio.Low {
		t.Errorf("floating GPA0 without pull-up = %v, want Low", got)
	}
	if err := a0.In(gpio.PullUp, gpio.NoEdge); err != nil {
		t.Fatal(err)
	}
	if got := a0.Read(); got != gpio.High {
		t.Errorf("floating GPA0 with pull-up = %v, want High", got)
	}
	chip.Drive(mcp23017test.GPA0, false)
	if got := a0.Read(); got != gpio.Low {
		t.Errorf("GPA0 driven low = %v, want Low", got)
	}
	if err := a0.(mcp23xxx.Pin).SetPolarityInverted(true); err != nil {
		t.Fatal(err)
	}
	if got := a0.Read(); got != gpio.High {
		t.Errorf("GPA0 driven low with IPOL = %v, want High", got)
	}
	g := *dev.Group(1, []int{7})
	if err := g.Out(0, 0); err != nil {
		t.Fatal(err)
	}
	if chip.Level(mcp23017test.GPB7) {
		t.Errorf("GPB7 after group Out(0) is high, want low")
	}
}

func rd(t *testing.T, b i2c.Bus, reg byte, n int) []byte {
	t.Helper()
	r := make([]byte, n)
	if err := b.Tx(0x21, []byte{reg}, r); err != nil {
		t.Fatal(err)
	}
	return r
}

func TestSequentialAndBanks(t *testing.T) {
	bus := mcp23017test.NewBus(0x21)
	// Sequential write of IODIRA, IODIRB, IPOLA from 0x00.
	if err := bus.Tx(0x21, []byte{0x00, 0x0F, 0xF0, 0x01}, nil); err != nil {
		t.Fatal(err)
	}
	if got := rd(t, bus, 0x00, 3); got[0] != 0x0F || got[1] != 0xF0 || got[2] != 0x01 {
		t.Errorf("IODIRA, IODIRB, IPOLA = % x, want 0f f0 01", got)
	}
	// Wraps from OLATB (0x15) to IODIRA.
	if got := rd(t, bus, 0x15, 2); got[1] != 0x0F {
		t.Errorf("read after OLATB = % x, want IODIRA 0f second", got)
	}
	// SEQOP=1: byte mode toggles A/B in BANK=0.
	if err := bus.Tx(0x21, []byte{0x0A, 0x20}, nil); err != nil {
		t.Fatal(err)
	}
	if got := rd(t, bus, 0x00, 3); got[0] != 0x0F || got[1] != 0xF0 || got[2] != 0x0F {
		t.Errorf("byte mode reads = % x, want 0f f0 0f", got)
	}
	// BANK=1: IOCON moves to 0x05, port B registers to 0x10.
	if err := bus.Tx(0x21, []byte{0x0A, 0x80}, nil); err != nil {
		t.Fatal(err)
	}
	if got := rd(t, bus, 0x10, 1); got[0] != 0xF0 {
		t.Errorf("BANK=1 IODIRB = %#x, want 0xf0", got[0])
	}
	if got := rd(t, bus, 0x05, 1); got[0] != 0x80 {
		t.Errorf("BANK=1 IOCON = %#x, want 0x80", got[0])
	}
}

func TestInterruptOnChange(t *testing.T) {
	bus := mcp23017test.NewBus(0x21)
	chip := bus.Chip(0x21)
	// GPPUB = 0x01, GPINTENB = 0x01, IOCON = MIRROR.
	for _, w := range [][]byte{{0x0D, 0x01}, {0x05, 0x01}, {0x0A, 0x40}} {
		if err := bus.Tx(0x21, w, nil); err != nil {
			t.Fatal(err)
		}
	}
	if chip.Interrupt(0) {
		t.Fatalf("interrupt before any change")
	}
	chip.Drive(mcp23017test.GPB0, false)
	chip.Release(mcp23017test.GPB0) // second change while pending: no new capture
	if !chip.Interrupt(0) || chip.INTLevel(0, true) {
		t.Errorf("INTA (mirrored) asserted %v level %v, want true false", chip.Interrupt(0), chip.INTLevel(0, true))
	}
	if got := rd(t, bus, 0x0F, 1)[0]; got != 0x01 {
		t.Errorf("INTFB = %#x, want 0x01", got)
	}
	if got := rd(t, bus, 0x11, 1)[0]; got != 0x00 {
		t.Errorf("INTCAPB = %#x, want 0x00 (captured while pressed)", got)
	}
	if chip.Interrupt(1) {
		t.Errorf("interrupt still asserted after reading INTCAP")
	}
}

func TestFaults(t *testing.T) {
	bus := mcp23017test.NewBus(0x20)
	if err := bus.Tx(0x27, []byte{0}, nil); !errors.Is(err, mcp23017test.ErrNoDevice) {
		t.Errorf("Tx(0x27) = %v, want ErrNoDevice", err)
	}
	boom := errors.New("boom")
	bus.Chip(0x20).Err = boom
	if _, err := mcp23xxx.NewI2C(bus, mcp23xxx.MCP23017, 0x20); !errors.Is(err, boom) {
		t.Errorf("NewI2C on a failing chip = %v, want %v", err, boom)
	}
}
