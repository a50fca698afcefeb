package web

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/referee/journal"
)

// roundsOf makes the rounds of a game whose running totals are
// totals[round][seat].
func roundsOf(players []string, totals [][]int) []journal.Round {
	var rs []journal.Round
	for k, row := range totals {
		r := journal.Round{N: k + 1}
		for i, p := range players {
			r.Scores = append(r.Scores, journal.Score{Player: p, Total: row[i]})
		}
		rs = append(rs, r)
	}
	return rs
}

// ys are the y of every point of every line: ys[line][point].
func ys(t interface{ Fatalf(string, ...any) }, c chart) [][]float64 {
	out := make([][]float64, len(c.Lines))
	for i, l := range c.Lines {
		for _, p := range strings.Fields(l.Points) {
			_, y, _ := strings.Cut(p, ",")
			f, err := strconv.ParseFloat(y, 64)
			if err != nil {
				t.Fatalf("line %s: point %q", l.Player, p)
			}
			out[i] = append(out[i], f)
		}
	}
	return out
}

// TestChartNudgeKeepsOrder: lines are nudged apart so that equal totals
// both show, but a higher total is always drawn higher (a smaller y) than
// a lower one, however close: issue 25 saw Аня's 67 drawn under Вика's 64.
func TestChartNudgeKeepsOrder(t *testing.T) {
	w := words{lang.Russian}
	players := []string{"Аня", "Боря", "Вика"}
	c := newChart("", players, roundsOf(players, [][]int{{0, 0, 0}, {67, 0, 64}}), 500, w, nil)
	if y := ys(t, c); !(y[0][2] < y[2][2]) {
		t.Errorf("Аня's 67 at y %v, Вика's 64 at y %v: want Аня higher", y[0][2], y[2][2])
	}
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 10).Draw(t, "players")
		rounds := rapid.IntRange(1, 12).Draw(t, "rounds")
		players := make([]string, n)
		for i := range players {
			players[i] = fmt.Sprint("p", i)
		}
		totals := make([][]int, rounds)
		for k := range totals {
			totals[k] = make([]int, n)
			for i := range totals[k] {
				totals[k][i] = rapid.IntRange(0, 800).Draw(t, fmt.Sprintf("total %d %d", k, i))
			}
		}
		target := rapid.SampledFrom([]int{0, 100, 500}).Draw(t, "target")
		c := newChart("", players, roundsOf(players, totals), target, w, nil)
		y := ys(t, c)
		for k, row := range totals {
			for i := range row {
				for j := range row {
					if row[i] > row[j] && !(y[i][k+1] < y[j][k+1]) {
						t.Fatalf("round %d: %s's %d at y %v, %s's %d at y %v", k+1, players[i], row[i], y[i][k+1], players[j], row[j], y[j][k+1])
					}
				}
			}
		}
	})
}

// TestChartRosterColours: a player whose roster mark is a colour draws
// their line and legend in it; others take the palette's.
func TestChartRosterColours(t *testing.T) {
	players := []string{"Аня", "Боря", "Вика"}
	marks := map[string]string{"Аня": "#e3342f", "Вика": "#2fa84f", "Боря": "★"}
	c := newChart("", players, roundsOf(players, [][]int{{10, 0, 5}}), 0, words{lang.Russian}, marks)
	for i, want := range []string{"#e3342f", chartColors[0], "#2fa84f"} {
		if c.Lines[i].Color != want || c.Legend[i].Color != want {
			t.Errorf("%s: line %s, legend %s, want %s", players[i], c.Lines[i].Color, c.Legend[i].Color, want)
		}
	}
	// A player without a colour takes none too close to the marks'.
	players = []string{"Аня", "Боря", "Вика"}
	marks = map[string]string{"Боря": "#2fa84f"}
	c = newChart("", players, roundsOf(players, [][]int{{10, 0, 5}}), 0, words{lang.Russian}, marks)
	for i, l := range c.Lines {
		for j, m := range c.Lines[:i] {
			if d := colorDistance(l.Color, m.Color); d < minColorDistance {
				t.Errorf("%s's %s and %s's %s are %.0f apart", players[i], l.Color, players[j], m.Color, d)
			}
		}
	}
	f := journal.FamilyStats{Players: []journal.PlayerStats{
		{Player: journal.Player{Name: "Аня", Mark: "#e3342f"}, Trend: []journal.GameCount{{N: 1}}},
		{Player: journal.Player{Name: "Боря"}, Trend: []journal.GameCount{{N: 0}}},
	}}
	tc := trendChart(f, words{lang.Russian})
	if tc.Lines[0].Color != "#e3342f" || tc.Lines[1].Color != chartColors[0] {
		t.Errorf("the family's chart draws %s and %s, want Аня's mark and the palette's", tc.Lines[0].Color, tc.Lines[1].Color)
	}
}

// TestSeriesChartScale: after one game with no refusal the scale still
// counts to a few (0 to 5), not to one, and the game shows as a dot.
func TestSeriesChartScale(t *testing.T) {
	c := newSeriesChart("", "", []string{"1"}, []series{{Name: "refused", Values: []int{0}}}, words{lang.English})
	if last := c.YTicks[len(c.YTicks)-1].Label; last != "5" {
		t.Errorf("the scale ends at %s, want 5", last)
	}
	if len(c.Lines[0].Dots) != 1 {
		t.Errorf("%d dots for one game, want 1", len(c.Lines[0].Dots))
	}
}
