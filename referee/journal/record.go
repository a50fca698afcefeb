package journal

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/tablelog"
)

// Kinds of fact (table facts) and of mistake (table refusals).
const (
	FactUnoCalled   = "uno-called"   // the seat called UNO
	FactUnoMissed   = "uno-missed"   // the seat forgot its call and the referee made it draw
	FactUnoCaught   = "uno-caught"   // the seat forgot its call and a player caught it
	FactUnoUncaught = "uno-uncaught" // the seat forgot its call and nobody caught it (uno-enforcement=players, uno-penalty=0)
	FactUnoCatch    = "uno-catch"    // the seat caught another's forgotten call (catch NAME by SEAT)
	FactWD4Guilty   = "wd4-guilty"   // a challenge showed the colour in the seat's hand

	MistakeAfterWild = "after-wild"  // a card refused on a wild: matching the wild, not the colour named
	MistakeOutOfTurn = "out-of-turn" // a play refused on another's turn: not-your-turn, or a wrong jump-in (no-jump-in)
)

// fact is one row of table facts.
type fact struct {
	seat  int
	kind  string
	round int
}

// refusal is one row of table refusals.
type refusal struct {
	seat    int // -1 when the line does not say who
	round   int
	code    string
	mistake string
	line    string
}

// factsOf reads what an event meant for the seats from its verdict.
func factsOf(ev tablelog.Event, before referee.State, v referee.Verdict) []fact {
	var fs []fact
	add := func(name, kind string) {
		if s := slices.Index(before.Players, name); s >= 0 && !slices.ContainsFunc(fs, func(f fact) bool { return f.seat == s && f.kind == kind }) {
			fs = append(fs, fact{seat: s, kind: kind, round: before.Round})
		}
	}
	for _, e := range v.Effects {
		switch {
		case e.Kind == referee.EffUnoCalled:
			add(e.Player, FactUnoCalled)
		case e.Kind == referee.EffUnoMissed && ev.Kind == tablelog.Catch:
			add(e.Player, FactUnoCaught)
			if ev.By != "" && ev.By != e.Player {
				add(ev.By, FactUnoCatch)
			}
		case e.Kind == referee.EffUnoMissed:
			add(e.Player, FactUnoMissed)
		case e.Kind == referee.EffUnoForgot:
			add(e.Player, FactUnoUncaught)
		case e.Kind == referee.EffDraw && v.OK && before.Phase == referee.PhaseShow && ev.Kind == tablelog.Hand && e.Player == ev.Name:
			// The accused draws only when found guilty (RULES.md §2.8).
			add(e.Player, FactWD4Guilty)
		}
	}
	return fs
}

// refusalOf describes a refused event: who made it and which mistake.
func refusalOf(line string, ev tablelog.Event, before referee.State, v referee.Verdict) refusal {
	r := refusal{seat: slices.Index(before.Players, actor(ev, before)), round: before.Round, code: v.Code, line: line}
	switch {
	case v.Code == referee.ErrNotYourTurn, v.Code == referee.ErrNoJumpIn:
		// RULES.md §7 keeps a wrong jump-in's own code; for the family
		// both are a card played on another's turn.
		r.mistake = MistakeOutOfTurn
	case v.Code == referee.ErrIllegalCard && ev.Kind == tablelog.Play && strings.HasPrefix(before.Top, "W"):
		r.mistake = MistakeAfterWild
	}
	return r
}

// actor is who made ev: the name the line gives, else the player to act. A
// catch names who is caught, and who caught them only when the table knew.
func actor(ev tablelog.Event, before referee.State) string {
	switch ev.Kind {
	case tablelog.Catch:
		return ev.By
	case tablelog.End:
		return "" // an end line refused (nobody is ahead) is nobody's mistake
	case tablelog.Play, tablelog.Uno, tablelog.Hand, tablelog.Points:
		if ev.Name != "" {
			return ev.Name
		}
	}
	return before.Turn
}

// leftOf is the points a count-up line says a player has left, and whose.
func leftOf(ev tablelog.Event, before referee.State, v referee.Verdict, r referee.Rules) (string, int, bool) {
	if !v.OK || before.Phase != referee.PhaseCountup {
		return "", 0, false
	}
	switch ev.Kind {
	case tablelog.Points:
		return ev.Name, ev.N, true
	case tablelog.Hand:
		return ev.Name, referee.HandPoints(r, ev.Cards), true
	}
	return "", 0, false
}

func insertFacts(ctx context.Context, tx *sql.Tx, game int64, seq int, fs []fact) error {
	for _, f := range fs {
		if _, err := tx.ExecContext(ctx, "INSERT INTO facts(game_id, seq, seat, kind, round) VALUES (?, ?, ?, ?, ?)",
			game, seq, f.seat, f.kind, f.round); err != nil {
			return err
		}
	}
	return nil
}

func insertRefusal(ctx context.Context, tx *sql.Tx, game int64, seq int, r refusal, now string) error {
	seat := sql.NullInt64{Int64: int64(r.seat), Valid: r.seat >= 0}
	_, err := tx.ExecContext(ctx, "INSERT INTO refusals(game_id, seq, seat, round, code, mistake, line, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
		game, seq, seat, r.round, r.code, r.mistake, r.line, now)
	return err
}

