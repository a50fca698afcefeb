package main

import (
	"context"
	"database/sql"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unoref/unoref/referee/journal"
)

// Issue 22 point 3: restore, even --force, takes the data directory's
// lock: while the referee runs it refuses, saying to stop it first, and
// the daemon's journal is left as it was.
func TestRestoreWhileRunning(t *testing.T) {
	dir := t.TempDir()
	d := startSimDaemon(t, dir)
	d.postAll(t, opening...)
	backup(t, dir) // a copy to go back to (another process may make it)
	for _, args := range [][]string{{"restore", "--data", dir, "--force"}, {"restore", "--data", dir}} {
		_, errOut, code := call(t, "", args...)
		if code == 0 || !strings.Contains(errOut, "sudo systemctl stop unoref") || !strings.Contains(errOut, "stop it first") {
			t.Errorf("unoref %s while the referee runs = %d %q, want a refusal saying to stop it first", strings.Join(args, " "), code, errOut)
		}
	}
	if code, body := d.post(t, `{"Kind":"tap","Pad":"play","Card":"B5"}`); code != http.StatusOK {
		t.Fatalf("tap B5 after the refused restore = %d %s", code, body)
	}
	if s := d.snapshot(t); s.Events == 0 || s.Alert.Key != "" {
		t.Errorf("the daemon after a refused restore: %d events, alert %+v", s.Events, s.Alert)
	}
	matches, _ := filepath.Glob(filepath.Join(dir, journalFile+".damaged-*"))
	if len(matches) > 0 {
		t.Errorf("a refused restore put files aside: %v", matches)
	}
}

// Issue 26 point 9: the page's download goes back on a new card with
// `unoref restore --from FILE`, which refuses a file that is not a
// journal.
func TestRestoreFromADownload(t *testing.T) {
	dir := t.TempDir()
	d := startSimDaemon(t, dir)
	d.postAll(t, append(opening, `{"Kind":"tap","Pad":"play","Card":"B5"}`)...)
	played := d.snapshot(t)
	resp, err := http.PostForm(d.url+"api/record", url.Values{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || len(b) == 0 {
		t.Fatalf("download = %s (%d bytes)", resp.Status, len(b))
	}
	file := filepath.Join(t.TempDir(), "unoref-record.db")
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	d.stop(t)

	card := filepath.Join(t.TempDir(), "new-card")
	photo := filepath.Join(t.TempDir(), "photo.jpg")
	os.WriteFile(photo, []byte(strings.Repeat("not a journal ", 500)), 0o644)
	if _, errOut, code := call(t, "", "restore", "--data", card, "--from", photo); code == 0 || !strings.Contains(errOut, "not a unoref journal") {
		t.Errorf("restore --from a photo = %d %q, want a refusal", code, errOut)
	}
	out, errOut, code := call(t, "", "restore", "--data", card, "--from", file)
	if code != 0 || !strings.Contains(out, "restored") {
		t.Fatalf("restore --from the download = %d %q %q", code, out, errOut)
	}
	d = startSimDaemon(t, card)
	got := d.snapshot(t)
	if got.Events != played.Events || got.State.Top != "B5" {
		t.Errorf("on the new card: %d events, top %s; played %d, top %s", got.Events, got.State.Top, played.Events, played.State.Top)
	}
}

// Issue 21 point 3: stats, history and export read the record without the
// whole-file check (the daemon runs it): a corrupt page in a part of the
// file they do not read does not stop them, where the check finds it.
func TestReadersSkipTheCheck(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, journalFile)
	j, err := journal.Open(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	src := exampleSource(t, "official.log", true)
	for range 3 {
		tb := playEvents(t, j, events(t, src.log))
		tb.End(context.Background())
	}
	j.Close()
	corruptOtherTable(t, path)
	if _, err := journal.Open(context.Background(), path, nil); err == nil {
		t.Fatal("the whole-file check finds nothing wrong: the test corrupts nothing")
	}
	for _, args := range [][]string{{"history", "--data", dir}, {"stats", "--data", dir}, {"export", "--csv", "--data", dir}} {
		if _, errOut, code := call(t, "", args...); code != 0 {
			t.Errorf("unoref %s = %d %q, want it to read the record without the whole-file check", args[0], code, errOut)
		}
	}
}

// corruptOtherTable adds a table the journal never reads to the journal at
// path, and garbles the b-tree header of one of its pages: only a check of
// the whole file finds it.
func corruptOtherTable(t *testing.T, path string) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE TABLE scratch(x);
		WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i < 40) INSERT INTO scratch SELECT randomblob(1000) FROM n`); err != nil {
		t.Fatal(err)
	}
	var page int64
	if err := db.QueryRow("SELECT max(pageno) FROM dbstat WHERE name = 'scratch' AND pagetype = 'leaf'").Scan(&page); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("PRAGMA wal_checkpoint(TRUNCATE)"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteAt([]byte{0xee, 0xee, 0xee, 0xee, 0xee, 0xee, 0xee, 0xee}, (page-1)*4096); err != nil {
		t.Fatal(err)
	}
}

// Issue 22 point 4: with no room left on the disk the lock is not the
// failure: the PID the lock file holds is only a help, and the lock holds
// without it. /dev/full stands for the full disk: every write fails with
// ENOSPC.
func TestLockWithNoRoom(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full to stand for a full disk")
	}
	dir := t.TempDir()
	if err := os.Symlink("/dev/full", filepath.Join(dir, lockFile)); err != nil {
		t.Fatal(err)
	}
	unlock, err := lockData(dir)
	if err != nil {
		t.Fatalf("lockData on a full disk = %v, want the lock", err)
	}
	defer unlock()
	if _, err := lockData(dir); err == nil {
		t.Errorf("a second lockData got the lock too")
	}
}
