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
	S        table.Snapshot
	Top      face
	Color    string // colour to match, one letter or ""
	Seats    []seat
	Countup  []seat // in count-up, the players holding cards: each gets a points form
	Pads     []seatPad
	LEDs     []led
	Controls bool   // the page shows the playing controls
	NeedPIN  bool   // controls need the PIN (a real table)
	Admin    bool   // the page shows the admin controls (new game, rename, undo, end)
	Open     bool   // admin controls work without a PIN (virtual table, no PIN set)
	AskPIN   bool   // the page asks for the PIN before the admin controls
	LoggedIn bool   // the PIN was entered in this browser
	Chart    string // the address of the chart of the game on the table, or ""
	History  bool   // the page links to /history
	Error    string
	Picker   [][]face // one row per colour, then the wilds
	Presets  []string
	Options  []string
	Players  string   // prefilled in the new-game form
	Family   bool     // the page links to /family
	Roster   []string // the roster's names, to pick for a new game
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
	Hand, Score  int
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
	On         bool
}

// ledKeys are the nine LEDs of the board, in the order the page shows them.
var ledKeys = [...]struct{ key, label string }{
	{"cw", "↻"}, {"ccw", "↺"}, {"legal", "ok"}, {"illegal", "no"}, {"uno", "UNO"},
	{"R", "R"}, {"Y", "Y"}, {"G", "G"}, {"B", "B"},
}

// options are the toggles of RULES.md §3 the new-game form offers.
var options = []string{
	"jump-in", "deflect-draw-two", "stacking", "wd4-answer-draw-two", "seven-zero",
	"five-swap", "reverse-bounce", "draw-until-playable", "colours-in-circle",
	"blank-draw-ten", "reset-zero", "play-to-end", "seven-rounds",
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
	wild = append(wild, face{Code: "garbage", Class: "c-none", Mark: "?", Title: "an unreadable tag"})
	return append(rows, wild)
}()

// cardFace draws a card code; an empty or unknown code is no card.
func cardFace(code string) face {
	f := face{Code: code, Class: "c-none"}
	c, err := cards.Parse(code)
	if err != nil {
		return f
	}
	f.Title = c.Name()
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
		f.Class = "c-K"
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

var colorNames = map[string]string{"R": "red", "Y": "yellow", "G": "green", "B": "blue"}

var funcs = template.FuncMap{
	"colorName": func(c string) string { return colorNames[c] },
	"dirName": func(d string) string {
		switch d {
		case "cw":
			return "↻ clockwise"
		case "ccw":
			return "↺ counter-clockwise"
		}
		return ""
	},
	"signed": func(n int) string { return fmt.Sprintf("%+d", n) },
	"plus":   func(d int, v any) string { return num(toFloat(v) + float64(d)) },
	"minus":  func(d int, v any) string { return num(toFloat(v) - float64(d)) },
	"half":   func(v int) int { return v / 2 },
	// isColor says whether a roster mark is a colour, "#rrggbb", drawn as
	// a dot (an SVG fill: the page's CSP allows no inline style).
	"isColor": func(s string) bool {
		return len(s) == 7 && s[0] == '#' && strings.Trim(s[1:], "0123456789abcdefABCDEF") == ""
	},
	"plural": func(n int, one, many string) string {
		if n == 1 {
			return one
		}
		return many
	},
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

// seatsOf lists the seats clockwise: the snapshot's seats, else the players
// the engine knows, by name.
func seatsOf(s table.Snapshot) []seat {
	names := s.Players
	if len(names) == 0 {
		for n := range s.State.Hands {
			names = append(names, n)
		}
		slices.Sort(names)
	}
	out := make([]seat, 0, len(names))
	for _, n := range names {
		out = append(out, seat{
			Name:    n,
			Display: s.Name(n),
			Hand:    s.State.Hands[n],
			Score:   s.State.Scores[n],
			Turn:    n == s.State.Turn,
			Winner:  n == s.State.Winner,
		})
	}
	return out
}

func (s *Server) view(r *http.Request, snap table.Snapshot, errMsg string) view {
	v := view{
		S:        snap,
		Top:      cardFace(snap.State.Top),
		Color:    snap.State.Color,
		Seats:    seatsOf(snap),
		Controls: snap.Virtual || s.o.PIN != "",
		NeedPIN:  !snap.Virtual && s.o.PIN != "",
		Admin:    snap.Virtual || s.o.PIN != "",
		Open:     snap.Virtual && s.o.PIN == "",
		AskPIN:   s.o.PIN != "",
		LoggedIn: s.loggedIn(r),
		History:  s.o.History != nil,
		Error:    errMsg,
		Picker:   picker,
		Presets:  []string{referee.PresetOfficial, referee.PresetCars, referee.PresetHouseRU},
		Options:  options,
		Players:  strings.Join(snap.Players, " "),
	}
	if s.o.History != nil && snap.Game != 0 {
		v.Chart = chartSrc(snap)
	}
	v.Family, v.Roster = s.rosterNames(r)
	if v.Players == "" {
		v.Players = "Ann Ben Cy"
	}
	for _, l := range ledKeys {
		v.LEDs = append(v.LEDs, led{Key: l.key, Label: l.label, On: snap.LEDs[l.key]})
	}
	for i := range 10 {
		k := "seat" + strconv.Itoa(i)
		if on, ok := snap.LEDs[k]; ok {
			v.LEDs = append(v.LEDs, led{Key: k, Label: strconv.Itoa(i + 1), On: on})
			p := seatPad{Seat: i, Key: k, Label: "seat " + strconv.Itoa(i+1), On: on, Hidden: i >= len(snap.Players)}
			if !p.Hidden {
				p.Label = snap.Name(snap.Players[i])
			}
			v.Pads = append(v.Pads, p)
		}
	}
	if snap.State.Phase == referee.PhaseCountup {
		// The snapshot does not say who is counted already: the engine
		// refuses a second count with its own sentence.
		for _, st := range v.Seats {
			if st.Hand > 0 {
				v.Countup = append(v.Countup, st)
			}
		}
	}
	return v
}

func (s *Server) servePage(w http.ResponseWriter, r *http.Request) {
	s.render(w, http.StatusOK, "page.html", s.view(r, s.t.Snapshot(), r.URL.Query().Get("error")))
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
