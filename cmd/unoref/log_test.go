package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unoref/unoref/referee/playtest"
)

// inProcess is `unoref run … --stdin` run in this process, its standard
// input and output as pipes and its log in a buffer.
type inProcess struct {
	in     *io.PipeWriter
	out    *bufio.Scanner
	stderr *lockedBuffer
	done   chan error
}

func startInProcess(t *testing.T, args ...string) *inProcess {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	d := &inProcess{in: inW, out: bufio.NewScanner(outR), stderr: &lockedBuffer{}, done: make(chan error, 1)}
	d.out.Buffer(make([]byte, 1<<20), 1<<20)
	go func() {
		err := run(context.Background(), append([]string{"run", "--sim", "--stdin"}, args...), inR, outW, d.stderr)
		outW.Close()
		d.done <- err
	}()
	return d
}

// line is the next line of standard output.
func (d *inProcess) line(t *testing.T) string {
	t.Helper()
	if !d.out.Scan() {
		t.Fatalf("daemon ended: %v\n%s", d.out.Err(), d.stderr.String())
	}
	return d.out.Text()
}

// send writes a control and returns its answer.
func (d *inProcess) send(t *testing.T, control string) string {
	t.Helper()
	io.WriteString(d.in, control+"\n")
	return d.line(t)
}

// stop ends the controls and returns the log, each line without its time.
func (d *inProcess) stop(t *testing.T) []string {
	t.Helper()
	d.in.Close()
	for d.out.Scan() {
	}
	if err := <-d.done; err != nil {
		t.Errorf("run: %v", err)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSuffix(d.stderr.String(), "\n"), "\n") {
		if i := strings.Index(l, "level="); i >= 0 {
			l = l[i:]
		}
		lines = append(lines, l)
	}
	return lines
}

// post sends an action to the page with a PIN and returns the status.
func post(t *testing.T, url, action, pin string) int {
	t.Helper()
	req, err := http.NewRequest("POST", url+"api/action", strings.NewReader(action))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Unoref-Pin", pin)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// checkLog checks that the log holds want, in order, among other lines.
func checkLog(t *testing.T, log, want []string) {
	t.Helper()
	i := 0
	for _, l := range log {
		if i < len(want) && l == want[i] {
			i++
		}
	}
	if i < len(want) {
		t.Errorf("log lacks %q (or has it out of order):\n%s", want[i], strings.Join(log, "\n"))
	}
}

// TestRunLogs: the daemon logs where its data lives, the games started,
// resumed and ended with their players and rules, and the admin requests
// it refused (a wrong PIN on the page, an action with its reason).
func TestRunLogs(t *testing.T) {
	t.Setenv("UNOREF_CONFIG", "")
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	cfg := writeTemp(t, dir, "unoref.toml", `admin_pin = "2468"`+"\n")
	journal := filepath.Join(data, journalFile)

	d := startInProcess(t, "--config", cfg, "--data", data, "--listen", "127.0.0.1:0")
	url := strings.TrimPrefix(d.line(t), "unoref: virtual table at ")
	if code := post(t, url, `{"Kind":"newgame","Players":["Ann","Ben"]}`, "1111"); code != http.StatusForbidden {
		t.Errorf("newgame with a wrong PIN: status %d, want 403", code)
	}
	if a := d.send(t, "newgame Ann,Ben official +stacking"); a != "ok" {
		t.Fatalf("newgame: %s", a)
	}
	if a := d.send(t, "newgame Cy"); a != "error: Name at least two players." {
		t.Errorf("newgame of one: %s", a)
	}
	checkLog(t, d.stop(t), []string{
		`level=INFO msg="unoref starting" version=dev journal=` + journal + ` config=` + cfg + ` decks=none listen=127.0.0.1:0`,
		`level=WARN msg="admin request refused" action=newgame client=127.0.0.1 reason="That PIN is wrong."`,
		`level=INFO msg="game started" game=1 players="Ann Ben" rules="official +stacking" events=2`,
		`level=WARN msg="admin request refused" action=newgame reason="Name at least two players."`,
	})

	d = startInProcess(t, "--config", cfg, "--data", data, "--listen", "127.0.0.1:0")
	url = strings.TrimPrefix(d.line(t), "unoref: virtual table at ")
	if code := post(t, url, `{"Kind":"end"}`, "2468"); code != http.StatusOK {
		t.Errorf("end with the PIN: status %d, want 200", code)
	}
	checkLog(t, d.stop(t), []string{
		`level=INFO msg="game resumed" game=1 players="Ann Ben" rules="official +stacking" events=2`,
		`level=INFO msg="game ended" game=1 result=abandoned winner="" players="Ann Ben" rules="official +stacking"`,
	})
}

// TestRunLogsGameWon plays a one-round game to its end through --stdin:
// the log says who won.
func TestRunLogsGameWon(t *testing.T) {
	t.Setenv("UNOREF_CONFIG", "")
	cfg := playtest.Config{Players: 3, Preset: "official", Options: []string{"target=1"}, Seed: 21, Strategy: playtest.LegalStrategy}
	lines, st := script(t, cfg)
	d := startInProcess(t, "--data", t.TempDir(), "--listen", "", "--uno-grace", "0")
	for _, l := range lines {
		if got := d.send(t, l); got != "ok" {
			t.Fatalf("%q: %s", l, got)
		}
	}
	if st.Winner == "" {
		t.Fatalf("the scripted game has no winner: %+v", st)
	}
	checkLog(t, d.stop(t), []string{
		`level=INFO msg="game started" game=1 players="` + strings.Join(st.Players, " ") + `" rules="official target=1" events=2`,
		`level=INFO msg="game ended" game=1 result=won winner=` + st.Winner + ` players="` + strings.Join(st.Players, " ") + `" rules="official target=1"`,
	})
}

// TestRunLogsRename: after a rename the log names the player as the table
// shows them, in the game resumed and the game ended.
func TestRunLogsRename(t *testing.T) {
	t.Setenv("UNOREF_CONFIG", "")
	data := t.TempDir()
	d := startInProcess(t, "--data", data, "--listen", "")
	for _, c := range []string{"newgame Ann,Ben official", "rename Ann Annie"} {
		if a := d.send(t, c); a != "ok" {
			t.Fatalf("%s: %s", c, a)
		}
	}
	checkLog(t, d.stop(t), []string{
		`level=INFO msg="game started" game=1 players="Ann Ben" rules=official events=2`,
		`level=INFO msg="player renamed" game=1 seat=Ann from=Ann to=Annie`,
	})
	d = startInProcess(t, "--data", data, "--listen", "")
	if a := d.send(t, "end"); a != "ok" {
		t.Fatalf("end: %s", a)
	}
	checkLog(t, d.stop(t), []string{
		`level=INFO msg="game resumed" game=1 players="Annie Ben" rules=official events=2`,
		`level=INFO msg="game ended" game=1 result=abandoned winner="" players="Annie Ben" rules=official`,
	})
}
