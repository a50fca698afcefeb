package web_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/web"
	"github.com/unoref/unoref/referee"
)

// fixedTable always shows one snapshot and one OLED image.
type fixedTable struct {
	snap table.Snapshot
	img  image.Image
}

func (f *fixedTable) Snapshot() table.Snapshot { return f.snap }
func (f *fixedTable) Subscribe(ctx context.Context) <-chan table.Snapshot {
	ch := make(chan table.Snapshot)
	go func() { <-ctx.Done(); close(ch) }()
	return ch
}
func (f *fixedTable) OLED() image.Image { return f.img }
func (f *fixedTable) Do(ctx context.Context, a table.Action) error {
	return fmt.Errorf("The fixed table does nothing.")
}

// tenPlayers is a full table in the middle of a round.
func tenPlayers() table.Snapshot {
	names := []string{"Ann", "Ben", "Cy", "Dora", "Eve", "Finn", "Gus", "Hana", "Ivo", "Zoë"}
	st := referee.State{
		Phase: referee.PhaseTurn, Turn: "Gus", Direction: "ccw", Top: "W+4:G", Color: "G", Pending: 4,
		Hands: map[string]int{}, Scores: map[string]int{}, Round: 3,
	}
	for i, n := range names {
		st.Hands[n] = i + 1
		st.Scores[n] = 10 * i
	}
	return table.Snapshot{
		Seq: 42, Virtual: true, State: st, Players: names,
		Last:   table.Verdict{OK: false, Code: "illegal-card", Message: "Red 3 can't go on <Wild> & co", Event: "play R3"},
		LEDs:   map[string]bool{"ccw": true, "illegal": true, "G": true, "seat6": true},
		Buzzer: "illegal", Prompt: "Gus: draw 4 or challenge.", Reader: "sim",
		Log: []string{"players Ann Ben", "play R3"},
	}
}

func get(t *testing.T, h http.Handler, method, target string, body io.Reader, ctype string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(method, target, body)
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w.Result()
}

func readAll(t *testing.T, r *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestRoutes(t *testing.T) {
	s := web.New(newFakeTable(true), nil)
	tests := []struct {
		method, path string
		status       int
		ctype        string // prefix
		cache        string
	}{
		{"GET", "/", 200, "text/html; charset=utf-8", "no-store"},
		{"HEAD", "/", 200, "text/html", "no-store"},
		{"GET", "/api/state", 200, "application/json", "no-store"},
		{"GET", "/oled.png", 200, "image/png", "no-store"},
		{"GET", "/static/style.css", 200, "text/css", "no-cache"},
		{"GET", "/static/app.js", 200, "text/javascript", "no-cache"},
		{"GET", "/static/nope.js", 404, "text/plain", ""},
		{"GET", "/nope", 404, "text/plain", ""},
		{"POST", "/", 405, "text/plain", ""},
		{"GET", "/api/action", 405, "text/plain", ""},
		{"DELETE", "/api/state", 405, "text/plain", ""},
		{"PUT", "/oled.png", 405, "text/plain", ""},
		{"POST", "/events", 405, "text/plain", ""},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			r := get(t, s, tt.method, tt.path, nil, "")
			if r.StatusCode != tt.status {
				t.Errorf("status = %d, want %d", r.StatusCode, tt.status)
			}
			if got := r.Header.Get("Content-Type"); !strings.HasPrefix(got, tt.ctype) {
				t.Errorf("Content-Type = %q, want %q…", got, tt.ctype)
			}
			if got := r.Header.Get("Cache-Control"); tt.cache != "" && got != tt.cache {
				t.Errorf("Cache-Control = %q, want %q", got, tt.cache)
			}
			if got := r.Header.Get("X-Content-Type-Options"); got != "nosniff" {
				t.Errorf("X-Content-Type-Options = %q, want nosniff", got)
			}
			if tt.status == 405 && r.Header.Get("Allow") == "" {
				t.Errorf("405 without an Allow header")
			}
		})
	}
}

