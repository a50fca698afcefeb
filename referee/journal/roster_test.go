package journal

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/tablelog"
)

// openSchema opens path as a journal of an older unoref that knew the
// schema up to version only, written through that version's own SQL.
func openSchema(t testing.TB, path string, version int) *Journal {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=foreign_keys(1)")
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	j := &Journal{db: db, path: path, now: time.Now}
	if err := j.init(context.Background(), migrations[:version]); err != nil {
		db.Close()
		t.Fatal(err)
	}
	return j
}

// releaseJournal copies testdata/v2-release.db, a journal written by the
// release before the roster (schema version 2: games 1 "Mia Ben Cy" under
// house-ru, won by Ben; 2 "mia Ben Cy Dee" official, abandoned; 3 "Ann Ben
// Cy Dee" cars, open), to a temporary file.
func releaseJournal(t *testing.T) string {
	t.Helper()
	return copyFixture(t, "v2-release.db")
}

func TestMigrateReleaseJournal(t *testing.T) {
	ctx := context.Background()
	path := releaseJournal(t)
	j, err := Open(ctx, path, nil)
	if err != nil {
		t.Fatalf("Open(v2 journal) = %v", err)
	}
	defer j.Close()
	checkMigrated(t, j)
	roster, err := j.Roster(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// Every name becomes a player; "Mia" and "mia" are one, spelt as last.
	wantRoster := []Player{
		{ID: 5, Name: "Ann", Seat: NoSeat, Games: 1},
		{ID: 2, Name: "Ben", Seat: NoSeat, Games: 3},
		{ID: 3, Name: "Cy", Seat: NoSeat, Games: 3},
		{ID: 4, Name: "Dee", Seat: NoSeat, Games: 2},
		{ID: 1, Name: "mia", Seat: NoSeat, Games: 2},
	}
	if d := cmp.Diff(wantRoster, roster); d != "" {
		t.Errorf("Roster() after the migration (-want +got):\n%s", d)
	}
	checkShown(t, j, map[int64]string{1: "mia Ben Cy", 2: "mia Ben Cy Dee", 3: "Ann Ben Cy Dee"})

	st, err := j.PlayerStats(ctx, 1, Period{})
	if err != nil {
		t.Fatal(err)
	}
	// From the journaled games: house-ru, mia 253 left and one refused Y6
	// (a mistake-penalty, journaled); official, mia 40 left.
	want := PlayerStats{Games: 2, Rounds: 2, PointsLeft: 293, AvgLeft: 146.5, Refused: 1}
	got := PlayerStats{Games: st.Games, Rounds: st.Rounds, PointsLeft: st.PointsLeft, AvgLeft: st.AvgLeft, Refused: st.Refused}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("PlayerStats(mia) after the migration (-want +got):\n%s", d)
	}

	// The open game resumes and plays on; a rename shows on past games.
	tb, err := j.Resume(ctx)
	if err != nil {
		t.Fatalf("Resume() = %v", err)
	}
	if tb.ID() != 3 {
		t.Errorf("Resume() = game %d, want 3", tb.ID())
	}
	if err := j.EditPlayer(ctx, Player{ID: 1, Name: "Mia", Seat: 0}); err != nil {
		t.Fatalf("EditPlayer(Mia) = %v", err)
	}
	checkShown(t, j, map[int64]string{1: "Mia Ben Cy", 2: "Mia Ben Cy Dee"})
	j.Close()
	// Opening again changes nothing more.
	j2, err := Open(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer j2.Close()
	checkShown(t, j2, map[int64]string{1: "Mia Ben Cy", 2: "Mia Ben Cy Dee", 3: "Ann Ben Cy Dee"})
}

// checkShown checks the players Games shows for some games.
func checkShown(t *testing.T, j *Journal, want map[int64]string) {
	t.Helper()
	gs, err := j.Games(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got := map[int64]string{}
	for _, g := range gs {
		if _, ok := want[g.ID]; ok {
			got[g.ID] = strings.Join(g.Players, " ")
		}
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Games() players (-want +got):\n%s", d)
	}
}

func TestRenameEveryGame(t *testing.T) {
	ctx := context.Background()
	j := handJournal(t)
	mia, err := j.PlayerByName(ctx, "MIA")
	if err != nil {
		t.Fatal(err)
	}
	if err := j.RenameSeat(ctx, 2, "mia", "Mira"); err != nil {
		t.Fatalf("RenameSeat(2, mia, Mira) = %v", err)
	}
	checkShown(t, j, map[int64]string{1: "Mira Ben", 2: "Mira Ben Cy"})
	rounds, err := j.Rounds(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := rounds[0].Winner + " " + rounds[0].Scores[0].Player; got != "Mira Mira" {
		t.Errorf("Rounds(1)[0] winner and seat 0 = %q, want %q", got, "Mira Mira")
	}
	gs, _ := j.Games(ctx)
	if gs[0].Winner != "Mira" {
		t.Errorf("Games()[0].Winner = %q, want Mira", gs[0].Winner)
	}
	st, err := j.PlayerStats(ctx, mia.ID, Period{})
	if err != nil {
		t.Fatal(err)
	}
	if st.Player.Name != "Mira" || st.GamesWon != 1 {
		t.Errorf("PlayerStats(%d) = %s won %d, want Mira won 1", mia.ID, st.Player.Name, st.GamesWon)
	}
	// The table log names them as the history does, and replays.
	var log strings.Builder
	if err := j.Log(ctx, 1, &log); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"players Mira Ben\n", "uno Mira\n", "hand Ben R4 Y2\n"} {
		if !strings.Contains(log.String(), line) {
			t.Errorf("Log(1) has no line %q:\n%s", line, log.String())
		}
	}
	g := referee.New()
	for i, line := range strings.Split(log.String(), "\n") {
		if ev, ok, err := tablelog.Parse(line, i+1); err == nil && ok {
			g.Apply(ev)
		}
	}
	if w := g.State().Winner; w != "Mira" {
		t.Errorf("Log(1) replays to winner %q, want Mira", w)
	}
	// A guest is renamed in one game only; their seat name clears it.
	tests := []struct {
		name, seat, to string
		want           string
		err            error
	}{
		{"guest", "Cy", "Cyril", "Mira Ben Cyril", nil},
		{"guest back", "Cy", "Cy", "Mira Ben Cy", nil},
		{"a roster name", "Cy", "ben", "Mira Ben Cy", ErrNameTaken},
		{"roster onto a roster name", "Ben", "MIRA", "Mira Ben Cy", ErrNameTaken},
		{"onto a guest of a shared game", "Ben", "cy", "Mira Ben Cy", ErrNameTaken},
		{"nobody", "Zed", "Zoe", "Mira Ben Cy", ErrNoSeat},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := j.RenameSeat(ctx, 2, tt.seat, tt.to)
			if !errors.Is(err, tt.err) {
				t.Fatalf("RenameSeat(2, %q, %q) = %v, want %v", tt.seat, tt.to, err, tt.err)
			}
			checkShown(t, j, map[int64]string{2: tt.want})
		})
	}
}

