package journal

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Two boxes, one family: a box at home and one at the grandparents' each
// keep a journal, and Import adds the other's games to this one, so that
// the family's record covers both.
//
// A game is the same game on two boxes when it started at the same
// instant (to the millisecond, as the box that played it stamped it), with
// the same players line, and its events are the same lines in the same
// order (gameIdentity: their SHA-256). A box that imported a game keeps
// all three, so importing twice, or importing back a game the other box
// took from this one, adds nothing. A game still being played there is
// left out until it has ended.
//
// Their seats map onto this roster by name, case-folded as names match
// everywhere, as if the game had been played here: a seat whose name
// there (their roster's name for a roster player, else the name the guest
// was shown as) is a roster player's here is theirs ("mia" there is Mia
// here, a guest there too: a box whose family never filled its roster
// still adds to their record). Another roster player of theirs becomes a
// new roster player here (with their mark and usual seat), whose guest
// seats here become theirs as AddPlayer does; another guest stays a
// guest. PlanImport says all this before anything is written; Import
// writes one game per transaction, so that a table playing meanwhile
// waits for one game at most, and an import cut short goes on where it
// stopped when run again.
//
// A game keeps its marks (schema version 7): one played on simulated
// devices there is listed here, and left out of the record unless it was
// kept there, as it was there.

// ImportPlan is what Import adds from another box's journal, or added.
type ImportPlan struct {
	Games   int            // games to add
	Known   int            // games this journal holds already
	Open    int            // games still being played there: left out until they end
	Players []ImportPlayer // who sat in the games to add and is, or becomes, on the roster here, by name
	Guests  int            // seats in the games to add that stay guests'
	Sim     int            // games to add played on simulated devices and not kept: listed, left out of the record
}

// ImportPlayer is a player of the other box and who they are here.
type ImportPlayer struct {
	Name   string // their name there
	Guest  bool   // a guest there, on the roster here
	Games  int    // games to add they played
	Here   Player // the roster player of the same name here; ID 0 when they are new
	Claims int    // for a new player: guest seats here of their name, which become theirs
}

// New reports whether the player joins this roster.
func (p ImportPlayer) New() bool { return p.Here.ID == 0 }

// otherSeat is a seat of a game of the other journal.
type otherSeat struct {
	seat        int
	name, shown string
	player      sql.NullInt64 // there
	display     sql.NullString
	key         string // fold(shown): whom it maps to here
	playerThere bool
}

// otherGame is a game of the other journal, read for the plan.
type otherGame struct {
	id               int64
	started, players string
	open, sim        bool // still being played; simulated and not kept
	identity         [sha256.Size]byte
}

// PlanImport says what Import would add from from: nothing is written.
func (j *Journal) PlanImport(ctx context.Context, from *Journal) (ImportPlan, error) {
	p, _, err := j.planImport(ctx, from)
	return p, err
}

// Import adds from's games that this journal does not hold (see the plan),
// its roster mapped onto this one by name, and returns what it added.
func (j *Journal) Import(ctx context.Context, from *Journal) (ImportPlan, error) {
	plan, games, err := j.planImport(ctx, from)
	if err != nil {
		return plan, err
	}
	defer j.flushRollups(ctx)
	ids, err := j.importRoster(ctx, from, plan)
	if err != nil {
		return plan, err
	}
	for _, g := range games {
		if err := j.tx(ctx, func(tx *sql.Tx) error { return copyGame(ctx, tx, from, g.id, ids) }); err != nil {
			return plan, fmt.Errorf("journal: import: game %d of %s: %w", g.id, from.path, err)
		}
	}
	return plan, nil
}

