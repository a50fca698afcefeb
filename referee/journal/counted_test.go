package journal

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/tablelog"
)

// familyJournal is a journal with the roster names, in order (ids 1, 2…).
func familyJournal(t *testing.T, names ...string) *Journal {
	t.Helper()
	j, _ := openTemp(t)
	addPlayers(t, j, names...)
	return j
}

func addPlayers(t *testing.T, j *Journal, names ...string) {
	t.Helper()
	for _, n := range names {
		if _, err := j.AddPlayer(context.Background(), Player{Name: n, Seat: NoSeat}); err != nil {
			t.Fatal(err)
		}
	}
}

// playEnded plays the table logs of testdata in j, each game ended
// (abandoned unless won).
func playEnded(t *testing.T, j *Journal, names ...string) {
	t.Helper()
	for _, n := range names {
		if err := playText(t, j, readText(t, n)).End(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
}

// applyLines applies table-log lines to tb.
func applyLines(t *testing.T, tb *Recorder, lines ...string) {
	t.Helper()
	for _, line := range lines {
		ev, _, err := tablelog.Parse(line, 0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tb.Apply(context.Background(), ev); err != nil {
			t.Fatalf("Apply(%q) = %v", line, err)
		}
	}
}

// statsByName is the statistics of the period by player name.
func statsByName(t *testing.T, j *Journal, p Period) map[string]PlayerStats {
	t.Helper()
	f, err := j.Stats(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]PlayerStats{}
	for _, s := range f.Players {
		m[s.Player.Name] = s
	}
	return m
}

// A wrong jump-in (house-ru) is a card played on another's turn: the
// out-of-turn mistake, as a refused not-your-turn is.
func TestWrongJumpInIsOutOfTurn(t *testing.T) {
	j := familyJournal(t, "Mia", "Ben", "Cy")
	playText(t, j, readText(t, "wrong-jump-in.log")) // on the table: it counts
	cy := statsByName(t, j, Period{})["Cy"]
	want := PlayerStats{Refused: 1, ByCode: map[string]int{"no-jump-in": 1}, Mistakes: map[string]int{MistakeOutOfTurn: 1}}
	got := PlayerStats{Refused: cy.Refused, ByCode: cy.ByCode, Mistakes: cy.Mistakes}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Cy's refusals after a wrong jump-in (-want +got):\n%s", d)
	}
}

// unoCounts are the UNO figures of a player's record.
type unoCounts struct {
	Called, Forgot, ForgotCaught, CaughtOthers int
}

// The UNO figures: calls made, calls forgotten whoever caught them (the
// referee, a player, nobody), and the catches of others' forgotten calls.
func TestUnoCounts(t *testing.T) {
	j := familyJournal(t, "Mia", "Ben")
	playEnded(t, j, "hand-game1.log", "uno-catch.log")
	got := map[string]unoCounts{}
	for n, s := range statsByName(t, j, Period{}) {
		got[n] = unoCounts{s.UnoCalled, s.UnoForgot, s.UnoCaught, s.UnoCatches}
	}
	want := map[string]unoCounts{
		// hand-game1: Mia calls twice; uno-catch: she forgets once, nobody
		// catches it, and she catches Ben.
		"Mia": {Called: 2, Forgot: 1, CaughtOthers: 1},
		// hand-game1: the referee catches Ben once, a catch without a
		// catcher once; uno-catch: Mia catches him.
		"Ben": {Forgot: 3, ForgotCaught: 2},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("UNO figures (-want +got):\n%s", d)
	}
	if ben := statsByName(t, j, Period{})["Ben"]; ben.ByCode["bad-catch"] != 1 {
		t.Errorf("Ben's refusals %v, want his catch of himself (bad-catch)", ben.ByCode)
	}
	checkRollups(t, j, "after the UNO games")
	checkStats(t, j, "after the UNO games")
}

// A game abandoned before its first round ended was not played: no game,
// no refusal, not one of the last games; a game on the table counts.
func TestUnplayedGameNotCounted(t *testing.T) {
	ctx := context.Background()
	j := familyJournal(t, "Mia", "Ben")
	playEnded(t, j, "hand-game1.log")
	tb, err := j.NewGame(ctx, []string{"Mia", "Ben"}, tablelog.Event{Kind: tablelog.Rules, Preset: "official"})
	if err != nil {
		t.Fatal(err)
	}
	applyLines(t, tb, "start R5", "play B4") // Ben's turn (Mia deals): refused illegal-card
	check := func(when string, games, benRefused, lastGame int) {
		t.Helper()
		f, err := j.Stats(ctx, Period{})
		if err != nil {
			t.Fatal(err)
		}
		roster, err := j.Roster(ctx)
		if err != nil {
			t.Fatal(err)
		}
		last := statsByName(t, j, Period{Last: 1})["Mia"].Trend
		bens, err := j.Stats(ctx, Period{Player: 2})
		if err != nil {
			t.Fatal(err)
		}
		got := []int{f.Games, roster[0].Games, statsByName(t, j, Period{})["Ben"].Refused, int(last[len(last)-1].Game),
			bens.ByCode[referee.ErrIllegalCard]}
		// In Ben's games: his wrong card in hand-game1, and this one.
		want := []int{games, games, benRefused, lastGame, benRefused}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s: games, Ben's games on the roster, Ben's refusals, the last game, wrong cards in Ben's games (-want +got):\n%s", when, d)
		}
		checkRollups(t, j, when)
		checkStats(t, j, when)
	}
	check("a game on the table", 2, 2, 2)
	if err := tb.End(ctx); err != nil {
		t.Fatal(err)
	}
	check("abandoned before a round ended", 1, 1, 1)
	if gs, _ := j.Games(ctx); len(gs) != 2 || gs[1].Status() != "abandoned" {
		t.Errorf("the history lists %+v, want the abandoned game too", gs)
	}
}

// A player's id is never given again: a saved link to /family/3 never
// opens someone else.
func TestIDsNeverGivenAgain(t *testing.T) {
	ctx := context.Background()
	j := familyJournal(t, "Mia", "Ben", "Cy")
	if err := j.Merge(ctx, 3, 2); err != nil {
		t.Fatal(err)
	}
	dee, err := j.AddPlayer(ctx, Player{Name: "Dee", Seat: NoSeat})
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Merge(ctx, 2, 1); err != nil {
		t.Fatal(err)
	}
	playEnded(t, j, "hand-game2.log") // Cy, a guest, becomes one by MoveSeat
	if err := j.MoveSeat(ctx, 1, 2, "Eve"); err != nil {
		t.Fatal(err)
	}
	eve, err := j.PlayerByName(ctx, "Eve")
	if err != nil {
		t.Fatal(err)
	}
	if got := []int64{dee.ID, eve.ID}; !cmp.Equal(got, []int64{4, 5}) {
		t.Errorf("ids of the players added after merges %v, want [4 5]", got)
	}
	for _, id := range []int64{2, 3} {
		if _, err := j.PlayerStats(ctx, id, Period{}); !errors.Is(err, ErrNoPlayer) {
			t.Errorf("PlayerStats(%d) of a player merged away = %v, want ErrNoPlayer", id, err)
		}
	}
}

// exportOf is game's log as Export writes it.
func exportOf(t *testing.T, j *Journal, game int64) string {
	t.Helper()
	var b bytes.Buffer
	if err := j.Export(context.Background(), game, &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// The exports of a journal, played into a new one, give the same record:
// the refusals that changed nothing are in them, where they were made.
func TestExportsRebuildTheRecord(t *testing.T) {
	ctx := context.Background()
	logs := []string{"hand-game1.log", "hand-game2.log", "uno-catch.log", "wrong-jump-in.log"}
	first := familyJournal(t, "Mia", "Ben", "Cy")
	playEnded(t, first, logs...)
	again := familyJournal(t, "Mia", "Ben", "Cy")
	for i := range logs {
		if err := playText(t, again, exportOf(t, first, int64(i+1))).End(ctx); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []Period{{}, {Player: 2}, {Last: 2}} {
		want, err := first.Stats(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		got, err := again.Stats(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("Stats(%+v) of the journal played from the logs (-first +again):\n%s", p, d)
		}
	}
}

// A refusal made after an event that was undone counts, but the export
// goes on without it; one made before it stays.
func TestExportLeavesUndoneRefusals(t *testing.T) {
	ctx := context.Background()
	j := familyJournal(t, "Mia", "Ben")
	tb := playText(t, j, "players Mia Ben\nrules official\ndealer Ben\nstart R5\nplay B9\nplay R1\nplay G9\n")
	if _, err := tb.Undo(ctx); err != nil {
		t.Fatal(err)
	}
	applyLines(t, tb, "play R2")
	got := strings.SplitN(exportOf(t, j, 1), "\n", 2)[1]
	want := "players Mia Ben\nrules official\ndealer Ben\nstart R5\nplay B9\nplay R2\n"
	if got != want {
		t.Errorf("log after an undo:\n%s\nwant\n%s", got, want)
	}
	if ben := statsByName(t, j, Period{})["Ben"]; ben.Refused != 1 {
		t.Errorf("Ben refused %d times, want 1 (the undo took back his play, not his refusal)", ben.Refused)
	}
}

// The last N games are the N started last, whatever their ids (a game
// imported from another box has a new id and an old start).
func TestLastIsStartedLast(t *testing.T) {
	j := familyJournal(t, "Mia", "Ben")
	playEnded(t, j, "hand-game1.log", "hand-game1.log", "hand-game1.log")
	if _, err := j.db.Exec("UPDATE games SET started_at = '2020-01-01T19:00:00.000Z' WHERE id = 3"); err != nil {
		t.Fatal(err)
	}
	trend := statsByName(t, j, Period{Last: 2})["Mia"].Trend
	var got []int64
	for _, g := range trend {
		got = append(got, g.Game)
	}
	if d := cmp.Diff([]int64{1, 2}, got); d != "" {
		t.Errorf("the last two games (-want +got):\n%s", d)
	}
	checkStats(t, j, "with a game started before the others")
	// The history's pages go by start too.
	for _, tt := range []struct {
		before int64
		want   []int64
	}{{0, []int64{1, 2}}, {1, []int64{3}}, {3, nil}} {
		gs, err := j.RecentGames(context.Background(), tt.before, 2)
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for _, g := range gs {
			ids = append(ids, g.ID)
		}
		if d := cmp.Diff(tt.want, ids); d != "" {
			t.Errorf("RecentGames(%d, 2) (-want +got):\n%s", tt.before, d)
		}
	}
}

// TestMigrateCounted opens a journal of schema version 5 (the release
// before the record counted what happened) with games played: Open counts
// its wrong jump-ins as plays out of turn and leaves out its game
// abandoned before a round, and from then on no id is given again.
func TestMigrateCounted(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "unoref.db")
	old := openSchema(t, path, 5)
	old.warn = func(error) {} // version 5 has no rollup of the new counts
	addPlayers(t, old, "Mia", "Ben", "Cy", "Dee")
	tb, err := old.NewGame(ctx, []string{"Mia", "Ben"}, tablelog.Event{Kind: tablelog.Rules, Preset: "official"})
	if err != nil {
		t.Fatal(err)
	}
	tb.End(ctx)
	playEnded(t, old, "uno-catch.log")
	playText(t, old, readText(t, "wrong-jump-in.log"))
	old.Close()

	j, err := Open(ctx, path, &Opts{Warn: func(err error) { t.Errorf("warning: %v", err) }})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	checkMigrated(t, j)
	checkRollups(t, j, "after the migration")
	checkStats(t, j, "after the migration")
	f, err := j.Stats(ctx, Period{})
	if err != nil {
		t.Fatal(err)
	}
	if f.Games != 2 {
		t.Errorf("%d games after the migration, want 2 (the third was never played)", f.Games)
	}
	if cy := statsByName(t, j, Period{})["Cy"]; cy.Mistakes[MistakeOutOfTurn] != 1 {
		t.Errorf("Cy's mistakes after the migration %v, want his wrong jump-in out of turn", cy.Mistakes)
	}
	if err := j.Merge(ctx, 4, 1); err != nil {
		t.Fatal(err)
	}
	p, err := j.AddPlayer(ctx, Player{Name: "Eve", Seat: NoSeat})
	if err != nil {
		t.Fatal(err)
	}
	if p.ID != 5 {
		t.Errorf("a player added after a merge got id %d, want 5 (4 was Dee's)", p.ID)
	}
}
