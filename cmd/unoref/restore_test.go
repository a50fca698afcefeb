package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/lang/msg"
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
	d.postAll(t, opening...)
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
	if log := d.stderr.String(); !strings.Contains(log, "is damaged") || !strings.Contains(log, "`unoref restore --data "+dir+"`") || !strings.Contains(log, "were acknowledged") {
		t.Errorf("the damage is not logged with the command: %q", log)
	}
	if a := s.Alert; a.Key != "table.alert.damaged" || a.Args.Command != "unoref restore --data "+dir || a.Args.Path != filepath.Join(dir, journalFile) || a.Args.Time.IsZero() || !strings.Contains(a.Args.Text, "were acknowledged") {
		t.Errorf("Snapshot.Alert = %+v, want table.alert.damaged with the journal, the copy's time, the command and the reason", a)
	}
	checkDamageBanner(t, d, dir)
	if code, body := d.post(t, `{"Kind":"newgame","Players":["Ann","Ben"],"Rules":"official"}`); code != http.StatusBadRequest || !strings.Contains(body, "Nothing can be saved") {
		t.Errorf("new game on a damaged journal = %d %q, want 400 Nothing can be saved", code, body)
	}
	if s := d.snapshot(t); s.Alert.Key == "" || s.Game != 0 {
		t.Errorf("after the refused new game: alert %+v, game %d", s.Alert, s.Game)
	}
	d.stop(t)

	out, errOut, code := call(t, "", "restore", "--data", dir)
	if code != 0 || !strings.Contains(out, "restored from the copy") || !strings.Contains(out, "damaged-") {
		t.Fatalf("unoref restore = %d %q %q", code, out, errOut)
	}
	d = startSimDaemon(t, dir)
	got := d.snapshot(t)
	if diff := cmp.Diff(copied.Log, got.Log); diff != "" || got.Alert.Key != "" {
		t.Errorf("after restore: alert %+v, log (-copy +resumed):\n%s", got.Alert, diff)
	}
	if page := d.page(t, "ru"); strings.Contains(page, `id="alert"`) {
		t.Errorf("after restore the page still shows the damage banner")
	}
	d.stop(t)
	if _, errOut, code := call(t, "", "restore", "--data", dir); code == 0 || !strings.Contains(errOut, "not damaged") {
		t.Errorf("restore of a whole journal = %d %q, want a refusal", code, errOut)
	}
}

// checkDamageBanner: the page of a daemon on a damaged journal says so in
// the page's language, Russian for a Russian phone and English for an
// English one, with the command to type as code and the technical reason
// in English, folded away.
func checkDamageBanner(t *testing.T, d *simDaemon, dir string) {
	t.Helper()
	command := "<code>unoref restore --data " + dir + "</code>"
	tests := []struct {
		accept string
		want   []string
	}{
		{"ru", []string{`<html lang="ru">`, "Журнал игры (" + filepath.Join(dir, journalFile) + ") повреждён", "выполните " + command, "Технические подробности", `<p lang="en">game 1 holds`}},
		{"en", []string{`<html lang="en">`, "The game journal (" + filepath.Join(dir, journalFile) + ") is damaged", "run " + command, "Technical details", `<p lang="en">game 1 holds`}},
	}
	for _, tt := range tests {
		t.Run(tt.accept, func(t *testing.T) {
			page := d.page(t, tt.accept)
			for _, w := range tt.want {
				if !strings.Contains(page, w) {
					t.Errorf("GET / (Accept-Language: %s): no %q in the page", tt.accept, w)
				}
			}
		})
	}
}

// page is the daemon's page for a phone that asks for accept.
func (d *simDaemon) page(t *testing.T, accept string) string {
	t.Helper()
	req, err := http.NewRequest("GET", d.url, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept-Language", accept)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("GET /: %v", err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
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

// TestDamageAlert: a damaged journal with a copy names the command that
// restores it, one without names none; the reason goes to the detail.
func TestDamageAlert(t *testing.T) {
	taken := time.Date(2026, 11, 24, 20, 30, 0, 0, time.UTC)
	tests := []struct {
		name string
		err  error
		data string
		want msg.Msg
	}{
		{"copy", &journal.DamageError{Path: "/d/journal.db", Reason: "the file is empty", Backup: "/d/journal.db.backup", Taken: taken}, "/d",
			msg.Msg{Key: "table.alert.damaged", Args: msg.Args{Path: "/d/journal.db", Command: "unoref restore --data /d", Time: taken, Text: "the file is empty"}}},
		{"a directory with a space", &journal.DamageError{Path: "/my d/journal.db", Reason: "r", Backup: "/my d/journal.db.backup", Taken: taken}, "/my d",
			msg.Msg{Key: "table.alert.damaged", Args: msg.Args{Path: "/my d/journal.db", Command: "unoref restore --data '/my d'", Time: taken, Text: "r"}}},
		{"no copy", &journal.DamageError{Path: "/d/journal.db", Reason: "the file is empty"}, "/d",
			msg.Msg{Key: "table.alert.damaged.nocopy", Args: msg.Args{Path: "/d/journal.db", Text: "the file is empty"}}},
		{"wrapped", fmt.Errorf("table: %w", &journal.DamageError{Path: "/d/journal.db", Reason: "r"}), "/d",
			msg.Msg{Key: "table.alert.damaged.nocopy", Args: msg.Args{Path: "/d/journal.db", Text: "r"}}},
		{"no DamageError", journal.ErrDamaged, "/d",
			msg.Msg{Key: "table.alert.damaged.nocopy", Args: msg.Args{Path: filepath.Join("/d", journalFile), Text: journal.ErrDamaged.Error()}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, damageAlert(tt.err, tt.data)); diff != "" {
				t.Errorf("damageAlert(%v, %q) (-want +got):\n%s", tt.err, tt.data, diff)
			}
		})
	}
}

func TestShellWord(t *testing.T) {
	tests := []struct{ in, want string }{
		{"/var/lib/unoref", "/var/lib/unoref"},
		{"/home/ann/my games", "'/home/ann/my games'"},
		{"/tmp/it's", `'/tmp/it'\''s'`},
		{"/tmp/$HOME", "'/tmp/$HOME'"},
		{"", "''"},
	}
	for _, tt := range tests {
		if got := shellWord(tt.in); got != tt.want {
			t.Errorf("shellWord(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
