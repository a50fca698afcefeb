package journal

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite" // registers the pure-Go driver "sqlite"
)

// Errors callers branch on, for errors.Is.
var (
	ErrNotJournal    = errors.New("journal: not a unoref journal")
	ErrNewerSchema   = errors.New("journal: written by a newer unoref")
	ErrNoOpenGame    = errors.New("journal: no open game")
	ErrGameOpen      = errors.New("journal: a game is still open")
	ErrNoGame        = errors.New("journal: no such game")
	ErrEnded         = errors.New("journal: the game has ended")
	ErrReplay        = errors.New("journal: a journaled event does not replay")
	ErrBadEvent      = errors.New("journal: event can't be written as a table-log line")
	ErrNothingToUndo = errors.New("journal: nothing to undo")
)

// appID marks the database file as a unoref journal (PRAGMA application_id):
// "UNOR" in ASCII.
const appID = 0x554e4f52

// Opts are the journal's settings; the zero value (or nil) is fine.
type Opts struct {
	// BusyTimeout is how long a statement waits for another process (an
	// `unoref export` reading the file) to let go of it. Default 5 s.
	BusyTimeout time.Duration
	// Now stamps games, events and rounds. Default time.Now.
	Now func() time.Time
	// Warn hears of what went wrong after an event was safely committed
	// (a checkpoint, the rolling copy, the record of the last event); the
	// rolling copy's goroutine calls it too, so it must be safe for
	// concurrent use. Default: a line on stderr.
	Warn func(error)
	// Simulated marks every game this journal starts as played on
	// simulated devices (the virtual table: a demo, a test): the history
	// says so and the family's statistics leave it out, unless
	// KeepSimulated (a family that referees its real cards from the page).
	Simulated, KeepSimulated bool
}

// Journal is an open journal database. Its methods are safe for concurrent
// use; a game is played through one *Table at a time.
type Journal struct {
	db   *sql.DB
	path string
	now  func() time.Time
	warn func(error)
	opts Opts // the settings, for the rolling copy's own connection

	copy copier // the rolling copy, made in the background (backup.go)

	ackMu sync.Mutex
	last  ack      // the record read at Open
	ack   *ackFile // opened at the first write
}

