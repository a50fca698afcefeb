package mcp23017test_test

import (
	"fmt"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/devices/v3/mcp23xxx"

	"github.com/unoref/unoref/drivers/seatpad/mcp23017test"
)

func Example() {
	bus := mcp23017test.NewBus(0x20)
	dev, err := mcp23xxx.NewI2C(bus, mcp23xxx.MCP23017, 0x20)
	if err != nil {
		fmt.Println(err)
		return
	}
	btn := dev.Pins[0][0]
	btn.In(gpio.PullUp, gpio.NoEdge)
	fmt.Println(btn.Read())
	bus.Chip(0x20).Drive(mcp23017test.GPA0, false) // pressed
	fmt.Println(btn.Read())
	// Output:
	// High
	// Low
}
