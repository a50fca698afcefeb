package gpiolinetest_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
)

func TestClock(t *testing.T) {
	clk := gpiolinetest.NewClock(time.Time{})
	var got []string
	mark := func(s string) func() {
		return func() { got = append(got, fmt.Sprintf("%s@%v", s, clk.Since(gpiolinetest.Epoch))) }
	}
	clk.AfterFunc(30*time.Millisecond, mark("b"))
	clk.AfterFunc(10*time.Millisecond, func() {
		mark("a")()
		clk.AfterFunc(5*time.Millisecond, mark("a2")) // set by a callback, due within the same Advance
	})
	stop := clk.AfterFunc(20*time.Millisecond, mark("stopped"))
	clk.AfterFunc(30*time.Millisecond, mark("c")) // same deadline as b: fires after it
	clk.AfterFunc(time.Second, mark("late"))
	if !stop() || stop() {
		t.Errorf("stop() = false first or true second")
	}
	clk.Advance(100 * time.Millisecond)
	want := "[a@10ms a2@15ms b@30ms c@30ms]"
	if fmt.Sprint(got) != want {
		t.Errorf("fired %v, want %s", got, want)
	}
	if clk.Since(gpiolinetest.Epoch) != 100*time.Millisecond || clk.Pending() != 1 {
		t.Errorf("now %v pending %d, want 100ms 1", clk.Since(gpiolinetest.Epoch), clk.Pending())
	}
}

// TestLineKeep: a line that keeps its last writes keeps at least
// Keep of them, never more than twice as many, and its Value is the last.
func TestLineKeep(t *testing.T) {
	o := &gpiolinetest.Line{Keep: 4}
	for i := 1; i <= 100; i++ {
		if err := o.SetValue(i); err != nil {
			t.Fatal(err)
		}
		ch := o.Changes()
		if n := len(ch); n < min(i, 4) || n > 8 || ch[n-1].Value != i || o.Value() != i {
			t.Fatalf("after %d writes: %v, Value %d", i, ch, o.Value())
		}
		for k := range ch {
			if ch[k].Value != i-len(ch)+1+k {
				t.Fatalf("after %d writes: %v is not the last writes in order", i, ch)
			}
		}
	}
}
