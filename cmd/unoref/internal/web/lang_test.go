package web_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	htmltemplate "html/template"
	"image/png"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/web"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/journal"
)

// TestPageLanguage: the page speaks the language picked with the selector
// (?lang= and its cookie), else the phone's (Accept-Language) when it is
// not English, else the table's; <html lang> says which.
func TestPageLanguage(t *testing.T) {
	tests := []struct {
		name         string
		table        lang.Lang
		accept       string
		cookie       string
		query        string
		want         string // <html lang>
		wantLabel    string // the Start button's words
		wantSetsLang string // the cookie the answer sets, "" for none
	}{
		{"the table's language", lang.Russian, "", "", "", "ru", "Начать новую игру", ""},
		{"a browser's default English keeps the table's", lang.Russian, "en-US,en;q=0.9", "", "", "ru", "Начать новую игру", ""},
		{"a phone in Romanian", lang.English, "ro-RO,ro;q=0.9,en;q=0.5", "", "", "ro", "Începe un joc nou", ""},
		{"a phone in Armenian at a Russian table", lang.Russian, "hy", "", "", "hy", "Սկսել նոր խաղ", ""},
		{"a phone in German", lang.Serbian, "de-DE", "", "", "sr", "Započni novu igru", ""},
		{"the selector's cookie", lang.Russian, "ru", "en", "", "en", "Start a new game", ""},
		{"the selector", lang.English, "ru", "ro", "sr-Cyrl", "sr-Cyrl", "Започни нову игру", "sr-Cyrl"},
		{"a bad cookie", lang.Romanian, "", "xx", "", "ro", "Începe un joc nou", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := web.New(&fixedTable{snap: tenPlayers()}, &web.Opts{Lang: tt.table})
			req, _ := http.NewRequest("GET", "/?lang="+tt.query, nil)
			if tt.query == "" {
				req.URL.RawQuery = ""
			}
			if tt.accept != "" {
				req.Header.Set("Accept-Language", tt.accept)
			}
			if tt.cookie != "" {
				req.AddCookie(&http.Cookie{Name: "lang", Value: tt.cookie})
			}
			r := serve(s, req)
			page := readAll(t, r)
			if got := htmlLang(page); got != tt.want {
				t.Errorf("<html lang> = %q, want %q", got, tt.want)
			}
			if !strings.Contains(page, tt.wantLabel) {
				t.Errorf("page has no %q", tt.wantLabel)
			}
			got := ""
			for _, c := range r.Cookies() {
				if c.Name == "lang" {
					got = c.Value
				}
			}
			if got != tt.wantSetsLang {
				t.Errorf("lang cookie set = %q, want %q", got, tt.wantSetsLang)
			}
		})
	}
}

var htmlLangRe = regexp.MustCompile(`<html lang="([^"]*)">`)

func htmlLang(page string) string {
	m := htmlLangRe.FindStringSubmatch(page)
	if m == nil {
		return ""
	}
	return m[1]
}

// TestPageRussianHasNoEnglish: every word of a Russian page outside the
// table's log, the language list and the brand is Russian.
func TestPageRussianHasNoEnglish(t *testing.T) {
	snap := tenPlayers()
	snap.Log = nil
	snap.Prompt = "Gus: draw 4 or challenge." // the table's own, English: not shown
	snap.Last = table.Verdict{Code: "illegal-card", Message: "Red 3 can't go on Wild", Event: "play R3",
		Msg: msg.Sentence{{Key: "refuse.nomatch", Args: msg.Args{Player: "Gus", Card: card(t, "R3"), Top: card(t, "W+4"), Color: cards.Green}}}}
	s := web.New(&fixedTable{snap: snap}, &web.Opts{Lang: lang.Russian})
	page := readAll(t, get(t, s, "GET", "/", nil, ""))
	text := visibleText(regexp.MustCompile(`(?s)<select id="lang".*?</select>`).ReplaceAllString(page, ""))
	if english := latinWords(text, append([]string{"unoref", "UNO", "admin_pin"}, snap.Players...)); len(english) > 0 {
		t.Errorf("the Russian page shows Latin words %q", english)
	}
	want := lang.Russian.Sentence(snap.Last.Msg)
	if !strings.Contains(page, want) {
		t.Errorf("the page has no verdict %q in Russian", want)
	}
}

