package lang_test

import (
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
)

// What a native reader of the Armenian catalog found (issue 24) and a
// test can keep: rules of Armenian that hold for every key, checked on
// what is rendered.

// hyArgs are args with Armenian names, so a name's endings show.
func hyArgs() msg.Args {
	a := args
	a.Player, a.Other, a.Next = "Արամ", "Դավիթ", "Գոռ"
	a.Names = []string{"Արամ", "Դավիթ", "Գոռ"}
	return a
}

// leaflet are the card names of the Armenian leaflet (seed 004), and the
// cars deck's card; a sentence inflects them after the quotes
// («Պատվիրիր գույն»-ի), never inside.
var leaflet = []string{"Բաց թողնել", "Ընդհակառակը", "Վերցրու երկու", "Պատվիրիր գույն",
	"Պատվիրիր գույն և վերցրու չորս", "Ծայրահեղ բարձրություն"}

var quotedRe = regexp.MustCompile(`«([^»]*)»`)

// TestArmenianCardNamesAsLeaflet: a card name in quotes is the leaflet's
// name, whole ("«Ծայրահեղ բարձրության» համար" is not).
func TestArmenianCardNamesAsLeaflet(t *testing.T) {
	first := map[string]bool{}
	for _, n := range leaflet {
		first[strings.Fields(n)[0]] = true
	}
	isName := func(q string) bool {
		for _, n := range leaflet {
			if q == n {
				return true
			}
		}
		return false
	}
	for _, k := range lang.Keys() {
		text := lang.Armenian.Render(msg.Msg{Key: k, Args: hyArgs()})
		for _, m := range quotedRe.FindAllStringSubmatch(text, -1) {
			w := strings.Fields(m[1])
			// A word that starts a card name starts one only when a
			// capital begins it: «Պաս» is a word said, not a card.
			if len(w) > 0 && first[strings.TrimRight(w[0], "իինով")] && !isName(m[1]) {
				t.Errorf("%s: «%s» is not a card name of the leaflet: %s", k, m[1], text)
			}
		}
	}
	for _, f := range []string{"S", "R", "D2", "W", "W4", "WX"} {
		got := strings.Trim(lang.Armenian.Render(msg.Msg{Key: "card.face." + f + ".nom"}), "«»")
		if !isName(got) {
			t.Errorf("card %s is «%s» in Armenian, not a name of the leaflet", f, got)
		}
	}
}

// TestArmenianNameTakesItsEnding: a player's name that is the subject or
// the owner in a sentence takes the article or a case ending
// ({{.Player.Def}}, .Gen, .Dat: "հաղթում է Արամը", "Արամի մոտ"). A bare
// name only calls a child ("Արամ, ...") or stands alone after a colon,
// in a list or in a label.
func TestArmenianNameTakesItsEnding(t *testing.T) {
	for _, k := range lang.Keys() {
		text := lang.Armenian.Render(msg.Msg{Key: k, Args: hyArgs()})
		for _, name := range []string{"Արամ", "Դավիթ", "Գոռ"} {
			for i := 0; ; {
				j := strings.Index(text[i:], name)
				if j < 0 {
					break
				}
				at, end := i+j, i+j+len(name)
				i = end
				if r, _ := utf8.DecodeRuneInString(text[end:]); unicode.Is(unicode.Armenian, r) {
					continue // an ending: Արամը, Արամի, Արամին
				}
				if bareNameOK(text[:at], text[end:]) {
					continue
				}
				t.Errorf("%s: the name %s without its ending: %s", k, name, text)
			}
		}
	}
}

// bareNameOK reports whether a name with no ending stands where Armenian
// leaves it bare: after a colon (՝) or a list's comma, before a comma,
// a stop or a bracket, or before "անունը" (the name X).
func bareNameOK(before, after string) bool {
	before = strings.TrimRight(before, " ")
	if strings.HasSuffix(before, " է") || strings.HasSuffix(before, " են") {
		return false // "հաղթում է Արամ": the subject after its verb
	}
	if after == "" {
		return true
	}
	for _, p := range []string{",", ".", "՝", "։", ")", " (", " և ", " անունը", " {{"} {
		if strings.HasPrefix(after, p) {
			return true
		}
	}
	r, _ := utf8.DecodeRuneInString(strings.TrimLeft(after, " "))
	// A number or a code beside a name, as in a table, or another name
	// (a capital): "Անի Արամ Նարե".
	return !unicode.Is(unicode.Armenian, r) || unicode.IsUpper(r)
}

// numberWordRe is a number word said by the voice with an ending joined
// by a hyphen ("երկու-ը"): Armenian says երկուսը, հինգից. A digit takes
// its ending after a hyphen when written (2-ը); a spoken sentence must
// not put one on a number it says in words.
var numberWordRe = regexp.MustCompile(`(զրո|մեկ|երկու|երեք|չորս|հինգ|վեց|յոթ|ութ|ինը|տասը|քսան|երեսուն|քառասուն|հիսուն|հարյուր)-[\p{Armenian}]`)

// TestArmenianSpokenNumbersTakeNoHyphen: no key the voice may say
// says a count in words with an ending after a hyphen. The terminal's,
// the page's and the enrolment screen's words are only read.
func TestArmenianSpokenNumbersTakeNoHyphen(t *testing.T) {
	for _, k := range lang.Keys() {
		if strings.HasPrefix(k, "cli.") || strings.HasPrefix(k, "page.") || strings.HasPrefix(k, "enroll.") {
			continue
		}
		said := lang.Armenian.Spoken(msg.Sentence{{Key: k, Args: hyArgs()}})
		said = strings.ReplaceAll(said, "մեկ-մեկ", "") // "one by one", a word
		if m := numberWordRe.FindString(said); m != "" {
			t.Errorf("%s: the voice says %q: %s", k, m, said)
		}
	}
}
