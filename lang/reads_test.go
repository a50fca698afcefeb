package lang_test

import (
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/langtest"
	"github.com/unoref/unoref/lang/msg"
)

// args are arguments for every placeholder, as a game gives them.
var args = msg.Args{
	Player: "Ann", Other: "Ben", Next: "Cy",
	Card: cards.Card{Kind: cards.Number, Color: cards.Red, Number: 7}, Top: cards.Card{Kind: cards.Number, Color: cards.Blue, Number: 8},
	Color: cards.Green, N: 21, K: 3, Rule: "stacking", Value: "R44", Text: "Ann 7, Ben 3",
	Names: []string{"Ann", "Ben", "Cy"}, Path: "/var/lib/unoref/journal.db", Command: "unoref restore --data /var/lib/unoref",
	Time: time.Date(2026, 11, 25, 21, 5, 0, 0, time.Local),
}

// TestEveryMessageReads renders every whole message of the catalogs in
// every language and reads it as a person would (package langtest): no
// code of the log or the rules, no quotes in quotes, no Latin word in a
// Cyrillic or Armenian sentence, no chain of colons, no key left as a
// key; and a message that is a sentence in English starts with a capital
// in every language.
func TestEveryMessageReads(t *testing.T) {
	for _, k := range lang.Keys() {
		if strings.HasPrefix(k, "card.gender.") {
			continue // a code of the card table, never shown
		}
		m := msg.Msg{Key: k, Args: args}
		sentence := isSentence(k, lang.English.Render(m))
		for _, l := range lang.Languages() {
			text := l.Render(m)
			if sentence {
				text = l.Sentence(msg.Sentence{m})
			}
			for _, p := range langtest.Problems(l, text, langtest.Exempt(m)...) {
				if !sentence && strings.HasPrefix(p, "a sentence starts in lower case") {
					continue // a clause or a label: the sentence around it has the capital
				}
				t.Errorf("%s in %s: %s\n\t%s", k, l, p, text)
			}
		}
	}
}

// isSentence reports whether an English message is a sentence of its
// own: it starts with a capital or a name, not with a joining word or
// punctuation, nor in lower case as a label does; the words of the card
// table, counts and numbers are parts of sentences.
func isSentence(key, en string) bool {
	for _, p := range []string{"card.", "color.", "count.", "num.", "list."} {
		if strings.HasPrefix(key, p) {
			return false
		}
	}
	for _, r := range en {
		return unicode.IsUpper(r) || unicode.IsDigit(r)
	}
	return false
}
