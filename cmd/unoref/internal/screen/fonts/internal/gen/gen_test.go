package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
)

const fonts = "/usr/share/consolefonts"

// TestUpToDate regenerates the faces from the installed console fonts and
// compares them with the committed files.
func TestUpToDate(t *testing.T) {
	if _, err := os.Stat(filepath.Join(fonts, specs[0].file)); err != nil {
		t.Skipf("Terminus console fonts not installed: %v", err)
	}
	dir := t.TempDir()
	if err := run(fonts, dir); err != nil {
		t.Fatal(err)
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
