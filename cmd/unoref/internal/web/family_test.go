package web_test

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/web"
	"github.com/unoref/unoref/referee/journal"
	"github.com/unoref/unoref/referee/tablelog"
)

// handRecord is the journal of the two games the statistics are checked
// against by hand (referee/journal/testdata/hand-game*.log): Mia and Ben on
// the roster, Cy a guest.
func handRecord(t testing.TB) *table.SQLJournal {
	t.Helper()
	j := rosterRecord(t, nil, "Mia", "Ben")
	for i, name := range []string{"hand-game1.log", "hand-game2.log"} {
		playFile(t, j.J, filepath.Join("..", "..", "..", "..", "referee", "journal", "testdata", name), i == 0)
	}
	return j
}

// rosterRecord is a new journal (o may be nil) with names on its roster,
// in order (ids 1, 2…), as the page reads it.
func rosterRecord(t testing.TB, o *journal.Opts, names ...string) *table.SQLJournal {
	t.Helper()
	ctx := context.Background()
	j, err := journal.Open(ctx, filepath.Join(t.TempDir(), "journal.db"), o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	rec := &table.SQLJournal{J: j}
	for _, n := range names {
		if _, err := rec.AddPlayer(ctx, journal.Player{Name: n, Seat: journal.NoSeat}); err != nil {
			t.Fatal(err)
		}
	}
	return rec
}

// playFile journals the table log at path as a new game, ended when end.
func playFile(t testing.TB, j *journal.Journal, path string, end bool) {
	t.Helper()
	ctx := context.Background()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var evs []tablelog.Event
	for k, line := range strings.Split(string(b), "\n") {
		if ev, ok, err := tablelog.Parse(line, k+1); err == nil && ok {
			evs = append(evs, ev)
		}
	}
	tb, err := j.NewGame(ctx, evs[0].Names, evs[1:3]...)
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range evs[3:] {
		if _, err := tb.Apply(ctx, ev); err != nil {
			t.Fatal(err)
		}
	}
	if end {
		if err := tb.End(ctx); err != nil {
			t.Fatal(err)
		}
	}
}

func TestFamilyPage(t *testing.T) {
	rec := handRecord(t)
	s := web.New(newFakeTable(true), &web.Opts{History: rec, Record: rec})
	tests := []struct {
		path string
		code int
		want []string
	}{
		{"/family", 200, []string{
			`<p id="family-summary">2 games, 2 rounds</p>`,
			`<tr data-player="1"><td>1</td><td><a href="/family/1"> Mia</a></td>`,
			`<td>1 / 2</td><td>2 / 2</td><td>0.0</td>`, `<td class="trend">1 → 0</td>`,
			`<td class="trend">1 → 1</td>`, "<td>0 · 2 · 0</td>",
			`<a href="/family/1">Mia</a> – <a href="/family/2">Ben</a></td><td>1 – 0</td><td>2 – 0</td>`,
			`<td>official</td><td><a href="/family/1">Mia</a></td><td>1 / 1</td><td>2 / 2</td>`,
			`wrong card <b>2</b>`, `id="roster"`, "<svg ", `data-totals="1 0"`,
		}},
		{"/family?last=1", 200, []string{`<p id="family-summary">1 game, 0 rounds</p>`, `<a href="/family/1?last=1">`}},
		{"/family/2", 200, []string{
			`<h2 id="player-name"> Ben</h2>`, `<dd id="games-won">0 of 2</dd>`, `<dd id="avg-left">9.0</dd>`,
			`<a href="/history/1">game 1, round 2</a>: 6 left, 0 scored`, `<dd id="uno">0 called, 2 forgot, caught others 0 times</dd>`,
			`missed the colour asked for <b>1</b>`, `<dd id="trend">1 → 1 per game</dd>`, `<tr data-game="2"><td><a href="/history/2">2</a>`,
			`data-totals="1 1"`, `data-totals="9 0"`,
		}},
		{"/family/9", 404, []string{"There is no such player."}},
		{"/family/x", 404, []string{"There is no such player."}},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			r := get(t, s, "GET", tt.path, nil, "")
			page := readAll(t, r)
			if r.StatusCode != tt.code {
				t.Fatalf("GET %s = %d, want %d", tt.path, r.StatusCode, tt.code)
			}
			for _, w := range tt.want {
				if !strings.Contains(page, w) {
					t.Errorf("GET %s: page has no %q", tt.path, w)
				}
			}
		})
	}
	r := get(t, web.New(newFakeTable(true), nil), "GET", "/family", nil, "")
	if page := readAll(t, r); !strings.Contains(page, "This table keeps no record.") {
		t.Errorf("GET /family without a record: %q", page)
	}
}

