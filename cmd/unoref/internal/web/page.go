package web

import (
	"fmt"
	"hash/crc32"
	"html/template"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/referee"
)

// view is what page.html renders: the snapshot and what the template can't
// work out by itself.
type view struct {
	S         table.Snapshot
	W         words       // the page's language
	P         pageText    // what the script shows, in that language
	Strings   template.JS // the words app.js needs, as JSON (json.Marshal escapes <, > and &)
	Top       face
	Color     string // colour to match, one letter or ""
	Seats     []seat
	Countup   []seat // in count-up, the players holding cards: each gets a points form
	Pads      []seatPad
	LEDs      []led
	A         access // what this page may do now (app.js follows it live)
	Controls  bool   // the page has the playing controls (hidden until a PIN is set)
	Admin     bool   // the page shows the admin controls (new game, rename, undo, end)
	Open      bool   // admin controls work without a PIN (virtual table, no PIN set)
	AskPIN    bool   // the page asks for the PIN before the admin controls
	Setup     bool   // no PIN yet: the page asks for the setup code and a PIN
	Chart     string // the address of the chart of the game on the table, or ""
	History   bool   // the page links to /history
	Error     string
	Picker    [][]face // one row per colour, then the wilds
	Presets   []string
	ColorKeys []string // the colour buttons
	Options   []option // the toggles of the new-game form
	Players   string   // prefilled in the new-game form: the last players, else none
	Final     string   // with no game on, the last game's final standings
	Rules     rulesPanel
	Family    bool     // the page links to /family
	Roster    []string // the roster's names, to pick for a new game
}

// option is a toggle of the new-game form: its name and the presets that
// switch it on.
type option struct {
	Name    string
	Presets string // space-separated
	On      bool   // on in the first preset offered
}

// face is how a card is drawn: a colour class and the symbol on it.
type face struct {
	Code  string // the code as given, "" for no card
	Class string // "c-R", "c-Y", "c-G", "c-B", "c-W" (wild), "c-K" (blank), "c-none"
	Mark  string // "7", "⊘", "⇄", "+2", "W", "+4", "WX", ""
	Named string // colour named for a wild, one letter, or ""
	Title string // "Red 7"
}

type seat struct {
	Name         string // the seat name the engine knows
	Display      string // the name shown
	Hand, Score  string // "7 cards", "42 points" in the page's language
	HandN        string // the number of cards, "" while the dealer deals
	Turn, Winner bool
}

// seatPad is a seat's button and LED on the virtual table.
type seatPad struct {
	Seat   int
	Key    string // its LED, "seat0"…
	Label  string // the player's display name, or "seat N"
	On     bool
	Hidden bool // no player sits there
}

type led struct {
	Key, Label string
	Title      string // what it is, in words
	On         bool
}

// ledKeys are the nine LEDs of the board, in the order the page shows
// them; a label "" is a word of the page's language (ledLabel).
var ledKeys = [...]struct{ key, label string }{
	{"cw", "↻"}, {"ccw", "↺"}, {"legal", "✓"}, {"illegal", "✗"}, {"uno", ""},
	{"R", ""}, {"Y", ""}, {"G", ""}, {"B", ""},
}

// ledOf is an LED of ledKeys as the page labels it: the colours by their
// initials and UNO as the buttons say them, in w.
func ledOf(key, label string, on bool, w words) led {
	l := led{Key: key, Label: label, Title: w.T("page.led"), On: on}
	switch key {
	case "uno":
		l.Label = w.T("page.button.uno")
	case "R", "Y", "G", "B":
		l.Label, l.Title = w.Initial(key), w.Color(key)
	}
	return l
}

// optionNames are the toggles of RULES.md §5 "House rules you can switch
// on" that the new-game form offers.
var optionNames = []string{
	"jump-in", "deflect-draw-two", "stacking", "wd4-answer-draw-two", "seven-zero",
	"five-swap", "reverse-bounce", "draw-until-playable", "colours-in-circle",
	"blank-draw-ten", "reset-zero", "play-to-end", "seven-rounds", "uno-slap",
}

