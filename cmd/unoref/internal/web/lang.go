package web

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"html/template"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/journal"
)

// langCookie keeps the language a phone picked with the page's selector.
const langCookie = "lang"

// langAge is how long a phone remembers its language: a year.
const langAge = 365 * 24 * 60 * 60

// pageLang is the language of the page for r: the one picked with the
// selector (?lang=, then the cookie it leaves), else the phone's own from
// Accept-Language when it is one the referee speaks other than English,
// else the table's (Opts.Lang). English in Accept-Language does not
// outrank the table: it is what most browsers send when nobody chose
// (headless Chromium sends "en-US,en;q=0.9"), while the table's language
// is the family's choice; an English reader picks English once with the
// selector.
func (s *Server) pageLang(r *http.Request) lang.Lang {
	if l, err := lang.Parse(r.URL.Query().Get("lang")); err == nil {
		return l
	}
	if c, err := r.Cookie(langCookie); err == nil {
		if l, err := lang.Parse(c.Value); err == nil {
			return l
		}
	}
	if l := lang.Match(r.Header.Get("Accept-Language")); l != lang.English {
		return l
	}
	return s.o.Lang
}

// keepLang remembers a language picked with ?lang= in the cookie.
func keepLang(w http.ResponseWriter, r *http.Request) {
	l, err := lang.Parse(r.URL.Query().Get("lang"))
	if err != nil {
		return
	}
	http.SetCookie(w, &http.Cookie{Name: langCookie, Value: l.String(), Path: "/", MaxAge: langAge, SameSite: http.SameSiteLaxMode})
}

// words renders the page's keys in one language, for templates:
// {{.W.T "page.key"}}.
type words struct{ l lang.Lang }

// T is a key without arguments.
func (w words) T(key string) string { return w.l.Render(msg.Msg{Key: key}) }

// P is a key about a player.
func (w words) P(key, player string) string {
	return w.l.Render(msg.Msg{Key: key, Args: msg.Args{Player: player}})
}

// Names is a key with players listed as the language lists them
// ({{.Names}}: "Ann, Ben and Cy").
func (w words) Names(key string, names []string) string {
	return w.l.Render(msg.Msg{Key: key, Args: msg.Args{Names: names}})
}

// N is a key with a count ({{.N}}, {{.N.Cards}}, {{.N.Points}}).
func (w words) N(key string, n int) string {
	return w.l.Render(msg.Msg{Key: key, Args: msg.Args{N: n}})
}

// NK is a key with two counts ({{.N}} of {{.K}}).
func (w words) NK(key string, n, k int) string {
	return w.l.Render(msg.Msg{Key: key, Args: msg.Args{N: n, K: k}})
}

// Refusal names a refusal or mistake code of the record ("illegal-card",
// "after-wild"); a code the catalog does not know yet shows as it is.
func (w words) Refusal(code string) string { return w.known("page.fam.code."+code, code) }

// Preset names a preset by its short name ("official"), or as it is.
func (w words) Preset(name string) string { return w.known("rules.name."+name, name) }

// Rules says a rules line ("official +stacking target=300") as the
// referee says it when a game begins: the preset and each option in a
// clause of its own, never the line's syntax; a line the referee can't
// read shows as it is.
func (w words) Rules(line string) string {
	s, ok := referee.LineMsg(line)
	if !ok {
		return cmp.Or(line, "–")
	}
	return w.l.Sentence(s)
}

// Initial is the one letter an LED of a colour is labelled with (R, Y,
// G, B) in the language.
func (w words) Initial(code string) string { return w.T("page.led." + code) }

// Decimal is an average with one decimal, in the page's language.
func (w words) Decimal(f float64) string { return w.l.Decimal(f) }

// known is key in the language, or else when the catalog lacks it.
func (w words) known(key, or string) string {
	if s, ok := w.l.Known(key); ok {
		return s
	}
	return or
}

// Alert is the banner of a problem the table can't solve by itself
// (Snapshot.Alert) in the language, a command in it as code; "" for none.
func (w words) Alert(m msg.Msg) template.HTML {
	if m.Key == "" {
		return ""
	}
	return codeSpans(lang.Capital(w.l.Render(m)))
}

// codeSpans is s as HTML, each `…` in it as <code>: the catalogs keep a
// command to type verbatim between backquotes.
func codeSpans(s string) template.HTML {
	parts := strings.Split(s, "`")
	var b strings.Builder
	for i, p := range parts {
		switch {
		case i%2 == 0:
			b.WriteString(template.HTMLEscapeString(p))
		case i == len(parts)-1: // a backquote left open
			b.WriteString("`" + template.HTMLEscapeString(p))
		default:
			b.WriteString("<code>" + template.HTMLEscapeString(p) + "</code>")
		}
	}
	return template.HTML(b.String())
}

