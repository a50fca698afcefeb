package journal

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"sync"

	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/tablelog"
)

// Recorder is one game in play: the referee and its journal kept in step. Every
// method is safe for concurrent use; State never shows an event before it is
// on disk.
type Recorder struct {
	j  *Journal
	id int64

	mu     sync.Mutex
	g      *referee.Game
	ents   events   // the journaled events, seq = index+1
	sum    [32]byte // the lines of ents hashed in a chain, as the record of the last event holds them
	tr     tracker
	closed bool // End was called
	// stale: a commit failed, so the file may hold more (or less) than ents
	// says; the next write reloads the game from the file first.
	stale bool
}

// entry is one journaled event.
type entry struct {
	ev   tablelog.Event // Line is the seq
	line string
	ok   bool
	code string
	tag  string // the UID of the tag that played it, "" for none
}

// ReplayError is a journaled event that does not replay as it was ruled on
// when it was written (the engine or the file changed). It wraps ErrReplay
// and the parse error, if any.
type ReplayError struct {
	Game int64
	Seq  int
	Line string
	Msg  string
	Err  error
}

func (e *ReplayError) Error() string {
	return fmt.Sprintf("journal: game %d, event %d %q: %s", e.Game, e.Seq, e.Line, e.Msg)
}

func (e *ReplayError) Unwrap() []error {
	if e.Err == nil {
		return []error{ErrReplay}
	}
	return []error{ErrReplay, e.Err}
}

// NewGame starts a game: it seats players, applies the setup events that
// follow (a rules line, a dealer line) and journals them in one transaction.
// Every setup event must be accepted. It fails with ErrGameOpen while another
// game is open: End it first, or Replace it.
func (j *Journal) NewGame(ctx context.Context, players []string, setup ...tablelog.Event) (*Recorder, error) {
	return j.startGame(ctx, 0, players, setup)
}

// Replace ends t's game (abandoned unless won) and starts a new one as
// NewGame does, in one transaction: when the new game is refused or can't
// be written, t's game stays open and t keeps working.
func (t *Recorder) Replace(ctx context.Context, players []string, setup ...tablelog.Event) (*Recorder, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return nil, ErrEnded
	}
	nt, err := t.j.startGame(ctx, t.id, players, setup)
	if err != nil {
		return nil, err
	}
	t.closed = true
	return nt, nil
}

// startGame seats the new game, then ends game ending (0: none) and
// journals the new one in one transaction.
func (j *Journal) startGame(ctx context.Context, ending int64, players []string, setup []tablelog.Event) (*Recorder, error) {
	t, rules, err := j.seat(players, setup)
	if err != nil {
		return nil, err
	}
	err = j.commit(ctx, func(tx *sql.Tx) error {
		if ending != 0 {
			if _, err := tx.ExecContext(ctx, "UPDATE games SET ended_at = ? WHERE id = ? AND ended_at IS NULL", j.stamp(), ending); err != nil {
				return err
			}
		}
		if err := t.insertGame(ctx, tx, rules); err != nil {
			return err
		}
		return startRecord(ctx, tx, t.id, t.g.State().Players)
	})
	if errors.Is(err, ErrGameOpen) {
		return nil, err
	}
	if err != nil {
		return nil, diskFull(fmt.Errorf("journal: new game: %w", err), filepath.Dir(j.path), freeBytes)
	}
	j.acknowledge(t.id, t.ents.len(), t.sum)
	if ending != 0 {
		j.gameEnded()
	}
	return t, nil
}

// seat rules on the players line and the setup events with a fresh
// referee; it returns the table (not yet journaled) and its rules line.
func (j *Journal) seat(players []string, setup []tablelog.Event) (*Recorder, string, error) {
	t := &Recorder{j: j, g: referee.New()}
	evs := append([]tablelog.Event{{Kind: tablelog.Players, Names: players}}, setup...)
	rules := "rules " + referee.PresetOfficial
	for i, ev := range evs {
		e, err := normalise(ev, i+1)
		if err != nil {
			return nil, "", err
		}
		before := t.g.State()
		v := t.g.Apply(e.ev)
		if !v.OK {
			return nil, "", fmt.Errorf("journal: new game: %q refused (%s): %s", e.line, v.Code, v.Text(lang.English))
		}
		t.tr.step(e.ev, before, t.g.State(), v, t.g.Rules())
		e.ok = true
		t.ents.add(&e)
		t.sum = chain(t.sum, e.line)
		if ev.Kind == tablelog.Rules {
			rules = untimed(e.ev)
		}
	}
	return t, rules, nil
}

