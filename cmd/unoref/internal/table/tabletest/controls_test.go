package tabletest_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/table/tabletest"
	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/playtest"
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
				steps, acts, err := tabletest.Play(playtest.Config{Players: tt.players, Preset: tt.preset, Options: tt.options,
					Seed: seed + 1, Strategy: playtest.LegalStrategy, MaxRounds: 2})
				if err != nil {
					t.Fatal(err)
				}
				want := referee.New()
				for _, s := range steps {
					want.Apply(s.Event)
				}
				j, err := table.OpenJournal(context.Background(), filepath.Join(t.TempDir(), "journal.db"))
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { j.Close() })
				v, _ := tabletest.Virtual(t, j, table.Config{UnoGrace: -1}, gpiolinetest.NewClock(time.Time{}))
				for i, a := range acts {
					ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
					err := v.Do(ctx, a)
					cancel()
					if err != nil {
						t.Fatalf("Do(%+v): %v", a, err)
					}
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
func checkWords(t *testing.T, s table.Snapshot) {
	t.Helper()
	for _, text := range []string{s.Prompt, s.Last.Message} {
		if strings.Contains(text, "<no value>") || strings.Contains(text, "{{") || (text != "" && !strings.Contains(text, " ")) {
			t.Errorf("phase %s: %q is not a sentence (prompt %s, verdict %v)", s.State.Phase, text, s.PromptMsg.Key, s.Last.Msg.Keys())
		}
	}
}
