package boardtest_test

import (
	"testing"
	"time"

	"github.com/unoref/unoref/hardware/board"
	"github.com/unoref/unoref/hardware/board/boardtest"
)

// TestRealTimeWaitAllocatesNothing: the virtual table's readers wait between
// polls 50 times a second each; in real time every wait after the first
// reuses its timer (issue 21 point 7), and still lasts as long as asked.
func TestRealTimeWaitAllocatesNothing(t *testing.T) {
	sim := boardtest.New(&boardtest.Opts{RealTime: true})
	defer sim.Close()
	port, err := sim.Host().OpenSPI(board.SPIDev(0))
	if err != nil {
		t.Fatal(err)
	}
	defer port.Close()
	const wait = 5 * time.Millisecond // a wait between polls, not an SPI wait
	start := time.Now()
	allocs := testing.AllocsPerRun(5, func() { port.Sleep(wait) })
	if el := time.Since(start); el < 6*wait {
		t.Errorf("six waits of %v took %v: a wait ended early", wait, el)
	}
	if allocs != 0 {
		t.Errorf("a wait between polls allocates %v times, want 0", allocs)
	}
}
