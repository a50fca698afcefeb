package seatpad_test

import (
	"fmt"
	"time"

	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
	"github.com/unoref/unoref/drivers/seatpad"
	"github.com/unoref/unoref/drivers/seatpad/mcp23017test"
)

func Example() {
	// On a Pi: p, _ := board.PiHost("unoref").OpenI2C("I2C1").
	b := mcp23017test.NewBus(0x20, 0x21)
	clk := gpiolinetest.NewClock(time.Time{})
	pads, err := seatpad.NewI2C(b, &seatpad.Opts{Seats: 10, Clock: clk})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer pads.Halt()
	pads.Light(3) // seat 3's turn

	b.Chip(0x21).Drive(mcp23017test.GPA1, false) // seat 9 presses
	for i := 0; i < 4; i++ {
		evs, err := pads.Poll()
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, e := range evs {
			fmt.Println(e)
		}
		clk.Advance(10 * time.Millisecond)
	}
	fmt.Println(pads, "lit:", pads.Lit())
	// Output:
	// seat 9 press at 0s
	// seatpad{10 seats on 0x20 0x21} lit: 3
}
