package web_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/chromedp/chromedp"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"github.com/unoref/unoref/cmd/unoref/internal/screen/fonts"
	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/web"
	"github.com/unoref/unoref/lang"
)

// TestBrowserRussian plays a round on the virtual table with the table's
// language set to Russian (config language = "ru"): the page is Russian
// (<html lang="ru">, no English word on it), a refused card gives its
// reason in Russian on the page, beside the "tap" button, and the OLED
// image shows the same Russian words.
func TestBrowserRussian(t *testing.T) {
	ctx := newBrowser(t)
	tb := russianTable(t)
	url := serveForBrowser(t, web.New(tb, &web.Opts{Lang: lang.Russian}))
	p := &browserPage{t: t, ctx: ctx, url: url}
	p.open(390, 844, true)
	if got := p.evalString(`document.documentElement.lang`); got != "ru" {
		t.Errorf("<html lang> = %q, want ru", got)
	}

	p.newGame("Аня Боря Сеня", "official")
	p.wait("new game", `s.seats.join(' ') === 'Аня Боря Сеня' && s.phase === 'setup'`)
	p.poll("the new game said beside its button", `document.getElementById('ok').textContent === 'Новая игра готова.'`)
	p.press("pass")
	p.wait("Аня deals", `s.turn === 'раунд 1: Аня сдаёт и открывает первую карту'`)
	p.tap("R5", "play")
	p.wait("the starter", `s.top === 'R5' && s.turn === 'ходит Боря' && s.color === 'красный'`)
	p.tap("R7", "play")
	p.wait("Боря plays", `s.top === 'R7' && s.verdict === 'ok' && s.turnSeat === 'Сеня'`)
	p.tap("G3", "play")
	p.wait("refused", `s.verdict === 'bad' && s.top === 'R7'`)

	want := tb.Snapshot().Last.Message // in the table's language
	if !isCyrillic(want) {
		t.Fatalf("the table's refusal %q is not Russian", want)
	}
	if got := p.state().Msg; got != want {
		t.Errorf("the page's refusal = %q, want %q", got, want)
	}
	p.poll("the refusal beside the tap button", fmt.Sprintf(`(() => { const e = document.getElementById('error'); return !e.hidden && e.textContent === %q && e.previousElementSibling && e.previousElementSibling.id === 'picker'; })()`, want))
	p.shot("russian-phone.png")
	noEnglish(t, p)

	lit, all, raw := fetchOLED(t, url, "/oled.png")
	if lit == 0 || lit == all {
		t.Fatalf("OLED image has %d of %d pixels lit", lit, all)
	}
	if words := oledWords(t, raw, want); len(words) == 0 {
		t.Errorf("the OLED shows no word of %q", want)
	} else {
		t.Logf("the OLED shows %q of %q", words, want)
	}

	// Play on to the end of the round: Сеня draws, then Аня and Боря.
	p.press("draw")
	p.wait("Сеня draws", `s.phase === 'drawn' && s.turnSeat === 'Сеня'`)
	if got := p.state().Prompt; got != "" && !isCyrillic(got) {
		t.Errorf("prompt %q is not Russian", got)
	}
	noEnglish(t, p)
}

// russianTable is the virtual table with the table's language Russian;
// an alert stays up until the next event, for the OLED check.
func russianTable(t *testing.T) *table.Table {
	t.Helper()
	return runVirtual(t, newJournal(t), table.Config{UnoGrace: -1, Virtual: true, Lang: lang.Russian, RefusalHold: 0})
}

// noEnglish fails on any Latin word the page shows, outside the brand,
// the language list and UNO.
func noEnglish(t *testing.T, p *browserPage) {
	t.Helper()
	text := p.evalString(`(() => { const c = document.body.cloneNode(true); c.querySelector('#lang-form').remove(); document.body.append(c); c.hidden = false; const s = c.innerText; c.remove(); return s; })()`)
	var latin []string
	for _, w := range regexp.MustCompile(`[A-Za-z_]{3,}`).FindAllString(text, -1) {
		if w != "unoref" && w != "UNO" && w != "admin_pin" {
			latin = append(latin, w)
		}
	}
	if len(latin) > 0 {
		t.Errorf("the Russian page shows Latin words %q", latin)
	}
}

func isCyrillic(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Cyrillic, r) {
			return true
		}
	}
	return false
}