func TestPageEmptyTable(t *testing.T) {
	for _, virtual := range []bool{true, false} {
		t.Run(fmt.Sprint("virtual=", virtual), func(t *testing.T) {
			r := get(t, web.New(newFakeTable(virtual), nil), "GET", "/", nil, "")
			page := readAll(t, r)
			for _, want := range []string{
				`<div id="top" class="card c-none"`, "no game yet", "Waiting for the first card.",
				`class="verdict none"`, `src="/oled.png?v=0"`, `data-led="cw"`, `data-led="B"`, "reader: sim",
			} {
				if !strings.Contains(page, want) {
					t.Errorf("page has no %q", want)
				}
			}
			if got := strings.Count(page, "data-led="); got != 9 {
				t.Errorf("page has %d LEDs, want 9", got)
			}
			if got := strings.Contains(page, `id="controls"`); got != virtual {
				t.Errorf("controls shown = %v, want %v", got, virtual)
			}
			if strings.Contains(page, `id="pin"`) {
				t.Errorf("PIN field shown without a PIN")
			}
		})
	}
}

func TestPageTenPlayers(t *testing.T) {
	r := get(t, web.New(&fixedTable{snap: tenPlayers()}, nil), "GET", "/", nil, "")
	page := readAll(t, r)
	// Seats in order, with their counts and scores, Gus highlighted.
	last := 0
	for i, n := range tenPlayers().Players {
		want := fmt.Sprintf(`data-name=%q data-hand="%d"><span class="name">%s</span><span class="hand">%d %s</span><span class="score">%d %s</span>`,
			n, i+1, n, i+1, map[bool]string{true: "card", false: "cards"}[i == 0], 10*i, "points")
		at := strings.Index(page, want)
		if at < 0 {
			t.Errorf("page has no seat %q", want)
			continue
		}
		if at < last {
			t.Errorf("seat %s out of order", n)
		}
		last = at
	}
	for _, want := range []string{
		`class="seat turn" data-name="Gus"`, "Gus to play",
		`<div id="top" class="card c-W n-G" title="Wild Draw Four (green)" data-code="W&#43;4:G"><span class="mark">&#43;4</span>`,
		`class="swatch c-G">green</span>`, "↺ counter-clockwise", `class="owed">+4</dd>`,
		`<span id="round">3</span>`, `class="verdict bad"`,
		"Red 3 can&#39;t go on &lt;Wild&gt; &amp; co", "play R3 · illegal-card", "Gus: draw 4 or challenge.",
		`src="/oled.png?v=42"`, `class="led led-ccw on"`, `class="led led-illegal on"`, `class="led led-G on"`,
		`class="led led-cw"`, `data-led="seat6"`, `class="buzzer on"`, `id="buzzer-pattern" data-pattern="illegal">refused<`,
		`value="Ann Ben Cy Dora Eve Finn Gus Hana Ivo Zoë"`, "<li>play R3</li>",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page has no %q", want)
		}
	}
	// Every card of the deck can be picked.
	for _, code := range []string{"R0", "Y9", "GS", "BR", "B+2", "W", "W+4", "WX", "BLANK", "garbage"} {
		if !strings.Contains(page, fmt.Sprintf(`value="%s" data-card=`, template(code))) {
			t.Errorf("picker has no %s", code)
		}
	}
	if got := strings.Count(page, `name="card"`); got != 4*13+5 {
		t.Errorf("picker has %d cards, want %d", got, 4*13+5)
	}
}

// template escapes a card code as html/template writes it in an attribute.
func template(code string) string { return strings.ReplaceAll(code, "+", "&#43;") }

func TestPagePIN(t *testing.T) {
	f := newFakeTable(false)
	page := readAll(t, get(t, web.New(f, &web.Opts{PIN: "1234"}), "GET", "/", nil, ""))
	if !strings.Contains(page, `id="controls"`) || !strings.Contains(page, `id="pin"`) {
		t.Errorf("real table with a PIN: want the controls and the PIN field")
	}
}

func TestPageShowsFormError(t *testing.T) {
	page := readAll(t, get(t, web.New(newFakeTable(true), nil), "GET", "/?error="+url.QueryEscape("No <such> card."), nil, ""))
	if !strings.Contains(page, `role="alert">No &lt;such&gt; card.</p>`) {
		t.Errorf("page does not show the error of a form post")
	}
}

func postJSON(t *testing.T, h http.Handler, body string) (*http.Response, string) {
	t.Helper()
	r := get(t, h, "POST", "/api/action", strings.NewReader(body), "application/json")
	return r, readAll(t, r)
}

