package lang_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
)

// TestRomanianReads renders every Romanian message, written and spoken,
// with a girl's name, a boy's name and a foreign name, one card and many,
// and reads it as a Romanian teacher would (issue 24's native reading):
//   - ș and ț with the comma below, never the Turkish cedilla (ş ţ);
//   - quotes „…”, never "…" or «…»;
//   - no genitive «lui» put before a name: the renderer cannot inflect a
//     name («lui Ana» is wrong, «Anei» right, «lui Ion» right), so a
//     sentence is built around the name («cărțile rămase la Ana»);
//   - no masculine noun put before a name («jucătorul Ana», «câștigătorul
//     este Ana»): the name may be a girl's;
//   - the rules are said to the whole family (voi), never to one child
//     (tu): no «poți», «iei», «pune-o» in rules.*.
func TestRomanianReads(t *testing.T) {
	names := [][3]string{{"Ana", "Ion", "Ben"}, {"Ioana", "Mihai", "Carmen"}}
	counts := [][2]int{{1, 2}, {2, 1}, {21, 3}}
	cardPairs := [][2]cards.Card{
		{{Kind: cards.Number, Color: cards.Red, Number: 7}, {Kind: cards.Number, Color: cards.Blue, Number: 8}},
		{{Kind: cards.DrawTwo, Color: cards.Yellow}, {Kind: cards.WildDrawFour}},
	}
	var (
		cedilla  = regexp.MustCompile(`[şţŞŢ]`)
		badQuote = regexp.MustCompile(`["«»“]`)
		codeSpan = regexp.MustCompile("`[^`]*`")
		secondSg = regexp.MustCompile(`(?i)(^|[^\p{L}])(poți|pui|iei|schimbi|vrei|găsești|uiți|crezi|golești|apasă|pune-o|ai|tău|ta)([^\p{L}-]|$)`)
	)
	for _, k := range lang.Keys() {
		if strings.HasPrefix(k, "card.gender.") {
			continue
		}
		for _, nm := range names {
			for i, c := range counts {
				cp := cardPairs[i%len(cardPairs)]
				a := msg.Args{Player: nm[0], Other: nm[1], Next: nm[2], Card: cp[0], Top: cp[1],
					Color: cards.Green, N: c[0], K: c[1], Rule: "stacking", Value: "x", Text: "y",
					Names: nm[:]}
				m := msg.Msg{Key: k, Args: a}
				for _, text := range []string{lang.Romanian.Render(m), lang.Romanian.Spoken(msg.Sentence{m})} {
					plain := codeSpan.ReplaceAllString(text, "")
					if s := cedilla.FindString(plain); s != "" {
						t.Errorf("%s: the cedilla letter %q (write ș ț)\n\t%s", k, s, text)
					}
					if s := badQuote.FindString(plain); s != "" {
						t.Errorf("%s: the quote mark %q (write „…”)\n\t%s", k, s, text)
					}
					for _, n := range nm {
						for _, before := range []string{"lui ", "jucătorul ", "jucătorului ", "câștigătorul este "} {
							if strings.Contains(plain, before+n) {
								t.Errorf("%s: %q before a name that may be a girl's or not inflect\n\t%s", k, before+n, text)
							}
						}
					}
					if strings.HasPrefix(k, "rules.") {
						if s := secondSg.FindStringSubmatch(plain); s != nil {
							t.Errorf("%s: %q speaks to one child; the rules speak to the family (voi)\n\t%s", k, s[2], text)
						}
					}
				}
			}
		}
	}
}
