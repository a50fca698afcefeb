package web_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/table/tabletest"
	"github.com/unoref/unoref/cmd/unoref/internal/web"
	"github.com/unoref/unoref/referee/journal"
)

// toCountupOn plays Ann and Ben on the virtual table behind h to the end
// of round 1: Ben goes out and Ann holds one card.
func toCountupOn(t *testing.T, h http.Handler, pin string) {
	t.Helper()
	acts := []string{`{"Kind":"newgame","Players":["Ann","Ben"],"Rules":"official"}`, `{"Kind":"press","Button":"pass"}`,
		`{"Kind":"tap","Pad":"play","Card":"G5"}`}
	for _, c := range []string{"G1", "G2", "G3", "G4", "G6", "G7", "G8", "G9", "G1", "G2", "G3"} {
		acts = append(acts, `{"Kind":"tap","Pad":"play","Card":"`+c+`"}`)
	}
	acts = append(acts, `{"Kind":"press","Button":"uno"}`, `{"Kind":"tap","Pad":"play","Card":"G4"}`,
		`{"Kind":"press","Button":"uno"}`, `{"Kind":"tap","Pad":"play","Card":"G6"}`)
	for _, a := range acts {
		if code, msg := send(t, h, a, pin); code != 200 {
			t.Fatalf("%s: %d %s", a, code, msg)
		}
	}
}

// TestPointsRefusedInPageLanguage: points a hand can't hold are refused
// on the page with the sentence that says the most it can hold, in the
// page's language, and the count-up waits for them.
func TestPointsRefusedInPageLanguage(t *testing.T) {
	tb, j := virtualTable(t, t.TempDir())
	s := web.New(tb, &web.Opts{History: j})
	toCountupOn(t, s, "")
	if ph := tb.Snapshot().State.Phase; ph != "countup" {
		t.Fatalf("phase %q, want countup", ph)
	}
	if page := readAll(t, get(t, s, "GET", "/?lang=ru", nil, "")); !strings.Contains(page, `<span class="left">1 карта · не больше 50</span>`) {
		t.Errorf("the points form does not say the most: %s", between(page, `<div id="countup-rows"`, `</div>`))
	}
	code, msg := send(t, s, `{"Kind":"points","Name":"Ann","Points":300}`, "", &http.Cookie{Name: "lang", Value: "ru"})
	if want := "Ann держит 1 карту: на руках может быть самое большее 50 очков"; code != 400 || !strings.Contains(msg, want) {
		t.Errorf("300 points for one card: %d %q, want 400 %q", code, msg, want)
	}
	if ph := tb.Snapshot().State.Phase; ph != "countup" {
		t.Errorf("phase %q after the refusal, want countup", ph)
	}
	if code, msg := send(t, s, `{"Kind":"points","Name":"Ann","Points":50}`, ""); code != 200 {
		t.Errorf("50 points for one card: %d %q", code, msg)
	}
}

// TestFinishOnThePage: the end of the game offers "end now and score as it
// stands", which says who is ahead (and waits while nobody is), beside
// stopping with no winner. After the end the play controls, the rules in
// force and the end itself go, and the history says the game ended early.
func TestFinishOnThePage(t *testing.T) {
	tb, j := virtualTable(t, t.TempDir())
	s := web.New(tb, &web.Opts{History: j, Policy: web.PolicyVirtual})
	page := func() string { return readAll(t, get(t, s, "GET", "/?lang=en", nil, "")) }
	if p := page(); !regexp.MustCompile(`<details id="end-box" class="end" hidden>`).MatchString(p) || !strings.Contains(p, `<form id="picker" hidden class="picker"`) {
		t.Errorf("no game: the end and the picker show")
	}
	toCountupOn(t, s, "")
	p := page()
	if !strings.Contains(p, `<p id="finish-who" class="note">Nobody is ahead yet: play on, or stop with no winner.</p>`) || !strings.Contains(p, `<button id="finish" class="primary" disabled>`) {
		t.Errorf("nobody ahead: the page offers to score:\n%s", between(p, `id="end-box"`, `</details>`))
	}
	for _, a := range []string{`{"Kind":"points","Name":"Ann","Points":9}`, `{"Kind":"tap","Pad":"play","Card":"G5"}`} {
		if code, msg := send(t, s, a, ""); code != 200 {
			t.Fatalf("%s: %d %s", a, code, msg)
		}
	}
	p = page()
	if !strings.Contains(p, `<p id="finish-who" class="note">Ben is ahead: ending now, Ben wins.</p>`) || !strings.Contains(p, `<button id="finish" class="primary">End now and score as it stands</button>`) ||
		!strings.Contains(p, `<button id="end" class="danger">Stop with no winner</button>`) || strings.Contains(p, `id="end-box" class="end" hidden`) {
		t.Errorf("Ben ahead: the end offers:\n%s", between(p, `id="end-box"`, `</details>`))
	}
	if code, msg := send(t, s, `{"Kind":"finish"}`, ""); code != 200 {
		t.Fatalf("finish: %d %s", code, msg)
	}
	p = page()
	for _, hidden := range []string{`<details id="end-box" class="end" hidden>`, `<form id="picker" hidden class="picker"`,
		`<form id="buttons" hidden class="buttons"`, `<section id="rules" class="panel rules" aria-labelledby="rules-title" hidden>`} {
		if !strings.Contains(p, hidden) {
			t.Errorf("after the end the page shows what %s hides", hidden)
		}
	}
	list := readAll(t, get(t, s, "GET", "/history?lang=ru", nil, ""))
	if !strings.Contains(list, "🏆 Ben · закончена досрочно") {
		t.Errorf("history: %s", between(list, `<ol class="games">`, `</ol>`))
	}
	game := readAll(t, get(t, s, "GET", "/history/1?lang=en", nil, ""))
	if !strings.Contains(game, `<dd id="outcome">🏆 Ben · ended early</dd>`) {
		t.Errorf("the game's page: %s", between(game, `<dl class="facts stats">`, `</dl>`))
	}
}

