package main

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"unicode/utf8"
)

// font is a console font read from a PSF file: fixed-size glyphs, rows of
// (width+7)/8 bytes, most significant bit leftmost, and the runes each glyph
// draws from the file's Unicode table.
type font struct {
	width, height int
	glyphs        [][]byte
	index         map[rune]int // rune to glyph
}

var errFormat = errors.New("gen: not a PSF font with a Unicode table")

// PSF magic numbers and flags, from the kbd project's psf.h.
const (
	psf1Magic    = 0x0436 // little-endian 36 04
	psf1Mode512  = 0x01
	psf1ModeHasT = 0x02 // Unicode table follows the glyphs
	psf2Magic    = 0x864ab572
	psf2HasTable = 0x01
)

func readFile(path string) (*font, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if zr, err := gzip.NewReader(f); err == nil {
		r = zr
	} else if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("gen: %s: %w", path, err)
	}
	fn, err := parse(b)
	if err != nil {
		return nil, fmt.Errorf("gen: %s: %w", path, err)
	}
	return fn, nil
}

// parse reads a PSF1 or PSF2 font, uncompressed.
func parse(b []byte) (*font, error) {
	switch {
	case len(b) >= 4 && binary.LittleEndian.Uint16(b) == psf1Magic:
		return parse1(b)
	case len(b) >= 32 && binary.LittleEndian.Uint32(b) == psf2Magic:
		return parse2(b)
	}
	return nil, errFormat
}

func parse1(b []byte) (*font, error) {
	mode, size := b[2], int(b[3])
	n := 256
	if mode&psf1Mode512 != 0 {
		n = 512
	}
	if mode&psf1ModeHasT == 0 {
		return nil, errFormat
	}
	f := &font{width: 8, height: size, index: map[rune]int{}}
	body := b[4:]
	if len(body) < n*size {
		return nil, fmt.Errorf("%w: %d glyph bytes, want %d", io.ErrUnexpectedEOF, len(body), n*size)
	}
	for i := range n {
		f.glyphs = append(f.glyphs, body[i*size:(i+1)*size])
	}
	// Table: per glyph, UCS-2 values, 0xFFFE starts combining sequences
	// (skipped: they never stand for a single rune), 0xFFFF ends the glyph.
	t := body[n*size:]
	for g := 0; g < n; g++ {
		seq := false
		for {
			if len(t) < 2 {
				return nil, fmt.Errorf("%w: Unicode table ends at glyph %d", io.ErrUnexpectedEOF, g)
			}
			v := binary.LittleEndian.Uint16(t)
			t = t[2:]
			if v == 0xFFFF {
				break
			}
			if v == 0xFFFE {
				seq = true
			}
			if !seq {
				f.add(rune(v), g)
			}
		}
	}
	return f, nil
}

func parse2(b []byte) (*font, error) {
	le := binary.LittleEndian
	hdr, flags := int(le.Uint32(b[8:])), le.Uint32(b[12:])
	n, size := int(le.Uint32(b[16:])), int(le.Uint32(b[20:]))
	h, w := int(le.Uint32(b[24:])), int(le.Uint32(b[28:]))
	if flags&psf2HasTable == 0 {
		return nil, errFormat
	}
	if size != h*((w+7)/8) || hdr > len(b) {
		return nil, fmt.Errorf("%w: glyph size %d for %dx%d", errFormat, size, w, h)
	}
	body := b[hdr:]
	if len(body) < n*size {
		return nil, fmt.Errorf("%w: %d glyph bytes, want %d", io.ErrUnexpectedEOF, len(body), n*size)
	}
	f := &font{width: w, height: h, index: map[rune]int{}}
	for i := range n {
		f.glyphs = append(f.glyphs, body[i*size:(i+1)*size])
	}
	// Table: per glyph, UTF-8 runes, 0xFE starts sequences, 0xFF ends.
	t := body[n*size:]
	for g := 0; g < n; g++ {
		end := bytes.IndexByte(t, 0xFF)
		if end < 0 {
			return nil, fmt.Errorf("%w: Unicode table ends at glyph %d", io.ErrUnexpectedEOF, g)
		}
		e := t[:end]
		if i := bytes.IndexByte(e, 0xFE); i >= 0 {
			e = e[:i]
		}
		for len(e) > 0 {
			r, sz := utf8.DecodeRune(e)
			if r == utf8.RuneError && sz <= 1 {
				return nil, fmt.Errorf("%w: bad UTF-8 for glyph %d", errFormat, g)
			}
			f.add(r, g)
			e = e[sz:]
		}
		t = t[end+1:]
	}
	return f, nil
}

// add maps r to glyph g unless an earlier glyph already draws it.
func (f *font) add(r rune, g int) {
	if _, ok := f.index[r]; !ok {
		f.index[r] = g
	}
}

// lit reports whether pixel (x, y) of glyph g is set.
func (f *font) lit(g, x, y int) bool {
	row := f.glyphs[g][y*((f.width+7)/8):]
	return row[x/8]&(0x80>>(x%8)) != 0
}

// baseline is the row under the ink of 'H': the ascent.
func (f *font) baseline() (int, error) {
	g, ok := f.index['H']
	if !ok {
		return 0, fmt.Errorf("%w: no 'H'", errFormat)
	}
	for y := f.height - 1; y >= 0; y-- {
		for x := 0; x < f.width; x++ {
			if f.lit(g, x, y) {
				return y + 1, nil
			}
		}
	}
	return 0, fmt.Errorf("%w: blank 'H'", errFormat)
}
