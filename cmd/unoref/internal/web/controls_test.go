package web_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/web"
	"github.com/unoref/unoref/referee"
)

// roundToCountup plays a round of Ann, Ben and Cy (official rules) on h
// until Ben goes out: Ann deals, Ben plays R1…R8, the others draw and pass.
func roundToCountup(t *testing.T, h http.Handler) {
	t.Helper()
	acts := []string{`{"Kind":"newgame","Players":["Ann","Ben","Cy"],"Rules":"official"}`, `{"Kind":"tap","Pad":"play","Card":"R5"}`}
	for i, c := range []string{"R1", "R2", "R3", "R4", "R6", "R7", "R8"} {
		if i > 0 {
			for range 2 {
				acts = append(acts, `{"Kind":"press","Button":"draw"}`, `{"Kind":"press","Button":"pass"}`)
			}
		}
		acts = append(acts, fmt.Sprintf(`{"Kind":"tap","Pad":"play","Card":%q}`, c))
		if c == "R7" {
			acts = append(acts, `{"Kind":"press","Button":"uno"}`)
		}
	}
	for _, a := range acts {
		if r, body := postJSON(t, h, a); r.StatusCode != 200 {
			t.Fatalf("%s: %d %s", a, r.StatusCode, body)
		}
	}
}

// countForms are the names of the points forms on page.
func countForms(page string) []string {
	var names []string
	for _, part := range strings.Split(page, `<form class="count"`)[1:] {
		_, rest, _ := strings.Cut(part, `data-name="`)
		name, _, _ := strings.Cut(rest, `"`)
		names = append(names, name)
	}
	return names
}

func TestCountupByPoints(t *testing.T) {
	f := newFakeTable(true)
	s := web.New(f, nil)
	roundToCountup(t, s)
	if st := f.Snapshot().State; st.Phase != referee.PhaseCountup {
		t.Fatalf("phase = %q, want countup (%+v)", st.Phase, f.Snapshot().Last)
	}
	page := readAll(t, get(t, s, "GET", "/", nil, ""))
	if got := strings.Join(countForms(page), " "); got != "Ann Cy" {
		t.Errorf("points forms for %q, want Ann Cy (Ben went out)", got)
	}
	if strings.Contains(page, `id="countup" class="countup" hidden`) {
		t.Errorf("count-up box hidden in count-up")
	}
	for _, c := range []struct {
		name, points string
		location     string
	}{
		{"Ann", "30", "/"},
		{"Ann", "5", "/?error=" + url.QueryEscape("Ann's cards are already counted")},
		{"Cy", "twelve", "/?error=" + url.QueryEscape(`"twelve" is not a whole number.`)},
		{"Cy", "12", "/"},
	} {
		form := url.Values{"kind": {"points"}, "name": {c.name}, "points": {c.points}}
		r := get(t, s, "POST", "/api/action", strings.NewReader(form.Encode()), "application/x-www-form-urlencoded")
		loc := r.Header.Get("Location")
		if r.StatusCode != http.StatusSeeOther {
			t.Fatalf("points %s %s: status %d, want 303", c.name, c.points, r.StatusCode)
		}
		// The fake shows a refusal as the verdict, not as an error.
		if c.location != "/" && loc == "/" && !f.Snapshot().Last.OK {
			loc = "/?error=" + url.QueryEscape(f.Snapshot().Last.Message)
		}
		if loc != c.location {
			t.Errorf("points %s %s: Location = %q, want %q", c.name, c.points, loc, c.location)
		}
	}
	snap := f.Snapshot()
	if got := snap.State.Scores["Ben"]; got != 42 || snap.State.Phase != referee.PhaseSetup {
		t.Errorf("after the count: Ben scores %d in phase %q, want 42 in setup", got, snap.State.Phase)
	}
	page = readAll(t, get(t, s, "GET", "/", nil, ""))
	if names := countForms(page); len(names) != 0 || !strings.Contains(page, `id="countup" class="countup" hidden`) {
		t.Errorf("after the count-up: points forms %q, want none and the box hidden", names)
	}
}

func TestPageCountupOnlyInCountup(t *testing.T) {
	snap := tenPlayers()
	page := readAll(t, get(t, web.New(&fixedTable{snap: snap}, nil), "GET", "/", nil, ""))
	if names := countForms(page); len(names) != 0 {
		t.Errorf("phase %s: points forms %q, want none", snap.State.Phase, names)
	}
	snap.State.Phase, snap.State.Turn = referee.PhaseCountup, ""
	snap.State.Hands["Cy"] = 0
	snap.Names = map[string]string{"Dora": "Dee"}
	page = readAll(t, get(t, web.New(&fixedTable{snap: snap}, nil), "GET", "/", nil, ""))
	if got, want := strings.Join(countForms(page), " "), "Ann Ben Dora Eve Finn Gus Hana Ivo Zoë"; got != want {
		t.Errorf("points forms %q, want %q", got, want)
	}
	if !strings.Contains(page, `<span class="who">Dee</span>`) {
		t.Errorf("points form does not show Dora's display name")
	}
	// A real table without a PIN has no controls, so no points forms.
	snap.Virtual = false
	page = readAll(t, get(t, web.New(&fixedTable{snap: snap}, nil), "GET", "/", nil, ""))
	if names := countForms(page); len(names) != 0 {
		t.Errorf("real table without a PIN: points forms %q, want none", names)
	}
}

