package web_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/cmd/unoref/internal/web"
)

// loginAt posts a PIN from remote and returns the status.
func loginAt(t *testing.T, h http.Handler, pin, remote string) int {
	t.Helper()
	r := login(t, h, pin, remote)
	r.Body.Close()
	return r.StatusCode
}

// TestLoginRateLimitTableCap is issue 13's reproduction: one wrong PIN from
// each of 1030 addresses (past the 1024 the limiter tracks), then every
// 4-digit PIN from a fresh address. None may be accepted, and the fresh
// address must be refused after five.
func TestLoginRateLimitTableCap(t *testing.T) {
	c := &clock{t: time.Date(2025, 1, 1, 20, 0, 0, 0, time.UTC)}
	s := web.New(newFakeTable(true), &web.Opts{PIN: "7351", Now: c.Now})
	for i := range 1030 {
		loginAt(t, s, "0000", fmt.Sprintf("127.%d.%d.%d:4000", i>>16&255, i>>8&255, i&255+1))
	}
	const fresh = "192.0.2.77:5000"
	accepted, tried := 0, 0
	for n := range 10000 {
		code := loginAt(t, s, fmt.Sprintf("%04d", n), fresh)
		if code == 204 {
			accepted++
		}
		if code != 429 {
			tried++
		}
	}
	if accepted != 0 || tried > 5 {
		t.Errorf("fresh address after 1030 others: %d PINs accepted, %d tried; want 0 accepted, at most 5 tried", accepted, tried)
	}
}

// TestLoginRateLimitManyAddresses: an attacker with a new address for every
// guess is held by the network's limit; the admin's phone, which entered
// the PIN before, still gets in, and its session works throughout.
func TestLoginRateLimitManyAddresses(t *testing.T) {
	c := &clock{t: time.Date(2025, 1, 1, 20, 0, 0, 0, time.UTC)}
	s := web.New(newFakeTable(true), &web.Opts{PIN: "7351", Now: c.Now})
	const phone = "192.168.1.20:40000"
	r := login(t, s, "7351", phone)
	r.Body.Close()
	cookie := sessionOf(t, r)
	tried := 0
	for n := range 10000 {
		code := loginAt(t, s, fmt.Sprintf("%04d", n), fmt.Sprintf("10.%d.%d.1:4000", n>>8, n&255))
		if code == 204 {
			t.Fatalf("PIN %04d from a new address accepted", n)
		}
		if code != 429 {
			tried++
		}
	}
	if tried > 20 {
		t.Errorf("%d guesses tried from new addresses, want at most 20 in ten minutes", tried)
	}
	if code := loginAt(t, s, "7351", "192.0.2.9:1"); code != 429 {
		t.Errorf("right PIN from an unknown address during the attack: %d, want 429", code)
	}
	if code, body := send(t, s, `{"Kind":"undo"}`, "", cookie); code == 403 || code == 429 {
		t.Errorf("the admin's session during the attack: %d %s", code, body)
	}
	if code := loginAt(t, s, "7351", phone); code != 204 {
		t.Errorf("the admin's phone during the attack: %d, want 204", code)
	}
	c.Advance(10*time.Minute + time.Second)
	if code := loginAt(t, s, "7351", "192.0.2.9:1"); code != 204 {
		t.Errorf("right PIN ten minutes later: %d, want 204", code)
	}
}

// TestLoginRateLimitIPv6: the addresses of one /64 are one client.
func TestLoginRateLimitIPv6(t *testing.T) {
	c := &clock{t: time.Date(2025, 1, 1, 20, 0, 0, 0, time.UTC)}
	s := web.New(newFakeTable(true), &web.Opts{PIN: "7351", Now: c.Now})
	for i := range 5 {
		if code := loginAt(t, s, "0000", fmt.Sprintf("[2001:db8:1:2::%x]:5000", i+1)); code != 403 {
			t.Fatalf("wrong PIN %d: %d, want 403", i+1, code)
		}
	}
	tests := []struct {
		remote string
		want   int
	}{
		{"[2001:db8:1:2:aaaa::1]:5000", 429},
		{"[2001:db8:1:2::ffff%eth0]:5000", 429},
		{"[2001:db8:1:3::1]:5000", 204},
		{"[::ffff:192.0.2.1]:5000", 204},
	}
	for _, tt := range tests {
		if got := loginAt(t, s, "7351", tt.remote); got != tt.want {
			t.Errorf("login from %s = %d, want %d", tt.remote, got, tt.want)
		}
	}
}

