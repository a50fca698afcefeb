package journal

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Period chooses the games the statistics count. The zero value is every game.
type Period struct {
	Player int64     // only this roster player's games, and only them on the leaderboard; 0: everyone
	Last   int       // only the last N games (of Player, when set); 0: all
	Since  time.Time // games started at or after; zero: from the first
	Until  time.Time // games started before; zero: up to the last
}

// PlayerStats is one roster player's record over a period.
type PlayerStats struct {
	Player      Player         `json:"player"`
	Games       int            `json:"games"`
	GamesWon    int            `json:"games_won"`
	Rounds      int            `json:"rounds"`
	RoundsWon   int            `json:"rounds_won"`
	PointsLeft  int            `json:"points_left"`       // in hand at the count-ups, all rounds
	AvgLeft     float64        `json:"avg_points_left"`   // per round played
	Best        *RoundRef      `json:"best_round"`        // fewest points left (then most scored); nil before a round
	Worst       *RoundRef      `json:"worst_round"`       // most points left
	UnoCalled   int            `json:"uno_called"`        // said UNO in time
	UnoForgot   int            `json:"uno_forgot"`        // forgot to say it, caught or not: UnoMissed + UnoCaught + UnoUncaught
	UnoCaught   int            `json:"uno_forgot_caught"` // of UnoForgot: another player caught them
	UnoMissed   int            `json:"-"`                 // of UnoForgot: the referee made them draw
	UnoUncaught int            `json:"-"`                 // of UnoForgot: nobody made them draw (uno-enforcement=players)
	UnoCatches  int            `json:"uno_caught_others"` // caught another player who forgot
	Refused     int            `json:"refused"`           // events the referee refused
	ByCode      map[string]int `json:"refused_by_code"`
	Mistakes    map[string]int `json:"mistakes"`      // MistakeAfterWild, MistakeOutOfTurn, FactWD4Guilty
	Trend       []GameCount    `json:"refused_trend"` // refused events per game, their last five games, oldest first
}

// RoundRef points at one round of one game.
type RoundRef struct {
	Game   int64 `json:"game"`
	Round  int   `json:"round"`
	Left   int   `json:"points_left"`
	Points int   `json:"points"`
}

// GameCount is a count in one game.
type GameCount struct {
	Game    int64     `json:"game"`
	Started time.Time `json:"started"`
	N       int       `json:"n"`
}

// HeadToHead is what two roster players did in the games they both played.
type HeadToHead struct {
	A, B      Player `json:"-"`
	AName     string `json:"a"`
	BName     string `json:"b"`
	Games     int    `json:"games"`
	AWon      int    `json:"a_won"`
	BWon      int    `json:"b_won"`
	ARounds   int    `json:"a_rounds_won"`
	BRounds   int    `json:"b_rounds_won"`
	RoundsAll int    `json:"rounds"`
}

// PresetStats is one roster player's games under one preset.
type PresetStats struct {
	Preset    string `json:"preset"`
	Player    string `json:"player"`
	PlayerID  int64  `json:"player_id"`
	Games     int    `json:"games"`
	GamesWon  int    `json:"games_won"`
	Rounds    int    `json:"rounds"`
	RoundsWon int    `json:"rounds_won"`
}

// FamilyStats is the family's record over a period.
type FamilyStats struct {
	Games      int            `json:"games"`
	Rounds     int            `json:"rounds"`
	Players    []PlayerStats  `json:"players"` // the leaderboard: games won, rounds won, fewer points left
	HeadToHead []HeadToHead   `json:"head_to_head"`
	Presets    []PresetStats  `json:"presets"`
	ByCode     map[string]int `json:"refused_by_code"` // every refusal of a seat, guests' too
}

// chosen is the games a Period chooses: started in [since, until), not
// before the first of the last N (from: its start and id), and, with
// player, only theirs. The last N are the N started last, which after an
// import (Import) are not the N highest ids.
type chosen struct {
	since, until string
	fromStart    string // the first of the last N started then, or later
	fromID       int64  // ... and, started then, has an id of at least this
	player       int64
}

