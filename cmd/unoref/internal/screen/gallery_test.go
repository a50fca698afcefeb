package screen

import (
	"flag"
	"fmt"
	"image"
	"path/filepath"
	"slices"
	"testing"

	"periph.io/x/devices/v3/ssd1306/image1bit"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
)

// shot is one screen of the gallery.
type shot struct {
	name string
	s    Screen
}

// families are the names at each language's table, with the marks and
// descenders the language writes; the first is the player to act.
var families = map[lang.Lang][]string{
	lang.English:         {"Ben", "Ann", "Chloe", "Dmitri", "Eve", "Frank", "Gwen", "Hal", "Ivy", "Jo"},
	lang.Russian:         {"Фёдор", "Аня", "Боря", "Вика", "Дима", "Ева", "Женя", "Зоя", "Илья", "Йорик"},
	lang.Serbian:         {"Đorđe", "Jovana", "Ljilja", "Čeda", "Šana", "Žika", "Ćira", "Ana", "Mika", "Pera"},
	lang.SerbianCyrillic: {"Ђорђе", "Јована", "Љиља", "Чеда", "Шана", "Жика", "Ћира", "Ана", "Мика", "Пера"},
	lang.Romanian:        {"Ștefan", "Ioana", "Răzvan", "Andreea", "Țuțu", "Îngrid", "Ana", "Doru", "Mihai", "Ilie"},
	lang.Armenian:        {"Տիգրան", "Անի", "Արամ", "Գոհար", "Լիլիթ", "Նարեկ", "Սոնա", "Դավիթ", "Մարի", "Էրիկ"},
}

// gallery is every screen the referee shows, in l, with the catalog's own
// sentences and the names of a family that speaks it: what a child reads.
// TestTextShowsWhole checks each of them, every page; TestGallery draws
// them for people to look at.
func gallery(l lang.Lang) []shot {
	say := func(key string, a msg.Args) string { return l.Sentence(msg.Sentence{{Key: key, Args: a}}) }
	var (
		red7  = cards.Card{Kind: cards.Number, Color: cards.Red, Number: 7}
		blue5 = cards.Card{Kind: cards.Number, Color: cards.Blue, Number: 5}
		names = families[l]
		who   = names[0]
		seats []Seat
		four  []Score
		ten   []Score
	)
	for i, n := range names[:4] {
		seats = append(seats, Seat{n, []int{5, 7, 1, 12}[i]})
		four = append(four, Score{n, []int{87, 145, 512, 0}[i], []int{0, 0, 40, 87}[i]})
	}
	for i, n := range names {
		ten = append(ten, Score{Name: n, Points: i * 37})
	}
	turn := func(top, colour string, pending int, m string) Screen {
		return Screen{Phase: "turn", Turn: who, Direction: "ccw", Color: colour, Top: top, Pending: pending, Hands: seats, Message: m, Lang: l}
	}
	prompt := func(phase string) Screen {
		return Screen{Phase: phase, Turn: who, Color: "B", Top: "W+4:B", Pending: 4, Hands: seats, Lang: l}
	}
	return []shot{
		{"welcome", Screen{Phase: "setup", Lang: l, Prompt: say("table.code", msg.Args{Value: "123456"})}},
		{"setup-code", Screen{Phase: "setup", Lang: l, Link: "http://192.168.100.200:8080/#code=123456", Code: "123456"}},
		{"page-link", Screen{Phase: "turn", Lang: l, Link: "http://192.168.1.23:8080/"}},
		{"deal", Screen{Phase: "setup", Round: 1, Hands: seats, Lang: l}},
		{"turn", turn("R7", "R", 0, say("play", msg.Args{Player: names[2], Card: red7}))},
		{"turn-skip", turn("YS", "Y", 0, "")},
		{"turn-reverse", turn("GR", "G", 0, "")},
		{"turn-draw-two", turn("B+2", "B", 2, say("draw.penalty", msg.Args{Player: who, N: 2}))},
		{"turn-wild", turn("W:B", "B", 0, "")},
		{"turn-wild-four", turn("W+4:Y", "Y", 4, "")},
		{"turn-heights", turn("WX:G", "G", 0, "")},
		{"turn-blank", turn("BLANK", "R", 0, "")},
		{"penalty", Screen{Phase: "penalty", Turn: who, Direction: "cw", Color: "B", Top: "B+2", Pending: 6, Hands: seats, Lang: l}},
		{"color", prompt("color")},
		{"challenge", prompt("challenge")},
		{"show", prompt("show")},
		{"swap", prompt("swap")},
		{"heights", prompt("heights")},
		{"countup", prompt("countup")},
		{"drawn", prompt("drawn")},
		{"round-points", Screen{Phase: "setup", Round: 2, Counted: 1, Scores: four, Lang: l}},
		{"between-rounds", Screen{Phase: "setup", Round: 3, Scores: four, Lang: l}},
		{"over", Screen{Phase: "over", Winner: names[2], Round: 6, Scores: best(four), Lang: l}},
		{"over-early", Screen{Phase: "over", Winner: names[2], Round: 4, End: EndEarly, Scores: best(four), Lang: l}},
		{"over-stopped", Screen{Phase: "over", Round: 2, End: EndAbandoned, Scores: best(four), Lang: l, Prompt: say("wait.players", msg.Args{})}},
		{"over-ten", Screen{Phase: "over", Winner: names[9], Round: 9, Scores: ten, Lang: l}},
		{"alert-ok", Screen{Alert: AlertLegal, Lang: l, Message: say("play", msg.Args{Player: names[1], Card: blue5})}},
		{"alert-no", Screen{Alert: AlertIllegal, Lang: l, Message: say("refuse.nomatch", msg.Args{Card: red7, Top: blue5, Color: cards.Blue})}},
		{"alert-uno", Screen{Alert: AlertUNO, Lang: l, Message: say("uno.last", msg.Args{Player: names[2]})}},
		{"alert-bad", Screen{Alert: AlertBad, Lang: l, Message: say("uno.missed", msg.Args{Player: who, N: 2})}},
		{"alert-slap", Screen{Alert: AlertSlap, Lang: l, Message: say("slap.self", msg.Args{Player: names[3]})}},
	}
}

