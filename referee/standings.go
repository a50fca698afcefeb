package referee

import (
	"cmp"
	"slices"
)

// Standings returns st's players best first, as a game's final standings
// show them: the winner, when there is one, then by total, lowest first
// under penalty scoring (§3: the lowest total wins), highest first
// otherwise (points collected, or rounds won under lazy scoring); equal
// totals keep their seat order.
func Standings(st State, r Rules) []string {
	out := slices.Clone(st.Players)
	rank := func(p string) int {
		if r.Scoring == ScoringPenalty {
			return st.Scores[p]
		}
		return -st.Scores[p]
	}
	slices.SortStableFunc(out, func(a, b string) int {
		switch {
		case a == b:
			return 0
		case a == st.Winner:
			return -1
		case b == st.Winner:
			return 1
		}
		return cmp.Compare(rank(a), rank(b))
	})
	return out
}
