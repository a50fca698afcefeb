package lang

import (
	"regexp"
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
func (n Name) Def() string {
	if n.l != Armenian {
		return n.s
	}
	if endsInVowel(n.s) {
		return n.attach("ն", "ն")
	}
	return n.attach("ը", "ը")
}

// Gen is the name in the Armenian genitive, "of Ann" ("Ann-ի ձեռքը",
// "Աննայի"): -ի, after -ա, -ո or -օ of an Armenian name -յի.
func (n Name) Gen() string {
	if n.l != Armenian {
		return n.s
	}
	return n.attach(n.genEnding(), "ի")
}

// Dat is the name in the Armenian dative, "to Ann" ("Ann-ին", "Աննային").
func (n Name) Dat() string {
	if n.l != Armenian {
		return n.s
	}
	return n.attach(n.genEnding()+"ն", "ին")
}

// genEnding is the genitive ending of an Armenian-script name.
func (n Name) genEnding() string {
	r, _ := utf8.DecodeLastRuneInString(n.s)
	switch r {
	case 'ա', 'ո', 'օ':
		if !strings.HasSuffix(n.s, "ու") {
			return "յի"
		}
	}
	return "ի"
}

// attach puts an Armenian ending after the name: written on (armenian)
// when the name ends in an Armenian letter, else after a hyphen (other).
func (n Name) attach(armenian, other string) string {
	r, _ := utf8.DecodeLastRuneInString(n.s)
	if unicode.Is(unicode.Armenian, r) {
		return n.s + armenian
	}
	return n.s + "-" + other
}

// endsInVowel reports whether a name ends in a vowel, as far as its last
// letter shows: Armenian (ու ends in ւ), Latin and Cyrillic vowels.
func endsInVowel(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return strings.ContainsRune("աեէըիոօւaeiouyàáâäéèêëíîïóôöúùûüăâîаеёиоуыэюя", unicode.ToLower(r))
}

// armenianArticle finds the article -ը at the end of a word before a
// word that begins with a vowel.
var armenianArticle = regexp.MustCompile(`ը(\s+[աեէըիոօ])`)

// euphony is s as Armenian says it: the article -ը becomes -ն before a
// word that begins with a vowel ("Ann-ն ասում է", "Արամն ընտրում է"),
// wherever the word comes from (a name's Def, the catalog). Other
// languages have no such rule.
func (l Lang) euphony(s string) string {
	if l != Armenian || !strings.Contains(s, "ը") {
		return s
	}
	return armenianArticle.ReplaceAllString(s, "ն$1")
}
