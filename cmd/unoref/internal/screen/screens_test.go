package screen

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"periph.io/x/devices/v3/ssd1306"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/drivers/oled"
	"github.com/unoref/unoref/drivers/oled/ssd1306test"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
)

var update = flag.Bool("update", false, "rewrite testdata/*.png golden files and the preview sheet")

var fourSeats = []Seat{{"Ann", 7}, {"Ben", 3}, {"Chloe", 12}, {"Dmitri", 1}}

// samples are the screens kept as golden files, one per layout.
var samples = []struct {
	name string
	s    Screen
}{
	{"turn", Screen{Phase: "turn", Turn: "Ben", Direction: "cw", Color: "G", Top: "G7", Hands: fourSeats, Message: "Ann played G7"}},
	{"turn-penalty", Screen{Phase: "penalty", Turn: "Chloe", Direction: "ccw", Color: "B", Top: "W+4:B", Pending: 4, Hands: fourSeats, Message: "Chloe draws 4 and misses a turn"}},
	{"turn-illegal", Screen{Phase: "turn", Turn: "Alexandrina", Direction: "cw", Color: "Y", Top: "YS", Hands: fourSeats, Message: "R3 does not match yellow or skip"}},
	{"turn-cyrillic", Screen{Phase: "turn", Turn: "Аня", Direction: "ccw", Color: "R", Top: "R+2", Pending: 2, Hands: []Seat{{"Аня", 5}, {"Ben", 9}}, Message: "Аня draws 2"}},
	{"turn-ten", Screen{Phase: "turn", Turn: "P8", Direction: "cw", Color: "Y", Top: "YR", Hands: []Seat{{"P1", 7}, {"P2", 3}, {"P3", 12}, {"P4", 1}, {"P5", 5}, {"P6", 6}, {"P7", 7}, {"P8", 8}, {"P9", 9}, {"P10", 10}}}},
	{"color", Screen{Phase: "color", Turn: "Dmitri", Top: "W", Hands: fourSeats}},
	{"challenge", Screen{Phase: "challenge", Turn: "Ann", Top: "W+4:R", Color: "R", Pending: 4, Hands: fourSeats}},
	{"show", Screen{Phase: "show", Turn: "Ben", Message: "3 of 5 cards shown"}},
	{"countup", Screen{Phase: "countup", Turn: "Chloe", Message: "Tapped 45 points"}},
	{"swap", Screen{Phase: "swap", Turn: "Ann", Hands: fourSeats}},
	{"scores", Screen{Phase: "over", Winner: "Chloe", Round: 6, Scores: []Score{{"Ann", 320, 0}, {"Ben", 145, 0}, {"Chloe", 512, 0}, {"Dmitri", 80, 0}}}},
	{"scores-eight", Screen{Phase: "setup", Round: 3, Scores: []Score{{"Ann", 32, 0}, {"Ben", 145, 0}, {"Chloe", 51, 0}, {"Dmitri", 80, 0}, {"Eve", 0, 0}, {"Frank", 12, 0}, {"Gwendolyn", 99, 0}, {"Hal", 7, 0}}}},
	{"scores-ten", Screen{Phase: "over", Winner: "P3", Scores: []Score{{"P1", 32, 0}, {"P2", 145, 0}, {"P3", 501, 0}, {"P4", 80, 0}, {"P5", 0, 0}, {"P6", 12, 0}, {"P7", 99, 0}, {"P8", 7, 0}, {"P9", 250, 0}, {"P10", 10, 0}}}},
	{"alert-illegal", Screen{Alert: AlertIllegal, Turn: "Ben", Message: "Not your turn, Ben: it is Ann's"}},
	{"alert-uno", Screen{Alert: AlertUNO, Message: "Chloe has one card!"}},
	{"alert-slap", Screen{Alert: AlertSlap, Phase: "turn", Turn: "Ben", Message: "Slap Chloe's hand! Still: Ann, Dmitri"}},
	{"alert-illegal-ru-1", Screen{Alert: AlertIllegal, Message: longRU}},
	{"alert-illegal-ru-2", Screen{Alert: AlertIllegal, Message: longRU, Page: 1}},
	{"turn-armenian", Screen{Phase: "turn", Turn: "Անի", Direction: "cw", Color: "B", Top: "B5", Hands: []Seat{{"Անի", 4}, {"Արամ", 6}}, Message: "Արամը խաղաց B5"}},
	{"prompt-armenian", Screen{Phase: "challenge", Turn: "Ալեքսանդրինա", Top: "W+4:R", Color: "R", Pending: 4, Prompt: "Ալեքսանդրինա, վիճարկի՞ր +4-ը, թե՞ վերցրու 4 քարտ"}},
	// The README's Russian example: the table's own sentences in Russian.
	{"ru-turn", Screen{Phase: "turn", Turn: "Аня", Direction: "cw", Color: "G", Top: "G5", Hands: []Seat{{"Аня", 7}, {"Бен", 7}, {"Вика", 7}},
		Message: lang.Russian.Sentence(msg.Sentence{{Key: "start.card", Args: msg.Args{Card: green5, Player: "Аня"}}}), Lang: lang.Russian}},
	{"ru-refusal", Screen{Alert: AlertIllegal, Lang: lang.Russian,
		Message: lang.Russian.Sentence(msg.Sentence{{Key: "refuse.nomatch", Args: msg.Args{Card: red2, Top: green5, Color: cards.Green}}})}},
	{"ru-scores", Screen{Phase: "setup", Round: 2, Counted: 1, Lang: lang.Russian, Scores: []Score{{"Аня", 0, 0}, {"Бен", 87, 87}, {"Вика", 0, 0}}}},
	// First boot: the page's address with the setup code, as a QR code.
	{"ru-firstboot", Screen{Phase: "setup", Lang: lang.Russian, Link: "http://192.168.1.23:8080/#code=482913", Code: "482913"}},
	// A game ended: the final standings, best first.
	{"ru-over", Screen{Phase: "over", Winner: "Аня", Round: 5, Lang: lang.Russian, Scores: []Score{{"Аня", 512, 0}, {"Вика", 310, 0}, {"Бен", 87, 0}}}},
}

