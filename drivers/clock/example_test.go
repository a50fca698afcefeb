package clock_test

import (
	"fmt"
	"time"

	"github.com/unoref/unoref/drivers/clock"
)

// A timer on the wall clock, cancelled before it fires.
func Example() {
	stop := clock.System.AfterFunc(time.Hour, func() { fmt.Println("an hour later") })
	fmt.Println("cancelled:", stop())
	// Output:
	// cancelled: true
}
