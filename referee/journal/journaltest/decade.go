package journaltest

import (
	"context"
	"database/sql"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/unoref/unoref/referee/journal"
)

// Size of the synthetic ten-year journal: a game night a week or more.
const (
	DecadeGames  = 3000
	DecadeRounds = 10 // per game: 30,000 rounds
	DecadeEvents = 40 // per round
)

var (
	decadeMu   sync.Mutex
	decadePath string // "" until made, and after RemoveDecade
)

// Decade is the path of a journal of ten years of a family of six (and
// guests): 3,000 games, 30,000 rounds, 1.2 M events, with the roster's
// seats, facts and refusals, written once per process straight into the
// schema (some 40 s, 78 MB) in a directory of its own, kept until
// RemoveDecade. Open a copy (CopyDecade) to write to it.
func Decade() (string, error) {
	decadeMu.Lock()
	defer decadeMu.Unlock()
	if decadePath != "" {
		return decadePath, nil
	}
	dir, err := os.MkdirTemp("", "unoref-decade-")
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, "journal.db")
	if err := writeDecade(path, DecadeGames); err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	decadePath = path
	return path, nil
}

// RemoveDecade removes the ten-year journal, if one was made: the next
// Decade makes it again. A TestMain (or a benchmark) calls it at its end.
func RemoveDecade() {
	decadeMu.Lock()
	defer decadeMu.Unlock()
	if decadePath != "" {
		os.RemoveAll(filepath.Dir(decadePath))
		decadePath = ""
	}
}

// CopyDecade copies the ten-year journal into dir as journal.db, for a
// benchmark that writes to it, and returns its path.
func CopyDecade(dir string) (string, error) {
	src, err := Decade()
	if err != nil {
		return "", err
	}
	b, err := os.ReadFile(src)
	if err != nil {
		return "", err
	}
	dst := filepath.Join(dir, "journal.db")
	return dst, os.WriteFile(dst, b, 0o644)
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
	for r := 1; r <= DecadeRounds; r++ {
		for range DecadeEvents {
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
