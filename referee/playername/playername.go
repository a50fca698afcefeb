package playername

import (
	"strings"

	"golang.org/x/text/unicode/norm"

	"github.com/unoref/unoref/referee/tablelog"
)

// Check is s as the table keeps a name (NFC), or the *tablelog.NameError
// that refuses it. Names are put in NFC before they are checked: a name
// written with combining marks counts its letters as a person sees them.
func Check(s string) (string, error) {
	n := norm.NFC.String(s)
	if err := tablelog.CheckName(n); err != nil {
		return "", err
	}
	return n, nil
}

// Fold is the key names are matched by: NFC, then lower case. "Mia" and
// "mia" are one player, and so are "Zoë" and "Zoe\u0308". The journal
// keeps it beside every roster name.
func Fold(s string) string { return strings.ToLower(norm.NFC.String(s)) }

// Same reports whether a and b name the same player.
func Same(a, b string) bool { return Fold(a) == Fold(b) }
