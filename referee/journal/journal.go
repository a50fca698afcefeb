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
	// Check is how much of the file Open checks (CheckNow, the default).
	Check Check
	// SecondCopy, when set, is a directory (a USB stick, a network share
	// the system mounts) that gets a whole copy of the journal, checked,
	// at every game's end: the family's record outlives the SD card.
	// SecondCheck, when set, is asked before each such copy whether the
	// directory may take it (the daemon refuses one on the journal's own
	// disk: a stick not mounted).
	SecondCopy  string
	SecondCheck func(dir string) error
	// Simulated marks every game this journal starts as played on
	// simulated devices (the virtual table: a demo, a test): the history
	// says so and the family's statistics leave it out, unless
	// KeepSimulated (a family that referees its real cards from the page).
	Simulated, KeepSimulated bool
}

// Check is how much of the file Open checks. Whatever it is, Open
// compares the journal with the record of the last acknowledged event,
// which reads one game.
type Check int

const (
	// CheckNow runs SQLite's PRAGMA quick_check over the whole file in
	// Open: `unoref restore` and anything that must know before it goes
	// on.
	CheckNow Check = iota
	// CheckLater leaves the whole-file check to the caller, who runs
	// (*Journal).Check once it serves (the daemon: its page is up at once
	// on a journal of years, and the check's verdict reaches its banner
	// when it is done).
	CheckLater
	// CheckNone skips the whole-file check: a command that only reads the
	// record (stats, history, export) leaves it to the daemon.
	CheckNone
)

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
	last  ack      // the newest record: read at Open, then written
	ack   *ackFile // opened at the first write

	refusals pendingRefusals // refusals that changed nothing, until the next commit (refusal.go)
}

