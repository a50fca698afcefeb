package journal

import (
	"context"
	"database/sql"
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
	Player     Player         `json:"player"`
	Games      int            `json:"games"`
	GamesWon   int            `json:"games_won"`
	Rounds     int            `json:"rounds"`
	RoundsWon  int            `json:"rounds_won"`
	PointsLeft int            `json:"points_left"`     // in hand at the count-ups, all rounds
	AvgLeft    float64        `json:"avg_points_left"` // per round played
	Best       *RoundRef      `json:"best_round"`      // fewest points left (then most scored); nil before a round
	Worst      *RoundRef      `json:"worst_round"`     // most points left
	UnoCalled  int            `json:"uno_called"`
	UnoMissed  int            `json:"uno_missed"` // missed, and the referee made them draw
	UnoCaught  int            `json:"uno_caught"` // missed, and another player caught it
	Refused    int            `json:"refused"`    // events the referee refused
	ByCode     map[string]int `json:"refused_by_code"`
	Mistakes   map[string]int `json:"mistakes"`      // MistakeAfterWild, MistakeOutOfTurn, FactWD4Guilty
	Trend      []GameCount    `json:"refused_trend"` // refused events per game, their last five games, oldest first
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

// sel is the CTE of the games a period (and a player, when not 0) chooses:
// its arguments are ?1 since, ?2 until, ?3 player, ?4 limit.
const sel = `WITH sel AS (
	SELECT g.id FROM games g
	WHERE g.started_at >= ?1 AND g.started_at < ?2
		AND (?3 = 0 OR g.id IN (SELECT game_id FROM seats WHERE player_id = ?3))
	ORDER BY g.id DESC LIMIT ?4)
`

func (p Period) args() []any {
	since, until, last := "", "9999", -1
	if !p.Since.IsZero() {
		since = p.Since.UTC().Format(stamp)
	}
	if !p.Until.IsZero() {
		until = p.Until.UTC().Format(stamp)
	}
	if p.Last > 0 {
		last = p.Last
	}
	return []any{since, until, p.Player, last}
}

// Stats is the family's record over p: every roster player's, head to
// head and by preset.
func (j *Journal) Stats(ctx context.Context, p Period) (FamilyStats, error) {
	var f FamilyStats
	if p.Player != 0 {
		if _, err := j.player(ctx, p.Player); err != nil {
			return f, err
		}
	}
	ps, err := j.playerStats(ctx, p)
	if err != nil {
		return f, err
	}
	f.Players = ps
	args := p.args()
	err = j.db.QueryRowContext(ctx, sel+`SELECT count(*), coalesce(sum((SELECT count(*) FROM rounds r WHERE r.game_id = sel.id)), 0) FROM sel`, args...).
		Scan(&f.Games, &f.Rounds)
	if err != nil {
		return f, fmt.Errorf("journal: stats: %w", err)
	}
	if f.HeadToHead, err = j.headToHead(ctx, args); err != nil {
		return f, err
	}
	if f.Presets, err = j.presets(ctx, args); err != nil {
		return f, err
	}
	f.ByCode, err = j.familyRefusals(ctx, args)
	return f, err
}

// PlayerStats is one roster player's record over p (Last counts their games).
func (j *Journal) PlayerStats(ctx context.Context, id int64, p Period) (PlayerStats, error) {
	if _, err := j.player(ctx, id); err != nil {
		return PlayerStats{}, err
	}
	p.Player = id
	ps, err := j.playerStats(ctx, p)
	if err != nil {
		return PlayerStats{}, err
	}
	return ps[0], nil
}

// playerStats runs each query of the record for every roster player (or
// p.Player alone) and puts the leaderboard in order.
func (j *Journal) playerStats(ctx context.Context, p Period) ([]PlayerStats, error) {
	id := p.Player
	roster, err := j.Roster(ctx)
	if err != nil {
		return nil, err
	}
	by := map[int64]*PlayerStats{}
	var out []*PlayerStats
	for _, pl := range roster {
		if id == 0 || pl.ID == id {
			s := &PlayerStats{Player: pl, ByCode: map[string]int{}, Mistakes: map[string]int{}}
			by[pl.ID] = s
			out = append(out, s)
		}
	}
	args := p.args()
	for _, q := range []func(context.Context, []any, map[int64]*PlayerStats) error{
		j.sums, j.refusalCounts, j.trend,
	} {
		if err := q(ctx, args, by); err != nil {
			return nil, fmt.Errorf("journal: stats: %w", err)
		}
	}
	slices.SortStableFunc(out, leaderboard)
	res := make([]PlayerStats, len(out))
	for i, s := range out {
		res[i] = *s
	}
	return res, nil
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
	return strings.Compare(fold(a.Player.Name), fold(b.Player.Name))
}

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

// mine is the seats of roster players in the chosen games (?3 narrows to
// one), with what their rounds, facts and refusals add up to (seat_totals).
const mine = sel + `, mine AS (
	SELECT s.game_id, s.seat, s.name, s.player_id, t.rounds, t.rounds_won, t.left_points,
		t.best_round, t.best_left, t.best_points, t.worst_round, t.worst_left, t.worst_points,
		t.uno_called, t.uno_missed, t.uno_caught, t.wd4_guilty, t.refused, t.after_wild, t.out_of_turn
	FROM sel JOIN seats s ON s.game_id = sel.id JOIN seat_totals t ON t.game_id = s.game_id AND t.seat = s.seat
	WHERE s.player_id IS NOT NULL AND (?3 = 0 OR s.player_id = ?3))
`

// roundKey writes a seat's best or worst round (SQL columns left, points,
// round, of the seat m) as a text that sorts as the rounds rank: min() of
// it over a player's seats is their best (or worst) round, in one pass.
// Each number is shifted by 10⁹ (or taken from it, to sort downwards).
func roundKey(left, points, round string, worst bool) string {
	l, p := "1000000000 + "+left, "1000000000 - "+points
	if worst {
		l, p = "1000000000 - "+left, "1000000000 + "+points
	}
	return "min(CASE WHEN m.rounds > 0 THEN printf('%010d %010d %010d %010d', " + l + ", " + p + ", m.game_id, " + round + ") END)"
}

// readKey reads back a roundKey; nil when the player has no round.
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

// sums adds up every player's seats in one pass: games, rounds, points
// left, UNO, refusals, mistakes, best and worst rounds.
func (j *Journal) sums(ctx context.Context, args []any, by map[int64]*PlayerStats) error {
	return j.each(ctx, mine+`SELECT m.player_id, count(*), sum(g.winner IS m.name), sum(m.rounds), sum(m.rounds_won), sum(m.left_points),
	sum(m.uno_called), sum(m.uno_missed), sum(m.uno_caught), sum(m.wd4_guilty), sum(m.refused), sum(m.after_wild), sum(m.out_of_turn),
	`+roundKey("m.best_left", "m.best_points", "m.best_round", false)+`,
	`+roundKey("m.worst_left", "m.worst_points", "m.worst_round", true)+`
FROM mine m JOIN games g ON g.id = m.game_id GROUP BY m.player_id`, args, func(r *sql.Rows) error {
		var (
			id           int64
			f            PlayerStats
			wd4, aw, oot int
			best, worst  sql.NullString
		)
		if err := r.Scan(&id, &f.Games, &f.GamesWon, &f.Rounds, &f.RoundsWon, &f.PointsLeft,
			&f.UnoCalled, &f.UnoMissed, &f.UnoCaught, &wd4, &f.Refused, &aw, &oot, &best, &worst); err != nil {
			return err
		}
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

func (j *Journal) refusalCounts(ctx context.Context, args []any, by map[int64]*PlayerStats) error {
	return j.each(ctx, mine+`SELECT m.player_id, c.code, sum(c.n)
FROM mine m JOIN seat_codes c ON c.game_id = m.game_id AND c.seat = m.seat GROUP BY m.player_id, c.code`, args, func(r *sql.Rows) error {
		var (
			id   int64
			code string
			n    int
		)
		if err := r.Scan(&id, &code, &n); err != nil {
			return err
		}
		if s := by[id]; s != nil {
			s.ByCode[code] = n
		}
		return nil
	})
}

// trendGames is how many games the trend of refusals looks back over.
const trendGames = 5

func (j *Journal) trend(ctx context.Context, args []any, by map[int64]*PlayerStats) error {
	return j.each(ctx, mine+`SELECT player_id, game_id, started_at, n FROM (
	SELECT m.player_id, m.game_id, g.started_at, m.refused AS n,
		row_number() OVER (PARTITION BY m.player_id ORDER BY m.game_id DESC) AS k
	FROM mine m JOIN games g ON g.id = m.game_id)
WHERE k <= `+fmt.Sprint(trendGames)+` ORDER BY player_id, game_id`, args, func(r *sql.Rows) error {
		var (
			id    int64
			gc    GameCount
			start string
			err   error
		)
		if err := r.Scan(&id, &gc.Game, &start, &gc.N); err != nil {
			return err
		}
		if gc.Started, err = parseStamp(start); err != nil {
			return err
		}
		if s := by[id]; s != nil {
			s.Trend = append(s.Trend, gc)
		}
		return nil
	})
}

func (j *Journal) headToHead(ctx context.Context, args []any) ([]HeadToHead, error) {
	var hs []HeadToHead
	// b is read from the tables, not from mine again: a CTE joined to
	// itself has no index. With ?3, a is that player and b anyone else.
	err := j.each(ctx, mine+`, pair AS (
	SELECT a.game_id, a.player_id AS pa, a.name AS na, a.rounds_won AS ar, b.player_id AS pb, b.name AS nb, tb.rounds_won AS br, a.rounds
	FROM mine a JOIN seats b ON b.game_id = a.game_id JOIN seat_totals tb ON tb.game_id = b.game_id AND tb.seat = b.seat
	WHERE b.player_id IS NOT NULL AND (b.player_id > a.player_id OR ?3 <> 0 AND b.player_id <> a.player_id))
SELECT x.pa, pa.name, x.pb, pb.name, x.games, x.aw, x.bw, x.ar, x.br, x.rounds FROM (
	SELECT pa, pb, count(*) AS games, sum(g.winner IS na) AS aw, sum(g.winner IS nb) AS bw,
		sum(p.ar) AS ar, sum(p.br) AS br, sum(p.rounds) AS rounds
	FROM pair p JOIN games g ON g.id = p.game_id GROUP BY pa, pb) x
	JOIN players pa ON pa.id = x.pa JOIN players pb ON pb.id = x.pb
ORDER BY x.games DESC, pa.fold, pb.fold`, args, func(r *sql.Rows) error {
		var h HeadToHead
		if err := r.Scan(&h.A.ID, &h.A.Name, &h.B.ID, &h.B.Name, &h.Games, &h.AWon, &h.BWon, &h.ARounds, &h.BRounds, &h.RoundsAll); err != nil {
			return err
		}
		h.AName, h.BName = h.A.Name, h.B.Name
		hs = append(hs, h)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("journal: stats: head to head: %w", err)
	}
	return hs, nil
}

// preset is the preset word of a rules line, in SQL.
const preset = `substr(g.rules, 7, instr(substr(g.rules, 7) || ' ', ' ') - 1)`

func (j *Journal) presets(ctx context.Context, args []any) ([]PresetStats, error) {
	var ps []PresetStats
	err := j.each(ctx, mine+`SELECT x.preset, p.name, p.id, x.games, x.won, x.rounds, x.rwon FROM (
	SELECT `+preset+` AS preset, m.player_id, count(*) AS games, sum(g.winner IS m.name) AS won,
		sum(m.rounds) AS rounds, sum(m.rounds_won) AS rwon
	FROM mine m JOIN games g ON g.id = m.game_id GROUP BY 1, 2) x JOIN players p ON p.id = x.player_id
ORDER BY x.preset, x.won DESC, x.rwon DESC, p.fold`, args, func(r *sql.Rows) error {
		var s PresetStats
		if err := r.Scan(&s.Preset, &s.Player, &s.PlayerID, &s.Games, &s.GamesWon, &s.Rounds, &s.RoundsWon); err != nil {
			return err
		}
		ps = append(ps, s)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("journal: stats: presets: %w", err)
	}
	return ps, nil
}

func (j *Journal) familyRefusals(ctx context.Context, args []any) (map[string]int, error) {
	m := map[string]int{}
	err := j.each(ctx, sel+`SELECT c.code, sum(c.n) FROM sel JOIN seat_codes c ON c.game_id = sel.id GROUP BY c.code`, args, func(r *sql.Rows) error {
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
	if err != nil {
		return nil, fmt.Errorf("journal: stats: refusals: %w", err)
	}
	return m, nil
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

// PlayerGames lists player id's games in p, oldest first.
func (j *Journal) PlayerGames(ctx context.Context, id int64, p Period) ([]PlayerGame, error) {
	if _, err := j.player(ctx, id); err != nil {
		return nil, err
	}
	var gs []PlayerGame
	p.Player = id
	err := j.each(ctx, mine+`SELECT m.game_id, g.started_at, `+preset+`, m.name, g.winner IS m.name,
	m.rounds, m.rounds_won, m.left_points, m.refused
FROM mine m JOIN games g ON g.id = m.game_id ORDER BY m.game_id`, p.args(), func(r *sql.Rows) error {
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
	if err != nil {
		return nil, fmt.Errorf("journal: player %d: games: %w", id, err)
	}
	return gs, nil
}
