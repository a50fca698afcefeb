package web_test

import (
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/unoref/unoref/cmd/unoref/internal/web"
	"github.com/unoref/unoref/referee/journal"
)

// memHistory is a history held in memory, as the journal would report it.
type memHistory struct {
	games  []journal.GameSummary
	rounds map[int64][]journal.Round
	err    error
}

func (h *memHistory) Games(ctx context.Context) ([]journal.GameSummary, error) { return h.games, h.err }
func (h *memHistory) Rounds(ctx context.Context, id int64) ([]journal.Round, error) {
	return h.rounds[id], h.err
}

// played builds a game of players whose round points are given per round,
// by seat; totals run on.
func played(id int64, players []string, rules, winner string, open bool, points ...[]int) (journal.GameSummary, []journal.Round) {
	start := time.Date(2025, 3, int(id), 20, 0, 0, 0, time.UTC)
	g := journal.GameSummary{ID: id, StartedAt: start, Players: players, Rules: rules, Winner: winner, Rounds: len(points), Events: 10 * len(points)}
	if !open {
		g.EndedAt = start.Add(time.Hour)
	}
	tot := make([]int, len(players))
	var rs []journal.Round
	for n, pts := range points {
		r := journal.Round{N: n + 1, EndedAt: start.Add(time.Duration(n+1) * time.Minute)}
		best := -1
		for i, p := range players {
			tot[i] += pts[i]
			r.Scores = append(r.Scores, journal.Score{Player: p, Points: pts[i], Total: tot[i]})
			if pts[i] > best {
				best, r.Winner = pts[i], p
			}
		}
		rs = append(rs, r)
	}
	return g, rs
}

// evil is a name the pages must escape everywhere.
const evil = `<b>"Z&Co'</b>`

func threeGames() *memHistory {
	h := &memHistory{rounds: map[int64][]journal.Round{}}
	add := func(g journal.GameSummary, rs []journal.Round) {
		h.games = append(h.games, g)
		h.rounds[g.ID] = rs
	}
	add(played(1, []string{"Ann", "Ben"}, "rules official", "Ann", false, []int{120, 0}, []int{400, 0}))
	add(played(2, []string{"Ann", "Ben", "Cy"}, "rules official +stacking target=300", "", false, []int{0, 35, 0}))
	add(played(3, []string{"Ann", evil, "Cy"}, "rules house-ru", "", true, []int{50, 0, 0}, []int{0, 20, 0}, []int{0, 0, 99}))
	return h
}

func TestHistoryList(t *testing.T) {
	tests := []struct {
		name string
		h    web.History
		want []string
		not  []string
	}{
		{"no history", nil, []string{"This table keeps no history."}, []string{`<li class="game`}},
		{"no games", &memHistory{}, []string{`id="no-games"`, "No games yet"}, []string{`<li class="game`}},
		{"one game", func() *memHistory {
			g, rs := played(7, []string{"Ann", "Ben"}, "rules official", "", true)
			return &memHistory{games: []journal.GameSummary{g}, rounds: map[int64][]journal.Round{7: rs}}
		}(), []string{`data-game="7"`, `href="/history/7"`, "Ann · Ben", "The game is played by the official rules · rounds: 0", "in progress", "–</span>"}, nil},
		{"several games", threeGames(), []string{
			"🏆 Ann", "Ann 520, Ben 0", "abandoned", "Ann 0, Ben 35, Cy 0", "The game is played by the official rules; Draw Twos and Wild Draw Fours pile up; the game ends when someone reaches 300 points · rounds: 1<", // the rules in words, never the line's syntax (issue 25), one clause an option (issue 24)
			"in progress", "Ann · &lt;b&gt;&#34;Z&amp;Co&#39;&lt;/b&gt; · Cy", "The game is played by the Russian house rules · rounds: 3",
		}, []string{evil}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := get(t, web.New(newFakeTable(true), &web.Opts{History: tt.h}), "GET", "/history", nil, "")
			page := readAll(t, r)
			if r.StatusCode != 200 || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") {
				t.Fatalf("status %d %q", r.StatusCode, r.Header.Get("Content-Type"))
			}
			for _, w := range tt.want {
				if !strings.Contains(page, w) {
					t.Errorf("page has no %q", w)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(page, w) {
					t.Errorf("page has %q", w)
				}
			}
		})
	}
	// Newest first.
	page := readAll(t, get(t, web.New(newFakeTable(true), &web.Opts{History: threeGames()}), "GET", "/history", nil, ""))
	if a, b, c := strings.Index(page, `data-game="3"`), strings.Index(page, `data-game="2"`), strings.Index(page, `data-game="1"`); !(a < b && b < c) {
		t.Errorf("games out of order: %d %d %d", a, b, c)
	}
}

