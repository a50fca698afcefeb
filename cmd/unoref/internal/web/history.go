package web

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/journal"
)

// History is the score history the page shows: the journal's games and
// their rounds. *journal.Journal has these methods; table.SQLJournal adds
// the display names of renamed players.
type History interface {
	// Games lists every game, oldest first.
	Games(ctx context.Context) ([]journal.GameSummary, error)
	// Rounds lists the rounds of a game played to the end, in order.
	Rounds(ctx context.Context, game int64) ([]journal.Round, error)
}

// gameRow is a game in the list of /history.
type gameRow struct {
	ID      int64
	Started time.Time
	Players []string
	Rules   string
	Rounds  int
	Status  string // "won", "in progress" or "abandoned"
	Winner  string
	Totals  []journal.Score // after the last round, by seat; nil before
	Current bool            // the game on the table now
}

// target is the points that end a game of this rules line, 0 when unknown
// or when the game is not a race to them.
func target(g journal.GameSummary) int {
	w := strings.Fields(g.RulesWords())
	if len(w) == 0 {
		return 0
	}
	r, err := referee.ParseRules(w[0], w[1:])
	if err != nil || r.SevenRounds {
		return 0
	}
	return r.Target
}

// historyView is what history.html renders.
type historyView struct {
	W       words // the page's language
	Title   string
	Games   []gameRow // newest first
	Older   int64     // the id to list older games before, 0 when none
	Game    *gameRow  // the game of /history/{id}
	Rounds  []roundRow
	Chart   *chart
	SVG     string // the chart's own address
	Problem string // a sentence when there is no history to show
}

// roundRow is a line of the rounds table: every player's points and total.
type roundRow struct {
	N      int
	Winner string
	Cells  []journal.Score
}

func (s *Server) serveHistory(w http.ResponseWriter, r *http.Request) {
	wd := words{s.pageLang(r)}
	v := historyView{W: wd, Title: wd.T("page.history")}
	if s.o.History == nil {
		v.Problem = wd.T("page.hist.none")
		s.render(w, r, http.StatusOK, "games", v)
		return
	}
	ctx := r.Context()
	before, _ := strconv.ParseInt(r.URL.Query().Get("before"), 10, 64)
	games, err := s.historyPage(ctx, before)
	var totals map[int64][]journal.Score
	if err == nil {
		totals, err = s.totals(ctx, games)
	}
	if err != nil {
		v.Problem = wd.unread(err, "page.hist.unread")
		s.render(w, r, http.StatusInternalServerError, "games", v)
		return
	}
	cur := s.t.Snapshot().Game
	if i := slices.IndexFunc(games, func(g journal.GameSummary) bool { return g.ID == before }); i >= 0 {
		games = games[:i] // a History that lists every game: those before
	}
	for i := len(games) - 1; i >= 0; i-- {
		g := games[i]
		if len(v.Games) == historyPage {
			v.Older = v.Games[len(v.Games)-1].ID
			break
		}
		v.Games = append(v.Games, newGameRow(g, totals[g.ID], cur))
	}
	s.render(w, r, http.StatusOK, "games", v)
}

// historyPage is how many games /history lists at once, newest first (by
// start: an imported game takes its place); ?before=ID lists the ones
// started before game ID. Ten years of game nights are thousands of games.
const historyPage = 100

// gamePager reads a page of the history (table.SQLJournal does).
type gamePager interface {
	RecentGames(ctx context.Context, before int64, n int) ([]journal.GameSummary, error)
}

// historyPage reads the games /history may list: one more than a page,
// which says there are older ones. A History that pages lists them
// alone; another lists every game.
func (s *Server) historyPage(ctx context.Context, before int64) ([]journal.GameSummary, error) {
	return s.recentGames(ctx, before, historyPage+1)
}

// recentGames reads at least the n newest games before the game before (0:
// the newest), oldest first: only them from a gamePager, else every game.
func (s *Server) recentGames(ctx context.Context, before int64, n int) ([]journal.GameSummary, error) {
	if p, ok := s.o.History.(gamePager); ok {
		return p.RecentGames(ctx, before, n)
	}
	return s.o.History.Games(ctx)
}

// lastGame is the newest game in the history; the zero GameSummary when
// there is none or the history can't be read (the page goes on without).
func (s *Server) lastGame(ctx context.Context) journal.GameSummary {
	games, err := s.recentGames(ctx, 0, 1)
	if err != nil || len(games) == 0 {
		return journal.GameSummary{}
	}
	return games[len(games)-1]
}

// gameTotaler reads the totals of the games listed at once
// (table.SQLJournal does): a page of the history, not the thousands of
// games of ten years.
type gameTotaler interface {
	GameTotals(ctx context.Context, ids ...int64) (map[int64][]journal.Score, error)
}

// totals are the games' totals after their last rounds, by game.
func (s *Server) totals(ctx context.Context, games []journal.GameSummary) (map[int64][]journal.Score, error) {
	if t, ok := s.o.History.(gameTotaler); ok {
		ids := make([]int64, len(games))
		for i, g := range games {
			ids[i] = g.ID
		}
		if len(ids) == 0 {
			return nil, nil
		}
		return t.GameTotals(ctx, ids...)
	}
	m := map[int64][]journal.Score{}
	for _, g := range games {
		rounds, err := s.o.History.Rounds(ctx, g.ID)
		if err != nil {
			return nil, err
		}
		m[g.ID] = journal.Totals(rounds)
	}
	return m, nil
}

