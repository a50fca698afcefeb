package web_test

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/web"
	"github.com/unoref/unoref/referee/journal"
	"github.com/unoref/unoref/referee/journal/journaltest"
)

// TestMain removes the ten-year journal after the run.
func TestMain(m *testing.M) {
	code := m.Run()
	journaltest.RemoveDecade()
	os.Exit(code)
}

// decade is the ten-year journal (journaltest.Decade), made once per run.
func decade(b *testing.B) string {
	path, err := journaltest.Decade()
	if err != nil {
		b.Fatal(err)
	}
	return path
}

// BenchmarkRecord measures every query and page of the family's record on
// the ten-year journal: ms per call, the figure README's table gives.
func BenchmarkRecord(b *testing.B) {
	ctx := context.Background()
	j, err := table.OpenJournal(ctx, decade(b))
	if err != nil {
		b.Fatal(err)
	}
	defer j.Close()
	s := web.New(newFakeTable(true), &web.Opts{History: j, Record: j})
	queries := []struct {
		name string
		f    func() error
	}{
		{"query/stats-all", func() error { _, err := j.Stats(ctx, journal.Period{}); return err }},
		{"query/stats-last-50", func() error { _, err := j.Stats(ctx, journal.Period{Last: 50}); return err }},
		{"query/player-all", func() error { _, err := j.PlayerStats(ctx, 1, journal.Period{}); return err }},
		{"query/player-games", func() error { _, err := j.PlayerGames(ctx, 1, journal.Period{}); return err }},
		{"query/roster", func() error { _, err := j.Roster(ctx); return err }},
		{"query/games", func() error { _, err := j.Games(ctx); return err }},
		{"query/rounds", func() error { _, err := j.Rounds(ctx, journaltest.DecadeGames/2); return err }},
	}
	for _, q := range queries {
		b.Run(q.name, func(b *testing.B) {
			cpu := cpuTime()
			for b.Loop() {
				if err := q.f(); err != nil {
					b.Fatal(err)
				}
			}
			report(b, cpu, "call")
		})
	}
	pages := []string{"/family", "/family?last=20", "/family?since=2019-03-01&until=2023-07-15", "/family/1", "/family/1?since=2019-03-01", "/history", fmt.Sprintf("/history/%d", journaltest.DecadeGames/2), fmt.Sprintf("/history/%d.svg", journaltest.DecadeGames/2), "/"}
	for _, path := range pages {
		b.Run("page"+path, func(b *testing.B) {
			cpu := cpuTime()
			for b.Loop() {
				req, _ := http.NewRequest("GET", path, nil)
				w := discard{h: http.Header{}}
				s.ServeHTTP(&w, req)
				if w.code != 0 && w.code != 200 {
					b.Fatalf("GET %s = %d", path, w.code)
				}
			}
			report(b, cpu, "page")
		})
	}
	// A game on the table: its block is counted again only at the round's
	// end, and read game by game until then.
	if err := markNewestBlock(decade(b)); err != nil {
		b.Fatal(err)
	}
	for _, path := range []string{"/family", "/family/1"} {
		b.Run("in-play"+path, func(b *testing.B) {
			cpu := cpuTime()
			for b.Loop() {
				req, _ := http.NewRequest("GET", path, nil)
				s.ServeHTTP(&discard{h: http.Header{}}, req)
			}
			report(b, cpu, "page")
		})
	}
}

// markNewestBlock changes the newest game as a game in play does, which
// marks its block to be counted again.
func markNewestBlock(path string) error {
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		return err
	}
	defer db.Close()
	_, err = db.Exec("UPDATE games SET rules = rules WHERE id = (SELECT max(id) FROM games)")
	return err
}

// cpuTime is the CPU time this process has used: on a machine shared with
// other work the wall time of a call waits for them too, its CPU time not.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// report gives a call's wall time and the CPU time it took, in ms.
func report(b *testing.B, cpu0 time.Duration, unit string) {
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/"+unit)
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/"+unit)
}

// discard is a ResponseWriter that keeps only the status.
type discard struct {
	h    http.Header
	code int
}

func (d *discard) Header() http.Header         { return d.h }
func (d *discard) Write(p []byte) (int, error) { return len(p), nil }
func (d *discard) WriteHeader(code int)        { d.code = code }