// latinWords are the words of text in Latin letters (three or more) other
// than allowed: on a page in Cyrillic, what is left in English.
func latinWords(text string, allowed []string) []string {
	var out []string
	for _, w := range latinRe.FindAllString(text, -1) {
		if !slices.Contains(allowed, w) {
			out = append(out, w)
		}
	}
	return out
}

var latinRe = regexp.MustCompile(`[A-Za-z_]{3,}`)

func card(t *testing.T, code string) cards.Card {
	t.Helper()
	c, err := cards.Parse(code)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var (
	tagsRe   = regexp.MustCompile(`(?s)<script.*?</script>|<style.*?</style>|<[^>]*>`)
	entityRe = regexp.MustCompile(`&[a-z#0-9]+;`)
)

// visibleText is the text of an HTML page without its tags, scripts and
// attributes.
func visibleText(page string) string {
	return entityRe.ReplaceAllString(tagsRe.ReplaceAllString(page, " "), " ")
}

// TestStateInPageLanguage: /api/state and the events carry the verdict and
// the page's words in the language of the page that asks.
func TestStateInPageLanguage(t *testing.T) {
	snap := tenPlayers()
	snap.Last.Msg = msg.Sentence{{Key: "refuse.nomatch", Args: msg.Args{Player: "Gus", Card: card(t, "R3"), Top: card(t, "W+4"), Color: cards.Green}}}
	snap.PromptMsg = msg.Msg{Key: "wait.challenge", Args: msg.Args{Player: "Gus", N: 4}}
	s := web.New(&fixedTable{snap: snap}, nil)
	req, _ := http.NewRequest("GET", "/api/state", nil)
	req.Header.Set("Accept-Language", "ru")
	var got struct {
		Prompt string
		Last   struct{ Message string }
		Page   struct {
			Lang, Head, Color string
			Hands             map[string]string
		}
	}
	if err := json.NewDecoder(serve(s, req).Body).Decode(&got); err != nil {
		t.Fatal(err)
	}
	want := lang.Russian.Sentence(snap.Last.Msg)
	if got.Last.Message != want {
		t.Errorf("Last.Message = %q, want %q", got.Last.Message, want)
	}
	if want := lang.Russian.Render(snap.PromptMsg); got.Prompt != want {
		t.Errorf("Prompt = %q, want %q", got.Prompt, want)
	}
	if diff := cmp.Diff([]string{"ru", "ходит Gus", "зелёный", "7 карт"}, []string{got.Page.Lang, got.Page.Head, got.Page.Color, got.Page.Hands["Gus"]}); diff != "" {
		t.Errorf("Page words (-want +got):\n%s", diff)
	}
}

// TestHeadline: the headline says what the table does in every phase:
// no game, the dealer pick, the starter of the first and of a later round,
// whose turn, the count-up, the winner.
func TestHeadline(t *testing.T) {
	seats := []string{"Ann", "Ben"}
	tests := []struct {
		name string
		snap table.Snapshot
		want string
	}{
		{"no game", table.Snapshot{}, "no game yet"},
		{"the dealer pick", table.Snapshot{Players: seats, PickNext: "Ben", State: referee.State{Phase: referee.PhaseSetup}}, "choosing the dealer: Ben taps a card"},
		{"no dealer yet", table.Snapshot{Players: seats, State: referee.State{Phase: referee.PhaseSetup}}, "choosing the dealer: everyone taps a card"},
		{"the first starter", table.Snapshot{Players: seats, State: referee.State{Phase: referee.PhaseSetup, Dealer: "Ann"}}, "round 1: Ann deals, then turns up the starter"},
		{"between rounds", table.Snapshot{Players: seats, State: referee.State{Phase: referee.PhaseSetup, Dealer: "Ben", Round: 1}}, "round 2: Ben deals, then turns up the starter"},
		{"a turn", table.Snapshot{Players: seats, Names: map[string]string{"Ben": "Bo"}, State: referee.State{Phase: referee.PhaseTurn, Turn: "Ben"}}, "Bo to play"},
		{"the count-up", table.Snapshot{Players: seats, State: referee.State{Phase: referee.PhaseCountup}}, "counting the cards left"},
		{"won", table.Snapshot{Players: seats, State: referee.State{Phase: referee.PhaseOver, Winner: "Ann"}}, "🏆 Ann wins"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			page := readAll(t, get(t, web.New(&fixedTable{snap: tt.snap}, nil), "GET", "/", nil, ""))
			want := `<p id="turn" class="whose">` + tt.want + `</p>`
			if !strings.Contains(page, want) {
				t.Errorf("page has no %q", want)
			}
		})
	}
}

