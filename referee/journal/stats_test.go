package journal

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/unoref/unoref/referee/tablelog"
)

// handGame1 is two rounds of Mia against Ben, checked by hand: the comment
// after each line is the hands after it (Mia, Ben) and what it counts for.
const handGame1 = `
players Mia Ben
rules official target=15
dealer Ben
start R5       # 7 7, Mia plays first
play R1        # 6 7
play B4 as Mia # refused not-your-turn: Mia, out-of-turn (not journaled)
play R2        # 6 6
play W:G       # 5 6
play R7        # refused illegal-card on the wild: Ben, after-wild
play G7        # 5 5
play G2        # 4 5
play G3        # 4 4
play G4        # 3 4
play Y4        # 3 3
play Y9        # 2 3
play Y1        # 2 2
play Y5        # 1 2
uno            # Mia calls UNO
play Y6        # 1 1, Ben does not call
play Y8        # Ben missed UNO, draws 2: 0 3; Mia goes out
hand Ben B1 B2 G9  # round 1: Ben 12 left, Mia scores 12
start B5       # 7 7, Ben plays first
play B1
play B2
play B3
play B4
play B6
play B7
play B8
play B9
play G9
play G8        # 2 2
play G6        # 2 1, Ben does not call
catch Ben      # Ben caught: 2 3
play G5        # 1 3
uno Mia        # Mia calls UNO
play G1        # 1 2
play G0        # Mia goes out
hand Ben R4 Y2 # round 2: Ben 6 left, Mia scores 6: 18, Mia wins the game
`

// handGame2 is "mia" (Mia, case-folded), Ben and a guest under house-ru.
const handGame2 = `
players mia Ben Cy
rules house-ru
dealer Cy
start G4
play G7
play R3        # refused illegal-card, Ben draws 2 for the mistake (journaled)
play G1
play G2
play W+4:B     # mia holds green...
challenge
hand mia G5 R1 R2 Y3 Y4  # ...shown: wd4-guilty for Mia
play G9
`

// playText plays a table log in j: its setup lines start the game.
func playText(t *testing.T, j *Journal, text string) *Table {
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
	tb := playText(t, j, handGame1)
	if err := tb.End(ctx); err != nil {
		t.Fatal(err)
	}
	playText(t, j, handGame2)
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
		UnoMissed: 1, UnoCaught: 1, Refused: 2,
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