func TestActionJSON(t *testing.T) {
	f := newFakeTable(true)
	s := web.New(f, nil)
	tests := []struct {
		name   string
		body   string
		status int
		msg    string // the body, for errors
	}{
		{"no game yet", `{"Kind":"tap","Pad":"play","Card":"R5"}`, 400, "Start a new game first."},
		{"new game", `{"Kind":"newgame","Players":["Ann","Ben","Cy"],"Rules":"official"}`, 200, ""},
		{"starter", `{"Kind":"tap","Pad":"play","Card":"R5"}`, 200, ""},
		{"lower-case names", `{"kind":"tap","pad":"play","card":"R7"}`, 400, `There is no field "kind": the fields are Kind, Pad, Card, Button, Seat, Players, Rules, Target, Name, Points, NewName, Voice, spelt exactly so.`},
		{"play", `{"Kind":"tap","Pad":"play","Card":"R7"}`, 200, ""},
		{"refused play is a verdict", `{"Kind":"tap","Pad":"play","Card":"G3"}`, 200, ""},
		{"unreadable tag", `{"Kind":"tap","Pad":"play","Card":"garbage"}`, 400, "The tag could not be read: tap it again."},
		{"bad button", `{"Kind":"press","Button":"jump"}`, 400, `There is no "jump" button.`},
		{"no kind", `{"Pad":"play"}`, 400, "The action has no kind: say one of tap, remove, press, seat, newgame, points, rename, names, undo, end, finish, rules, voice."},
		{"unknown kind", `{"Kind":"fly"}`, 400, `"fly" is not an action: say one of tap, remove, press, seat, newgame, points, rename, names, undo, end, finish, rules, voice.`},
		{"unknown field", `{"Kind":"tap","Colour":"R"}`, 400, `There is no field "Colour": the fields are Kind, Pad, Card, Button, Seat, Players, Rules, Target, Name, Points, NewName, Voice, spelt exactly so.`},
		{"not JSON", `tap R5`, 400, "The request is not valid JSON."},
		{"two actions", `{"Kind":"press","Button":"uno"} {"Kind":"press"}`, 400, "Send one request at a time."},
		{"too long", `{"Kind":"tap","Card":"` + strings.Repeat("x", 20000) + `"}`, 400, "The request is too long."},
		{"two players too few", `{"Kind":"newgame","Players":["Ann"],"Rules":"official"}`, 400, "A game needs 2 to 10 players."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := f.Snapshot().Seq
			r, body := postJSON(t, s, tt.body)
			if r.StatusCode != tt.status {
				t.Fatalf("status = %d (%s), want %d", r.StatusCode, body, tt.status)
			}
			if tt.status != 200 {
				if got := strings.TrimSpace(body); got != tt.msg {
					t.Errorf("message = %q, want %q", got, tt.msg)
				}
				if got := r.Header.Get("Content-Type"); !strings.HasPrefix(got, "text/plain") {
					t.Errorf("Content-Type = %q, want text/plain", got)
				}
				return
			}
			var snap table.Snapshot
			if err := json.Unmarshal([]byte(body), &snap); err != nil {
				t.Fatalf("answer is not a snapshot: %v", err)
			}
			if snap.Seq != before+1 {
				t.Errorf("Seq = %d, want %d", snap.Seq, before+1)
			}
		})
	}
	st := f.Snapshot()
	if st.State.Turn != "Cy" || st.State.Top != "R7" || st.Last.OK || st.Last.Event != "play G3" {
		t.Errorf("after the actions: turn %q top %q last %+v, want Cy, R7 and a refused play G3", st.State.Turn, st.State.Top, st.Last)
	}
}

func TestActionMediaType(t *testing.T) {
	r := get(t, web.New(newFakeTable(true), nil), "POST", "/api/action", strings.NewReader("kind=press"), "text/plain")
	if r.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("status = %d, want 415", r.StatusCode)
	}
}

func TestActionPIN(t *testing.T) {
	tests := []struct {
		name    string
		virtual bool
		pin     string // Opts.PIN
		sent    string // X-Unoref-Pin
		status  int
	}{
		{"virtual", true, "", "", 200},
		{"real without PIN", false, "", "", 403},
		{"real, PIN not sent", false, "1234", "", 403},
		{"real, wrong PIN", false, "1234", "4321", 403},
		{"real, right PIN", false, "1234", "1234", 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeTable(tt.virtual)
			req := httptest.NewRequest("POST", "/api/action", strings.NewReader(`{"Kind":"newgame","Players":["A","B"],"Rules":"official"}`))
			req.Header.Set("Content-Type", "application/json")
			if tt.sent != "" {
				req.Header.Set("X-Unoref-Pin", tt.sent)
			}
			w := httptest.NewRecorder()
			web.New(f, &web.Opts{PIN: tt.pin}).ServeHTTP(w, req)
			if w.Code != tt.status {
				t.Errorf("status = %d (%s), want %d", w.Code, w.Body, tt.status)
			}
			if acted := len(f.actions) > 0; acted != (tt.status == 200) {
				t.Errorf("table acted = %v, want %v", acted, tt.status == 200)
			}
		})
	}
}