func TestHistoryError(t *testing.T) {
	s := web.New(newFakeTable(true), &web.Opts{History: &memHistory{err: errors.New("disk on fire")}})
	for _, path := range []string{"/history", "/history/1", "/history/1.svg"} {
		r := get(t, s, "GET", path, nil, "")
		if body := readAll(t, r); r.StatusCode != 500 || strings.Contains(body, "fire") {
			t.Errorf("GET %s = %d %q, want 500 without the error's text", path, r.StatusCode, body)
		}
	}
}

func TestGamePage(t *testing.T) {
	s := web.New(newFakeTable(true), &web.Opts{History: threeGames()})
	r := get(t, s, "GET", "/history/3", nil, "")
	page := readAll(t, r)
	if r.StatusCode != 200 {
		t.Fatalf("status %d", r.StatusCode)
	}
	for _, w := range []string{
		"<th>Ann</th><th>&lt;b&gt;&#34;Z&amp;Co&#39;&lt;/b&gt;</th><th>Cy</th>",
		`<tr data-round="1"><td>1</td><td>Ann</td><td><span class="pts">&#43;50</span> <span class="tot">50</span></td>`,
		`<tr data-round="3"><td>3</td><td>Cy</td><td><span class="pts">&#43;0</span> <span class="tot">50</span></td><td><span class="pts">&#43;0</span> <span class="tot">20</span></td><td><span class="pts">&#43;99</span> <span class="tot">99</span></td></tr>`,
		"<tfoot><tr><th>total</th><td></td><th>50</th><th>20</th><th>99</th></tr></tfoot>", // no empty header cell (axe-core, issue 25)
		"<svg ", `href="/history/3.svg"`, "in progress",
	} {
		if !strings.Contains(page, w) {
			t.Errorf("page has no %q", w)
		}
	}
	if strings.Contains(page, evil) {
		t.Errorf("page has the name unescaped")
	}
	if got := strings.Count(page, "<polyline"); got != 3 {
		t.Errorf("page has %d polylines, want 3", got)
	}
	// No round yet: the table says so, the chart is empty.
	h := threeGames()
	h.rounds[2] = nil
	page = readAll(t, get(t, web.New(newFakeTable(true), &web.Opts{History: h}), "GET", "/history/2", nil, ""))
	if !strings.Contains(page, `id="no-rounds"`) || !strings.Contains(page, "No round has ended yet.") {
		t.Errorf("game without rounds: no notice")
	}
	for _, path := range []string{"/history/9", "/history/x", "/history/0", "/history/9.svg", "/history/-1.svg"} {
		if r := get(t, s, "GET", path, nil, ""); r.StatusCode != 404 {
			t.Errorf("GET %s = %d, want 404", path, r.StatusCode)
		}
	}
}

// svgDoc is what the tests read of a chart.
type svgDoc struct {
	XMLName xml.Name `xml:"svg"`
	Title   string   `xml:"title"`
	Groups  []struct {
		Class string `xml:"class,attr"`
		Lines []struct {
			Player string `xml:"data-player,attr"`
			Totals string `xml:"data-totals,attr"`
			Stroke string `xml:"stroke,attr"`
			Points string `xml:"points,attr"`
		} `xml:"polyline"`
		Texts []string `xml:"text"`
		Line  []struct {
			Y1 string `xml:"y1,attr"`
		} `xml:"line"`
	} `xml:"g"`
}

