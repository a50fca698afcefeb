package journal

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var damageSeed = flag.Uint64("damageseed", 13, "seed of TestDamageIsNeverSilent's damages")

// crashImage plays a game through a journal until a round has ended (a
// rolling copy exists, waited for) and events have followed it, then copies the
// journal's files as a power cut would leave them: the database, its WAL,
// the record of the last event and the copy. It returns the directory and
// the lines acknowledged.
func crashImage(t *testing.T) (string, []string) {
	t.Helper()
	s := newScript(genGame(31, "rules official target=200", "Ann", "Ben", "Cy"))
	j, path := openTemp(t)
	tb := startScript(t, j, s)
	i := s.nsetup
	for ; i < len(s.evs) && !exists(BackupPath(path)); i++ {
		playScript(t, tb, s, i, i+1)
		j.waitCopy()
	}
	end := min(i+40, len(s.evs)-1)
	playScript(t, tb, s, i, end)
	j.waitCopy() // files at rest: a running copy checkpoints into them
	if !exists(BackupPath(path)) || !exists(path+"-wal") {
		t.Fatalf("no round ended in the script, or no WAL: can't damage it")
	}
	img := t.TempDir()
	for _, suf := range []string{"", "-wal", AckSuffix, BackupSuffix} {
		copyTo(t, path+suf, filepath.Join(img, "journal.db"+suf))
	}
	return img, eventLines(tb.Events())
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func copyTo(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// damage is one thing an SD card or a clumsy hand does to the files.
type damage struct {
	name string
	do   func(r *rand.Rand, dir string) error
}

const pageSize = 4096

var damages = []damage{
	{"delete the WAL", func(r *rand.Rand, dir string) error { return os.Remove(filepath.Join(dir, "journal.db-wal")) }},
	{"garble the WAL header", func(r *rand.Rand, dir string) error { return garble(r, filepath.Join(dir, "journal.db-wal"), 0, 32) }},
	{"cut the WAL", func(r *rand.Rand, dir string) error { return cut(r, filepath.Join(dir, "journal.db-wal"), 32) }},
	{"flip a WAL frame", func(r *rand.Rand, dir string) error { return flip(r, filepath.Join(dir, "journal.db-wal"), 32) }},
	{"empty journal.db", func(r *rand.Rand, dir string) error { return os.Truncate(filepath.Join(dir, "journal.db"), 0) }},
	{"delete journal.db", func(r *rand.Rand, dir string) error { return os.Remove(filepath.Join(dir, "journal.db")) }},
	{"cut journal.db", func(r *rand.Rand, dir string) error { return cut(r, filepath.Join(dir, "journal.db"), 1) }},
	{"corrupt a b-tree page", func(r *rand.Rand, dir string) error { return corruptPage(r, filepath.Join(dir, "journal.db")) }},
}

func garble(r *rand.Rand, path string, from, to int64) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	for i := from; i < min(to, int64(len(b))); i++ {
		b[i] = byte(r.UintN(256))
	}
	return os.WriteFile(path, b, 0o644)
}

// cut truncates path to a random length of at least keep bytes, below its
// size.
func cut(r *rand.Rand, path string, keep int64) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if fi.Size() <= keep {
		return os.Truncate(path, 0)
	}
	return os.Truncate(path, keep+r.Int64N(fi.Size()-keep))
}

// flip inverts one random bit at or after from.
func flip(r *rand.Rand, path string, from int64) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if int64(len(b)) <= from {
		return nil
	}
	i := from + r.Int64N(int64(len(b))-from)
	b[i] ^= 1 << r.UintN(8)
	return os.WriteFile(path, b, 0o644)
}

// corruptPage garbles the b-tree header of a random page of the database
// (the 100-byte file header first on page 1).
func corruptPage(r *rand.Rand, path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	pages := fi.Size() / pageSize
	if pages == 0 {
		return nil
	}
	p := r.Int64N(pages)
	off := p * pageSize
	if p == 0 {
		off = 100
	}
	return garble(r, path, off, off+12)
}

// TestDamageIsNeverSilent damages a crash image of the journal at random
// (seeded, one to three damages, 64 times, after one undamaged control) and opens it as a restarted
// daemon would: every time, either every acknowledged event is there, or
// Open reports the damage loudly (ErrDamaged) offering the rolling copy,
// which Restore puts back.
func TestDamageIsNeverSilent(t *testing.T) {
	img, acked := crashImage(t)
	t.Logf("damage seed %d (rerun with -damageseed=%d)", *damageSeed, *damageSeed)
	r := rand.New(rand.NewPCG(*damageSeed, 0x5eed))
	outcomes := map[string]int{}
	for trial := range 65 {
		dir := t.TempDir()
		for _, suf := range []string{"", "-wal", AckSuffix, BackupSuffix} {
			copyTo(t, filepath.Join(img, "journal.db"+suf), filepath.Join(dir, "journal.db"+suf))
		}
		var done []string
		for range min(trial, 1+r.IntN(3)) { // trial 0: the undamaged image opens whole

			d := damages[r.IntN(len(damages))]
			if err := d.do(r, dir); err == nil {
				done = append(done, d.name)
			}
		}
		what := fmt.Sprintf("trial %d %q", trial, done)
		outcomes[openDamaged(t, what, filepath.Join(dir, "journal.db"), acked)]++
	}
	t.Logf("outcomes: %v", outcomes)
}

// openDamaged opens the damaged journal and checks the outcome: the full
// journal, or a loud report whose backup restores.
func openDamaged(t *testing.T, what, path string, acked []string) string {
	t.Helper()
	ctx := context.Background()
	j, err := Open(ctx, path, &Opts{Warn: func(err error) { t.Errorf("%s: %v", what, err) }})
	if err == nil {
		defer j.Close()
		tb, err := j.Resume(ctx)
		if err != nil {
			t.Fatalf("%s: Open accepted it, Resume = %v", what, err)
		}
		if d := cmp.Diff(acked, eventLines(tb.Events())); d != "" {
			t.Fatalf("%s: silent loss: Open accepted a journal without every acknowledged event (-acked +journal):\n%s", what, d)
		}
		return "full"
	}
	var de *DamageError
	if !errors.As(err, &de) || !errors.Is(err, ErrDamaged) || de.Backup == "" {
		t.Fatalf("%s: Open = %v, want the full journal or a *DamageError offering the backup", what, err)
	}
	t.Logf("%s: %v", what, err)
	if _, err := Restore(ctx, path); err != nil {
		t.Fatalf("%s: Restore = %v", what, err)
	}
	j, err = Open(ctx, path, nil)
	if err != nil {
		t.Fatalf("%s: Open after Restore = %v", what, err)
	}
	j.Close()
	return "reported"
}