// TestCountupSkipsCounted: a player already counted gets no points form.
func TestCountupSkipsCounted(t *testing.T) {
	snap := table.Snapshot{Virtual: true, Players: []string{"Ann", "Ben", "Cy"}, Counted: []string{"Ann"},
		State: referee.State{Phase: referee.PhaseCountup, Hands: map[string]int{"Ann": 3, "Ben": 0, "Cy": 2}}}
	page := readAll(t, get(t, web.New(&fixedTable{snap: snap}, nil), "GET", "/", nil, ""))
	for name, want := range map[string]bool{"Ann": false, "Ben": false, "Cy": true} {
		if got := strings.Contains(page, `data-action data-name="`+name+`"`); got != want {
			t.Errorf("count-up form for %s = %v, want %v", name, got, want)
		}
	}
}

// TestBetweenRounds: while the dealer deals, the last round's top card
// and hand counts are gone from the page.
func TestBetweenRounds(t *testing.T) {
	snap := table.Snapshot{Players: []string{"Ann", "Ben"},
		State: referee.State{Phase: referee.PhaseSetup, Dealer: "Ben", Round: 1, Top: "R7", Color: "R",
			Hands: map[string]int{"Ann": 3, "Ben": 0}, Scores: map[string]int{"Ben": 42}}}
	page := readAll(t, get(t, web.New(&fixedTable{snap: snap}, nil), "GET", "/", nil, ""))
	for _, want := range []string{
		`<div id="top" class="card c-none" title="" data-code="">`,
		`<span id="color" class="swatch c-none">–</span>`,
		`data-name="Ann" data-hand=""><span class="name">Ann</span><span class="hand">–</span><span class="score">0 points</span>`,
		`<span class="hand">–</span><span class="score">42 points</span>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page has no %q", want)

		}
	}
}

// TestNewGameForm: each preset ticks its own options, every option is a
// box with its one line from the catalog, in the page's language.
func TestNewGameForm(t *testing.T) {
	s := web.New(&fixedTable{snap: table.Snapshot{Virtual: true}}, &web.Opts{Lang: lang.Russian})
	page := readAll(t, get(t, s, "GET", "/", nil, ""))
	for _, o := range []struct{ name, presets string }{
		{"jump-in", "house-ru"}, {"deflect-draw-two", "house-ru"}, {"wd4-answer-draw-two", "house-ru"},
		{"stacking", ""}, {"seven-zero", ""}, {"play-to-end", ""},
	} {
		want := `<input type="checkbox" name="opt" value="+` + o.name + `" data-presets="` + o.presets + `">`
		if !strings.Contains(page, want) {
			t.Errorf("page has no %q", want)
		}
		line := lang.Russian.Render(msg.Msg{Key: "rules.option." + o.name})
		if !strings.Contains(page, template(line)) {
			t.Errorf("option %s has no explanation %q", o.name, line)
		}
	}
	for _, p := range []string{"official", "cars", "house-ru"} {
		if line := lang.Russian.Render(msg.Msg{Key: "rules.preset." + p}); !strings.Contains(page, template(line)) {
			t.Errorf("preset %s has no explanation %q", p, line)
		}
	}
}

// TestNewGameFormRules: without the script, the form's boxes become the
// rules line: a box the preset has and is unticked is -name.
func TestNewGameFormRules(t *testing.T) {
	tests := []struct {
		name, form, want string
	}{
		{"official as it is", "preset=official", "official"},
		{"official with stacking", "preset=official&opt=stacking", "official +stacking"},
		{"house-ru as it is", "preset=house-ru&opt=jump-in&opt=deflect-draw-two&opt=wd4-answer-draw-two", "house-ru"},
		{"house-ru: stacking for deflect", "preset=house-ru&opt=jump-in&opt=stacking&opt=wd4-answer-draw-two", "house-ru -deflect-draw-two +stacking"},
		{"more settings", "preset=cars&extra=uno-penalty%3D4", "cars uno-penalty=4"},
		{"house-ru, boxes as drawn", "preset=house-ru", "house-ru"},
		{"house-ru, every box unticked but one", "preset=house-ru&opt=%2Bjump-in", "house-ru -deflect-draw-two -wd4-answer-draw-two"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &recordingTable{fixedTable: fixedTable{snap: table.Snapshot{Virtual: true}}}
			r := get(t, web.New(rec, nil), "POST", "/api/action", strings.NewReader("kind=newgame&players=Ann+Ben&"+tt.form), "application/x-www-form-urlencoded")
			if r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != "/" {
				t.Fatalf("POST = %d to %q, want 303 to /", r.StatusCode, r.Header.Get("Location"))
			}
			if rec.got.Rules != tt.want {
				t.Errorf("rules = %q, want %q", rec.got.Rules, tt.want)
			}
		})
	}
}

// recordingTable keeps the last action it was asked to do.
type recordingTable struct {
	fixedTable
	got table.Action
}

func (r *recordingTable) Do(_ context.Context, a table.Action) error {
	r.got = a
	return nil
}

// TestClashInWords: options that can't go together are refused in the
// page's language, naming both, with no rules-line syntax.
func TestClashInWords(t *testing.T) {
	for _, l := range lang.Languages() {
		t.Run(l.String(), func(t *testing.T) {
			s := web.New(&fixedTable{snap: table.Snapshot{Virtual: true}}, &web.Opts{Lang: l})
			r := get(t, s, "POST", "/api/action", strings.NewReader(`{"Kind":"newgame","Players":["Ann","Ben"],"Rules":"house-ru +stacking"}`), "application/json")
			body := strings.TrimSpace(readAll(t, r))
			if r.StatusCode != http.StatusBadRequest {
				t.Fatalf("status %d, want 400", r.StatusCode)
			}
			for _, name := range []string{"stacking", "deflect-draw-two"} {
				if w := l.Render(msg.Msg{Key: "rules.name." + name}); !strings.Contains(strings.ToLower(body), strings.ToLower(w)) {
					t.Errorf("refusal %q does not name %q", body, w)
				}
			}
			if strings.Contains(body, "-deflect") || strings.Contains(body, "+") || strings.Contains(body, "=") {
				t.Errorf("refusal %q has rules-line syntax", body)
			}
		})
	}
}

// TestFavicon: /favicon.ico is an icon file holding a 32×32 PNG.
func TestFavicon(t *testing.T) {
	r := get(t, web.New(&fixedTable{}, nil), "GET", "/favicon.ico", nil, "")
	if r.StatusCode != http.StatusOK || r.Header.Get("Content-Type") != "image/x-icon" {
		t.Fatalf("GET /favicon.ico = %d %q, want 200 image/x-icon", r.StatusCode, r.Header.Get("Content-Type"))
	}
	b := []byte(readAll(t, r))
	var dir [3]uint16
	if err := binary.Read(bytes.NewReader(b), binary.LittleEndian, &dir); err != nil || dir != [3]uint16{0, 1, 1} {
		t.Fatalf("ICONDIR = %v (%v), want [0 1 1]", dir, err)
	}
	off := binary.LittleEndian.Uint32(b[6+12:])
	img, err := png.Decode(bytes.NewReader(b[off:]))
	if err != nil {
		t.Fatalf("the icon's image: %v", err)
	}
	if got := img.Bounds().Dx(); got != 32 || b[6] != 32 {
		t.Errorf("icon is %d px (entry says %d), want 32", got, b[6])
	}
}

func serve(h http.Handler, req *http.Request) *http.Response {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w.Result()
}

// TestHistoryInRussian: the history list, a game's page and its chart
// speak the page's language.
func TestHistoryInRussian(t *testing.T) {
	g, rs := played(1, []string{"Аня", "Боря"}, "rules official", "", false, []int{0, 20}, []int{0, 0})
	h := &memHistory{games: []journal.GameSummary{g}, rounds: map[int64][]journal.Round{1: rs}}
	s := web.New(newFakeTable(true), &web.Opts{History: h, Lang: lang.Russian})
	for _, tt := range []struct {
		path string
		want []string
	}{
		{"/history", []string{`<html lang="ru">`, "<h2>Игры</h2>", "<b>Игра 1</b>", "прервана", "раундов: 2"}},
		{"/history/1", []string{"<h2>Игра 1</h2>", "<dt>правила</dt>", "<th>раунд</th><th>победитель</th>", "<th>всего</th>", "Все игры"}},
		{"/history/1.svg", []string{"Игра 1: сумма очков по раундам", ">раунд</text>"}},
	} {
		page := readAll(t, get(t, s, "GET", tt.path, nil, ""))
		for _, w := range tt.want {
			if !strings.Contains(page, w) {
				t.Errorf("GET %s has no %q", tt.path, w)
			}
		}
	}
}

// TestChartNoLineHidden: players with the same totals (everyone at 0)
// draw side by side with their own dash, none under another; the labels
// are at least 16 units on a drawing at most 420 wide (readable on a
// 360 px phone).
func TestChartNoLineHidden(t *testing.T) {
	g, rs := played(1, []string{"Ann", "Ben", "Cy"}, "rules official", "", true, []int{0, 0, 0}, []int{30, 0, 0})
	h := &memHistory{games: []journal.GameSummary{g}, rounds: map[int64][]journal.Round{1: rs}}
	svg := readAll(t, get(t, web.New(newFakeTable(true), &web.Opts{History: h}), "GET", "/history/1.svg", nil, ""))
	lines := regexp.MustCompile(`<polyline data-player="([^"]+)"[^>]*?(?: stroke-dasharray="([^"]+)")? points="([^"]+)"`).FindAllStringSubmatch(svg, -1)
	if len(lines) != 3 {
		t.Fatalf("%d lines, want 3:\n%s", len(lines), svg)
	}
	points, dashes := map[string]bool{}, map[string]bool{}
	for _, l := range lines {
		points[l[3]] = true
		dashes[l[2]] = true
	}
	if len(points) != 3 || len(dashes) != 3 {
		t.Errorf("lines share points or dashes: %q", lines)
	}
	m := regexp.MustCompile(`viewBox="0 0 (\d+) `).FindStringSubmatch(svg)
	if m == nil {
		t.Fatalf("chart has no viewBox")
	}
	if w, _ := strconv.Atoi(m[1]); w > 420 {
		t.Errorf("chart is %d units wide, want at most 420", w)
	}
	if !strings.Contains(svg, `font-size="16"`) {
		t.Errorf("chart labels are not 16 units")
	}
}