// choose turns p into the games it chooses: Last becomes the start and id
// of the first of them.
func (j *Journal) choose(ctx context.Context, p Period) (chosen, error) {
	j.settleRefusals(ctx)
	c := chosen{until: "9999", player: p.Player}
	if !p.Since.IsZero() {
		c.since = p.Since.UTC().Format(stamp)
	}
	if !p.Until.IsZero() {
		c.until = p.Until.UTC().Format(stamp)
	}
	if p.Last <= 0 {
		return c, nil
	}
	q := `SELECT g.started_at, g.id FROM games g WHERE g.started_at >= ?1 AND g.started_at < ?2 AND ` + countedGame + `
ORDER BY g.started_at DESC, g.id DESC LIMIT 1 OFFSET ?3`
	args := []any{c.since, c.until, p.Last - 1}
	if p.Player != 0 {
		// The games started last first (games_started), to their Nth.
		q = `SELECT g.started_at, g.id FROM games g CROSS JOIN seats s ON s.game_id = g.id AND s.player_id = ?4
WHERE g.started_at >= ?1 AND g.started_at < ?2 AND ` + countedGame + `
ORDER BY g.started_at DESC, g.id DESC LIMIT 1 OFFSET ?3`
		args = append(args, p.Player)
	}
	err := j.db.QueryRowContext(ctx, q, args...).Scan(&c.fromStart, &c.fromID)
	if errors.Is(err, sql.ErrNoRows) {
		// Fewer games than Last: all of them.
		return c, nil
	}
	return c, err
}

// args are the arguments of a query over c: ?1 since, ?2 until, ?3 the
// start of the first of the last N (empty for all), ?4 the player (0:
// everyone), ?5 whether blocks are read whole, ?6 the id of the first of
// the last N.
func (c chosen) args() []any {
	return []any{c.since, c.until, c.fromStart, c.player, readBlocks, c.fromID}
}

// inPeriod is the condition on a game row g that c.args chooses.
const inPeriod = "+g.started_at >= ?1 AND +g.started_at < ?2 AND (+g.started_at > ?3 OR +g.started_at = ?3 AND g.id >= ?6)"

// Stats is the family's record over p: every roster player's, head to
// head and by preset.
func (j *Journal) Stats(ctx context.Context, p Period) (FamilyStats, error) {
	var f FamilyStats
	roster, err := j.rosterOf(ctx, p.Player)
	if err != nil {
		return f, err
	}
	c, err := j.choose(ctx, p)
	if err != nil {
		return f, fmt.Errorf("journal: stats: %w", err)
	}
	if f.Players, f.ByCode, err = j.playerStats(ctx, c, roster); err != nil {
		return f, err
	}
	if c.player != 0 {
		// Their games: everyone's refusals in them.
		f.Games, f.Rounds = f.Players[0].Games, f.Players[0].Rounds
		f.ByCode, err = j.refusalsAround(ctx, c)
	} else {
		err = j.each(ctx, gameRollup.over("1"), c.args(), func(r *sql.Rows) error {
			var games, rounds sql.NullInt64
			var first, last, lo, hi any
			if err := r.Scan(&games, &rounds, &first, &lo, &last, &hi); err != nil {
				return err
			}
			f.Games, f.Rounds = int(games.Int64), int(rounds.Int64)
			return nil
		})
	}
	if err != nil {
		return f, fmt.Errorf("journal: stats: %w", err)
	}
	if f.HeadToHead, err = j.headToHead(ctx, c, roster); err != nil {
		return f, err
	}
	f.Presets, err = j.presets(ctx, c, roster)
	return f, err
}

// PlayerStats is one roster player's record over p (Last counts their games).
func (j *Journal) PlayerStats(ctx context.Context, id int64, p Period) (PlayerStats, error) {
	roster, err := j.rosterOf(ctx, id)
	if err != nil {
		return PlayerStats{}, err
	}
	p.Player = id
	c, err := j.choose(ctx, p)
	if err != nil {
		return PlayerStats{}, fmt.Errorf("journal: stats: %w", err)
	}
	ps, _, err := j.playerStats(ctx, c, roster)
	if err != nil {
		return PlayerStats{}, err
	}
	return ps[0], nil
}

