package referee

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/unoref/unoref/referee/tablelog"
)

// TestStateInto checks that StateInto fills a reused State exactly as
// State does, keeps the caller's maps while the players stay, and drops
// what an earlier table left in them.
func TestStateInto(t *testing.T) {
	var s State
	mapOf := func(m map[string]int) uintptr { return reflect.ValueOf(m).Pointer() }
	tests := []struct {
		name, script string
		reuse        bool // the maps already hold these players' keys
	}{
		{"§7 before the players are seated", "", false},
		{"§7 a whole round and the count-up", "rules official\n" + annOut("") + "points Ben 30\npoints Cy 12\n", false},
		{"§7 the same players again", annOut(""), true},
		{"§7 other players: no stale names", "players Zed Ann\nstart R5\nplay R3\n", false},
		{"§7 back to no players", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := New()
			hands, scores := mapOf(s.Hands), mapOf(s.Scores)
			for i, line := range strings.Split(tt.script, "\n") {
				ev, ok, err := tablelog.Parse(line, i+1)
				if err != nil {
					t.Fatal(err)
				}
				if ok {
					g.Apply(ev)
				}
				g.StateInto(&s)
				if d := cmp.Diff(g.State(), s); d != "" {
					t.Fatalf("after %q: StateInto (-want +got):\n%s", line, d)
				}
				if tt.reuse && (mapOf(s.Hands) != hands || mapOf(s.Scores) != scores) {
					t.Fatalf("after %q: StateInto made new maps, want the caller's", line)
				}
			}
		})
	}
}

func TestStandings(t *testing.T) {
	st := State{Players: []string{"Ann", "Ben", "Cy", "Di"}, Scores: map[string]int{"Ann": 40, "Ben": 120, "Cy": 40, "Di": 7}}
	for _, tt := range []struct {
		name    string
		scoring string
		winner  string
		want    []string
	}{
		{"collect: highest first, ties in seat order", ScoringWinnerCollects, "", []string{"Ben", "Ann", "Cy", "Di"}},
		{"penalty: lowest first", ScoringPenalty, "", []string{"Di", "Ann", "Cy", "Ben"}},
		{"lazy: most rounds won first", ScoringLazy, "", []string{"Ben", "Ann", "Cy", "Di"}},
		{"the winner first", ScoringWinnerCollects, "Cy", []string{"Cy", "Ben", "Ann", "Di"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := st
			s.Winner = tt.winner
			r := New().Rules()
			r.Scoring = tt.scoring
			if got := Standings(s, r); !slices.Equal(got, tt.want) {
				t.Errorf("Standings = %v, want %v", got, tt.want)
			}
		})
	}
}
