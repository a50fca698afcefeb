package journal

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// rollupRows reads what query gives as one text per row, sorted.
func rollupRows(t *testing.T, db *sql.DB, query string) []string {
	t.Helper()
	rows, err := db.Query(query)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var out []string
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprint(vals...))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// checkRollups checks that every rollup table, once the dirty blocks are
// counted again, holds what adding up its view from scratch gives.
func checkRollups(t *testing.T, j *Journal, when string) {
	t.Helper()
	j.flushRollups(context.Background())
	for _, r := range rollups {
		got := rollupRows(t, j.db, fmt.Sprintf("SELECT block, %s FROM %s", strings.Join(r.cols(), ", "), r.table))
		want := rollupRows(t, j.db, fmt.Sprintf("SELECT block, %s FROM %s%s", r.aggs(), r.view, r.groupBy(true)))
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s: %s differs from a recount (-want +got):\n%s", when, r.table, d)
		}
	}
}

// periods are the periods worth checking in j: all, the last few games,
// spans cutting blocks, each player's, and a span of no game.
func periods(t *testing.T, j *Journal) []Period {
	t.Helper()
	starts := rollupRows(t, j.db, "SELECT started_at FROM games")
	at := func(i int) time.Time {
		s, err := parseStamp(starts[min(i, len(starts)-1)])
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	ps := []Period{{}, {Last: 1}, {Last: 5}, {Last: 17}, {Last: 40},
		{Since: at(3)}, {Until: at(21)}, {Since: at(5), Until: at(37)}, {Since: at(17), Until: at(18)},
		{Since: at(20), Last: 3}, {Since: time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC), Until: time.Date(2000, 2, 1, 0, 0, 0, 0, time.UTC)}}
	roster, err := j.Roster(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range roster {
		ps = append(ps, Period{Player: p.ID}, Period{Player: p.ID, Last: 6}, Period{Player: p.ID, Since: at(9), Until: at(33)})
	}
	return ps
}

// checkStats checks that the statistics of every period are what reading
// every game one by one gives: the rollups, whole or dirty, change nothing.
func checkStats(t *testing.T, j *Journal, when string) {
	t.Helper()
	ctx := context.Background()
	for _, p := range periods(t, j) {
		got, err := j.Stats(ctx, p)
		if err != nil {
			t.Fatalf("%s: Stats(%+v) = %v", when, p, err)
		}
		readBlocks = false
		want, err := j.Stats(ctx, p)
		readBlocks = true
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s: Stats(%+v) from the rollups (-game by game +rollups):\n%s", when, p, d)
		}
	}
}

