package journal

import (
	"bufio"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/unoref/unoref/referee/tablelog"
)

// GameSummary is a journaled game as the history pages list it.
type GameSummary struct {
	ID        int64
	StartedAt time.Time
	EndedAt   time.Time // zero while the game is open
	Players   []string  // seats, clockwise
	Rules     string    // the rules line, e.g. "rules official +stacking"
	Winner    string    // "" while open, or when the game was abandoned
	Early     bool      // stopped and scored as it stood (its last line is end): Winner was ahead
	Simulated bool      // played on simulated devices: left out of the family's record unless Kept
	Kept      bool      // a simulated game counted in the record all the same
	Events    int       // journaled events
	Rounds    int       // rounds played to the end
}

// Open reports whether the game can still be resumed.
func (g GameSummary) Open() bool { return g.EndedAt.IsZero() }

// Status is "won", "ended early" (stopped and scored as it stood: the
// winner was ahead), "in progress" or "abandoned" (ended with no winner).
func (g GameSummary) Status() string {
	switch {
	case g.Winner != "" && g.Early:
		return "ended early"
	case g.Winner != "":
		return "won"
	case g.Open():
		return "in progress"
	}
	return "abandoned"
}

// endsEarly reports whether a game's last line is an end line: it was
// stopped and scored as it stood.
func endsEarly(last string) bool {
	ev, ok, err := tablelog.Parse(last, 0)
	return err == nil && ok && ev.Kind == tablelog.End
}

// RulesWords is the game's rules line without its keyword:
// "official +stacking".
func (g GameSummary) RulesWords() string {
	return strings.TrimSpace(strings.TrimPrefix(g.Rules, "rules "))
}

// Totals are the game totals after the last of rounds, by seat (nil before
// the first round ends).
func Totals(rounds []Round) []Score {
	if len(rounds) == 0 {
		return nil
	}
	return rounds[len(rounds)-1].Scores
}

// Round is one round played to the end.
type Round struct {
	N       int
	Winner  string // who went out first
	Seq     int    // the event that ended it
	EndedAt time.Time
	Scores  []Score // by seat
}

// Score is one player's result in a round.
type Score struct {
	Player string
	Points int // added to the total this round (round wins under lazy scoring)
	Total  int // game total after the round
	Left   int // points left in hand at the count-up (0 for who went out)
}

// Games lists every journaled game, oldest first: by start, which after
// an import (Import) is not the order of the ids.
func (j *Journal) Games(ctx context.Context) ([]GameSummary, error) {
	return j.games(ctx, "")
}

// Game reads one game as Games lists it; ErrNoGame when there is none.
func (j *Journal) Game(ctx context.Context, id int64) (GameSummary, error) {
	gs, err := j.games(ctx, "WHERE g.id = ?", id)
	if err != nil {
		return GameSummary{}, err
	}
	if len(gs) == 0 {
		return GameSummary{}, fmt.Errorf("%w: %d", ErrNoGame, id)
	}
	return gs[0], nil
}

// RecentGames lists at most n games started before the game before
// (every game when before is 0), the newest ones, oldest first: a page of
// the history.
func (j *Journal) RecentGames(ctx context.Context, before int64, n int) ([]GameSummary, error) {
	return j.games(ctx, `WHERE g.id IN (SELECT x.id FROM games x
	WHERE ?1 = 0 OR (x.started_at, x.id) < (SELECT started_at, id FROM games WHERE id = ?1)
	ORDER BY x.started_at DESC, x.id DESC LIMIT ?2)`, before, n)
}

