package journal

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/unoref/unoref/referee/playername"
)

// rosterSchema is the schema step of the family's record: lasting
// identities, who sat where, and what the statistics count.
//
// A seat keeps the name of the players line (what the events say, the
// journal's truth); it belongs to a roster player, or to nobody (a guest).
// What the history shows for a seat is its display (a guest's rename in that
// game), else its player's name, else the seat name: so a roster rename
// shows on every game, past ones included.
var rosterSchema = `
CREATE TABLE players (
	id         INTEGER PRIMARY KEY,
	name       TEXT NOT NULL,
	fold       TEXT NOT NULL UNIQUE,  -- the name case-folded: "Mia" and "mia" are one player
	mark       TEXT NOT NULL DEFAULT '', -- a colour ("#e53935") or a symbol ("★") that tells them apart
	usual_seat INTEGER                -- 0 for the first seat; NULL when none
);
CREATE TABLE seats (
	game_id   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	seat      INTEGER NOT NULL,       -- 0 for the first player of the players line
	name      TEXT NOT NULL,          -- as in the players line
	player_id INTEGER REFERENCES players(id), -- NULL: a guest
	display   TEXT,                   -- a guest's rename in this game
	PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX seats_player ON seats(player_id, game_id);
CREATE VIEW seat_names AS
	SELECT s.game_id, s.seat, s.name, s.player_id, coalesce(s.display, p.name, s.name) AS shown
	FROM seats s LEFT JOIN players p ON p.id = s.player_id;

-- Points left in hand at the count-up (0 for who went out, or uncounted).
ALTER TABLE round_scores ADD COLUMN left_points INTEGER NOT NULL DEFAULT 0;

-- What a journaled event meant for a seat: an UNO call made, missed or
-- caught, a Wild Draw Four shown by a challenge to have been played with
-- the colour in hand. Undoing the event drops them with it.
CREATE TABLE facts (
	game_id INTEGER NOT NULL,
	seq     INTEGER NOT NULL,
	seat    INTEGER NOT NULL,
	kind    TEXT NOT NULL,  -- 'uno-called', 'uno-missed', 'uno-caught', 'wd4-guilty'
	round   INTEGER NOT NULL,
	PRIMARY KEY (game_id, seq, seat, kind),
	FOREIGN KEY (game_id, seq) REFERENCES events(game_id, seq) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX facts_seat ON facts(game_id, seat, kind);

-- Every event the referee refused, journaled or not: a refusal happened
-- even when it changed nothing, and undo does not take it back.
CREATE TABLE refusals (
	id       INTEGER PRIMARY KEY,
	game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	seq      INTEGER NOT NULL,  -- the last event journaled before it (or itself, when journaled)
	seat     INTEGER,           -- who made it; NULL when the line does not say (a catch)
	round    INTEGER NOT NULL,
	code     TEXT NOT NULL,     -- the refusal code, e.g. 'illegal-card'
	mistake  TEXT NOT NULL,     -- 'after-wild', 'out-of-turn' or ''
	line     TEXT NOT NULL,
	at       TEXT NOT NULL
);
CREATE INDEX refusals_seat ON refusals(game_id, seat);

-- Games whose seats, facts and refusals are filled in: every game a
-- journal of this version starts, and the older ones once Open has
-- replayed them.
CREATE TABLE recorded (game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE);

CREATE INDEX games_started ON games(started_at);

-- What the statistics add up, per seat of a game: kept by the triggers
-- below from the rows above, so that a page reads one row per seat
-- rather than every round (a ten-year journal has 100,000 round scores).
CREATE TABLE seat_totals (
	game_id      INTEGER NOT NULL,
	seat         INTEGER NOT NULL,
	rounds       INTEGER NOT NULL DEFAULT 0,
	rounds_won   INTEGER NOT NULL DEFAULT 0,
	points       INTEGER NOT NULL DEFAULT 0, -- scored: the game total after the last round
	left_points  INTEGER NOT NULL DEFAULT 0,
	best_round   INTEGER,  -- fewest points left, then most scored
	best_left    INTEGER,
	best_points  INTEGER,
	worst_round  INTEGER,  -- most points left, then fewest scored
	worst_left   INTEGER,
	worst_points INTEGER,
	uno_called   INTEGER NOT NULL DEFAULT 0,
	uno_missed   INTEGER NOT NULL DEFAULT 0,
	uno_caught   INTEGER NOT NULL DEFAULT 0,
	wd4_guilty   INTEGER NOT NULL DEFAULT 0,
	refused      INTEGER NOT NULL DEFAULT 0,
	after_wild   INTEGER NOT NULL DEFAULT 0,
	out_of_turn  INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (game_id, seat),
	FOREIGN KEY (game_id, seat) REFERENCES seats(game_id, seat) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE TABLE seat_codes (
	game_id INTEGER NOT NULL,
	seat    INTEGER NOT NULL,
	code    TEXT NOT NULL,
	n       INTEGER NOT NULL,
	PRIMARY KEY (game_id, seat, code),
	FOREIGN KEY (game_id, seat) REFERENCES seats(game_id, seat) ON DELETE CASCADE
) WITHOUT ROWID;

CREATE TRIGGER seat_totals_new AFTER INSERT ON seats BEGIN
	INSERT INTO seat_totals(game_id, seat) VALUES (NEW.game_id, NEW.seat);
END;

-- A seat's rounds are few (one game's): recount them on every change.
CREATE VIEW seat_rounds AS
	SELECT rs.game_id, rs.seat, rs.round, rs.points, rs.left_points, r.winner = s.name AS won
	FROM round_scores rs JOIN rounds r ON r.game_id = rs.game_id AND r.round = rs.round
		JOIN seats s ON s.game_id = rs.game_id AND s.seat = rs.seat;
CREATE TRIGGER seat_totals_round_new AFTER INSERT ON round_scores BEGIN
` + recountSeat("NEW") + `
END;
CREATE TRIGGER seat_totals_round_left AFTER UPDATE OF left_points ON round_scores BEGIN
` + recountSeat("NEW") + `
END;
CREATE TRIGGER seat_totals_round_gone AFTER DELETE ON round_scores BEGIN
` + recountSeat("OLD") + `
END;
CREATE TRIGGER seat_totals_fact_new AFTER INSERT ON facts BEGIN
	UPDATE seat_totals SET
		uno_called = uno_called + (NEW.kind = 'uno-called'),
		uno_missed = uno_missed + (NEW.kind = 'uno-missed'),
		uno_caught = uno_caught + (NEW.kind = 'uno-caught'),
		wd4_guilty = wd4_guilty + (NEW.kind = 'wd4-guilty')
	WHERE game_id = NEW.game_id AND seat = NEW.seat;
END;
CREATE TRIGGER seat_totals_fact_gone AFTER DELETE ON facts BEGIN
	UPDATE seat_totals SET
		uno_called = uno_called - (OLD.kind = 'uno-called'),
		uno_missed = uno_missed - (OLD.kind = 'uno-missed'),
		uno_caught = uno_caught - (OLD.kind = 'uno-caught'),
		wd4_guilty = wd4_guilty - (OLD.kind = 'wd4-guilty')
	WHERE game_id = OLD.game_id AND seat = OLD.seat;
END;
CREATE TRIGGER seat_totals_refusal AFTER INSERT ON refusals WHEN NEW.seat IS NOT NULL BEGIN
	UPDATE seat_totals SET
		refused = refused + 1,
		after_wild = after_wild + (NEW.mistake = 'after-wild'),
		out_of_turn = out_of_turn + (NEW.mistake = 'out-of-turn')
	WHERE game_id = NEW.game_id AND seat = NEW.seat;
	INSERT INTO seat_codes(game_id, seat, code, n) VALUES (NEW.game_id, NEW.seat, NEW.code, 1)
		ON CONFLICT (game_id, seat, code) DO UPDATE SET n = n + 1;
END;
`

