package journal

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSimulatedLeftOut: games a journal starts on simulated devices are
// marked, listed by the history, and left out of the family's statistics
// unless kept; the rollups stay exact, also when a mark is changed by
// hand.
func TestSimulatedLeftOut(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "unoref.db")
	r := rand.New(rand.NewPCG(13, 17))
	var last *Journal
	for i, o := range []Opts{{}, {Simulated: true}, {Simulated: true, KeepSimulated: true}, {}} {
		o.Now, o.Warn = testClock(), func(err error) { t.Errorf("warning: %v", err) }
		j, err := Open(ctx, path, &o)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			for _, n := range []string{"Mia", "Ben", "Cy"} {
				if _, err := j.AddPlayer(ctx, Player{Name: n, Seat: NoSeat}); err != nil {
					t.Fatal(err)
				}
			}
		}
		playGames(t, j, r, 9, nil)
		if i < 3 {
			j.Close()
		}
		last = j
	}
	j := last
	defer j.Close()
	gs, err := j.Games(ctx)
	if err != nil || len(gs) != 36 {
		t.Fatalf("Games = %d games, %v; want 36", len(gs), err)
	}
	counted := map[int64]bool{}
	for _, g := range gs {
		// Ids run on from one Open to the next; the clocks start again.
		i := int(g.ID - 1)
		sim, kept := i/9 == 1 || i/9 == 2, i/9 == 2
		if g.Simulated != sim || g.Kept != kept {
			t.Errorf("game %d: simulated %v kept %v, want %v %v", g.ID, g.Simulated, g.Kept, sim, kept)
		}
		// Played, too (playedGame): won, or a round played to its end.
		counted[g.ID] = (!sim || kept) && (g.Winner != "" || g.Rounds > 0 || g.Open())
	}
	// Every game a roster player sat in counts for them, but those left out.
	f, err := j.Stats(ctx, Period{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range f.Players {
		var want int
		for _, g := range gs {
			if counted[g.ID] && sat(t, j, g.ID, p.Player.ID) {
				want++
			}
		}
		if p.Games != want {
			t.Errorf("%s: %d games counted, want %d (none of the 9 simulated and not kept, none unplayed)", p.Player.Name, p.Games, want)
		}
	}
	checkRollups(t, j, "after play")
	checkStats(t, j, "after play")
	for _, q := range []string{"UPDATE games SET kept = 1 WHERE id = 12", "UPDATE games SET simulated = 1 WHERE id = 3"} {
		j.flushRollups(ctx)
		if _, err := j.db.Exec(q); err != nil {
			t.Fatal(err)
		}
		var dirty int
		if err := j.db.QueryRow("SELECT count(*) FROM dirty_blocks").Scan(&dirty); err != nil || dirty == 0 {
			t.Errorf("%s: no block marked (%v)", q, err)
		}
		checkStats(t, j, q)
		checkRollups(t, j, q)
	}
}

// sat reports whether roster player id sat in game.
func sat(t *testing.T, j *Journal, game, id int64) bool {
	t.Helper()
	var n int
	if err := j.db.QueryRow("SELECT count(*) FROM seats WHERE game_id = ? AND player_id = ?", game, id).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n > 0
}

// TestMigrateToSimulated opens journals written before the marks and
// migrates them to schema version 7: testdata/v5-before-record.db (written
// by unoref at 526a353, schema version 5, before the record counted what
// happened) and testdata/v6-record.db (written by main at 3df1b75, schema
// version 6 as record made it: a UNO caught with catch NAME by NAME, a
// player merged away). Each holds games won, games abandoned after rounds
// and before any, a wrong jump-in, refusals and guests. After Open, both
// have the marks and step 6's rows, the record's views count what step 6
// counts less the simulated games not kept, no game is marked, and the
// figures are those main gives the same file (the .stats.json beside it:
// Stats by main's code after its Open). A simulated game played then stays
// out of them; a kept one counts.
func TestMigrateToSimulated(t *testing.T) {
	for _, fixture := range []string{"v5-before-record", "v6-record"} {
		t.Run(fixture, func(t *testing.T) {
			ctx := context.Background()
			path := copyFixture(t, fixture+".db")
			warn := func(err error) { t.Errorf("warning: %v", err) }
			j, err := Open(ctx, path, &Opts{Warn: warn})
			if err != nil {
				t.Fatal(err)
			}
			checkMigrated(t, j)
			checkSchema7(t, j)
			gs, err := j.Games(ctx)
			if err != nil || len(gs) < 7 {
				t.Fatalf("Games = %d games, %v; want the fixture's 7 or more", len(gs), err)
			}
			for _, g := range gs {
				if g.Simulated || g.Kept {
					t.Errorf("game %d migrated as simulated %v, kept %v", g.ID, g.Simulated, g.Kept)
				}
			}
			want, err := os.ReadFile(filepath.Join("testdata", fixture+".stats.json"))
			if err != nil {
				t.Fatal(err)
			}
			before := statsJSON(t, j)
			if d := cmp.Diff(string(want), before); d != "" {
				t.Errorf("the record after the migration differs from main's (-main +here):\n%s", d)
			}
			checkRollups(t, j, "after the migration")
			checkStats(t, j, "after the migration")
			j.Close()

			// A game on simulated devices, not kept, then one kept.
			for _, keep := range []bool{false, true} {
				j, err := Open(ctx, path, &Opts{Warn: warn, Simulated: true, KeepSimulated: keep})
				if err != nil {
					t.Fatal(err)
				}
				if err := playText(t, j, readText(t, "hand-game1.log")).End(ctx); err != nil {
					t.Fatal(err)
				}
				f, err := j.Stats(ctx, Period{})
				if err != nil {
					t.Fatal(err)
				}
				switch got := statsJSON(t, j); {
				case !keep && got != before:
					t.Errorf("a simulated game not kept changed the record (-before +after):\n%s", cmp.Diff(before, got))
				case keep && f.Games != gamesOf(t, before)+1:
					t.Errorf("a kept simulated game: %d games in the record, want %d", f.Games, gamesOf(t, before)+1)
				}
				checkRollups(t, j, "after a simulated game")
				checkStats(t, j, "after a simulated game")
				j.Close()
			}
		})
	}
}

// copyFixture copies testdata/name to a temporary journal file.
func copyFixture(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "unoref.db")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// checkSchema7 checks what steps 6 and 7 made: the marks and their index,
// step 6's table and columns, the record's four views filtering on both
// rules, and the trigger that counts a block again when a mark changes.
func checkSchema7(t *testing.T, j *Journal) {
	t.Helper()
	cols := func(table string) map[string]bool {
		m := map[string]bool{}
		rows, err := j.db.Query("SELECT name FROM pragma_table_info(?)", table)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var n string
			if err := rows.Scan(&n); err != nil {
				t.Fatal(err)
			}
			m[n] = true
		}
		return m
	}
	for table, want := range map[string][]string{
		"games":           {"simulated", "kept", "winner", "ended_at"},
		"refusals":        {"undone"},
		"seat_totals":     {"uno_uncaught", "uno_catches"},
		"retired_players": {"id"},
	} {
		got := cols(table)
		for _, c := range want {
			if !got[c] {
				t.Errorf("%s has no column %s after the migration", table, c)
			}
		}
	}
	schemaSQL := func(kind, name string) string {
		var q string
		if err := j.db.QueryRow("SELECT sql FROM sqlite_master WHERE type = ? AND name = ?", kind, name).Scan(&q); err != nil {
			t.Fatalf("%s %s: %v", kind, name, err)
		}
		return q
	}
	for _, v := range []string{"game_stats", "seat_stats", "seat_code_stats"} {
		q := schemaSQL("view", v)
		for _, want := range []string{playedGame, inRecord} {
			if !strings.Contains(q, want) {
				t.Errorf("view %s does not filter on %s:\n%s", v, want, q)
			}
		}
	}
	if q := schemaSQL("view", "seat_pairs"); !strings.Contains(q, "FROM seat_stats a JOIN seat_stats b") {
		t.Errorf("view seat_pairs is not over seat_stats:\n%s", q)
	}
	if q := schemaSQL("view", "seat_stats"); !strings.Contains(q, "t.uno_uncaught, t.uno_catches") {
		t.Errorf("view seat_stats lost step 6's UNO counts:\n%s", q)
	}
	if q := schemaSQL("trigger", "rollup_game_change"); !strings.Contains(q, "ended_at, simulated, kept") {
		t.Errorf("trigger rollup_game_change does not follow the marks and the end:\n%s", q)
	}
	schemaSQL("index", "games_left_out")
	schemaSQL("index", "games_unwon")
}