// Hint is key's words as a field's placeholder: what to type shows as
// it is, without the backquotes that mark it in the catalogs.
func (w words) Hint(key string) string { return strings.ReplaceAll(w.T(key), "`", "") }

// Code is the language's tag, for <html lang>.
func (w words) Code() string { return w.l.String() }

// Card names a card code ("Красная семёрка"), "" for no card.
func (w words) Card(code string) string {
	c, err := cards.Parse(code)
	if err != nil {
		return ""
	}
	return lang.Capital(w.l.Render(msg.Msg{Key: "page.card", Args: msg.Args{Card: c}}))
}

// Color names a colour code ("R") in the language, "–" for none.
func (w words) Color(code string) string {
	for _, c := range []cards.Color{cards.Red, cards.Yellow, cards.Green, cards.Blue} {
		if c.Code() == code {
			return w.l.Render(msg.Msg{Key: "page.color", Args: msg.Args{Color: c}})
		}
	}
	return "–"
}

// Dir names a direction of play, "–" for none.
func (w words) Dir(d string) string {
	switch d {
	case "cw":
		return "↻ " + w.T("page.dir.cw")
	case "ccw":
		return "↺ " + w.T("page.dir.ccw")
	}
	return "–"
}

// Reader names the state of the play pad's reader.
func (w words) Reader(state string) string {
	if state == "" {
		return "–"
	}
	return w.T("page.reader." + state)
}

// Buzz names a buzzer pattern, or says the buzzer is quiet.
func (w words) Buzz(pattern string) string {
	if pattern == "" {
		return w.T("page.buzzer.quiet")
	}
	return w.T("page.buzz." + pattern)
}

// Phase names a phase of the replay JSON (RULES.md, "The table log"); "–" for none.
func (w words) Phase(p string) string {
	if p == "" {
		return "–"
	}
	return w.T("phase." + p)
}

// Rule is the one-line explanation of a preset or option.
func (w words) Rule(kind, name string) string { return w.T("rules." + kind + "." + name) }

// Langs are the languages of the selector, each in itself.
func (w words) Langs() []langChoice {
	var out []langChoice
	for _, l := range lang.Languages() {
		out = append(out, langChoice{Code: l.String(), Name: l.Name(), On: l == w.l})
	}
	return out
}

type langChoice struct {
	Code, Name string
	On         bool
}

// pageText is what the page's script shows that depends on the language:
// sent beside the snapshot in every event, rendered for that page.
type pageText struct {
	Lang      string
	Head      string            // the headline: whose turn, or what happens now
	Round     string            // the round the table names (State.CurrentRound), "–" for none
	Phase     string            // the phase's name
	Color     string            // the colour to match
	Dir       string            // the direction of play
	Top       string            // the top card's name
	Hands     map[string]string // seat → "7 cards"
	Scores    map[string]string // seat → "42 points"
	Standings string            // the scores, best first: "Ben 42 · Ann 10"
	Countup   []string          // the seats whose count-up form shows
	Most      map[string]string // in count-up, seat → the most its hand can be worth: "at most 250"
	Slap      string            // uno-slap: whose hand to slap and who still has to, or ""
	Ahead     string            // who wins if the game is ended now and scored as it stands, or that nobody is ahead
	Leader    string            // the display name of who is ahead (referee.State.Leader), "" when nobody
	InPlay    bool              // a game is on and not over: its play controls, rules and end show
}

// localized is a snapshot as one page reads it: its messages in the page's
// language and the words of pageText.
type localized struct {
	table.Snapshot
	Page   pageText
	Access access
}

// localize renders snap for a page in l.
func localize(snap table.Snapshot, l lang.Lang) localized {
	w := words{l}
	if len(snap.Last.Msg) > 0 {
		snap.Last.Message = l.Sentence(snap.Last.Msg)
	}
	snap.Prompt = prompt(snap, l)
	p := pageText{
		Lang:    l.String(),
		Head:    headline(snap, w),
		Round:   roundOf(snap),
		Phase:   w.Phase(snap.State.Phase),
		Color:   w.Color(colorOf(snap.State)),
		Dir:     w.Dir(snap.State.Direction),
		Top:     w.Card(topCard(snap.State)),
		Hands:   map[string]string{},
		Scores:  map[string]string{},
		Countup: countup(snap),
	}
	dealing := snap.State.Phase == referee.PhaseSetup // the old hands are gone
	for _, n := range seatNames(snap) {
		p.Hands[n] = w.N("page.cards", snap.State.Hands[n])
		if dealing {
			p.Hands[n] = "–"
		}
		p.Scores[n] = w.N("page.points", snap.State.Scores[n])
	}
	p.Standings = standings(snap, w)
	for n, most := range snap.MostPoints {
		if p.Most == nil {
			p.Most = map[string]string{}
		}
		p.Most[n] = w.N("page.countup.most", most)
	}
	p.InPlay = inPlay(snap)
	if p.InPlay {
		p.Ahead = w.T("page.finish.nobody")
		if ld := snap.State.Leader; ld != "" {
			p.Leader = snap.Name(ld)
			p.Ahead = w.P("page.finish.ahead", p.Leader)
		}
	}
	if snap.SlapFor != "" {
		p.Slap = l.Render(msg.Msg{Key: "prompt.slap", Args: msg.Args{Player: snap.Name(snap.SlapFor), Names: names(snap, snap.SlapsDue)}})
	}
	return localized{Snapshot: snap, Page: p}
}

