package main

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
	"testing"
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
