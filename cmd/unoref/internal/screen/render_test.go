package screen

import (
	"image"
	"slices"
	"strings"
	"testing"

	"periph.io/x/devices/v3/ssd1306/image1bit"

	"github.com/unoref/unoref/drivers/oled/ssd1306test"
	"github.com/unoref/unoref/lang"
)

// glyphs is text drawn alone, to look for on the panel: a tiny OCR that
// knows the font and the string it expects.
type glyphs struct {
	w, h int
	on   []bool
}

func textMask(f face, s string) glyphs {
	w, h := f.width(s), f.cell()
	img := image1bit.NewVerticalLSB(image.Rect(0, 0, w, h))
	drawText(img, f, 0, 0, s, image1bit.On)
	g := glyphs{w: w, h: h, on: make([]bool, w*h)}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			g.on[y*w+x] = bool(img.BitAt(x, y))
		}
	}
	return g
}

// find returns where the cell of s, in face f, starts on the panel
// (inverted: dark text on lit pixels). It compares every pixel of the rows
// the text's ink spans, across the whole cell plus one column each side, so
// "Ben" does not match inside "Bend" and a glyph cannot be half right.
func find(img *image.Gray, f face, s string, inverted bool) (image.Point, bool) {
	g := textMask(f, s)
	top, bottom := g.h, -1
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			if g.on[y*g.w+x] {
				top, bottom = min(top, y), max(bottom, y)
			}
		}
	}
	if bottom < 0 {
		return image.Point{}, false
	}
	// Rows cut by the panel's top or bottom edge are skipped, up to a
	// quarter of the ink's height.
	cut := (bottom - top + 1) / 4
	for oy := -top - cut; oy+bottom < Height+cut; oy++ {
	next:
		for ox := 0; ox+g.w <= Width+1; ox++ {
			for y := top; y <= bottom; y++ {
				if oy+y < 0 || oy+y >= Height {
					continue
				}
				for x := -1; x <= g.w; x++ {
					px := ox + x
					if px < 0 || px >= Width {
						continue
					}
					ink := x >= 0 && x < g.w && g.on[y*g.w+x]
					if ssd1306test.Lit(img, px, oy+y) != (ink != inverted) {
						continue next
					}
				}
			}
			return image.Pt(ox, oy), true
		}
	}
	return image.Point{}, false
}

func count(b []bool) int {
	n := 0
	for _, v := range b {
		if v {
			n++
		}
	}
	return n
}

func mustFind(t *testing.T, img *image.Gray, f face, s string, inverted bool) image.Point {
	t.Helper()
	p, ok := find(img, f, s, inverted)
	if !ok {
		t.Errorf("%q (inverted %v) not on the panel", s, inverted)
	}
	return p
}

func mustNotFind(t *testing.T, img *image.Gray, f face, s string, inverted bool) {
	t.Helper()
	if p, ok := find(img, f, s, inverted); ok {
		t.Errorf("%q (inverted %v) found at %v, want absent", s, inverted, p)
	}
}

func TestTurnScreen(t *testing.T) {
	p := newPanel(t)
	s := Screen{Phase: "turn", Turn: "Ben", Direction: "cw", Color: "G", Top: "G7", Hands: fourSeats, Message: "Ann played G7"}
	img := p.show(t, s)

	if at := mustFind(t, img, big, "Ben", false); at.X != 0 || at.Y > 0 {
		t.Errorf("turn name at %v, want the top-left corner", at)
	}
	mustFind(t, img, small, "GREEN", false)
	mustFind(t, img, small, "Ann played G7", false)
	mustFind(t, img, bold, "7", false) // the card's face, in the badge
	mustFind(t, img, small, "G", false)
	// Hand counts: the player to act inverted, the others plain.
	mustFind(t, img, small, "Be", true)
	for _, c := range []string{"An", "Ch", "Dm"} {
		mustFind(t, img, small, c, false)
	}
	mustFind(t, img, small, "12", false)
	// Nothing owed: no "+" box.
	mustNotFind(t, img, bold, "+", true)

	s.Pending = 4
	s.Top, s.Color = "W+4:B", "B"
	img = p.show(t, s)
	mustFind(t, img, bold, "+4", true)
	mustFind(t, img, small, "BLUE", false)
	mustNotFind(t, img, small, "GREEN", false)

	s.Phase, s.Message = "penalty", ""
	img = p.show(t, s)
	mustFind(t, img, small, "Draw 4 cards", false)
}

