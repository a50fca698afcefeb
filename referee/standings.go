package referee

import (
	"cmp"
	"slices"

	"github.com/unoref/unoref/lang/msg"
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

// endNow stops the game and scores it as it stands (an end line, RULES.md
// §3 "Stopping early"): the totals of the rounds counted so far, the
// round being played not counted; whoever is ahead wins. While two or
// more are level at the top nobody is ahead, and the line is refused
// without a penalty: play on, or stop the game with no winner.
func (g *Game) endNow() Verdict {
	if g.n == 0 || g.ph == phOver {
		return g.expect()
	}
	lead := g.leadSeat()
	if lead < 0 {
		return refuse(ErrWrongPhase, say("end.level", msg.Args{Names: g.levelAtTop()}))
	}
	g.early = true
	g.closeSlap()
	g.ending, g.chal.open, g.fiveSwap, g.preCall = false, false, -1, -1
	return g.gameOver(lead, accept(say("end.early", g.who(lead))))
}

// leadSeat is the seat ahead if the game were stopped now, -1 when two
// or more are level at the top.
func (g *Game) leadSeat() int {
	best, level := g.ahead()
	if level {
		return -1
	}
	return best
}

// ahead is a seat ahead of or level with every other, and whether another
// is level with it.
func (g *Game) ahead() (best int, level bool) {
	if g.n == 0 {
		return -1, false
	}
	for s := 1; s < g.n; s++ {
		switch c := g.aheadOf(s, best); {
		case c < 0:
			best, level = s, false
		case c == 0:
			level = true
		}
	}
	return best, level
}

// levelAtTop lists the players level at the top, in seat order.
func (g *Game) levelAtTop() []string {
	best, _ := g.ahead()
	var out []string
	for s := range g.n {
		if g.aheadOf(s, best) == 0 {
			out = append(out, g.names[s])
		}
	}
	return out
}

// aheadOf compares seats a and b as the game stands: negative when a is
// ahead. The highest total is ahead (points collected, or rounds won
// under lazy scoring), the lowest under penalty points; under
// seven-rounds, the latest stage (the fewest cards still to be drawn at
// an emptied hand), then the fewest cards held.
func (g *Game) aheadOf(a, b int) int {
	switch {
	case g.rules.SevenRounds:
		if c := cmp.Compare(g.stage[a], g.stage[b]); c != 0 {
			return c
		}
		return cmp.Compare(g.hand[a], g.hand[b])
	case g.rules.Scoring == ScoringPenalty:
		return cmp.Compare(g.score[a], g.score[b])
	}
	return cmp.Compare(g.score[b], g.score[a])
}