// sessionOf is the session cookie a login set.
func sessionOf(t *testing.T, r *http.Response) *http.Cookie {
	t.Helper()
	for _, c := range r.Cookies() {
		if c.Name == "unoref_admin" && c.Value != "" {
			return c
		}
	}
	t.Fatalf("no session cookie in %v", r.Cookies())
	return nil
}

func logout(t *testing.T, h http.Handler, c *http.Cookie) {
	t.Helper()
	req := httptest.NewRequest("POST", "/api/logout", nil)
	req.Header.Set("Content-Type", "application/json")
	req.AddCookie(c)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if w.Code != 204 {
		t.Fatalf("logout: %d", w.Code)
	}
}

// TestSessions: every login has its own token; logout ends that one only;
// a session ends after 12 hours.
func TestSessions(t *testing.T) {
	c := &clock{t: time.Date(2025, 1, 1, 20, 0, 0, 0, time.UTC)}
	s := web.New(newFakeTable(true), &web.Opts{PIN: "2468", Now: c.Now})
	a := sessionOf(t, login(t, s, "2468", "192.0.2.1:1"))
	b := sessionOf(t, login(t, s, "2468", "192.0.2.2:1"))
	if a.Value == b.Value {
		t.Fatalf("two logins share the token %q", a.Value)
	}
	const undo = `{"Kind":"undo"}`
	acts := func(c *http.Cookie) bool {
		code, _ := send(t, s, undo, "", c)
		return code != 403
	}
	if !acts(a) || !acts(b) {
		t.Fatalf("fresh sessions refused")
	}
	logout(t, s, a)
	if acts(a) {
		t.Errorf("session still valid after logout")
	}
	if !acts(b) {
		t.Errorf("logout of one browser ended another's session")
	}
	c.Advance(12*time.Hour - time.Minute)
	if !acts(b) {
		t.Errorf("session refused before 12 hours")
	}
	c.Advance(2 * time.Minute)
	if acts(b) {
		t.Errorf("session still valid after 12 hours")
	}
}

// TestSessionsKeepTheAdmin is issue 22's: 64 logins from new phones, each
// with the PIN, do not end the session of the phone in use; they take the
// places of logins never used since.
func TestSessionsKeepTheAdmin(t *testing.T) {
	c := &clock{t: time.Date(2025, 1, 1, 20, 0, 0, 0, time.UTC)}
	s := web.New(newFakeTable(true), &web.Opts{PIN: "2468", Now: c.Now})
	admin := sessionOf(t, login(t, s, "2468", "192.0.2.1:1"))
	idle := sessionOf(t, login(t, s, "2468", "192.0.2.2:1"))
	acts := func(c *http.Cookie) bool {
		code, _ := send(t, s, `{"Kind":"undo"}`, "", c)
		return code != 403
	}
	c.Advance(time.Minute)
	if !acts(admin) {
		t.Fatal("the admin's fresh session is refused")
	}
	for i := range 64 {
		c.Advance(time.Second)
		sessionOf(t, login(t, s, "2468", fmt.Sprintf("198.51.100.%d:1", i+1)))
	}
	if !acts(admin) {
		t.Errorf("64 logins from new phones ended the session in use")
	}
	if acts(idle) {
		t.Errorf("a login never used outlived 64 newer ones: at most 64 sessions are kept")
	}
}