// recountSeat is the statement of a trigger on round_scores that counts
// again the rounds of the seat of row (NEW or OLD).
func recountSeat(row string) string {
	where := "WHERE x.game_id = " + row + ".game_id AND x.seat = " + row + ".seat"
	return `	UPDATE seat_totals SET
		rounds = (SELECT count(*) FROM seat_rounds x ` + where + `),
		rounds_won = (SELECT coalesce(sum(won), 0) FROM seat_rounds x ` + where + `),
		points = (SELECT coalesce(sum(points), 0) FROM seat_rounds x ` + where + `),
		left_points = (SELECT coalesce(sum(left_points), 0) FROM seat_rounds x ` + where + `),
		(best_round, best_left, best_points) = (SELECT round, left_points, points FROM seat_rounds x
			` + where + ` ORDER BY left_points, points DESC, round LIMIT 1),
		(worst_round, worst_left, worst_points) = (SELECT round, left_points, points FROM seat_rounds x
			` + where + ` ORDER BY left_points DESC, points, round LIMIT 1)
	WHERE game_id = ` + row + `.game_id AND seat = ` + row + `.seat;`
}

// Errors of the roster, for errors.Is.
var (
	ErrNoPlayer  = errors.New("journal: no such player")
	ErrNameTaken = errors.New("journal: the name is taken")
	ErrSameGame  = errors.New("journal: both players sat in one game")
	ErrNoSeat    = errors.New("journal: no such seat")
)

