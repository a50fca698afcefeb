// Package langtest checks rendered sentences the way a reader would,
// for the tests of every package that speaks: no refusal or option code
// in a sentence a person reads, no quotes inside quotes, no sentence that
// starts in lower case, no Latin letter in a Cyrillic or Armenian
// sentence, no chain of three clauses glued with colons, no key left as a
// key. It checks the text that reaches a person, after rendering; what
// the person typed or named (a player's name, a value echoed back, a
// command or code to type in `…`) is exempt, and the caller says which.
package langtest

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee"
)

// Problems lists what is wrong with text, a sentence or a few sentences
// rendered in l that a person reads; exempt are strings in it the person
// gave (names, values typed), which may be in any script.
func Problems(l lang.Lang, text string, exempt ...string) []string {
	var out []string
	add := func(format string, a ...any) { out = append(out, fmt.Sprintf(format, a...)) }
	plain := Plain(text, exempt...)
	if k := keyLeft(plain); k != "" {
		add("the key %q is left as a key", k)
	}
	for _, c := range codes() {
		if containsWord(plain, c) {
			add("the code %q is in the sentence", c)
		}
	}
	if m := optionWordRe.FindString(plain); m != "" {
		add("the rules-line word %q is in the sentence", strings.TrimSpace(m))
	}
	if q := nestedQuote(plain); q != "" {
		add("quotes inside quotes: %q", q)
	}
	if needsOwnScript(l) {
		if w := latinRe.FindString(plain); w != "" {
			add("the Latin letters %q in a %s sentence", w, l)
		}
	}
	for _, s := range Sentences(l, plain) {
		if r, ok := firstLetter(s); ok && unicode.IsLower(r) {
			add("a sentence starts in lower case: %q", s)
		}
		if n := colons(l, s); n >= 2 {
			add("a chain of %d colon clauses: %q", n+1, s)
		}
	}
	return out
}

// Check fails t's test for each of Problems, naming where the text came
// from.
func Check(t interface {
	Helper()
	Errorf(string, ...any)
}, where string, l lang.Lang, text string, exempt ...string) {
	t.Helper()
	for _, p := range Problems(l, text, exempt...) {
		t.Errorf("%s in %s: %s\n\t%s", where, l, p, text)
	}
}

// Exempt are the strings of a message's arguments that a person gave or
// that are shown as they are: names, a value typed, a text from
// elsewhere, a path, a command.
func Exempt(ms ...msg.Msg) []string {
	var out []string
	for _, m := range ms {
		a := m.Args
		out = append(out, a.Player, a.Other, a.Next, a.Value, a.Text, a.Path, a.Command)
		out = append(out, a.Names...)
	}
	return slices.DeleteFunc(out, func(s string) bool { return s == "" })
}

// Plain is text without what is exempt: the exempt strings, and code to
// type between backquotes.
func Plain(text string, exempt ...string) string {
	text = codeRe.ReplaceAllString(text, "⟦⟧")
	// Longest first: a name inside another is not cut in half.
	ex := slices.Clone(exempt)
	slices.SortFunc(ex, func(a, b string) int { return len(b) - len(a) })
	for _, e := range ex {
		if e != "" {
			text = strings.ReplaceAll(text, e, "⟨⟩")
		}
	}
	return text
}

var (
	codeRe       = regexp.MustCompile("`[^`]*`")
	latinRe      = regexp.MustCompile(`[A-Za-z]+`)
	optionWordRe = regexp.MustCompile(`(^|\s)[+-][a-z]+(-[a-z0-9]+)+|[a-z]+(-[a-z0-9]+)*=[a-z0-9]+`)
	clockRe      = regexp.MustCompile(`\d:\d\d`)
	keyRe        = regexp.MustCompile(`\b[a-z][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+\b`)
)

