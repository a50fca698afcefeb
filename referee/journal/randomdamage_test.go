package journal

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// envDamageTrials sets how many trials TestRandomDamage runs: a handful by
// default, 200 or more in its long mode.
const envDamageTrials = "UNOREF_DAMAGE_TRIALS"

var randomDamages = []struct {
	name string
	do   func(r *rand.Rand, path string) error
}{
	{"delete", func(r *rand.Rand, path string) error { return os.Remove(path) }},
	{"cut", func(r *rand.Rand, path string) error { return cut(r, path, 0) }},
	{"garble the header", func(r *rand.Rand, path string) error { return garble(r, path, 0, 100) }},
	{"flip a bit", func(r *rand.Rand, path string) error { return flip(r, path, 0) }},
	{"zero a block", func(r *rand.Rand, path string) error { return zeroBlock(r, path) }},
	{"garble a page", func(r *rand.Rand, path string) error { return corruptPage(r, path) }},
}

// zeroBlock zeroes a random 4 KiB block of path, as a card that lost a
// sector does.
func zeroBlock(r *rand.Rand, path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if fi.Size() == 0 {
		return nil
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteAt(make([]byte, 4096), r.Int64N(max(fi.Size()/4096, 1))*4096)
	return err
}

// TestRandomDamage is issue 22's random-damage test: a child plays a game
// through the journal and is killed at a random point after its first
// round end (the rolling copy exists), then one of the four files
// (journal.db, its WAL, its shared memory or the record of the last event,
// the rolling copy) is damaged at random, and the journal is opened as the
// daemon does (Open, then Check). Every outcome must be "resumed intact"
// (every acknowledged event there) or "loud and restorable" (ErrDamaged
// naming the copy, which Restore puts back and which then opens): never a
// silent loss. UNOREF_DAMAGE_TRIALS=200 is its long mode.
func TestRandomDamage(t *testing.T) {
	if testing.Short() {
		t.Skip("kills a child process")
	}
	trials := 6
	if n, err := strconv.Atoi(os.Getenv(envDamageTrials)); err == nil && n > 0 {
		trials = n
	}
	seed := *killSeed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	t.Logf("random damage seed %d (rerun with -killseed=%d)", seed, seed)
	r := rand.New(rand.NewPCG(seed, 22))
	outcomes := map[string]int{}
	for trial := range trials {
		s := newScript(genGame(r.Uint64(), "rules official target=200", "Ann", "Ben", "Cy"))
		what, outcome := damageTrial(t, r, s)
		outcomes[outcome]++
		t.Logf("trial %d: %s: %s", trial, what, outcome)
	}
	t.Logf("outcomes of %d trials: %v", trials, outcomes)
}

// damageTrial runs one trial and returns what it did and its outcome.
func damageTrial(t *testing.T, r *rand.Rand, s *script) (string, string) {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "data", "journal.db")
	script := filepath.Join(dir, "script.log")
	if err := os.WriteFile(script, []byte(strings.Join(eventLines(s.evs), "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	first := -1
	for i := s.nsetup; i < len(s.evs) && first < 0; i++ {
		if len(s.rounds[s.kept[i+1]]) > 0 {
			first = i
		}
	}
	if first < 0 {
		t.Fatal("no round ends in the script")
	}
	c := startChild(t, path, script)
	// The kill point: after the first round end's copy is whole, a random
	// number of events later, or a random time later.
	extra := r.IntN(120)
	byTime := r.IntN(3) == 0
	delay := time.Duration(r.IntN(30000)) * time.Microsecond
	ended := false
	for !ended {
		c.mu.Lock()
		acked := slices.Contains(c.acks, first)
		n := len(c.acks)
		c.mu.Unlock()
		copied := exists(BackupPath(path)) && !exists(BackupPath(path)+"-journal")
		if acked && copied && (byTime || n >= s.kept[first]+extra) {
			if byTime {
				time.Sleep(delay)
			}
			c.cmd.Process.Kill()
			break
		}
		select {
		case <-c.more:
		case <-c.eof:
			ended = true // the game ended first: the files as it left them
		case <-time.After(5 * time.Millisecond):
		}
	}
	<-c.eof
	if err := c.cmd.Wait(); ended && err != nil {
		t.Fatalf("the child failed: %v; stderr:\n%s", err, c.stderr.String())
	}
	c.mu.Lock()
	acks := c.acks
	c.mu.Unlock()
	need := 0
	for _, a := range acks {
		need = max(need, s.kept[a+1])
	}

	files := []string{path, path + "-wal", path + "-shm", path + AckSuffix, BackupPath(path)}
	file := files[r.IntN(len(files))]
	d := randomDamages[r.IntN(len(randomDamages))]
	what := fmt.Sprintf("%s of %s after %d events", d.name, filepath.Base(file), need)
	if !exists(file) {
		what += " (no such file)"
	} else if err := d.do(r, file); err != nil {
		t.Fatalf("%s: %v", what, err)
	}

	j, err := Open(ctx, path, &Opts{Check: CheckLater})
	if err == nil {
		if err = j.Check(ctx); err != nil {
			j.Close()
		}
	}
	if err == nil {
		defer j.Close()
		// The game, open or over: every acknowledged event must be there.
		var id int64
		if err := j.db.QueryRowContext(ctx, "SELECT coalesce(max(id), 0) FROM games").Scan(&id); err != nil {
			t.Fatalf("%s: Open accepted it, its games can't be read: %v", what, err)
		}
		lines, err := gameLines(ctx, j.db, "", id, len(s.evs))
		if err != nil {
			t.Fatalf("%s: Open accepted it, its events can't be read: %v", what, err)
		}
		if len(lines) > len(s.lines()) || !slices.Equal(lines, s.lines()[:len(lines)]) {
			t.Fatalf("%s: the journal is not the script's", what)
		}
		if len(lines) < need {
			t.Fatalf("%s: silent loss: %d events acknowledged, the journal holds %d", what, need, len(lines))
		}
		if _, err := j.Resume(ctx); err != nil && !errors.Is(err, ErrNoOpenGame) {
			t.Fatalf("%s: Open accepted it, Resume = %v", what, err)
		}
		return what, "resumed intact"
	}
	var de *DamageError
	if !errors.As(err, &de) || de.Backup == "" {
		t.Fatalf("%s: Open = %v, want the journal whole or a *DamageError naming the copy", what, err)
	}
	if _, err := Restore(ctx, path); err != nil {
		t.Fatalf("%s: loud (%v), but Restore = %v", what, de.Reason, err)
	}
	j, err = Open(ctx, path, nil)
	if err != nil {
		t.Fatalf("%s: Open after Restore = %v", what, err)
	}
	j.Close()
	return what, "loud and restorable"
}

// gameLines reads the lines of game up to event upTo, in order, from the
// schema schema ("" for main, else "name.") of db.
func gameLines(ctx context.Context, db querier, schema string, game int64, upTo int) ([]string, error) {
	var lines []string
	err := eachGameLine(ctx, db, schema, game, upTo, func(l []byte) { lines = append(lines, string(l)) })
	return lines, err
}