// insertGame writes the seated game and its events; ErrGameOpen when
// another game is still open.
func (t *Recorder) insertGame(ctx context.Context, tx *sql.Tx, rules string) error {
	var open int
	if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM games WHERE ended_at IS NULL").Scan(&open); err != nil {
		return err
	}
	if open > 0 {
		return ErrGameOpen
	}
	now := t.j.stamp()
	names := strings.Join(t.g.State().Players, " ")
	// The marks are named only for a game on simulated devices: another
	// writes as an older unoref did.
	q, args := "INSERT INTO games(started_at, players, rules) VALUES (?, ?, ?)", []any{now, names, rules}
	if o := t.j.opts; o.Simulated {
		q, args = "INSERT INTO games(started_at, players, rules, simulated, kept) VALUES (?, ?, ?, 1, ?)", append(args, o.KeepSimulated)
	}
	res, err := tx.ExecContext(ctx, q, args...)
	if err != nil {
		return err
	}
	if t.id, err = res.LastInsertId(); err != nil {
		return err
	}
	es, err := t.ents.entries(t.id)
	if err != nil {
		return err
	}
	for i, e := range es {
		if err := insertEvent(ctx, tx, t.id, i+1, e, now); err != nil {
			return err
		}
	}
	return nil
}

// Resume opens the open game, the last one not ended, and replays it so that
// the table continues exactly where it was. ErrNoOpenGame when there is none.
func (j *Journal) Resume(ctx context.Context) (*Recorder, error) {
	var id int64
	err := j.db.QueryRowContext(ctx, "SELECT id FROM games WHERE ended_at IS NULL ORDER BY id DESC LIMIT 1").Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNoOpenGame
	}
	if malformed(err) {
		return nil, damaged(j.path, "its games can't be read ("+err.Error()+")", err)
	}
	if err != nil {
		return nil, fmt.Errorf("journal: resume: %w", err)
	}
	t := &Recorder{j: j, id: id}
	if err := t.load(ctx); err != nil {
		if malformed(err) {
			return nil, damaged(j.path, "its open game can't be read ("+err.Error()+")", err)
		}
		return nil, err
	}
	return t, nil
}

// load reads the game's events from the file and replays them.
func (t *Recorder) load(ctx context.Context) error {
	rows, err := t.j.db.QueryContext(ctx, "SELECT seq, line, ok, code, coalesce(tag, '') FROM events WHERE game_id = ? ORDER BY seq", t.id)
	if err != nil {
		return fmt.Errorf("journal: game %d: %w", t.id, err)
	}
	defer rows.Close()
	var ents []entry
	for rows.Next() {
		var (
			seq int
			e   entry
		)
		if err := rows.Scan(&seq, &e.line, &e.ok, &e.code, &e.tag); err != nil {
			return fmt.Errorf("journal: game %d: %w", t.id, err)
		}
		if seq != len(ents)+1 {
			return &ReplayError{Game: t.id, Seq: len(ents) + 1, Msg: fmt.Sprintf("missing: the next event journaled is %d", seq)}
		}
		ev, ok, err := tablelog.Parse(e.line, seq)
		if err == nil && !ok {
			err = errors.New("blank line")
		}
		if err != nil {
			return &ReplayError{Game: t.id, Seq: seq, Line: e.line, Msg: "not a table-log event: " + err.Error(), Err: err}
		}
		e.ev = ev
		ents = append(ents, e)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("journal: game %d: %w", t.id, err)
	}
	g, tr, err := rebuild(t.id, ents)
	if err != nil {
		return err
	}
	var es events
	for i := range ents {
		es.add(&ents[i])
	}
	t.g, t.tr, t.ents, t.stale = g, tr, es, false
	t.sum = chainOf(lines(ents))
	return nil
}