// request serves one request with a Host and headers.
func request(t *testing.T, h http.Handler, method, target, host string, body string, hdr map[string]string, cookies ...*http.Cookie) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	req.Host = host
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	for _, c := range cookies {
		req.AddCookie(c)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

// TestHostNames: DNS rebinding. A page of attacker.example whose name now
// points at the table must not read it: only this box's names and
// addresses are served.
func TestHostNames(t *testing.T) {
	s := web.New(newFakeTable(true), &web.Opts{Hosts: []string{"unotable", "unotable.local", "Games.Example.org"}})
	tests := []struct {
		host string
		want int
	}{
		{"attacker.example", 421},
		{"attacker.example:8080", 421},
		{"unotable.attacker.example", 421},
		{"", 421},
		{"127.0.0.1:8080", 200},
		{"192.168.1.20", 200},
		{"[::1]:8080", 200},
		{"[fe80::1%25eth0]:8080", 200},
		{"localhost:8080", 200},
		{"unotable:8080", 200},
		{"UNOTABLE.local.", 200},
		{"games.example.org", 200},
	}
	for _, tt := range tests {
		for _, path := range []string{"/api/state", "/history", "/"} {
			w := request(t, s, "GET", path, tt.host, "", nil)
			if w.Code != tt.want && (tt.want != 200 || w.Code == 421) {
				t.Errorf("GET %s Host %q = %d, want %d", path, tt.host, w.Code, tt.want)
			}
			if tt.want == 421 && !strings.Contains(w.Body.String(), "web.hosts") {
				t.Errorf("GET %s Host %q: %q does not say what to do", path, tt.host, w.Body)
			}
		}
	}
	if w := request(t, web.New(newFakeTable(true), nil), "GET", "/api/state", "attacker.example", "", nil); w.Code != 200 {
		t.Errorf("Opts.Hosts nil: %d, want every Host served", w.Code)
	}
}

// TestCrossSite: a form on evil.example posting a new game with the
// admin's cookie is refused, and the table does not act.
func TestCrossSite(t *testing.T) {
	f := newFakeTable(false)
	s := web.New(f, &web.Opts{PIN: "2468", Hosts: []string{}})
	cookie := sessionOf(t, request(t, s, "POST", "/api/login", "192.168.1.20:8080", `{"PIN":"2468"}`, map[string]string{"Content-Type": "application/json"}).Result())
	form := url.Values{"kind": {"newgame"}, "players": {"Eve Mal"}, "preset": {"official"}}.Encode()
	const ctype = "application/x-www-form-urlencoded"
	tests := []struct {
		name string
		hdr  map[string]string
		want int
	}{
		{"Origin of another site", map[string]string{"Origin": "http://evil.example"}, 403},
		{"cross-site fetch", map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "http://evil.example"}, 403},
		{"same-site, other origin", map[string]string{"Sec-Fetch-Site": "same-site", "Origin": "http://192.168.1.20:9999"}, 403},
		{"the table's own page", map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": "http://192.168.1.20:8080"}, 303},
		{"Origin of the table", map[string]string{"Origin": "http://192.168.1.20:8080"}, 303},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := len(f.actions)
			tt.hdr["Content-Type"] = ctype
			w := request(t, s, "POST", "/api/action", "192.168.1.20:8080", form, tt.hdr, cookie)
			if w.Code != tt.want {
				t.Errorf("POST = %d %q, want %d", w.Code, w.Body, tt.want)
			}
			if acted := len(f.actions) > before; acted != (tt.want == 303) {
				t.Errorf("table acted = %v with status %d", acted, w.Code)
			}
		})
	}
	w := request(t, s, "POST", "/api/login", "192.168.1.20:8080", `{"PIN":"2468"}`, map[string]string{"Content-Type": "application/json", "Origin": "http://evil.example"})
	if w.Code != 403 || !strings.Contains(w.Body.String(), "another site") {
		t.Errorf("cross-site login = %d %q, want 403", w.Code, w.Body)
	}
}

// setupServer is a real-table page with no PIN: the setup code goes to
// shown, the PIN file to dir.
func setupServer(t *testing.T, dir string, shown *[]string) *web.Server {
	var mu sync.Mutex
	return web.New(newFakeTable(false), &web.Opts{
		Policy:  web.PolicyTable,
		PINFile: filepath.Join(dir, "admin-pin"),
		ShowCode: func(code string) {
			mu.Lock()
			*shown = append(*shown, code)
			mu.Unlock()
		},
	})
}

