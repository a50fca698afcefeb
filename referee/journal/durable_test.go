package journal

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/unoref/unoref/referee/journal/fsynctest"
)

// firstRoundEnd is the index in s.evs of the event that ends its first
// round.
func firstRoundEnd(t *testing.T, s *script) int {
	t.Helper()
	for i := s.nsetup; i < len(s.evs); i++ {
		if len(s.rounds[s.kept[i+1]]) > 0 {
			return i
		}
	}
	t.Fatal("no round ends in the script")
	return 0
}

// toRoundEnd starts roundEndScript's game in a new journal and plays it up
// to the event that ends its first round (s.evs[end], not played).
func toRoundEnd(t *testing.T) (j *Journal, path string, s *script, tb *Recorder, end int) {
	t.Helper()
	s = roundEndScript()
	j, path = openTemp(t)
	tb = startScript(t, j, s)
	end = firstRoundEnd(t, s)
	playScript(t, tb, s, s.nsetup, end)
	return j, path, s, tb, end
}

// Issue 21 point 4: an event journaled costs one fsync (its commit's), a
// refusal that changes nothing none; the refusals are written with the
// next commit, and a power cut can only lose their count.
func TestOneFsyncPerEvent(t *testing.T) {
	fsynctest.CountSyncs()
	ctx := context.Background()
	s := roundEndScript()
	j, _ := openTemp(t)
	tb := startScript(t, j, s)
	end := firstRoundEnd(t, s)
	events, refused := 0, 0
	for i := s.nsetup; i < end; i++ {
		before := syncs()
		playScript(t, tb, s, i, i+1)
		got := syncs() - before
		want := uint64(1)
		if s.kept[i+1] == s.kept[i] {
			want = 0
			refused++
		} else {
			events++
		}
		if got != want {
			t.Fatalf("event %d %q (refused and changing nothing: %v): %d fsyncs, want %d", i, s.evs[i].String(), want == 0, got, want)
		}
	}
	if refused == 0 || events == 0 {
		t.Fatalf("the script has %d events and %d refusals before its first round end: it shows nothing", events, refused)
	}
	count := func() int {
		var n int
		if err := j.db.QueryRowContext(ctx, "SELECT count(*) FROM refusals").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	j.refusals.mu.Lock()
	held := len(j.refusals.rows)
	j.refusals.mu.Unlock()
	wrote := count()
	playScript(t, tb, s, end, end+1)
	if got := count(); got < refused || got != wrote+held {
		t.Errorf("refusals in the journal after the next event = %d (before it %d, %d held), want the %d refused at least", got, wrote, held, refused)
	}
}

// The record of the last event is written without an fsync of its own and
// fsynced at the round's end; WAL damage after a kill is still reported,
// and a record a power cut left as it was at the round's end is accepted.
func TestWALDamageReportedWithoutRecordFsync(t *testing.T) {
	j, path, s, tb, end := toRoundEnd(t)
	playScript(t, tb, s, end, end+1)
	j.waitCopy()
	atRoundEnd, err := os.ReadFile(path + AckSuffix)
	if err != nil {
		t.Fatal(err)
	}
	before := FileSyncs()
	playScript(t, tb, s, end+1, end+30)
	if n := FileSyncs() - before; n != 0 {
		t.Errorf("29 events after the round end made %d fsyncs of the journal's own files, want none", n)
	}
	acked := eventLines(tb.Events())

	t.Run("WAL lost after a kill", func(t *testing.T) {
		dir := crashCopy(t, path)
		if err := os.Remove(filepath.Join(dir, "journal.db-wal")); err != nil {
			t.Fatal(err)
		}
		_, err := Open(context.Background(), filepath.Join(dir, "journal.db"), nil)
		if !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "were acknowledged") {
			t.Fatalf("Open without the WAL = %v, want the acknowledged events missing", err)
		}
	})
	t.Run("WAL cut after a kill", func(t *testing.T) {
		dir := crashCopy(t, path)
		// The WAL started again after the round end's checkpoint: the
		// events since are its first frames.
		if err := os.Truncate(filepath.Join(dir, "journal.db-wal"), 32+2*(24+pageSize)); err != nil {
			t.Fatal(err)
		}
		if _, err := Open(context.Background(), filepath.Join(dir, "journal.db"), nil); !errors.Is(err, ErrDamaged) {
			t.Fatalf("Open with half the WAL = %v, want ErrDamaged", err)
		}
	})
	t.Run("record as the round end left it", func(t *testing.T) {
		dir := crashCopy(t, path)
		if err := os.WriteFile(filepath.Join(dir, "journal.db"+AckSuffix), atRoundEnd, 0o644); err != nil {
			t.Fatal(err)
		}
		got := fileLinesWithWAL(t, filepath.Join(dir, "journal.db"))
		if d := cmp.Diff(acked, got); d != "" {
			t.Errorf("resumed with the record of the round end (-acked +journal):\n%s", d)
		}
	})
}

