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
	"time"
)

// BackupSuffix names the rolling copy of the journal beside it
// (journal.db.backup), made with VACUUM INTO at every round end.
const BackupSuffix = ".backup"

// BackupPath is where the rolling copy of the journal at path is kept.
func BackupPath(path string) string { return path + BackupSuffix }

// roundEnded keeps the damage a bad SD card can do small: it checkpoints
// the WAL into the database, then replaces the rolling copy. The event is
// already committed, so a failure is only reported (Opts.Warn).
func (j *Journal) roundEnded(ctx context.Context) {
	j.flushRollups(ctx)
	if _, err := j.db.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)"); err != nil {
		j.warn(fmt.Errorf("journal: %s: checkpoint at the round end: %w", j.path, err))
	}
	if err := j.Backup(ctx); err != nil {
		j.warn(err)
	}
}

// Backup replaces the rolling copy with the journal as it is now, made by
// SQLite itself (VACUUM INTO a temporary file, fsynced, renamed over the
// old copy), so a copy is always whole.
func (j *Journal) Backup(ctx context.Context) error {
	dst := BackupPath(j.path)
	tmp := dst + ".tmp"
	if err := os.Remove(tmp); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("journal: backup: %w", err)
	}
	if _, err := j.db.ExecContext(ctx, "VACUUM INTO ?", tmp); err != nil {
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
	err = f.Sync()
	return errors.Join(err, f.Close())
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
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
	err = errors.Join(err, f.Sync(), f.Close())
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