func TestPageSeatPads(t *testing.T) {
	snap := tenPlayers() // seat LED 6 lit: Gus's turn
	snap.Names = map[string]string{"Gus": "Gustav"}
	page := readAll(t, get(t, web.New(&fixedTable{snap: snap}, nil), "GET", "/", nil, ""))
	if want := `<button name="seat" value="6" class="seatpad on" data-led="seat6" data-seat="6"><i></i><span class="who">Gustav</span></button>`; !strings.Contains(page, want) {
		t.Errorf("page has no lit button of seat 6 labelled Gustav: want %s", want)
	}
	if n := strings.Count(page, ` data-seat="`); n != 1 {
		t.Errorf("%d seat pad buttons, want 1 (one seat LED)", n)
	}
	// Seats past the players are hidden, the others named.
	snap.LEDs = map[string]bool{}
	for i := range 10 {
		snap.LEDs[fmt.Sprintf("seat%d", i)] = false
	}
	snap.Players = snap.Players[:3]
	page = readAll(t, get(t, web.New(&fixedTable{snap: snap}, nil), "GET", "/", nil, ""))
	if got := strings.Count(page, ` data-seat="`); got != 10 {
		t.Errorf("%d seat pad buttons, want 10", got)
	}
	if got := strings.Count(page, `"><i></i><span class="who">seat `); got != 0 {
		t.Errorf("%d unseated pads shown, want 0", got)
	}
	if got := strings.Count(page, ` hidden><i></i><span class="who">seat `); got != 7 {
		t.Errorf("%d unseated pads hidden, want 7", got)
	}
	// Without seat LEDs (a table without seat pads) there are no buttons.
	page = readAll(t, get(t, web.New(newFakeTable(true), nil), "GET", "/", nil, ""))
	if strings.Contains(page, `id="seatpads"`) {
		t.Errorf("table without seat pads shows seat pad buttons")
	}
}

func TestPageLift(t *testing.T) {
	page := readAll(t, get(t, web.New(newFakeTable(true), nil), "GET", "/", nil, ""))
	for _, want := range []string{
		`<form id="lift" method="post" action="/api/action" data-action><input type="hidden" name="kind" value="remove"></form>`,
		`<button form="lift" name="pad" value="play" id="lift-play"`,
		`<button form="lift" name="pad" value="draw" id="lift-draw"`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s", want)
		}
	}
}

// TestNoScriptPIN plays a real table with a PIN as a browser without
// JavaScript does: a control is refused, the plain login form sets the
// cookie and redirects back, and the same control form then works.
func TestNoScriptPIN(t *testing.T) {
	f := newFakeTable(false)
	s := web.New(f, &web.Opts{PIN: "2468"})
	post := func(target string, form url.Values, cookies ...*http.Cookie) *http.Response {
		t.Helper()
		req := httptest.NewRequest("POST", target, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		for _, c := range cookies {
			req.AddCookie(c)
		}
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		return w.Result()
	}
	page := readAll(t, get(t, s, "GET", "/", nil, ""))
	if !strings.Contains(page, `id="controls-locked"`) || !strings.Contains(page, `<form id="login" class="login" method="post" action="/api/login">`) {
		t.Fatalf("locked real table: the page must point to the login form")
	}
	newGame := url.Values{"kind": {"newgame"}, "players": {"Ann Ben"}, "preset": {"official"}}
	tap := url.Values{"kind": {"tap"}, "card": {"R5"}, "pad": {"play"}}
	for _, form := range []url.Values{newGame, tap} {
		r := post("/api/action", form)
		if loc := r.Header.Get("Location"); r.StatusCode != http.StatusSeeOther || loc != "/?error="+url.QueryEscape(web.ErrNeedPIN.Error()) {
			t.Errorf("%s without the PIN: %d %q, want 303 to the error", form.Get("kind"), r.StatusCode, loc)
		}
	}
	if len(f.actions) != 0 {
		t.Fatalf("the table acted without the PIN: %+v", f.actions)
	}
	r := post("/api/login", url.Values{"pin": {"1111"}})
	if loc := r.Header.Get("Location"); r.StatusCode != http.StatusSeeOther || loc != "/?error="+url.QueryEscape(web.ErrWrongPIN.Error()) || len(r.Cookies()) != 0 {
		t.Errorf("wrong PIN: %d %q cookies %v, want 303 to the error and no cookie", r.StatusCode, loc, r.Cookies())
	}
	r = post("/api/login", url.Values{"pin": {"2468"}})
	if loc := r.Header.Get("Location"); r.StatusCode != http.StatusSeeOther || loc != "/" {
		t.Fatalf("login form: %d %q, want 303 to /", r.StatusCode, loc)
	}
	cookies := r.Cookies()
	if len(cookies) != 1 || !cookies[0].HttpOnly {
		t.Fatalf("login form set cookies %v, want one HttpOnly session cookie", cookies)
	}
	for _, form := range []url.Values{newGame, tap} {
		if r := post("/api/action", form, cookies...); r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != "/" {
			t.Errorf("%s with the cookie: %d %q, want 303 to /", form.Get("kind"), r.StatusCode, r.Header.Get("Location"))
		}
	}
	if snap := f.Snapshot(); len(f.actions) != 2 || snap.State.Top != "R5" {
		t.Errorf("with the cookie: actions %+v, top %q, want a new game and R5 on top", f.actions, snap.State.Top)
	}
	req := httptest.NewRequest("GET", "/", nil)
	req.AddCookie(cookies[0])
	w := httptest.NewRecorder()
	s.ServeHTTP(w, req)
	if page := w.Body.String(); strings.Contains(page, `id="controls-locked"`) {
		t.Errorf("logged in: the page still says the controls are locked")
	}
}

var _ = table.Action{}
