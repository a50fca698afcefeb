package journal

import (
	"context"
	"fmt"
	"runtime"
	"testing"

	"github.com/unoref/unoref/referee/tablelog"
)

// BenchmarkRecorderHeap plays a 20,000-event game through a Recorder and
// reports the live heap the game adds (heap-MB) and per event
// (heap-B/event): what the daemon keeps of a game in play (issue 21:
// a 20,000-event game adds at most 5 MB to the daemon's resident set).
// untagged is a game typed in; stickers has every card played or drawn by
// a tag whose UID no tap had before, as on the virtual table. The fsyncs
// are off: they cost time, not memory.
func BenchmarkRecorderHeap(b *testing.B) {
	s := newScript(genEvents(23, 20000, "rules official target=100000", "Ann", "Ben", "Cy", "Dee"))
	for _, tagged := range []bool{false, true} {
		name := "untagged"
		if tagged {
			name = "stickers"
		}
		b.Run(name, func(b *testing.B) { recorderHeap(b, s, tagged) })
	}
}

func recorderHeap(b *testing.B, s *script, tagged bool) {
	ctx := context.Background()
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
			tag := ""
			if ev := s.evs[i]; tagged && (ev.Kind == tablelog.Play || ev.Kind == tablelog.Draw && len(ev.Cards) > 0) {
				tag = fmt.Sprintf("04554E%08X", i) // as the virtual table mints them
			}
			if _, err := tb.ApplyTag(ctx, s.evs[i], tag); err != nil {
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