// statsJSON is the family's record of all time, as `unoref stats --json`
// writes it.
func statsJSON(t *testing.T, j *Journal) string {
	t.Helper()
	f, err := j.Stats(context.Background(), Period{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n"
}

// gamesOf is the games of a record statsJSON wrote.
func gamesOf(t *testing.T, record string) int {
	t.Helper()
	var f FamilyStats
	if err := json.Unmarshal([]byte(record), &f); err != nil {
		t.Fatal(err)
	}
	return f.Games
}

// TestReleasedStepsNeverChange pins the schema steps journals on the
// families' boxes may already have taken: a step once released is never
// changed (schema.go), or a journal past it would miss what was changed.
// Step 6 is record's (counted.go), whose views simulated.go shares.
func TestReleasedStepsNeverChange(t *testing.T) {
	released := []string{
		"cdf6c7411c292b9e67b6a5f8a83a4b93d774b0b5f16401cf4ed3b7368ffcdc4d",
		"03f1eb9aab8a7d50c86405b6157664d5fb03088297ede3fe8427f14e341218b0",
		"5c9ed933edec59dfee30d6400ce8dd85a9a6eafdaee2d7f66ca1b7e279727967",
		"826eedc4dcf8ed6e49b47612126f7f34b82e9edbe6795328113b471af2e80daf",
		"7b47affaa9030939766b507ddbccc51b6a8f89ce931bc7bdc5f0cd45f67f26af",
		"70a00f8a018a581a7aed365435f89978a94ffdc6b1dc7bf329de4d43dc8ac730",
	}
	for i, want := range released {
		if got := fmt.Sprintf("%x", sha256.Sum256([]byte(migrations[i]))); got != want {
			t.Errorf("schema step %d changed: sha256 %s, released as %s", i+1, got, want)
		}
	}
}
