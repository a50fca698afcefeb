package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/table/tabletest"
	"github.com/unoref/unoref/referee/playtest"
	"github.com/unoref/unoref/referee/tablelog"
)

// TestMain lets the test binary be the daemon: with UNOREF_TEST_DAEMON set
// it runs unoref with its arguments, as main does.
func TestMain(m *testing.M) {
	if os.Getenv("UNOREF_TEST_DAEMON") == "1" {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
		stop()
		os.Exit(exitCode(err))
	}
	os.Exit(m.Run())
}

// daemon is `unoref run --sim --stdin` in a child process.
type daemon struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Scanner
	stderr *lockedBuffer // what it wrote on standard error, also passed on
}

func startDaemon(t *testing.T, dir string) *daemon {
	t.Helper()
	return spawnDaemon(t, nil, "run", "--sim", "--stdin", "--listen", "", "--uno-grace", "0", "--data", dir)
}

// spawnDaemon starts this test binary as `unoref ARGS` (TestMain runs it
// as the daemon), with env added to the environment.
func spawnDaemon(t *testing.T, env []string, args ...string) *daemon {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(append(os.Environ(), "UNOREF_TEST_DAEMON=1"), env...)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	errs := &lockedBuffer{}
	cmd.Stderr = io.MultiWriter(os.Stderr, errs)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	return &daemon{cmd: cmd, in: in, out: sc, stderr: errs}
}

func (d *daemon) send(line string) {
	fmt.Fprintln(d.in, line)
}

func (d *daemon) answer(t *testing.T) string {
	t.Helper()
	if !d.out.Scan() {
		t.Fatalf("daemon ended: %v", d.out.Err())
	}
	return d.out.Text()
}

func (d *daemon) do(t *testing.T, line string) {
	t.Helper()
	d.send(line)
	if a := d.answer(t); a != "ok" {
		t.Fatalf("%q: %s", line, a)
	}
}

func (d *daemon) state(t *testing.T) table.Snapshot {
	t.Helper()
	d.send("state")
	var s table.Snapshot
	if err := json.Unmarshal([]byte(d.answer(t)), &s); err != nil {
		t.Fatal(err)
	}
	return s
}

func (d *daemon) kill() {
	d.cmd.Process.Kill()
	d.cmd.Wait()
}

func (d *daemon) stop(t *testing.T) {
	t.Helper()
	d.in.Close()
	if err := d.cmd.Wait(); err != nil {
		t.Errorf("daemon: %v", err)
	}
}

// script plays cfg with the simulated players and returns the game as
// lines of --stdin, and the model's state after the last event.
func script(t testing.TB, cfg playtest.Config) ([]string, playtest.State) {
	t.Helper()
	steps, acts, err := tabletest.Play(cfg)
	if err != nil {
		t.Fatal(err)
	}
	lines := make([]string, len(acts))
	for i, a := range acts {
		lines[i] = controlLine(a)
	}
	return lines, steps[len(steps)-1].State
}

// controlLine writes an action as a line of --stdin.
func controlLine(a table.Action) string {
	switch a.Kind {
	case "tap":
		return "tap " + a.Pad + " " + a.Card
	case "press":
		return "press " + a.Button
	case "seat":
		return fmt.Sprintf("seat %d", a.Seat)
	case "points":
		return fmt.Sprintf("points %s %d", a.Name, a.Points)
	case "newgame":
		return "newgame " + strings.Join(a.Players, ",") + " " + a.Rules
	}
	return string(a.Kind)
}

// untimed drops the times of table-log lines.
func untimed(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		ev, _, err := tablelog.Parse(l, 0)
		if err != nil {
			out[i] = l
			continue
		}
		ev.Timed, ev.At = false, 0
		out[i] = ev.String()
	}
	return out
}