// picker is every card code of the decks: the colour rows, then the wilds
// and an unreadable tag.
var picker = func() [][]face {
	var rows [][]face
	for _, c := range []string{"R", "Y", "G", "B"} {
		var row []face
		for _, v := range []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2"} {
			row = append(row, cardFace(c+v))
		}
		rows = append(rows, row)
	}
	wild := []face{cardFace("W"), cardFace("W+4"), cardFace("WX"), cardFace("BLANK")}
	wild = append(wild, face{Code: "garbage", Class: "c-none", Mark: "?"})
	return append(rows, wild)
}()

// cardFace draws a card code; an empty or unknown code is no card.
func cardFace(code string) face {
	f := face{Code: code, Class: "c-none"}
	c, err := cards.Parse(code)
	if err != nil {
		return f
	}
	f.Title = c.Name() // English; the page names the top card in its language
	switch c.Kind {
	case cards.Number:
		f.Mark = strconv.Itoa(int(c.Number))
	case cards.Skip:
		f.Mark = "⊘"
	case cards.Reverse:
		f.Mark = "⇄"
	case cards.DrawTwo:
		f.Mark = "+2"
	case cards.Wild:
		f.Mark = "W"
	case cards.WildDrawFour:
		f.Mark = "+4"
	case cards.Heights:
		f.Mark = "WX"
	case cards.Blank:
		f.Class, f.Mark = "c-K", "▢"
		return f
	}
	if c.IsWild() {
		f.Class = "c-W"
		f.Named = c.Color.Code()
	} else {
		f.Class = "c-" + c.Color.Code()
	}
	return f
}

var funcs = template.FuncMap{
	"signed": func(n int) string { return fmt.Sprintf("%+d", n) },
	"plus":   func(d int, v any) string { return num(toFloat(v) + float64(d)) },
	"minus":  func(d int, v any) string { return num(toFloat(v) - float64(d)) },
	"half":   func(v int) int { return v / 2 },
	"int":    func(v int64) int { return int(v) },
	// worded hands a sub-template a value with the page's words.
	"worded": func(w words, v any) worded { return worded{W: w, V: v} },
	// isColor says whether a roster mark is a colour, "#rrggbb", drawn as
	// a dot (an SVG fill: the page's CSP allows no inline style).
	"isColor": isColor,
}

// isColor reports whether a roster mark is a colour, "#rrggbb".
func isColor(s string) bool {
	return len(s) == 7 && s[0] == '#' && strings.Trim(s[1:], "0123456789abcdefABCDEF") == ""
}

// worded is a value and the words to say it with, for a sub-template.
type worded struct {
	W words
	V any
}

func toFloat(v any) float64 {
	switch x := v.(type) {
	case int:
		return float64(x)
	case float64:
		return x
	}
	return 0
}

// seatsOf lists the seats clockwise (seatNames) with their words in p.
func seatsOf(s table.Snapshot, p pageText) []seat {
	names := seatNames(s)
	out := make([]seat, 0, len(names))
	for _, n := range names {
		out = append(out, seat{
			Name:    n,
			Display: s.Name(n),
			Hand:    p.Hands[n],
			HandN:   handN(s, n),
			Score:   p.Scores[n],
			Turn:    n == s.State.Turn,
			Winner:  n == s.State.Winner,
		})
	}
	return out
}

// options are the toggles of the new-game form, with the presets that
// include each: a rules line that switches it off says so ("-name").
// presets are the presets of RULES.md §4 "Presets" the new-game form offers.
var presets = []string{referee.PresetOfficial, referee.PresetCars, referee.PresetHouseRU}

var options = func() []option {
	out := make([]option, len(optionNames))
	for i, name := range optionNames {
		out[i].Name = name
		var in []string
		for _, p := range presets {
			r, err := referee.ParseRules(p, []string{"-" + name})
			if err == nil && strings.Contains(r.String()+" ", " -"+name+" ") {
				in = append(in, p)
			}
		}
		out[i].Presets = strings.Join(in, " ")
		out[i].On = slices.Contains(in, presets[0])
	}
	return out
}()

