package journal

import (
	"context"
	"testing"

	"github.com/unoref/unoref/referee/journal/fsynctest"
	"github.com/unoref/unoref/referee/tablelog"
)

// BenchmarkAppend measures Apply of events that are journaled, each its own
// committed transaction. "full" is the daemon's setting (synchronous=FULL:
// an fsync per event); "off" skips the fsyncs to show what they cost.
func BenchmarkAppend(b *testing.B) {
	s := newScript(genGame(21, "rules official", "Ann", "Ben", "Cy"))
	var evs []tablelog.Event
	for i, ev := range s.evs[s.nsetup:] {
		if s.kept[s.nsetup+i+1] > s.kept[s.nsetup+i] {
			evs = append(evs, ev)
		}
	}
	for _, sync := range []string{"full", "off"} {
		b.Run(sync, func(b *testing.B) {
			ctx := context.Background()
			j, _ := openTemp(b)
			if sync == "off" {
				if _, err := j.db.ExecContext(ctx, "PRAGMA synchronous=OFF"); err != nil {
					b.Fatal(err)
				}
			}
			tb := startScript(b, j, s)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				k := i % len(evs)
				if k == 0 && i > 0 {
					// The game is over: start it again.
					b.StopTimer()
					var err error
					if tb, err = j.NewGame(ctx, s.evs[0].Names, s.evs[1:s.nsetup]...); err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
				}
				if _, err := tb.Apply(ctx, evs[k]); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
		})
	}
}

// BenchmarkResume measures the start-up of a daemon with a long open game:
// reading its events and replaying them.
func BenchmarkResume(b *testing.B) {
	ctx := context.Background()
	s := newScript(genEvents(22, 3000, "rules official target=100000", "Ann", "Ben", "Cy", "Dee"))
	j, _ := openTemp(b)
	tb := startScript(b, j, s)
	for i := s.nsetup; i < len(s.evs); i++ {
		if _, err := tb.Apply(ctx, s.evs[i]); err != nil {
			b.Fatal(err)
		}
	}
	n := len(tb.Events())
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := j.Resume(ctx); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n), "events")
	b.ReportMetric(float64(b.N*n)/b.Elapsed().Seconds(), "events/s")
}

// BenchmarkGame plays a whole game through the journal as a table does,
// every event applied (a refusal that changes nothing included), each
// round end's rolling copy waited for: fsyncs/event is every fsync of the
// game (SQLite's, the record's, the copies') per journaled event, the
// figure an SD card's wear and a tap's milliseconds follow.
func BenchmarkGame(b *testing.B) {
	fsynctest.CountSyncs()
	ctx := context.Background()
	s := newScript(genGame(21, "rules official target=200", "Ann", "Ben", "Cy"))
	j, _ := openTemp(b)
	events, rounds := len(s.lines()), len(s.rounds[len(s.rounds)-1])
	sync0 := syncs()
	for b.Loop() {
		tb, err := j.NewGame(ctx, s.evs[0].Names, s.evs[1:s.nsetup]...)
		if err != nil {
			b.Fatal(err)
		}
		for i := s.nsetup; i < len(s.evs); i++ {
			if _, err := tb.Apply(ctx, s.evs[i]); err != nil {
				b.Fatal(err)
			}
		}
		if err := tb.End(ctx); err != nil {
			b.Fatal(err)
		}
		j.waitCopy()
	}
	b.ReportMetric(float64(syncs()-sync0)/float64(b.N*events), "fsyncs/event")
	b.ReportMetric(float64(events), "events/game")
	b.ReportMetric(float64(rounds), "rounds/game")
}

// syncs is every fsync of this process so far, SQLite's and the journal's.
func syncs() uint64 { return fsynctest.SQLiteSyncs() + FileSyncs() }