// NoSeat is Player.Seat when the player has no usual seat.
const NoSeat = -1

// Player is one of the family: a lasting identity across games.
type Player struct {
	ID    int64
	Name  string // shown on every game they played, past ones included
	Mark  string // a colour ("#e53935") or a symbol ("★"), "" when none
	Seat  int    // usual seat, 0 for the first; NoSeat when none
	Games int    // games played (playedGame), on simulated devices too: where they sat, not the record (countedGame)
}

// playerJSON is a Player as `unoref stats --json` writes it, in the
// snake_case of every other name there: {"id": 1, "name": "Mia", "mark":
// "★", "usual_seat": 2} (seats counted from 1, as the page shows them;
// null when none). The games are those of the figures beside it.
type playerJSON struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Mark string `json:"mark"`
	Seat *int   `json:"usual_seat"`
}

// MarshalJSON writes p as playerJSON.
func (p Player) MarshalJSON() ([]byte, error) {
	v := playerJSON{ID: p.ID, Name: p.Name, Mark: p.Mark}
	if p.Seat >= 0 {
		n := p.Seat + 1
		v.Seat = &n
	}
	return json.Marshal(v)
}

// UnmarshalJSON reads what MarshalJSON writes.
func (p *Player) UnmarshalJSON(b []byte) error {
	var v playerJSON
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*p = Player{ID: v.ID, Name: v.Name, Mark: v.Mark, Seat: NoSeat}
	if v.Seat != nil {
		p.Seat = *v.Seat - 1
	}
	return nil
}

// fold is the key that matches names: "Mia" and "mia" are one player, and
// so are "Zoë" in NFC and in NFD (playername.Fold).
func fold(name string) string { return playername.Fold(name) }

// Roster lists the family's players by name. The journal does not judge
// names: the caller checks them as it checks a seat's name.
func (j *Journal) Roster(ctx context.Context) ([]Player, error) {
	// Every seat of theirs (an index count), less those of the few games
	// never played.
	rows, err := j.db.QueryContext(ctx, `
WITH unplayed AS MATERIALIZED (`+unplayedGames+`)
SELECT p.id, p.name, p.mark, coalesce(p.usual_seat, -1),
	(SELECT count(*) FROM seats s WHERE s.player_id = p.id) -
	(SELECT count(*) FROM unplayed u CROSS JOIN seats s ON s.game_id = u.id WHERE s.player_id = p.id)
FROM players p ORDER BY p.fold, p.id`)
	if err != nil {
		return nil, fmt.Errorf("journal: roster: %w", err)
	}
	defer rows.Close()
	var ps []Player
	for rows.Next() {
		var p Player
		if err := rows.Scan(&p.ID, &p.Name, &p.Mark, &p.Seat, &p.Games); err != nil {
			return nil, fmt.Errorf("journal: roster: %w", err)
		}
		ps = append(ps, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("journal: roster: %w", err)
	}
	return ps, nil
}

// PlayerByName finds the roster player called name (case-folded).
func (j *Journal) PlayerByName(ctx context.Context, name string) (Player, error) {
	ps, err := j.Roster(ctx)
	if err != nil {
		return Player{}, err
	}
	for _, p := range ps {
		if fold(p.Name) == fold(name) {
			return p, nil
		}
	}
	return Player{}, fmt.Errorf("%w: %q", ErrNoPlayer, name)
}

// player reads one roster player.
func (j *Journal) player(ctx context.Context, id int64) (Player, error) {
	ps, err := j.Roster(ctx)
	if err != nil {
		return Player{}, err
	}
	for _, p := range ps {
		if p.ID == id {
			return p, nil
		}
	}
	return Player{}, fmt.Errorf("%w: %d", ErrNoPlayer, id)
}

// AddPlayer puts a player on the roster. Guest seats of past games with the
// same name (case-folded) become theirs: a family that began with guests
// keeps its record. ErrNameTaken when a roster player has the name.
func (j *Journal) AddPlayer(ctx context.Context, p Player) (Player, error) {
	defer j.flushRollups(ctx)
	err := j.tx(ctx, func(tx *sql.Tx) error {
		id, err := addPlayer(ctx, tx, p)
		if err != nil {
			return err
		}
		p.ID = id
		return claimGuests(ctx, tx, id, p.Name)
	})
	if err != nil {
		return Player{}, rosterErr("add "+p.Name, err)
	}
	return j.player(ctx, p.ID)
}

func rosterErr(what string, err error) error {
	if err == nil || errors.Is(err, ErrNameTaken) || errors.Is(err, ErrNoPlayer) || errors.Is(err, ErrSameGame) || errors.Is(err, ErrNoSeat) {
		return err
	}
	return fmt.Errorf("journal: roster: %s: %w", what, err)
}

func addPlayer(ctx context.Context, tx *sql.Tx, p Player) (int64, error) {
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM players WHERE fold = ?", fold(p.Name)).Scan(&n); err != nil {
		return 0, err
	}
	if n > 0 {
		return 0, fmt.Errorf("%w: %q is on the roster", ErrNameTaken, p.Name)
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO players(name, fold, mark, usual_seat) VALUES (?, ?, ?, ?)",
		p.Name, fold(p.Name), p.Mark, seatValue(p.Seat)); err != nil {
		return 0, err
	}
	// Read back, not LastInsertId: a trigger moves an id SQLite took from
	// a player merged away to one never given (schema step 6).
	var id int64
	err := tx.QueryRowContext(ctx, "SELECT id FROM players WHERE fold = ?", fold(p.Name)).Scan(&id)
	return id, err
}