// between is the part of s from the first from to the next to after it.
func between(s, from, to string) string {
	_, rest, ok := strings.Cut(s, from)
	if !ok {
		return "(no " + from + ")"
	}
	in, _, _ := strings.Cut(rest, to)
	return from + in + to
}

// TestAddGuestsInOneTap: after a game of guests the family page, empty,
// offers to put them on the family's list in one tap, behind the admin
// PIN; then the leaderboard counts their game and the offer is gone.
func TestAddGuestsInOneTap(t *testing.T) {
	tb, j := virtualTable(t, t.TempDir())
	s := web.New(tb, &web.Opts{History: j, Record: j, PIN: "2468", Policy: web.PolicyVirtual})
	if code, msg := send(t, s, `{"Kind":"newgame","Players":["Вика","Cy"],"Rules":"official"}`, "2468"); code != 200 {
		t.Fatalf("newgame: %d %s", code, msg)
	}
	if code, msg := send(t, s, `{"Kind":"end"}`, "2468"); code != 200 {
		t.Fatalf("end: %d %s", code, msg)
	}
	family := func() string { return readAll(t, get(t, s, "GET", "/family?lang=ru", nil, "")) }
	page := family()
	if !strings.Contains(page, `id="no-players"`) || !strings.Contains(page, "<p>Гости прошлой игры: Вика и Cy. В списке семьи их игры будут учтены.</p>") ||
		!strings.Contains(page, `<input type="hidden" name="name" value="Вика"><input type="hidden" name="name" value="Cy">`) {
		t.Fatalf("the family page after a game of guests: %s", between(page, `<section class="panel" id="family">`, `</section>`))
	}
	add := func(pin string) string {
		form := url.Values{"op": {"guests"}, "back": {"/family"}, "name": {"Вика", "Cy"}}
		req := httptest.NewRequest("POST", "/api/roster", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if pin != "" {
			req.Header.Set("X-Unoref-Pin", pin)
		}
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		if w.Code != http.StatusSeeOther {
			t.Fatalf("POST /api/roster: %d", w.Code)
		}
		return w.Header().Get("Location")
	}
	if loc := add(""); !strings.Contains(loc, "error=") {
		t.Errorf("adding the guests without the PIN went to %q, want a refusal", loc)
	}
	if r, _ := j.Roster(context.Background()); len(r) != 0 {
		t.Fatalf("without the PIN the roster has %d players", len(r))
	}
	if loc := add("2468"); loc != "/family" {
		t.Fatalf("adding the guests with the PIN went to %q", loc)
	}
	page = family()
	if strings.Contains(page, `id="guests"`) || strings.Contains(page, `id="no-players"`) || !strings.Contains(page, "Вика</a>") || !strings.Contains(page, "Cy</a>") {
		t.Errorf("the family page after adding the guests: %s", between(page, `<section class="panel" id="family">`, `</section>`))
	}
}

// TestHistoryMarksSimulatedGames: the history lists a game played on
// simulated devices, saying it is not in the family's record.
func TestHistoryMarksSimulatedGames(t *testing.T) {
	j, err := table.OpenJournalWith(context.Background(), filepath.Join(t.TempDir(), "journal.db"), &journal.Opts{Simulated: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	tb, _ := tabletest.Virtual(t, j, table.Config{UnoGrace: -1}, nil)
	s := web.New(tb, &web.Opts{History: j, Record: j, Policy: web.PolicyVirtual})
	for _, a := range []string{`{"Kind":"newgame","Players":["Ann","Ben"],"Rules":"official"}`, `{"Kind":"end"}`} {
		if code, msg := send(t, s, a, ""); code != 200 {
			t.Fatalf("%s: %d %s", a, code, msg)
		}
	}
	list := readAll(t, get(t, s, "GET", "/history?lang=ru", nil, ""))
	if !strings.Contains(list, `<span class="sim">на виртуальном столе: в счёт семьи не входит</span>`) {
		t.Errorf("history: %s", between(list, `<ol class="games">`, `</ol>`))
	}
	game := readAll(t, get(t, s, "GET", "/history/1?lang=en", nil, ""))
	if !strings.Contains(game, `<span class="sim">on the virtual table: not in the family&#39;s record</span>`) {
		t.Errorf("the game's page: %s", between(game, `<dl class="facts stats">`, `</dl>`))
	}
}
