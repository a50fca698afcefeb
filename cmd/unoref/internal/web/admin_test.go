package web_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/table/tabletest"
	"github.com/unoref/unoref/cmd/unoref/internal/web"
)

// clock is a settable time for the PIN limit.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// send posts a JSON action with the PIN header (if any) and cookies.
func send(t *testing.T, h http.Handler, body, pin string, cookies ...*http.Cookie) (int, string) {
	t.Helper()
	req := httptest.NewRequest("POST", "/api/action", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if pin != "" {
		req.Header.Set("X-Unoref-Pin", pin)
	}
	for _, c := range cookies {
		req.AddCookie(c)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w.Code, strings.TrimSpace(w.Body.String())
}

func login(t *testing.T, h http.Handler, pin, remote string) *http.Response {
	t.Helper()
	req := httptest.NewRequest("POST", "/api/login", strings.NewReader(`{"PIN":"`+pin+`"}`))
	req.Header.Set("Content-Type", "application/json")
	if remote != "" {
		req.RemoteAddr = remote
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w.Result()
}

func TestAdminPIN(t *testing.T) {
	const newgame = `{"Kind":"newgame","Players":["Ann","Ben"],"Rules":"official"}`
	const press = `{"Kind":"press","Button":"draw"}`
	tests := []struct {
		name      string
		virtual   bool
		pin, sent string
		body      string
		status    int
		msg       string
	}{
		{"virtual, no PIN: admin open", true, "", "", newgame, 200, ""},
		{"virtual, PIN set: admin without it", true, "1234", "", `{"Kind":"undo"}`, 403, web.ErrNeedPIN.Error()},
		{"virtual, PIN set: newgame without it", true, "1234", "", newgame, 403, web.ErrNeedPIN.Error()},
		{"virtual, PIN set: wrong", true, "1234", "1111", `{"Kind":"end"}`, 403, web.ErrWrongPIN.Error()},
		{"virtual, PIN set: right", true, "1234", "1234", newgame, 200, ""},
		{"virtual, PIN set: play is open", true, "1234", "", press, 400, "Start a new game first."},
		{"real, PIN set: play needs it", false, "1234", "", press, 403, web.ErrNeedPIN.Error()},
		{"real, no PIN: nothing", false, "", "", `{"Kind":"rename","Name":"A","NewName":"B"}`, 403, web.ErrForbidden.Error()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeTable(tt.virtual)
			code, body := send(t, web.New(f, &web.Opts{PIN: tt.pin}), tt.body, tt.sent)
			if code != tt.status || !strings.Contains(body, tt.msg) {
				t.Errorf("status = %d %q, want %d %q", code, body, tt.status, tt.msg)
			}
			if acted := len(f.actions) > 0; acted != (code != 403) {
				t.Errorf("table acted = %v with status %d", acted, code)
			}
		})
	}
}

func TestLogin(t *testing.T) {
	f := newFakeTable(true)
	s := web.New(f, &web.Opts{PIN: "2468"})
	r := login(t, s, "2468", "")
	if r.StatusCode != 204 {
		t.Fatalf("login: %d", r.StatusCode)
	}
	var c *http.Cookie
	for _, x := range r.Cookies() {
		if x.Name == "unoref_admin" {
			c = x
		}
	}
	if c == nil || !c.HttpOnly || c.SameSite != http.SameSiteStrictMode || c.Value == "" || strings.Contains(c.Value, "2468") {
		t.Fatalf("session cookie %+v", c)
	}
	if code, body := send(t, s, `{"Kind":"newgame","Players":["Ann","Ben"],"Rules":"official"}`, "", c); code != 200 {
		t.Errorf("with the cookie: %d %s", code, body)
	}
	forged := &http.Cookie{Name: "unoref_admin", Value: strings.Repeat("0", len(c.Value))}
	if code, _ := send(t, s, `{"Kind":"undo"}`, "", forged); code != 403 {
		t.Errorf("with a forged cookie: %d, want 403", code)
	}
	// Another server (a restart) does not know the session.
	if code, _ := send(t, web.New(f, &web.Opts{PIN: "2468"}), `{"Kind":"undo"}`, "", c); code != 403 {
		t.Errorf("cookie of another server: %d, want 403", code)
	}
	// The page shows the admin tools to a browser with the cookie, the PIN form to others.
	req := httptest.NewRequest("GET", "/", nil)
	req.AddCookie(c)
	w := httptest.NewRecorder()
	s.ServeHTTP(w, req)
	if page := w.Body.String(); !strings.Contains(page, `id="login" class="login" method="post" action="/api/login" hidden>`) || strings.Contains(page, `id="admin-tools" class="admin-tools" hidden`) {
		t.Errorf("logged in: the page still asks for the PIN")
	}
	page := readAll(t, get(t, s, "GET", "/", nil, ""))
	if !strings.Contains(page, `id="admin-tools" class="admin-tools" hidden`) || strings.Contains(page, `id="admin-open"`) {
		t.Errorf("not logged in: the page shows the admin tools")
	}
	if r := login(t, web.New(f, nil), "1", ""); r.StatusCode != 400 {
		t.Errorf("login without a PIN set: %d, want 400", r.StatusCode)
	}
	page = readAll(t, get(t, web.New(f, nil), "GET", "/", nil, ""))
	if !strings.Contains(page, `id="admin-open"`) || strings.Contains(page, `id="login"`) {
		t.Errorf("virtual table without a PIN: the page must say the admin controls are open")
	}
}

func TestLoginRateLimit(t *testing.T) {
	c := &clock{t: time.Date(2025, 1, 1, 20, 0, 0, 0, time.UTC)}
	s := web.New(newFakeTable(true), &web.Opts{PIN: "2468", Now: c.Now})
	const me, other = "192.0.2.1:5000", "192.0.2.2:5000"
	for i := range 5 {
		r := login(t, s, "0000", me)
		if body := strings.TrimSpace(readAll(t, r)); r.StatusCode != 403 || body != web.ErrWrongPIN.Error() {
			t.Fatalf("wrong PIN %d: %d %q", i+1, r.StatusCode, body)
		}
		c.Advance(5 * time.Second)
	}
	// Blocked now, even with the right PIN, by login or by header.
	if r := login(t, s, "2468", me); r.StatusCode != 429 || strings.TrimSpace(readAll(t, r)) != web.ErrTooMany.Error() {
		t.Errorf("6th try: %d, want 429", r.StatusCode)
	}
	req := httptest.NewRequest("POST", "/api/action", strings.NewReader(`{"Kind":"undo"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Unoref-Pin", "2468")
	req.RemoteAddr = me
	w := httptest.NewRecorder()
	s.ServeHTTP(w, req)
	if w.Code != 429 {
		t.Errorf("action while blocked: %d, want 429", w.Code)
	}
	// Another client is not blocked.
	if r := login(t, s, "2468", other); r.StatusCode != 204 {
		t.Errorf("another client: %d, want 204", r.StatusCode)
	}
	// A minute after the first wrong PIN one try is back.
	c.Advance(36 * time.Second)
	if r := login(t, s, "2468", me); r.StatusCode != 204 {
		t.Errorf("after a minute: %d, want 204", r.StatusCode)
	}
}

// virtualTable runs the real virtual table on a journal in dir.
func virtualTable(t *testing.T, dir string) (*table.Table, *table.SQLJournal) {
	t.Helper()
	j, err := table.OpenJournal(context.Background(), filepath.Join(dir, "journal.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	tb, _ := tabletest.Virtual(t, j, table.Config{UnoGrace: -1}, nil)
	return tb, j
}

func TestAdminOnVirtualTable(t *testing.T) {
	tb, j := virtualTable(t, t.TempDir())
	s := web.New(tb, &web.Opts{PIN: "2468", History: j})
	must := func(body string) table.Snapshot {
		t.Helper()
		if code, msg := send(t, s, body, "2468"); code != 200 {
			t.Fatalf("%s: %d %s", body, code, msg)
		}
		return tb.Snapshot()
	}
	must(`{"Kind":"newgame","Players":["Ann","Ben"],"Rules":"official","Target":100}`)
	must(`{"Kind":"press","Button":"pass"}`)
	must(`{"Kind":"tap","Pad":"play","Card":"R0"}`)
	before := must(`{"Kind":"tap","Pad":"play","Card":"R1"}`)
	for _, tt := range []struct{ body, msg string }{
		{`{"Kind":"rename","Name":"Ben","NewName":"B B"}`, "A name can't contain # or spaces: try B-B"},
		{`{"Kind":"rename","Name":"Ben","NewName":"ann"}`, "ann already plays"},
		{`{"Kind":"rename","Name":"Ben","NewName":"` + strings.Repeat("é", 17) + `"}`, "at most 16"},
		{`{"Kind":"rename","Name":"Ben","NewName":""}`, "A name can't be empty"},
	} {
		if code, msg := send(t, s, tt.body, "2468"); code != 400 || !strings.Contains(msg, tt.msg) {
			t.Errorf("%s: %d %q, want 400 %q", tt.body, code, msg, tt.msg)
		}
	}
	snap := must(`{"Kind":"rename","Name":"Ben","NewName":"` + strings.ReplaceAll(evil, `"`, `\"`) + `"}`)
	if snap.Name("Ben") != evil {
		t.Errorf("Name(Ben) = %q", snap.Name("Ben"))
	}
	page := readAll(t, get(t, s, "GET", "/", nil, ""))
	if !regexp.MustCompile(`data-name="Ben" data-hand="[0-9]*"><span class="name">`).MatchString(page) || !strings.Contains(page, `<span class="name">&lt;b&gt;&#34;Z&amp;Co&#39;&lt;/b&gt;</span>`) || strings.Contains(page, evil) {
		t.Errorf("page does not show the new name escaped")
	}
	if !strings.Contains(page, `src="/history/1.svg?v=`) {
		t.Errorf("page has no chart of the game on the table")
	}
	snap = must(`{"Kind":"tap","Pad":"play","Card":"R2"}`)
	if snap.State.Top != "R2" {
		t.Fatalf("top %s", snap.State.Top)
	}
	snap = must(`{"Kind":"undo"}`)
	if snap.State.Top != before.State.Top || snap.State.Turn != before.State.Turn || snap.Events != before.Events || snap.Name("Ben") != evil {
		t.Errorf("after undo: top %s turn %s events %d, want %s %s %d, name kept", snap.State.Top, snap.State.Turn, snap.Events, before.State.Top, before.State.Turn, before.Events)
	}
	// The history shows the new name too.
	list := readAll(t, get(t, s, "GET", "/history", nil, ""))
	if !strings.Contains(list, "Ann · &lt;b&gt;&#34;Z&amp;Co&#39;&lt;/b&gt;") || !strings.Contains(list, "on the table") {
		t.Errorf("history list: %s", list)
	}
	doc := fetchSVG(t, s, "/history/1.svg")
	var n int
	for _, g := range doc.Groups {
		n += len(g.Lines)
	}
	if n != 2 {
		t.Errorf("chart of the game on the table has %d lines, want 2", n)
	}
	snap = must(`{"Kind":"end"}`)
	if snap.Game != 0 || snap.Last.Message != "Game abandoned" {
		t.Errorf("after end: %+v", snap.Last)
	}
	list = readAll(t, get(t, s, "GET", "/history", nil, ""))
	if !strings.Contains(list, "abandoned") || strings.Contains(list, "on the table") {
		t.Errorf("history after end: %s", list)
	}
	if code, msg := send(t, s, `{"Kind":"undo"}`, "2468"); code != 400 || msg != "No game is being played." {
		t.Errorf("undo without a game: %d %q", code, msg)
	}
}