// claimGuests gives player id the guest seats whose name, or the name a
// guest's rename shows, folds as name. Folding is done here, not in SQL:
// SQLite's lower() knows only ASCII.
func claimGuests(ctx context.Context, tx *sql.Tx, id int64, name string) error {
	rows, err := tx.QueryContext(ctx, "SELECT game_id, seat, name, coalesce(display, '') FROM seats WHERE player_id IS NULL")
	if err != nil {
		return err
	}
	type key struct {
		game int64
		seat int
	}
	var mine []key
	for rows.Next() {
		var (
			k    key
			n, d string
		)
		if err := rows.Scan(&k.game, &k.seat, &n, &d); err != nil {
			rows.Close()
			return err
		}
		if fold(n) == fold(name) || d != "" && fold(d) == fold(name) {
			mine = append(mine, k)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, k := range mine {
		if _, err := tx.ExecContext(ctx, "UPDATE seats SET player_id = ? WHERE game_id = ? AND seat = ?", id, k.game, k.seat); err != nil {
			return err
		}
	}
	return nil
}

func seatValue(seat int) sql.NullInt64 {
	return sql.NullInt64{Int64: int64(seat), Valid: seat >= 0}
}

// EditPlayer changes a roster player's name, mark and usual seat. A new
// name shows on every game they played; it must not be another roster
// player's, nor another seat's in a game they played (ErrNameTaken).
func (j *Journal) EditPlayer(ctx context.Context, p Player) error {
	err := j.tx(ctx, func(tx *sql.Tx) error {
		if err := renamePlayer(ctx, tx, p.ID, p.Name); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, "UPDATE players SET mark = ?, usual_seat = ? WHERE id = ?", p.Mark, seatValue(p.Seat), p.ID)
		return err
	})
	return rosterErr("edit "+p.Name, err)
}

// renamePlayer renames player id everywhere; the guests' renames of its
// seats go, as the name is now the same on every game.
func renamePlayer(ctx context.Context, tx *sql.Tx, id int64, name string) error {
	var old string
	err := tx.QueryRowContext(ctx, "SELECT name FROM players WHERE id = ?", id).Scan(&old)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%w: %d", ErrNoPlayer, id)
	}
	if err != nil {
		return err
	}
	if err := checkFree(ctx, tx, id, name); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE players SET name = ?, fold = ? WHERE id = ?", name, fold(name), id); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, "UPDATE seats SET display = NULL WHERE player_id = ?", id)
	return err
}

