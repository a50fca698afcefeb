package gpiolinetest_test

import (
	"fmt"
	"time"

	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
)

func Example() {
	clk := gpiolinetest.NewClock(time.Time{})
	out := &gpiolinetest.Line{Now: clk.Now}
	out.SetValue(1)
	clk.AfterFunc(50*time.Millisecond, func() { out.SetValue(0) })
	clk.Advance(time.Second)
	for _, c := range out.Transitions() {
		fmt.Println(c.Value, c.At.Sub(gpiolinetest.Epoch))
	}
	// Output:
	// 1 0s
	// 0 50ms
}
