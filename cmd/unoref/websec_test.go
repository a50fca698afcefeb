package main

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// stepTimeout bounds every wait on a daemon: a hung daemon fails the test
// instead of hanging it.
const stepTimeout = 20 * time.Second

// pageDaemon is `unoref run --sim --stdin` with its page on loopback, in a
// child process.
type pageDaemon struct {
	*daemon
	url string // http://127.0.0.1:PORT/
}

// startPageDaemon starts the daemon with args after run --sim --stdin
// --listen 127.0.0.1:0 and reads the page's address.
func startPageDaemon(t *testing.T, args ...string) *pageDaemon {
	t.Helper()
	all := append([]string{"run", "--sim", "--stdin", "--listen", "127.0.0.1:0"}, args...)
	d := &pageDaemon{daemon: spawnDaemon(t, []string{"UNOREF_CONFIG="}, all...)}
	t.Cleanup(d.kill)
	line := d.answer(t)
	u, ok := strings.CutPrefix(line, "unoref: virtual table at ")
	if !ok {
		t.Fatalf("first line %q, want the page's address", line)
	}
	d.url = u
	return d
}

// client is an HTTP client bounded by stepTimeout that does not follow
// redirects and keeps no connection.
func client(local net.Addr) *http.Client {
	dialer := &net.Dialer{Timeout: stepTimeout, LocalAddr: local}
	return &http.Client{
		Timeout:       stepTimeout,
		Transport:     &http.Transport{DialContext: dialer.DialContext, DisableKeepAlives: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// fetch sends one request and returns the status and body.
func fetch(t *testing.T, c *http.Client, method, u, host string, body string, hdr map[string]string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, u, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if host != "" {
		req.Host = host
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	r, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, u, err)
	}
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	return r.StatusCode, strings.TrimSpace(string(b))
}

// TestRunDNSRebindingAndCrossSite reproduces issue 13's two attacks on
// the daemon: a page of attacker.example whose name resolves to the table
// reads nothing, and a form of evil.example that posts a new game with
// the admin's cookie changes nothing.
func TestRunDNSRebindingAndCrossSite(t *testing.T) {
	dir := t.TempDir()
	cfg := writeTemp(t, dir, "unoref.toml", "admin_pin = \"2468\"\n")
	d := startPageDaemon(t, "--data", filepath.Join(dir, "data"), "--config", cfg, "--players", "Ann,Ben")
	c := client(nil)
	for _, path := range []string{"api/state", "history", "", "oled.png"} {
		code, body := fetch(t, c, "GET", d.url+path, "attacker.example:8080", "", nil)
		if code != http.StatusMisdirectedRequest || !strings.Contains(body, "web.hosts") {
			t.Errorf("GET /%s as attacker.example = %d %q, want 421 naming web.hosts", path, code, body)
		}
	}
	// The admin logs in from the table's own page.
	req, _ := http.NewRequest("POST", d.url+"api/login", strings.NewReader(`{"PIN":"2468"}`))
	req.Header.Set("Content-Type", "application/json")
	r, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	r.Body.Close()
	var cookie *http.Cookie
	for _, ck := range r.Cookies() {
		if ck.Name == "unoref_admin" {
			cookie = ck
		}
	}
	if r.StatusCode != 204 || cookie == nil {
		t.Fatalf("login: %s, cookies %v", r.Status, r.Cookies())
	}
	before := d.state(t)
	form := url.Values{"kind": {"newgame"}, "players": {"Eve Mal"}, "preset": {"official"}}.Encode()
	hdr := map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Origin": "http://evil.example", "Cookie": cookie.Name + "=" + cookie.Value}
	if code, body := fetch(t, c, "POST", d.url+"api/action", "", form, hdr); code != 403 {
		t.Errorf("cross-site form = %d %q, want 403", code, body)
	}
	hdr["Sec-Fetch-Site"] = "cross-site"
	if code, body := fetch(t, c, "POST", d.url+"api/action", "", form, hdr); code != 403 {
		t.Errorf("cross-site form (Sec-Fetch-Site) = %d %q, want 403", code, body)
	}
	if after := d.state(t); strings.Join(after.Players, " ") != strings.Join(before.Players, " ") || after.Events != before.Events {
		t.Errorf("the cross-site form changed the table: players %v → %v", before.Players, after.Players)
	}
	// The same form from the table's own page works.
	hdr["Origin"], hdr["Sec-Fetch-Site"] = strings.TrimSuffix(d.url, "/"), "same-origin"
	if code, body := fetch(t, c, "POST", d.url+"api/action", "", form, hdr); code != 303 || strings.Contains(body, "error") {
		t.Errorf("same-origin form = %d %q, want 303", code, body)
	}
	if after := d.state(t); strings.Join(after.Players, " ") != "Eve Mal" {
		t.Errorf("players after the same-origin form: %v, want Eve Mal", after.Players)
	}
}

// TestRunPINLimit is issue 13's reproduction on the daemon: one wrong PIN
// from each of 1030 loopback addresses, then guesses from a fresh one,
// the right PIN among them. None gets in.
func TestRunPINLimit(t *testing.T) {
	dir := t.TempDir()
	cfg := writeTemp(t, dir, "unoref.toml", "admin_pin = \"7351\"\n")
	d := startPageDaemon(t, "--data", filepath.Join(dir, "data"), "--config", cfg)
	login := func(c *http.Client, pin string) int {
		code, _ := fetch(t, c, "POST", d.url+"api/login", "", `{"PIN":"`+pin+`"}`, map[string]string{"Content-Type": "application/json"})
		return code
	}
	for i := range 1030 {
		login(client(&net.TCPAddr{IP: net.IPv4(127, 1, byte(i>>8), byte(i))}), "0000")
	}
	fresh := client(&net.TCPAddr{IP: net.IPv4(127, 2, 0, 1)})
	for n := 7300; n < 7400; n++ {
		if code := login(fresh, strconv.Itoa(n)); code == 204 {
			t.Fatalf("PIN %d accepted from a fresh address after 1030 others", n)
		}
	}
}

// TestRunConnections: idle connections past the cap and event streams
// past theirs can't keep the family from the page.
func TestRunConnections(t *testing.T) {
	d := startPageDaemon(t, "--data", t.TempDir())
	host := strings.TrimSuffix(strings.TrimPrefix(d.url, "http://"), "/")
	var idle []net.Conn
	defer func() {
		for _, c := range idle {
			c.Close()
		}
	}()
	for range 200 {
		c, err := net.DialTimeout("tcp", host, stepTimeout)
		if err != nil {
			t.Fatal(err)
		}
		idle = append(idle, c)
	}
	c := client(nil)
	if code, body := fetch(t, c, "GET", d.url+"api/state", "", "", nil); code != 200 {
		t.Errorf("GET /api/state after 200 idle connections: %d %q", code, body)
	}
	ctx, cancel := context.WithTimeout(t.Context(), stepTimeout)
	defer cancel()
	statuses := map[int]int{}
	var bodies []io.Closer
	defer func() {
		for _, b := range bodies {
			b.Close()
		}
	}()
	for range 20 {
		req, _ := http.NewRequestWithContext(ctx, "GET", d.url+"events", nil)
		r, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		bodies = append(bodies, r.Body)
		statuses[r.StatusCode]++
	}
	if statuses[200] != 16 || statuses[503] != 4 {
		t.Errorf("20 event streams: statuses %v, want 16 × 200 and 4 × 503", statuses)
	}
	if code, _ := fetch(t, c, "GET", d.url+"api/state", "", "", nil); code != 200 {
		t.Errorf("GET /api/state with 16 streams open: %d", code)
	}
	d.do(t, "newgame Ann,Ben official")
}

// TestRunTwoDaemons: a second daemon on the same data directory refuses
// to start and names the first's PID; the first plays on.
func TestRunTwoDaemons(t *testing.T) {
	dir := t.TempDir()
	first := startDaemon(t, dir)
	defer first.kill()
	first.do(t, "newgame Ann,Ben official")
	second := exec.Command(os.Args[0], "run", "--sim", "--stdin", "--listen", "", "--data", dir)
	second.Env = append(os.Environ(), "UNOREF_TEST_DAEMON=1", "UNOREF_CONFIG=")
	second.Stdin = strings.NewReader("newgame Cy,Dan official\n")
	var stderr strings.Builder
	second.Stderr = &stderr
	out, err := second.Output()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("second daemon: %v, stdout %q; want exit status 1", err, out)
	}
	pid := strconv.Itoa(first.cmd.Process.Pid)
	if !strings.Contains(stderr.String(), "PID "+pid) || !strings.Contains(stderr.String(), dir) {
		t.Errorf("second daemon says %q, want the data directory and PID %s", stderr.String(), pid)
	}
	if s := first.state(t); strings.Join(s.Players, " ") != "Ann Ben" || s.Game == 0 {
		t.Errorf("first daemon after the second: players %v game %d", s.Players, s.Game)
	}
	first.stop(t)
	// Once the first is gone the directory is free.
	third := startDaemon(t, dir)
	if s := third.state(t); strings.Join(s.Players, " ") != "Ann Ben" {
		t.Errorf("after the first stopped: players %v, want its game resumed", s.Players)
	}
	third.stop(t)
}

// brokenListener fails every Accept, as a listener whose socket died.
type brokenListener struct{ net.Listener }

var errBroken = errors.New("accept: the socket is gone")

func (l brokenListener) Accept() (net.Conn, error) { return nil, errBroken }

// TestRunPageFails: a page whose listener fails stops the daemon with
// exit status 1 and says why (issue 9 point 4).
func TestRunPageFails(t *testing.T) {
	old := listen
	defer func() { listen = old }()
	listen = func(network, addr string) (net.Listener, error) {
		ln, err := old(network, addr)
		return brokenListener{ln}, err
	}
	t.Setenv("UNOREF_CONFIG", "")
	pr, pw := io.Pipe()
	defer pw.Close()
	var stdout, stderr lockedBuffer
	done := make(chan error, 1)
	go func() {
		done <- run(context.Background(), []string{"run", "--sim", "--stdin", "--listen", "127.0.0.1:0", "--data", t.TempDir()}, pr, &stdout, &stderr)
	}()
	select {
	case err := <-done:
		if exitCode(err) != 1 || !errors.Is(err, errBroken) {
			t.Errorf("run = %v (exit %d), want exit 1 with the listener's error", err, exitCode(err))
		}
	case <-time.After(stepTimeout):
		t.Fatal("the daemon kept running without its page")
	}
	if !strings.Contains(stderr.String(), "page") || !strings.Contains(stderr.String(), errBroken.Error()) {
		t.Errorf("stderr %q, want the page's error", stderr.String())
	}
}

// TestRunPolicyFlag checks --policy's values.
func TestRunPolicyFlag(t *testing.T) {
	old := spiDevice
	spiDevice = filepath.Join(t.TempDir(), "spidev0.0")
	defer func() { spiDevice = old }()
	t.Setenv("UNOREF_CONFIG", "")
	t.Setenv("NOTIFY_SOCKET", "")
	t.Setenv("INVOCATION_ID", "")
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"table on the simulators", []string{"--sim", "--policy", "table"}, 0, ""},
		{"virtual", []string{"--sim", "--policy", "virtual"}, 0, ""},
		{"unknown", []string{"--sim", "--policy", "open"}, 2, `--policy "open": want virtual or table`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"run", "--stdin", "--listen", "", "--data", t.TempDir()}, tt.args...)
			_, stderr, code := call(t, "state\n", args...)
			if code != tt.code || !strings.Contains(stderr, tt.stderr) {
				t.Errorf("run %v: exit %d, stderr %q; want %d, %q", tt.args, code, stderr, tt.code, tt.stderr)
			}
		})
	}
}
