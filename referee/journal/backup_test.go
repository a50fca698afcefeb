package journal

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// holder holds the background copies in their hook: each copy says it has
// started on entered and waits for release, or for Close to cut it short.
type holder struct {
	entered chan int // the copy's number, from 1
	release chan struct{}
	n       int // copies started; read once the copies are waited for
}

func holdCopies(j *Journal) *holder {
	h := &holder{entered: make(chan int, 16), release: make(chan struct{})}
	j.copy.hook = h.hook
	j.copy.wait = expired // the round end's wait runs out at once
	return h
}

// expired is a bound already run out.
func expired(time.Duration) <-chan time.Time {
	ch := make(chan time.Time)
	close(ch)
	return ch
}

func (h *holder) hook(ctx context.Context) {
	h.n++
	h.entered <- h.n
	select {
	case <-h.release:
	case <-ctx.Done():
	}
}

// warnings collects what the journal reports after a commit.
type warnings struct {
	mu   sync.Mutex
	errs []error
}

func collectWarnings(j *Journal) *warnings {
	w := &warnings{}
	j.warn = func(err error) {
		w.mu.Lock()
		defer w.mu.Unlock()
		w.errs = append(w.errs, err)
	}
	return w
}

func (w *warnings) all() []error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.errs
}

// playToRoundEnd applies s.evs from i on until one ends a round, and
// returns the index after it.
func playToRoundEnd(t *testing.T, tb *Recorder, s *script, i int) int {
	t.Helper()
	for ; i < len(s.evs); i++ {
		before := len(s.rounds[s.kept[i]])
		playScript(t, tb, s, i, i+1)
		if len(s.rounds[s.kept[i+1]]) > before {
			return i + 1
		}
	}
	t.Fatalf("no round ends in the script after event %d", i)
	return 0
}

// backupLines opens a copy of the rolling copy of the journal at path, as
// Restore would put it back, and returns the lines of its open game.
func backupLines(t *testing.T, path string) []string {
	t.Helper()
	return fileLines(t, BackupPath(path), "the rolling copy")
}

// fileLines opens a copy of the database file at path alone (no WAL
// beside it) and returns the lines of its open game; what names it in
// failures.
func fileLines(t *testing.T, path, what string) []string {
	t.Helper()
	alone := filepath.Join(t.TempDir(), "journal.db")
	copyTo(t, path, alone)
	j, err := Open(context.Background(), alone, &Opts{Warn: func(err error) { t.Errorf("%s: %v", what, err) }})
	if err != nil {
		t.Fatalf("Open(%s) = %v, want a whole journal", what, err)
	}
	defer j.Close()
	tb, err := j.Resume(context.Background())
	if err != nil {
		t.Fatalf("Resume(%s) = %v", what, err)
	}
	return eventLines(tb.Events())
}

func roundEndScript() *script {
	return newScript(genGame(31, "rules official target=200", "Ann", "Ben", "Cy"))
}

// A round end asks for the rolling copy and returns: while the copy is
// held, the table plays on through another round end, and no copy appears.
// Once released, the copy (and the one more the second round end asked
// for) holds the whole game so far, and opens as a journal.
func TestRoundEndDoesNotWaitForTheCopy(t *testing.T) {
	s := roundEndScript()
	j, path := openTemp(t)
	h := holdCopies(j)
	warned := collectWarnings(j)
	tb := startScript(t, j, s)
	i := playToRoundEnd(t, tb, s, s.nsetup)
	if n := <-h.entered; n != 1 {
		t.Fatalf("the round end started copy %d, want 1", n)
	}
	playToRoundEnd(t, tb, s, i) // returns only if Apply does not wait for the held copy
	if exists(BackupPath(path)) {
		t.Fatalf("%s exists while its copy is held", BackupPath(path))
	}
	close(h.release)
	j.waitCopy()
	if h.n != 2 {
		t.Errorf("copies made = %d, want 2 (the held one, then one for the second round end)", h.n)
	}
	if d := cmp.Diff(eventLines(tb.Events()), backupLines(t, path)); d != "" {
		t.Errorf("the copy after the second round end (-played +copy):\n%s", d)
	}
	if w := warned.all(); len(w) > 0 {
		t.Errorf("warnings = %v, want none", w)
	}
}

// The background copy checkpoints the WAL first: once it is made, the
// database file alone holds the game up to the round end.
func TestRoundEndCheckpoints(t *testing.T) {
	s := roundEndScript()
	j, path := openTemp(t)
	tb := startScript(t, j, s)
	playToRoundEnd(t, tb, s, s.nsetup)
	j.waitCopy()
	if d := cmp.Diff(eventLines(tb.Events()), fileLines(t, path, "the database without its WAL")); d != "" {
		t.Errorf("the database without its WAL after the round end (-played +file):\n%s", d)
	}
}

