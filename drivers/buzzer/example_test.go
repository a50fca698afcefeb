package buzzer_test

import (
	"fmt"
	"time"

	"github.com/unoref/unoref/drivers/buzzer"
	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
)

func Example() {
	// On a Pi the line comes from gpioline.RequestOutput(18, false, nil).
	clk := gpiolinetest.NewClock(time.Time{})
	line := &gpiolinetest.Line{Now: clk.Now}
	bz, err := buzzer.New(line, &buzzer.Opts{Clock: clk})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer bz.Halt()
	bz.Play(buzzer.MissedUNO) // returns at once
	clk.Advance(time.Second)
	for _, c := range line.Transitions() {
		fmt.Println(c.At.Sub(gpiolinetest.Epoch), c.Value)
	}
	// Output:
	// 0s 1
	// 100ms 0
	// 200ms 1
	// 300ms 0
	// 400ms 1
	// 500ms 0
}