func TestActionForm(t *testing.T) {
	f := newFakeTable(true)
	s := web.New(f, nil)
	tests := []struct {
		name     string
		form     url.Values
		location string
		want     table.Action // recorded by the table; Kind "" when it must not act
	}{
		{"new game", url.Values{"kind": {"newgame"}, "players": {"Ann, Ben  Cy"}, "preset": {"official"},
			"opt": {"+stacking", "+seven-zero"}, "extra": {" uno-penalty=4 "}, "target": {"300"}},
			"/", table.Action{Kind: "newgame", Players: []string{"Ann", "Ben", "Cy"}, Rules: "official +stacking +seven-zero uno-penalty=4", Target: 300}},
		{"tap", url.Values{"kind": {"tap"}, "card": {"B+2"}, "pad": {"play"}},
			"/", table.Action{Kind: "tap", Pad: "play", Card: "B+2"}},
		{"press", url.Values{"kind": {"press"}, "button": {"uno"}},
			"/", table.Action{Kind: "press", Button: "uno"}},
		{"points", url.Values{"kind": {"points"}, "name": {"Ben"}, "points": {" 25 "}},
			"/", table.Action{Kind: "points", Name: "Ben", Points: 25}},
		{"seat pad", url.Values{"kind": {"seat"}, "seat": {"0"}},
			"/", table.Action{Kind: "seat"}},
		{"seat pad 3", url.Values{"kind": {"seat"}, "seat": {"2"}},
			"/", table.Action{Kind: "seat", Seat: 2}},
		{"lift off the draw pad", url.Values{"kind": {"remove"}, "pad": {"draw"}},
			"/", table.Action{Kind: "remove", Pad: "draw"}},
		{"no card picked", url.Values{"kind": {"tap"}, "pad": {"draw"}},
			"/?error=" + url.QueryEscape("Pick a card first, then tap it on a pad."), table.Action{}},
		{"bad target", url.Values{"kind": {"newgame"}, "players": {"A B"}, "preset": {"official"}, "target": {"lots"}},
			"/?error=" + url.QueryEscape(`"lots" is not a whole number.`), table.Action{}},
		{"table refuses", url.Values{"kind": {"press"}, "button": {"jump"}},
			"/?error=" + url.QueryEscape(`There is no "jump" button.`), table.Action{Kind: "press", Button: "jump"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := len(f.actions)
			r := get(t, s, "POST", "/api/action", strings.NewReader(tt.form.Encode()), "application/x-www-form-urlencoded")
			if r.StatusCode != http.StatusSeeOther {
				t.Fatalf("status = %d, want 303", r.StatusCode)
			}
			if got := r.Header.Get("Location"); got != tt.location {
				t.Errorf("Location = %q, want %q", got, tt.location)
			}
			switch {
			case tt.want.Kind == "" && len(f.actions) != n:
				t.Errorf("the table acted on %+v", f.actions[n])
			case tt.want.Kind != "" && len(f.actions) != n+1:
				t.Errorf("the table did not act")
			case tt.want.Kind != "":
				if got := f.actions[n]; fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", tt.want) {
					t.Errorf("action = %+v, want %+v", got, tt.want)
				}
			}
		})
	}
}

func TestState(t *testing.T) {
	r := get(t, web.New(&fixedTable{snap: tenPlayers()}, nil), "GET", "/api/state", nil, "")
	var got table.Snapshot
	if err := json.NewDecoder(r.Body).Decode(&got); err != nil {
		t.Fatal(err)
	}
	want := tenPlayers()
	if got.Seq != want.Seq || got.State.Top != want.State.Top || got.State.Hands["Zoë"] != 10 || got.Last.Message != want.Last.Message || len(got.Players) != 10 {
		t.Errorf("state = %+v, want %+v", got, want)
	}
}