// checkFree refuses name for player id when another roster player has it
// or another seat shows it in a game id played.
func checkFree(ctx context.Context, tx *sql.Tx, id int64, name string) error {
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM players WHERE fold = ? AND id <> ?", fold(name), id).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return fmt.Errorf("%w: %q is on the roster", ErrNameTaken, name)
	}
	rows, err := tx.QueryContext(ctx, `
SELECT o.game_id, `+shown("o", "op")+` FROM seats me JOIN seats o ON o.game_id = me.game_id
	LEFT JOIN players op ON op.id = o.player_id
WHERE me.player_id = ? AND o.player_id IS NOT ?`, id, id)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var (
			game  int64
			shown string
		)
		if err := rows.Scan(&game, &shown); err != nil {
			return err
		}
		if fold(shown) == fold(name) {
			return fmt.Errorf("%w: %q sat in game %d", ErrNameTaken, shown, game)
		}
	}
	return rows.Err()
}

// Merge makes from and into one player: from's games become into's and
// from leaves the roster. ErrSameGame when they sat in one game.
func (j *Journal) Merge(ctx context.Context, from, into int64) error {
	defer j.flushRollups(ctx)
	err := j.tx(ctx, func(tx *sql.Tx) error {
		for _, id := range []int64{from, into} {
			var n int
			if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM players WHERE id = ?", id).Scan(&n); err != nil {
				return err
			}
			if n == 0 || from == into {
				return fmt.Errorf("%w: %d", ErrNoPlayer, id)
			}
		}
		var both int
		err := tx.QueryRowContext(ctx, `SELECT count(*) FROM seats a JOIN seats b ON a.game_id = b.game_id
WHERE a.player_id = ? AND b.player_id = ?`, from, into).Scan(&both)
		if err != nil {
			return err
		}
		if both > 0 {
			return fmt.Errorf("%w: %d games", ErrSameGame, both)
		}
		if _, err := tx.ExecContext(ctx, "UPDATE seats SET player_id = ?, display = NULL WHERE player_id = ?", into, from); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, "DELETE FROM players WHERE id = ?", from)
		return err
	})
	return rosterErr("merge", err)
}

// MoveSeat gives a seat of a game to another identity: the roster player
// called to (case-folded), a new roster player called to, or, with to "",
// nobody (a guest). This is how a parent splits what the name matching
// joined.
func (j *Journal) MoveSeat(ctx context.Context, game int64, seat int, to string) error {
	defer j.flushRollups(ctx)
	err := j.tx(ctx, func(tx *sql.Tx) error {
		var pid sql.NullInt64
		if to != "" {
			err := tx.QueryRowContext(ctx, "SELECT id FROM players WHERE fold = ?", fold(to)).Scan(&pid)
			if errors.Is(err, sql.ErrNoRows) {
				pid.Int64, err = addPlayer(ctx, tx, Player{Name: to, Seat: NoSeat})
				pid.Valid = true
			}
			if err != nil {
				return err
			}
			var n int
			err = tx.QueryRowContext(ctx, "SELECT count(*) FROM seats WHERE game_id = ? AND player_id = ? AND seat <> ?", game, pid, seat).Scan(&n)
			if err != nil {
				return err
			}
			if n > 0 {
				return fmt.Errorf("%w: %q already sits in game %d", ErrSameGame, to, game)
			}
		}
		res, err := tx.ExecContext(ctx, "UPDATE seats SET player_id = ?, display = NULL WHERE game_id = ? AND seat = ?", pid, game, seat)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("%w: game %d, seat %d", ErrNoSeat, game, seat)
		}
		return nil
	})
	return rosterErr("move a seat", err)
}

// RenameSeat renames the player seated as seat in game: a roster player
// is renamed for every game (EditPlayer); a guest only in this game, and
// the seat's own name clears a guest's rename.
func (j *Journal) RenameSeat(ctx context.Context, game int64, seat, name string) error {
	err := j.tx(ctx, func(tx *sql.Tx) error {
		var (
			idx int
			pid sql.NullInt64
		)
		err := tx.QueryRowContext(ctx, "SELECT seat, player_id FROM seats WHERE game_id = ? AND name = ?", game, seat).Scan(&idx, &pid)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: %q in game %d", ErrNoSeat, seat, game)
		}
		if err != nil {
			return err
		}
		if pid.Valid {
			return renamePlayer(ctx, tx, pid.Int64, name)
		}
		if err := checkSeatFree(ctx, tx, game, idx, name); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, "UPDATE seats SET display = ? WHERE game_id = ? AND seat = ?", nullable(displayOf(seat, name)), game, idx)
		return err
	})
	return rosterErr("rename "+seat, err)
}

