package journal

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/unoref/unoref/referee/tablelog"
)

// readText reads a table log of testdata.
func readText(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// playText plays a table log in j: its setup lines start the game.
func playText(t *testing.T, j *Journal, text string) *Recorder {
	t.Helper()
	ctx := context.Background()
	var evs []tablelog.Event
	for i, line := range strings.Split(text, "\n") {
		ev, ok, err := tablelog.Parse(line, i+1)
		if err != nil {
			t.Fatalf("Parse(%q) = %v", line, err)
		}
		if ok {
			evs = append(evs, ev)
		}
	}
	n := 1
	for evs[n].Kind == tablelog.Rules || evs[n].Kind == tablelog.Dealer {
		n++
	}
	tb, err := j.NewGame(ctx, evs[0].Names, evs[1:n]...)
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range evs[n:] {
		if _, err := tb.Apply(ctx, ev); err != nil {
			t.Fatalf("Apply(%q) = %v", ev.String(), err)
		}
	}
	return tb
}

// handJournal is the journal of the two hand-checked games, Mia and Ben on
// the roster, Cy a guest.
func handJournal(t *testing.T) *Journal {
	t.Helper()
	ctx := context.Background()
	j, _ := openTemp(t)
	for _, n := range []string{"Mia", "Ben"} {
		if _, err := j.AddPlayer(ctx, Player{Name: n, Seat: NoSeat}); err != nil {
			t.Fatal(err)
		}
	}
	tb := playText(t, j, readText(t, "hand-game1.log"))
	if err := tb.End(ctx); err != nil {
		t.Fatal(err)
	}
	playText(t, j, readText(t, "hand-game2.log"))
	return j
}

// statsOpts compare statistics without the players' roster details and
// the times of the trend.
var statsOpts = cmp.Options{
	cmpopts.IgnoreFields(GameCount{}, "Started"),
	cmpopts.EquateEmpty(),
}

func TestStatsHandComputed(t *testing.T) {
	ctx := context.Background()
	j := handJournal(t)
	mia := Player{ID: 1, Name: "Mia", Seat: NoSeat, Games: 2}
	ben := Player{ID: 2, Name: "Ben", Seat: NoSeat, Games: 2}
	miaAll := PlayerStats{
		Player: mia, Games: 2, GamesWon: 1, Rounds: 2, RoundsWon: 2,
		Best:      &RoundRef{Game: 1, Round: 1, Points: 12},
		Worst:     &RoundRef{Game: 1, Round: 2, Points: 6},
		UnoCalled: 2, Refused: 1,
		ByCode:   map[string]int{"not-your-turn": 1},
		Mistakes: map[string]int{MistakeOutOfTurn: 1, FactWD4Guilty: 1},
		Trend:    []GameCount{{Game: 1, N: 1}, {Game: 2, N: 0}},
	}
	benAll := PlayerStats{
		Player: ben, Games: 2, Rounds: 2, PointsLeft: 18, AvgLeft: 9,
		Best:      &RoundRef{Game: 1, Round: 2, Left: 6},
		Worst:     &RoundRef{Game: 1, Round: 1, Left: 12},
		UnoMissed: 1, UnoCaught: 1, UnoForgot: 2, Refused: 2,
		ByCode:   map[string]int{"illegal-card": 2},
		Mistakes: map[string]int{MistakeAfterWild: 1},
		Trend:    []GameCount{{Game: 1, N: 1}, {Game: 2, N: 1}},
	}
	want := FamilyStats{
		Games: 2, Rounds: 2,
		Players: []PlayerStats{miaAll, benAll},
		HeadToHead: []HeadToHead{{A: Player{ID: 1, Name: "Mia"}, B: Player{ID: 2, Name: "Ben"}, AName: "Mia", BName: "Ben",
			Games: 2, AWon: 1, ARounds: 2, RoundsAll: 2}},
		Presets: []PresetStats{
			{Preset: "house-ru", Player: "Ben", PlayerID: 2, Games: 1},
			{Preset: "house-ru", Player: "Mia", PlayerID: 1, Games: 1},
			{Preset: "official", Player: "Mia", PlayerID: 1, Games: 1, GamesWon: 1, Rounds: 2, RoundsWon: 2},
			{Preset: "official", Player: "Ben", PlayerID: 2, Games: 1, Rounds: 2},
		},
		ByCode: map[string]int{"not-your-turn": 1, "illegal-card": 2},
	}
	got, err := j.Stats(ctx, Period{})
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, got, statsOpts); d != "" {
		t.Errorf("Stats(all) (-want +got):\n%s", d)
	}

	// One player's view: head to head from their side, their presets.
	benView, err := j.Stats(ctx, Period{Player: 2})
	if err != nil {
		t.Fatal(err)
	}
	wantBen := FamilyStats{
		Games: 2, Rounds: 2, Players: []PlayerStats{benAll},
		HeadToHead: []HeadToHead{{A: Player{ID: 2, Name: "Ben"}, B: Player{ID: 1, Name: "Mia"}, AName: "Ben", BName: "Mia",
			Games: 2, BWon: 1, BRounds: 2, RoundsAll: 2}},
		Presets: []PresetStats{want.Presets[0], want.Presets[3]},
		ByCode:  want.ByCode,
	}
	if d := cmp.Diff(wantBen, benView, statsOpts); d != "" {
		t.Errorf("Stats(Ben's games) (-want +got):\n%s", d)
	}

	miaLast := PlayerStats{
		Player: mia, Games: 1,
		ByCode: map[string]int{}, Mistakes: map[string]int{FactWD4Guilty: 1},
		Trend: []GameCount{{Game: 2, N: 0}},
	}
	tests := []struct {
		name string
		p    Period
		id   int64
		want PlayerStats
	}{
		{"Mia, all", Period{}, 1, miaAll},
		{"Ben, all", Period{}, 2, benAll},
		{"Mia, last game", Period{Last: 1}, 1, miaLast},
		{"Mia, since game 2", Period{Since: gameStart(t, j, 2)}, 1, miaLast},
		{"Mia, until game 2", Period{Until: gameStart(t, j, 2)}, 1, PlayerStats{
			Player: mia, Games: 1, GamesWon: 1, Rounds: 2, RoundsWon: 2, Best: miaAll.Best, Worst: miaAll.Worst,
			UnoCalled: 2, Refused: 1, ByCode: miaAll.ByCode, Mistakes: map[string]int{MistakeOutOfTurn: 1},
			Trend: []GameCount{{Game: 1, N: 1}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := j.PlayerStats(ctx, tt.id, tt.p)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tt.want, got, statsOpts); d != "" {
				t.Errorf("PlayerStats(%d, %+v) (-want +got):\n%s", tt.id, tt.p, d)
			}
		})
	}
}

