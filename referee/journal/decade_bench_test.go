package journal_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/unoref/unoref/referee/journal"
	"github.com/unoref/unoref/referee/journal/fsynctest"
	"github.com/unoref/unoref/referee/journal/journaltest"
)

// BenchmarkRoundEndDecade plays whole games on a copy of the ten-year
// journal (journaltest.Decade, 78 MB) as a table does, and measures each
// round end's rolling copy: copy-MB/round is what it wrote (the WAL
// checkpointed into the database, and the copy itself), beside what the
// round's own commits wrote (round-MB: the WAL) and what the round added
// to the database (added-MB: its growth); copy-ms/round is how long the
// copy took. The first copy after Open is made before the timing starts.
func BenchmarkRoundEndDecade(b *testing.B) {
	defer journaltest.RemoveDecade()
	if _, ok := fsynctest.WrittenBytes(); !ok {
		b.Skip("no /proc/self/io to count the bytes written")
	}
	ctx := context.Background()
	path, err := journaltest.CopyDecade(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	j, err := journal.Open(ctx, path, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer j.Close()
	evs := journal.GenGame(21, "rules official target=200", "Ann", "Ben", "Cy")
	var (
		copying                    bool
		mark, roundB, copyB, added uint64
		rounds                     int
		copyT                      time.Duration
		t0                         time.Time
	)
	j.OnCopy(func() {
		w, _ := fsynctest.WrittenBytes()
		roundB += w - mark
		mark, copying, t0 = w, true, time.Now()
	})
	play := func() {
		tb, err := j.NewGame(ctx, evs[0].Names, evs[1])
		if err != nil {
			b.Fatal(err)
		}
		for _, ev := range evs[2:] {
			size := fileSize(b, path)
			if _, err := tb.Apply(ctx, ev); err != nil {
				b.Fatal(err)
			}
			if !copying {
				continue
			}
			j.WaitCopy()
			copyT += time.Since(t0)
			w, _ := fsynctest.WrittenBytes()
			copyB += w - mark
			added += fileSize(b, path) - size
			mark, copying = w, false
			rounds++
		}
		if err := tb.End(ctx); err != nil {
			b.Fatal(err)
		}
		j.WaitCopy()
	}
	play() // the first copy after Open, and the journal's own warm-up
	mark, _ = fsynctest.WrittenBytes()
	roundB, copyB, added, rounds, copyT = 0, 0, 0, 0, 0
	for b.Loop() {
		play()
	}
	if rounds == 0 {
		b.Fatal("no round ended")
	}
	n := float64(rounds)
	b.ReportMetric(float64(copyB)/1e6/n, "copy-MB/round")
	b.ReportMetric(float64(roundB)/1e6/n, "round-MB")
	b.ReportMetric(float64(added)/1e6/n, "added-MB")
	b.ReportMetric(float64(copyT.Milliseconds())/n, "copy-ms/round")
}

// fileSize is the size of the database file at path.
func fileSize(b *testing.B, path string) uint64 {
	fi, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	return uint64(fi.Size())
}
