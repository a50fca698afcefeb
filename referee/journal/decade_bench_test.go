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
// copy took, copy-fsyncs/round how many fsyncs SQLite asked for in it
// (the copy's rollback journal and file, the checkpoint's database file;
// a page cache smaller than what the copy changes spills pages before the
// commit, a journal fsync first). Before the timing starts, two things a
// family meets once a run: the very first copy (first-copy-MB,
// first-copy-ms, first-copy-fsyncs: there is no copy yet, it is written
// whole), and the first copy after a restart (restart-copy-…: it compares
// every page with the copy there and writes what differs).
func BenchmarkRoundEndDecade(b *testing.B) {
	defer journaltest.RemoveDecade()
	if _, ok := fsynctest.WrittenBytes(); !ok {
		b.Skip("no /proc/self/io to count the bytes written")
	}
	fsynctest.CountSyncs()
	ctx := context.Background()
	path, err := journaltest.CopyDecade(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	evs := journal.GenGame(21, "rules official target=200", "Ann", "Ben", "Cy")
	var (
		copying         bool
		mark, roundB    uint64
		syncMark        uint64
		copySyncs       []uint64
		t0              time.Time
		copiesB, addedB []uint64
		copiesT         []time.Duration
	)
	open := func() *journal.Journal {
		j, err := journal.Open(ctx, path, nil)
		if err != nil {
			b.Fatal(err)
		}
		j.OnCopy(func() {
			w, _ := fsynctest.WrittenBytes()
			roundB += w - mark
			mark, copying, t0 = w, true, time.Now()
			syncMark = fsynctest.SQLiteSyncs()
		})
		return j
	}
	play := func(j *journal.Journal) {
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
			copiesT = append(copiesT, time.Since(t0))
			copySyncs = append(copySyncs, fsynctest.SQLiteSyncs()-syncMark)
			w, _ := fsynctest.WrittenBytes()
			copiesB = append(copiesB, w-mark)
			addedB = append(addedB, fileSize(b, path)-size)
			mark, copying = w, false
		}
		if err := tb.End(ctx); err != nil {
			b.Fatal(err)
		}
		j.WaitCopy()
	}
	j := open()
	play(j)
	firstB, firstT, firstS := copiesB[0], copiesT[0], copySyncs[0]
	if err := j.Close(); err != nil {
		b.Fatal(err)
	}
	j = open()
	defer j.Close()
	copiesB, copiesT, copySyncs = copiesB[:0], copiesT[:0], copySyncs[:0]
	play(j)
	restartB, restartT, restartS := copiesB[0], copiesT[0], copySyncs[0]

	mark, _ = fsynctest.WrittenBytes()
	roundB, copiesB, copiesT, addedB, copySyncs = 0, copiesB[:0], copiesT[:0], addedB[:0], copySyncs[:0]
	for b.Loop() {
		play(j)
	}
	if len(copiesB) == 0 {
		b.Fatal("no round ended")
	}
	n := float64(len(copiesB))
	var cb, ab, cs uint64
	var ct time.Duration
	for i := range copiesB {
		cb, ab, ct, cs = cb+copiesB[i], ab+addedB[i], ct+copiesT[i], cs+copySyncs[i]
	}
	b.ReportMetric(float64(cb)/1e6/n, "copy-MB/round")
	b.ReportMetric(float64(roundB)/1e6/n, "round-MB")
	b.ReportMetric(float64(ab)/1e6/n, "added-MB")
	b.ReportMetric(float64(ct.Milliseconds())/n, "copy-ms/round")
	b.ReportMetric(float64(cs)/n, "copy-fsyncs/round")
	b.ReportMetric(float64(firstB)/1e6, "first-copy-MB")
	b.ReportMetric(float64(firstT.Milliseconds()), "first-copy-ms")
	b.ReportMetric(float64(firstS), "first-copy-fsyncs")
	b.ReportMetric(float64(restartB)/1e6, "restart-copy-MB")
	b.ReportMetric(float64(restartT.Milliseconds()), "restart-copy-ms")
	b.ReportMetric(float64(restartS), "restart-copy-fsyncs")
}

// fileSize is the size of the database file at path.
func fileSize(b *testing.B, path string) uint64 {
	fi, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	return uint64(fi.Size())
}