// Open opens the journal at path, creating the file and its directory when
// they do not exist, and migrates its schema to the current version. It
// compares the journal with the record of the last acknowledged event (and
// runs PRAGMA quick_check under CheckNow): a journal that lost events is a
// *DamageError, a full disk ErrDiskFull. A record that is unreadable while
// the journal is whole is written again from the journal, with a warning:
// damage to the record alone loses nothing.
func Open(ctx context.Context, path string, o *Opts) (*Journal, error) {
	opts := withDefaults(o)
	if path == "" {
		return nil, errors.New("journal: empty path")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	rec, err := readRecord(path)
	if err != nil {
		return nil, err
	}
	db, err := openDB(path, opts, cacheKiB)
	if err != nil {
		return nil, err
	}
	j := &Journal{db: db, path: path, now: opts.Now, warn: opts.Warn, opts: opts, last: rec.last}
	if err := j.start(ctx, rec); err != nil {
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

// record is what Open found beside the database: the record of the last
// acknowledged event, whether there is one, and whether the file is there
// but unreadable (zeroed, garbled).
type record struct {
	last       ack
	acked      bool
	unreadable bool
}

// readRecord reads the record of the last acknowledged event beside path,
// and reports a database file that vanished, was emptied or is older than
// the record since. The record is read before the database, so that a
// writer committing meanwhile can only put the database ahead of it.
func readRecord(path string) (record, error) {
	last, acked, err := readAck(path + AckSuffix)
	if errors.Is(err, errAckUnreadable) {
		// The record is only written once an event was: without the
		// database it witnessed, events are gone.
		if fi, serr := os.Stat(path); serr != nil || fi.Size() == 0 {
			return record{}, damaged(path, err.Error()+" ("+filepath.Base(path)+AckSuffix+"), and the database file is missing or empty", nil)
		}
		return record{unreadable: true}, nil
	}
	if err != nil {
		return record{}, err
	}
	return record{last: last, acked: acked}, checkFile(path, last, acked)
}

// openDB opens the database with the journal's per-connection settings
// and a page cache of kib KiB (cacheKiB, passKiB).
func openDB(path string, opts Opts, kib int) (*sql.DB, error) {
	// journal_mode is kept out: it rewrites the file header, and a foreign
	// file must be left as it was. wal_autocheckpoint is off: the rolling
	// copy checkpoints the WAL itself, at the moment it knows the copy
	// holds what the checkpoint takes (mirror.go).
	db, err := openSQL(path, kib, fmt.Sprintf("busy_timeout(%d)", opts.BusyTimeout.Milliseconds()),
		"foreign_keys(1)", "synchronous(FULL)", "wal_autocheckpoint(0)")
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	// One writer: a single connection also serialises every transaction.
	db.SetMaxOpenConns(1)
	return db, nil
}

// The page cache of every connection the journal opens is bounded (PRAGMA
// cache_size, in KiB of pages; SQLite's default is 2,000). Through
// modernc.org/libc's allocator a cached page (4 KiB and SQLite's header)
// takes an 8 KiB slot, and what SQLite frees stays with the process for
// reuse (up to 4 MiB a size class): with the default, the journal's
// connection and the copier's two each cached a whole 1.5 MB journal by
// the end of a 20,000-event game, 7 MB of the daemon's resident set
// (issue 21).
//
// cacheKiB is the journal's own connection's, and the copy's while it is
// written: what a tap touches is a few dozen pages, and a round's changes
// to the copy stay in the cache until its commit (a cache smaller spills
// them early, each spill after an fsync of the copy's rollback journal).
// passKiB is the connections' that read a file through once (the copier's
// snapshot and checkpoint, the checks, the snapshot streamed): a cache
// keeps nothing they read again.
const (
	cacheKiB = 128
	passKiB  = 32
)

// openSQL opens the SQLite database at path with a page cache of kib KiB
// and the per-connection settings pragmas (each "name(value)"). Every
// database the journal opens is opened here. They go in the DSN, so that a
// connection the pool opens again gets them too.
func openSQL(path string, kib int, pragmas ...string) (*sql.DB, error) {
	var dsn strings.Builder
	dsn.WriteString("file:" + escapePath(path))
	fmt.Fprintf(&dsn, "?_pragma=cache_size(-%d)", kib)
	for _, p := range pragmas {
		dsn.WriteString("&_pragma=" + p)
	}
	return sql.Open("sqlite", dsn.String())
}

// escapePath is path as the file name of an SQLite URI.
func escapePath(path string) string {
	return strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
}

// start migrates the schema and checks the file against the record; a
// corrupt file behind an acknowledged record is damage.
func (j *Journal) start(ctx context.Context, rec record) error {
	if err := j.init(ctx, migrations); err != nil {
		if (rec.acked && j.last.seq > 0 || rec.unreadable) && corrupt(err) || malformed(err) {
			return damaged(j.path, "SQLite can't open it ("+err.Error()+")", err)
		}
		return err
	}
	if err := j.verify(ctx, rec); err != nil {
		return err
	}
	if err := j.fillRecord(ctx); err != nil {
		if malformed(err) {
			return damaged(j.path, "SQLite finds it corrupt ("+err.Error()+")", err)
		}
		return err
	}
	j.flushRollups(ctx)
	return nil
}

// verify checks that the file holds every event the record says was
// acknowledged, and the whole file (quick_check) under CheckNow. An
// unreadable record is damage only when the journal itself is not whole.
func (j *Journal) verify(ctx context.Context, rec record) error {
	if rec.unreadable && j.opts.Check == CheckNone {
		return nil // a reader leaves the record to the daemon, which writes it
	}
	if rec.unreadable {
		return j.rewriteRecord(ctx)
	}
	if j.opts.Check == CheckNow {
		if err := j.quickCheck(ctx, j.db); err != nil {
			return err
		}
	}
	if !rec.acked {
		return nil
	}
	return j.checkAcked(ctx, j.last)
}

// Check runs SQLite's PRAGMA quick_check over the whole file, on a
// connection of its own so that the table writes on meanwhile: a corrupt
// file is a *DamageError. The daemon runs it once its page is up
// (CheckLater); it takes seconds on a Pi with a journal of years.
func (j *Journal) Check(ctx context.Context) error {
	db, err := openDB(j.path, j.opts, passKiB)
	if err != nil {
		return err
	}
	defer db.Close()
	return j.quickCheck(ctx, db)
}

// acknowledge records that game holds seq events whose lines hash to sum,
// in the file beside the journal, without an fsync: the commit's own
// fsync is the event's only one. The record reaches the disk with the
// kernel's writeback (started at once) and is fsynced at the round's end
// (syncRecord). A failure leaves the record behind the journal, which Open
// accepts: it is only reported.
func (j *Journal) acknowledge(game int64, seq int, sum [32]byte) {
	if err := j.writeAck(game, seq, sum, false); err != nil {
		j.warn(err)
	}
}

// lowerRecord records fewer events than before (Undo), fsynced before the
// commit that drops them: the record may lag behind the journal, never run
// ahead of it, and a power cut must not leave the higher one.
func (j *Journal) lowerRecord(game int64, seq int, sum [32]byte) {
	if err := j.writeAck(game, seq, sum, true); err != nil {
		j.warn(err)
	}
}

func (j *Journal) writeAck(game int64, seq int, sum [32]byte, durable bool) error {
	j.ackMu.Lock()
	defer j.ackMu.Unlock()
	return j.writeAckLocked(ack{game: game, seq: seq, sum: sum, dbSize: j.last.dbSize}, durable)
}

func (j *Journal) writeAckLocked(a ack, durable bool) error {
	if j.ack == nil {
		f, err := openAck(j.path+AckSuffix, j.last)
		if err != nil {
			return err
		}
		j.ack = f
	}
	if err := j.ack.write(a, durable); err != nil {
		return err
	}
	j.last = j.ack.last
	return nil
}

// syncRecord fsyncs the record with the size of the database file after a
// checkpoint (dbSize, 0 to keep the last known): at a round's end, in the
// background, so that the record on disk is no older than the round end.
func (j *Journal) syncRecord(dbSize int64) {
	j.ackMu.Lock()
	defer j.ackMu.Unlock()
	var err error
	switch {
	case j.last.game == 0 && j.ack == nil:
		return // nothing acknowledged yet
	case dbSize > 0 && dbSize != j.last.dbSize:
		a := j.last
		a.dbSize = dbSize
		err = j.writeAckLocked(a, true)
	case j.ack != nil:
		err = j.ack.sync()
	}
	if err != nil {
		j.warn(err)
	}
}

// Close lets a running rolling copy finish (cutting it short after
// closeWait, the copy before it stays), then closes the database. No copy
// starts after it. It is safe to call twice.
func (j *Journal) Close() error {
	cerr := j.stopCopies()
	j.flushRefusals(context.Background())
	j.ackMu.Lock()
	if j.ack != nil {
		if err := j.ack.sync(); err != nil {
			j.warn(err)
		}
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
