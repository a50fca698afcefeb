package lang

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Name is a player's name as a template argument ({{.Player}},
// {{.Other}}, {{.Next}}): the name as it is, in every language, except
// where Armenian puts a case ending or the article after it. Names never
// change inside (Аня stays Аня); Armenian adds its ending to the name,
// joined by a hyphen when the name is not written in Armenian letters
// ("Ann-ի", "Ann-ը") and written on when it is ("Արամի", "Աննան").
// Other languages keep every name in the nominative and build their
// sentences around it ("У игрока Ann", "lui Ann"), so for them every form
// is the name.
type Name struct {
	l Lang
	s string
}

func (n Name) String() string { return n.s }

// Def is the name with the Armenian definite article, -ը after a
// consonant and -ն after a vowel ("Ann-ը", "Anna-ն", "Աննան"): the subject
// of a sentence where Armenian wants it.
func (n Name) Def() string { return n.form(methodDef) }

// Gen is the name in the Armenian genitive, "of Ann" ("Ann-ի ձեռքը",
// "Աննայի"): -ի, after -ա, -ո or -օ of an Armenian name -յի.
func (n Name) Gen() string { return n.form(methodGen) }

// Dat is the name in the Armenian dative, "to Ann" ("Ann-ին", "Աննային").
func (n Name) Dat() string { return n.form(methodDat) }

func (n Name) form(m method) string {
	if n.l != Armenian {
		return n.s
	}
	return string(appendNameForm(nil, n.l, n.s, m))
}

// appendNameForm appends the name s in the form m (methodDef, methodGen
// or methodDat) of l's grammar: the name itself but in Armenian.
func appendNameForm(dst []byte, l Lang, s string, m method) []byte {
	dst = append(dst, s...)
	if l != Armenian {
		return dst
	}
	r, _ := utf8.DecodeLastRuneInString(s)
	written := unicode.Is(unicode.Armenian, r) // written on, else after a hyphen
	if !written {
		dst = append(dst, '-')
	}
	switch {
	case m == methodDef && endsInVowel(s):
		return append(dst, "ն"...)
	case m == methodDef:
		return append(dst, "ը"...)
	case written && genYi(s):
		dst = append(dst, "յի"...)
	default:
		dst = append(dst, "ի"...)
	}
	if m == methodDat {
		dst = append(dst, "ն"...)
	}
	return dst
}

// appendNameForm is the package's appendNameForm for b's language.
func (b *book) appendNameForm(dst []byte, s string, m method) []byte {
	return appendNameForm(dst, b.l, s, m)
}

// genYi reports whether an Armenian-script name takes -յի in the
// genitive: it ends in -ա, -ո or -օ, but not in -ու.
func genYi(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	switch r {
	case 'ա', 'ո', 'օ':
		return !strings.HasSuffix(s, "ու")
	}
	return false
}

// endsInVowel reports whether a name ends in a vowel, as far as its last
// letter shows: Armenian (ու ends in ւ), Latin and Cyrillic vowels.
func endsInVowel(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return strings.ContainsRune("աեէըիոօւaeiouyàáâäéèêëíîïóôöúùûüăâîаеёиоуыэюя", unicode.ToLower(r))
}

// euphony is s as Armenian says it: the article -ը becomes -ն before a
// word that begins with a vowel ("Ann-ն ասում է", "Արամն ընտրում է"),
// wherever the word comes from (a name's Def, the catalog). Other
// languages have no such rule.
func (l Lang) euphony(s string) string {
	if l != Armenian || !strings.Contains(s, "ը") {
		return s
	}
	b := []byte(s)
	l.euphonize(b)
	return string(b)
}

// euphonize applies euphony to b in place: ը and ն are two bytes each in
// UTF-8, so a rendered clause is changed where it lies, without a copy.
// Like a regular expression replacing ը(\s+[աեէըիոօ]) with ն$1, it goes
// on after the vowel it matched.
func (l Lang) euphonize(b []byte) {
	if l != Armenian {
		return
	}
	for i := 0; ; {
		// ը is D5 A8: look for its second byte, rarer in Armenian text
		// than the first, which most Armenian letters share.
		j := bytes.IndexByte(b[i:], article[1])
		if j < 0 {
			return
		}
		at := i + j - 1
		if at < 0 || b[at] != article[0] {
			i += j + 1
			continue
		}
		k := at + len(article)
		for k < len(b) && asciiSpace(b[k]) {
			k++
		}
		r, n := utf8.DecodeRune(b[k:])
		if k == at+len(article) || n == 0 || !strings.ContainsRune("աեէըիոօ", r) {
			i = at + len(article)
			continue
		}
		copy(b[at:], "ն")
		i = k + n
	}
}

// article is the Armenian definite article ը, as bytes.
var article = []byte("ը")

// asciiSpace reports whether c is a space as \s of a Go regular
// expression matches it.
func asciiSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}
