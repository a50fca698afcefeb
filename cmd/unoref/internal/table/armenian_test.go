package table

import (
	"regexp"
	"strings"
	"testing"

	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/referee"
)

// hySingularYou are the words of Armenian's singular "you" (դու): an
// imperative (դիր, ասա, սեղմիր), a verb (ունես, կվերցնես), a pronoun or
// a possessive ending. The rules in force speak to the whole family,
// the way every other sentence of the referee does ("դրեք", "բացեք"):
// -եք, or about "the one who plays" in the third person.
var hySingularYou = regexp.MustCompile(`(^|[\s.,։՝])(դիր|ասա|սեղմիր|վերցրու|ընտրիր|դու|քեզ|քո|ունե՞?ս|չունե՞?ս|ես|կարող ես|կվերցնես|մոռանաս|ձեռքդ|ձեռքումդ|քարտերդ)([\s.,։՝]|$)`)

// TestArmenianRulesInForceSpeakToTheFamily: no line of the rules in force,
// for any preset and option, addresses one child as դու. A card's name
// («Վերցրու երկու») is a name, not an order.
func TestArmenianRulesInForceSpeakToTheFamily(t *testing.T) {
	quoted := regexp.MustCompile(`«[^»]*»`)
	for _, p := range []string{referee.PresetOfficial, referee.PresetCars, referee.PresetHouseRU} {
		lines := [][]string{{p}}
		for _, o := range referee.OptionNames() {
			for _, w := range optionWords(o) {
				lines = append(lines, []string{p, w})
			}
		}
		for _, line := range lines {
			r, err := referee.ParseRules(line[0], line[1:])
			if err != nil {
				continue
			}
			for _, s := range RulesInForce(r) {
				text := quoted.ReplaceAllString(lang.Armenian.Sentence(s), "«»")
				if m := hySingularYou.FindString(strings.ToLower(text)); m != "" {
					t.Errorf("%v: %q speaks to one child: %s", line, strings.TrimSpace(m), lang.Armenian.Sentence(s))
				}
			}
		}
	}
}