func TestOLEDImage(t *testing.T) {
	src := image.NewGray(image.Rect(0, 0, 128, 64))
	for i := range 64 {
		src.SetGray(i*2, i, color.Gray{Y: 0xff}) // a diagonal
		src.SetGray(127-i, 63-i, color.Gray{Y: 0x7f})
	}
	for _, tt := range []struct {
		name  string
		img   image.Image
		scale int
	}{{"diagonal", src, 0}, {"diagonal x2", src, 2}, {"no image", nil, 0}} {
		t.Run(tt.name, func(t *testing.T) {
			r := get(t, web.New(&fixedTable{img: tt.img}, &web.Opts{OLEDScale: tt.scale}), "GET", "/oled.png", nil, "")
			img, err := png.Decode(r.Body)
			if err != nil {
				t.Fatal(err)
			}
			k := tt.scale
			if k == 0 {
				k = 4
			}
			if got, want := img.Bounds(), image.Rect(0, 0, 128*k, 64*k); got != want {
				t.Fatalf("bounds = %v, want %v", got, want)
			}
			lit := 0
			for y := range 64 * k {
				for x := range 128 * k {
					on := color.GrayModel.Convert(img.At(x, y)).(color.Gray).Y > 0x80
					want := tt.img != nil && tt.img.At(x/k, y/k).(color.Gray).Y >= 0x80
					if on != want {
						t.Fatalf("pixel (%d,%d) lit = %v, want %v", x, y, on, want)
					}
					if on {
						lit++
					}
				}
			}
			if want := map[bool]int{true: 64 * k * k, false: 0}[tt.img != nil]; lit != want {
				t.Errorf("%d pixels lit, want %d", lit, want)
			}
		})
	}
}

// sseEvent is one block of an event stream.
type sseEvent struct {
	name, id, data, comment, retry string
}

// readEvent reads one block (up to a blank line) of an event stream.
func readEvent(br *bufio.Reader) (sseEvent, error) {
	var ev sseEvent
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			return ev, err
		}
		line = strings.TrimSuffix(line, "\n")
		if line == "" {
			return ev, nil
		}
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch field {
		case "":
			ev.comment = value
		case "event":
			ev.name = value
		case "id":
			ev.id = value
		case "retry":
			ev.retry = value
		case "data":
			if ev.data != "" {
				return ev, fmt.Errorf("two data lines in one event")
			}
			ev.data = value
		default:
			return ev, fmt.Errorf("unknown field %q", field)
		}
	}
}

// nextSnapshot reads events up to the next snapshot, skipping heartbeats.
func nextSnapshot(t *testing.T, br *bufio.Reader) table.Snapshot {
	t.Helper()
	for {
		ev, err := readEvent(br)
		if err != nil {
			t.Fatalf("reading the stream: %v", err)
		}
		if ev.name == "" {
			continue
		}
		if ev.name != "snapshot" {
			t.Fatalf("event %q, want snapshot", ev.name)
		}
		var s table.Snapshot
		if err := json.Unmarshal([]byte(ev.data), &s); err != nil {
			t.Fatalf("snapshot data: %v", err)
		}
		if ev.id != fmt.Sprint(s.Seq) {
			t.Errorf("id = %q, want the Seq %d", ev.id, s.Seq)
		}
		return s
	}
}

// openEvents connects to /events of a test server, bounded by ctx.
func openEvents(t *testing.T, ctx context.Context, url string) (*http.Response, *bufio.Reader) {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, "GET", url+"/events", nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if r.StatusCode != 200 || r.Header.Get("Content-Type") != "text/event-stream" || r.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("GET /events: %s %q %q", r.Status, r.Header.Get("Content-Type"), r.Header.Get("Cache-Control"))
	}
	return r, bufio.NewReader(r.Body)
}

// endSignal wraps h and reports each return of a /events handler.
func endSignal(h http.Handler) (http.Handler, <-chan struct{}) {
	ended := make(chan struct{}, 16)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r)
		if r.URL.Path == "/events" {
			ended <- struct{}{}
		}
	}), ended
}

func waitFor(t *testing.T, ctx context.Context, c <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-c:
	case <-ctx.Done():
		t.Fatalf("%s: %v", what, ctx.Err())
	}
}

