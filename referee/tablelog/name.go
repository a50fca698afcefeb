package tablelog

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/unoref/unoref/lang/msg"
)

// MaxName is the longest player name, in runes (characters as a person
// counts them, not bytes). 16 is what the OLED's bold 8×16 face fits across
// its 128 pixels, so every screen that titles a player (count-up, winner,
// challenge) shows the name whole; the turn screen, which keeps 36 pixels
// for the top card, shows its first 11.
const MaxName = 16

// ErrBadName is wrapped by every *NameError, for errors.Is.
var ErrBadName = errors.New("bad-name")

// Reasons a name is refused (NameError.Reason).
const (
	NameEmpty   = "name-empty"    // nothing at all
	NameSpace   = "name-space"    // any Unicode space: the log splits its words on spaces
	NameHash    = "name-hash"     // '#' starts a comment in the log
	NameComma   = "name-comma"    // ',' separates the names of --players and game.players
	NameControl = "name-control"  // control, format (zero-width), other invisible or unassigned characters, or bytes that are not UTF-8
	NameMark    = "name-mark"     // an accent or other mark with no letter before it
	NameBidi    = "name-bidi"     // bidi controls that reorder the text around the name
	NameTooLong = "name-too-long" // more than MaxName runes
)

// NameError is a name a player can't have: why, and a name close to it that
// is allowed.
type NameError struct {
	Name   string
	Reason string // one of the Name* reasons
	Try    string // a suggestion the table accepts
}

func (e *NameError) Error() string {
	switch e.Reason {
	case NameEmpty:
		return "A name can't be empty: try " + e.Try
	case NameSpace, NameHash:
		return "A name can't contain # or spaces: try " + e.Try
	case NameComma:
		return "A name can't contain commas: try " + e.Try
	case NameBidi:
		return "A name can't contain direction marks: try " + e.Try
	case NameTooLong:
		return fmt.Sprintf("A name has at most %d letters: try %s", MaxName, e.Try)
	case NameMark:
		return "A name can't begin with an accent or a mark on its own: try " + e.Try
	}
	return "A name can't contain invisible or control characters: try " + e.Try
}

func (e *NameError) Unwrap() error { return ErrBadName }

// Msg is the refusal as a sentence of the catalogs (name.*): why, and
// the name to try.
func (e *NameError) Msg() msg.Msg {
	return msg.Msg{Key: "name." + strings.TrimPrefix(e.Reason, "name-"), Args: msg.Args{Value: e.Try, N: MaxName}}
}

// CheckName is the one rule for what a player may be called, wherever a name
// comes from (the engine's players line, the table log, the journal, the
// page, the config, a rename). Letters, marks, digits, punctuation and
// symbols of every script are welcome (Аня, Đorđe, Ștefan, Անի); refused
// are what the table log can't hold — spaces of any kind, '#', and ',' —
// and what can't be seen or reorders the text around it — control, format
// (zero-width, soft hyphen), bidi and other invisible characters, a
// variation selector with nothing to vary ("a"+U+FE0F) —, a mark with no
// letter under it (a lone U+0301), plus names over MaxName runes. The
// error is a *NameError.
//
// CheckName reads s as it is: a name from a person is first put in NFC
// (package playername, which the engine does not import), so that "Zoë"
// typed as one character or as "e" and a diaeresis is one name.
func CheckName(s string) error {
	reason := nameReason(s)
	if reason == "" {
		return nil
	}
	return &NameError{Name: s, Reason: reason, Try: suggestName(s)}
}

// nameReason is the first thing wrong with s, or "".
func nameReason(s string) string {
	if s == "" {
		return NameEmpty
	}
	if plainName(s) {
		return ""
	}
	if !utf8.ValidString(s) {
		return NameControl
	}
	prev := rune(-1)
	for _, r := range s {
		if why := runeReason(r); why != "" {
			return why
		}
		if why := afterReason(prev, r); why != "" {
			return why
		}
		prev = r
	}
	if utf8.RuneCountInString(s) > MaxName {
		return NameTooLong
	}
	return ""
}

// plainName reports whether s is a short name of visible ASCII other than
// '#' and ',', which runeReason always accepts: most names, read on every
// line of a log without decoding a rune.
func plainName(s string) bool {
	if len(s) > MaxName {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c >= 0x7f || c == '#' || c == ',' {
			return false
		}
	}
	return true
}

// runeReason says why r can't be in a name, or "".
func runeReason(r rune) string {
	switch {
	case r == '#':
		return NameHash
	case r == ',':
		return NameComma
	case unicode.IsSpace(r) || unicode.Is(unicode.Zs, r):
		return NameSpace
	case unicode.Is(unicode.Bidi_Control, r):
		return NameBidi
	case !unicode.IsGraphic(r), unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r), r == utf8.RuneError:
		// Cc, Cf (zero-width, soft hyphen), Co, Cs, Zl, Zp, unassigned,
		// the graphic characters that draw nothing (U+3164 HANGUL FILLER,
		// U+034F COMBINING GRAPHEME JOINER), and U+FFFD, what a decoder
		// puts for bytes that were not text (encoding/json does).
		return NameControl
	}
	return ""
}

// afterReason says why r can't follow prev (-1 at the start of a name), or
// "": a mark needs a character to sit on, and a variation selector one it
// has a variant of — a symbol, a digit or punctuation (❤️, 1️⃣), or a Han or
// Mongolian letter —, else it is invisible ("a"+U+FE0F looks like "a").
func afterReason(prev, r rune) string {
	switch {
	case unicode.Is(unicode.Variation_Selector, r):
		if prev < 0 || unicode.IsLetter(prev) && !unicode.In(prev, unicode.Han, unicode.Mongolian) || unicode.IsMark(prev) {
			return NameControl
		}
	case prev < 0 && unicode.IsMark(r):
		return NameMark
	}
	return ""
}

// separator reports whether r stands between two parts of a name a person
// typed: a space or a character the table log can't hold.
func separator(r rune) bool {
	why := runeReason(r)
	return why == NameSpace || why == NameHash || why == NameComma || r == '\u2028' || r == '\u2029'
}

// suggestName turns s into a name CheckName accepts: separators become one
// '-', invisible characters go, and the rest is cut to MaxName runes.
func suggestName(s string) string {
	s = strings.ToValidUTF8(s, "")
	var b strings.Builder
	dash := false
	prev := rune(-1)
	for _, r := range s {
		switch {
		case separator(r):
			dash = b.Len() > 0
		case runeReason(r) != "", afterReason(prev, r) != "":
		default:
			if dash {
				b.WriteByte('-')
				dash = false
			}
			b.WriteRune(r)
			prev = r
		}
	}
	try := []rune(b.String())
	if len(try) > MaxName {
		try = []rune(strings.TrimRight(string(try[:MaxName]), "-"))
	}
	if len(try) == 0 {
		return "Ann"
	}
	return string(try)
}