// rebuild rules on ents with a fresh referee and checks every verdict against
// the journaled one.
func rebuild(id int64, ents []entry) (*referee.Game, tracker, error) {
	g := referee.New()
	var tr tracker
	for i, e := range ents {
		before := g.State()
		v := g.Apply(e.ev)
		after := g.State()
		if v.OK != e.ok || v.Code != e.code {
			return nil, tr, &ReplayError{Game: id, Seq: i + 1, Line: e.line, Msg: fmt.Sprintf("journaled as %s, now %s: %s", ruling(e.ok, e.code), ruling(v.OK, v.Code), v.Text(lang.English))}
		}
		if !changed(before, after, v) {
			return nil, tr, &ReplayError{Game: id, Seq: i + 1, Line: e.line, Msg: "refused and no longer costs a penalty: " + v.Text(lang.English)}
		}
		tr.step(e.ev, before, after, v, g.Rules())
	}
	return g, tr, nil
}

func ruling(ok bool, code string) string {
	if ok {
		return "accepted"
	}
	return "refused (" + code + ")"
}

// changed reports whether an event moved the game on: accepted, or refused
// with a consequence (a mistake-penalty). Only those are journaled.
func changed(before, after referee.State, v referee.Verdict) bool {
	return v.OK || len(v.Effects) > 0 || !reflect.DeepEqual(before, after)
}

// normalise prints ev as its journal line and reads it back, so that the
// live referee rules on exactly what a replay will (times rounded to the
// millisecond, as the table log writes them).
func normalise(ev tablelog.Event, seq int) (entry, error) {
	line, err := ev.Text()
	if err != nil {
		return entry{}, fmt.Errorf("%w: %w", ErrBadEvent, err)
	}
	pev, ok, err := tablelog.Parse(line, seq)
	if err == nil && !ok {
		err = errors.New("blank line")
	}
	if err != nil {
		return entry{}, fmt.Errorf("%w: %q: %v", ErrBadEvent, line, err)
	}
	if pev.String() != line {
		return entry{}, fmt.Errorf("%w: %q reads back as %q", ErrBadEvent, line, pev.String())
	}
	return entry{ev: pev, line: line}, nil
}

func untimed(ev tablelog.Event) string {
	ev.Timed, ev.At = false, 0
	return ev.String()
}

// insertEvent writes one event. The tag column is named only for a tagged
// event: an untagged one leaves it NULL and writes as an older unoref did.
func insertEvent(ctx context.Context, tx *sql.Tx, id int64, seq int, e entry, now string) error {
	if e.tag == "" {
		_, err := tx.ExecContext(ctx, "INSERT INTO events(game_id, seq, line, ok, code, recorded_at) VALUES (?, ?, ?, ?, ?, ?)",
			id, seq, e.line, e.ok, e.code, now)
		return err
	}
	_, err := tx.ExecContext(ctx, "INSERT INTO events(game_id, seq, line, ok, code, recorded_at, tag) VALUES (?, ?, ?, ?, ?, ?, ?)",
		id, seq, e.line, e.ok, e.code, now, e.tag)
	return err
}

// ID is the game's id in the journal.
func (t *Recorder) ID() int64 { return t.id }

// String names the table by its game.
func (t *Recorder) String() string { return fmt.Sprintf("journal: game %d", t.id) }

// State is the referee's state after the last journaled event.
func (t *Recorder) State() referee.State {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.g.State()
}

// Events returns the journaled events in order; Line is each one's seq.
func (t *Recorder) Events() []tablelog.Event {
	t.mu.Lock()
	defer t.mu.Unlock()
	es, _ := t.ents.entries(t.id) // each line was read back when journaled
	evs := make([]tablelog.Event, len(es))
	for i, e := range es {
		evs[i] = e.ev
	}
	return evs
}

// Tags returns the UIDs of the tags that played the journaled events,
// aligned with Events: "" where an event had no tag (typed, a button, a
// journal from before tags were kept).
func (t *Recorder) Tags() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.ents.tagsOf()
}

// Apply rules on ev. An event that changes the game (accepted, or refused
// with a mistake-penalty) is journaled and committed before Apply returns;
// a refused event that changes nothing is only answered. When the journal
// can't be written Apply returns the error and the game stays as it was
// before ev: show the verdict only when the error is nil. Because a failed
// commit may still reach the disk, the next Apply or Undo first reloads the
// game from the file, which is the truth.
func (t *Recorder) Apply(ctx context.Context, ev tablelog.Event) (referee.Verdict, error) {
	return t.ApplyTag(ctx, ev, "")
}