var (
	green5 = cards.Card{Kind: cards.Number, Color: cards.Green, Number: 5}
	red2   = cards.Card{Kind: cards.Number, Color: cards.Red, Number: 2}
)

const longRU = "Александрина, красная семёрка не ложится на синюю пятёрку: сыграй синюю карту, пятёрку или дикую карту, и Александрина берёт 2 карты за ошибку"

// panel is our driver on a simulated chip.
type panel struct {
	sim *ssd1306test.Sim
	dev Drawer
}

func newPanel(t testing.TB) *panel {
	t.Helper()
	return newChipPanel(t, oled.SSD1306, ssd1306test.SSD1306)
}

// newChipPanel sets chip up on a simulated simChip: the two differ when the
// pin map names the wrong one.
func newChipPanel(t testing.TB, chip oled.Chip, simChip ssd1306test.Chip) *panel {
	t.Helper()
	sim := ssd1306test.New(&ssd1306test.Opts{Chip: simChip})
	dev, err := oled.NewI2C(sim, &oled.Opts{Chip: chip})
	if err != nil {
		t.Fatalf("oled.NewI2C: %v", err)
	}
	return &panel{sim, dev}
}

// show renders s, sends it through the driver and returns what the panel
// shows.
func (p *panel) show(t testing.TB, s Screen) *image.Gray {
	t.Helper()
	img := Render(s)
	if err := p.dev.Draw(img.Bounds(), img, image.Point{}); err != nil {
		t.Fatalf("Draw: %v", err)
	}
	return p.sim.Image()
}

