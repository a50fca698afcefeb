package journal

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// ErrDamaged is wrapped by every *DamageError, for errors.Is.
var ErrDamaged = errors.New("journal: damaged")

// ErrDiskFull is a journal that can't be opened or written because its disk
// is full.
var ErrDiskFull = errors.New("journal: the disk is full")

// DamageError is a journal that lost acknowledged events or whose file is
// corrupt: Open reports it instead of starting with less than was played.
type DamageError struct {
	Path   string
	Reason string    // one sentence: what is missing or broken
	Backup string    // the rolling copy `unoref restore` goes back to; "" when there is none
	Taken  time.Time // when the copy was made
	Err    error     // SQLite's error, when there is one
}

func (e *DamageError) Error() string {
	s := fmt.Sprintf("journal: %s is damaged: %s.", e.Path, e.Reason)
	if e.Backup == "" {
		return s + " There is no copy to go back to yet: move the damaged files away to start a new journal."
	}
	return s + fmt.Sprintf(" A copy made at the end of a round (%s) is at %s: stop unoref and run `unoref restore` to go back to it (the damaged files are kept beside it).",
		e.Taken.Local().Format("2006-01-02 15:04"), e.Backup)
}

func (e *DamageError) Unwrap() []error {
	if e.Err == nil {
		return []error{ErrDamaged}
	}
	return []error{ErrDamaged, e.Err}
}

// damaged is the DamageError for the journal at path, naming its backup.
func damaged(path, reason string, err error) *DamageError {
	e := &DamageError{Path: path, Reason: reason, Err: err}
	if fi, serr := os.Stat(BackupPath(path)); serr == nil && fi.Size() > 0 {
		e.Backup, e.Taken = BackupPath(path), fi.ModTime()
	}
	return e
}

// checkFile reports a database file that is missing, empty or smaller
// than it was after its last checkpoint although events were
// acknowledged: SQLite would silently start a new journal, or read an
// older database file with the newer WAL.
func checkFile(path string, a ack, acked bool) error {
	if !acked || a.seq == 0 {
		return nil
	}
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return damaged(path, fmt.Sprintf("the file is missing, but %d events of game %d were acknowledged", a.seq, a.game), nil)
	case err != nil:
		return fmt.Errorf("journal: %w", err)
	case fi.Size() == 0:
		return damaged(path, fmt.Sprintf("the file is empty, but %d events of game %d were acknowledged", a.seq, a.game), nil)
	case fi.Size() < a.dbSize:
		return damaged(path, fmt.Sprintf("the file is older than its record: it holds %d bytes, but it held %d after its last checkpoint", fi.Size(), a.dbSize), nil)
	}
	return nil
}

// quickCheck runs SQLite's PRAGMA quick_check on the journal through db.
func (j *Journal) quickCheck(ctx context.Context, db *sql.DB) error {
	return quickCheckOf(ctx, db, j.path, "")
}

// quickCheckOf runs SQLite's PRAGMA quick_check on schema ("" for main,
// else "name.") through q, the database at path: the b-tree pages, their
// order and the records' shape.
func quickCheckOf(ctx context.Context, q querier, path, schema string) (err error) {
	defer func() {
		if err != nil && ctx.Err() != nil {
			err = fmt.Errorf("journal: %s: the check was stopped: %w", path, ctx.Err()) // not damage
		}
	}()
	rows, err := q.QueryContext(ctx, "PRAGMA "+schema+"quick_check")
	if err != nil {
		return damaged(path, "SQLite can't check it ("+err.Error()+")", err)
	}
	defer rows.Close()
	var probs []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return damaged(path, "SQLite can't check it ("+err.Error()+")", err)
		}
		if s != "ok" {
			probs = append(probs, s)
		}
	}
	if err := rows.Err(); err != nil {
		return damaged(path, "SQLite can't check it ("+err.Error()+")", err)
	}
	if len(probs) > 0 {
		return damaged(path, "SQLite's quick_check finds it corrupt ("+firstOf(probs)+")", nil)
	}
	return nil
}

func firstOf(probs []string) string {
	if len(probs) == 1 {
		return probs[0]
	}
	return fmt.Sprintf("%s, and %d more", probs[0], len(probs)-1)
}

// checkAcked compares the journal with the record of the last acknowledged
// event: the game's row must be there, and at least that many of its
// events, with the same lines. A database file older than the WAL beside
// it (put back from elsewhere) shows the events without their game.
func (j *Journal) checkAcked(ctx context.Context, a ack) error {
	return checkAckedIn(ctx, j.db, j.path, "", a)
}

// checkAckedIn is checkAcked on the schema schema ("" for main) of db,
// the journal at path.
func checkAckedIn(ctx context.Context, db querier, path, schema string, a ack) error {
	if a.seq == 0 {
		return nil
	}
	var rows int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM "+schema+"games WHERE id = ?", a.game).Scan(&rows); err != nil {
		return damaged(path, "its games can't be read ("+err.Error()+")", err)
	}
	if rows == 0 {
		return damaged(path, fmt.Sprintf("game %d, whose %d events were acknowledged, is missing", a.game, a.seq), nil)
	}
	n, sum, err := gameChain(ctx, db, schema, a.game, a.seq)
	if err != nil {
		return damaged(path, "its events can't be read ("+err.Error()+")", err)
	}
	if n < a.seq {
		return damaged(path, fmt.Sprintf("game %d holds %d events, but %d were acknowledged: %d are lost", a.game, n, a.seq, a.seq-n), nil)
	}
	if sum != a.sum {
		return damaged(path, fmt.Sprintf("the lines of game %d differ from the ones acknowledged", a.game), nil)
	}
	return nil
}

