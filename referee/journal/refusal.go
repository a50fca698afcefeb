package journal

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
)

// A refusal that changes nothing (a card that does not match, a tap out
// of turn without a penalty) is not an event: nothing is journaled, the
// table only answers. The statistics still count it, so it is kept in
// memory and written with the next commit (an event, a new game, the end
// of a game, Close), or in a batch of its own without an fsync once
// maxPendingRefusals wait or the statistics are read: a refused tap never
// waits for the disk. A power cut can lose a refusal's count, never an
// event.

// maxPendingRefusals is how many refusals wait for a commit before they
// are written in a batch of their own.
const maxPendingRefusals = 64

// maxHeldRefusals bounds what a disk that takes nothing (a full card)
// lets pile up: the oldest are dropped beyond it, with a warning.
const maxHeldRefusals = 4096

const insertRefusalSQL = "INSERT INTO refusals(game_id, seq, seat, round, code, mistake, line, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"

// pendingRefusals are the refusals not yet written.
type pendingRefusals struct {
	mu       sync.Mutex
	rows     []heldRefusal
	inflight bool      // a commit is writing rows[:n] now
	stmt     *sql.Stmt // insertRefusalSQL, prepared once on the journal's connection
}

// heldRefusal is one refusal waiting: its game, the event it followed and
// when it was made.
type heldRefusal struct {
	game int64
	seq  int
	r    refusal
	at   string
}

// holdRefusal keeps a refusal for the next commit; once maxPendingRefusals
// wait, it writes them in a batch without an fsync (the next event's
// commit makes them durable).
func (j *Journal) holdRefusal(ctx context.Context, h heldRefusal) {
	p := &j.refusals
	p.mu.Lock()
	p.rows = append(p.rows, h)
	if n := len(p.rows) - maxHeldRefusals; n > 0 {
		p.rows = append(p.rows[:0:0], p.rows[n:]...)
		j.warn(fmt.Errorf("journal: %s: %d refusals could not be written and are dropped from the statistics", j.path, n))
	}
	batch := len(p.rows) >= maxPendingRefusals && !p.inflight
	p.mu.Unlock()
	if batch {
		if err := j.writeRefusals(ctx, false); err != nil {
			j.warn(fmt.Errorf("journal: %s: writing refusals: %w", j.path, err))
		}
	}
}

// takeRefusals returns the refusals a commit is to write, marking them
// in flight; none while another commit writes some.
func (p *pendingRefusals) take() []heldRefusal {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.inflight || len(p.rows) == 0 {
		return nil
	}
	p.inflight = true
	return p.rows[:len(p.rows):len(p.rows)]
}

// done ends the flight of batch: written, they are dropped; else they
// wait for the next commit.
func (p *pendingRefusals) done(batch []heldRefusal, written bool) {
	if batch == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.inflight = false
	if written {
		p.rows = append(p.rows[:0:0], p.rows[len(batch):]...)
	}
}

// refusalStmt is insertRefusalSQL prepared on the journal's connection,
// once. It must be called outside a transaction: the journal has one
// connection.
func (j *Journal) refusalStmt(ctx context.Context) (*sql.Stmt, error) {
	p := &j.refusals
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stmt == nil {
		st, err := j.db.PrepareContext(ctx, insertRefusalSQL)
		if err != nil {
			return nil, err
		}
		p.stmt = st
	}
	return p.stmt, nil
}

// insertHeld writes batch in tx with st (refusalStmt), which the
// connection has prepared already.
func insertHeld(ctx context.Context, tx *sql.Tx, st *sql.Stmt, batch []heldRefusal) error {
	if len(batch) == 0 {
		return nil
	}
	ts := tx.StmtContext(ctx, st)
	defer ts.Close()
	for _, h := range batch {
		seat := sql.NullInt64{Int64: int64(h.r.seat), Valid: h.r.seat >= 0}
		if _, err := ts.ExecContext(ctx, h.game, h.seq, seat, h.r.round, h.r.code, h.r.mistake, h.r.line, h.at); err != nil {
			return err
		}
	}
	return nil
}

// commit runs f in a transaction with the refusals held so far, and
// commits it (synchronous FULL: one fsync).
func (j *Journal) commit(ctx context.Context, f func(*sql.Tx) error) error {
	batch := j.refusals.take()
	var st *sql.Stmt
	if batch != nil {
		var err error
		if st, err = j.refusalStmt(ctx); err != nil {
			j.refusals.done(batch, false)
			batch = nil // the event goes on; the refusals wait
		}
	}
	// The refusals go first: f may undo the event they followed, and the
	// trigger that marks them undone (refusals_undone) must see them.
	err := j.tx(ctx, func(tx *sql.Tx) error {
		if err := insertHeld(ctx, tx, st, batch); err != nil {
			return err
		}
		return f(tx)
	})
	j.refusals.done(batch, err == nil)
	return err
}

// writeRefusals writes the refusals held in a transaction of their own:
// durable, fsynced as every commit (Close, the end of a game), or not
// (a batch on a refused tap's path: synchronous OFF for it, made durable
// by the next commit's fsync of the WAL).
func (j *Journal) writeRefusals(ctx context.Context, durable bool) error {
	batch := j.refusals.take()
	if batch == nil {
		return nil
	}
	err := j.writeHeld(ctx, batch, durable)
	j.refusals.done(batch, err == nil)
	return err
}

func (j *Journal) writeHeld(ctx context.Context, batch []heldRefusal, durable bool) error {
	st, err := j.refusalStmt(ctx)
	if err != nil {
		return err
	}
	conn, err := j.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if !durable {
		if _, err := conn.ExecContext(ctx, "PRAGMA synchronous=OFF"); err != nil {
			return err
		}
		defer conn.ExecContext(context.Background(), "PRAGMA synchronous=FULL")
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := insertHeld(ctx, tx, st, batch); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// flushRefusals writes the refusals held, fsynced (Close).
func (j *Journal) flushRefusals(ctx context.Context) {
	if err := j.writeRefusals(ctx, true); err != nil {
		j.warn(fmt.Errorf("journal: %s: writing refusals: %w", j.path, err))
	}
}

// settleRefusals writes the refusals held before the statistics are read
// (in a batch without an fsync, as on a refused tap's path), so that a
// page shows the refusal just made.
func (j *Journal) settleRefusals(ctx context.Context) {
	if err := j.writeRefusals(ctx, false); err != nil {
		j.warn(fmt.Errorf("journal: %s: writing refusals: %w", j.path, err))
	}
}
