package mfrc522

import (
	"context"
	"runtime"
	"testing"
	"time"
)

// An idle table polls an empty field 50 times a second for hours: each poll
// must allocate nothing, or the daemon's heap regrows to its goal within
// seconds and its resident set never settles (issue 21 point 7). These
// count allocations (testing.AllocsPerRun), driver and simulator together;
// BenchmarkIdlePoll reports the same per poll.

func TestIdlePollAllocatesNothing(t *testing.T) {
	for _, w := range waits {
		t.Run(w, func(t *testing.T) {
			var o Opts
			if w == "irq" {
				o.IRQ = simIRQ
			}
			d, _ := newDev(t, &o)
			var tags []Tag
			var err error
			allocs := testing.AllocsPerRun(100, func() {
				tags, err = d.Poll(nil)
			})
			if err != nil || len(tags) != 0 {
				t.Fatalf("Poll(nil) = %v, %v; want no tags", tags, err)
			}
			if allocs != 0 {
				t.Errorf("a poll of an empty field allocates %v times, want 0", allocs)
			}
		})
	}
}

// TestIdleWatchAllocatesNothing runs Watch over an empty field, clocked by
// the simulator, and counts what its loop allocates while it polls at
// least ten times (it runs on until the scheduler switches back, often
// thousands): the poll, the event bookkeeping, the wait for the next poll.
func TestIdleWatchAllocatesNothing(t *testing.T) {
	d, sim := newDev(t, nil)
	ctx, cancel := context.WithCancel(context.Background())
	ch := d.Watch(ctx)
	defer func() {
		cancel()
		for range ch {
		}
	}()
	// Ten polls' worth of SPI transactions (an empty-field poll is 23).
	polls := func() {
		end := sim.Stats().Tx + 10*23
		for sim.Stats().Tx < end {
			runtime.Gosched()
		}
	}
	polls() // the loop's first allocations: the watcher, its first poll
	if allocs := testing.AllocsPerRun(10, polls); allocs != 0 {
		t.Errorf("Watch over an empty field allocates %v times per ten polls or more, want 0", allocs)
	}
	select {
	case ev := <-ch:
		t.Errorf("Watch sent %v over an empty field", ev)
	default:
	}
}

// TestWatchWaitAllocatesNothing: on a real clock the wait between polls
// reuses one timer, and still waits (no stale expiry ends it early).
func TestWatchWaitAllocatesNothing(t *testing.T) {
	w := &watcher{d: &Dev{realClock: true}, ctx: context.Background()}
	start := time.Now()
	allocs := testing.AllocsPerRun(5, func() { w.wait(time.Millisecond) })
	if el := time.Since(start); el < 6*time.Millisecond {
		t.Errorf("six waits of 1 ms took %v", el)
	}
	if allocs != 0 {
		t.Errorf("a wait between polls on a real clock allocates %v times, want 0", allocs)
	}
}
