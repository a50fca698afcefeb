package main

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"os"
	"strconv"
	"strings"
	"unicode"
)

// Unifont's .hex format: one glyph a line, "XXXX:" then 32 hex digits (8×16)
// or 64 (16×16), rows top to bottom, most significant bit leftmost. Its
// baseline is under row 13: ascent 14, descent 2.
const (
	hexHeight = 16
	hexAscent = 14
)

// bitmap is a glyph as rows of pixels.
type bitmap [][]bool

// readHex returns the 8-pixel-wide glyphs of the runes in want.
func readHex(path string, want func(rune) bool) (map[rune]bitmap, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[rune]bitmap{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cp, digits, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		v, err := strconv.ParseUint(cp, 16, 32)
		if err != nil || !want(rune(v)) {
			continue
		}
		b, err := parseHex(digits)
		if err != nil {
			return nil, fmt.Errorf("gen: %s: U+%s: %w", path, cp, err)
		}
		out[rune(v)] = b
	}
	return out, sc.Err()
}

// parseHex decodes one 8×16 glyph.
func parseHex(digits string) (bitmap, error) {
	raw, err := hex.DecodeString(digits)
	if err != nil {
		return nil, err
	}
	if len(raw) != hexHeight {
		return nil, fmt.Errorf("%d bytes, want an 8×16 glyph", len(raw))
	}
	b := make(bitmap, hexHeight)
	for y, row := range raw {
		b[y] = make([]bool, 8)
		for x := range 8 {
			b[y][x] = row&(0x80>>x) != 0
		}
	}
	return b, nil
}

// cell is the box a face sets a glyph in: width, height, and ascent (rows
// above the baseline).
type cell struct{ w, h, asc int }

// convert sets an 8×16 Unifont glyph in c, by the width it must fit:
//   - 12 and more: scaled 1.5× with every pixel a 2×2 dot, so strokes are
//     2 px like Terminus Bold 24;
//   - 8: as drawn;
//   - 6: the glyph's 7 inked columns (Unifont leaves column 0 blank) lose
//     a blank edge column, or else the inner column most like its left
//     neighbour.
//
// The baselines meet. A mark that would stick out (Armenian ՛ ՜ ՞ and the
// modifier letter ՙ sit high) moves down into the cell; letters keep their
// baseline.
func convert(src bitmap, r rune, c cell) bitmap {
	var placed bitmap
	var base int // the baseline's row in placed
	switch {
	case c.w >= 12:
		placed, base = scale(src), hexAscent*3/2
	case c.w >= 8:
		placed, base = src, hexAscent
	default:
		placed, base = narrow(src), hexAscent
	}
	top := base - c.asc
	if !unicode.IsLetter(r) || unicode.Is(unicode.Lm, r) {
		top = fitInk(placed, top, c.h)
	}
	out := make(bitmap, c.h)
	for y := range out {
		out[y] = make([]bool, c.w)
		if sy := y + top; sy >= 0 && sy < len(placed) {
			copy(out[y], placed[sy])
		}
	}
	return out
}

// scale draws each pixel (x, y) as a 2×2 dot at (1.5x, 1.5y).
func scale(src bitmap) bitmap {
	out := make(bitmap, hexHeight*3/2)
	for y := range out {
		out[y] = make([]bool, 12)
	}
	for y, row := range src {
		for x, on := range row {
			if !on {
				continue
			}
			tx, ty := x*3/2, y*3/2
			out[ty][tx], out[ty][tx+1], out[ty+1][tx], out[ty+1][tx+1] = true, true, true, true
		}
	}
	return out
}

// narrow keeps 6 of columns 1-7.
func narrow(src bitmap) bitmap {
	switch {
	case !column(src, 7):
		return without(src, 7)
	case !column(src, 1):
		return without(src, 1)
	}
	drop, best := 2, len(src)+1
	for x := 2; x <= 6; x++ {
		if d := differs(src, x, x-1); d < best {
			drop, best = x, d
		}
	}
	return without(src, drop)
}

// without returns columns 1-7 of src less column drop.
func without(src bitmap, drop int) bitmap {
	out := make(bitmap, len(src))
	for y, row := range src {
		for x := 1; x <= 7; x++ {
			if x != drop {
				out[y] = append(out[y], row[x])
			}
		}
	}
	return out
}

func column(b bitmap, x int) bool {
	for _, row := range b {
		if row[x] {
			return true
		}
	}
	return false
}

// differs counts the rows where columns a and b differ.
func differs(bm bitmap, a, b int) int {
	n := 0
	for _, row := range bm {
		if row[a] != row[b] {
			n++
		}
	}
	return n
}

// fitInk moves the window [top, top+h) of b the least it takes to hold
// all of b's ink, when the ink is no taller than h.
func fitInk(b bitmap, top, h int) int {
	first, last := -1, -1
	for y, row := range b {
		for _, on := range row {
			if on {
				if first < 0 {
					first = y
				}
				last = y
				break
			}
		}
	}
	switch {
	case first < 0 || last-first+1 > h:
		return top
	case first < top:
		return first
	case last >= top+h:
		return last - h + 1
	}
	return top
}

// pack writes b as rows of (w+7)/8 bytes, most significant bit leftmost,
// the layout of the PSF glyphs.
func pack(b bitmap) []byte {
	var out []byte
	for _, row := range b {
		line := make([]byte, (len(row)+7)/8)
		for x, on := range row {
			if on {
				line[x/8] |= 0x80 >> (x % 8)
			}
		}
		out = append(out, line...)
	}
	return out
}