// TestNewGameFormLastPlayers: with no game on, the form offers the players
// of the last game in the history.
func TestNewGameFormLastPlayers(t *testing.T) {
	h := threeGames()
	last := h.games[len(h.games)-1].Players
	page := readAll(t, get(t, web.New(&fixedTable{snap: table.Snapshot{Virtual: true}}, &web.Opts{History: h}), "GET", "/", nil, ""))
	want := `id="players" name="players" value="` + htmlEscape(strings.Join(last, " ")) + `"`
	if !strings.Contains(page, want) {
		t.Errorf("page has no %q", want)
	}
}

func htmlEscape(s string) string {
	var b strings.Builder
	htmltemplate.HTMLEscape(&b, []byte(s))
	return b.String()
}

// TestFinalStandings: with no game on, the page shows the last game's
// final standings from the history, best first, lowest first under
// penalty scoring; none while that game is still open.
func TestFinalStandings(t *testing.T) {
	tests := []struct {
		name  string
		rules string
		open  bool
		want  string
	}{
		{"winner collects", "rules official", false, "Game 1: Ben 30 points · Cy 5 points · Ann 0 points"},
		{"penalty", "rules house-ru", false, "Game 1: Ann 0 points · Cy 5 points · Ben 30 points"},
		{"still open", "rules official", true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, rs := played(1, []string{"Ann", "Ben", "Cy"}, tt.rules, "", tt.open, []int{0, 30, 5})
			h := &memHistory{games: []journal.GameSummary{g}, rounds: map[int64][]journal.Round{1: rs}}
			page := readAll(t, get(t, web.New(&fixedTable{snap: table.Snapshot{Virtual: true}}, &web.Opts{History: h}), "GET", "/", nil, ""))
			got := regexp.MustCompile(`<p id="standings-text">([^<]*)</p>`).FindStringSubmatch(page)
			if got == nil || got[1] != tt.want {
				t.Errorf("standings = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestAlertInPageLanguage: the banner of a damaged journal (Snapshot.Alert)
// is in the page's language, the command to type as code, the technical
// reason in English folded away (lang="en"), and a path or a reason is
// never read as HTML.
func TestAlertInPageLanguage(t *testing.T) {
	taken := time.Date(2026, 11, 24, 20, 30, 0, 0, time.Local)
	restore := msg.Msg{Key: "table.alert.damaged", Args: msg.Args{Path: "/data/<x>/journal.db", Command: "unoref restore --data /data/<x>", Time: taken, Text: "game 3 holds 10 events, but 12 were acknowledged: 2 are lost"}}
	noCopy := msg.Msg{Key: "table.alert.damaged.nocopy", Args: msg.Args{Path: "/data/journal.db", Text: "the file is empty, but 4 events of game 1 were acknowledged"}}
	tests := []struct {
		name   string
		alert  msg.Msg
		table  lang.Lang
		accept string
		want   []string
	}{
		{"a Russian phone", restore, lang.English, "ru", []string{"Журнал игры (/data/&lt;x&gt;/journal.db) повреждён", "2026-11-24 20:30", "выполните <code>unoref restore --data /data/&lt;x&gt;</code>", `<summary>Технические подробности</summary><p lang="en">game 3 holds 10 events, but 12 were acknowledged: 2 are lost</p>`}},
		{"an English table", restore, lang.English, "", []string{"The game journal (/data/&lt;x&gt;/journal.db) is damaged", "2026-11-24 20:30", "run <code>unoref restore --data /data/&lt;x&gt;</code>", `<summary>Technical details</summary><p lang="en">game 3 holds`}},
		{"no copy, a Russian table", noCopy, lang.Russian, "", []string{"копии, к которой можно вернуться, ещё нет", "перенесите /data/journal.db", `<p lang="en">the file is empty`}},
		{"no copy in Armenian", noCopy, lang.English, "hy", []string{"Խաղի մատյանը (/data/journal.db) վնասված է"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			snap := tenPlayers()
			snap.Alert = tt.alert
			s := web.New(&fixedTable{snap: snap}, &web.Opts{Lang: tt.table})
			req, _ := http.NewRequest("GET", "/", nil)
			if tt.accept != "" {
				req.Header.Set("Accept-Language", tt.accept)
			}
			banner := alertBanner(readAll(t, serve(s, req)))
			for _, w := range tt.want {
				if !strings.Contains(banner, w) {
					t.Errorf("banner %q has no %q", banner, w)
				}
			}
			if tt.accept == "ru" || tt.table == lang.Russian {
				if english := latinWords(visibleText(alertWords.ReplaceAllString(banner, " ")), nil); len(english) > 0 {
					t.Errorf("the Russian banner shows Latin words %q outside the command, the path and the detail", english)
				}
			}
		})
	}
	t.Run("none", func(t *testing.T) {
		page := readAll(t, serve(web.New(&fixedTable{snap: tenPlayers()}, &web.Opts{}), httptest.NewRequest("GET", "/", nil)))
		if strings.Contains(page, `id="alert"`) {
			t.Errorf("a page without Snapshot.Alert shows a banner")
		}
	})
}

// alertWords are the parts of a banner that stay as typed: the command,
// the path, the technical detail.
var alertWords = regexp.MustCompile(`(?s)<code>.*?</code>|\(/data/[^)]*\)|/data/\S*|<p lang="en">.*?</p>`)

// alertBanner is the #alert element of a page, "" when there is none.
func alertBanner(page string) string {
	i := strings.Index(page, `<div id="alert"`)
	if i < 0 {
		return ""
	}
	j := strings.Index(page[i:], "</div>")
	if j < 0 {
		return page[i:]
	}
	return page[i : i+j+len("</div>")]
}

// refusingTable refuses every action with its sentence, in the table's
// language as table.Table.Do does.
type refusingTable struct {
	fixedTable
	refusal table.ActionError
}

func (r *refusingTable) Do(context.Context, table.Action) error {
	e := r.refusal
	return &e
}

// TestRefusalInPageLanguage: a control the table refuses, one the page
// can't send and a PIN the page refuses are said in the page's language,
// not the table's.
func TestRefusalInPageLanguage(t *testing.T) {
	damaged := table.ActionError{Msg: msg.Sentence{{Key: "table.damaged"}}, Lang: lang.English}
	newGame := `{"Kind":"newgame","Players":["Ann","Ben"],"Rules":"official"}`
	tests := []struct {
		name   string
		pin    string // the table's PIN
		accept string
		path   string
		body   string // a JSON action, else a form
		want   string
	}{
		{"a table refusal, JSON", "", "ru", "/api/action", newGame, lang.Russian.Render(msg.Msg{Key: "table.damaged"})},
		{"a table refusal, English", "", "", "/api/action", newGame, "Nothing can be saved: the game journal is damaged"},
		{"no card picked, a form", "", "ro", "/api/action", "kind=tap&pad=play", "/?error=" + url.QueryEscape(lang.Romanian.Render(msg.Msg{Key: "page.error.pickcard"}))},
		{"no PIN given", "4821", "ru", "/api/action", newGame, "Для этого нужен ПИН-код: сначала введите его."},
		{"a wrong PIN, a form", "4821", "hy", "/api/login", "pin=1111", "/?error=" + url.QueryEscape("ՊԻՆ-ը սխալ է։")},
		{"a wrong PIN, English", "4821", "", "/api/login", `{"PIN":"1111"}`, "That PIN is wrong."},
		{"no PIN to enter", "", "sr-Latn", "/api/login", `{"PIN":"1111"}`, "Ovaj sto nema PIN"},
		{"not a number, a form", "", "ru", "/api/action", "kind=points&name=Ann&points=двенадцать", "/?error=" + url.QueryEscape("«двенадцать» — не целое число.")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := web.New(&refusingTable{fixedTable{snap: table.Snapshot{Virtual: true}}, damaged}, &web.Opts{PIN: tt.pin})
			ctype := "application/json"
			if !strings.HasPrefix(tt.body, "{") {
				ctype = "application/x-www-form-urlencoded"
			}
			req := httptest.NewRequest("POST", tt.path, strings.NewReader(tt.body))
			req.Header.Set("Content-Type", ctype)
			if tt.accept != "" {
				req.Header.Set("Accept-Language", tt.accept)
			}
			r := serve(s, req)
			got := r.Header.Get("Location")
			if ctype == "application/json" {
				got = strings.TrimSpace(readAll(t, r))
			}
			if !strings.Contains(got, tt.want) {
				t.Errorf("POST %s %s (Accept-Language %q) = %q, want %q", tt.path, tt.body, tt.accept, got, tt.want)
			}
		})
	}
}
