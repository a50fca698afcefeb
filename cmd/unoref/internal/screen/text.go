package screen

import (
	"image"
	"slices"
	"unicode/utf8"

	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
	"periph.io/x/devices/v3/ssd1306/image1bit"

	"github.com/unoref/unoref/cmd/unoref/internal/screen/fonts"
)

// face is a fixed-width bitmap face drawn at an integer scale. All faces
// here are monospace, so widths are rune counts times the advance.
type face struct {
	f     *basicfont.Face
	scale int
}

// The faces keep the cells of the x/image faces they replaced (Face7x13,
// Inconsolata Bold8x16) so the layout holds, and add Latin Extended,
// Cyrillic and Armenian. The big face is 24 rows, the band above the turn
// screen's second line, so accents (Č, Š, Й) and commas below (Ș) fit.
var (
	small = face{fonts.Regular12(), 1} // 18 columns across the panel
	bold  = face{fonts.Bold16(), 1}    // 16 columns
	big   = face{fonts.Bold24(), 1}    // 10 columns, caps 15 px tall
)

const ellipsis = '…'

func (f face) advance() int { return f.f.Advance * f.scale }

// cell is the height of a text line: ascent plus descent.
func (f face) cell() int { return (f.f.Ascent + f.f.Descent) * f.scale }

func (f face) width(s string) int { return utf8.RuneCountInString(s) * f.advance() }

// inkRows returns the first and last rows of the cell that s inks: its
// capitals, marks and descenders. A text without ink gives the capitals'.
func (f face) inkRows(s string) (top, bottom int) {
	top, bottom = f.cell(), -1
	for _, r := range s {
		_, mask, mp, _, ok := f.f.Glyph(fixed.P(0, f.f.Ascent), r)
		if !ok {
			continue
		}
		a := mask.(*image.Alpha)
		for gy := 0; gy < f.f.Ascent+f.f.Descent; gy++ {
			row := a.Pix[(mp.Y+gy-a.Rect.Min.Y)*a.Stride+mp.X-a.Rect.Min.X:]
			for gx := 0; gx < f.f.Width; gx++ {
				if row[gx] >= 0x80 {
					top, bottom = min(top, gy*f.scale), max(bottom, (gy+1)*f.scale-1)
					break
				}
			}
		}
	}
	if bottom < 0 {
		return f.f.Ascent - f.f.Height*3/4, f.f.Ascent - 1
	}
	return top, bottom
}

// has reports whether the face has a glyph for r.
func (f face) has(r rune) bool {
	_, _, _, _, ok := f.f.Glyph(fixed.Point26_6{}, r)
	return ok
}

// Missing returns the runes of s that some face of the screens cannot
// draw, each once, in order; they would show as a replacement glyph. The
// message tests use it: every message of every language must have none.
// Spaces are fine; other control characters are missing.
func Missing(s string) []rune {
	var out []rune
	for _, r := range s {
		if r == ellipsis || slices.Contains(out, r) {
			continue
		}
		for _, f := range []face{small, bold, big} {
			if !f.has(r) {
				out = append(out, r)
				break
			}
		}
	}
	return out
}

// traceText, when set, is told of every text before it is drawn. Only
// the tests set it: TestTextShowsWhole checks that no later drawing, no
// band and no edge of the panel hides a pixel of a glyph (the frame of an
// alert once hid the breve of Й).
var traceText func(dst *image1bit.VerticalLSB, f face, x, y int, s string, c image1bit.Bit)

// drawText draws s with its cell's top-left corner at (x, y) and returns
// the x after the last rune. Runes the face lacks show as its U+FFFD glyph,
// or as a hollow box when it has none.
func drawText(dst *image1bit.VerticalLSB, f face, x, y int, s string, c image1bit.Bit) int {
	if traceText != nil {
		traceText(dst, f, x, y, s, c)
	}
	for _, r := range s {
		drawRune(dst, f, x, y, r, c)
		x += f.advance()
	}
	return x
}

func drawRune(dst *image1bit.VerticalLSB, f face, x, y int, r rune, c image1bit.Bit) {
	ff := f.f
	_, mask, mp, _, ok := ff.Glyph(fixed.P(0, ff.Ascent), r)
	if !ok && r == ellipsis {
		// Three dots on the baseline, one per third of the cell.
		by := y + (ff.Ascent-1)*f.scale
		for i := 1; i <= 3; i++ {
			fillRect(dst, image.Rect(x+(ff.Advance*i/4-1)*f.scale+f.scale/2, by, x+(ff.Advance*i/4)*f.scale+f.scale/2, by+f.scale), c)
		}
		return
	}
	if !ok && mask == nil {
		// No replacement glyph in this face: a box the size of a capital.
		top := y + (ff.Ascent-ff.Height*3/4)*f.scale
		strokeRect(dst, image.Rect(x+f.scale, top, x+(ff.Advance-1)*f.scale, y+ff.Ascent*f.scale), c)
		return
	}
	a := mask.(*image.Alpha)
	rows := ff.Ascent + ff.Descent
	for gy := 0; gy < rows; gy++ {
		for gx := 0; gx < ff.Width; gx++ {
			if a.Pix[(mp.Y+gy-a.Rect.Min.Y)*a.Stride+mp.X+gx-a.Rect.Min.X] < 0x80 {
				continue
			}
			px, py := x+(gx+ff.Left)*f.scale, y+gy*f.scale
			for dy := 0; dy < f.scale; dy++ {
				for dx := 0; dx < f.scale; dx++ {
					dst.SetBit(px+dx, py+dy, c)
				}
			}
		}
	}
}

// fit shortens s to at most w pixels, ending it with an ellipsis when cut.
// When words allows, it cuts at a space so no word is left half-drawn.
func fit(f face, s string, w int, words bool) string {
	n := w / f.advance()
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	if n <= 0 {
		return ""
	}
	rs := []rune(s)[:n-1]
	if words {
		for i := len(rs) - 1; i > len(rs)/2; i-- {
			if rs[i] == ' ' {
				rs = rs[:i]
				break
			}
		}
	}
	for len(rs) > 0 && rs[len(rs)-1] == ' ' {
		rs = rs[:len(rs)-1]
	}
	return string(append(rs, ellipsis))
}

// wrap splits s into at most lines lines of w pixels, breaking at spaces;
// the last line is elided if text remains.
func wrap(f face, s string, w, lines int) []string {
	n := w / f.advance()
	var out []string
	rs := []rune(s)
	for len(rs) > 0 && len(out) < lines {
		for len(rs) > 0 && rs[0] == ' ' {
			rs = rs[1:]
		}
		if len(rs) <= n {
			out = append(out, string(rs))
			rs = nil
			break
		}
		if len(out) == lines-1 {
			out = append(out, fit(f, string(rs), w, true))
			rs = nil
			break
		}
		cut := n
		for i := n; i > 0; i-- {
			if rs[i] == ' ' {
				cut = i
				break
			}
		}
		out = append(out, string(rs[:cut]))
		rs = rs[cut:]
	}
	return out
}

func fillRect(dst *image1bit.VerticalLSB, r image.Rectangle, c image1bit.Bit) {
	r = r.Intersect(dst.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			dst.SetBit(x, y, c)
		}
	}
}

func strokeRect(dst *image1bit.VerticalLSB, r image.Rectangle, c image1bit.Bit) {
	for x := r.Min.X; x < r.Max.X; x++ {
		dst.SetBit(x, r.Min.Y, c)
		dst.SetBit(x, r.Max.Y-1, c)
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		dst.SetBit(r.Min.X, y, c)
		dst.SetBit(r.Max.X-1, y, c)
	}
}