// TestFamilyRussianHasNoEnglish: the family's record, its player pages,
// charts and roster forms speak the page's language: no English label is
// left, only the players' names; counts take the language's plural forms.
func TestFamilyRussianHasNoEnglish(t *testing.T) {
	rec := handRecord(t)
	s := web.New(newFakeTable(true), &web.Opts{History: rec, Record: rec})
	tests := []struct {
		path, accept string
		want         []string
	}{
		{"/family", "ru", []string{`<html lang="ru">`, `<p id="family-summary">2 игры, 2 раунда</p>`, "<h2>Друг против друга</h2>", "<td>официальные</td>", "не та карта <b>2</b>", `<span class="dim">2 игры</span>`}},
		{"/family?last=1", "ru", []string{`<p id="family-summary">1 игра, 0 раундов</p>`}},
		{"/family/2?lang=ru", "", []string{`<dd id="games-won">0 из 2</dd>`, "игра 1, раунд 2</a>: осталось 6, набрано 0", "Ben: отказы за игру", ">игра</text>"}},
		{"/family/9", "ru", []string{"Такого игрока нет."}},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			req, _ := http.NewRequest("GET", tt.path, nil)
			if tt.accept != "" {
				req.Header.Set("Accept-Language", tt.accept)
			}
			page := readAll(t, serve(s, req))
			if english := latinWords(visibleText(page), []string{"unoref", "Mia", "Ben", "Cy"}); len(english) > 0 {
				t.Errorf("GET %s in Russian shows Latin words %q", tt.path, english)
			}
			for _, w := range tt.want {
				if !strings.Contains(page, w) {
					t.Errorf("GET %s: page has no %q", tt.path, w)
				}
			}
		})
	}
}

