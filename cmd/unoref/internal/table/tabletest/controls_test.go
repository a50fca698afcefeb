package table

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/playtest"
	"github.com/unoref/unoref/referee/tablelog"
)

// TestPlaytestGames plays whole simulated games at the virtual table, by
// taps and presses only, and checks that the table ends where the referee
// ends on the game's log.
func TestPlaytestGames(t *testing.T) {
	tests := []struct {
		preset  string
		options []string
		players int
		seeds   int
	}{
		{"official", nil, 3, 3},
		{"house-ru", nil, 4, 2},
		{"cars", nil, 3, 2},
		{"official", []string{"+seven-zero", "+stacking"}, 4, 2},
		{"official", []string{"+uno-slap"}, 4, 2},
	}
	for _, tt := range tests {
		for seed := range uint64(tt.seeds) {
			t.Run(fmt.Sprintf("%s%v/%d", tt.preset, tt.options, seed), func(t *testing.T) {
				steps, err := playtest.Play(playtest.Config{Players: tt.players, Preset: tt.preset, Options: tt.options,
					Seed: seed + 1, Strategy: playtest.LegalStrategy, MaxRounds: 2})
				if err != nil {
					t.Fatal(err)
				}
				evs := make([]tablelog.Event, len(steps))
				for i, s := range steps {
					evs[i] = s.Event
				}
				acts, err := Controls(evs)
				if err != nil {
					t.Fatal(err)
				}
				want := referee.New()
				for _, ev := range evs {
					want.Apply(ev)
				}
				v := startVirtual(t, t.TempDir(), Config{UnoGrace: -1})
				for i, a := range acts {
					v.do(t, a)
					s := v.Snapshot()
					if !s.Last.OK && s.Last.Code != "" {
						t.Fatalf("action %d %+v refused: %+v\nlog: %q", i, a, s.Last, s.Log)
					}
					checkWords(t, s)
				}
				got := v.Snapshot().State
				if d := cmp.Diff(want.State(), got); d != "" {
					t.Errorf("state after %d actions (-want +got):\n%s", len(acts), d)
				}
			})
		}
	}
}

// checkWords fails on a sentence of the table that is not a sentence: a key
// missing from the catalog, or an argument the table did not give.
func checkWords(t *testing.T, s Snapshot) {
	t.Helper()
	for _, text := range []string{s.Prompt, s.Last.Message} {
		if strings.Contains(text, "<no value>") || strings.Contains(text, "{{") || (text != "" && !strings.Contains(text, " ")) {
			t.Errorf("phase %s: %q is not a sentence (prompt %s, verdict %v)", s.State.Phase, text, s.PromptMsg.Key, s.Last.Msg.Keys())
		}
	}
}
