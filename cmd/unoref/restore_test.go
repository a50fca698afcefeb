package main

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/referee/journal"
)

// TestDamagedJournalDaemon is issue 13 point 7 against `unoref run --sim`:
// a journal that lost an acknowledged event (its WAL deleted after a
// SIGKILL) is reported on the log and on the page with the command that
// restores the rolling copy; the daemon keeps running and refuses new
// games; `unoref restore` puts the copy back and the game resumes from it.
func TestDamagedJournalDaemon(t *testing.T) {
	dir := t.TempDir()
	d := startSimDaemon(t, dir)
	for _, a := range []string{`{"Kind":"newgame","Players":["Ann","Ben"],"Rules":"official"}`, `{"Kind":"press","Button":"pass"}`, `{"Kind":"tap","Pad":"play","Card":"B4"}`} {
		if code, body := d.post(t, a); code != http.StatusOK {
			t.Fatalf("POST %s = %d %s", a, code, body)
		}
	}
	copied := d.snapshot(t)
	d.stop(t)
	backup(t, dir) // as at a round end

	d = startSimDaemon(t, dir)
	if code, body := d.post(t, `{"Kind":"tap","Pad":"play","Card":"B5"}`); code != http.StatusOK {
		t.Fatalf("tap B5 = %d %s", code, body)
	}
	d.cmd.Process.Kill() // the plug is pulled; then the SD card loses the WAL
	d.cmd.Wait()
	if err := os.Remove(filepath.Join(dir, journalFile+"-wal")); err != nil {
		t.Fatal(err)
	}

	d = startSimDaemon(t, dir)
	s := d.snapshot(t)
	for _, where := range []string{d.stderr.String(), s.Alert} {
		if !strings.Contains(where, "is damaged") || !strings.Contains(where, "unoref restore --data "+dir) || !strings.Contains(where, "were acknowledged") {
			t.Errorf("the damage is not said with the command: %q", where)
		}
	}
	if code, body := d.post(t, `{"Kind":"newgame","Players":["Ann","Ben"],"Rules":"official"}`); code != http.StatusBadRequest || !strings.Contains(body, "Nothing can be saved") {
		t.Errorf("new game on a damaged journal = %d %q, want 400 Nothing can be saved", code, body)
	}
	if s := d.snapshot(t); s.Alert == "" || s.Game != 0 {
		t.Errorf("after the refused new game: alert %q, game %d", s.Alert, s.Game)
	}
	d.stop(t)

	out, errOut, code := call(t, "", "restore", "--data", dir)
	if code != 0 || !strings.Contains(out, "restored from the copy") || !strings.Contains(out, "damaged-") {
		t.Fatalf("unoref restore = %d %q %q", code, out, errOut)
	}
	d = startSimDaemon(t, dir)
	got := d.snapshot(t)
	if diff := cmp.Diff(copied.Log, got.Log); diff != "" || got.Alert != "" {
		t.Errorf("after restore: alert %q, log (-copy +resumed):\n%s", got.Alert, diff)
	}
	d.stop(t)
	if _, errOut, code := call(t, "", "restore", "--data", dir); code == 0 || !strings.Contains(errOut, "not damaged") {
		t.Errorf("restore of a whole journal = %d %q, want a refusal", code, errOut)
	}
}

// backup makes the rolling copy of the journal in dir, as the daemon does
// at a round end.
func backup(t *testing.T, dir string) {
	t.Helper()
	j, err := journal.Open(context.Background(), filepath.Join(dir, journalFile), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if err := j.Backup(context.Background()); err != nil {
		t.Fatal(err)
	}
}
