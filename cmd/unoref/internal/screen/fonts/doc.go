// Package terminus holds bitmap faces cut from Terminus Font for the
// 128×64 OLED: golang.org/x/image/font/basicfont faces that draw Basic
// Latin, Latin-1, Latin Extended-A, Romanian Ș ș Ț ț (U+0218–U+021B), the
// Cyrillic block U+0400–U+045F and Ґ ґ, typographic dashes, quotes and the
// ellipsis. Other runes draw as U+FFFD, with ok false from Glyph.
//
// Twenty-one rare Latin Extended-A letters (Ĕ Ĩ Ĭ Ĳ ĸ Ŀ ŉ Ŋ Ŏ Ŧ Ũ ſ and
// their pairs) are not in the console builds of the font and draw as
// U+FFFD too.
//
// The glyphs are extracted by internal/gen from the PSF console fonts of
// Debian's console-setup package (/usr/share/consolefonts/Uni3-Terminus*)
// and embedded, packed one bit a pixel (34 KB); a face expands to an 8-bit
// mask on first use. Run go generate with those fonts installed to
// rebuild them.
//
// # License
//
// Terminus Font is Copyright (c) 2010 Dimitar Toshkov Zhekov, with Reserved
// Font Name "Terminus Font", licensed under the SIL Open Font License 1.1:
// see LICENSE-terminus.txt. The subset here is a Modified Version under
// that license: it is not presented to users as "Terminus Font".
package fonts