func postCreds(t *testing.T, h http.Handler, path, body, remote string) *http.Response {
	t.Helper()
	req := httptest.NewRequest("POST", path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.RemoteAddr = remote
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w.Result()
}

// TestSetupCode: first boot of a real table. The code goes to the OLED
// only (not the page, the API or /oled.png); typing it with a new PIN
// keeps the PIN hashed and unlocks the page; the code is spent.
func TestSetupCode(t *testing.T) {
	dir := t.TempDir()
	var shown []string
	s := setupServer(t, dir, &shown)
	if len(shown) != 1 || len(shown[0]) != 6 {
		t.Fatalf("codes shown %q, want one of 6 digits", shown)
	}
	code := shown[0]
	for _, path := range []string{"/", "/api/state", "/oled.png", "/history"} {
		w := request(t, s, "GET", path, "example.com", "", nil)
		if strings.Contains(w.Body.String(), code) {
			t.Errorf("GET %s shows the setup code", path)
		}
		if path == "/oled.png" && w.Code != 403 {
			t.Errorf("GET /oled.png during setup = %d, want 403", w.Code)
		}
	}
	page := readAll(t, get(t, s, "GET", "/", nil, ""))
	if !strings.Contains(page, `id="setup"`) {
		t.Errorf("the page does not ask for the setup code")
	}
	if r := login(t, s, "1234", ""); r.StatusCode != 403 || strings.TrimSpace(readAll(t, r)) != web.ErrNeedSetup.Error() {
		t.Errorf("login before setup: %d, want 403 %q", r.StatusCode, web.ErrNeedSetup)
	}
	if code, msg := send(t, s, `{"Kind":"newgame","Players":["Ann","Ben"]}`, ""); code != 403 || msg != web.ErrNeedSetup.Error() {
		t.Errorf("action before setup: %d %q, want 403 %q", code, msg, web.ErrNeedSetup)
	}
	tests := []struct {
		name, body string
		status     int
		msg        string
	}{
		{"wrong code", `{"Code":"x` + code[1:] + `","PIN":"2468"}`, 403, web.ErrWrongCode.Error()},
		{"no code", `{"PIN":"2468"}`, 403, web.ErrWrongCode.Error()},
		{"bad PIN", `{"Code":"` + code + `","PIN":"12"}`, 400, web.ErrBadPIN.Error()},
		{"the code and a PIN", `{"Code":"` + code + `","PIN":"2468"}`, 204, ""},
		{"the code again", `{"Code":"` + code + `","PIN":"1357"}`, 400, web.ErrNoSetup.Error()},
	}
	var cookie *http.Cookie
	for _, tt := range tests {
		r := postCreds(t, s, "/api/setup", tt.body, "192.168.1.20:5000")
		body := strings.TrimSpace(readAll(t, r))
		if r.StatusCode != tt.status || body != tt.msg {
			t.Errorf("%s: %d %q, want %d %q", tt.name, r.StatusCode, body, tt.status, tt.msg)
		}
		if tt.status == 204 {
			cookie = sessionOf(t, r)
		}
	}
	if diff := cmp.Diff([]string{code, ""}, shown); diff != "" {
		t.Errorf("codes shown (-want +got):\n%s", diff)
	}
	if code, msg := send(t, s, `{"Kind":"newgame","Players":["Ann","Ben"],"Rules":"official"}`, "", cookie); code != 200 {
		t.Errorf("new game after setup: %d %s", code, msg)
	}
	b, err := os.ReadFile(filepath.Join(dir, "admin-pin"))
	if err != nil || !strings.HasPrefix(string(b), "pbkdf2-sha256$") || strings.Contains(string(b), "2468") {
		t.Errorf("PIN file %q (%v), want a PBKDF2 hash", b, err)
	}
	if fi, err := os.Stat(filepath.Join(dir, "admin-pin")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("PIN file mode %v (%v), want 0600", fi.Mode(), err)
	}

	// After a restart the chosen PIN unlocks the page; no code is drawn.
	shown = nil
	s = setupServer(t, dir, &shown)
	if len(shown) != 0 {
		t.Errorf("codes shown after the PIN was chosen: %q", shown)
	}
	for _, tt := range []struct {
		pin  string
		want int
	}{{"1111", 403}, {"2468", 204}} {
		if got := loginAt(t, s, tt.pin, "192.168.1.20:5000"); got != tt.want {
			t.Errorf("login %s after restart = %d, want %d", tt.pin, got, tt.want)
		}
	}
}

// TestSetupCodeGuesses: the setup code is held by the PIN limit.
func TestSetupCodeGuesses(t *testing.T) {
	var shown []string
	s := setupServer(t, t.TempDir(), &shown)
	tried := 0
	for n := range 2000 {
		r := postCreds(t, s, "/api/setup", fmt.Sprintf(`{"Code":"%06d","PIN":"2468"}`, n), fmt.Sprintf("10.0.%d.%d:1", n>>8, n&255))
		r.Body.Close()
		if r.StatusCode != 429 {
			tried++
		}
	}
	if tried > 21 {
		t.Errorf("%d setup codes tried, want at most 20 in ten minutes", tried)
	}
}

// TestEventsStreamCap: a stream past Opts.MaxStreams is refused with 503.
func TestEventsStreamCap(t *testing.T) {
	s := web.New(newFakeTable(true), &web.Opts{MaxStreams: 2})
	ts := httptest.NewServer(s)
	defer ts.Close()
	defer s.Close()
	ctx, cancel := context.WithTimeout(t.Context(), stepTimeout)
	defer cancel()
	for range 2 {
		r, br := openEvents(t, ctx, ts.URL)
		defer r.Body.Close()
		nextSnapshot(t, br)
	}
	r, err := http.Get(ts.URL + "/events")
	if err != nil {
		t.Fatal(err)
	}
	r.Body.Close()
	if r.StatusCode != 503 {
		t.Errorf("third stream: %d, want 503", r.StatusCode)
	}
}

// TestHTTPServerConnCap: idle connections past the cap can't lock anyone
// out: the idlest is closed to make room.
func TestHTTPServerConnCap(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv, capped := web.NewHTTPServer(web.New(newFakeTable(true), nil), ln, 8)
	go srv.Serve(capped)
	defer srv.Close()
	if srv.ReadHeaderTimeout == 0 || srv.ReadTimeout == 0 || srv.WriteTimeout == 0 || srv.IdleTimeout == 0 {
		t.Errorf("server timeouts %v %v %v %v, want all set", srv.ReadHeaderTimeout, srv.ReadTimeout, srv.WriteTimeout, srv.IdleTimeout)
	}
	var idle []net.Conn
	for range 40 {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		idle = append(idle, c)
	}
	state := func() int {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		c.SetDeadline(time.Now().Add(stepTimeout))
		fmt.Fprintf(c, "GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
		r, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatalf("GET after 40 idle connections: %v", err)
		}
		io.Copy(io.Discard, r.Body)
		r.Body.Close()
		return r.StatusCode
	}
	if code := state(); code != 200 {
		t.Errorf("GET after 40 idle connections: %d", code)
	}
	// The oldest idle ones were closed.
	idle[0].SetReadDeadline(time.Now().Add(stepTimeout))
	if _, err := idle[0].Read(make([]byte, 1)); err == nil {
		t.Errorf("the first idle connection is still open")
	}
}

// TestHTTPServerConnCapBusy: when every connection is busy (event
// streams), a new one is closed at once instead of waiting.
func TestHTTPServerConnCapBusy(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := web.New(newFakeTable(true), nil)
	srv, capped := web.NewHTTPServer(s, ln, 2)
	go srv.Serve(capped)
	defer srv.Close()
	defer s.Close()
	ctx, cancel := context.WithTimeout(t.Context(), stepTimeout)
	defer cancel()
	base := "http://" + ln.Addr().String()
	for range 2 {
		r, br := openEvents(t, ctx, base)
		defer r.Body.Close()
		nextSnapshot(t, br)
	}
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(stepTimeout))
	fmt.Fprintf(c, "GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
	if r, err := http.ReadResponse(bufio.NewReader(c), nil); err == nil {
		r.Body.Close()
		t.Errorf("a third connection with two streams busy: %s, want it closed", r.Status)
	}
}

// TestSetupCodeDamagedPINFile: a PIN file that can't be read is logged,
// and the setup code offers to choose a PIN again.
func TestSetupCodeDamagedPINFile(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "admin-pin"), []byte("2468\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var shown []string
	var logged strings.Builder
	s := web.New(newFakeTable(false), &web.Opts{
		Policy: web.PolicyTable, PINFile: filepath.Join(dir, "admin-pin"),
		ShowCode: func(code string) { shown = append(shown, code) },
		Log:      slog.New(slog.NewTextHandler(&logged, nil)),
	})
	if len(shown) != 1 || !strings.Contains(logged.String(), "admin-pin") {
		t.Fatalf("damaged PIN file: codes %q, log %q; want a code and the file named", shown, logged.String())
	}
	if got := loginAt(t, s, "2468", "192.0.2.1:1"); got == 204 {
		t.Errorf("the damaged file's content works as a PIN")
	}
	r := postCreds(t, s, "/api/setup", `{"Code":"`+shown[0]+`","PIN":"1357"}`, "192.0.2.1:1")
	r.Body.Close()
	if r.StatusCode != 204 {
		t.Errorf("setup after a damaged PIN file: %d, want 204", r.StatusCode)
	}
}

// TestEventsOutliveTimeouts: the server's read and write timeouts bound
// every other request, but an event stream lifts them and lives on its
// heartbeats: thirty heartbeats arrive over ten times the timeouts.
func TestEventsOutliveTimeouts(t *testing.T) {
	s := web.New(newFakeTable(true), &web.Opts{Heartbeat: 5 * time.Millisecond})
	ts := httptest.NewUnstartedServer(s)
	ts.Config.ReadTimeout, ts.Config.WriteTimeout = 15*time.Millisecond, 15*time.Millisecond
	ts.Start()
	defer ts.Close()
	defer s.Close()
	ctx, cancel := context.WithTimeout(t.Context(), stepTimeout)
	defer cancel()
	r, br := openEvents(t, ctx, ts.URL)
	defer r.Body.Close()
	nextSnapshot(t, br)
	for i := range 30 {
		ev, err := readEvent(br)
		if err != nil {
			t.Fatalf("heartbeat %d: %v", i+1, err)
		}
		if ev.comment != "ping" {
			t.Fatalf("event %+v, want a heartbeat", ev)
		}
	}
}