// crashCopy copies the journal's files at path as a process killed now
// leaves them, into a directory of their own; it returns the directory.
func crashCopy(t *testing.T, path string) string {
	t.Helper()
	dir := t.TempDir()
	for _, suf := range []string{"", "-wal", AckSuffix, BackupSuffix} {
		if exists(path + suf) {
			copyTo(t, path+suf, filepath.Join(dir, "journal.db"+suf))
		}
	}
	return dir
}

// fileLinesWithWAL opens the journal at path (with its WAL) and returns
// the lines of its open game.
func fileLinesWithWAL(t *testing.T, path string) []string {
	t.Helper()
	j, err := Open(context.Background(), path, nil)
	if err != nil {
		t.Fatalf("Open = %v", err)
	}
	defer j.Close()
	tb, err := j.Resume(context.Background())
	if err != nil {
		t.Fatalf("Resume = %v", err)
	}
	return eventLines(tb.Events())
}

// Issue 22 point 2: a journal.db older than the WAL and the record beside
// it (put back from an earlier copy) is damage, never a silent resume:
// here the game on the table reads whole through the WAL, while the
// rounds checkpointed since the old file are gone from it.
func TestStaleDatabaseBesideTheWAL(t *testing.T) {
	ctx := context.Background()
	s := roundEndScript()
	j, path := openTemp(t)
	tb := startScript(t, j, s)
	i := playToRoundEnd(t, tb, s, s.nsetup) // checkpointed at the round end
	j.waitCopy()
	old, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	playToRoundEnd(t, tb, s, i) // another round, checkpointed
	j.waitCopy()
	if err := tb.End(ctx); err != nil {
		t.Fatal(err)
	}
	s2 := roundEndScript()
	tb2 := startScript(t, j, s2)
	playScript(t, tb2, s2, s2.nsetup, s2.nsetup+20) // in the WAL
	stale := crashCopy(t, path)
	if err := os.WriteFile(filepath.Join(stale, "journal.db"), old, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Open(ctx, filepath.Join(stale, "journal.db"), nil)
	if !errors.Is(err, ErrDamaged) {
		t.Fatalf("Open of an older journal.db beside the WAL and record of game %d = %v, want ErrDamaged", tb2.ID(), err)
	}
	t.Logf("reported: %v", err)
}

// The record names the game: its row must be there, not only its events.
func TestRecordNeedsTheGamesRow(t *testing.T) {
	ctx := context.Background()
	s := roundEndScript()
	j, path := openTemp(t)
	tb := startScript(t, j, s)
	playScript(t, tb, s, s.nsetup, s.nsetup+10)
	if _, err := j.db.ExecContext(ctx, "PRAGMA foreign_keys=OFF; DELETE FROM games WHERE id = ?; PRAGMA foreign_keys=ON", tb.ID()); err != nil {
		t.Fatal(err)
	}
	dir := crashCopy(t, path)
	_, err := Open(ctx, filepath.Join(dir, "journal.db"), nil)
	if !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "is missing") {
		t.Fatalf("Open without the row of the game acknowledged = %v, want ErrDamaged naming it", err)
	}
}