func TestDirectionArrow(t *testing.T) {
	p := newPanel(t)
	s := Screen{Phase: "turn", Turn: "Ben", Direction: "cw", Color: "R", Top: "R1"}
	cw := p.show(t, s)
	s.Direction = "ccw"
	ccw := p.show(t, s)
	// The icons are mirror images of each other and not symmetric.
	same, mirrored := 0, 0
	for y := line2Y; y < line2Y+arrowSize; y++ {
		for x := 0; x < arrowSize; x++ {
			if ssd1306test.Lit(cw, x, y) == ssd1306test.Lit(ccw, x, y) {
				same++
			}
			if ssd1306test.Lit(cw, x, y) == ssd1306test.Lit(ccw, arrowSize-1-x, y) {
				mirrored++
			}
		}
	}
	if mirrored != arrowSize*arrowSize || same == arrowSize*arrowSize {
		t.Errorf("arrows: %d pixels mirror, %d equal; want a mirrored, asymmetric icon", mirrored, same)
	}
}

func TestCardColourPatterns(t *testing.T) {
	p := newPanel(t)
	// The strip inside the card above the badge, right of the corner index.
	area := image.Rect(cardX+12, cardY+3, cardX+cardW-3, cardY+12)
	density := map[string]int{}
	for _, c := range []string{"R", "Y", "G", "B", ""} {
		img := p.show(t, Screen{Phase: "turn", Turn: "Ann", Color: c, Top: "W"})
		n := 0
		for y := area.Min.Y; y < area.Max.Y; y++ {
			for x := area.Min.X; x < area.Max.X; x++ {
				if ssd1306test.Lit(img, x, y) {
					n++
				}
			}
		}
		density[c] = n * 100 / (area.Dx() * area.Dy())
	}
	// Solid red, stripes, hatch, sparse dots, empty: each tells apart.
	got := []int{density["R"], density["B"], density["Y"], density["G"], density[""]}
	decreasing := true
	for i := 1; i < len(got); i++ {
		decreasing = decreasing && got[i] < got[i-1]
	}
	if !decreasing {
		t.Errorf("pattern density R,B,Y,G,none = %v%%, want strictly decreasing", got)
	}
}

func TestLongAndForeignNames(t *testing.T) {
	p := newPanel(t)
	img := p.show(t, Screen{Phase: "turn", Turn: "Maximilian-Alexander", Color: "Y", Top: "Y3"})
	mustFind(t, img, bold, "Maximilian…", false)
	mustNotFind(t, img, big, "Max", false)

	img = p.show(t, Screen{Phase: "turn", Turn: "Аня", Color: "R", Top: "R3", Hands: []Seat{{"Аня", 5}, {"Ben", 2}}, Message: "Аня: уно!"})
	mustFind(t, img, big, "Аня", false)
	mustFind(t, img, small, "Аня: уно!", false)
	mustFind(t, img, small, "5", true)
	if got := Missing("Аня B 李"); string(got) != "李" {
		t.Errorf("Missing(%q) = %q, want %q", "Аня B 李", string(got), "李")
	}
	// Runes outside the faces show their replacement glyph, big, at the top.
	img = p.show(t, Screen{Phase: "turn", Turn: "李小龙", Color: "R", Top: "R3"})
	mustFind(t, img, big, "\ufffd\ufffd\ufffd", false)
	lit := 0
	for y := 0; y < 20; y++ {
		for x := 0; x < 16; x++ {
			if ssd1306test.Lit(img, x, y) {
				lit++
			}
		}
	}
	if lit < 20 {
		t.Errorf("first glyph of a CJK name: %d lit pixels, want a visible replacement glyph", lit)
	}
}

func TestMessagePaged(t *testing.T) {
	p := newPanel(t)
	msg := "Ben draws 2 and misses a turn because of the red draw two"
	s := Screen{Phase: "turn", Turn: "Ann", Color: "R", Top: "R+2", Message: msg}
	pages := Pages(s)
	if len(pages) < 2 || NumPages(s) != len(pages) {
		t.Fatalf("Pages = %q (NumPages %d), want several one-line pages", pages, NumPages(s))
	}
	for i, pg := range pages {
		s.Page = i
		img := p.show(t, s)
		if len(pg) != 1 {
			t.Fatalf("page %d = %q, want one line", i, pg)
		}
		mustFind(t, img, small, pg[0], false)
		if i < len(pages)-1 && !strings.HasSuffix(pg[0], more) {
			t.Errorf("page %d = %q, want it to end with %q", i, pg[0], more)
		}
	}
	// Past the end: the last page.
	s.Page = 99
	mustFind(t, p.show(t, s), small, pages[len(pages)-1][0], false)
}