// planImport reads from's games and roster against this journal: the plan
// and the games to add, in the order they started.
func (j *Journal) planImport(ctx context.Context, from *Journal) (ImportPlan, []otherGame, error) {
	var plan ImportPlan
	theirs, err := from.identities(ctx, "")
	if err != nil {
		return plan, nil, fmt.Errorf("journal: import: %s: %w", from.path, err)
	}
	var add []otherGame
	for _, g := range theirs {
		if g.open {
			plan.Open++
			continue
		}
		known, err := j.holds(ctx, g)
		if err != nil {
			return plan, nil, fmt.Errorf("journal: import: %w", err)
		}
		// A game twice in their journal is added once.
		if known || slices.ContainsFunc(add, func(a otherGame) bool { return a.identity == g.identity && a.started == g.started }) {
			plan.Known++
			continue
		}
		add = append(add, g)
		if g.sim {
			plan.Sim++
		}
	}
	plan.Games = len(add)
	if plan.Players, plan.Guests, err = j.mapRoster(ctx, from, add); err != nil {
		return plan, nil, fmt.Errorf("journal: import: %w", err)
	}
	return plan, add, nil
}

// identities reads the games (where says which, SQL over games g) with
// their identities.
func (j *Journal) identities(ctx context.Context, where string, args ...any) ([]otherGame, error) {
	var gs []otherGame
	err := j.each(ctx, "SELECT g.id, g.started_at, g.players, g.ended_at IS NULL, NOT "+inRecord+" FROM games g "+where+" ORDER BY g.started_at, g.id", args,
		func(r *sql.Rows) error {
			var g otherGame
			if err := r.Scan(&g.id, &g.started, &g.players, &g.open, &g.sim); err != nil {
				return err
			}
			gs = append(gs, g)
			return nil
		})
	if err != nil {
		return nil, err
	}
	for i := range gs {
		if gs[i].identity, err = j.gameIdentity(ctx, gs[i].id); err != nil {
			return nil, err
		}
	}
	return gs, nil
}

// gameIdentity hashes a game's event lines in order: with its start and
// players line, what makes it the same game on two boxes.
func (j *Journal) gameIdentity(ctx context.Context, id int64) ([sha256.Size]byte, error) {
	h := sha256.New()
	err := j.each(ctx, "SELECT line FROM events WHERE game_id = ? ORDER BY seq", []any{id}, func(r *sql.Rows) error {
		var line string
		if err := r.Scan(&line); err != nil {
			return err
		}
		h.Write([]byte(line))
		h.Write([]byte{'\n'})
		return nil
	})
	var s [sha256.Size]byte
	h.Sum(s[:0])
	return s, err
}

// holds reports whether this journal has the game g: the same start,
// players and events.
func (j *Journal) holds(ctx context.Context, g otherGame) (bool, error) {
	mine, err := j.identities(ctx, "WHERE g.started_at = ? AND g.players = ?", g.started, g.players)
	if err != nil {
		return false, err
	}
	return slices.ContainsFunc(mine, func(m otherGame) bool { return m.identity == g.identity }), nil
}

// seatsOf reads the seats of from's game id.
func seatsOf(ctx context.Context, from *Journal, id int64) ([]otherSeat, error) {
	var ss []otherSeat
	err := from.each(ctx, "SELECT s.seat, s.name, "+shown("s", "p")+", s.player_id, s.display FROM "+seatsWith("s", "p")+
		" WHERE s.game_id = ? ORDER BY s.seat", []any{id}, func(r *sql.Rows) error {
		var o otherSeat
		if err := r.Scan(&o.seat, &o.name, &o.shown, &o.player, &o.display); err != nil {
			return err
		}
		o.key, o.playerThere = fold(o.shown), o.player.Valid
		ss = append(ss, o)
		return nil
	})
	return ss, err
}