func fetchSVG(t *testing.T, h http.Handler, path string) svgDoc {
	t.Helper()
	r := get(t, h, "GET", path, nil, "")
	body := readAll(t, r)
	if r.StatusCode != 200 || r.Header.Get("Content-Type") != "image/svg+xml" {
		t.Fatalf("GET %s = %d %q", path, r.StatusCode, r.Header.Get("Content-Type"))
	}
	// Well-formed XML, every token.
	dec := xml.NewDecoder(strings.NewReader(body))
	for {
		_, err := dec.Token()
		if err != nil {
			if err.Error() != "EOF" {
				t.Fatalf("GET %s: not well-formed XML: %v\n%s", path, err, body)
			}
			break
		}
	}
	var doc svgDoc
	if err := xml.Unmarshal([]byte(body), &doc); err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	return doc
}

func TestChartSVG(t *testing.T) {
	h := threeGames()
	s := web.New(newFakeTable(true), &web.Opts{History: h})
	for _, id := range []int64{1, 2, 3} {
		t.Run(fmt.Sprint("game ", id), func(t *testing.T) {
			doc := fetchSVG(t, s, fmt.Sprintf("/history/%d.svg", id))
			var g journal.GameSummary
			for _, x := range h.games {
				if x.ID == id {
					g = x
				}
			}
			var lines []struct{ Player, Totals, Stroke, Points string }
			var targetY []string
			for _, gr := range doc.Groups {
				for _, l := range gr.Lines {
					lines = append(lines, struct{ Player, Totals, Stroke, Points string }{l.Player, l.Totals, l.Stroke, l.Points})
				}
				if gr.Class == "target" {
					for _, l := range gr.Line {
						targetY = append(targetY, l.Y1)
					}
				}
			}
			if len(lines) != len(g.Players) {
				t.Fatalf("%d polylines, want one per player (%d)", len(lines), len(g.Players))
			}
			colors := map[string]bool{}
			// y = a - b·total for one a and b across every line; x steps evenly.
			var a, b float64
			for i, l := range lines {
				if l.Player != g.Players[i] {
					t.Errorf("polyline %d is %q, want %q", i, l.Player, g.Players[i])
				}
				colors[l.Stroke] = true
				want := []int{0}
				for _, r := range h.rounds[id] {
					want = append(want, r.Scores[i].Total)
				}
				pts := strings.Fields(l.Points)
				if len(pts) != len(want) || l.Totals != strings.Trim(fmt.Sprint(want), "[]") {
					t.Fatalf("%s: points %q totals %q, want %v", l.Player, l.Points, l.Totals, want)
				}
				var x0, step float64
				for k, p := range pts {
					xs, ys, _ := strings.Cut(p, ",")
					x, err1 := strconv.ParseFloat(xs, 64)
					y, err2 := strconv.ParseFloat(ys, 64)
					if err1 != nil || err2 != nil {
						t.Fatalf("%s: point %q", l.Player, p)
					}
					switch k {
					case 0:
						x0, a = x, y
					case 1:
						step = x - x0
					}
					if math.Abs(x-(x0+float64(k)*step)) > 0.1 {
						t.Errorf("%s: x of round %d = %v, want %v", l.Player, k, x, x0+float64(k)*step)
					}
					if want[k] != 0 {
						bk := (a - y) / float64(want[k])
						if b == 0 {
							b = bk
						}
						if math.Abs(bk-b) > 0.01 || bk <= 0 {
							t.Errorf("%s: round %d at y %v: total %d is off the scale (%v per point, want %v)", l.Player, k, y, want[k], bk, b)
						}
					} else if math.Abs(y-a) > 0.1 {
						t.Errorf("%s: round %d at y %v, want the zero line %v", l.Player, k, y, a)
					}
				}
			}
			if len(colors) != len(lines) {
				t.Errorf("%d colours for %d players", len(colors), len(lines))
			}
			// The target line: official 500, 300 when set; house-ru's too.
			if len(targetY) != 1 {
				t.Errorf("target lines %v, want one", targetY)
			}
		})
	}
	doc := fetchSVG(t, s, "/history/3.svg")
	var legend []string
	for _, g := range doc.Groups {
		if g.Class == "legend" {
			legend = g.Texts
		}
	}
	if strings.Join(legend, "|") != "Ann|"+evil+"|Cy" {
		t.Errorf("legend %q, want the players", legend)
	}
}