// rosterOf is the roster by id; ErrNoPlayer when id (not 0) is not on it.
func (j *Journal) rosterOf(ctx context.Context, id int64) (map[int64]Player, error) {
	ps, err := j.Roster(ctx)
	if err != nil {
		return nil, err
	}
	m := make(map[int64]Player, len(ps))
	for _, p := range ps {
		m[p.ID] = p
	}
	if _, ok := m[id]; id != 0 && !ok {
		return nil, fmt.Errorf("%w: %d", ErrNoPlayer, id)
	}
	return m, nil
}

// playerStats adds up what every roster player (or c.player alone) did in
// the chosen games, and puts the leaderboard in order; byCode is every
// seat's refusals, guests' too.
func (j *Journal) playerStats(ctx context.Context, c chosen, roster map[int64]Player) (_ []PlayerStats, byCode map[string]int, err error) {
	by := map[int64]*PlayerStats{}
	var out []*PlayerStats
	for _, pl := range roster {
		if c.player == 0 || pl.ID == c.player {
			s := &PlayerStats{Player: pl, ByCode: map[string]int{}, Mistakes: map[string]int{}}
			by[pl.ID] = s
			out = append(out, s)
		}
	}
	if err := j.sums(ctx, c, by); err != nil {
		return nil, nil, fmt.Errorf("journal: stats: %w", err)
	}
	if byCode, err = j.refusalCounts(ctx, c, by); err != nil {
		return nil, nil, fmt.Errorf("journal: stats: %w", err)
	}
	for _, s := range out {
		if err := j.trend(ctx, c, s); err != nil {
			return nil, nil, fmt.Errorf("journal: stats: %w", err)
		}
	}
	slices.SortStableFunc(out, leaderboard)
	res := make([]PlayerStats, len(out))
	for i, s := range out {
		res[i] = *s
	}
	return res, byCode, nil
}

// leaderboard orders players: more games won, more rounds won, fewer points
// left per round, then by name.
func leaderboard(a, b *PlayerStats) int {
	switch {
	case a.GamesWon != b.GamesWon:
		return b.GamesWon - a.GamesWon
	case a.RoundsWon != b.RoundsWon:
		return b.RoundsWon - a.RoundsWon
	case a.AvgLeft != b.AvgLeft:
		if a.AvgLeft < b.AvgLeft {
			return -1
		}
		return 1
	}
	return byName(a.Player, b.Player)
}

func byName(a, b Player) int { return strings.Compare(fold(a.Name), fold(b.Name)) }