// Open opens the journal at path, creating the file and its directory when
// they do not exist, and migrates its schema to the current version. It
// checks the file and the record of the last acknowledged event first: a
// journal that lost events is a *DamageError, a full disk ErrDiskFull.
func Open(ctx context.Context, path string, o *Opts) (*Journal, error) {
	opts := withDefaults(o)
	if path == "" {
		return nil, errors.New("journal: empty path")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	last, acked, err := readRecord(path)
	if err != nil {
		return nil, err
	}
	db, err := openDB(path, opts)
	if err != nil {
		return nil, err
	}
	j := &Journal{db: db, path: path, now: opts.Now, warn: opts.Warn, opts: opts, last: last}
	if err := j.start(ctx, acked); err != nil {
		db.Close()
		return nil, fullDisk(err, filepath.Dir(path))
	}
	return j, nil
}

func withDefaults(o *Opts) Opts {
	var opts Opts
	if o != nil {
		opts = *o
	}
	if opts.BusyTimeout <= 0 {
		opts.BusyTimeout = 5 * time.Second
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Warn == nil {
		opts.Warn = func(err error) { fmt.Fprintln(os.Stderr, err) }
	}
	return opts
}

// readRecord reads the record of the last acknowledged event beside path,
// and reports a database file that vanished or was emptied since. The
// record is read before the database, so that a writer committing
// meanwhile can only put the database ahead of it.
func readRecord(path string) (ack, bool, error) {
	last, acked, err := readAck(path + AckSuffix)
	if errors.Is(err, errAckUnreadable) {
		return ack{}, false, damaged(path, err.Error()+" ("+filepath.Base(path)+AckSuffix+")", nil)
	}
	if err != nil {
		return ack{}, false, err
	}
	return last, acked, checkFile(path, last, acked)
}

// openDB opens the database with the journal's per-connection settings.
func openDB(path string, opts Opts) (*sql.DB, error) {
	// Per-connection settings go in the DSN so that a connection the pool
	// reopens gets them too. journal_mode is kept out: it rewrites the file
	// header, and a foreign file must be left as it was.
	dsn := "file:" + strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path) +
		fmt.Sprintf("?_pragma=busy_timeout(%d)&_pragma=foreign_keys(1)&_pragma=synchronous(FULL)", opts.BusyTimeout.Milliseconds())
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	// One writer: a single connection also serialises every transaction.
	db.SetMaxOpenConns(1)
	return db, nil
}

// start migrates the schema and checks the file against the record; a
// corrupt file behind an acknowledged record is damage.
func (j *Journal) start(ctx context.Context, acked bool) error {
	if err := j.init(ctx, migrations); err != nil {
		if acked && j.last.seq > 0 && corrupt(err) {
			return damaged(j.path, "SQLite can't open it ("+err.Error()+")", err)
		}
		return err
	}
	if err := j.verify(ctx, acked); err != nil {
		return err
	}
	if err := j.fillRecord(ctx); err != nil {
		return err
	}
	j.flushRollups(ctx)
	return nil
}

// verify checks the file (quick_check) and that it holds every event the
// record says was acknowledged.
func (j *Journal) verify(ctx context.Context, acked bool) error {
	if err := j.quickCheck(ctx); err != nil {
		return err
	}
	if !acked {
		return nil
	}
	return j.checkAcked(ctx, j.last)
}

// acknowledge records that game holds seq events whose lines hash to sum,
// fsynced, in the file beside the journal. A failure leaves the record
// behind the journal, which Open accepts: it is only reported.
func (j *Journal) acknowledge(game int64, seq int, sum [32]byte) {
	if err := j.writeAck(game, seq, sum); err != nil {
		j.warn(err)
	}
}

func (j *Journal) writeAck(game int64, seq int, sum [32]byte) error {
	j.ackMu.Lock()
	defer j.ackMu.Unlock()
	if j.ack == nil {
		f, err := openAck(j.path+AckSuffix, j.last)
		if err != nil {
			return err
		}
		j.ack = f
	}
	return j.ack.write(game, seq, sum)
}

// Close lets a running rolling copy finish (cutting it short after
// closeWait, the copy before it stays), then closes the database. No copy
// starts after it. It is safe to call twice.
func (j *Journal) Close() error {
	cerr := j.stopCopies()
	j.ackMu.Lock()
	if j.ack != nil {
		j.ack.close()
		j.ack = nil
	}
	j.ackMu.Unlock()
	if err := j.db.Close(); err != nil {
		return errors.Join(cerr, fmt.Errorf("journal: %w", err))
	}
	return cerr
}

// String names the journal by its file.
func (j *Journal) String() string { return "journal " + j.path }

func (j *Journal) init(ctx context.Context, migs []string) error {
	var id, ver, tables int
	err := j.db.QueryRowContext(ctx, "PRAGMA application_id").Scan(&id)
	if err != nil {
		if isNotADB(err) {
			return fmt.Errorf("%w: %s: %v", ErrNotJournal, j.path, err)
		}
		return fmt.Errorf("journal: %s: %w", j.path, err)
	}
	if err := j.db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&ver); err != nil {
		return fmt.Errorf("journal: %s: %w", j.path, err)
	}
	if err := j.db.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_schema").Scan(&tables); err != nil {
		return fmt.Errorf("journal: %s: %w", j.path, err)
	}
	switch {
	case id == 0 && ver == 0 && tables == 0: // a new, empty file
	case id != appID:
		return fmt.Errorf("%w: %s is an SQLite database of another program (application_id %#x)", ErrNotJournal, j.path, id)
	case ver > len(migs):
		return fmt.Errorf("%w: %s has schema version %d, this unoref knows up to %d", ErrNewerSchema, j.path, ver, len(migs))
	}
	var mode string
	if err := j.db.QueryRowContext(ctx, "PRAGMA journal_mode=WAL").Scan(&mode); err != nil {
		return fmt.Errorf("journal: %s: setting WAL mode: %w", j.path, err)
	}
	if !strings.EqualFold(mode, "wal") {
		return fmt.Errorf("journal: %s: journal_mode is %q, want wal", j.path, mode)
	}
	return j.migrate(ctx, ver, migs)
}

// migrate runs the migrations after version from in one transaction each,
// bumping user_version with them so a crash leaves a whole version.
func (j *Journal) migrate(ctx context.Context, from int, migs []string) error {
	for v := from; v < len(migs); v++ {
		err := j.tx(ctx, func(tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, migs[v]); err != nil {
				return err
			}
			// PRAGMA takes no bound parameters.
			_, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA application_id=%d; PRAGMA user_version=%d", appID, v+1))
			return err
		})
		if err != nil {
			return fmt.Errorf("journal: %s: migrating to schema version %d: %w", j.path, v+1, err)
		}
	}
	return nil
}

// tx runs f in a transaction and commits it.
func (j *Journal) tx(ctx context.Context, f func(*sql.Tx) error) error {
	tx, err := j.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// isNotADB reports SQLite's SQLITE_NOTADB ("file is not a database").
func isNotADB(err error) bool {
	return strings.Contains(err.Error(), "not a database")
}

// stamp is how times are stored: UTC text that SQLite's date functions read
// and that sorts in time order.
const stamp = "2006-01-02T15:04:05.000Z07:00"

func (j *Journal) stamp() string { return j.now().UTC().Format(stamp) }

func parseStamp(s string) (time.Time, error) {
	t, err := time.Parse(stamp, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("bad time %q in the journal", s)
	}
	return t, nil
}