// oledWords lists the Cyrillic words of msg (four letters or more) whose
// glyphs, in one of the OLED's faces, are found pixel for pixel (or
// inverted) in the OLED image the page shows.
func oledWords(t *testing.T, raw []byte, msg string) []string {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	panel := oledPixels(img, 4)
	var found []string
	for _, w := range strings.FieldsFunc(msg, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if utf8.RuneCountInString(w) < 4 || !isCyrillic(w) {
			continue
		}
		for _, f := range []*basicfont.Face{fonts.Regular12(), fonts.Bold16(), fonts.Bold24()} {
			if contains(panel, glyphs(f, w)) {
				found = append(found, w)
				break
			}
		}
	}
	return found
}

// oledPixels reads the 128×64 panel back from its picture scaled by k.
func oledPixels(img image.Image, k int) [][]bool {
	b := img.Bounds()
	out := make([][]bool, b.Dy()/k)
	for y := range out {
		out[y] = make([]bool, b.Dx()/k)
		for x := range out[y] {
			out[y][x] = color.GrayModel.Convert(img.At(b.Min.X+x*k+k/2, b.Min.Y+y*k+k/2)).(color.Gray).Y > 0x80
		}
	}
	return out
}

// glyphs draws s in f as the screens do: one advance per rune, the cell
// from the ascent to the descent.
func glyphs(f *basicfont.Face, s string) [][]bool {
	h := f.Ascent + f.Descent
	out := make([][]bool, h)
	for y := range out {
		out[y] = make([]bool, utf8.RuneCountInString(s)*f.Advance)
	}
	x := 0
	for _, r := range s {
		dr, mask, mp, _, ok := f.Glyph(fixed.P(0, f.Ascent), r)
		if ok {
			for dy := 0; dy < dr.Dy(); dy++ {
				for dx := 0; dx < dr.Dx(); dx++ {
					_, _, _, a := mask.At(mp.X+dx, mp.Y+dy).RGBA()
					if y, xx := dr.Min.Y+dy, x+dr.Min.X+dx; a > 0 && y >= 0 && y < h && xx >= 0 && xx < len(out[0]) {
						out[y][xx] = true
					}
				}
			}
		}
		x += f.Advance
	}
	return out
}

// contains reports whether pattern appears in panel, as it is or inverted.
func contains(panel, pattern [][]bool) bool {
	h, w := len(pattern), len(pattern[0])
	for oy := 0; oy+h <= len(panel); oy++ {
		for ox := 0; ox+w <= len(panel[0]); ox++ {
			if matchAt(panel, pattern, ox, oy, false) || matchAt(panel, pattern, ox, oy, true) {
				return true
			}
		}
	}
	return false
}

func matchAt(panel, pattern [][]bool, ox, oy int, inverted bool) bool {
	for y, row := range pattern {
		for x, on := range row {
			if panel[oy+y][ox+x] != (on != inverted) {
				return false
			}
		}
	}
	return true
}

// TestBrowserLanguageSelector: a phone picks its own language with the
// selector; the choice stays over a reload and the live updates follow it.
func TestBrowserLanguageSelector(t *testing.T) {
	ctx := newBrowser(t)
	url := serveForBrowser(t, web.New(newFakeTable(true), nil))
	p := &browserPage{t: t, ctx: ctx, url: url}
	p.open(390, 844, true)
	if got := p.evalString(`document.documentElement.lang`); got != "en" {
		t.Fatalf("<html lang> = %q, want en", got)
	}
	p.do("pick Armenian", chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById('lang'); s.value = 'hy'; s.dispatchEvent(new Event('change')); })()`, chromedp.EvalIgnoreExceptions))
	p.do("the page in Armenian", chromedp.WaitReady(`html[lang="hy"] body[data-live="1"] #start`))
	p.poll("its words", `document.getElementById('start').textContent === 'Սկսել նոր խաղ' && location.search === ''`)
	p.do("reload", chromedp.Reload(), chromedp.WaitVisible("#verdict"))
	p.wait("live", `s.live === '1'`)
	if got := p.evalString(`document.documentElement.lang`); got != "hy" {
		t.Errorf("after a reload <html lang> = %q, want hy", got)
	}
	p.newGame("Ann Ben", "official")
	p.wait("the headline from the event stream in Armenian", `s.phase === 'setup' && s.turn === 'ռաունդ 1. Ann-ը բաժանում է և բացում առաջին քարտը'`)
}