// Issue 22 point 5: a record zeroed (or garbled) beside a whole journal is
// not damage: the journal is checked whole and the record written again
// from it, with a warning; beside a damaged journal it is damage.
func TestUnreadableRecordBesideAWholeJournal(t *testing.T) {
	ctx := context.Background()
	j, path, s, tb, end := toRoundEnd(t)
	playScript(t, tb, s, end, end+20)
	j.waitCopy()
	acked := eventLines(tb.Events())
	for _, damage := range []struct {
		name string
		do   func(path string) error
	}{
		{"zeroed", func(p string) error { return os.WriteFile(p, make([]byte, 2*ackSlot), 0o644) }},
		{"garbled", func(p string) error {
			b, err := os.ReadFile(p)
			for i := range b {
				b[i] ^= 0x5a
			}
			return errors.Join(err, os.WriteFile(p, b, 0o644))
		}},
	} {
		t.Run(damage.name, func(t *testing.T) {
			dir := crashCopy(t, path)
			db := filepath.Join(dir, "journal.db")
			if err := damage.do(db + AckSuffix); err != nil {
				t.Fatal(err)
			}
			var warned []error
			j, err := Open(ctx, db, &Opts{Warn: func(err error) { warned = append(warned, err) }})
			if err != nil {
				t.Fatalf("Open with the record %s = %v, want the whole journal", damage.name, err)
			}
			tb, err := j.Resume(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(acked, eventLines(tb.Events())); d != "" {
				t.Errorf("resumed (-acked +journal):\n%s", d)
			}
			j.Close()
			if len(warned) == 0 || !strings.Contains(warned[0].Error(), "written again") {
				t.Errorf("warnings = %v, want one saying the record is written again", warned)
			}
			a, ok, err := readAck(db + AckSuffix)
			if err != nil || !ok || a.seq != len(acked) || a.sum != chainOf(acked) {
				t.Errorf("record after Open = %+v, %v, %v, want game %d with its %d events", a, ok, err, tb.ID(), len(acked))
			}
		})
	}
	t.Run("beside a corrupt journal", func(t *testing.T) {
		dir := crashCopy(t, path)
		db := filepath.Join(dir, "journal.db")
		if err := os.WriteFile(db+AckSuffix, make([]byte, 2*ackSlot), 0o644); err != nil {
			t.Fatal(err)
		}
		garbleAllPages(t, db, 2)
		if _, err := Open(ctx, db, nil); !errors.Is(err, ErrDamaged) {
			t.Fatalf("Open with a zeroed record beside a corrupt journal = %v, want ErrDamaged", err)
		}
	})
}

// garbleAllPages garbles the b-tree header of every page of the database
// file at path from page from on, keeping its size and time.
func garbleAllPages(t *testing.T, path string, from int64) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for p := from - 1; (p+1)*pageSize <= int64(len(b)); p++ {
		copy(b[p*pageSize:], bytes.Repeat([]byte{0xee}, 12))
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, fi.ModTime(), fi.ModTime()); err != nil {
		t.Fatal(err)
	}
}

// Issue 21 point 3: under CheckLater, Open compares the record but leaves
// the whole-file check (quick_check) to Check, which the daemon runs once
// its page is up; CheckNone (stats, history, export) skips it.
func TestCheckLater(t *testing.T) {
	ctx := context.Background()
	j, path := openTemp(t)
	cloneGames(t, j, mustGame(t, j), 40)
	if _, err := j.db.ExecContext(ctx, "INSERT OR IGNORE INTO recorded(game_id) SELECT id FROM games"); err != nil {
		t.Fatal(err)
	}
	j.Close()
	// A corrupt page among old games: the record's game reads whole.
	corruptMiddlePage(t, path)
	if _, err := Open(ctx, path, nil); !errors.Is(err, ErrDamaged) {
		t.Fatalf("Open (CheckNow) = %v, want ErrDamaged", err)
	}
	for _, c := range []Check{CheckLater, CheckNone} {
		j, err := Open(ctx, path, &Opts{Check: c})
		if err != nil {
			t.Fatalf("Open (check %d) = %v, want the journal, the check left for later", c, err)
		}
		if err := j.Check(ctx); !errors.Is(err, ErrDamaged) {
			t.Errorf("Check = %v, want ErrDamaged", err)
		}
		j.Close()
	}
}

