package web

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee/journal"
)

// Record is the family's record the page shows and edits: the roster and
// the statistics (one player's with Period.Player). table.SQLJournal has
// these methods.
type Record interface {
	Roster(ctx context.Context) ([]journal.Player, error)
	Stats(ctx context.Context, p journal.Period) (journal.FamilyStats, error)
	PlayerGames(ctx context.Context, id int64, p journal.Period) ([]journal.PlayerGame, error)
	AddPlayer(ctx context.Context, p journal.Player) (journal.Player, error)
	EditPlayer(ctx context.Context, p journal.Player) error
	Merge(ctx context.Context, from, into int64) error
	MoveSeat(ctx context.Context, game int64, seat int, to string) error
}

// familyView is what family.html renders: /family and /family/{id}.
type familyView struct {
	W       words // the page's language
	Title   string
	Period  periodForm
	Family  *journal.FamilyStats
	Player  *journal.PlayerStats
	Games   []journal.PlayerGame // the player's, newest first
	Shown   string               // "The last 50 of 1,700 games" when Games are not all
	Heads   []journal.HeadToHead // the head-to-head rows (the player's, on their page)
	Presets []journal.PresetStats
	Charts  []chart
	Roster  []journal.Player
	Admin   bool        // the roster can be edited here (as a rename can)
	Copies  *copiesView // the record's copies and its download; nil without them
	Error   string
	Problem string
}

// periodForm is the period of the query string, as the form shows it.
type periodForm struct {
	Last         string
	Since, Until string
	Query        string // "?last=5" to keep it in links, "" for all
}

// periodOf reads last, since and until (YYYY-MM-DD) from the query; what
// does not read counts as unset. The form says "from … to …" ("с … по
// …"): both days are in, so the period ends at the midnight after until,
// in the box's time zone (a day of a clock change has 23 or 25 hours).
func periodOf(r *http.Request) (journal.Period, periodForm) {
	q := r.URL.Query()
	var (
		p  journal.Period
		f  periodForm
		kv = url.Values{}
	)
	if n, err := strconv.Atoi(q.Get("last")); err == nil && n > 0 {
		p.Last, f.Last = n, strconv.Itoa(n)
		kv.Set("last", f.Last)
	}
	if t, err := time.ParseInLocation(time.DateOnly, q.Get("since"), time.Local); err == nil {
		p.Since, f.Since = t, q.Get("since")
		kv.Set("since", f.Since)
	}
	if t, err := time.ParseInLocation(time.DateOnly, q.Get("until"), time.Local); err == nil {
		p.Until, f.Until = time.Date(t.Year(), t.Month(), t.Day()+1, 0, 0, 0, 0, time.Local), q.Get("until")
		kv.Set("until", f.Until)
	}
	if len(kv) > 0 {
		f.Query = "?" + kv.Encode()
	}
	return p, f
}

func (s *Server) serveFamily(w http.ResponseWriter, r *http.Request) {
	p, pf := periodOf(r)
	wd := words{s.pageLang(r)}
	v := familyView{W: wd, Title: wd.T("page.family"), Period: pf, Error: r.URL.Query().Get("error"), Admin: s.rosterOpen(r)}
	if s.o.Record == nil {
		v.Problem = wd.T("page.fam.norecord")
		s.render(w, r, http.StatusOK, "family", v)
		return
	}
	ctx := r.Context()
	f, err := s.o.Record.Stats(ctx, p)
	if err == nil {
		v.Roster, err = s.o.Record.Roster(ctx)
	}
	if err != nil {
		v.Problem = wd.unread(err, "page.fam.unread")
		s.render(w, r, http.StatusInternalServerError, "family", v)
		return
	}
	v.Family, v.Heads, v.Presets = &f, f.HeadToHead, f.Presets
	v.Charts = []chart{trendChart(f, wd)}
	v.Copies = s.copiesOf(r, wd)
	s.render(w, r, http.StatusOK, "family", v)
}