func TestGolden(t *testing.T) {
	p := newPanel(t)
	var shots []*image.Gray
	for _, tt := range samples {
		t.Run(tt.name, func(t *testing.T) {
			got := p.show(t, tt.s)
			shots = append(shots, got)
			golden(t, got, tt.name)
		})
	}
	if *update {
		if err := writeSheet(filepath.Join("testdata", "preview.png"), shots); err != nil {
			t.Fatal(err)
		}
	}
}

// TestChips renders the turn screen on both chips' simulators, with the
// right set-up and with periph's SSD1306 set-up on an SH1106, and compares
// each PNG with the expected screen: the right set-up shows it exactly;
// the wrong one 2 pixels to the left, with 2 columns of noise.
func TestChips(t *testing.T) {
	s := samples[0].s
	want := ssd1306test.Gray(Render(s))
	periphOnSH1106 := func(t testing.TB) *panel {
		sim := ssd1306test.New(&ssd1306test.Opts{Chip: ssd1306test.SH1106})
		dev, err := ssd1306.NewI2C(sim, &ssd1306.DefaultOpts)
		if err != nil {
			t.Fatal(err)
		}
		return &panel{sim, dev}
	}
	for _, tt := range []struct {
		name  string
		open  func(testing.TB) *panel
		right bool
	}{
		{"chip-ssd1306", func(t testing.TB) *panel { return newChipPanel(t, oled.SSD1306, ssd1306test.SSD1306) }, true},
		{"chip-sh1106", func(t testing.TB) *panel { return newChipPanel(t, oled.SH1106, ssd1306test.SH1106) }, true},
		{"chip-sh1106-ssd1306-init", periphOnSH1106, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.open(t).show(t, s)
			golden(t, got, tt.name)
			n := differ(got, want)
			if tt.right && n != 0 {
				t.Errorf("%s: %d pixels differ from the expected screen", tt.name, n)
			}
			if !tt.right && n < 100 {
				t.Errorf("%s: %d pixels differ from the expected screen, want a visibly wrong picture", tt.name, n)
			}
		})
	}
}

// golden compares got with testdata/name.png, or rewrites it with -update.
func golden(t *testing.T, got *image.Gray, name string) {
	t.Helper()
	path := filepath.Join("testdata", name+".png")
	if *update {
		var buf bytes.Buffer
		if err := png.Encode(&buf, got); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if n := differ(got, ssd1306test.Gray(want)); n != 0 {
		t.Errorf("%d pixels differ from %s (run go test -update and look at it)", n, path)
	}
}

func differ(a, b *image.Gray) int {
	n := 0
	for y := 0; y < Height; y++ {
		for x := 0; x < Width; x++ {
			if ssd1306test.Lit(a, x, y) != ssd1306test.Lit(b, x, y) {
				n++
			}
		}
	}
	return n
}

// writeSheet lays the screens out at 3× in two columns, lit pixels in the
// panel's blue-white on black, for people to look at.
func writeSheet(path string, shots []*image.Gray) error {
	const scale, pad = 3, 8
	cols := 2
	rows := (len(shots) + cols - 1) / cols
	sheet := image.NewRGBA(image.Rect(0, 0, cols*(Width*scale+pad)+pad, rows*(Height*scale+pad)+pad))
	draw.Draw(sheet, sheet.Bounds(), image.NewUniform(color.RGBA{60, 60, 60, 255}), image.Point{}, draw.Src)
	lit := color.RGBA{170, 220, 255, 255}
	for i, g := range shots {
		ox := pad + (i%cols)*(Width*scale+pad)
		oy := pad + (i/cols)*(Height*scale+pad)
		draw.Draw(sheet, image.Rect(ox, oy, ox+Width*scale, oy+Height*scale), image.NewUniform(color.Black), image.Point{}, draw.Src)
		for y := 0; y < Height; y++ {
			for x := 0; x < Width; x++ {
				if ssd1306test.Lit(g, x, y) {
					draw.Draw(sheet, image.Rect(ox+x*scale, oy+y*scale, ox+x*scale+scale, oy+y*scale+scale), image.NewUniform(lit), image.Point{}, draw.Src)
				}
			}
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, sheet); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}