// best orders a board best first, as the table's final standings do.
func best(sc []Score) []Score {
	out := slices.Clone(sc)
	slices.SortStableFunc(out, func(a, b Score) int { return b.Points - a.Points })
	return out
}

// traced is a text drawn, with the panel as it was under it.
type traced struct {
	f    face
	x, y int
	s    string
	c    image1bit.Bit
}

// renderTraced renders s and returns the texts it drew.
func renderTraced(s Screen) (*image1bit.VerticalLSB, []traced) {
	var got []traced
	traceText = func(_ *image1bit.VerticalLSB, f face, x, y int, s string, c image1bit.Bit) {
		got = append(got, traced{f, x, y, s, c})
	}
	defer func() { traceText = nil }()
	return Render(s), got
}

// glyphInk is the ink of r in f, drawn alone with its cell at (0, 0).
func glyphInk(f face, r rune) (*image1bit.VerticalLSB, image.Rectangle) {
	cell := image.Rect(0, 0, max(f.advance(), f.f.Width*f.scale), f.cell())
	img := image1bit.NewVerticalLSB(cell)
	drawRune(img, f, 0, 0, r, image1bit.On)
	return img, cell
}

// hidden returns what of t does not show on dst: ink off the panel, ink
// drawn over, or ink that has no contrast with a pixel beside it that is
// not its own (a descender below a band, a word touching a frame or an
// icon, two lines touching).
func hidden(dst *image1bit.VerticalLSB, t traced) []string {
	var out []string
	x := t.x
	for _, r := range t.s {
		ink, cell := glyphInk(t.f, r)
		bad := 0
		for gy := cell.Min.Y; gy < cell.Max.Y; gy++ {
			for gx := cell.Min.X; gx < cell.Max.X; gx++ {
				if !bool(ink.BitAt(gx, gy)) {
					continue
				}
				p := image.Pt(x+gx, t.y+gy)
				if !p.In(dst.Rect) || dst.BitAt(p.X, p.Y) != t.c {
					bad++
					continue
				}
				for _, d := range []image.Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					q, g := p.Add(d), image.Pt(gx, gy).Add(d)
					if (!g.In(cell) || !bool(ink.BitAt(g.X, g.Y))) && q.In(dst.Rect) && dst.BitAt(q.X, q.Y) == t.c {
						bad++
						break
					}
				}
			}
		}
		if bad > 0 {
			out = append(out, fmt.Sprintf("%q at (%d,%d): %d pixels hidden", r, x, t.y, bad))
		}
		x += t.f.advance()
	}
	return out
}

// TestTextShowsWhole renders every screen of the gallery in every
// language, every page, and checks that every pixel of every glyph shows:
// on the panel, not drawn over, against its own background. A mark cut
// off (the breve of Й under an alert's frame: «ОЙ!» read «ОИ!»), a
// descender below a title's band or a word under a badge fails it.
func TestTextShowsWhole(t *testing.T) {
	for _, l := range lang.Languages() {
		for _, sh := range gallery(l) {
			for pg := range max(NumPages(sh.s), 1) {
				s := sh.s
				s.Page = pg
				img, texts := renderTraced(s)
				for _, tx := range texts {
					for _, h := range hidden(img, tx) {
						t.Errorf("%s %s page %d: %q: %s", l, sh.name, pg, tx.s, h)
					}
				}
			}
		}
	}
}

var galleryDir = flag.String("gallery", "", "write every screen in every language to DIR/gallery-L.png, to look at")

// TestGallery writes every screen in every language to DIR/gallery-L.png
// with -gallery DIR, for people to look at (a sheet at 3×, two columns):
//
//	go test ./cmd/unoref/internal/screen -run TestGallery -gallery /tmp/oled
func TestGallery(t *testing.T) {
	if *galleryDir == "" {
		t.Skip("run with -gallery DIR to write the gallery sheets")
	}
	p := newPanel(t)
	for _, l := range lang.Languages() {
		var shots []*image.Gray
		for _, sh := range gallery(l) {
			for pg := range max(NumPages(sh.s), 1) {
				s := sh.s
				s.Page = pg
				shots = append(shots, p.show(t, s))
			}
		}
		if err := writeSheet(filepath.Join(*galleryDir, "gallery-"+l.String()+".png"), shots); err != nil {
			t.Fatal(err)
		}
	}
}
