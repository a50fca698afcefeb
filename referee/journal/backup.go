package journal

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// BackupSuffix names the rolling copy of the journal beside it
// (journal.db.backup), made with VACUUM INTO after every round end.
const BackupSuffix = ".backup"

// BackupPath is where the rolling copy of the journal at path is kept.
func BackupPath(path string) string { return path + BackupSuffix }

// closeWait bounds how long Close lets a running copy finish before it
// cuts it short (the copy before it stays).
const closeWait = 10 * time.Second

// copier makes the rolling copy in the background, on a connection of its
// own, one copy at a time: a round end during a copy asks for one more
// after it, never for a queue of them.
type copier struct {
	mu     sync.Mutex
	done   chan struct{} // closed when the running copies end; nil when idle
	again  bool          // a round ended during the running copy
	closed bool          // Close was called: no copy starts
	ctx    context.Context
	cancel context.CancelFunc
	db     *sql.DB                              // the copies' connection, opened at the first copy
	fileMu sync.Mutex                           // one writer of the temporary file: a copy or Backup
	hook   func(context.Context)                // tests: runs before each background copy
	after  func(time.Duration) <-chan time.Time // tests: Close's bound; default time.After
	wait   func(time.Duration) <-chan time.Time // tests: the round end's bound; default time.After
}

// roundWait is how long the tap that ends a round waits for the rolling
// copy. A family's journal of some years is checkpointed and copied well
// within it, so the copy is in place when the round's last tap is
// answered; a journal too large for that (a decade of game nights, a slow
// SD card) goes on being copied in the background, and the table goes on.
const roundWait = 200 * time.Millisecond

// roundEnded keeps the damage a bad SD card can do small. The round's
// events are committed and acknowledged; the rollups are counted again
// here, and the checkpoint and the rolling copy are made in the
// background, waited for up to roundWait.
func (j *Journal) roundEnded(ctx context.Context) {
	j.flushRollups(ctx)
	done := j.requestCopy()
	if done == nil {
		return
	}
	wait := j.copy.wait
	if wait == nil {
		wait = time.After
	}
	select {
	case <-done:
	case <-wait(roundWait):
	}
}

// requestCopy starts the background copy, or asks the running one for one
// more after it; it returns what closes when they are made (nil after
// Close).
func (j *Journal) requestCopy() <-chan struct{} {
	c := &j.copy
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case c.closed:
		return nil
	case c.done != nil:
		c.again = true
	default:
		if c.ctx == nil {
			c.ctx, c.cancel = context.WithCancel(context.Background())
		}
		c.done = make(chan struct{})
		go j.copyLoop(c.ctx, c.done)
	}
	return c.done
}

// copyLoop makes copies until no round end asked for another.
func (j *Journal) copyLoop(ctx context.Context, done chan struct{}) {
	defer close(done)
	for more := true; more; more = j.copyAgain() {
		j.copyOnce(ctx)
	}
}

// copyAgain reports whether a round ended during the last copy, and marks
// the copier idle when none did.
func (j *Journal) copyAgain() bool {
	c := &j.copy
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.again && !c.closed {
		c.again = false
		return true
	}
	c.again, c.done = false, nil
	return false
}

// copyOnce checkpoints the WAL into the database and replaces the rolling
// copy, on the copier's connection. The checkpoint is PASSIVE: it waits
// for no reader and takes no writer lock, so the table never waits on it;
// what a long reader holds back is checkpointed at a later round end. The
// events are already committed, so a failure is only reported.
func (j *Journal) copyOnce(ctx context.Context) {
	if j.copy.hook != nil {
		j.copy.hook(ctx)
	}
	db, err := j.copyDB()
	if err != nil {
		j.warn(err)
		return
	}
	if _, err := db.ExecContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)"); err != nil {
		j.warn(j.copyErr(ctx, fmt.Errorf("journal: %s: checkpoint at the round end: %w", j.path, err)))
		return
	}
	if err := j.backup(ctx, db); err != nil {
		j.warn(j.copyErr(ctx, err))
	}
}

// copyErr says when a copy failed because Close cut it short.
func (j *Journal) copyErr(ctx context.Context, err error) error {
	if ctx.Err() == nil {
		return err
	}
	return fmt.Errorf("journal: %s: Close cut the rolling copy short, the one before stays: %w", j.path, err)
}

// copyDB opens the copies' own connection at the first copy, with the
// journal's per-connection settings. Only the running copy calls it.
func (j *Journal) copyDB() (*sql.DB, error) {
	if j.copy.db != nil {
		return j.copy.db, nil
	}
	db, err := openDB(j.path, j.opts)
	if err != nil {
		return nil, err
	}
	j.copy.db = db
	return db, nil
}

// waitCopy waits for the background copies asked for so far.
func (j *Journal) waitCopy() {
	j.copy.mu.Lock()
	done := j.copy.done
	j.copy.mu.Unlock()
	if done != nil {
		<-done
	}
}

// stopCopies lets a running copy finish, for closeWait at most, then cuts
// it short; no copy starts after it.
func (j *Journal) stopCopies() error {
	c := &j.copy
	c.mu.Lock()
	c.closed, c.again = true, false
	done := c.done
	c.mu.Unlock()
	if done != nil {
		after := c.after
		if after == nil {
			after = time.After
		}
		select {
		case <-done:
		case <-after(closeWait):
			c.cancel()
			<-done
		}
	}
	return j.closeCopyDB()
}

