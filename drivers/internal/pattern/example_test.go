package pattern_test

import (
	"fmt"
	"sync"
	"time"

	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
	"github.com/unoref/unoref/drivers/internal/pattern"
)

func Example() {
	var mu sync.Mutex
	clk := gpiolinetest.NewClock(time.Time{})
	line := &gpiolinetest.Line{Now: clk.Now}
	p := pattern.New(&mu, clk)

	// Beep, pause, beep: the steps switch the line, the end silences it.
	durs := []time.Duration{100 * time.Millisecond, 50 * time.Millisecond, 100 * time.Millisecond}
	mu.Lock()
	p.Play(durs, func(i int) error {
		return line.SetValue(pattern.Level(i < len(durs) && i%2 == 0, false))
	})
	mu.Unlock()
	clk.Advance(time.Second)
	for _, c := range line.Transitions() {
		fmt.Println(c.At.Sub(gpiolinetest.Epoch), c.Value)
	}
	// Output:
	// 0s 1
	// 100ms 0
	// 150ms 1
	// 250ms 0
}
