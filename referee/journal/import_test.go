package journal

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/unoref/unoref/referee/tablelog"
)

// twoBoxes are the journals of a family's two boxes that share games and
// players. Home: Mia, Ben and Cy on the roster; game 1 hand-game1.log (Mia
// and Ben), game 2 uno-catch.log. The grandparents' box, a month later:
// "mia" and Gran (★) on its roster; it imported home's two games (Ben
// joined its roster then, "Mia" is its "mia"), then played hand-game1.log again (its own game), gran.log
// (Gran and mia, a round), and has a game on the table.
func twoBoxes(t *testing.T) (home, gran *Journal) {
	t.Helper()
	ctx := context.Background()
	home = familyJournal(t, "Mia", "Ben", "Cy")
	playEnded(t, home, "hand-game1.log", "uno-catch.log")

	at := time.Date(2026, 6, 1, 16, 0, 0, 0, time.UTC)
	gran, err := Open(ctx, filepath.Join(t.TempDir(), "gran.db"), &Opts{Now: func() time.Time { at = at.Add(time.Second); return at }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { gran.Close() })
	addPlayers(t, gran, "mia")
	if _, err := gran.AddPlayer(ctx, Player{Name: "Gran", Mark: "★", Seat: 0}); err != nil {
		t.Fatal(err)
	}
	if _, err := gran.Import(ctx, home); err != nil {
		t.Fatal(err)
	}
	playEnded(t, gran, "hand-game1.log", "gran.log")
	if _, err := gran.NewGame(ctx, []string{"Gran", "mia"}, tablelog.Event{Kind: tablelog.Rules, Preset: "official"}); err != nil {
		t.Fatal(err)
	}
	return home, gran
}

func TestImportTwoBoxes(t *testing.T) {
	ctx := context.Background()
	home, gran := twoBoxes(t)

	plan, err := home.PlanImport(ctx, gran)
	if err != nil {
		t.Fatal(err)
	}
	want := ImportPlan{
		Games: 2, Known: 2, Open: 1,
		Players: []ImportPlayer{
			{Name: "Ben", Games: 1, Here: Player{ID: 2, Name: "Ben"}}, // on their roster since they imported home's games
			{Name: "Gran", Games: 1},
			{Name: "mia", Games: 2, Here: Player{ID: 1, Name: "Mia"}},
		},
	}
	opts := cmpopts.IgnoreFields(Player{}, "Seat", "Games")
	if d := cmp.Diff(want, plan, opts); d != "" {
		t.Fatalf("PlanImport (-want +got):\n%s", d)
	}
	if gs, _ := home.Games(ctx); len(gs) != 2 {
		t.Fatalf("the plan wrote: %d games", len(gs))
	}

	done, err := home.Import(ctx, gran)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, done, opts); d != "" {
		t.Errorf("Import (-plan +done):\n%s", d)
	}
	checkRollups(t, home, "after the import")
	checkStats(t, home, "after the import")

	// The record covers both boxes.
	f, err := home.Stats(ctx, Period{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][2]int{}
	for _, s := range f.Players {
		got[s.Player.Name] = [2]int{s.Games, s.UnoForgot}
	}
	wantGames := map[string][2]int{"Mia": {4, 2}, "Ben": {3, 5}, "Cy": {}, "Gran": {1, 0}}
	if f.Games != 4 || !cmp.Equal(wantGames, got) {
		t.Errorf("after the import: %d games, players' games and UNO forgotten %v; want 4, %v", f.Games, got, wantGames)
	}
	gran4, err := home.PlayerByName(ctx, "gran")
	if err != nil || gran4.ID != 4 || gran4.Mark != "★" || gran4.Seat != 0 {
		t.Errorf("Gran on the roster here: %+v, %v; want id 4, ★, the first seat", gran4, err)
	}
	// A game reads here as it did there, Mia spelt as the roster here does.
	gs, err := home.Games(ctx)
	if err != nil {
		t.Fatal(err)
	}
	theirs, err := gran.Games(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range gs {
		if g.ID != int64(i+1) || g.StartedAt != theirs[i].StartedAt {
			t.Errorf("game %d here started %v, game %d there %v: want the games in the order they started", g.ID, g.StartedAt, theirs[i].ID, theirs[i].StartedAt)
		}
		here, there := exportOf(t, home, g.ID), exportOf(t, gran, theirs[i].ID)
		if _, h, _ := strings.Cut(here, "\n"); !strings.HasSuffix(strings.ToLower(there), strings.ToLower(h)) {
			t.Errorf("game %d exports here as\n%s\nand there as\n%s", g.ID, here, there)
		}
	}

	// Twice changes nothing, and neither does importing back.
	before, _ := home.Stats(ctx, Period{})
	again, err := home.Import(ctx, gran)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(ImportPlan{Known: 4, Open: 1}, again); d != "" {
		t.Errorf("a second import (-want +got):\n%s", d)
	}
	after, _ := home.Stats(ctx, Period{})
	if d := cmp.Diff(before, after); d != "" {
		t.Errorf("a second import changed the record (-before +after):\n%s", d)
	}
	back, err := gran.PlanImport(ctx, home)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(ImportPlan{Known: 4}, back); d != "" {
		t.Errorf("importing back (-want +got):\n%s", d)
	}
}

// A player new here takes the guest seats of their name here, as one added
// to the roster does; the plan says how many.
func TestImportClaimsGuests(t *testing.T) {
	ctx := context.Background()
	home, gran := twoBoxes(t)
	// Played here first, Gran a guest.
	tb := playText(t, home, strings.NewReplacer("Gran", "gran", "mia", "Mia").Replace(readText(t, "gran.log")))
	if err := tb.End(ctx); err != nil {
		t.Fatal(err)
	}
	plan, err := home.PlanImport(ctx, gran)
	if err != nil {
		t.Fatal(err)
	}
	if i := len(plan.Players) - 2; plan.Players[i].Name != "Gran" || plan.Players[i].Claims != 1 {
		t.Fatalf("plan's players %+v: want Gran, new, claiming 1 guest seat", plan.Players)
	}
	if _, err := home.Import(ctx, gran); err != nil {
		t.Fatal(err)
	}
	g, err := home.PlayerByName(ctx, "Gran")
	if err != nil {
		t.Fatal(err)
	}
	if st, err := home.PlayerStats(ctx, g.ID, Period{}); err != nil || st.Games != 2 {
		t.Errorf("Gran's games here: %d, %v; want 2 (one played here as a guest, one there)", st.Games, err)
	}
}

// TestImportCarriesMarks: a game another box played on simulated devices
// comes with its marks. One not kept there (a demo) is listed here and
// stays out of the record, as it was there; one kept there counts here.
func TestImportCarriesMarks(t *testing.T) {
	ctx := context.Background()
	home := familyJournal(t, "Mia", "Ben")
	playEnded(t, home, "hand-game1.log")

	at := time.Date(2026, 6, 1, 16, 0, 0, 0, time.UTC)
	clock := func() time.Time { at = at.Add(time.Second); return at }
	path := filepath.Join(t.TempDir(), "demo.db")
	for _, o := range []Opts{{Simulated: true}, {Simulated: true, KeepSimulated: true}} {
		o.Now = clock
		demo, err := Open(ctx, path, &o)
		if err != nil {
			t.Fatal(err)
		}
		log := "gran.log" // Gran and mia, a round: a demo
		if o.KeepSimulated {
			log = "hand-game1.log" // Mia and Ben, from the page, kept
		}
		playEnded(t, demo, log)
		demo.Close()
	}
	demo, err := Open(ctx, path, &Opts{})
	if err != nil {
		t.Fatal(err)
	}
	defer demo.Close()

	plan, err := home.PlanImport(ctx, demo)
	if err != nil {
		t.Fatal(err)
	}
	if plan.Games != 2 || plan.Sim != 1 {
		t.Errorf("PlanImport: %d games, %d simulated and not kept; want 2, 1", plan.Games, plan.Sim)
	}
	if _, err := home.Import(ctx, demo); err != nil {
		t.Fatal(err)
	}
	gs, err := home.Games(ctx)
	if err != nil {
		t.Fatal(err)
	}
	type marks struct {
		Players         string
		Simulated, Kept bool
	}
	var got []marks
	for _, g := range gs {
		got = append(got, marks{strings.Join(g.Players, " "), g.Simulated, g.Kept})
	}
	want := []marks{{"Mia Ben", false, false}, {"Gran Mia", true, false}, {"Mia Ben", true, true}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("the games here after the import (-want +got):\n%s", d)
	}
	f, err := home.Stats(ctx, Period{})
	if err != nil {
		t.Fatal(err)
	}
	if f.Games != 2 {
		t.Errorf("the record after the import: %d games, want 2 (home's, and the kept one)", f.Games)
	}
	if mia := statsByName(t, home, Period{})["Mia"]; mia.Games != 2 || mia.UnoForgot != 0 {
		t.Errorf("Mia after the import: %d games, %d UNO forgotten; want 2 and none (the demo's is left out)", mia.Games, mia.UnoForgot)
	}
	checkRollups(t, home, "after the import")
	checkStats(t, home, "after the import")
}