func TestPlayerGames(t *testing.T) {
	ctx := context.Background()
	j := handJournal(t)
	got, err := j.PlayerGames(ctx, 2, Period{})
	if err != nil {
		t.Fatal(err)
	}
	want := []PlayerGame{
		{Game: 1, Preset: "official", Seat: "Ben", Rounds: 2, Left: 18, Refused: 1},
		{Game: 2, Preset: "house-ru", Seat: "Ben", Refused: 1},
	}
	if d := cmp.Diff(want, got, cmpopts.IgnoreFields(PlayerGame{}, "Started")); d != "" {
		t.Errorf("PlayerGames(Ben) (-want +got):\n%s", d)
	}
	if _, err := j.PlayerGames(ctx, 99, Period{}); !errors.Is(err, ErrNoPlayer) {
		t.Errorf("PlayerGames(99) = %v, want %v", err, ErrNoPlayer)
	}
}

func gameStart(t *testing.T, j *Journal, id int64) time.Time {
	t.Helper()
	gs, err := j.Games(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range gs {
		if g.ID == id {
			return g.StartedAt
		}
	}
	t.Fatalf("no game %d", id)
	return time.Time{}
}

// TestTotalsFollowUndo checks what seat_totals adds up against the rows it
// comes from, through the rounds, an undo of a round's end, and the games
// of the release journal filled in by the migration.
func TestTotalsFollowUndo(t *testing.T) {
	ctx := context.Background()
	check := func(t *testing.T, j *Journal) {
		t.Helper()
		totals, err := j.GameTotals(ctx)
		if err != nil {
			t.Fatal(err)
		}
		gs, err := j.Games(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range gs {
			rounds, err := j.Rounds(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			want := slices.Clone(Totals(rounds))
			for i := range want {
				// GameTotals sums the points left of every round.
				want[i].Points, want[i].Left = 0, 0
				for _, r := range rounds {
					want[i].Left += r.Scores[i].Left
				}
			}
			if d := cmp.Diff(want, totals[g.ID], cmpopts.EquateEmpty()); d != "" {
				t.Errorf("GameTotals()[%d] (-rounds +totals):\n%s", g.ID, d)
			}
		}
	}
	j := handJournal(t)
	check(t, j)
	st, _ := j.PlayerStats(ctx, 2, Period{})
	if st.Rounds != 2 || st.PointsLeft != 18 {
		t.Fatalf("PlayerStats(Ben) = %d rounds, %d left; want 2, 18", st.Rounds, st.PointsLeft)
	}
	// Play game 1 again, to 500, and undo the end of its second round.
	open, err := j.Resume(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := open.End(ctx); err != nil {
		t.Fatal(err)
	}
	tb := playText(t, j, strings.Replace(readText(t, "hand-game1.log"), "target=15", "target=500", 1))
	if _, err := tb.Undo(ctx); err != nil {
		t.Fatal(err)
	}
	check(t, j)
	st, _ = j.PlayerStats(ctx, 2, Period{})
	if st.Rounds != 3 || st.PointsLeft != 30 || st.UnoCaught != 2 || st.Worst == nil || st.Worst.Left != 12 {
		t.Errorf("PlayerStats(Ben) after an undo = %d rounds, %d left, %d caught, worst %+v; want 3, 30, 2, 12 left",
			st.Rounds, st.PointsLeft, st.UnoCaught, st.Worst)
	}
	m, err := Open(ctx, releaseJournal(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	check(t, m)
}

func TestRecentGames(t *testing.T) {
	ctx := context.Background()
	j := handJournal(t)
	tests := []struct {
		before int64
		n      int
		want   []int64
	}{
		{0, 1, []int64{2}},
		{0, 5, []int64{1, 2}},
		{2, 5, []int64{1}},
		{1, 5, nil},
	}
	for _, tt := range tests {
		gs, err := j.RecentGames(ctx, tt.before, tt.n)
		if err != nil {
			t.Fatal(err)
		}
		var got []int64
		for _, g := range gs {
			got = append(got, g.ID)
		}
		if d := cmp.Diff(tt.want, got); d != "" {
			t.Errorf("RecentGames(%d, %d) (-want +got):\n%s", tt.before, tt.n, d)
		}
	}
	g, err := j.Game(ctx, 1)
	if err != nil || strings.Join(g.Players, " ") != "Mia Ben" || g.Winner != "Mia" {
		t.Errorf("Game(1) = %+v, %v; want Mia Ben, won by Mia", g, err)
	}
	if _, err := j.Game(ctx, 9); !errors.Is(err, ErrNoGame) {
		t.Errorf("Game(9) = %v, want %v", err, ErrNoGame)
	}
}