func TestFitAndWrap(t *testing.T) {
	for _, tt := range []struct {
		s     string
		w     int
		words bool
		want  string
	}{
		{"Ben", 70, false, "Ben"},
		{"Alexandrina", 49, false, "Alexan…"},
		{"draw two cards", 70, true, "draw two…"},
		{"Аня", 14, false, "А…"},
		{"x", 0, false, ""},
	} {
		if got := fit(small, tt.s, tt.w, tt.words); got != tt.want {
			t.Errorf("fit(%q, %d) = %q, want %q", tt.s, tt.w, got, tt.want)
		}
	}
	got := wrap(small, "Show your hand: tap every card now please", Width, 2)
	want := []string{"Show your hand:", "tap every card…"}
	if !slices.Equal(got, want) {
		t.Errorf("wrap = %q, want %q", got, want)
	}
}

func TestHandsRow(t *testing.T) {
	p := newPanel(t)
	var seats []Seat
	for i, n := range []string{"P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "P10"} {
		seats = append(seats, Seat{n, i + 1})
	}
	img := p.show(t, Screen{Phase: "turn", Turn: "P8", Color: "Y", Top: "Y1", Hands: seats})
	// Ten seats do not fit: counts only, around the player to act.
	mustFind(t, img, small, "8", true)
	mustFind(t, img, small, "…", false)
	mustNotFind(t, img, small, "P8", true)

	img = p.show(t, Screen{Phase: "turn", Turn: "Bo", Color: "Y", Top: "Y1", Hands: []Seat{{"Al", 7}, {"Bo", 3}, {"Cy", 2}}})
	mustFind(t, img, small, "Al", false)
	mustFind(t, img, small, "Bo", true)
	mustFind(t, img, small, "Cy", false)
}

func TestPromptScreens(t *testing.T) {
	p := newPanel(t)
	for _, tt := range []struct {
		s    Screen
		want []string
	}{
		{Screen{Phase: "color", Turn: "Dmitri"}, []string{"Pick a colour", "R", "Y", "G", "B"}},
		{Screen{Phase: "challenge", Turn: "Ann", Pending: 4}, []string{"Challenge the +4,", "or draw 4"}},
		{Screen{Phase: "show", Turn: "Ben"}, []string{"Show your hand:", "tap every card"}},
		{Screen{Phase: "countup", Turn: "Chloe"}, []string{"Tap your leftover"}},
		{Screen{Phase: "swap", Turn: "Ann", Hands: fourSeats}, []string{"Swap hands with:", "Ben Chloe Dmitri"}},
		{Screen{Phase: "heights", Turn: "Ann", Color: "B"}, []string{"Pick a blue number", "card"}},
		{Screen{Phase: "setup", Round: 1}, []string{"Deal 7 each, then"}},
		{Screen{Phase: "color", Turn: "Ann", Prompt: "Name a colour now"}, []string{"Name a colour now"}},
	} {
		t.Run(tt.s.Phase, func(t *testing.T) {
			img := p.show(t, tt.s)
			for _, w := range tt.want {
				mustFind(t, img, small, w, false)
			}
			if tt.s.Turn != "" {
				mustFind(t, img, big, tt.s.Turn, false)
			}
		})
	}
}

func TestScoreboard(t *testing.T) {
	p := newPanel(t)
	img := p.show(t, Screen{Phase: "over", Winner: "Chloe", Scores: []Score{{"Ann", 320, 0}, {"Chloe", 512, 0}}})
	mustFind(t, img, bold, "Game over", true)
	mustFind(t, img, small, "Chloe", true)
	mustFind(t, img, small, "512", true)
	mustFind(t, img, small, "Ann", false)
	mustFind(t, img, small, "320", false)

	var ten []Score
	for i := range 10 {
		ten = append(ten, Score{string(rune('A' + i)), i * 11, 0})
	}
	img = p.show(t, Screen{Phase: "setup", Round: 4, Scores: ten})
	mustFind(t, img, small, "After round 3", true)
	for _, sc := range ten {
		mustFind(t, img, small, sc.Name, false)
	}
	mustFind(t, img, small, "99", false)
}