func TestRosterForms(t *testing.T) {
	rec := handRecord(t)
	post := func(s http.Handler, form url.Values) string {
		t.Helper()
		r := get(t, s, "POST", "/api/roster", strings.NewReader(form.Encode()), "application/x-www-form-urlencoded")
		if r.StatusCode != http.StatusSeeOther {
			t.Fatalf("POST /api/roster %v = %d, want 303", form, r.StatusCode)
		}
		return r.Header.Get("Location")
	}
	open := web.New(newFakeTable(true), &web.Opts{History: rec, Record: rec})
	tests := []struct {
		name string
		s    http.Handler
		form url.Values
		want string // where it goes back to
	}{
		{"rename", open, url.Values{"op": {"edit"}, "id": {"1"}, "name": {"Mira"}, "mark": {"#e53935"}, "seat": {"1"}, "back": {"/family/1"}}, "/family/1"},
		{"a space", open, url.Values{"op": {"edit"}, "id": {"1"}, "name": {"Mi ra"}}, "/family?error=" + url.QueryEscape(`A name can't contain # or spaces: try Mi-ra`)},
		{"taken", open, url.Values{"op": {"edit"}, "id": {"2"}, "name": {"mira"}}, "/family?error=" + url.QueryEscape(`That name is taken: "mira" is on the roster. Two names for one person? Merge them.`)},
		{"add", open, url.Values{"op": {"add"}, "name": {"Cy"}, "mark": {"★"}}, "/family"},
		{"same game", open, url.Values{"op": {"merge"}, "id": {"3"}, "into": {"1"}}, "/family?error=" + url.QueryEscape("They played in the same game, so they are two people.")},
		{"split", open, url.Values{"op": {"move"}, "game": {"2"}, "seat": {"3"}, "to": {""}}, "/family"},
		{"no op", open, url.Values{}, "/family?error=" + url.QueryEscape("Say what to do: add, edit, merge or move.")},
		{"real table, no PIN", web.New(newFakeTable(false), &web.Opts{Record: rec}), url.Values{"op": {"add"}, "name": {"Zoe"}}, "/family?error=" + url.QueryEscape(web.ErrForbidden.Error())},
		{"wrong PIN", web.New(newFakeTable(true), &web.Opts{Record: rec, PIN: "1234"}), url.Values{"op": {"add"}, "name": {"Zoe"}, "pin": {"9"}}, "/family?error=" + url.QueryEscape(web.ErrWrongPIN.Error())},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := post(tt.s, tt.form); got != tt.want {
				t.Errorf("POST /api/roster %v goes to %q, want %q", tt.form, got, tt.want)
			}
		})
	}
	// The new name is on every past game, and the mark beside it.
	for _, path := range []string{"/history", "/history/1", "/history/2", "/family", "/family/1"} {
		page := readAll(t, get(t, open, "GET", path, nil, ""))
		if !strings.Contains(page, "Mira") || strings.Contains(page, ">Mia<") {
			t.Errorf("GET %s: no Mira, or Mia still there", path)
		}
	}
	if page := readAll(t, get(t, open, "GET", "/family", nil, "")); !strings.Contains(page, `<circle cx="6" cy="6" r="6" fill="#e53935"/>`) || !strings.Contains(page, `<span class="mark">★</span>`) {
		t.Errorf("GET /family: the marks are not drawn")
	}
}

func TestRosterPick(t *testing.T) {
	rec := handRecord(t)
	if err := rec.EditPlayer(context.Background(), journal.Player{ID: 2, Name: "Ben", Seat: 0}); err != nil {
		t.Fatal(err)
	}
	page := readAll(t, get(t, web.New(newFakeTable(true), &web.Opts{History: rec, Record: rec}), "GET", "/", nil, ""))
	ben, mia := strings.Index(page, `<button type="button" data-name="Ben">Ben</button>`), strings.Index(page, `<button type="button" data-name="Mia">Mia</button>`)
	if ben < 0 || mia < 0 || ben > mia {
		t.Errorf("the new-game form offers Ben at %d and Mia at %d: want both, Ben (usual seat 1) first", ben, mia)
	}
	if !strings.Contains(page, `id="family-link"`) {
		t.Errorf("the page has no link to the family")
	}
}

func TestHistoryPages(t *testing.T) {
	h := &memHistory{rounds: map[int64][]journal.Round{}}
	for id := int64(1); id <= 250; id++ {
		g, rs := played(id, []string{"Ann", "Ben"}, "rules official", "Ann", false, []int{10, 0})
		h.games = append(h.games, g)
		h.rounds[id] = rs
	}
	s := web.New(newFakeTable(true), &web.Opts{History: h})
	tests := []struct {
		path        string
		first, last int
		older       string
	}{
		{"/history", 250, 151, `href="/history?before=151"`},
		{"/history?before=151", 150, 51, `href="/history?before=51"`},
		{"/history?before=51", 50, 1, ""},
	}
	for _, tt := range tests {
		page := readAll(t, get(t, s, "GET", tt.path, nil, ""))
		if n := strings.Count(page, `<li class="game`); n != tt.first-tt.last+1 {
			t.Errorf("GET %s lists %d games, want %d", tt.path, n, tt.first-tt.last+1)
		}
		for _, id := range []int{tt.first, tt.last} {
			if !strings.Contains(page, fmt.Sprintf(`data-game="%d"`, id)) {
				t.Errorf("GET %s has no game %d", tt.path, id)
			}
		}
		if got := strings.Contains(page, `id="older"`); got != (tt.older != "") || !strings.Contains(page, tt.older) {
			t.Errorf("GET %s: link to older games %v, want %q", tt.path, got, tt.older)
		}
	}
}