// recordRefusal keeps a refused event that changed nothing: it is not
// journaled, but the statistics count it. It is held for the next commit
// (refusal.go): a refused tap writes nothing.
func (t *Recorder) recordRefusal(ctx context.Context, e entry, before referee.State, v referee.Verdict) error {
	t.j.holdRefusal(ctx, heldRefusal{game: t.id, seq: t.ents.len(), r: refusalOf(e.line, e.ev, before, v), at: t.j.stamp()})
	return nil
}

// recordEvent writes what a journaled event means for the statistics, in
// its transaction.
func recordEvent(ctx context.Context, tx *sql.Tx, game int64, seq int, e entry, before referee.State, v referee.Verdict, now string) error {
	if err := insertFacts(ctx, tx, game, seq, factsOf(e.ev, before, v)); err != nil {
		return err
	}
	if v.OK {
		return nil
	}
	return insertRefusal(ctx, tx, game, seq, refusalOf(e.line, e.ev, before, v), now)
}

// fillRecord fills in the seats, facts, refusals and points left of the
// games journaled before the roster (schema version 2), replaying each:
// every name becomes a roster player, "Mia" and "mia" one. A game done is
// marked in table recorded, so a crash halfway resumes at the next Open.
func (j *Journal) fillRecord(ctx context.Context) error {
	ids, err := j.unrecorded(ctx)
	if err != nil {
		return fmt.Errorf("journal: %s: filling in the record: %w", j.path, err)
	}
	for _, id := range ids {
		err := j.fillGame(ctx, id)
		if errors.Is(err, ErrReplay) {
			// A game this engine no longer replays keeps its seats and
			// rounds in the record, without the facts a replay reads.
			err = j.fillSeats(ctx, id)
		}
		if err != nil {
			return fmt.Errorf("journal: %s: game %d: filling in the record: %w", j.path, id, err)
		}
	}
	return nil
}

// fillSeats seats an old game's players from its players line only.
func (j *Journal) fillSeats(ctx context.Context, id int64) error {
	return j.tx(ctx, func(tx *sql.Tx) error {
		var players string
		if err := tx.QueryRowContext(ctx, "SELECT players FROM games WHERE id = ?", id).Scan(&players); err != nil {
			return err
		}
		if err := insertSeats(ctx, tx, id, strings.Fields(players), true); err != nil {
			return err
		}
		// The rounds were there before the seats: count them (trigger).
		if _, err := tx.ExecContext(ctx, "UPDATE round_scores SET left_points = left_points WHERE game_id = ?", id); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, "INSERT INTO recorded(game_id) VALUES (?)", id)
		return err
	})
}

func (j *Journal) unrecorded(ctx context.Context) ([]int64, error) {
	rows, err := j.db.QueryContext(ctx, "SELECT id FROM games WHERE id NOT IN (SELECT game_id FROM recorded) ORDER BY id")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// fillGame replays one old game and writes its record.
func (j *Journal) fillGame(ctx context.Context, id int64) error {
	t := &Recorder{j: j, id: id}
	if err := t.load(ctx); err != nil {
		return err
	}
	ents, err := t.ents.entries(id)
	if err != nil {
		return err
	}
	if len(ents) == 0 || ents[0].ev.Kind != tablelog.Players {
		return j.fillSeats(ctx, id)
	}
	return j.tx(ctx, func(tx *sql.Tx) error {
		if err := insertSeats(ctx, tx, id, ents[0].ev.Names, true); err != nil {
			return err
		}
		if err := fillEvents(ctx, tx, id, ents); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, "INSERT INTO recorded(game_id) VALUES (?)", id)
		return err
	})
}

// fillEvents replays ents (already checked by load) and writes their facts,
// refusals and the points left of each round.
func fillEvents(ctx context.Context, tx *sql.Tx, id int64, ents []entry) error {
	g := referee.New()
	var tr tracker
	for i, e := range ents {
		before := g.State()
		v := g.Apply(e.ev)
		at := ""
		if err := tx.QueryRowContext(ctx, "SELECT recorded_at FROM events WHERE game_id = ? AND seq = ?", id, i+1).Scan(&at); err != nil {
			return err
		}
		if err := recordEvent(ctx, tx, id, i+1, e, before, v, at); err != nil {
			return err
		}
		r, ended := tr.step(e.ev, before, g.State(), v, g.Rules())
		if !ended {
			continue
		}
		for seat, s := range r.Scores {
			if _, err := tx.ExecContext(ctx, "UPDATE round_scores SET left_points = ? WHERE game_id = ? AND round = ? AND seat = ?", s.Left, id, r.N, seat); err != nil {
				return err
			}
		}
	}
	return nil
}

// startRecord seats a new game's players (roster names are the roster's
// players, other names guests) and marks its record as kept from the start.
func startRecord(ctx context.Context, tx *sql.Tx, game int64, players []string) error {
	if err := insertSeats(ctx, tx, game, players, false); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, "INSERT INTO recorded(game_id) VALUES (?)", game)
	return err
}