// inPlay reports whether a game is on and not over: after the end (won,
// ended early, or stopped) its play controls, its rules and its end go.
func inPlay(snap table.Snapshot) bool {
	return len(snap.Players) > 0 && snap.State.Phase != referee.PhaseOver
}

// prompt is what the table waits for in l: the table's message when it
// gives one as keys, its own sentence when l is the table's language or
// English, else nothing (never a sentence in another language).
func prompt(snap table.Snapshot, l lang.Lang) string {
	if snap.PromptMsg.Key != "" {
		return l.Render(snap.PromptMsg)
	}
	if l == lang.English {
		return snap.Prompt
	}
	return ""
}

// headline says whose turn it is, or what the table is doing: choosing
// the dealer, waiting for the starter, counting, won.
func headline(snap table.Snapshot, w words) string {
	st := snap.State
	switch {
	case len(snap.Players) == 0 && len(st.Hands) == 0:
		return w.T("page.head.nogame")
	case st.Winner != "" && st.Phase == referee.PhaseOver:
		return "🏆 " + w.P("page.head.won", snap.Name(st.Winner))
	case snap.PickNext != "":
		return w.P("page.head.pick", snap.Name(snap.PickNext))
	case st.Phase == referee.PhaseCountup:
		return w.T("page.head.countup")
	case st.Phase == referee.PhaseSetup && st.Dealer == "":
		return w.T("page.head.dealer")
	case st.Phase == referee.PhaseSetup:
		return w.l.Render(msg.Msg{Key: "page.head.starter", Args: msg.Args{Player: snap.Name(st.Dealer), N: st.CurrentRound()}})
	case st.Turn != "":
		return w.P("page.head.turn", snap.Name(st.Turn))
	}
	return w.T("page.head.nogame")
}

// roundOf is the round the table names, as the page writes it: the OLED
// and the headline name the same (referee.State.CurrentRound); "–" with
// no game.
func roundOf(snap table.Snapshot) string {
	if len(seatNames(snap)) == 0 {
		return "–"
	}
	return strconv.Itoa(snap.State.CurrentRound())
}

// countup lists the players whose hands are still to be counted.
func countup(snap table.Snapshot) []string {
	if snap.State.Phase != referee.PhaseCountup {
		return nil
	}
	var out []string
	for _, n := range seatNames(snap) {
		if snap.State.Hands[n] > 0 && !slices.Contains(snap.Counted, n) {
			out = append(out, n)
		}
	}
	return out
}

// standings are the scores, best first (lowest first under penalty
// scoring), as one line.
func standings(snap table.Snapshot, w words) string {
	var sc []journal.Score
	for _, n := range seatNames(snap) {
		sc = append(sc, journal.Score{Player: snap.Name(n), Total: snap.State.Scores[n]})
	}
	return rankLine(sc, scoring(snap) == referee.ScoringPenalty, w)
}

// rankLine writes totals best first (lowest first when low) as one line:
// "Ben 42 points · Ann 10 points".
func rankLine(sc []journal.Score, low bool, w words) string {
	sc = slices.Clone(sc)
	slices.SortStableFunc(sc, func(a, b journal.Score) int {
		if low {
			return cmp.Compare(a.Total, b.Total)
		}
		return cmp.Compare(b.Total, a.Total)
	})
	parts := make([]string, len(sc))
	for i, s := range sc {
		parts[i] = w.l.Render(msg.Msg{Key: "page.standing", Args: msg.Args{Player: s.Player, N: s.Total}})
	}
	return strings.Join(parts, " · ")
}

// lastStandings are the final standings of the last game in the history
// when it has ended: what the page shows while no game is on.
func lastStandings(ctx context.Context, h History, g journal.GameSummary, w words) string {
	if g.ID == 0 || g.Open() {
		return ""
	}
	rounds, err := h.Rounds(ctx, g.ID)
	if err != nil || len(rounds) == 0 {
		return ""
	}
	line := strings.Fields(g.RulesWords())
	low := false
	if len(line) > 0 {
		r, err := referee.ParseRules(line[0], line[1:])
		low = err == nil && r.Scoring == referee.ScoringPenalty
	}
	return w.N("page.hist.game", int(g.ID)) + ": " + rankLine(journal.Totals(rounds), low, w)
}