// rewriteRecord answers a record that is unreadable (zeroed, garbled): the
// journal itself is checked whole (quick_check, and its latest game
// replays); if it is, the record is written again from it and a warning
// says so, else the journal is damaged.
func (j *Journal) rewriteRecord(ctx context.Context) error {
	why := "the record of the last acknowledged event (" + filepath.Base(j.path) + AckSuffix + ") is unreadable, and"
	if err := j.quickCheck(ctx, j.db); err != nil {
		var de *DamageError
		if errors.As(err, &de) {
			de.Reason = why + de.Reason
		}
		return err
	}
	a, err := j.latestRecord(ctx)
	if err != nil {
		return damaged(j.path, why+" its latest game can't be read again ("+err.Error()+")", err)
	}
	j.ackMu.Lock()
	j.last = ack{}
	if err := j.writeAckLocked(a, true); err != nil {
		j.ackMu.Unlock()
		return err
	}
	j.ackMu.Unlock()
	j.warn(fmt.Errorf("journal: %s: %s the journal itself is whole: the record is written again from it (game %d, %d events)", j.path, why, a.game, a.seq))
	return nil
}

// latestRecord is the record of the journal's latest game, read from the
// file and replayed as Resume would; a zero record when it has none.
func (j *Journal) latestRecord(ctx context.Context) (ack, error) {
	var id sql.NullInt64
	if err := j.db.QueryRowContext(ctx, "SELECT max(id) FROM games").Scan(&id); err != nil {
		return ack{}, err
	}
	if !id.Valid {
		return ack{}, nil
	}
	t := &Recorder{j: j, id: id.Int64}
	if err := t.load(ctx); err != nil {
		return ack{}, err
	}
	return ack{game: id.Int64, seq: t.ents.len(), sum: t.sum}, nil
}

// gameChain is the number of lines of game up to event upTo and their
// chainOf, read from the schema schema ("" for main, else "name.") of db
// one line at a time: the copy's check at every round end reads the whole
// game, and a game of 20,000 events held whole was a megabyte of garbage
// at each (issue 21).
func gameChain(ctx context.Context, db querier, schema string, game int64, upTo int) (int, [sha256.Size]byte, error) {
	var (
		n   int
		sum [sha256.Size]byte
		buf []byte
	)
	err := eachGameLine(ctx, db, schema, game, upTo, func(l []byte) {
		sum, buf = chainIn(buf, sum, l)
		n++
	})
	return n, sum, err
}

// eachGameLine calls f with each line of game up to event upTo, in order;
// the line is f's only for the call.
func eachGameLine(ctx context.Context, db querier, schema string, game int64, upTo int, f func([]byte)) error {
	rows, err := db.QueryContext(ctx, "SELECT line FROM "+schema+"events WHERE game_id = ? AND seq <= ? ORDER BY seq", game, upTo)
	if err != nil {
		return err
	}
	defer rows.Close()
	var l sql.RawBytes
	for rows.Next() {
		if err := rows.Scan(&l); err != nil {
			return err
		}
		f(l)
	}
	return rows.Err()
}

// diskFull says in a sentence that dir's disk is full when err is SQLite's
// SQLITE_FULL or an I/O error and the disk has (almost) no room left; else
// it returns err as it was.
func diskFull(err error, dir string, free func(string) (uint64, error)) error {
	if err == nil || !fullOrIO(err) {
		return err
	}
	n, ferr := free(dir)
	if ferr != nil || n >= minFree {
		return err
	}
	return fmt.Errorf("%w: %s has %d bytes left, and the journal needs room to write: delete old files there (or move the data directory to a bigger disk) (%v)", ErrDiskFull, dir, n, err)
}

// fullDisk is diskFull for Open: a damage that is only a full disk is
// said as one.
func fullDisk(err error, dir string) error {
	cause := err
	var de *DamageError
	if errors.As(err, &de) && de.Err != nil {
		cause = de.Err
	}
	if df := diskFull(cause, dir, freeBytes); errors.Is(df, ErrDiskFull) {
		return df
	}
	return err
}

// minFree is the room below which a failed write is put down to a full disk.
const minFree = MinFree

// MinFree is the room a journal's disk needs: below it, a write that fails
// is put down to a full disk (ErrDiskFull), and a table waits for more
// before it writes again.
const MinFree = 1 << 20

// FreeSpace is the room left for this user on the file system of dir.
func FreeSpace(dir string) (uint64, error) { return freeBytes(dir) }

// fullOrIO reports SQLite's SQLITE_FULL (13), SQLITE_IOERR (10) with its
// extended codes (a full disk fails the -shm mapping with 4874) and
// SQLITE_CANTOPEN (14: a file that can't be created).
func fullOrIO(err error) bool {
	if code, ok := sqliteCode(err); ok {
		return code == 13 || code == 10 || code == 14
	}
	s := err.Error()
	return strings.Contains(s, "disk is full") || strings.Contains(s, "disk I/O error") || strings.Contains(s, "no space left")
}

// sqliteCode is the primary result code of the SQLite error in err.
func sqliteCode(err error) (int, bool) {
	var c interface{ Code() int }
	if errors.As(err, &c) {
		return c.Code() & 0xff, true
	}
	return 0, false
}

// corrupt reports an error that says the file itself is broken:
// SQLITE_CORRUPT (11), SQLITE_NOTADB (26), or not a journal at all.
// malformed reports SQLITE_CORRUPT (11): a journal's file that SQLite
// reads as its own, broken.
func malformed(err error) bool {
	code, ok := sqliteCode(err)
	return ok && code == 11
}

func corrupt(err error) bool {
	code, ok := sqliteCode(err)
	return ok && (code == 11 || code == 26) || errors.Is(err, ErrNotJournal)
}
