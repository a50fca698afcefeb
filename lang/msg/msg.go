// Package msg is a sentence as data: a key of the referee's catalogs and
// its arguments. The engine, the daemon and the page hand these out;
// package lang renders them in a language when someone reads them.
//
// The package depends on nothing but the card model, so the rules engine
// that speaks in messages carries no translator, no catalog and no
// template engine.
package msg

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/unoref/unoref/cards"
)

// Msg is one sentence, or one clause of a Sentence, as a key of the
// catalogs in lang/locales and its arguments.
type Msg struct {
	Key  string `json:"key"`
	Args Args   `json:"args,omitzero"`
}

// Args are the arguments of a message, structured so that a language can
// put each in the form its grammar needs. Zero fields are absent.
type Args struct {
	Player string `json:"player,omitempty"` // the player the sentence is about
	Other  string `json:"other,omitempty"`  // a second player: the one hit, the accused, the one swapped with
	Next   string `json:"next,omitempty"`   // the player to act next

	Card cards.Card `json:"card,omitzero"` // the card played, drawn, shown or refused
	Top  cards.Card `json:"top,omitzero"`  // the card on the pile, or the card to match

	Color cards.Color `json:"color,omitempty"` // a colour to match or named

	N int `json:"n,omitempty"` // a count: cards, points, players
	K int `json:"k,omitempty"` // a second count

	Rule  string   `json:"rule,omitempty"`  // a preset or an option of RULES.md §4 and §5 ("stacking")
	Value string   `json:"value,omitempty"` // the value given to Rule, or a word of the log
	Names []string `json:"names,omitempty"` // players named together, listed as the language lists them ("Ann and Cy")
	Text  string   `json:"text,omitempty"`  // a sentence from elsewhere, shown as it is (a table-log parse error)

	Path    string    `json:"path,omitempty"`    // a file or a directory, shown as it is
	Command string    `json:"command,omitempty"` // a command to type, shown as it is (the catalogs put it in `…`)
	Time    time.Time `json:"time,omitzero"`     // an instant, shown as 2006-01-02 15:04 in local time
}

// Sentence is a message made of clauses in order; each clause renders
// with its own joining words ("and Ben is next"), and a renderer joins
// them with spaces, none before punctuation.
type Sentence []Msg

// Keys lists the keys of s, for tests and logs.
func (s Sentence) Keys() []string {
	ks := make([]string, len(s))
	for i, m := range s {
		ks[i] = m.Key
	}
	return ks
}

// Renderer puts a sentence into words: lang.Lang is one.
type Renderer interface {
	Sentence(Sentence) string
}

// String is m as a key and its arguments ("card.dup.one{card=R7}"), for
// logs and error values where no language is at hand; what a person
// reads is rendered by package lang.
func (m Msg) String() string {
	var b strings.Builder
	b.WriteString(m.Key)
	a := &m.Args
	sep := byte('{')
	field := func(k, v string) {
		if v == "" {
			return
		}
		b.WriteByte(sep)
		sep = ' '
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(v)
	}
	field("player", a.Player)
	field("other", a.Other)
	field("next", a.Next)
	if a.Card != (cards.Card{}) {
		field("card", a.Card.String())
	}
	if a.Top != (cards.Card{}) {
		field("top", a.Top.String())
	}
	if a.Color != cards.NoColor {
		field("color", a.Color.Code())
	}
	if a.N != 0 {
		field("n", strconv.Itoa(a.N))
	}
	if a.K != 0 {
		field("k", strconv.Itoa(a.K))
	}
	field("rule", a.Rule)
	field("value", a.Value)
	field("names", strings.Join(a.Names, ","))
	field("text", a.Text)
	field("path", a.Path)
	field("command", a.Command)
	if !a.Time.IsZero() {
		field("time", a.Time.Format(time.RFC3339))
	}
	if sep == ' ' {
		b.WriteByte('}')
	}
	return b.String()
}

// EchoLen is the most of what a person sent that a refusal repeats, in
// characters.
const EchoLen = 24

// Echo is s as a refusal repeats it: at most EchoLen characters, then
// "…", so that a long value sent (a word of a table log, a field of the
// page's JSON) is never sent back whole, and invalid UTF-8 as U+FFFD.
func Echo(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if utf8.RuneCountInString(s) <= EchoLen {
		return s
	}
	r := []rune(s)
	return string(r[:EchoLen]) + "…"
}