func TestEventsStream(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	f := newFakeTable(true)
	h, ended := endSignal(web.New(f, nil))
	ts := httptest.NewServer(h)
	defer ts.Close()

	rctx, disconnect := context.WithCancel(ctx)
	r, br := openEvents(t, rctx, ts.URL)
	defer r.Body.Close()
	first, err := readEvent(br)
	if err != nil || first.retry != "2000" {
		t.Fatalf("first block = %+v, %v; want retry: 2000", first, err)
	}
	if s := nextSnapshot(t, br); s.Seq != 0 || s.Prompt != "Start a new game." {
		t.Errorf("snapshot on connect = %+v, want Seq 0 and the fake's prompt", s)
	}
	for i, a := range []table.Action{
		{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "official"},
		{Kind: "tap", Pad: "play", Card: "B4"},
		{Kind: "tap", Pad: "play", Card: "R9"},
	} {
		if err := f.Do(ctx, a); err != nil {
			t.Fatal(err)
		}
		s := nextSnapshot(t, br)
		if s.Seq != uint64(i+1) {
			t.Errorf("Seq = %d, want %d", s.Seq, i+1)
		}
		if i == 2 && (s.Last.OK || s.Last.Event != "play R9" || s.State.Turn != "Ben") {
			t.Errorf("after play R9: %+v, want a refusal with Ben still to play", s.Last)
		}
	}
	if got := f.subscribers(); got != 1 {
		t.Errorf("%d subscriptions, want 1", got)
	}

	// The client goes: the handler returns and the subscription ends.
	disconnect()
	waitFor(t, ctx, ended, "handler still running after the client went")
	waitFor(t, ctx, f.gone, "subscription still open after the client went")
	if got := f.subscribers(); got != 0 {
		t.Errorf("%d subscriptions after the client went, want 0", got)
	}
}

func TestEventsHeartbeat(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	ts := httptest.NewServer(web.New(newFakeTable(true), &web.Opts{Heartbeat: time.Millisecond}))
	defer ts.Close()
	r, br := openEvents(t, ctx, ts.URL)
	defer r.Body.Close()
	nextSnapshot(t, br)
	ev, err := readEvent(br)
	if err != nil {
		t.Fatal(err)
	}
	if ev != (sseEvent{comment: "ping"}) {
		t.Errorf("after the snapshot: %+v, want the heartbeat comment", ev)
	}
}

func TestEventsClose(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	f := newFakeTable(true)
	s := web.New(f, nil)
	h, ended := endSignal(s)
	ts := httptest.NewServer(h)
	defer ts.Close()
	r, br := openEvents(t, ctx, ts.URL)
	defer r.Body.Close()
	nextSnapshot(t, br)

	s.Close()
	s.Close()
	waitFor(t, ctx, ended, "stream still open after Close")
	if _, err := io.ReadAll(br); err != nil {
		t.Errorf("reading the closed stream: %v", err)
	}
	waitFor(t, ctx, f.gone, "subscription still open after Close")
}

// BenchmarkOLED measures /oled.png: the page fetches it on every change.
func BenchmarkOLED(b *testing.B) {
	f := newFakeTable(true)
	if err := f.Do(b.Context(), table.Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "official"}); err != nil {
		b.Fatal(err)
	}
	s := web.New(f, nil)
	req := httptest.NewRequest("GET", "/oled.png", nil)
	var size int
	for b.Loop() {
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		size = w.Body.Len()
	}
	b.ReportMetric(float64(size), "png-bytes")
}

// TestPageSlap shows the uno-slap indicator: whose hand is slapped and who
// has not pressed their seat button yet, with display names; none when no
// slap is open.
func TestPageSlap(t *testing.T) {
	snap := tenPlayers()
	snap.SlapFor, snap.SlapsDue = "Gus", []string{"Hana", "Zoë", "Ann"}
	snap.Names = map[string]string{"Hana": "Hanako"}
	page := readAll(t, get(t, web.New(&fixedTable{snap: snap}, nil), "GET", "/", nil, ""))
	if want := `<p id="slap" class="slap" role="status">✋ Slap Gus&#39;s hand! Still to slap: Hanako, Zoë and Ann</p>`; !strings.Contains(page, want) {
		t.Errorf("page has no %q", want)
	}
	page = readAll(t, get(t, web.New(&fixedTable{snap: tenPlayers()}, nil), "GET", "/", nil, ""))
	if want := `<p id="slap" class="slap" role="status" hidden></p>`; !strings.Contains(page, want) {
		t.Errorf("page has no %q", want)
	}
}