// TestKillDaemon plays scripted games on `unoref run --sim` and SIGKILLs
// the daemon process at random points (after an answer, or with a control
// in flight), a hundred times in all. After each restart the table must be
// exactly where the journal says the last acknowledged control left it,
// and at the end where an uninterrupted run ends.
func TestKillDaemon(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the daemon a hundred times")
	}
	games := []playtest.Config{
		{Players: 3, Preset: "official", Seed: 11},
		{Players: 4, Preset: "house-ru", Seed: 12},
		{Players: 3, Preset: "cars", Seed: 13},
	}
	const kills = 102
	rng := rand.New(rand.NewPCG(1, 2))
	total, lost := 0, 0
	for gi, cfg := range games {
		cfg.Strategy, cfg.MaxRounds = playtest.LegalStrategy, 2
		lines, _ := script(t, cfg)
		// The reference: the whole script without a kill, noting how many
		// events the journal holds after each control.
		ref := startDaemon(t, t.TempDir())
		after := make([]int, len(lines))
		var want table.Snapshot
		for i, l := range lines {
			ref.do(t, l)
			want = ref.state(t)
			after[i] = want.Events
			if want.State.Phase == "over" {
				// A won game is closed: keep the script before it.
				lines, after = lines[:i], after[:i]
				want = table.Snapshot{}
				break
			}
		}
		if want.Events == 0 {
			want = ref.state(t)
		}
		ref.stop(t)
		if len(lines) > 0 && after[len(after)-1] != want.Events {
			want.Events = after[len(after)-1]
		}

		t.Logf("game %d: %d controls, %d events, phase %s", gi, len(lines), want.Events, want.State.Phase)
		dir := t.TempDir()
		n := kills / len(games)
		if gi == len(games)-1 {
			n = kills - total
		}
		// Kill points spread over the script: n sorted random indexes.
		points := make([]int, n)
		for i := range points {
			points[i] = rng.IntN(len(lines))
		}
		slicesSort(points)
		next := 0  // index of the next control to send
		acked := 0 // controls answered before the kill
		for k := 0; k <= n; k++ {
			d := startDaemon(t, dir)
			s := d.state(t)
			// Resume at the first control that found the journal as it is
			// now: controls that made no event (a dealer pick, the taps of
			// a hand) left nothing on disk and are sent again.
			resume := 0
			for resume < len(lines) && before(after, resume) < s.Events {
				resume++
			}
			if before(after, resume) != s.Events {
				t.Fatalf("game %d kill %d: journal holds %d events, no control ends there", gi, k, s.Events)
			}
			// Whatever was answered was shown, so it must be on disk.
			if s.Events < before(after, acked) {
				t.Fatalf("game %d kill %d: journal holds %d events, the %d controls answered made %d", gi, k, s.Events, acked, before(after, acked))
			}
			if resume < next {
				lost++
			}
			if resume > next {
				t.Fatalf("game %d kill %d: resumed at control %d, past the %d sent", gi, k, resume, next)
			}
			next, acked = resume, resume
			if k == n {
				for ; next < len(lines); next++ {
					d.do(t, lines[next])
				}
				got := d.state(t)
				if diff := cmp.Diff(want.State, got.State); diff != "" {
					t.Errorf("game %d after %d kills: state mismatch (-want +got):\n%s", gi, n, diff)
				}
				if diff := cmp.Diff(untimed(want.Log), untimed(got.Log)); diff != "" {
					t.Errorf("game %d after %d kills: log mismatch (-want +got):\n%s", gi, n, diff)
				}
				d.stop(t)
				break
			}
			for next < points[k] && next < len(lines) {
				d.do(t, lines[next])
				next++
				acked = next
			}
			switch rng.IntN(3) {
			case 1:
				// A control in flight, most likely not read yet.
				if next < len(lines) {
					d.send(lines[next])
					next++
				}
			case 2:
				// Two controls in flight, killed once the first is
				// answered: the daemon is busy with the second.
				if next+1 < len(lines) {
					d.send(lines[next])
					d.send(lines[next+1])
					next += 2
					if a := d.answer(t); a != "ok" {
						t.Fatalf("%q: %s", lines[next-2], a)
					}
					acked = next - 1
				}
			}
			d.kill()
			total++
		}
	}
	t.Logf("%d kills; %d times the last controls sent were lost and sent again", total, lost)
	if total < 100 {
		t.Errorf("%d kills, want at least 100", total)
	}
}

