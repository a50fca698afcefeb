package lang

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/lang/msg"
)

// Render is m in l. A key with plural forms takes the form of m.Args.N
// ("2 игры", "5 игр"). A key missing from l's catalog renders as the key,
// so a gap shows and never stops the referee.
func (l Lang) Render(m msg.Msg) string { return l.renderMsg(m, false) }

// renderMsg is Render, with counts in words when spoken.
func (l Lang) renderMsg(m msg.Msg, spoken bool) string {
	var count any
	if l < numLangs {
		if w, ok := bundles[l].words[m.Key]; ok {
			return w
		}
		if bundles[l].plural[m.Key] {
			count = m.Args.N
		}
	}
	return l.euphony(l.render(m.Key, data(l, &m.Args, spoken), count))
}

// Sentence renders the clauses of s in l as one sentence, with a capital
// and no full stop.
func (l Lang) Sentence(s msg.Sentence) string { return l.sentence(s, false) }

// sentence is Sentence, with counts in words when spoken.
func (l Lang) sentence(s msg.Sentence, spoken bool) string {
	var b strings.Builder
	for _, m := range s {
		part := l.renderMsg(m, spoken)
		if part == "" {
			continue
		}
		if b.Len() > 0 && !startsWithPunct(part) {
			b.WriteByte(' ')
		}
		b.WriteString(part)
	}
	return Capital(l.euphony(b.String()))
}

// Capital is s with its first letter in upper case, in any script.
func Capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || unicode.IsUpper(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// startsWithPunct reports whether a clause joins without a space: it
// begins with a comma, colon, semicolon or full stop (Armenian ։ too).
func startsWithPunct(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return strings.ContainsRune(",.:;!?։", r)
}

// render executes a message template; count is the plural count, if any.
func (l Lang) render(key string, d map[string]any, count any) string {
	if l >= numLangs {
		l = English
	}
	s, err := bundles[l].loc.Localize(&i18n.LocalizeConfig{MessageID: key, TemplateData: d, PluralCount: count})
	if err != nil && s == "" {
		return key
	}
	return s
}

// word is a message without arguments.
func (l Lang) word(key string) string {
	if l < numLangs {
		if w, ok := bundles[l].words[key]; ok {
			return w
		}
	}
	return l.render(key, nil, nil)
}

// data is the template data of a message: each argument as a value whose
// methods give its grammatical forms ({{.Card.Acc}}, {{.N.Cards}}); counts
// in words when spoken.
func data(l Lang, a *msg.Args, spoken bool) map[string]any {
	d := make(map[string]any, 13)
	setName(d, l, "Player", a.Player)
	setName(d, l, "Other", a.Other)
	setName(d, l, "Next", a.Next)
	setString(d, "Value", a.Value)
	setString(d, "Text", a.Text)
	setString(d, "Path", a.Path)
	setString(d, "Command", a.Command)
	if !a.Time.IsZero() {
		d["Time"] = a.Time.Local().Format(timeLayout)
	}
	if present(a.Card) {
		d["Card"] = Card{l, a.Card}
	}
	if present(a.Top) {
		d["Top"] = Card{l, a.Top}
	}
	if a.Color != cards.NoColor {
		d["Color"] = Color{l, a.Color}
	}
	d["N"], d["K"] = Count{l, a.N, spoken}, Count{l, a.K, spoken}
	d["Btn"] = Buttons{l, spoken}
	if a.Rule != "" {
		d["Rule"] = Rule{l, a.Rule}
	}
	if len(a.Names) > 0 {
		d["Names"] = Names{l, a.Names}
	}
	return d
}

// timeLayout is how a sentence shows a time: the same in every language,
// as the history pages show a game's start.
const timeLayout = "2006-01-02 15:04"

// setString sets d[k] to v unless v is empty: an absent argument shows as
// a template gap, which the tests catch.
func setString(d map[string]any, k, v string) {
	if v != "" {
		d[k] = v
	}
}

// setName sets d[k] to the player's name v unless v is empty.
func setName(d map[string]any, l Lang, k, v string) {
	if v != "" {
		d[k] = Name{l, v}
	}
}

// Buttons are the labels of the referee's buttons as a template argument,
// in every message: {{.Btn.Challenge}} is what the button says in the
// language (page.button.*, printed on the box's labels too), so a
// sentence that says "press CHALLENGE" names the very word on the button.
// Spoken, a label is said as words ("пас ок"): a speech synthesiser
// spells out a word in capitals (ПАС is «пэ-а-эс»).
type Buttons struct {
	l      Lang
	spoken bool
}

func (b Buttons) Uno() string       { return b.label("page.button.uno") }
func (b Buttons) Draw() string      { return b.label("page.button.draw") }
func (b Buttons) Pass() string      { return b.label("page.button.pass") }
func (b Buttons) Challenge() string { return b.label("page.button.challenge") }

func (b Buttons) label(key string) string {
	w := b.l.word(key)
	if b.spoken {
		w = strings.ReplaceAll(strings.ToLower(w), "/", " ")
	}
	return w
}

// present reports whether c is a card: a number card always has a colour.
func present(c cards.Card) bool { return c != cards.Card{} }

// Rule is a preset or option name as a template argument: {{.Rule}} is its
// short name in the language, {{.Rule.Code}} the word of the rules line.
type Rule struct {
	l    Lang
	name string
}

func (r Rule) String() string { return r.l.word("rules.name." + r.name) }
func (r Rule) Code() string   { return r.name }

// Names are players as a template argument: {{.Names}} lists them as the
// language does ("Ann, Ben and Cy"); names never change form.
type Names struct {
	l     Lang
	names []string
}

func (n Names) String() string { return n.l.andList(n.names) }

// andList joins words as the language lists them: "a, b and c".
func (l Lang) andList(parts []string) string {
	if len(parts) == 1 {
		return parts[0]
	}
	head := strings.Join(parts[:len(parts)-1], ", ")
	return l.render("list.and", map[string]any{"Head": head, "Last": parts[len(parts)-1]}, nil)
}
