package led_test

import (
	"fmt"
	"time"

	"github.com/unoref/unoref/drivers/gpioline"
	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
	"github.com/unoref/unoref/drivers/led"
)

func Example() {
	// On a Pi the outputs come from gpioline.RequestOutput(bcm, false, nil).
	clk := gpiolinetest.NewClock(time.Time{})
	lines := map[led.LED]gpioline.Output{}
	for l := led.DirCW; l <= led.Blue; l++ {
		lines[l] = &gpiolinetest.Line{Now: clk.Now}
	}
	d, err := led.New(lines, &led.Opts{Clock: clk})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer d.Halt()
	d.SetDirection(led.CCW)
	d.SetColor(led.Yellow)
	d.FlashLegal()
	fmt.Println(d)
	clk.Advance(time.Second)
	fmt.Println(d)
	// Output:
	// led{cw ccw* legal* illegal uno R Y* G B}
	// led{cw ccw* legal illegal uno R Y* G B}
}