// before is the number of events journaled before control i.
func before(after []int, i int) int {
	if i == 0 {
		return 0
	}
	return after[i-1]
}

func slicesSort(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// TestRunPageAndSIGTERM starts the daemon with its page, plays through the
// page's POST endpoint and stops it with SIGTERM: exit status 0.
func TestRunPageAndSIGTERM(t *testing.T) {
	cmd := exec.Command(os.Args[0], "--sim", "--listen", "127.0.0.1:0", "--data", t.TempDir(), "--players", "Ann,Ben")
	cmd.Env = append(os.Environ(), "UNOREF_TEST_DAEMON=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	sc := bufio.NewScanner(out)
	if !sc.Scan() {
		t.Fatal("no address printed")
	}
	line := sc.Text()
	const pre = "unoref: virtual table at "
	if !strings.HasPrefix(line, pre) || !strings.HasSuffix(line, "/") {
		t.Fatalf("first line %q", line)
	}
	url := strings.TrimPrefix(line, pre)
	for _, a := range []string{`{"Kind":"newgame"}`, `{"Kind":"press","Button":"pass"}`, `{"Kind":"tap","Pad":"play","Card":"B4"}`} {
		req, _ := http.NewRequest("POST", url+"api/action", strings.NewReader(a))
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("POST %s: %s %s", a, resp.Status, body)
		}
	}
	resp, err := http.Get(url + "api/state")
	if err != nil {
		t.Fatal(err)
	}
	var s table.Snapshot
	err = json.NewDecoder(resp.Body).Decode(&s)
	resp.Body.Close()
	if err != nil || s.State.Top != "B4" || s.State.Turn != "Ben" || !s.Virtual {
		t.Errorf("state through the page: %+v (%v)", s, err)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("after SIGTERM: %v", err)
	}
}

// lockedBuffer is a bytes.Buffer safe for the daemon's goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// notifySocket is a unixgram socket standing in for systemd's, set as
// NOTIFY_SOCKET for the test.
func notifySocket(t *testing.T) *net.UnixConn {
	t.Helper()
	path := filepath.Join(t.TempDir(), "notify")
	conn, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: path, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	t.Setenv("NOTIFY_SOCKET", path)
	t.Setenv("INVOCATION_ID", "")
	t.Setenv("UNOREF_CONFIG", "")
	return conn
}

// recvNotify returns the next message on the notify socket.
func recvNotify(t *testing.T, conn *net.UnixConn) string {
	t.Helper()
	conn.SetReadDeadline(time.Now().Add(20 * time.Second))
	buf := make([]byte, 4096)
	n, err := conn.Read(buf)
	if err != nil {
		t.Fatalf("notify socket: %v", err)
	}
	return string(buf[:n])
}

// TestRunNotify runs the daemon in-process as systemd would, with a
// watchdog of 200 ms: READY=1 once the page answers, WATCHDOG=1 from the
// table's loop every 100 ms, STOPPING=1 when the controls end.
func TestRunNotify(t *testing.T) {
	conn := notifySocket(t)
	t.Setenv("WATCHDOG_USEC", "200000")
	t.Setenv("WATCHDOG_PID", "")
	pr, pw := io.Pipe()
	var stdout, stderr lockedBuffer
	done := make(chan error, 1)
	go func() {
		done <- run(context.Background(), []string{"run", "--sim", "--stdin", "--listen", "127.0.0.1:0", "--data", t.TempDir()}, pr, &stdout, &stderr)
	}()
	if got := recvNotify(t, conn); got != "READY=1" {
		t.Fatalf("first notification %q, want READY=1", got)
	}
	// Ready means the page listens.
	line, _, _ := strings.Cut(stdout.String(), "\n")
	url, ok := strings.CutPrefix(line, "unoref: virtual table at ")
	if !ok {
		t.Fatalf("stdout at READY=1: %q", stdout.String())
	}
	resp, err := http.Get(url + "api/state")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("GET api/state: %s", resp.Status)
	}
	for i := range 3 {
		if got := recvNotify(t, conn); got != "WATCHDOG=1" {
			t.Fatalf("notification %d after READY=1: %q, want WATCHDOG=1", i, got)
		}
	}
	pw.Close() // the controls end: the daemon stops
	for {
		got := recvNotify(t, conn)
		if got == "STOPPING=1" {
			break
		}
		if got != "WATCHDOG=1" {
			t.Fatalf("notification %q while stopping, want STOPPING=1", got)
		}
	}
	if err := <-done; err != nil {
		t.Errorf("run: %v (stderr %q)", err, stderr.String())
	}
	// Only the log's news, without a time: the journal stamps it.
	for _, l := range strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n") {
		if !strings.HasPrefix(l, "level=INFO msg=") {
			t.Errorf("stderr line %q, want level=INFO lines only", l)
		}
	}
}

