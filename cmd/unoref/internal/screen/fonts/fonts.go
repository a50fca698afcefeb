package fonts

import (
	"embed"
	"fmt"
	"image"
	"sync"

	"golang.org/x/image/font/basicfont"
)

//go:generate go run ./internal/gen -out .

//go:embed *.bin
var bitmaps embed.FS

// spec describes one generated bitmap: the cell of every glyph, its
// ascent, and the face's advance.
type spec struct {
	name, file, source    string
	width, height, ascent int
	advance               int
}

var faces = func() []func() *basicfont.Face {
	out := make([]func() *basicfont.Face, len(specs))
	for i := range specs {
		out[i] = sync.OnceValue(func() *basicfont.Face { return load(specs[i]) })
	}
	return out
}()

// Regular12 is Terminus 6×12 set in a 7×13 cell (ascent 11): the advance
// and line height of basicfont.Face7x13, for body text. Its Armenian is
// Unifont narrowed to 6 columns.
func Regular12() *basicfont.Face { return faces[0]() }

// Bold16 is Terminus bold 8×16 with two blank rows on top (ascent 14, like
// inconsolata.Bold8x16), for labels, titles and long names. Its Armenian is
// Unifont as drawn, in Unifont's regular weight.
func Bold16() *basicfont.Face { return faces[1]() }

// Bold24 is Terminus bold 12×24 (ascent 19, capitals 15 px), for the name
// of the player to act: accents and descenders stay inside 24 rows. Its
// Armenian is Unifont scaled 1.5× in 2×2 dots.
func Bold24() *basicfont.Face { return faces[2]() }

// load expands a packed bitmap, (width+7)/8 bytes a row and height rows a
// glyph, into the 8-bit mask basicfont draws from: one glyph under the
// other, in range order.
func load(s spec) *basicfont.Face {
	b, err := bitmaps.ReadFile(s.file)
	if err != nil {
		panic(fmt.Sprintf("fonts: %v", err)) // embedded: cannot happen
	}
	stride := (s.width + 7) / 8
	glyph := s.height * stride
	n := len(b) / glyph
	if want := glyphCount(); n != want || len(b)%glyph != 0 {
		panic(fmt.Sprintf("fonts: %s holds %d bytes, want %d glyphs of %d", s.file, len(b), want, glyph))
	}
	mask := image.NewAlpha(image.Rect(0, 0, s.width, n*s.height))
	for y := range n * s.height {
		row := b[y*stride:]
		dst := mask.Pix[y*mask.Stride:]
		for x := range s.width {
			if row[x/8]&(0x80>>(x%8)) != 0 {
				dst[x] = 0xff
			}
		}
	}
	return &basicfont.Face{
		Advance: s.advance,
		Width:   s.width,
		Height:  s.height,
		Ascent:  s.ascent,
		Descent: s.height - s.ascent,
		Mask:    mask,
		Ranges:  ranges,
	}
}

func glyphCount() int {
	last := ranges[len(ranges)-1]
	return last.Offset + int(last.High-last.Low)
}