// TestPlayerPageShowsTheLastGames: a player with more games than a page
// lists sees their last ones, and how many of how many.
func TestPlayerPageShowsTheLastGames(t *testing.T) {
	rec := handRecord(t)
	ctx := context.Background()
	open, err := rec.J.Resume(ctx) // hand game 2
	if err != nil {
		t.Fatal(err)
	}
	if err := open.End(ctx); err != nil {
		t.Fatal(err)
	}
	for range 60 {
		// A round each: a game abandoned before a round is not played.
		playFile(t, rec.J, filepath.Join("testdata", "one-round.log"), true)
	}
	s := web.New(newFakeTable(true), &web.Opts{History: rec, Record: rec})
	page := readAll(t, get(t, s, "GET", "/family/1", nil, ""))
	// Hand game 2, abandoned before a round ended, was not played: 61.
	if want := `<p class="dim" id="player-games-shown">The last 50 of 61 games</p>`; !strings.Contains(page, want) {
		t.Errorf("GET /family/1: page has no %q", want)
	}
	if n := strings.Count(page, "<tr data-game="); n != 50 {
		t.Errorf("GET /family/1 lists %d games, want 50", n)
	}
	for _, g := range []string{`<tr data-game="62">`, `<tr data-game="13">`} {
		if !strings.Contains(page, g) {
			t.Errorf("GET /family/1: page has no %q", g)
		}
	}
	if strings.Contains(page, `<tr data-game="12">`) {
		t.Error("GET /family/1 lists game 12, older than the last 50")
	}
	page = readAll(t, get(t, s, "GET", "/family/1?last=5", nil, ""))
	if strings.Contains(page, "player-games-shown") || strings.Count(page, "<tr data-game=") != 5 {
		t.Errorf("GET /family/1?last=5: want its 5 games, all of them listed")
	}
}

// TestChartLegendsDoNotOverlap: in every language, the legend items of a
// player's charts ("points left per round", "հաղթած փուլեր") each get the
// room their words take, at 10 units a letter, and stay inside the chart.
func TestChartLegendsDoNotOverlap(t *testing.T) {
	rec := handRecord(t)
	s := web.New(newFakeTable(true), &web.Opts{History: rec, Record: rec})
	svg := regexp.MustCompile(`(?s)<svg [^>]*viewBox="0 0 (\d+) \d+".*?<g class="legend"[^>]*>(.*?)</g>`)
	item := regexp.MustCompile(`<rect x="(\d+)" y="(\d+)"[^>]*/>\s*<text[^>]*>([^<]*)</text>`)
	for _, l := range []string{"en", "ru", "sr", "sr-Cyrl", "ro", "hy"} {
		page := readAll(t, get(t, s, "GET", "/family/1?lang="+l, nil, ""))
		charts := svg.FindAllStringSubmatch(page, -1)
		if len(charts) < 2 {
			t.Fatalf("%s: /family/1 has %d charts, want 2", l, len(charts))
		}
		for _, c := range charts {
			w, _ := strconv.Atoi(c[1])
			end, row := 0, -1
			for _, m := range item.FindAllStringSubmatch(c[2], -1) {
				x, _ := strconv.Atoi(m[1])
				y, _ := strconv.Atoi(m[2])
				if y != row {
					end, row = 0, y
				}
				name := html.UnescapeString(m[3])
				if x < end {
					t.Errorf("%s: legend %q at x=%d overlaps the one before, which ends at %d", l, name, x, end)
				}
				end = x + 20 + 10*utf8.RuneCountInString(name)
				if end > w && x > 44 {
					t.Errorf("%s: legend %q ends at %d, the chart is %d wide", l, name, end, w)
				}
			}
		}
	}
}