func newGameRow(g journal.GameSummary, totals []journal.Score, cur int64) gameRow {
	return gameRow{
		ID: g.ID, Started: g.StartedAt, Players: g.Players, Rules: g.RulesWords(), Rounds: g.Rounds,
		Status: g.Status(), Winner: g.Winner, Totals: totals, Current: g.ID == cur && g.Open(),
	}
}

// errNoGame is a /history/{id} that names no game.
var errNoGame = errors.New("web: no such game")

// game reads one game and its rounds.
func (s *Server) game(ctx context.Context, ref string) (journal.GameSummary, []journal.Round, error) {
	id, err := strconv.ParseInt(ref, 10, 64)
	if err != nil || id <= 0 || s.o.History == nil {
		return journal.GameSummary{}, nil, errNoGame
	}
	g, err := s.oneGame(ctx, id)
	if err != nil {
		return journal.GameSummary{}, nil, err
	}
	rounds, err := s.o.History.Rounds(ctx, id)
	return g, rounds, err
}

// gameReader reads one game without listing them all (table.SQLJournal).
type gameReader interface {
	Game(ctx context.Context, id int64) (journal.GameSummary, error)
}

// oneGame reads game id; errNoGame when there is none.
func (s *Server) oneGame(ctx context.Context, id int64) (journal.GameSummary, error) {
	if gr, ok := s.o.History.(gameReader); ok {
		g, err := gr.Game(ctx, id)
		if errors.Is(err, journal.ErrNoGame) {
			return g, errNoGame
		}
		return g, err
	}
	games, err := s.o.History.Games(ctx)
	if err != nil {
		return journal.GameSummary{}, err
	}
	i := slices.IndexFunc(games, func(g journal.GameSummary) bool { return g.ID == id })
	if i < 0 {
		return journal.GameSummary{}, errNoGame
	}
	return games[i], nil
}

// serveGame serves /history/{id} (the rounds table and the chart) and
// /history/{id}.svg (the chart alone).
func (s *Server) serveGame(w http.ResponseWriter, r *http.Request) {
	ref := r.PathValue("ref")
	ref, asSVG := strings.CutSuffix(ref, ".svg")
	g, rounds, err := s.game(r.Context(), ref)
	wd := words{s.pageLang(r)}
	switch {
	case errors.Is(err, errNoGame) && asSVG:
		http.Error(w, wd.l.Render(msg.Msg{Key: "page.hist.nogame", Args: msg.Args{Value: ref}}), http.StatusNotFound)
		return
	case errors.Is(err, errNoGame):
		s.render(w, r, http.StatusNotFound, "game", historyView{W: wd, Title: ref, Problem: wd.l.Render(msg.Msg{Key: "page.hist.nogame", Args: msg.Args{Value: ref}})})
		return
	case err != nil:
		http.Error(w, wd.unread(err, "page.hist.unread"), http.StatusInternalServerError)
		return
	}
	c := newChart(wd.N("page.chart.title", int(g.ID)), g.Players, rounds, target(g), wd, s.marks(r.Context()))
	if asSVG {
		b, err := s.svg(c)
		if err != nil {
			http.Error(w, wd.T("page.hist.nochart"), http.StatusInternalServerError)
			return
		}
		h := w.Header()
		h.Set("Content-Type", "image/svg+xml")
		h.Set("Cache-Control", "no-cache")
		h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
		w.Write(b)
		return
	}
	row := newGameRow(g, journal.Totals(rounds), s.t.Snapshot().Game)
	v := historyView{W: wd, Title: wd.N("page.hist.game", int(g.ID)), Game: &row, Chart: &c, SVG: "/history/" + ref + ".svg"}
	for _, rd := range rounds {
		v.Rounds = append(v.Rounds, roundRow{N: rd.N, Winner: rd.Winner, Cells: rd.Scores})
	}
	s.render(w, r, http.StatusOK, "game", v)
}

// marks are the roster's marks by name (the names the history shows);
// none without a record, or when it can't be read: the palette draws.
func (s *Server) marks(ctx context.Context) map[string]string {
	if s.o.Record == nil {
		return nil
	}
	ps, err := s.o.Record.Roster(ctx)
	if err != nil {
		return nil
	}
	m := make(map[string]string, len(ps))
	for _, p := range ps {
		m[p.Name] = p.Mark
	}
	return m
}

// render draws a page of the templates, v's words in the language of r's
// page.
func (s *Server) render(w http.ResponseWriter, r *http.Request, status int, name string, v any) {
	var buf bytes.Buffer
	if err := s.pages.ExecuteTemplate(&buf, name, v); err != nil {
		http.Error(w, words{s.pageLang(r)}.T("page.error.draw"), http.StatusInternalServerError)
		return
	}
	setPageHeaders(w)
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

// setPageHeaders are the headers of every HTML page.
func setPageHeaders(w http.ResponseWriter) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
}