func TestAlerts(t *testing.T) {
	p := newPanel(t)
	for _, tt := range []struct {
		a    Alert
		word string
	}{{AlertIllegal, "NO!"}, {AlertUNO, "UNO!"}, {AlertLegal, "OK"}, {AlertSlap, "SLAP!"}} {
		img := p.show(t, Screen{Alert: tt.a, Message: "Ben has one card"})
		mustFind(t, img, big, tt.word, true)
		mustFind(t, img, small, "Ben has one card", false)
	}
}

func BenchmarkRender(b *testing.B) {
	dst := image1bit.NewVerticalLSB(Bounds)
	s := samples[1].s
	b.ReportAllocs()
	for b.Loop() {
		RenderTo(dst, s)
	}
}

// TestForeignNames draws the names of the families at the table: each is in
// the faces and lands, pixel for pixel, at the top-left corner, in the hands
// row and in the message.
func TestForeignNames(t *testing.T) {
	p := newPanel(t)
	for _, name := range []string{"Аня", "Đorđe", "Ștefan", "Љиљана", "Țuțuianu"} {
		t.Run(name, func(t *testing.T) {
			if got := Missing(name); len(got) != 0 {
				t.Fatalf("Missing(%q) = %q, want none", name, string(got))
			}
			img := p.show(t, Screen{Phase: "turn", Turn: name, Color: "R", Top: "R3", Hands: []Seat{{name, 5}, {"Ben", 2}}, Message: name + " played R3"})
			f := big
			if big.width(name) > cardX-2 {
				f = bold
			}
			if at := mustFind(t, img, f, name, false); at.X != 0 || at.Y > 2 {
				t.Errorf("%q at %v, want the top-left corner", name, at)
			}
			mustFind(t, img, small, prefix(name, 3), true)
			mustFind(t, img, small, name+" played R3", false)
			// The replacement glyph would also be found by shape: make sure
			// the drawn name differs from it.
			mustNotFind(t, img, f, strings.Repeat("\ufffd", len([]rune(name))), false)
		})
	}
}

// TestRoundTitles: no "Round 1" before any game; after a count-up the
// scoreboard shows the round's points, then the totals after it.
func TestRoundTitles(t *testing.T) {
	p := newPanel(t)
	img := p.show(t, Screen{Phase: "setup", Prompt: "Start a new game on the page"})
	mustFind(t, img, big, "UNO", false)
	mustNotFind(t, img, big, "Round 1", false)
	mustNotFind(t, img, bold, "Round 1", false)

	s := Screen{Phase: "setup", Round: 2, Counted: 1, Prompt: "Ben deals 7 each: tap the starter card",
		Scores: []Score{{Name: "Mum", Points: 87, Round: 87}, {Name: "Ben", Points: 40}}}
	if n := NumPages(s); n != 3 {
		t.Fatalf("NumPages = %d, want 3 (points, totals, prompt)", n)
	}
	img = p.show(t, s)
	mustFind(t, img, bold, "Round 1", true) // "points" descends below the band
	mustFind(t, img, small, "+87", false)
	mustFind(t, img, small, "+0", false)
	s.Page = 1
	img = p.show(t, s)
	mustFind(t, img, bold, "After round 1", true)
	mustFind(t, img, small, "87", false)
	mustFind(t, img, small, "40", false)
	s.Page = 2
	img = p.show(t, s)
	mustFind(t, img, big, "Round 2", false)
	mustFind(t, img, small, "Ben deals 7 each:", false)
}

// TestBadNewsAlert: bad news has its own word, never the green OK.
func TestBadNewsAlert(t *testing.T) {
	p := newPanel(t)
	for _, tt := range []struct {
		l    lang.Lang
		word string
	}{{lang.English, "OOPS!"}, {lang.Romanian, "VAI!"}} {
		img := p.show(t, Screen{Alert: AlertBad, Message: "Ben forgot to say UNO and draws 2", Lang: tt.l})
		mustFind(t, img, big, tt.word, true)
		mustNotFind(t, img, big, "OK", true)
	}
}

// TestMarksInAlertWords: the alert's word keeps its marks whole, framed
// or not: «ОЙ!» is not «ОИ!» (the frame once drew over the breve).
func TestMarksInAlertWords(t *testing.T) {
	p := newPanel(t)
	img := p.show(t, Screen{Alert: AlertBad, Lang: lang.Russian, Message: "Вика забывает сказать УНО и берёт 2 карты"})
	mustFind(t, img, big, "ОЙ!", true)
	img = p.show(t, Screen{Alert: AlertLegal, Lang: lang.Serbian, Message: "Ana igra plavu peticu"})
	mustFind(t, img, big, "TAČNO!", true)
}