func (s *Server) servePlayer(w http.ResponseWriter, r *http.Request) {
	p, pf := periodOf(r)
	wd := words{s.pageLang(r)}
	v := familyView{W: wd, Title: wd.T("page.fam.player"), Period: pf, Error: r.URL.Query().Get("error"), Admin: s.rosterOpen(r)}
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || s.o.Record == nil {
		v.Problem = wd.T("page.fam.noplayer")
		s.render(w, r, http.StatusNotFound, "player", v)
		return
	}
	ctx := r.Context()
	p.Player = id
	fam, err := s.o.Record.Stats(ctx, p)
	if errors.Is(err, journal.ErrNoPlayer) || err == nil && len(fam.Players) != 1 {
		v.Problem = wd.T("page.fam.noplayer")
		s.render(w, r, http.StatusNotFound, "player", v)
		return
	}
	var games []journal.PlayerGame
	if err == nil {
		// A phone shows the period's last games, not ten years of them.
		gp := p
		if gp.Last <= 0 || gp.Last > playerGamesShown {
			gp.Last = playerGamesShown
		}
		games, err = s.o.Record.PlayerGames(ctx, id, gp)
	}
	if err == nil {
		v.Roster, err = s.o.Record.Roster(ctx)
	}
	if err != nil {
		v.Problem = wd.unread(err, "page.fam.unread")
		s.render(w, r, http.StatusInternalServerError, "player", v)
		return
	}
	st := fam.Players[0]
	v.Title, v.Player = st.Player.Name, &st
	if st.Games > len(games) {
		v.Shown = wd.NK("page.fam.lastof", st.Games, len(games))
	}
	v.Charts = playerCharts(st.Player.Name, games, wd)
	for i := len(games) - 1; i >= 0; i-- {
		v.Games = append(v.Games, games[i])
	}
	// Stats of one player: head to head from their side, their presets.
	v.Heads, v.Presets = fam.HeadToHead, fam.Presets
	s.render(w, r, http.StatusOK, "player", v)
}

// playerGamesShown is how many of the period's games a player's page
// lists and charts, the newest.
const playerGamesShown = 50

// rosterOpen reports whether the page shows the roster's forms: where the
// table page shows its admin controls (serveRoster checks the PIN).
func (s *Server) rosterOpen(r *http.Request) bool {
	return s.t.Snapshot().Virtual || s.o.PIN != ""
}

// serveRoster takes a roster form (op add, edit, merge or move), with the
// admin check of a rename, and goes back to the page it came from.
func (s *Server) serveRoster(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxAction)
	back, wd := "/family", words{s.pageLang(r)}
	if err := r.ParseForm(); err != nil {
		http.Redirect(w, r, back+"?error="+url.QueryEscape(wd.T("page.fam.error.form")), http.StatusSeeOther)
		return
	}
	if b := r.PostForm.Get("back"); strings.HasPrefix(b, "/family") && !strings.ContainsAny(b, "?\\") {
		back = b
	}
	pin := r.Header.Get(pinHeader)
	if pin == "" {
		pin = r.PostForm.Get("pin")
	}
	err := s.authorize(r, table.KindRename, pin)
	if err == nil && s.o.Record == nil {
		err = errors.New(wd.T("page.fam.norecord"))
	}
	if err == nil {
		err = s.rosterOp(r.Context(), r.PostForm)
	}
	if err == nil {
		// The table shows the names the journal has now.
		err = s.t.Do(r.Context(), table.Action{Kind: table.KindNames})
	}
	if err != nil {
		http.Redirect(w, r, back+"?error="+url.QueryEscape(rosterSentence(err, wd)), http.StatusSeeOther)
		return
	}
	http.Redirect(w, r, back, http.StatusSeeOther)
}

// rosterOp does one roster form.
func (s *Server) rosterOp(ctx context.Context, f url.Values) error {
	rec := s.o.Record
	switch f.Get("op") {
	case "add":
		_, err := rec.AddPlayer(ctx, journal.Player{Name: strings.TrimSpace(f.Get("name")), Mark: f.Get("mark"), Seat: seatOf(f.Get("seat"))})
		return err
	case "edit":
		return rec.EditPlayer(ctx, journal.Player{ID: idOf(f.Get("id")), Name: strings.TrimSpace(f.Get("name")), Mark: f.Get("mark"), Seat: seatOf(f.Get("seat"))})
	case "merge":
		return rec.Merge(ctx, idOf(f.Get("id")), idOf(f.Get("into")))
	case "move":
		return rec.MoveSeat(ctx, idOf(f.Get("game")), seatOf(f.Get("seat")), strings.TrimSpace(f.Get("to")))
	}
	return errNoOp
}