// TestRunSystemdNoPi: under systemd, without --sim, a machine without the
// Pi's SPI port is an error, not the virtual table, and never READY=1.
// Without systemd the same command line runs the virtual table.
func TestRunSystemdNoPi(t *testing.T) {
	old := spiDevice
	spiDevice = filepath.Join(t.TempDir(), "spidev0.0")
	defer func() { spiDevice = old }()
	conn := notifySocket(t)
	args := []string{"run", "--stdin", "--listen", "", "--data", t.TempDir()}
	want := "unoref: run: no " + spiDevice + ": SPI is off"

	_, stderr, code := call(t, "", args...)
	if code != 1 || !strings.Contains(stderr, want) || !strings.Contains(stderr, "--sim") || !strings.Contains(stderr, "sim = true in the [devices] section") || !strings.Contains(stderr, "unoref doctor") {
		t.Errorf("NOTIFY_SOCKET: exit %d, stderr %q; want 1, %q", code, stderr, want)
	}
	// Nothing was sent before this.
	c, err := net.DialUnix("unixgram", nil, &net.UnixAddr{Name: os.Getenv("NOTIFY_SOCKET"), Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	c.Write([]byte("END"))
	c.Close()
	if got := recvNotify(t, conn); got != "END" {
		t.Errorf("daemon sent %q, want nothing", got)
	}

	t.Setenv("NOTIFY_SOCKET", "")
	t.Setenv("INVOCATION_ID", "0123456789abcdef")
	_, stderr, code = call(t, "", args...)
	if code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("INVOCATION_ID: exit %d, stderr %q; want 1, %q", code, stderr, want)
	}

	t.Setenv("INVOCATION_ID", "")
	stdout, stderr, code := call(t, "state\n", args...)
	if code != 0 || !strings.Contains(stdout, `"Virtual":true`) {
		t.Errorf("no systemd: exit %d, stdout %q, stderr %q; want 0 and the virtual table", code, stdout, stderr)
	}
}

// TestRunSimKey: the config key devices.sim runs the virtual table under
// systemd on a machine without SPI, as --sim does, with no drop-in that
// rewrites ExecStart; devices.sim = false keeps the refusal.
func TestRunSimKey(t *testing.T) {
	old := spiDevice
	spiDevice = filepath.Join(t.TempDir(), "spidev0.0")
	defer func() { spiDevice = old }()
	tests := []struct {
		name    string
		sim     string
		code    int
		virtual bool
	}{
		{"sim on", "true", 0, true},
		{"sim off", "false", 1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			notifySocket(t)
			dir := t.TempDir()
			cfg := writeTemp(t, dir, "unoref.toml", "listen = \"\"\n[devices]\nsim = "+tt.sim+"\n")
			stdout, stderr, code := call(t, "state\n", "run", "--stdin", "--config", cfg, "--data", dir)
			if code != tt.code || strings.Contains(stdout, `"Virtual":true`) != tt.virtual {
				t.Errorf("devices.sim = %s under systemd: exit %d, stdout %q, stderr %q; want exit %d, virtual table %v", tt.sim, code, stdout, stderr, tt.code, tt.virtual)
			}
		})
	}
}
