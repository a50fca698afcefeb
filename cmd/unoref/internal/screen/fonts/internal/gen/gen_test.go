package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/unoref/unoref/internal/testenv"
)

// The Debian packages CI installs: console-setup and unifont.
const (
	fonts   = "/usr/share/consolefonts"
	unifont = "/usr/share/unifont/unifont.hex"
)

// TestUpToDate regenerates the faces from the installed fonts and compares
// them with the committed files.
func TestUpToDate(t *testing.T) {
	testenv.File(t, "console-setup", filepath.Join(fonts, "Uni3-Terminus*.psf.gz"))
	testenv.File(t, "unifont", unifont+"*")
	dir := t.TempDir()
	if err := run(fonts, unifont, dir); err != nil {
		t.Fatalf("run: %v (needs Debian's console-setup and unifont)", err)
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*"))
	for _, n := range names {
		got, _ := os.ReadFile(n)
		want, err := os.ReadFile(filepath.Join("..", "..", filepath.Base(n)))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s differs from the committed file (%v): run go generate", filepath.Base(n), err)
		}
	}
}

func TestParse(t *testing.T) {
	// PSF2, two 3×2 glyphs: glyph 0 is 'A' and 'Б', glyph 1 is 'x' plus a
	// sequence that must not map.
	le := binary.LittleEndian
	var b []byte
	for _, v := range []uint32{psf2Magic, 0, 32, psf2HasTable, 2, 2, 2, 3} {
		b = le.AppendUint32(b, v)
	}
	b = append(b, 0xA0, 0x40, 0x00, 0xE0)
	b = append(b, "AБ\xff"...)
	b = append(b, "x\xfee\u0301\xff"...)
	f, err := parse(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		r  rune
		g  int
		ok bool
	}{{'A', 0, true}, {'Б', 0, true}, {'x', 1, true}, {'e', 0, false}} {
		g, ok := f.index[tt.r]
		if ok != tt.ok || g != tt.g {
			t.Errorf("index[%q] = %d, %v, want %d, %v", tt.r, g, ok, tt.g, tt.ok)
		}
	}
	if !f.lit(0, 0, 0) || f.lit(0, 1, 0) || !f.lit(0, 2, 0) || !f.lit(1, 2, 1) {
		t.Errorf("glyph bits read wrong: %v", f.glyphs)
	}

	// PSF1, 256 glyphs of 1 row: glyph 65 is 'A', glyph 66 'Ж'.
	b = []byte{0x36, 0x04, psf1ModeHasT, 1}
	b = append(b, make([]byte, 256)...)
	b[4+65] = 0x80
	for g := range 256 {
		switch g {
		case 65:
			b = le.AppendUint16(b, 'A')
		case 66:
			b = le.AppendUint16(b, 'Ж')
		}
		b = le.AppendUint16(b, 0xFFFF)
	}
	if f, err = parse(b); err != nil {
		t.Fatal(err)
	}
	if g := f.index['Ж']; g != 66 || f.width != 8 || !f.lit(65, 0, 0) {
		t.Errorf("PSF1: index['Ж'] = %d, width %d, want 66, 8", g, f.width)
	}
	if _, err := parse(b[:len(b)-10]); err == nil {
		t.Errorf("truncated table: nil error")
	}
	if _, err := parse([]byte("not a font at all, really not")); err == nil {
		t.Errorf("garbage: nil error")
	}
}

// glyph builds an 8×16 bitmap from rows of '#' and '.'; missing rows are blank.
func glyph(rows ...string) bitmap {
	b := make(bitmap, hexHeight)
	for y := range b {
		b[y] = make([]bool, 8)
		if y < len(rows) {
			for x, c := range rows[y] {
				b[y][x] = c == '#'
			}
		}
	}
	return b
}

func TestConvert(t *testing.T) {
	// A capital bar on rows 4-13 in columns 1 and 7, a mark on rows 0-1.
	var bar []string
	for y := range 14 {
		if y >= 4 {
			bar = append(bar, ".#.#...#")
		} else {
			bar = append(bar, "........")
		}
	}
	mark := glyph("...##...", "...##...")
	for _, tt := range []struct {
		name string
		c    cell
		src  bitmap
		r    rune
		want func(bitmap) bool
	}{
		{"12: a repeated inner column dropped, baseline kept", cell{6, 13, 11}, glyph(bar...), 'Ա', func(b bitmap) bool {
			return len(b[0]) == 6 && b[10][0] && !b[10][1] && b[10][2] && b[10][5] && !b[11][0] && b[1][0] && !b[0][0]
		}},
		{"16: as drawn", cell{8, 18, 14}, glyph(bar...), 'Ա', func(b bitmap) bool {
			return b[13][1] && b[13][7] && !b[14][1] && !b[13][0]
		}},
		{"24: 2×2 dots at 1.5×", cell{12, 24, 19}, glyph(bar...), 'Ա', func(b bitmap) bool {
			return b[18][10] && b[18][11] && b[17][1] && b[17][2] && !b[19][10] && !b[18][0]
		}},
		{"12: a high mark moves into the cell", cell{6, 13, 11}, mark, '՞', func(b bitmap) bool {
			return b[0][2] && b[1][2]
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := convert(tt.src, tt.r, tt.c)
			if len(got) != tt.c.h || !tt.want(got) {
				t.Errorf("convert(%q, %+v) =\n%s", tt.r, tt.c, show(got))
			}
		})
	}
}

func show(b bitmap) string {
	var s []byte
	for _, row := range b {
		for _, on := range row {
			if on {
				s = append(s, '#')
			} else {
				s = append(s, '.')
			}
		}
		s = append(s, '\n')
	}
	return string(s)
}

// TestNoInkLost converts every rune drawn from Unifont for every face and
// checks that the cell holds all the ink of the glyph as placed: a mark
// or letter that would stick out of the cell (ՙ did, above the 12- and
// 24-pixel cells) moves into it rather than lose its top.
func TestNoInkLost(t *testing.T) {
	testenv.File(t, "unifont", unifont+"*")
	uni, err := readHex(unifont, fromUnifont)
	if err != nil {
		t.Fatal(err)
	}
	inked := func(b bitmap) int {
		n := 0
		for _, row := range b {
			for _, on := range row {
				if on {
					n++
				}
			}
		}
		return n
	}
	for _, c := range []cell{{6, 13, 11}, {8, 18, 14}, {12, 24, 19}} {
		for _, rg := range covered() {
			for r := rg[0]; r < rg[1]; r++ {
				g, ok := uni[r]
				if !fromUnifont(r) || !ok {
					continue
				}
				var placed bitmap
				switch {
				case c.w >= 12:
					placed = scale(g)
				case c.w >= 8:
					placed = g
				default:
					placed = narrow(g)
				}
				if got, want := inked(convert(g, r, c)), inked(placed); got != want {
					t.Errorf("%dx%d: U+%04X %q keeps %d of its %d pixels", c.w, c.h, r, r, got, want)
				}
			}
		}
	}
}