// needsOwnScript reports whether l writes in an alphabet of its own, where
// a Latin word stands out as a code or a word left untranslated.
func needsOwnScript(l lang.Lang) bool {
	return l == lang.Russian || l == lang.SerbianCyrillic || l == lang.Armenian
}

// codes are the refusal codes (each has a name of its own in the
// catalogs, page.fam.code.*) and the names of the rules' options: words of
// the log and the journal, never of a sentence.
var codes = sync.OnceValue(func() []string {
	var out []string
	for _, k := range keys() {
		if c, ok := strings.CutPrefix(k, "page.fam.code."); ok {
			out = append(out, c)
		}
	}
	for _, o := range referee.OptionNames() {
		// A one-word option ("stacking", "target") is an English word too;
		// Latin letters in another script are caught on their own.
		if strings.Contains(o, "-") {
			out = append(out, o)
		}
	}
	return append(out, referee.PresetHouseRU)
})

// keys are the catalogs' keys.
var keys = sync.OnceValue(lang.Keys)

// containsWord reports whether w is in s as a whole word: not inside a
// longer hyphenated word.
func containsWord(s, w string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		j += i
		before, _ := utf8.DecodeLastRuneInString(s[:j])
		after, _ := utf8.DecodeRuneInString(s[j+len(w):])
		if !wordRune(before) && !wordRune(after) {
			return true
		}
		i = j + len(w)
	}
}

func wordRune(r rune) bool { return r == '-' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// keyLeft is a catalog key in s, rendered as itself because a catalog
// lacks it ("uno.one"), or "".
func keyLeft(s string) string {
	for _, m := range keyRe.FindAllString(s, -1) {
		if _, ok := slices.BinarySearch(keys(), m); ok || strings.Count(m, ".") >= 2 || hasKeyPrefix(m) {
			return m
		}
	}
	return ""
}

func hasKeyPrefix(s string) bool {
	for _, p := range []string{"rules.", "page.", "teach.", "prompt.", "table.", "card.", "color.", "wait.", "text.", "line.", "num.", "count.", "setup.", "judge.", "draw.", "then.", "uno.", "slap."} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// nestedQuote is the first quotation that opens inside another, or "".
func nestedQuote(s string) string {
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '«', '„', '“':
			if depth > 0 {
				return s[start:min(len(s), i+40)]
			}
			if r == '“' && depth == 0 && strings.ContainsRune(s[:i], '„') {
				continue // the closing mark of „…“
			}
			depth, start = depth+1, i
		case '»', '”':
			depth = max(depth-1, 0)
		}
	}
	return ""
}

// Sentences splits text at the language's sentence ends.
func Sentences(l lang.Lang, text string) []string {
	var out []string
	start := 0
	runes := []rune(text)
	for i, r := range runes {
		end := r == '։' || r == '!' || r == '?' || r == '.' && l != lang.Armenian
		if end && (i+1 == len(runes) || runes[i+1] == ' ') {
			if s := strings.TrimSpace(string(runes[start : i+1])); s != "" {
				out = append(out, s)
			}
			start = i + 1
		}
	}
	if s := strings.TrimSpace(string(runes[start:])); s != "" {
		out = append(out, s)
	}
	return out
}

// firstLetter is the first letter of s, unless a number, a name or a
// code leads the sentence: they stand as they are.
func firstLetter(s string) (rune, bool) {
	for _, r := range s {
		switch {
		case unicode.IsLetter(r):
			return r, true
		case unicode.IsDigit(r), r == '⟨', r == '⟦':
			return 0, false
		}
	}
	return 0, false
}

// colons counts the colons that glue clauses in a sentence: ':' in every
// language, and in Armenian its mid-stop '.' (the Armenian full stop is
// '։').
func colons(l lang.Lang, s string) int {
	s = clockRe.ReplaceAllString(s, "") // a time of day, 21:05
	n := strings.Count(s, ":")
	if l == lang.Armenian {
		n += strings.Count(strings.TrimSuffix(s, "."), ". ")
	}
	return n
}