// Two round ends during one copy ask for exactly one more copy after it.
func TestRoundEndsDuringACopyCoalesce(t *testing.T) {
	s := roundEndScript()
	j, path := openTemp(t)
	h := holdCopies(j)
	tb := startScript(t, j, s)
	i := playToRoundEnd(t, tb, s, s.nsetup)
	<-h.entered
	i = playToRoundEnd(t, tb, s, i)
	playToRoundEnd(t, tb, s, i)
	close(h.release)
	j.waitCopy()
	if h.n != 2 {
		t.Errorf("copies for three round ends, two during the first copy = %d, want 2", h.n)
	}
	if d := cmp.Diff(eventLines(tb.Events()), backupLines(t, path)); d != "" {
		t.Errorf("the last copy (-played +copy):\n%s", d)
	}
}

// closeAfter stands in for Close's bound: it says when Close waits on it,
// and fires when the test sends.
type closeAfter struct {
	waiting chan struct{}
	fire    chan time.Time
}

func boundClose(t *testing.T, j *Journal) *closeAfter {
	c := &closeAfter{waiting: make(chan struct{}), fire: make(chan time.Time, 1)}
	j.copy.after = func(d time.Duration) <-chan time.Time {
		if d != closeWait {
			t.Errorf("Close waits %v, want %v", d, closeWait)
		}
		close(c.waiting)
		return c.fire
	}
	return c
}

// closeDuringCopy ends a round, and calls Close while its copy is held; it
// returns once Close is waiting for the copy, with where Close's result
// will arrive.
func closeDuringCopy(t *testing.T, j *Journal, h *holder, c *closeAfter) <-chan error {
	t.Helper()
	<-h.entered
	closed := make(chan error, 1)
	go func() { closed <- j.Close() }()
	select {
	case <-c.waiting:
	case err := <-closed:
		t.Fatalf("Close = %v while a copy was running, want it to wait for the copy", err)
	}
	return closed
}

// Close lets a running copy finish; when the copy outlasts Close's bound,
// Close cuts it short and the copy before it stays whole. No copy starts
// after Close.
func TestCloseWaitsForTheCopy(t *testing.T) {
	ctx := context.Background()
	t.Run("finishes", func(t *testing.T) {
		s := roundEndScript()
		j, path := openTemp(t)
		h, c := holdCopies(j), boundClose(t, j)
		tb := startScript(t, j, s)
		playToRoundEnd(t, tb, s, s.nsetup)
		closed := closeDuringCopy(t, j, h, c)
		close(h.release)
		if err := <-closed; err != nil {
			t.Fatalf("Close = %v, want nil", err)
		}
		if d := cmp.Diff(eventLines(tb.Events()), backupLines(t, path)); d != "" {
			t.Errorf("the copy Close waited for (-played +copy):\n%s", d)
		}
	})
	t.Run("cut short", func(t *testing.T) {
		s := roundEndScript()
		j, path := openTemp(t)
		h, c := holdCopies(j), boundClose(t, j)
		warned := collectWarnings(j)
		tb := startScript(t, j, s)
		if err := j.Backup(ctx); err != nil {
			t.Fatal(err)
		}
		before := eventLines(tb.Events())
		playToRoundEnd(t, tb, s, s.nsetup)
		closed := closeDuringCopy(t, j, h, c)
		c.fire <- time.Time{}
		if err := <-closed; err != nil {
			t.Fatalf("Close = %v, want nil", err)
		}
		if w := warned.all(); len(w) != 1 || !errors.Is(w[0], context.Canceled) {
			t.Errorf("warnings = %v, want one: the copy cut short", w)
		}
		if exists(BackupPath(path) + ".tmp") {
			t.Errorf("the cut copy's temporary file is left")
		}
		if d := cmp.Diff(before, backupLines(t, path)); d != "" {
			t.Errorf("the copy before the cut one (-before +copy):\n%s", d)
		}
		j.requestCopy()
		j.waitCopy()
		if h.n != 1 {
			t.Errorf("copies started = %d after a round end after Close, want 1", h.n)
		}
	})
}

// A copy made within roundWait is in place when the event that ended the
// round is answered: the round end waited for it.
func TestRoundEndWaitsForAQuickCopy(t *testing.T) {
	s := roundEndScript()
	j, path := openTemp(t)
	j.copy.wait = func(time.Duration) <-chan time.Time { return nil } // a bound that never runs out
	tb := startScript(t, j, s)
	playToRoundEnd(t, tb, s, s.nsetup)
	if !exists(BackupPath(path)) {
		t.Fatalf("no %s when the round's last event is answered", BackupPath(path))
	}
	if d := cmp.Diff(eventLines(tb.Events()), backupLines(t, path)); d != "" {
		t.Errorf("the copy at the round end (-played +copy):\n%s", d)
	}
}