// mapRoster says who sits in from's games here, by name, and counts the
// seats that stay guests'. A name is a player's here when it is on this
// roster, or on theirs (a new player here, all seats of the name theirs).
func (j *Journal) mapRoster(ctx context.Context, from *Journal, games []otherGame) ([]ImportPlayer, int, error) {
	ours, err := j.Roster(ctx)
	if err != nil {
		return nil, 0, err
	}
	byKey := map[string]*ImportPlayer{}
	var keys []string
	tables := make([][]otherSeat, len(games))
	for i, g := range games {
		if tables[i], err = seatsOf(ctx, from, g.id); err != nil {
			return nil, 0, err
		}
		for _, o := range tables[i] {
			p := byKey[o.key]
			if p == nil {
				p = &ImportPlayer{Name: o.shown, Guest: true}
				if k := slices.IndexFunc(ours, func(r Player) bool { return fold(r.Name) == o.key }); k >= 0 {
					p.Here = ours[k]
				}
				byKey[o.key] = p
				keys = append(keys, o.key)
			}
			if o.playerThere && p.Guest {
				p.Name, p.Guest = o.shown, false // their roster's spelling
			}
		}
	}
	guests := 0
	for _, seats := range tables {
		seated := map[string]bool{}
		for _, o := range seats {
			p := byKey[o.key]
			if p.New() && p.Guest || seated[o.key] {
				guests++ // a guest, or two of one name at a table: the second a guest, as here
				continue
			}
			seated[o.key] = true
			p.Games++
		}
	}
	var res []ImportPlayer
	for _, k := range keys {
		p := byKey[k]
		if p.Games == 0 {
			continue
		}
		if p.New() {
			if p.Claims, err = j.guestSeats(ctx, p.Name); err != nil {
				return nil, 0, err
			}
		}
		res = append(res, *p)
	}
	slices.SortFunc(res, func(a, b ImportPlayer) int { return strings.Compare(fold(a.Name), fold(b.Name)) })
	return res, guests, nil
}

// guestSeats counts the guests' seats whose name folds as name.
func (j *Journal) guestSeats(ctx context.Context, name string) (int, error) {
	n := 0
	err := j.each(ctx, "SELECT name FROM seats WHERE player_id IS NULL", nil, func(r *sql.Rows) error {
		var s string
		if err := r.Scan(&s); err != nil {
			return err
		}
		if fold(s) == fold(name) {
			n++
		}
		return nil
	})
	return n, err
}

// importRoster puts the new players of plan on the roster (with their mark
// and usual seat there) and maps every name of plan.Players, folded, to
// its player here.
func (j *Journal) importRoster(ctx context.Context, from *Journal, plan ImportPlan) (map[string]int64, error) {
	theirs, err := from.Roster(ctx)
	if err != nil {
		return nil, fmt.Errorf("journal: import: %w", err)
	}
	ids := map[string]int64{}
	for _, p := range plan.Players {
		here := p.Here
		if p.New() {
			np := Player{Name: p.Name, Seat: NoSeat}
			if i := slices.IndexFunc(theirs, func(t Player) bool { return fold(t.Name) == fold(p.Name) }); i >= 0 {
				np.Mark, np.Seat = theirs[i].Mark, theirs[i].Seat
			}
			here, err = j.AddPlayer(ctx, np)
			if errors.Is(err, ErrNameTaken) {
				here, err = j.PlayerByName(ctx, p.Name) // added since the plan
			}
			if err != nil {
				return nil, fmt.Errorf("journal: import: %w", err)
			}
		}
		ids[fold(p.Name)] = here.ID
	}
	return ids, nil
}