// games lists the games where says (an SQL WHERE over games g, or "").
func (j *Journal) games(ctx context.Context, where string, args ...any) ([]GameSummary, error) {
	rows, err := j.db.QueryContext(ctx, `
SELECT g.id, g.started_at, g.ended_at,
	coalesce((SELECT group_concat(`+shown("n", "p")+`, ' ' ORDER BY n.seat) FROM `+seatsWith("n", "p")+` WHERE n.game_id = g.id), g.players),
	g.rules,
	coalesce((SELECT `+shown("n", "p")+` FROM `+seatsWith("n", "p")+` WHERE n.game_id = g.id AND n.name = g.winner), g.winner),
	coalesce((SELECT max(seq) FROM events e WHERE e.game_id = g.id), 0), -- seq has no gaps: a lookup, not a count
	(SELECT count(*) FROM rounds r WHERE r.game_id = g.id),
	coalesce((SELECT line FROM events e WHERE e.game_id = g.id ORDER BY e.seq DESC LIMIT 1), ''),
	g.simulated, g.kept
FROM games g `+where+` ORDER BY g.started_at, g.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("journal: games: %w", err)
	}
	defer rows.Close()
	var games []GameSummary
	for rows.Next() {
		var (
			g                    GameSummary
			start, players, last string
			end, winner          sql.NullString
		)
		if err := rows.Scan(&g.ID, &start, &end, &players, &g.Rules, &winner, &g.Events, &g.Rounds, &last, &g.Simulated, &g.Kept); err != nil {
			return nil, fmt.Errorf("journal: games: %w", err)
		}
		if g.StartedAt, err = parseStamp(start); err != nil {
			return nil, fmt.Errorf("journal: game %d: %w", g.ID, err)
		}
		if end.Valid {
			if g.EndedAt, err = parseStamp(end.String); err != nil {
				return nil, fmt.Errorf("journal: game %d: %w", g.ID, err)
			}
		}
		g.Players, g.Winner = strings.Fields(players), winner.String
		g.Early = g.Winner != "" && endsEarly(last)
		games = append(games, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("journal: games: %w", err)
	}
	return games, nil
}

// Rounds lists the rounds of a game played to the end, in order.
func (j *Journal) Rounds(ctx context.Context, game int64) ([]Round, error) {
	if err := j.exists(ctx, game); err != nil {
		return nil, err
	}
	rows, err := j.db.QueryContext(ctx, `
SELECT r.round, coalesce(`+shown("w", "wp")+`, r.winner), r.ended_seq, r.ended_at, s.seat, coalesce(`+shown("n", "np")+`, s.player),
	s.points, s.total, s.left_points
FROM rounds r JOIN round_scores s ON s.game_id = r.game_id AND s.round = r.round
	LEFT JOIN seats n ON n.game_id = s.game_id AND n.seat = s.seat LEFT JOIN players np ON np.id = n.player_id
	LEFT JOIN seats w ON w.game_id = r.game_id AND w.name = r.winner LEFT JOIN players wp ON wp.id = w.player_id
WHERE r.game_id = ? ORDER BY r.round, s.seat`, game)
	if err != nil {
		return nil, fmt.Errorf("journal: game %d: rounds: %w", game, err)
	}
	defer rows.Close()
	var rounds []Round
	for rows.Next() {
		var (
			r    Round
			s    Score
			at   string
			seat int
		)
		if err := rows.Scan(&r.N, &r.Winner, &r.Seq, &at, &seat, &s.Player, &s.Points, &s.Total, &s.Left); err != nil {
			return nil, fmt.Errorf("journal: game %d: rounds: %w", game, err)
		}
		if len(rounds) == 0 || rounds[len(rounds)-1].N != r.N {
			if r.EndedAt, err = parseStamp(at); err != nil {
				return nil, fmt.Errorf("journal: game %d: round %d: %w", game, r.N, err)
			}
			rounds = append(rounds, r)
		}
		last := &rounds[len(rounds)-1]
		if seat != len(last.Scores) {
			return nil, fmt.Errorf("journal: game %d: round %d: no score for seat %d", game, r.N, len(last.Scores))
		}
		last.Scores = append(last.Scores, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("journal: game %d: rounds: %w", game, err)
	}
	return rounds, nil
}

// exportLines are a game's lines as Export writes them: its events in
// order, each followed by the refusals that changed nothing made after it
// (a refused event that cost a penalty is an event itself; a refusal made
// after an event later undone is left out, as the game no longer went
// through there). ?1 is the game.
const exportLines = `
SELECT line, seq, 0 AS refused, 0 AS id FROM events WHERE game_id = ?1
UNION ALL
SELECT r.line, r.seq, 1, r.id FROM refusals r WHERE r.game_id = ?1 AND NOT r.undone
	AND NOT (r.id = (SELECT min(x.id) FROM refusals x WHERE x.game_id = r.game_id AND x.seq = r.seq AND NOT x.undone)
		AND EXISTS (SELECT 1 FROM events e WHERE e.game_id = r.game_id AND e.seq = r.seq AND NOT e.ok))
ORDER BY seq, refused, id`

// logLines are the game's journaled events only, in order.
const logLines = `SELECT line, seq, 0, 0 FROM events WHERE game_id = ?1 ORDER BY seq`

// Log writes a game's journaled events as a table log (RULES.md "The table log") that `unoref replay`
// reads back to the same state: a comment naming the game, then its events
// in order, the players, rules and dealer lines first. Players are named
// as the history shows them now (a roster rename, a guest's rename).
func (j *Journal) Log(ctx context.Context, game int64, w io.Writer) error {
	return j.writeLog(ctx, game, logLines, w)
}

// Export writes a game as Log does, with every refusal that changed
// nothing where it was made (exportLines): what the table was told. The
// exports of a journal played into a new one give the same record, as
// RULES.md "The table log" carries refusals too.
func (j *Journal) Export(ctx context.Context, game int64, w io.Writer) error {
	return j.writeLog(ctx, game, exportLines, w)
}

func (j *Journal) writeLog(ctx context.Context, game int64, query string, w io.Writer) error {
	j.settleRefusals(ctx) // Export writes the refusals where they were made
	var (
		start, players, rules string
		end, winner           sql.NullString
	)
	err := j.db.QueryRowContext(ctx, "SELECT started_at, ended_at, players, rules, winner FROM games WHERE id = ?", game).
		Scan(&start, &end, &players, &rules, &winner)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%w: %d", ErrNoGame, game)
	}
	if err != nil {
		return fmt.Errorf("journal: game %d: %w", game, err)
	}
	// Read the whole game before writing: w may be a slow client, and the
	// journal's one connection must not wait on it while a table plays.
	rows, err := j.db.QueryContext(ctx, query, game)
	if err != nil {
		return fmt.Errorf("journal: game %d: %w", game, err)
	}
	defer rows.Close()
	var lines []string
	last := "" // the last journaled event's line: an end line says the game ended early
	for rows.Next() {
		var (
			line         string
			seq, refused int
			id           int64
		)
		if err := rows.Scan(&line, &seq, &refused, &id); err != nil {
			return fmt.Errorf("journal: game %d: %w", game, err)
		}
		lines = append(lines, line)
		if refused == 0 {
			last = line
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("journal: game %d: %w", game, err)
	}
	rows.Close()
	shown, err := j.SeatNames(ctx, game)
	if err != nil {
		return err
	}
	lines, players = renameLines(lines, shown), strings.Join(renameAll(strings.Fields(players), shown), " ")
	if winner.Valid {
		winner.String = renameAll([]string{winner.String}, shown)[0]
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# unoref game %d: %s, started %s", game, players, start)
	switch {
	case winner.Valid && endsEarly(last):
		fmt.Fprintf(bw, ", ended early %s: %s was ahead and won\n", end.String, winner.String)
	case winner.Valid:
		fmt.Fprintf(bw, ", won by %s %s\n", winner.String, end.String)
	case end.Valid:
		fmt.Fprintf(bw, ", abandoned %s\n", end.String)
	default:
		fmt.Fprintf(bw, ", still open\n")
	}
	for _, line := range lines {
		bw.WriteString(line)
		bw.WriteByte('\n')
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("journal: game %d: writing the log: %w", game, err)
	}
	return nil
}

func (j *Journal) exists(ctx context.Context, game int64) error {
	var n int
	if err := j.db.QueryRowContext(ctx, "SELECT count(*) FROM games WHERE id = ?", game).Scan(&n); err != nil {
		return fmt.Errorf("journal: game %d: %w", game, err)
	}
	if n == 0 {
		return fmt.Errorf("%w: %d", ErrNoGame, game)
	}
	return nil
}

// renameLines writes the players' names of lines as shown maps them; the
// names shown in one game differ, so the log replays the same.
func renameLines(lines []string, shown map[string]string) []string {
	if len(shown) == 0 {
		return lines
	}
	out := make([]string, len(lines))
	for i, line := range lines {
		out[i] = line
		ev, ok, err := tablelog.Parse(line, i+1)
		if err != nil || !ok {
			continue
		}
		ev.Name = renameAll([]string{ev.Name}, shown)[0]
		ev.By = renameAll([]string{ev.By}, shown)[0]
		ev.Names = renameAll(ev.Names, shown)
		ev.Line = 0
		out[i] = ev.String()
	}
	return out
}

func renameAll(names []string, shown map[string]string) []string {
	if names == nil {
		return nil
	}
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = n
		if s, ok := shown[n]; ok {
			out[i] = s
		}
	}
	return out
}

// GameTotals are the totals of the games ids (of every game when none)
// after their last rounds, by seat and named as Games names them, in one
// query: what the history's list shows. A game with no round ended has
// none.
func (j *Journal) GameTotals(ctx context.Context, ids ...int64) (map[int64][]Score, error) {
	where, args := "", make([]any, len(ids))
	if len(ids) > 0 {
		for i, id := range ids {
			args[i] = id
		}
		where = " AND n.game_id IN (?" + strings.Repeat(", ?", len(ids)-1) + ")"
	}
	rows, err := j.db.QueryContext(ctx, `
SELECT n.game_id, n.seat, `+shown("n", "p")+`, t.points, t.left_points FROM `+seatsWith("n", "p")+`
	JOIN seat_totals t ON t.game_id = n.game_id AND t.seat = n.seat
WHERE t.rounds > 0`+where+` ORDER BY n.game_id, n.seat`, args...)
	if err != nil {
		return nil, fmt.Errorf("journal: totals: %w", err)
	}
	defer rows.Close()
	m := map[int64][]Score{}
	for rows.Next() {
		var (
			id   int64
			seat int
			s    Score
		)
		if err := rows.Scan(&id, &seat, &s.Player, &s.Total, &s.Left); err != nil {
			return nil, fmt.Errorf("journal: totals: %w", err)
		}
		if seat != len(m[id]) {
			return nil, fmt.Errorf("journal: game %d: no total for seat %d", id, len(m[id]))
		}
		m[id] = append(m[id], s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("journal: totals: %w", err)
	}
	return m, nil
}

// shown is the name the history shows for the seat row s whose player row
// is p (seatsWith): as the view seat_names has it, written out so that
// SQLite searches the seats of one game rather than building the view.
func shown(s, p string) string {
	return "coalesce(" + s + ".display, " + p + ".name, " + s + ".name)"
}

// seatsWith is seats as s with their roster players as p.
func seatsWith(s, p string) string {
	return "seats " + s + " LEFT JOIN players " + p + " ON " + p + ".id = " + s + ".player_id"
}
