package journal

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"testing"
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
	for i, g := range gs {
		sim, kept := i/9 == 1 || i/9 == 2, i/9 == 2
		if g.Simulated != sim || g.Kept != kept {
			t.Errorf("game %d: simulated %v kept %v, want %v %v", g.ID, g.Simulated, g.Kept, sim, kept)
		}
		counted[g.ID] = !sim || kept
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
			t.Errorf("%s: %d games counted, want %d (none of the 9 simulated and not kept)", p.Player.Name, p.Games, want)
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

// TestMigrateSimulated opens a journal of the release before the marks
// (schema version 5), with games played: none is marked, all still count,
// and the rollups add up as before.
func TestMigrateSimulated(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "unoref.db")
	old := openSchema(t, path, 5)
	old.warn = func(error) {}
	for _, n := range []string{"Mia", "Ben"} {
		if _, err := old.AddPlayer(ctx, Player{Name: n, Seat: NoSeat}); err != nil {
			t.Fatal(err)
		}
	}
	playGames(t, old, rand.New(rand.NewPCG(3, 9)), 20, nil)
	before, err := old.Stats(ctx, Period{})
	if err != nil {
		t.Fatal(err)
	}
	old.Close()

	j, err := Open(ctx, path, &Opts{Warn: func(err error) { t.Errorf("warning: %v", err) }})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	gs, err := j.Games(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range gs {
		if g.Simulated || g.Kept {
			t.Errorf("game %d migrated as simulated %v, kept %v", g.ID, g.Simulated, g.Kept)
		}
	}
	after, err := j.Stats(ctx, Period{})
	if err != nil || after.Games != before.Games || len(after.Players) != len(before.Players) || after.Players[0].Games != before.Players[0].Games {
		t.Errorf("the record after the migration: %d games, %v; before %d", after.Games, err, before.Games)
	}
	checkRollups(t, j, "after the migration")
	checkStats(t, j, "after the migration")
}
