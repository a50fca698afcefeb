package main

import (
	"context"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

// The daemon collects at gcPercent unless its environment sets GOGC, and
// leaves the collector as it found it when it returns (tests run it in
// their own process).
func TestDaemonGCPercent(t *testing.T) {
	for _, c := range []struct {
		env  string // GOGC, "" for none
		want int
	}{
		{"", gcPercent},
		{"80", 80},
	} {
		t.Run("GOGC="+c.env, func(t *testing.T) {
			t.Setenv("GOGC", c.env) // restored after the test
			if c.env == "" {
				os.Unsetenv("GOGC")
			} else {
				// The runtime reads GOGC once, at start: as if it had.
				defer debug.SetGCPercent(debug.SetGCPercent(c.want))
			}
			before := gogc()
			d := startInProcess(t, "--data", t.TempDir(), "--listen", "")
			d.send(t, "state")
			if got := gogc(); got != c.want {
				t.Errorf("while the daemon runs, GOGC = %d, want %d", got, c.want)
			}
			d.stop(t)
			if got := gogc(); got != before {
				t.Errorf("after the daemon returned, GOGC = %d, want %d as before it", got, before)
			}
		})
	}
}

// gogc is the collector's GOGC now.
func gogc() int {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	return int(s[0].Value.Uint64())
}

// The trimmer trims once the daemon has gone quiet after allocating at
// least trimAfter since the last trim, and not while it keeps allocating.
func TestTrimmer(t *testing.T) {
	const k = 1 << 10
	for _, c := range []struct {
		name   string
		allocs []uint64 // bytes allocated so far, one per tick
		want   []bool
	}{
		{"quiet, nothing allocated", []uint64{0, 10 * k, 20 * k}, []bool{false, false, false}},
		{"busy, then quiet", []uint64{1200 * k, 1300 * k, 1310 * k, 1320 * k}, []bool{false, false, true, false}},
		{"quiet but too little since the last trim", []uint64{900 * k, 910 * k}, []bool{false, false}},
		{"a trim, then a busy spell, then quiet again", []uint64{1100 * k, 1110 * k, 2000 * k, 2300 * k, 2310 * k}, []bool{false, true, false, false, true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var tr trimmer
			for i, a := range c.allocs {
				got := tr.tick(a)
				if got != c.want[i] {
					t.Errorf("tick %d (%d KiB allocated): trim %v, want %v", i, a/k, got, c.want[i])
				}
				if got {
					tr.done(a)
				}
			}
		})
	}
}

// trimWhenQuiet hands the heap back (a forced collection) once the
// garbage it was started with is followed by a quiet tick, and stops
// when its context is done.
func TestTrimWhenQuiet(t *testing.T) {
	forced := func() uint64 {
		s := []metrics.Sample{{Name: "/gc/cycles/forced:gc-cycles"}}
		metrics.Read(s)
		return s[0].Value.Uint64()
	}
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan struct{})
	before := forced()
	go func() {
		defer close(stopped)
		trimWhenQuiet(ctx, 20*time.Millisecond)
	}()
	time.Sleep(5 * time.Millisecond) // the trimmer has read where allocation stands
	for range 64 {
		garbage = make([]byte, 32<<10) // 2 MiB of garbage, then quiet
	}
	deadline := time.Now().Add(10 * time.Second)
	for forced() == before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	<-stopped
	if forced() == before {
		t.Errorf("no trim in 10 s after 2 MiB of garbage and quiet")
	}
}

var garbage []byte