// errNoOp is a roster form that says no op; rosterSentence says it.
var errNoOp = errors.New("web: roster: no op")

// seatOf reads a seat number as the form shows it (1 for the first); ""
// is no seat.
func seatOf(s string) int {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 1 {
		return journal.NoSeat
	}
	return n - 1
}

func idOf(s string) int64 {
	n, _ := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	return n
}

// rosterSentence is a roster error as the page says it, in w: a refusal
// of the table's (a name, a mark) in w too.
func rosterSentence(err error, w words) string {
	if s, ok := said(err, w.l); ok {
		return s
	}
	switch {
	case errors.Is(err, journal.ErrNameTaken):
		return w.l.Render(msg.Msg{Key: "page.fam.error.taken", Args: msg.Args{Text: lastPart(err)}})
	case errors.Is(err, journal.ErrSameGame):
		return w.T("page.fam.error.samegame")
	case errors.Is(err, journal.ErrNoPlayer):
		return w.T("page.fam.noplayer")
	case errors.Is(err, journal.ErrNoSeat):
		return w.T("page.fam.error.noseat")
	case errors.Is(err, errNoOp):
		return w.T("page.fam.error.op")
	}
	return err.Error()
}

// lastPart is what an error says after its last ": ".
func lastPart(err error) string {
	msg := err.Error()
	if i := strings.LastIndex(msg, ": "); i >= 0 {
		return msg[i+2:]
	}
	return msg
}

// trendChart is the refused events of every roster player over their last
// five games in the period: the family's trend at a glance.
func trendChart(f journal.FamilyStats, w words) chart {
	var (
		ss []series
		n  int
	)
	for _, p := range f.Players {
		s := series{Name: p.Player.Name, Color: p.Player.Mark}
		for _, g := range p.Trend {
			s.Values = append(s.Values, g.N)
		}
		n = max(n, len(s.Values))
		ss = append(ss, s)
	}
	labels := make([]string, n)
	for i := range labels {
		labels[i] = strconv.Itoa(i + 1)
	}
	return newSeriesChart(w.T("page.fam.chart.trend"), w.T("page.fam.chart.trend.x"), labels, ss, w)
}

// playerCharts are a player's refusals and points left per game.
func playerCharts(name string, games []journal.PlayerGame, w words) []chart {
	var refused, left, won []int
	var labels []string
	for _, g := range games {
		refused = append(refused, g.Refused)
		avg := 0
		if g.Rounds > 0 {
			avg = (g.Left + g.Rounds/2) / g.Rounds
		}
		left = append(left, avg)
		won = append(won, g.RoundsWon)
		labels = append(labels, strconv.FormatInt(g.Game, 10))
	}
	return []chart{
		newSeriesChart(w.P("page.fam.chart.refused", name), w.T("page.fam.game"), labels, []series{{Name: w.T("page.fam.refused"), Values: refused}}, w),
		newSeriesChart(w.P("page.fam.chart.left", name), w.T("page.fam.game"), labels, []series{{Name: w.T("page.fam.leftround"), Values: left}, {Name: w.T("page.fam.roundswon"), Values: won}}, w),
	}
}

// rosterNames are the roster's names for the new-game form, in their usual
// seats' order (those without one last), and whether the page has a family
// to link to. A roster that can't be read leaves the names to be typed.
func (s *Server) rosterNames(r *http.Request) (bool, []string) {
	if s.o.Record == nil {
		return false, nil
	}
	ps, err := s.o.Record.Roster(r.Context())
	if err != nil {
		return true, nil
	}
	slices.SortStableFunc(ps, func(a, b journal.Player) int {
		return cmp.Compare(uint(a.Seat), uint(b.Seat)) // NoSeat is the largest
	})
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.Name
	}
	return true, names
}