// playGames journals n games of the family and guests under the presets,
// some won, some left halfway, some with events undone.
func playGames(t *testing.T, j *Journal, r *rand.Rand, n int, check func(int)) {
	t.Helper()
	ctx := context.Background()
	names := []string{"Mia", "Ben", "Cy", "Dee", "Gus", "mia"}
	presets := []string{"rules official", "rules house-ru", "rules official +stacking", "rules house-ru +jump-in"}
	for g := range n {
		k := 2 + r.IntN(3)
		var players []string
		for _, i := range r.Perm(len(names))[:k] {
			players = append(players, names[i])
		}
		evs := genEvents(r.Uint64(), 40+r.IntN(400), presets[r.IntN(len(presets))], players...)
		tb, err := j.NewGame(ctx, evs[0].Names, evs[1:3]...)
		if err != nil {
			t.Fatal(err)
		}
		for i, ev := range evs[3:] {
			if _, err := tb.Apply(ctx, ev); err != nil && !errors.Is(err, ErrEnded) {
				t.Fatalf("game %d: Apply(%q) = %v", g, ev.String(), err)
			}
			if i%97 == 50 {
				if _, err := tb.Undo(ctx); err != nil {
					t.Fatalf("game %d: Undo = %v", g, err)
				}
			}
			if i == 30 && check != nil {
				check(g)
			}
		}
		if err := tb.End(ctx); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRollupsFollow plays forty games and changes the record as a family
// does (roster players added and merged, seats moved) and as a hand with
// sqlite3 might (a winner changed, a clock gone wrong, a game deleted):
// the rollups stay what a recount gives, and every period's statistics
// stay those of the games read one by one.
func TestRollupsFollow(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "unoref.db")
	j, err := Open(ctx, path, &Opts{Now: testClock(), Warn: func(err error) { t.Errorf("warning: %v", err) }})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	for _, n := range []string{"Mia", "Ben", "Cy"} {
		if _, err := j.AddPlayer(ctx, Player{Name: n, Seat: NoSeat}); err != nil {
			t.Fatal(err)
		}
	}
	r := rand.New(rand.NewPCG(7, 11))
	playGames(t, j, r, 40, func(g int) {
		if g%13 == 12 {
			// A game in play: its block is dirty.
			checkStats(t, j, fmt.Sprintf("during game %d", g+1))
		}
	})
	checkRollups(t, j, "after play")
	checkStats(t, j, "after play")

	// Guests who join the roster, one player in two names, seats moved.
	if _, err := j.AddPlayer(ctx, Player{Name: "Gus", Seat: NoSeat}); err != nil {
		t.Fatal(err)
	}
	dee, err := j.AddPlayer(ctx, Player{Name: "Dee", Seat: NoSeat})
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Merge(ctx, dee.ID, 3); err != nil && !errors.Is(err, ErrSameGame) {
		t.Fatal(err)
	}
	for g := int64(2); g < 40; g += 7 {
		if err := j.MoveSeat(ctx, g, 0, []string{"", "Eve", "Ben"}[g%3]); err != nil && !errors.Is(err, ErrSameGame) {
			t.Fatal(err)
		}
	}
	checkRollups(t, j, "after roster changes")
	checkStats(t, j, "after roster changes")

	// By hand: nothing is counted again until the next flush, and the
	// statistics must not wait for it.
	for _, q := range []string{
		"UPDATE games SET winner = (SELECT name FROM seats WHERE game_id = 9 AND seat = 1) WHERE id = 9",
		"UPDATE games SET started_at = '2031-01-01T00:00:00.000Z' WHERE id = 20",
		"UPDATE games SET rules = 'rules cars' WHERE id = 33",
		"DELETE FROM games WHERE id = 26",
	} {
		if _, err := j.db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	checkStats(t, j, "after changes by hand")
	checkRollups(t, j, "after changes by hand")
	checkStats(t, j, "after changes by hand, counted")
}

// TestMigrateRollups opens a journal of the release before the rollups
// (schema version 3), with games played: Open adds them up.
func TestMigrateRollups(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "unoref.db")
	old := openSchema(t, path, 3)
	old.warn = func(error) {} // no rollups to count in version 3
	for _, n := range []string{"Mia", "Ben"} {
		if _, err := old.AddPlayer(ctx, Player{Name: n, Seat: NoSeat}); err != nil {
			t.Fatal(err)
		}
	}
	playGames(t, old, rand.New(rand.NewPCG(3, 5)), 20, nil)
	old.Close()

	j, err := Open(ctx, path, &Opts{Warn: func(err error) { t.Errorf("warning: %v", err) }})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	var dirty int
	if err := j.db.QueryRow("SELECT count(*) FROM dirty_blocks").Scan(&dirty); err != nil {
		t.Fatal(err)
	}
	if dirty != 0 {
		t.Errorf("%d blocks left dirty after Open", dirty)
	}
	checkRollups(t, j, "after the migration")
	checkStats(t, j, "after the migration")
}

// TestEveryChangeMarksItsBlock changes each kind of row the rollups add
// up, one at a time, on counted rollups: each change marks its block, and
// counting it again gives what a recount from scratch gives.
func TestEveryChangeMarksItsBlock(t *testing.T) {
	ctx := context.Background()
	j, _ := openTemp(t)
	for _, n := range []string{"Mia", "Ben", "Cy"} {
		if _, err := j.AddPlayer(ctx, Player{Name: n, Seat: NoSeat}); err != nil {
			t.Fatal(err)
		}
	}
	playGames(t, j, rand.New(rand.NewPCG(5, 8)), 20, nil)
	const last = "(SELECT max(id) FROM games)"
	for _, q := range []string{
		"INSERT INTO facts(game_id, seq, seat, kind, round) VALUES (5, 1, 0, 'uno-called', 1)",
		"DELETE FROM facts WHERE game_id = 5 AND seq = 1",
		"INSERT INTO refusals(game_id, seq, seat, round, code, mistake, line, at) VALUES (5, 1, 0, 1, 'zzz', '', 'x', '')",
		"INSERT INTO refusals(game_id, seq, seat, round, code, mistake, line, at) VALUES (5, 1, 0, 1, 'zzz', 'after-wild', 'x', '')",
		"DELETE FROM seat_codes WHERE game_id = 5 AND code = 'zzz'",
		"UPDATE seats SET name = 'Zed' WHERE game_id = 6 AND seat = 0",
		"UPDATE seats SET player_id = NULL WHERE game_id = 6 AND seat = 1",
		"UPDATE games SET rules = 'rules cars' WHERE id = 7",
		"UPDATE games SET started_at = '2020-01-01T00:00:00.000Z' WHERE id = 8",
		"INSERT INTO games(started_at, players, rules) VALUES ('2026-06-01T00:00:00.000Z', 'Mia Zed', 'rules official')",
		"INSERT INTO seats(game_id, seat, name, player_id) VALUES (" + last + ", 0, 'Mia', 1)",
		"INSERT INTO events(game_id, seq, line, ok, code, recorded_at) VALUES (" + last + ", 1, 'players Mia Zed', 1, '', '')",
		"INSERT INTO rounds(game_id, round, winner, ended_seq, ended_at) VALUES (" + last + ", 1, 'Mia', 1, '')",
		"INSERT INTO round_scores(game_id, round, seat, player, points, total, left_points) VALUES (" + last + ", 1, 0, 'Mia', 30, 30, 0)",
		"UPDATE games SET winner = 'Mia' WHERE id = " + last,
		"DELETE FROM rounds WHERE game_id = " + last,
		"DELETE FROM seats WHERE game_id = 10 AND seat = 0",
		"DELETE FROM games WHERE id = 11",
	} {
		j.flushRollups(ctx)
		if _, err := j.db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		var dirty int
		if err := j.db.QueryRow("SELECT count(*) FROM dirty_blocks").Scan(&dirty); err != nil {
			t.Fatal(err)
		}
		if dirty == 0 && !strings.HasPrefix(q, "INSERT INTO events") {
			t.Errorf("%s: no block marked", q)
		}
		checkStats(t, j, q)
		checkRollups(t, j, q)
	}
}
