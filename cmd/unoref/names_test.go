package main

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
)

// simDaemon is `unoref run --sim` serving its page on a loopback port,
// its standard error kept (pageDaemon, by contrast, reads --stdin answers).
type simDaemon struct {
	cmd    *exec.Cmd
	url    string
	stderr *lockedBuffer
}

func startSimDaemon(t *testing.T, dir string, args ...string) *simDaemon {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"--sim", "--listen", "127.0.0.1:0", "--data", dir}, args...)...)
	cmd.Env = append(os.Environ(), "UNOREF_TEST_DAEMON=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr := &lockedBuffer{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	sc := bufio.NewScanner(out)
	const pre = "unoref: virtual table at "
	for sc.Scan() {
		if line := sc.Text(); strings.HasPrefix(line, pre) {
			go io.Copy(io.Discard, out)
			return &simDaemon{cmd: cmd, url: strings.TrimPrefix(line, pre), stderr: stderr}
		}
	}
	t.Fatalf("no address printed; stderr:\n%s", stderr)
	return nil
}

// opening is a new game of Ann and Ben, dealt, and Ann's B4: what the
// daemon tests play first.
var opening = []string{`{"Kind":"newgame","Players":["Ann","Ben"],"Rules":"official"}`, `{"Kind":"press","Button":"pass"}`, `{"Kind":"tap","Pad":"play","Card":"B4"}`}

// postAll sends each action as JSON, failing on the first not taken.
func (d *simDaemon) postAll(t *testing.T, actions ...string) {
	t.Helper()
	for _, a := range actions {
		if code, body := d.post(t, a); code != http.StatusOK {
			t.Fatalf("POST %s = %d %s", a, code, body)
		}
	}
}

// post sends one action as JSON and returns the status and the body.
func (d *simDaemon) post(t *testing.T, action string) (int, string) {
	t.Helper()
	resp, err := http.Post(d.url+"api/action", "application/json", strings.NewReader(action))
	if err != nil {
		t.Fatalf("POST %s: %v", action, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, strings.TrimSpace(string(body))
}

func (d *simDaemon) snapshot(t *testing.T) table.Snapshot {
	t.Helper()
	resp, err := http.Get(d.url + "api/state")
	if err != nil {
		t.Fatalf("GET /api/state: %v (the daemon stopped?)", err)
	}
	defer resp.Body.Close()
	var s table.Snapshot
	if err := json.NewDecoder(resp.Body).Decode(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

func (d *simDaemon) stop(t *testing.T) {
	t.Helper()
	if err := d.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := d.cmd.Wait(); err != nil {
		t.Errorf("after SIGTERM: %v", err)
	}
}

// TestNewGameBadNameDaemon is issue 13 point 1 against `unoref run --sim`:
// a new game with a name the table log can't hold answers 400 with one
// sentence, the daemon keeps running, and the open game still resumes.
func TestNewGameBadNameDaemon(t *testing.T) {
	dir := t.TempDir()
	d := startSimDaemon(t, dir)
	d.postAll(t, opening...)
	want := d.snapshot(t)
	tests := []struct{ name, players, sentence string }{
		{"hash", `["Kid#1","Ben"]`, "A name can't contain # or spaces: try Kid-1"},
		{"two words", `["Mary Ann","Ben"]`, "A name can't contain # or spaces: try Mary-Ann"},
		{"tab", `["Kid\t1","Ben"]`, "A name can't contain # or spaces: try Kid-1"},
		{"newline", `["Kid\n1","Ben"]`, "A name can't contain # or spaces: try Kid-1"},
		{"NBSP", `["Kid\u00a01","Ben"]`, "A name can't contain # or spaces: try Kid-1"},
		{"U+2028", `["Kid\u20281","Ben"]`, "A name can't contain # or spaces: try Kid-1"},
		{"U+3000", `["Kid\u30001","Ben"]`, "A name can't contain # or spaces: try Kid-1"},
		{"NUL", `["Kid\u0000","Ben"]`, "A name can't contain invisible or control characters: try Kid"},
		{"BEL", `["Kid\u0007","Ben"]`, "A name can't contain invisible or control characters: try Kid"},
		{"RLO", `["\u202eKid","Ben"]`, "A name can't contain direction marks: try Kid"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := `{"Kind":"newgame","Players":` + tt.players + `,"Rules":"official"}`
			code, body := d.post(t, a)
			if code != http.StatusBadRequest || body != tt.sentence {
				t.Errorf("POST %s = %d %q, want 400 %q", a, code, body, tt.sentence)
			}
			if got := d.snapshot(t); got.Game != want.Game || !cmp.Equal(got.Log, want.Log) {
				t.Errorf("after the refusal: game %d, log %q; want game %d, log %q", got.Game, got.Log, want.Game, want.Log)
			}
		})
	}
	form := url.Values{"kind": {"newgame"}, "players": {"Kid#1, Ben\u00a0Cy"}, "preset": {"official"}}
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noFollow.PostForm(d.url+"api/action", form)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got, want := resp.Header.Get("Location"), "/?error="+url.QueryEscape("A name can't contain # or spaces: try Kid-1"); got != want {
		t.Errorf("the form's new game: Location %q, want %q", got, want)
	}
	d.stop(t)
	again := startSimDaemon(t, dir)
	got := again.snapshot(t)
	if d := cmp.Diff(want.Log, got.Log); got.Game != want.Game || d != "" {
		t.Errorf("resumed game %d, want %d; log (-want +got):\n%s", got.Game, want.Game, d)
	}
	again.stop(t)
}