// closeCopyDB closes the copies' connection once no copy runs.
func (j *Journal) closeCopyDB() error {
	c := &j.copy
	if c.cancel != nil {
		c.cancel()
	}
	if c.db == nil {
		return nil
	}
	err := c.db.Close()
	c.db = nil
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	return nil
}

// Backup replaces the rolling copy with the journal as it is now, made by
// SQLite itself (VACUUM INTO a temporary file, fsynced, renamed over the
// old copy), so a copy is always whole. Unlike the copy at a round end it
// runs on the journal's own connection and returns once the copy is in
// place.
func (j *Journal) Backup(ctx context.Context) error {
	return j.backup(ctx, j.db)
}

// backup makes the copy through db; one copy at a time writes the
// temporary file.
func (j *Journal) backup(ctx context.Context, db *sql.DB) error {
	j.copy.fileMu.Lock()
	defer j.copy.fileMu.Unlock()
	dst := BackupPath(j.path)
	tmp := dst + ".tmp"
	if err := os.Remove(tmp); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("journal: backup: %w", err)
	}
	if _, err := db.ExecContext(ctx, "VACUUM INTO ?", tmp); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("journal: backup of %s: %w", j.path, err)
	}
	if err := syncFile(tmp); err != nil {
		return fmt.Errorf("journal: backup: %w", err)
	}
	if err := os.Rename(tmp, dst); err != nil {
		return fmt.Errorf("journal: backup: %w", err)
	}
	return syncDir(filepath.Dir(dst))
}

func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	err = fsync(f)
	return errors.Join(err, f.Close())
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	defer d.Close()
	if err := fsync(d); err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	return nil
}

// Restored says what Restore did.
type Restored struct {
	Backup  string    // the copy restored
	Taken   time.Time // when it was made
	Kept    []string  // the damaged files, renamed beside it
	Games   int       // games in the restored journal
	OpenID  int64     // its open game, 0 for none
	OpenLen int       // events of the open game
}

// ErrNoBackup is a Restore with no rolling copy to go back to.
var ErrNoBackup = errors.New("journal: no backup copy")

// Restore puts the rolling copy back in place of the journal at path: the
// copy is checked first (quick_check, a journal), the journal's files are
// renamed to path.damaged-TIME(-wal, -shm, .ack) and kept, the copy is
// copied in, and the record of acknowledged events restarts from it. No
// process may have the journal open.
func Restore(ctx context.Context, path string) (Restored, error) {
	r := Restored{Backup: BackupPath(path)}
	fi, err := os.Stat(r.Backup)
	if err != nil {
		return r, fmt.Errorf("%w: %s: %w", ErrNoBackup, r.Backup, err)
	}
	r.Taken = fi.ModTime()
	if err := checkBackup(ctx, r.Backup); err != nil {
		return r, err
	}
	if r.Kept, err = keepDamaged(path); err != nil {
		return r, err
	}
	if err := copyFile(r.Backup, path); err != nil {
		return r, err
	}
	return r, restartAck(ctx, path, &r)
}

// checkBackup opens the copy read-only and checks it.
func checkBackup(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite", "file:"+strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)+"?mode=ro")
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	defer db.Close()
	j := &Journal{db: db, path: path}
	var id int
	if err := db.QueryRowContext(ctx, "PRAGMA application_id").Scan(&id); err != nil || id != appID {
		return fmt.Errorf("%w: %s is not a journal copy (%v)", ErrNotJournal, path, err)
	}
	return j.quickCheck(ctx)
}

// keepDamaged renames the journal's files out of the way, keeping them.
func keepDamaged(path string) ([]string, error) {
	stamp := time.Now().UTC().Format("20060102T150405Z")
	var kept []string
	for _, suf := range []string{"", "-wal", "-shm", AckSuffix} {
		from := path + suf
		if _, err := os.Stat(from); errors.Is(err, os.ErrNotExist) {
			continue
		}
		to := path + ".damaged-" + stamp + suf
		if err := os.Rename(from, to); err != nil {
			return kept, fmt.Errorf("journal: keeping the damaged %s: %w", from, err)
		}
		kept = append(kept, to)
	}
	return kept, syncDir(filepath.Dir(path))
}

func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return fmt.Errorf("journal: restore: %w", err)
	}
	f, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("journal: restore: %w", err)
	}
	_, err = f.Write(b)
	err = errors.Join(err, fsync(f), f.Close())
	if err != nil {
		return fmt.Errorf("journal: restore: %w", err)
	}
	return syncDir(filepath.Dir(to))
}

// restartAck opens the restored journal and records its latest game as the
// last acknowledged one, so the next start checks against the copy.
func restartAck(ctx context.Context, path string, r *Restored) error {
	j, err := Open(ctx, path, nil)
	if err != nil {
		return err
	}
	defer j.Close()
	games, err := j.Games(ctx)
	if err != nil {
		return err
	}
	r.Games = len(games)
	if len(games) == 0 {
		return nil
	}
	last := games[len(games)-1]
	lines, err := j.gameLines(ctx, last.ID, math.MaxInt32)
	if err != nil {
		return fmt.Errorf("journal: restore: %w", err)
	}
	if last.Open() {
		r.OpenID, r.OpenLen = last.ID, len(lines)
	}
	return j.writeAck(last.ID, len(lines), chainOf(lines))
}