// ApplyTag is Apply for an event played by tapping a tag: the tag's UID is
// journaled with the event (Tags), and Undo drops it with the event. It is
// not part of the table log: Log, replay and the history never show it.
func (t *Recorder) ApplyTag(ctx context.Context, ev tablelog.Event, tag string) (referee.Verdict, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return referee.Verdict{}, ErrEnded
	}
	if t.stale {
		if err := t.load(ctx); err != nil {
			return referee.Verdict{}, err
		}
	}
	seq := t.ents.len() + 1
	e, err := normalise(ev, seq)
	if err != nil {
		return referee.Verdict{}, err
	}
	before := t.g.State()
	v := t.g.Apply(e.ev)
	after := t.g.State()
	if !changed(before, after, v) {
		return v, t.recordRefusal(ctx, e, before, v)
	}
	e.ok, e.code, e.tag = v.OK, v.Code, tag
	round, ended := t.tr.step(e.ev, before, after, v, t.g.Rules())
	over := after.Phase == referee.PhaseOver && before.Phase != referee.PhaseOver
	err = t.j.commit(ctx, func(tx *sql.Tx) error {
		now := t.j.stamp()
		if err := insertEvent(ctx, tx, t.id, seq, e, now); err != nil {
			return err
		}
		if err := recordEvent(ctx, tx, t.id, seq, e, before, v, now); err != nil {
			return err
		}
		if ended {
			if err := insertRound(ctx, tx, t.id, seq, round, now); err != nil {
				return err
			}
		}
		if over {
			if _, err := tx.ExecContext(ctx, "UPDATE games SET ended_at = ?, winner = ? WHERE id = ?", now, after.Winner, t.id); err != nil {
				return err
			}
		}
		if v.OK && (e.ev.Kind == tablelog.Players || e.ev.Kind == tablelog.Rules) {
			if _, err := tx.ExecContext(ctx, "UPDATE games SET players = ?, rules = ? WHERE id = ?",
				strings.Join(after.Players, " "), t.rulesLine(e), t.id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		// The referee has moved on, the file has not: rebuild the referee
		// from what is journaled, and read the file again before the next
		// write in case the failed commit reached it after all.
		t.stale = true
		es, rerr := t.ents.entries(t.id)
		g, tr := t.g, t.tr
		if rerr == nil {
			g, tr, rerr = rebuild(t.id, es)
		}
		if rerr != nil {
			return referee.Verdict{}, errors.Join(fmt.Errorf("journal: game %d, event %d: %w", t.id, seq, err), rerr)
		}
		t.g, t.tr = g, tr
		return referee.Verdict{}, diskFull(fmt.Errorf("journal: game %d, event %d: %w", t.id, seq, err), filepath.Dir(t.j.path), freeBytes)
	}
	t.ents.add(&e)
	t.sum = chain(t.sum, e.line)
	t.j.acknowledge(t.id, seq, t.sum)
	if over {
		t.j.gameEnded()
	}
	if ended {
		t.j.roundEnded(ctx)
	} else {
		t.j.committed()
	}
	return v, nil
}

func lines(ents []entry) []string {
	l := make([]string, len(ents))
	for i, e := range ents {
		l[i] = e.line
	}
	return l
}

// rulesLine is the rules line in force once e is journaled.
func (t *Recorder) rulesLine(e entry) string {
	if e.ev.Kind == tablelog.Rules {
		return untimed(e.ev)
	}
	return t.ents.lastRules()
}

func lastRules(ents []entry) string {
	for i := len(ents) - 1; i >= 0; i-- {
		if ents[i].ok && ents[i].ev.Kind == tablelog.Rules {
			return untimed(ents[i].ev)
		}
	}
	return "rules " + referee.PresetOfficial
}

func insertRound(ctx context.Context, tx *sql.Tx, id int64, seq int, r Round, now string) error {
	if _, err := tx.ExecContext(ctx, "INSERT INTO rounds(game_id, round, winner, ended_seq, ended_at) VALUES (?, ?, ?, ?, ?)",
		id, r.N, r.Winner, seq, now); err != nil {
		return err
	}
	for seat, s := range r.Scores {
		if _, err := tx.ExecContext(ctx, "INSERT INTO round_scores(game_id, round, seat, player, points, total, left_points) VALUES (?, ?, ?, ?, ?, ?, ?)",
			id, r.N, seat, s.Player, s.Points, s.Total, s.Left); err != nil {
			return err
		}
	}
	return nil
}

// Undo drops the last journaled event and rebuilds the game without it; it
// returns the event dropped. The players line can't be undone
// (ErrNothingToUndo). Undoing the event that won the game reopens it.
func (t *Recorder) Undo(ctx context.Context) (tablelog.Event, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return tablelog.Event{}, ErrEnded
	}
	if t.stale {
		if err := t.load(ctx); err != nil {
			return tablelog.Event{}, err
		}
	}
	n := t.ents.len()
	if n <= 1 {
		return tablelog.Event{}, ErrNothingToUndo
	}
	es, err := t.ents.entries(t.id)
	if err != nil {
		return tablelog.Event{}, err
	}
	keep := es[:n-1]
	g, tr, err := rebuild(t.id, keep)
	if err != nil {
		return tablelog.Event{}, err
	}
	st := g.State()
	// The record goes down (fsynced) before the commit: it may lag behind
	// the journal, never run ahead of it.
	sum := chainOf(lines(keep))
	t.j.lowerRecord(t.id, len(keep), sum)
	err = t.j.commit(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, "DELETE FROM events WHERE game_id = ? AND seq = ?", t.id, n); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "DELETE FROM rounds WHERE game_id = ? AND ended_seq >= ?", t.id, n); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, "UPDATE games SET players = ?, rules = ?, ended_at = CASE WHEN ? THEN ended_at END, winner = ? WHERE id = ?",
			strings.Join(st.Players, " "), lastRules(keep), st.Phase == referee.PhaseOver, nullable(st.Winner), t.id)
		return err
	})
	if err != nil {
		t.stale = true
		return tablelog.Event{}, fmt.Errorf("journal: game %d: undo event %d: %w", t.id, n, err)
	}
	dropped := es[n-1].ev
	t.ents.truncate(n - 1)
	t.g, t.tr, t.sum = g, tr, sum
	return dropped, nil
}

