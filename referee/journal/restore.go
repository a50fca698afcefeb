package journal

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"time"
)

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

// Restored says what Restore or RestoreFrom did.
type Restored struct {
	Backup  string    // the copy restored
	Taken   time.Time // when it was made
	Kept    []string  // the journal's files put aside, renamed beside it
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
// process may have the journal open: the caller holds the data directory's
// lock.
func Restore(ctx context.Context, path string) (Restored, error) {
	r, err := restore(ctx, path, BackupPath(path), "damaged")
	if errors.Is(err, os.ErrNotExist) && r.Taken.IsZero() {
		return r, fmt.Errorf("%w: %s: %w", ErrNoBackup, r.Backup, err)
	}
	return r, err
}

// RestoreFrom puts the journal in the file from (a download of the page,
// WriteSnapshot; a rolling copy from another card or a USB stick) in place
// of the journal at path, as Restore does with the rolling copy: from is
// checked to be a journal this unoref reads, whole, and the files of the
// journal at path, if any, are renamed to path.replaced-TIME(...) and kept.
func RestoreFrom(ctx context.Context, path, from string) (Restored, error) {
	return restore(ctx, path, from, "replaced")
}

func restore(ctx context.Context, path, from, why string) (Restored, error) {
	r := Restored{Backup: from}
	fi, err := os.Stat(from)
	if err != nil {
		return r, fmt.Errorf("journal: %w", err)
	}
	if fi.IsDir() {
		return r, fmt.Errorf("%w: %s is a directory", ErrNotJournal, from)
	}
	r.Taken = fi.ModTime()
	if err := checkJournalFile(ctx, from); err != nil {
		return r, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return r, fmt.Errorf("journal: %w", err)
	}
	// The copy is read through SQLite (a source in WAL mode with its WAL,
	// a copy with its unfinished rollback journal), into a file of its own
	// before the journal's files are put aside.
	tmp := path + ".restoring"
	err = writeFileAtomic(tmp, func(f *os.File) error {
		db, err := openReader(from)
		if err != nil {
			return err
		}
		defer db.Close()
		_, err = writeSnapshot(ctx, db, f)
		return err
	})
	if err != nil {
		return r, fmt.Errorf("journal: restore from %s: %w", from, err)
	}
	if r.Kept, err = keepAside(path, why); err != nil {
		os.Remove(tmp)
		return r, err
	}
	if err := os.Rename(tmp, path); err != nil {
		return r, fmt.Errorf("journal: restore: %w", err)
	}
	if err := syncDir(filepath.Dir(path)); err != nil {
		return r, err
	}
	err = restartAck(ctx, path, &r)
	matchOwner(filepath.Dir(path), path, path+AckSuffix)
	return r, err
}

// keepAside renames the journal's files out of the way, keeping them:
// path.WHY-TIME, with -wal, -shm and .ack.
func keepAside(path, why string) ([]string, error) {
	stamp := time.Now().UTC().Format("20060102T150405Z")
	var kept []string
	for _, suf := range []string{"", "-wal", "-shm", AckSuffix} {
		from := path + suf
		if _, err := os.Stat(from); errors.Is(err, os.ErrNotExist) {
			continue
		}
		to := path + "." + why + "-" + stamp + suf
		if err := os.Rename(from, to); err != nil {
			return kept, fmt.Errorf("journal: keeping the %s %s: %w", why, from, err)
		}
		kept = append(kept, to)
	}
	return kept, syncDir(filepath.Dir(path))
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
	n, sum, err := gameChain(ctx, j.db, "", last.ID, math.MaxInt32)
	if err != nil {
		return fmt.Errorf("journal: restore: %w", err)
	}
	if last.Open() {
		r.OpenID, r.OpenLen = last.ID, n
	}
	return j.writeAck(last.ID, n, sum, true)
}