func (s *Server) view(r *http.Request, snap table.Snapshot, errMsg string) view {
	open, set, setup := s.open(), s.pins.set(), s.pins.pending()
	l := s.pageLang(r)
	loc := localize(snap, l)
	v := view{
		S:         loc.Snapshot,
		W:         words{l},
		P:         loc.Page,
		Strings:   template.JS(scriptWords(l)),
		Top:       cardFace(topCard(snap.State)),
		Color:     colorOf(snap.State),
		Seats:     seatsOf(snap, loc.Page),
		A:         s.accessOf(r),
		Controls:  open || set || setup,
		Admin:     open || set || setup,
		Open:      open && !set,
		AskPIN:    set,
		Setup:     setup,
		History:   s.o.History != nil,
		Error:     errMsg,
		Picker:    picker,
		Presets:   presets,
		ColorKeys: []string{"R", "Y", "G", "B"},
		Options:   options,
		Players:   strings.Join(snap.Players, " "),
		Rules:     rulesOf(snap, l),
	}
	if s.o.History != nil && snap.Game != 0 {
		v.Chart = chartSrc(snap)
	}
	if v.Players == "" && s.o.History != nil {
		// The last game's players, offered again, and its standings.
		g := s.lastGame(r.Context())
		v.Players = strings.Join(g.Players, " ")
		v.Final = lastStandings(r.Context(), s.o.History, g, v.W)
	}
	v.Family, v.Roster = s.rosterNames(r)
	for _, l := range ledKeys {
		v.LEDs = append(v.LEDs, ledOf(l.key, l.label, snap.LEDs[l.key], v.W))
	}
	for i := range 10 {
		k := "seat" + strconv.Itoa(i)
		if on, ok := snap.LEDs[k]; ok {
			v.LEDs = append(v.LEDs, led{Key: k, Label: strconv.Itoa(i + 1), Title: v.W.T("page.led"), On: on})
			p := seatPad{Seat: i, Key: k, Label: v.W.N("page.seat", i+1), On: on, Hidden: i >= len(snap.Players)}
			if !p.Hidden {
				p.Label = snap.Name(snap.Players[i])
			}
			v.Pads = append(v.Pads, p)
		}
	}
	for _, st := range v.Seats {
		if slices.Contains(loc.Page.Countup, st.Name) {
			v.Countup = append(v.Countup, st)
		}
	}
	return v
}

func (s *Server) servePage(w http.ResponseWriter, r *http.Request) {
	keepLang(w, r)
	v := s.view(r, s.t.Snapshot(), r.URL.Query().Get("error"))
	if r.Context().Err() != nil && v.Error == "" {
		// The journal did not answer in time: the page says so, and shows
		// the table without the last game's standings.
		v.Error = v.W.T("page.journal.slow")
	}
	s.render(w, r, http.StatusOK, "page.html", v)
}

// chartSrc is the address of the chart of the game on the table; it changes
// when a round ends or is undone, or a player is renamed. app.js keys it
// in its own way: the first snapshot may load it once more.
func chartSrc(snap table.Snapshot) string {
	parts := []string{strconv.Itoa(snap.State.Round)}
	for _, p := range snap.Players {
		parts = append(parts, strconv.Itoa(snap.State.Scores[p]))
	}
	// A rename redraws the legend.
	parts = append(parts, strconv.Itoa(len(snap.Names)), strconv.FormatUint(uint64(crc32.ChecksumIEEE([]byte(fmt.Sprint(snap.Names)))), 36))
	return "/history/" + strconv.FormatInt(snap.Game, 10) + ".svg?v=" + strings.Join(parts, "-")
}

// handN is the number of cards in n's hand, "" while the dealer deals.
func handN(s table.Snapshot, n string) string {
	if s.State.Phase == referee.PhaseSetup {
		return ""
	}
	return strconv.Itoa(s.State.Hands[n])
}