// scoring is the scoring method of the game on the table, read from the
// rules line of its log ("" when the log no longer holds it).
func scoring(snap table.Snapshot) string {
	for _, l := range snap.Log {
		if _, line, ok := strings.Cut(l, "rules "); ok {
			w := strings.Fields(line)
			if len(w) == 0 {
				continue
			}
			if r, err := referee.ParseRules(w[0], w[1:]); err == nil {
				return r.Scoring
			}
		}
	}
	return ""
}

// seatNames are the seats clockwise, else the players the engine knows.
func seatNames(snap table.Snapshot) []string {
	names := slices.Clone(snap.Players)
	if len(names) == 0 {
		for n := range snap.State.Hands {
			names = append(names, n)
		}
		slices.Sort(names)
	}
	return names
}

// actionError is the sentence of a refused action in l: a rules line the
// engine refuses is said in words of the page (never the rules-line
// syntax), a refusal of the table's or the page's in l too (said); other
// errors stay as they are.
func actionError(err error, l lang.Lang) string {
	if s, ok := said(err, l); ok {
		return s
	}
	if slow(err) {
		return l.Render(msg.Msg{Key: "page.journal.slow"})
	}
	var re *referee.RulesError
	if !errors.As(err, &re) {
		return err.Error()
	}
	m := re.Msg
	switch m.Key {
	case "rules.clash", "rules.clash.preset":
		other := l.Render(msg.Msg{Key: "rules.name." + m.Args.Value})
		return lang.Capital(l.Render(msg.Msg{Key: "page.error.clash", Args: msg.Args{Rule: re.Option, Text: other}}))
	case "rules.blanks":
		return lang.Capital(l.Render(msg.Msg{Key: "page.error.blanks", Args: msg.Args{Rule: re.Option}}))
	}
	return lang.Capital(l.Render(m))
}

// said is err in l when it is a sentence with keys: a refusal of the
// table's (table.ActionError, said in the table's language until here) or
// of the page's own (refusal).
func said(err error, l lang.Lang) (string, bool) {
	var ae *table.ActionError
	var r refusal
	switch {
	case errors.As(err, &ae):
		return (&table.ActionError{Msg: ae.Msg, Lang: l}).Error(), true
	case errors.As(err, &r):
		return l.Render(msg.Msg{Key: string(r)}), true
	}
	return "", false
}

// scriptKeys are the words app.js says itself, by the name it uses.
var scriptKeys = map[string]string{
	"pickFirst":    "page.error.pickcard",
	"noAnswer":     "page.error.noanswer",
	"wholeNumber":  "page.error.number",
	"points":       "page.countup.points",
	"count":        "page.countup.count",
	"confirmNew":   "page.confirm.newgame",
	"confirmEnd":   "page.confirm.end",
	"confirmScore": "page.confirm.finish",
	"started":      "page.done.newgame",
	"unlocked":     "page.done.login",
	"renamed":      "page.done.rename",
	"undone":       "page.done.undo",
	"ended":        "page.done.end",
	"waiting":      "page.verdict.none",
	"locked":       "page.locked",
	"yes":          "page.confirm.yes",
	"no":           "page.confirm.no",
	"reader.ok":    "page.reader.ok",
	"reader.lost":  "page.reader.lost",
	"reader.sim":   "page.reader.sim",
	"buzz.legal":   "page.buzz.legal",
	"buzz.illegal": "page.buzz.illegal",
	"buzz.uno":     "page.buzz.uno",
	"buzz.round":   "page.buzz.round",
	"buzz.game":    "page.buzz.game",
}

// scriptWords are the words of scriptKeys in l, as JSON for the page.
func scriptWords(l lang.Lang) string {
	m := make(map[string]string, len(scriptKeys))
	for name, key := range scriptKeys {
		m[name] = l.Render(msg.Msg{Key: key})
	}
	b, _ := json.Marshal(m) // a map of strings always encodes
	return string(b)
}

// topCard is the card on the pile, "" while the dealer deals: the last
// round's top card is gone.
func topCard(st referee.State) string {
	if st.Phase == referee.PhaseSetup {
		return ""
	}
	return st.Top
}

// colorOf is the colour to match, "" while the dealer deals.
func colorOf(st referee.State) string {
	if st.Phase == referee.PhaseSetup {
		return ""
	}
	return st.Color
}

// names are the display names of seats.
func names(snap table.Snapshot, seats []string) []string {
	out := make([]string, len(seats))
	for i, n := range seats {
		out[i] = snap.Name(n)
	}
	return out
}