// displayOf is a guest's display name: "" (none) when renamed to the seat's
// own name. This is the one place where a seat name clears a rename.
func displayOf(seat, name string) string {
	if name == seat {
		return ""
	}
	return name
}

// checkSeatFree refuses name for seat idx of game when another seat shows it.
func checkSeatFree(ctx context.Context, tx *sql.Tx, game int64, idx int, name string) error {
	rows, err := tx.QueryContext(ctx, "SELECT "+shown("s", "p")+" FROM "+seatsWith("s", "p")+" WHERE s.game_id = ? AND s.seat <> ?", game, idx)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var shown string
		if err := rows.Scan(&shown); err != nil {
			return err
		}
		if fold(shown) == fold(name) {
			return fmt.Errorf("%w: %q plays in game %d", ErrNameTaken, shown, game)
		}
	}
	return rows.Err()
}

// SeatNames maps the seats of game whose shown name is not their seat name
// to the name shown (a roster rename, a guest's rename); nil when none.
func (j *Journal) SeatNames(ctx context.Context, game int64) (map[string]string, error) {
	rows, err := j.db.QueryContext(ctx, "SELECT s.name, "+shown("s", "p")+" FROM "+seatsWith("s", "p")+" WHERE s.game_id = ? AND "+shown("s", "p")+" <> s.name", game)
	if err != nil {
		return nil, fmt.Errorf("journal: game %d: names: %w", game, err)
	}
	defer rows.Close()
	var m map[string]string
	for rows.Next() {
		var seat, shown string
		if err := rows.Scan(&seat, &shown); err != nil {
			return nil, fmt.Errorf("journal: game %d: names: %w", game, err)
		}
		if m == nil {
			m = map[string]string{}
		}
		m[seat] = shown
	}
	return m, rows.Err()
}

// RosterNames writes players with the roster's spelling of their names
// ("mia" → "Mia"), so that a new game's players line says what the family
// calls them; other names (guests) stay as given.
func (j *Journal) RosterNames(ctx context.Context, players []string) ([]string, error) {
	ps, err := j.Roster(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(players))
	for i, n := range players {
		out[i] = n
		for _, p := range ps {
			if fold(p.Name) == fold(n) {
				out[i] = p.Name
			}
		}
	}
	return out, nil
}

// insertSeats seats players in game: a name on the roster (case-folded)
// is that player; another name is a guest, or, with adopt, a new roster
// player (the migration of a journal from before the roster).
func insertSeats(ctx context.Context, tx *sql.Tx, game int64, players []string, adopt bool) error {
	seated := map[int64]bool{}
	for i, name := range players {
		var pid sql.NullInt64
		err := tx.QueryRowContext(ctx, "SELECT id FROM players WHERE fold = ?", fold(name)).Scan(&pid)
		switch {
		case err == nil && seated[pid.Int64]:
			// "Mia" and "mia" at one table are two people: the second a guest.
			pid = sql.NullInt64{}
		case errors.Is(err, sql.ErrNoRows) && adopt:
			pid.Int64, err = addPlayer(ctx, tx, Player{Name: name, Seat: NoSeat})
			pid.Valid = true
		case errors.Is(err, sql.ErrNoRows):
			err = nil
		case err == nil && adopt:
			// The latest spelling is the one the family uses now.
			_, err = tx.ExecContext(ctx, "UPDATE players SET name = ? WHERE id = ?", name, pid)
		}
		if err != nil {
			return err
		}
		seated[pid.Int64] = pid.Valid
		if _, err := tx.ExecContext(ctx, "INSERT INTO seats(game_id, seat, name, player_id) VALUES (?, ?, ?, ?)", game, i, name, pid); err != nil {
			return err
		}
	}
	return nil
}

// ImportDisplay gives seat a display name in game whoever sits there: the
// per-game renames of an unoref before the roster, kept as they were.
func (j *Journal) ImportDisplay(ctx context.Context, game int64, seat, name string) error {
	res, err := j.db.ExecContext(ctx, "UPDATE seats SET display = ? WHERE game_id = ? AND name = ?", nullable(displayOf(seat, name)), game, seat)
	if err != nil {
		return fmt.Errorf("journal: game %d: display name of %s: %w", game, seat, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("%w: %q in game %d", ErrNoSeat, seat, game)
	}
	return nil
}
