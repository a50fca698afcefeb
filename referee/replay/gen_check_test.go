package replay

import (
	"strings"

	"testing"

	"github.com/unoref/unoref/referee"
)

// TestSyntheticGames replays whole generated games: every event must be
// accepted and the last one must end the game.
func TestSyntheticGames(t *testing.T) {
	reshuffles := 0
	for seed := uint64(1); seed <= 20; seed++ {
		names := []string{"Ann", "Ben", "Cy", "Dee"}[:2+seed%3]
		log := syntheticGame(seed, names)
		recs, lines := replayAll(t, log)
		checkRecords(t, log, recs, lines)
		src := strings.Split(log, "\n")
		for _, r := range recs {
			for _, e := range r.Verdict.Effects {
				if e.Kind == referee.EffReshuffle {
					reshuffles++
				}
			}
			if !r.OK {
				t.Fatalf("seed %d line %d %q: %s %s", seed, r.Line, src[r.Line-1], r.Error, r.Message)
			}
		}
		if last := recs[len(recs)-1]; last.Phase != "over" || last.Winner == "" {
			t.Errorf("seed %d: the game ends in phase %q, winner %q", seed, last.Phase, last.Winner)
		}
	}
	if reshuffles == 0 {
		t.Errorf("no game turned the pile over: the generator misses the reshuffle path")
	}
	t.Logf("%d reshuffles", reshuffles)
}