// mustGame plays a short game in j and returns its id.
func mustGame(t *testing.T, j *Journal) int64 {
	t.Helper()
	s := roundEndScript()
	tb := startScript(t, j, s)
	playScript(t, tb, s, s.nsetup, firstRoundEnd(t, s)+1)
	if err := tb.End(context.Background()); err != nil {
		t.Fatal(err)
	}
	j.waitCopy()
	return tb.ID()
}

// corruptMiddlePage garbles the b-tree header of the page in the middle of
// the database file at path.
func corruptMiddlePage(t *testing.T, path string) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteAt(bytes.Repeat([]byte{0xee}, 12), fi.Size()/pageSize/2*pageSize); err != nil {
		t.Fatal(err)
	}
}

// Issue 21 point 6: a round end on a journal of years writes what the
// round changed into the rolling copy, not the whole journal, and the copy
// still holds the game up to the round end.
func TestRoundEndCopiesWhatChanged(t *testing.T) {
	if _, ok := fsynctest.WrittenBytes(); !ok {
		t.Skip("no /proc/self/io to count the bytes written")
	}
	if testing.Short() {
		t.Skip("plays a whole game on a journal of 200 games")
	}
	ctx := context.Background()
	j, path := openTemp(t)
	whole := roundEndScript()
	tb0 := startScript(t, j, whole)
	playScript(t, tb0, whole, whole.nsetup, len(whole.evs))
	j.waitCopy()
	cloneGames(t, j, tb0.ID(), 200)
	if err := j.Backup(ctx); err != nil { // the first copy of a run compares every page
		t.Fatal(err)
	}
	size := fileSizeOf(t, path)
	var mark uint64
	j.copy.hook = func(context.Context) { mark, _ = fsynctest.WrittenBytes() }
	s := roundEndScript()
	tb := startScript(t, j, s)
	playScript(t, tb, s, s.nsetup, firstRoundEnd(t, s)+1)
	j.waitCopy()
	w, _ := fsynctest.WrittenBytes()
	wrote := w - mark
	if limit := min(5<<20, uint64(size)/4); wrote > limit {
		t.Errorf("the round end's copy wrote %d bytes of a %d-byte journal, want at most %d", wrote, size, limit)
	}
	if d := cmp.Diff(eventLines(tb.Events()), backupLines(t, path)); d != "" {
		t.Errorf("the copy at the round end (-played +copy):\n%s", d)
	}
}

