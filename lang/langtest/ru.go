package langtest

import (
	"regexp"
	"strings"

	"github.com/unoref/unoref/lang"
)

// Russian readings that a native reader of issue 24 found and a test can
// repeat (notes/ru-reading.md):
//   - a player's name never changes form, so it never stands right after a
//     preposition that would need a case («у Аня», «для Ben»): the sentence
//     names the player as «у игрока Аня» or is built around the nominative;
//   - quotes are «», never straight ones;
//   - a dash between words is «—», not a hyphen with spaces;
//   - «ё» is written in the words the referee uses (ещё, берёт, жёлтый…),
//     never «е».
var (
	ruPreps     = `(^|[^\p{L}])(у|к|ко|от|с|со|без|для|о|об|обо|про|по|на|за|в|во|из|при|над|под|перед|после|до|около|против)\s+`
	ruOneWord   = regexp.MustCompile(`^\p{L}+$`)
	ruDash      = regexp.MustCompile(`[\p{L}\d»)]\s-\s[\p{L}\d«(]`)
	ruNoYo      = regexp.MustCompile(`(?i)(^|[^\p{L}])(еще|берет|кладет|идет|наберет|возьмет|заберет|желт\p{L}*|зелен\p{L}*|четверк\p{L}*|пятерк\p{L}*|шестерк\p{L}*|семерк\p{L}*|восьмерк\p{L}*|счет|подсчет\p{L}*|нолем)([^\p{L}]|$)`)
	ruStraightQ = `"`
)

// russian lists the problems of text, a Russian text, and of plain, the
// same with what is exempt taken out (Plain); a one-word exempt string is
// taken for a name.
func russian(l lang.Lang, text, plain string, exempt []string) []string {
	if l != lang.Russian {
		return nil
	}
	var out []string
	// A name inside a longer exempt text (a list, a path) is not a name
	// the sentence puts after its preposition.
	var names []string
	for _, e := range exempt {
		if ruOneWord.MatchString(e) {
			names = append(names, e)
		} else if e != "" {
			text = strings.ReplaceAll(text, e, "⟦⟧")
		}
	}
	for _, e := range names {
		if m := regexp.MustCompile(ruPreps + regexp.QuoteMeta(e) + `([^\p{L}]|$)`).FindString(text); m != "" {
			out = append(out, "a name after a preposition, where Russian would need a case it cannot have: "+strings.TrimSpace(m))
		}
	}
	if strings.Contains(plain, ruStraightQ) {
		out = append(out, "straight quotes in a Russian sentence: use «»")
	}
	if m := ruDash.FindString(plain); m != "" {
		out = append(out, "a hyphen for a dash: "+m)
	}
	if m := ruNoYo.FindStringSubmatch(plain); m != nil {
		out = append(out, "«е» for «ё»: "+m[2])
	}
	return out
}
