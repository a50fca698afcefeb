package journal

import (
	"context"
	"runtime"
	"testing"
)

// BenchmarkRecorderHeap plays a 20,000-event game through a Recorder and
// reports the live heap the game adds (heap-MB) and per event
// (heap-B/event): what the daemon keeps of a game in play (issue 21:
// a 20,000-event game adds at most 5 MB to the daemon's resident set).
// The fsyncs are off: they cost time, not memory.
func BenchmarkRecorderHeap(b *testing.B) {
	ctx := context.Background()
	s := newScript(genEvents(23, 20000, "rules official target=100000", "Ann", "Ben", "Cy", "Dee"))
	var added float64
	n := 0
	for b.Loop() {
		j, _ := openTemp(b)
		if _, err := j.db.ExecContext(ctx, "PRAGMA synchronous=OFF"); err != nil {
			b.Fatal(err)
		}
		tb := startScript(b, j, s)
		before := liveHeap()
		for i := s.nsetup; i < len(s.evs); i++ {
			if _, err := tb.Apply(ctx, s.evs[i]); err != nil {
				b.Fatal(err)
			}
		}
		added = float64(liveHeap() - before)
		n = len(tb.Events()) - s.nsetup
		runtime.KeepAlive(tb)
	}
	b.ReportMetric(added/1e6, "heap-MB")
	b.ReportMetric(added/float64(n), "heap-B/event")
	b.ReportMetric(float64(n), "events")
}

// liveHeap is the heap in use after a collection.
func liveHeap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}