func fileSizeOf(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

// Issue 22, "Also": the rolling copy is checked after it is made; a copy
// that fails its check is said (LastCopy) with when the last good one was
// made, and the next copy compares every page, which mends it.
func TestCopyCheckedAfterItIsMade(t *testing.T) {
	s := roundEndScript()
	j, path := openTemp(t)
	warned := collectWarnings(j)
	tb := startScript(t, j, s)
	i := playToRoundEnd(t, tb, s, s.nsetup)
	j.waitCopy()
	good := j.LastCopy()
	if good.Last.IsZero() || good.Failed != nil {
		t.Fatalf("LastCopy after a round end = %+v, want a good copy", good)
	}
	// The SD card garbles the copy behind the journal's back: its size and
	// time stay.
	garbleAllPages(t, BackupPath(path), 2)
	i = playToRoundEnd(t, tb, s, i)
	j.waitCopy()
	bad := j.LastCopy()
	if bad.Failed == nil || !bad.Last.Equal(good.Last) {
		t.Fatalf("LastCopy after a copy over a garbled one = %+v, want it failed and the good one's time %v", bad, good.Last)
	}
	if w := warned.all(); len(w) == 0 || !strings.Contains(w[len(w)-1].Error(), "fails its check") {
		t.Errorf("warnings = %v, want the copy's failed check", w)
	}
	playToRoundEnd(t, tb, s, i)
	j.waitCopy()
	if again := j.LastCopy(); again.Failed != nil || !again.Last.After(good.Last) {
		t.Errorf("LastCopy after the next round end = %+v, want a good copy again", again)
	}
	if d := cmp.Diff(eventLines(tb.Events()), backupLines(t, path)); d != "" {
		t.Errorf("the mended copy (-played +copy):\n%s", d)
	}
}

// Issue 26 point 9: the journal as one file, made while the table plays
// (WriteSnapshot), goes back on a new card with RestoreFrom, which refuses
// what is not a journal and keeps what it replaces.
func TestSnapshotRestoresOnANewCard(t *testing.T) {
	ctx := context.Background()
	j, _, s, tb, end := toRoundEnd(t)
	played := make(chan struct{})
	go func() {
		defer close(played)
		for i := end; i < end+60; i++ {
			if _, err := tb.Apply(ctx, s.evs[i]); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	var snap bytes.Buffer
	if _, err := j.WriteSnapshot(ctx, &snap); err != nil {
		t.Fatal(err)
	}
	<-played
	file := filepath.Join(t.TempDir(), "unoref-journal.db")
	if err := os.WriteFile(file, snap.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	card := filepath.Join(t.TempDir(), "new", "journal.db")
	r, err := RestoreFrom(ctx, card, file)
	if err != nil {
		t.Fatalf("RestoreFrom(a snapshot) = %v", err)
	}
	got := fileLinesWithWAL(t, card)
	all := eventLines(tb.Events())
	if len(got) < s.kept[end] || len(got) > len(all) || cmp.Diff(all[:len(got)], got) != "" {
		t.Errorf("restored game: %d lines, not a prefix of the %d played from the round's start on", len(got), len(all))
	}
	if r.OpenID != tb.ID() || r.OpenLen != len(got) || len(r.Kept) != 0 {
		t.Errorf("Restored = %+v, want game %d open at %d, nothing kept on a new card", r, tb.ID(), len(got))
	}

	// Again over the journal now there: its files are kept aside.
	r, err = RestoreFrom(ctx, card, file)
	if err != nil || len(r.Kept) == 0 || !strings.Contains(r.Kept[0], ".replaced-") {
		t.Errorf("RestoreFrom over a journal = %+v, %v, want its files kept as .replaced-", r, err)
	}

	notJournal := filepath.Join(t.TempDir(), "photo.jpg")
	if err := os.WriteFile(notJournal, bytes.Repeat([]byte("not a database "), 400), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, from := range []string{notJournal, t.TempDir()} {
		if _, err := RestoreFrom(ctx, card, from); !errors.Is(err, ErrNotJournal) {
			t.Errorf("RestoreFrom(%s) = %v, want ErrNotJournal", from, err)
		}
	}
	if got2 := fileLinesWithWAL(t, card); cmp.Diff(got, got2) != "" {
		t.Errorf("a refused RestoreFrom changed the journal")
	}
}

// Issue 26 point 9: a second place (Opts.SecondCopy: a USB stick, a
// network share) gets a whole copy, checked, at each game's end.
func TestSecondCopyAtEachGamesEnd(t *testing.T) {
	ctx := context.Background()
	second := t.TempDir()
	path := filepath.Join(t.TempDir(), "data", "journal.db")
	j, err := Open(ctx, path, &Opts{SecondCopy: second, Warn: func(err error) { t.Error(err) }})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	s := roundEndScript()
	tb := startScript(t, j, s)
	playScript(t, tb, s, s.nsetup, firstRoundEnd(t, s)+1)
	j.waitCopy()
	copyPath := filepath.Join(second, "journal.db"+BackupSuffix)
	if exists(copyPath) {
		t.Fatalf("%s made before the game's end", copyPath)
	}
	if err := tb.End(ctx); err != nil {
		t.Fatal(err)
	}
	j.waitCopy()
	if info := j.LastCopy(); info.Second.IsZero() || info.SecondFailed != nil {
		t.Errorf("LastCopy = %+v, want the second copy made", info)
	}
	c, err := Open(ctx, copyPath, nil)
	if err != nil {
		t.Fatalf("the second copy does not open: %v", err)
	}
	defer c.Close()
	games, err := c.Games(ctx)
	if err != nil || len(games) != 1 || games[0].Open() {
		t.Errorf("the second copy holds %+v, %v, want the ended game", games, err)
	}
}