func TestMergeAndMove(t *testing.T) {
	ctx := context.Background()
	j := handJournal(t)
	// Cy, a guest, joins the roster: their past seat is theirs.
	cy, err := j.AddPlayer(ctx, Player{Name: "CY", Mark: "★", Seat: 2})
	if err != nil {
		t.Fatal(err)
	}
	if cy.Games != 1 {
		t.Errorf("AddPlayer(CY).Games = %d, want 1", cy.Games)
	}
	if _, err := j.AddPlayer(ctx, Player{Name: "ben"}); !errors.Is(err, ErrNameTaken) {
		t.Errorf("AddPlayer(ben) = %v, want %v", err, ErrNameTaken)
	}
	if err := j.Merge(ctx, cy.ID, 1); !errors.Is(err, ErrSameGame) {
		t.Errorf("Merge(Cy, Mia) = %v, want %v", err, ErrSameGame)
	}
	// Split: game 2's "mia" was someone else.
	if err := j.MoveSeat(ctx, 2, 0, "Mila"); err != nil {
		t.Fatalf("MoveSeat(2, 0, Mila) = %v", err)
	}
	checkShown(t, j, map[int64]string{1: "Mia Ben", 2: "Mila Ben CY"})
	mila, err := j.PlayerByName(ctx, "mila")
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Merge(ctx, mila.ID, 1); err != nil {
		t.Fatalf("Merge(Mila, Mia) = %v", err)
	}
	checkShown(t, j, map[int64]string{1: "Mia Ben", 2: "Mia Ben CY"})
	if err := j.MoveSeat(ctx, 2, 2, ""); err != nil {
		t.Fatalf("MoveSeat(2, 2, guest) = %v", err)
	}
	checkShown(t, j, map[int64]string{2: "Mia Ben Cy"})
	if err := j.MoveSeat(ctx, 2, 1, "Mia"); !errors.Is(err, ErrSameGame) {
		t.Errorf("MoveSeat(2, 1, Mia) = %v, want %v", err, ErrSameGame)
	}
	if err := j.MoveSeat(ctx, 2, 7, "Zoe"); !errors.Is(err, ErrNoSeat) {
		t.Errorf("MoveSeat(2, 7, Zoe) = %v, want %v", err, ErrNoSeat)
	}
}

func TestMigrateUnreplayableGame(t *testing.T) {
	ctx := context.Background()
	path := releaseJournal(t)
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	// Game 1's tenth event no longer replays (an engine changed since).
	if _, err := db.Exec("UPDATE events SET line = 'play B9' WHERE game_id = 1 AND seq = 10"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	j, err := Open(ctx, path, nil)
	if err != nil {
		t.Fatalf("Open(a journal with a game that does not replay) = %v", err)
	}
	defer j.Close()
	checkShown(t, j, map[int64]string{1: "mia Ben Cy", 2: "mia Ben Cy Dee"})
	st, err := j.PlayerStats(ctx, 2, Period{})
	if err != nil {
		t.Fatal(err)
	}
	if st.Games != 3 || st.Rounds != 2 || st.GamesWon != 1 {
		t.Errorf("PlayerStats(Ben) = %d games (%d won), %d rounds; want 3 (1 won), 2", st.Games, st.GamesWon, st.Rounds)
	}
}

// TestRosterFoldsNFC: names match in NFC as well as case-folded, so "Zoë"
// written with a combining diaeresis is the roster's Zoë.
func TestRosterFoldsNFC(t *testing.T) {
	ctx := context.Background()
	j := handJournal(t)
	if _, err := j.AddPlayer(ctx, Player{Name: "Zo\u00eb", Seat: NoSeat}); err != nil {
		t.Fatal(err)
	}
	if _, err := j.AddPlayer(ctx, Player{Name: "ZOE\u0308", Seat: NoSeat}); !errors.Is(err, ErrNameTaken) {
		t.Errorf("AddPlayer(ZOË in NFD) = %v, want %v", err, ErrNameTaken)
	}
	p, err := j.PlayerByName(ctx, "zoe\u0308")
	if err != nil || p.Name != "Zo\u00eb" {
		t.Errorf("PlayerByName(zoë in NFD) = %+v, %v, want Zoë", p, err)
	}
}
