package table

import (
	"github.com/unoref/unoref/cmd/unoref/internal/screen"
	"github.com/unoref/unoref/referee"
)

// finalStandings is a game that has ended and how (screen.EndWon: a player
// reached the target; EndEarly: ended on the page and scored as it stood;
// EndAbandoned: no winner): the table's one notion of a finished game. The
// log's "game ended" line and the OLED's final standings both come from
// it; the OLED shows them until the next game begins.
type finalStandings struct {
	how   screen.End
	st    referee.State
	rules referee.Rules
	names map[string]string // display names of renamed seats
}

// finished is the game that has ended: the game on the table once won,
// else the one ended last, until a new game begins.
func (t *Table) finished() (finalStandings, bool) {
	if t.cur.game != nil {
		st := t.cur.game.State()
		if st.Phase != referee.PhaseOver {
			return finalStandings{}, false
		}
		return finalStandings{how: endOf(st), st: st, rules: t.cur.game.Rules(), names: t.cur.names}, true
	}
	if t.out.final == nil {
		return finalStandings{}, false
	}
	return *t.out.final, true
}

// endOf is how a game that is over ended: won at the target, or stopped
// early and scored as it stood (an end line: referee.State.Early); a game
// closed before it was over is screen.EndAbandoned.
func endOf(st referee.State) screen.End {
	switch {
	case st.Phase != referee.PhaseOver:
		return screen.EndAbandoned
	case st.Early:
		return screen.EndEarly
	}
	return screen.EndWon
}

// finish records that the current game ends as how, before it is closed,
// and logs it; a game over (won, or stopped early) was logged as it ended.
func (t *Table) finish(how screen.End) {
	st := t.cur.game.State()
	if st.Phase != referee.PhaseOver {
		t.logEnded(how)
	}
	t.out.final = &finalStandings{how: how, st: st, rules: t.cur.game.Rules(), names: t.cur.names}
}

// result is how the log says a game ended.
func result(how screen.End) string {
	switch how {
	case screen.EndWon:
		return "won"
	case screen.EndEarly:
		return "ended early"
	}
	return "abandoned"
}

// screen shows the final standings: titled by how the game ended, the
// players best first (referee.Standings), the winner on top; after the
// last round's count-up (roundPts of round counted, by seat) its points
// come first.
func (f finalStandings) screen(s screen.Screen, roundPts map[string]int, counted int) screen.Screen {
	disp := func(p string) string {
		if d, ok := f.names[p]; ok {
			return d
		}
		return p
	}
	s.Phase, s.End, s.Round, s.Winner = referee.PhaseOver, f.how, f.st.Round, ""
	if f.st.Winner != "" {
		s.Winner = disp(f.st.Winner)
	}
	s.Scores, s.Hands, s.Counted = nil, nil, 0
	if roundPts != nil {
		s.Counted = counted
	}
	for _, p := range referee.Standings(f.st, f.rules) {
		s.Scores = append(s.Scores, screen.Score{Name: disp(p), Points: f.st.Scores[p], Round: roundPts[p]})
	}
	return s
}