// each runs query and hands every row to scan.
func (j *Journal) each(ctx context.Context, query string, args []any, scan func(*sql.Rows) error) error {
	rows, err := j.db.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// ofPlayer is the filter of a rollup by player_id to c.player (?4), when
// it is one player's.
const ofPlayer = "?4 = 0 OR player_id = ?4"

// readKey reads back a best or worst round of seat_stats; nil when the
// player has no round.
func readKey(key sql.NullString, worst bool) (*RoundRef, error) {
	if !key.Valid {
		return nil, nil
	}
	var (
		r    RoundRef
		l, p int
	)
	if _, err := fmt.Sscanf(key.String, "%d %d %d %d", &l, &p, &r.Game, &r.Round); err != nil {
		return nil, fmt.Errorf("round key %q: %w", key.String, err)
	}
	r.Left, r.Points = l-1e9, 1e9-p
	if worst {
		r.Left, r.Points = 1e9-l, p-1e9
	}
	return &r, nil
}

// sums adds up every player's seats: games, rounds, points left, UNO,
// refusals, mistakes, best and worst rounds.
func (j *Journal) sums(ctx context.Context, c chosen, by map[int64]*PlayerStats) error {
	return j.each(ctx, playerRollup.over(ofPlayer), c.args(), func(r *sql.Rows) error {
		var (
			id           int64
			f            PlayerStats
			wd4, aw, oot int
			best, worst  sql.NullString
		)
		if err := r.Scan(&id, &f.Games, &f.GamesWon, &f.Rounds, &f.RoundsWon, &f.PointsLeft,
			&f.UnoCalled, &f.UnoMissed, &f.UnoCaught, &wd4, &f.Refused, &aw, &oot, &f.UnoUncaught, &f.UnoCatches,
			&best, &worst); err != nil {
			return err
		}
		f.UnoForgot = f.UnoMissed + f.UnoCaught + f.UnoUncaught
		s := by[id]
		if s == nil {
			return nil
		}
		var err error
		if f.Best, err = readKey(best, false); err != nil {
			return err
		}
		if f.Worst, err = readKey(worst, true); err != nil {
			return err
		}
		f.Player, f.ByCode, f.Mistakes = s.Player, s.ByCode, s.Mistakes
		f.AvgLeft = float64(f.PointsLeft) / float64(max(f.Rounds, 1))
		for k, n := range map[string]int{FactWD4Guilty: wd4, MistakeAfterWild: aw, MistakeOutOfTurn: oot} {
			if n > 0 {
				f.Mistakes[k] = n
			}
		}
		*s = f
		return nil
	})
}

// refusalCounts counts each player's refusals by code, and everyone's
// (guests' too) when c is not one player's.
func (j *Journal) refusalCounts(ctx context.Context, c chosen, by map[int64]*PlayerStats) (map[string]int, error) {
	all := map[string]int{}
	err := j.each(ctx, codeRollup.over(ofPlayer), c.args(), func(r *sql.Rows) error {
		var (
			id   int64
			code string
			n    int
		)
		if err := r.Scan(&id, &code, &n); err != nil {
			return err
		}
		all[code] += n
		if s := by[id]; s != nil {
			s.ByCode[code] = n
		}
		return nil
	})
	return all, err
}

// refusalsAround counts everyone's refusals in c.player's games.
func (j *Journal) refusalsAround(ctx context.Context, c chosen) (map[string]int, error) {
	m := map[string]int{}
	err := j.each(ctx, `SELECT c.code, sum(c.n) FROM seats me JOIN games g ON g.id = me.game_id
	JOIN seat_codes c ON c.game_id = me.game_id
WHERE me.player_id = ?4 AND `+inPeriod+` AND me.game_id NOT IN (`+uncountedGames+`)
GROUP BY c.code`, c.args(), func(r *sql.Rows) error {
		var (
			code string
			n    int
		)
		if err := r.Scan(&code, &n); err != nil {
			return err
		}
		m[code] = n
		return nil
	})
	return m, err
}

// trendGames is how many games the trend of refusals looks back over.
const trendGames = 5

// trend is s's refusals in each of their last trendGames games, oldest first.
func (j *Journal) trend(ctx context.Context, c chosen, s *PlayerStats) error {
	c.player = s.Player.ID
	gs, err := j.playerGames(ctx, c, trendGames)
	for i := len(gs) - 1; i >= 0; i-- {
		s.Trend = append(s.Trend, GameCount{Game: gs[i].Game, Started: gs[i].Started, N: gs[i].Refused})
	}
	return err
}

func (j *Journal) headToHead(ctx context.Context, c chosen, roster map[int64]Player) ([]HeadToHead, error) {
	var hs []HeadToHead
	err := j.each(ctx, pairRollup.over("?4 = 0 OR pa = ?4 OR pb = ?4"), c.args(), func(r *sql.Rows) error {
		var h HeadToHead
		if err := r.Scan(&h.A.ID, &h.B.ID, &h.Games, &h.AWon, &h.BWon, &h.ARounds, &h.BRounds, &h.RoundsAll); err != nil {
			return err
		}
		if h.B.ID == c.player {
			// One player's: theirs is the first side.
			h.A, h.B, h.AWon, h.BWon, h.ARounds, h.BRounds = h.B, h.A, h.BWon, h.AWon, h.BRounds, h.ARounds
		}
		h.A.Name, h.B.Name = roster[h.A.ID].Name, roster[h.B.ID].Name
		h.AName, h.BName = h.A.Name, h.B.Name
		hs = append(hs, h)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("journal: stats: head to head: %w", err)
	}
	slices.SortFunc(hs, func(a, b HeadToHead) int {
		if a.Games != b.Games {
			return b.Games - a.Games
		}
		if n := byName(a.A, b.A); n != 0 {
			return n
		}
		return byName(a.B, b.B)
	})
	return hs, nil
}

func (j *Journal) presets(ctx context.Context, c chosen, roster map[int64]Player) ([]PresetStats, error) {
	var ps []PresetStats
	err := j.each(ctx, presetRollup.over(ofPlayer), c.args(), func(r *sql.Rows) error {
		var s PresetStats
		if err := r.Scan(&s.Preset, &s.PlayerID, &s.Games, &s.GamesWon, &s.Rounds, &s.RoundsWon); err != nil {
			return err
		}
		s.Player = roster[s.PlayerID].Name
		ps = append(ps, s)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("journal: stats: presets: %w", err)
	}
	slices.SortFunc(ps, func(a, b PresetStats) int {
		switch {
		case a.Preset != b.Preset:
			return strings.Compare(a.Preset, b.Preset)
		case a.GamesWon != b.GamesWon:
			return b.GamesWon - a.GamesWon
		case a.RoundsWon != b.RoundsWon:
			return b.RoundsWon - a.RoundsWon
		}
		return strings.Compare(fold(a.Player), fold(b.Player))
	})
	return ps, nil
}

// PlayerGame is one game of a roster player, as their page lists it.
type PlayerGame struct {
	Game      int64     `json:"game"`
	Started   time.Time `json:"started"`
	Preset    string    `json:"preset"`
	Seat      string    `json:"seat"` // their name as the players line has it
	Won       bool      `json:"won"`
	Rounds    int       `json:"rounds"`
	RoundsWon int       `json:"rounds_won"`
	Left      int       `json:"points_left"`
	Refused   int       `json:"refused"`
}

// PlayerGames lists player id's games in p, oldest first (by start).
func (j *Journal) PlayerGames(ctx context.Context, id int64, p Period) ([]PlayerGame, error) {
	if _, err := j.rosterOf(ctx, id); err != nil {
		return nil, err
	}
	p.Player = id
	c, err := j.choose(ctx, p)
	if err != nil {
		return nil, fmt.Errorf("journal: player %d: games: %w", id, err)
	}
	gs, err := j.playerGames(ctx, c, -1)
	if err != nil {
		return nil, fmt.Errorf("journal: player %d: games: %w", id, err)
	}
	slices.Reverse(gs)
	return gs, nil
}

// playerGames lists c.player's chosen games, started last first, at most limit
// (-1: all).
func (j *Journal) playerGames(ctx context.Context, c chosen, limit int) ([]PlayerGame, error) {
	var gs []PlayerGame
	// A few, or the last N: the games started last first (games_started),
	// their seats and stats read for those only, not for every seat of ten
	// years. All: the player's seats (seats_player), in the order they
	// started.
	from := "games g CROSS JOIN seats s ON s.game_id = g.id AND s.player_id = ?4"
	if limit < 0 && c.fromStart == "" {
		from = "seats s JOIN games g ON g.id = s.game_id AND s.player_id = ?4"
	}
	err := j.each(ctx, `SELECT x.game_id, g.started_at, x.preset, s.name, x.won, x.rounds, x.rounds_won, x.left_points, x.refused
FROM `+from+` CROSS JOIN seat_stats x ON x.game_id = s.game_id AND x.player_id = s.player_id
WHERE g.started_at >= ?1 AND g.started_at < ?2 AND (g.started_at > ?3 OR g.started_at = ?3 AND g.id >= ?6)
ORDER BY g.started_at DESC, g.id DESC LIMIT `+fmt.Sprint(limit), c.args(), func(r *sql.Rows) error {
		var (
			pg    PlayerGame
			start string
			err   error
		)
		if err := r.Scan(&pg.Game, &start, &pg.Preset, &pg.Seat, &pg.Won, &pg.Rounds, &pg.RoundsWon, &pg.Left, &pg.Refused); err != nil {
			return err
		}
		if pg.Started, err = parseStamp(start); err != nil {
			return err
		}
		gs = append(gs, pg)
		return nil
	})
	return gs, err
}
