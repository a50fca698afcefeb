package web_test

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/web"
	"github.com/unoref/unoref/referee/journal"
)

// Size of the synthetic ten-year journal: a game night a week or more.
const (
	benchGames  = 3000
	benchRounds = 10 // per game: 30,000 rounds
	benchEvents = 40 // per round
)

var (
	decadeOnce sync.Once
	decadePath string
	decadeErr  error
)

// TestMain removes the ten-year journal after the run.
func TestMain(m *testing.M) {
	code := m.Run()
	if decadePath != "" {
		os.RemoveAll(filepath.Dir(decadePath))
	}
	os.Exit(code)
}

// decade is a journal of ten years of a family of six (and guests): 3,000
// games, 30,000 rounds, 1.2 M events, with the roster's seats, facts and
// refusals, written once per run straight into the schema.
func decade(b *testing.B) string {
	decadeOnce.Do(func() {
		dir, err := os.MkdirTemp("", "unoref-decade-")
		if err != nil {
			decadeErr = err
			return
		}
		decadePath = filepath.Join(dir, "journal.db")
		decadeErr = writeDecade(decadePath, benchGames)
	})
	if decadeErr != nil {
		b.Fatal(decadeErr)
	}
	return decadePath
}

func writeDecade(path string, games int) error {
	ctx := context.Background()
	j, err := journal.Open(ctx, path, nil)
	if err != nil {
		return err
	}
	family := []string{"Mia", "Ben", "Cy", "Dee", "Eli", "Fay"}
	for i, n := range family {
		if _, err := j.AddPlayer(ctx, journal.Player{Name: n, Seat: i % 4}); err != nil {
			return err
		}
	}
	j.Close()
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=synchronous(OFF)")
	if err != nil {
		return err
	}
	defer db.Close()
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	if err := fillDecade(tx, family, games); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// fillDecade writes the games; rows are made up but hold together (seats,
// rounds, scores and the winners' names agree) and are written as the
// journal writes them (the players line's names separated by spaces).
func fillDecade(tx *sql.Tx, family []string, games int) error {
	rng := rand.New(rand.NewPCG(1, 2))
	t0 := time.Date(2016, 1, 1, 18, 0, 0, 0, time.UTC)
	presets := []string{"official", "house-ru", "cars"}
	for g := 1; g <= games; g++ {
		at := t0.Add(time.Duration(g) * 29 * time.Hour).Format("2006-01-02T15:04:05.000Z")
		n := 2 + rng.IntN(4)
		perm := rng.Perm(len(family))
		players := make([]string, n)
		for i := range players {
			players[i] = family[perm[i]]
		}
		if rng.IntN(10) == 0 {
			players[n-1] = "Guest"
		}
		winner := players[rng.IntN(n)]
		if _, err := tx.Exec("INSERT INTO games(id, started_at, ended_at, players, rules, winner) VALUES (?, ?, ?, ?, ?, ?)",
			g, at, at, strings.Join(players, " "), "rules "+presets[rng.IntN(len(presets))], winner); err != nil {
			return err
		}
		for s, p := range players {
			pid := sql.NullInt64{}
			for k, f := range family {
				if f == p {
					pid = sql.NullInt64{Int64: int64(k + 1), Valid: true}
				}
			}
			if _, err := tx.Exec("INSERT INTO seats(game_id, seat, name, player_id) VALUES (?, ?, ?, ?)", g, s, p, pid); err != nil {
				return err
			}
		}
		if _, err := tx.Exec("INSERT INTO recorded(game_id) VALUES (?)", g); err != nil {
			return err
		}
		if err := fillGame(tx, rng, g, at, players); err != nil {
			return err
		}
	}
	return nil
}

func fillGame(tx *sql.Tx, rng *rand.Rand, g int, at string, players []string) error {
	seq := 0
	totals := make([]int, len(players))
	for r := 1; r <= benchRounds; r++ {
		for range benchEvents {
			seq++
			if _, err := tx.Exec("INSERT INTO events(game_id, seq, line, ok, code, recorded_at) VALUES (?, ?, 'play R5', 1, '', ?)", g, seq, at); err != nil {
				return err
			}
			if rng.IntN(15) == 0 {
				if _, err := tx.Exec("INSERT OR IGNORE INTO facts(game_id, seq, seat, kind, round) VALUES (?, ?, ?, ?, ?)",
					g, seq, rng.IntN(len(players)), []string{"uno-called", "uno-called", "uno-missed", "uno-caught", "wd4-guilty"}[rng.IntN(5)], r); err != nil {
					return err
				}
			}
			if rng.IntN(20) == 0 {
				if _, err := tx.Exec("INSERT INTO refusals(game_id, seq, seat, round, code, mistake, line, at) VALUES (?, ?, ?, ?, ?, ?, 'play R7', ?)",
					g, seq, rng.IntN(len(players)), r, []string{"illegal-card", "not-your-turn", "must-draw"}[rng.IntN(3)], []string{"", "after-wild", "out-of-turn"}[rng.IntN(3)], at); err != nil {
					return err
				}
			}
		}
		w := rng.IntN(len(players))
		if _, err := tx.Exec("INSERT INTO rounds(game_id, round, winner, ended_seq, ended_at) VALUES (?, ?, ?, ?, ?)", g, r, players[w], seq, at); err != nil {
			return err
		}
		for s := range players {
			left := 0
			if s != w {
				left = rng.IntN(80)
			}
			totals[s] += left
			if _, err := tx.Exec("INSERT INTO round_scores(game_id, round, seat, player, points, total, left_points) VALUES (?, ?, ?, ?, ?, ?, ?)",
				g, r, s, players[s], left, totals[s], left); err != nil {
				return err
			}
		}
	}
	return nil
}

// TestDecadeAsTheJournalWrites: the synthetic journal's rows are those
// the journal writes, so that what the benchmarks read is what a family's
// journal holds: each game's players line names its seats as its events'
// players line does.
func TestDecadeAsTheJournalWrites(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.db")
	if err := writeDecade(path, 40); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT g.id, g.players, (SELECT group_concat(name, ' ' ORDER BY seat) FROM seats s WHERE s.game_id = g.id)
FROM games g ORDER BY g.id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var (
			id             int64
			players, seats string
		)
		if err := rows.Scan(&id, &players, &seats); err != nil {
			t.Fatal(err)
		}
		if players != seats {
			t.Errorf("game %d: players %q, want %q as the journal writes them", id, players, seats)
		}
		n++
	}
	if err := rows.Err(); err != nil || n != 40 {
		t.Fatalf("%d games read, error %v", n, err)
	}
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
		{"query/rounds", func() error { _, err := j.Rounds(ctx, benchGames/2); return err }},
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
	pages := []string{"/family", "/family?last=20", "/family?since=2019-03-01&until=2023-07-15", "/family/1", "/family/1?since=2019-03-01", "/history", fmt.Sprintf("/history/%d", benchGames/2), fmt.Sprintf("/history/%d.svg", benchGames/2), "/"}
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
