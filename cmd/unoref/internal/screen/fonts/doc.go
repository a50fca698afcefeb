// Package fonts holds the bitmap faces the referee's 128×64 OLED draws text
// with: golang.org/x/image/font/basicfont faces that draw Basic Latin,
// Latin-1, Latin Extended-A, Romanian Ș ș Ț ț (U+0218–U+021B), the Cyrillic
// block U+0400–U+045F and Ґ ґ, Armenian (U+0531–U+0556, U+0559–U+058A,
// U+058F), dashes, quotes (‘ ’ ‚ “ ” „ ‹ ›), the ellipsis, thin and
// no-break spaces, №, the minus sign, → and the symbols printed on action
// cards (⇄ ⊕ ⊘ □ ▲, the OLED's card faces where a language has no short
// word). Other runes draw as U+FFFD, with ok false from Glyph.
//
// Twenty-one rare Latin Extended-A letters (Ĕ Ĩ Ĭ Ĳ ĸ Ŀ ŉ Ŋ Ŏ Ŧ Ũ ſ and
// their pairs) are not in the console builds of Terminus and draw as
// U+FFFD too.
//
// # What was converted, and how
//
// internal/gen builds the faces (go generate, with Debian's console-setup
// and unifont packages installed; TestUpToDate checks the committed files
// against them). Each face is a cell of fixed width and height:
//   - Latin, Cyrillic and punctuation are cut from the PSF console fonts of
//     Terminus (/usr/share/consolefonts/Uni3-Terminus12x6, -TerminusBold16,
//     -TerminusBold24x12), set unchanged in the cell: 6×12 in a 7×13 cell
//     (ascent 11), bold 8×16 in an 8×18 cell (ascent 14), bold 12×24.
//   - Terminus has no Armenian, and its console builds draw the card
//     symbols as ASCII (⊕ as +, ⊘ as /, ▲ as ↑; ⇄ and □ they lack). Their
//     glyphs come from GNU Unifont's 8×16
//     bitmaps (/usr/share/unifont/unifont.hex) on the same baselines: as
//     drawn in the 16-pixel face (Unifont's regular weight); scaled 1.5×
//     with every pixel a 2×2 dot in the 24-pixel face, so strokes are 2 px
//     like Terminus Bold; narrowed to 6 columns in the 12-pixel face, by
//     dropping a blank edge column or else the inner column most like its
//     neighbour, and cut to the 13-row cell. Marks that sit high (՛ ՜ ՞,
//     the modifier letter ՙ) move down into the cell: no glyph loses ink
//     (internal/gen's TestNoInkLost).
//
// The glyphs are embedded packed one bit a pixel (40 KB); a face expands
// to an 8-bit mask on first use.
//
// # License
//
// Terminus Font is Copyright (c) 2010 Dimitar Toshkov Zhekov, with Reserved
// Font Name "Terminus Font", licensed under the SIL Open Font License 1.1:
// see LICENSE-terminus.txt. The OFL lets a Modified Version not carry a
// Reserved Font Name, so this converted subset is named for what it is,
// package fonts, and is not presented to users as "Terminus Font".
//
// GNU Unifont is dual-licensed under the GNU GPL 2+ with the font
// embedding exception and the SIL Open Font License 1.1; the Armenian
// subset is used under the OFL: see LICENSE-unifont.txt.
package fonts
