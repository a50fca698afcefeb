package button_test

import (
	"fmt"
	"time"

	"github.com/unoref/unoref/drivers/button"
)

func Example() {
	d, err := button.New(map[int]button.Name{17: button.UNO}, &button.Opts{Debounce: 10 * time.Millisecond})
	if err != nil {
		fmt.Println(err)
		return
	}
	// A bouncing press at 1 s, released at 1.5 s.
	for _, e := range []button.Edge{
		{Line: 17, At: 1000 * time.Millisecond, High: false},
		{Line: 17, At: 1001 * time.Millisecond, High: true},
		{Line: 17, At: 1002 * time.Millisecond, High: false},
		{Line: 17, At: 1500 * time.Millisecond, High: true},
	} {
		evs, err := d.Feed(e)
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, ev := range evs {
			fmt.Println(ev)
		}
	}
	for _, ev := range d.Settle(2 * time.Second) {
		fmt.Println(ev)
	}
	// Output:
	// uno press at 1.002s
	// uno release at 1.5s held 498ms
}