func nullable(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }

// End closes the table. A game not yet won is marked abandoned (ended, no
// winner) and Resume will not open it again. Safe to call twice.
func (t *Recorder) End(ctx context.Context) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return nil
	}
	err := t.j.commit(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "UPDATE games SET ended_at = ? WHERE id = ? AND ended_at IS NULL", t.j.stamp(), t.id)
		return err
	})
	if err != nil {
		return fmt.Errorf("journal: game %d: end: %w", t.id, err)
	}
	t.closed = true
	t.j.flushRollups(ctx)
	t.j.gameEnded()
	return nil
}

// tracker follows rounds through the verdicts: who went out, each
// player's total when the last round ended, and the points counted left.
type tracker struct {
	totals map[string]int
	winner string
	left   map[string]int
}

// step returns the round that ev, from before to after, ended, if any:
// the count-up (or the event itself) took the game back to setup or over.
func (tr *tracker) step(ev tablelog.Event, before, after referee.State, v referee.Verdict, rules referee.Rules) (Round, bool) {
	if name, p, ok := leftOf(ev, before, v, rules); ok {
		if tr.left == nil {
			tr.left = map[string]int{}
		}
		tr.left[name] = p
	}
	for _, f := range v.Effects {
		if f.Kind == referee.EffRoundOver || f.Kind == referee.EffGameOver && tr.winner == "" {
			tr.winner = f.Player
		}
	}
	inRound := before.Phase != referee.PhaseSetup && before.Phase != referee.PhaseOver
	if ev.Kind == tablelog.End {
		// Stopped early: the round being played is not counted.
		tr.winner, tr.left = "", nil
		return Round{}, false
	}
	if !inRound || after.Phase != referee.PhaseSetup && after.Phase != referee.PhaseOver {
		return Round{}, false
	}
	r := Round{N: after.Round, Winner: tr.winner, Scores: make([]Score, len(after.Players))}
	for i, p := range after.Players {
		r.Scores[i] = Score{Player: p, Points: after.Scores[p] - tr.totals[p], Total: after.Scores[p], Left: tr.left[p]}
	}
	tr.totals = after.Scores
	tr.winner, tr.left = "", nil
	return r, true
}