// copyGame copies game id of from, its rows in the order their keys and
// triggers need them: the triggers count its seats' totals here as they
// did there. Its marks come with it: a game on simulated devices stays
// out of the record here unless it was kept there.
func copyGame(ctx context.Context, tx *sql.Tx, from *Journal, id int64, ids map[string]int64) error {
	var g [7]any
	err := from.db.QueryRowContext(ctx, "SELECT started_at, ended_at, players, rules, winner, simulated, kept FROM games WHERE id = ?", id).
		Scan(&g[0], &g[1], &g[2], &g[3], &g[4], &g[5], &g[6])
	if err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, "INSERT INTO games(started_at, ended_at, players, rules, winner, simulated, kept) VALUES (?, ?, ?, ?, ?, ?, ?)", g[:]...)
	if err != nil {
		return err
	}
	here, err := res.LastInsertId()
	if err != nil {
		return err
	}
	if err := copyRows(ctx, tx, from, id, here, "SELECT seq, line, ok, code, recorded_at, tag FROM events WHERE game_id = ? ORDER BY seq",
		"INSERT INTO events(game_id, seq, line, ok, code, recorded_at, tag) VALUES (?, ?, ?, ?, ?, ?, ?)"); err != nil {
		return err
	}
	if err := copySeats(ctx, tx, from, id, here, ids); err != nil {
		return err
	}
	steps := []struct{ read, write string }{
		{"SELECT round, winner, ended_seq, ended_at FROM rounds WHERE game_id = ? ORDER BY round",
			"INSERT INTO rounds(game_id, round, winner, ended_seq, ended_at) VALUES (?, ?, ?, ?, ?)"},
		{"SELECT round, seat, player, points, total, left_points FROM round_scores WHERE game_id = ? ORDER BY round, seat",
			"INSERT INTO round_scores(game_id, round, seat, player, points, total, left_points) VALUES (?, ?, ?, ?, ?, ?, ?)"},
		{"SELECT seq, seat, kind, round FROM facts WHERE game_id = ? ORDER BY seq, seat, kind",
			"INSERT INTO facts(game_id, seq, seat, kind, round) VALUES (?, ?, ?, ?, ?)"},
		{"SELECT seq, seat, round, code, mistake, line, at, undone FROM refusals WHERE game_id = ? ORDER BY id",
			"INSERT INTO refusals(game_id, seq, seat, round, code, mistake, line, at, undone) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"},
	}
	for _, st := range steps {
		if err := copyRows(ctx, tx, from, id, here, st.read, st.write); err != nil {
			return err
		}
	}
	_, err = tx.ExecContext(ctx, "INSERT INTO recorded(game_id) VALUES (?)", here)
	return err
}

// copyRows copies the rows read (of from's game id) as written, with the
// game id here first.
func copyRows(ctx context.Context, tx *sql.Tx, from *Journal, id, here int64, read, write string) error {
	var rows [][]any
	err := from.each(ctx, read, []any{id}, func(r *sql.Rows) error {
		cols, err := r.Columns()
		if err != nil {
			return err
		}
		row := make([]any, len(cols)+1)
		ptrs := make([]any, len(cols))
		for i := range ptrs {
			ptrs[i] = &row[i+1]
		}
		row[0] = here
		if err := r.Scan(ptrs...); err != nil {
			return err
		}
		rows = append(rows, row)
		return nil
	})
	if err != nil {
		return err
	}
	for _, row := range rows {
		if _, err := tx.ExecContext(ctx, write, row...); err != nil {
			return err
		}
	}
	return nil
}

// copySeats seats from's game id here as game here: a seat whose name is
// in ids is that player's (the first of a name at a table), any other a
// guest's, shown as it was there.
func copySeats(ctx context.Context, tx *sql.Tx, from *Journal, id, here int64, ids map[string]int64) error {
	seats, err := seatsOf(ctx, from, id)
	if err != nil {
		return err
	}
	seated := map[int64]bool{}
	for _, o := range seats {
		var pid sql.NullInt64
		display := nullable(displayOf(o.name, o.shown))
		if p, ok := ids[o.key]; ok && !seated[p] {
			pid, display = sql.NullInt64{Int64: p, Valid: true}, sql.NullString{}
			seated[p] = true
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO seats(game_id, seat, name, player_id, display) VALUES (?, ?, ?, ?, ?)",
			here, o.seat, o.name, pid, display); err != nil {
			return err
		}
	}
	return nil
}
