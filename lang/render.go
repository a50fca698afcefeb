package lang

import (
	"bytes"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/lang/msg"
	"golang.org/x/text/feature/plural"
)

// Render is m in l. A key with plural forms takes the form of m.Args.N
// ("2 игры", "5 игр"). A key missing from l's catalog renders as the key,
// so a gap shows and never stops the referee.
func (l Lang) Render(m msg.Msg) string {
	var buf [128]byte
	return string(l.AppendRender(buf[:0], &m))
}

// Known is key in l with no arguments, and whether l's catalog has it:
// for a name the catalog may not have yet (a preset, a refusal code), which
// its caller then shows as it is.
func (l Lang) Known(key string) (string, bool) {
	if l.book().msgs[key] == nil {
		return "", false
	}
	return l.Render(msg.Msg{Key: key}), true
}

// AppendRender appends m in l to dst, as Render says it.
func (l Lang) AppendRender(dst []byte, m *msg.Msg) []byte { return l.appendRender(dst, m, false) }

// appendRender is AppendRender, with counts in words when spoken (see
// Spoken). Armenian's euphony is applied to what the message appended.
func (l Lang) appendRender(dst []byte, m *msg.Msg, spoken bool) []byte {
	b := l.book()
	cm := b.msgs[m.Key]
	switch {
	case cm == nil:
		return append(dst, m.Key...)
	case cm.plain:
		return append(dst, cm.src...)
	}
	at := len(dst)
	dst = b.appendMsg(dst, m.Key, cm, &data{args: &m.Args, spoken: spoken}, m.Args.N, cm.plural)
	l.euphonize(dst[at:])
	return dst
}

// Sentence renders the clauses of s in l as one sentence, with a capital
// and no full stop.
func (l Lang) Sentence(s msg.Sentence) string {
	var buf [256]byte
	return string(l.AppendSentence(buf[:0], s))
}

// AppendSentence appends the sentence of s in l to dst, as Sentence says
// it: the replay's writers render straight into their line.
func (l Lang) AppendSentence(dst []byte, s msg.Sentence) []byte {
	return l.appendSentence(dst, s, false)
}

// appendSentence is AppendSentence, with counts in words when spoken.
// Euphony is applied once more to the whole sentence, where one clause
// meets the next.
func (l Lang) appendSentence(dst []byte, s msg.Sentence, spoken bool) []byte {
	start := len(dst)
	for i := range s {
		mark := len(dst)
		if mark > start {
			dst = append(dst, ' ')
		}
		at := len(dst)
		dst = l.appendRender(dst, &s[i], spoken)
		switch {
		case len(dst) == at:
			dst = dst[:mark] // an empty clause: no space for it
		case at > mark && startsWithPunct(dst[at:]):
			dst = append(dst[:mark], dst[at:]...)
		}
	}
	l.euphonize(dst[start:])
	return appendCapital(dst, start)
}

// Capital is s with its first letter in upper case, in any script.
func Capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || unicode.IsUpper(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// appendCapital is Capital on dst[start:], in place when the capital
// takes as many bytes as the letter (every script the referee speaks).
func appendCapital(dst []byte, start int) []byte {
	r, n := utf8.DecodeRune(dst[start:])
	if n == 0 || unicode.IsUpper(r) {
		return dst
	}
	u := unicode.ToUpper(r)
	if utf8.RuneLen(u) == n {
		utf8.EncodeRune(dst[start:], u)
		return dst
	}
	rest := string(dst[start+n:])
	return append(utf8.AppendRune(dst[:start], u), rest...)
}

// startsWithPunct reports whether a clause joins without a space: it
// begins with a comma, colon, semicolon or full stop (Armenian ։ too).
func startsWithPunct(s []byte) bool {
	r, _ := utf8.DecodeRune(s)
	return strings.ContainsRune(",.:;!?։", r)
}

// appendMsg appends the message key (compiled as cm) with the data d,
// picking the plural form of count if counted, as go-i18n's Localizer
// does: the form asked for, else the other form, else the key.
func (b *book) appendMsg(dst []byte, key string, cm *message, d *data, count int, counted bool) []byte {
	start := len(dst)
	f := plural.Other
	if counted {
		f = b.form(count)
	}
	if t := cm.forms[f]; t != nil {
		if out, ok := b.exec(dst, t, d); ok {
			return out
		}
	}
	if t := cm.forms[plural.Other]; f != plural.Other && t != nil {
		// go-i18n falls back to the other form, but an empty one still
		// leaves its error: the key.
		if out, ok := b.exec(dst[:start], t, d); ok && len(out) > start {
			return out
		}
	}
	return append(dst[:start], key...)
}

// exec appends t with the data d; false when t fails, as text/template
// fails on a method its value lacks.
func (b *book) exec(dst []byte, t *tmpl, d *data) ([]byte, bool) {
	switch {
	case t.bad:
		return dst, false
	case t.text != nil:
		var w bytes.Buffer
		if err := t.text.Execute(&w, d.templateData(b.l)); err != nil {
			return dst, false
		}
		return append(dst, w.Bytes()...), true
	}
	for i := range t.parts {
		p := &t.parts[i]
		dst = append(dst, p.lit...)
		if !p.hole {
			continue
		}
		var ok bool
		if dst, ok = b.appendValue(dst, d.lookup(p.name), p.method); !ok {
			return dst, false
		}
	}
	return dst, true
}

// render is the message key with the data d, as a string: a part of a
// message (a card's name, a list, a count), rendered for another.
//
// It calls renderPart through a variable. A direct call would close a
// loop (appendMsg, a card's name, render, appendMsg) in which the
// compiler's escape analysis gives up and moves the buffer of every
// Render and Sentence to the heap; through the variable only the parts'
// own data go there, and the parts are made once per language and card.
func (b *book) render(key string, d *data, count int, counted bool) string {
	return renderNested(b, key, d, count, counted)
}

// renderNested is (*book).renderPart; see render for why it is a
// variable, and set in init because renderPart reaches render.
var renderNested func(b *book, key string, d *data, count int, counted bool) string

func init() { renderNested = (*book).renderPart }

func (b *book) renderPart(key string, d *data, count int, counted bool) string {
	cm := b.msgs[key]
	switch {
	case cm == nil:
		return key
	case cm.plain:
		return cm.src
	}
	var buf [128]byte
	return string(b.appendMsg(buf[:0], key, cm, d, count, counted))
}

// word is a message without arguments, its key made of parts: a plain
// word is looked up without building the key.
func (b *book) word(k1, k2, k3 string) string {
	var buf [64]byte
	k := append(append(append(buf[:0], k1...), k2...), k3...)
	if cm := b.msgs[string(k)]; cm != nil && cm.plain {
		return cm.src
	}
	return b.render(string(k), &data{}, 0, false)
}

// A name is what a placeholder names: {{.Card}} is nameCard. The
// arguments of msg.Args and the button labels, then the parts' own (card
// names, lists, number words); any other name is never set.
type name uint8

const (
	nameUnknown name = iota
	namePlayer
	nameOther
	nameNext
	nameValue
	nameText
	namePath
	nameCommand
	nameTime
	nameCard
	nameTop
	nameColor
	nameN
	nameK
	nameRule
	nameNames
	nameBtn
	nameFace
	nameHead
	nameLast
	nameTens
	nameUnits
	nameHundreds
	nameRest
	numNames
)

// names are the names as templates write them.
var names = [numNames]string{"", "Player", "Other", "Next", "Value", "Text", "Path", "Command", "Time",
	"Card", "Top", "Color", "N", "K", "Rule", "Names", "Btn", "Face", "Head", "Last", "Tens", "Units", "Hundreds", "Rest"}

// nameOf is the name of each word of names.
var nameOf = func() map[string]name {
	m := make(map[string]name, numNames)
	for n := nameUnknown + 1; n < numNames; n++ {
		m[names[n]] = n
	}
	return m
}()

// A method is the form a placeholder asks of its argument:
// {{.Card.Acc}} is methodAcc. Each kind of value has some (see
// appendValue); any other fails the template, as text/template does.
type method uint8

const (
	methodNone method = iota
	methodUnknown
	methodString
	methodNom
	methodAcc
	methodGen
	methodIns
	methodDef
	methodDat
	methodAny
	methodFace
	methodCode
	methodPl
	methodCards
	methodPoints
	methodPlayers
	methodRounds
	methodMasc
	methodFem
	methodNeut
	methodFemAcc
	methodUno
	methodDraw
	methodPass
	methodChallenge
	numMethods
)

// methods are the methods as templates write them.
var methods = [numMethods]string{"", "", "String", "Nom", "Acc", "Gen", "Ins", "Def", "Dat", "Any", "Face", "Code", "Pl",
	"Cards", "Points", "Players", "Rounds", "Masc", "Fem", "Neut", "FemAcc", "Uno", "Draw", "Pass", "Challenge"}

func methodOf(s string) method {
	for m := methodString; m < numMethods; m++ {
		if methods[m] == s {
			return m
		}
	}
	return methodUnknown
}

// data is what a template's placeholders read: a message's arguments, or
// the few values of a part (a card's name, a list); neither for a word,
// whose placeholders are all absent. spoken asks for counts in words.
type data struct {
	args   *msg.Args
	vars   []bind
	spoken bool
}

// bind is a part's value for one name.
type bind struct {
	name name
	v    value
}

// A kind is what sort of argument a value is; each has the methods
// appendValue gives it.
type kind uint8

const (
	absent      kind = iota // not set: "<no value>", whatever the method
	text                    // a string as it is
	clock                   // a time, as timeLayout
	playerKind              // a player's name: Name
	cardKind                // a card: Card
	colorKind               // a colour: Color
	countKind               // a count: Count
	ruleKind                // a rule's name: Rule
	namesKind               // players listed: Names
	buttonsKind             // the buttons' labels: Buttons
)

// value is one argument of a template.
type value struct {
	kind   kind
	spoken bool // a count or a button said, not written
	s      string
	n      int
	card   cards.Card
	color  cards.Color
	list   []string
	t      time.Time
}

// str is s as a value; an empty string is absent: an argument left out
// shows as a gap, which the tests catch.
func str(s string) value {
	if s == "" {
		return value{}
	}
	return value{kind: text, s: s}
}

// player is a player's name as a value, absent when empty.
func player(s string) value {
	if s == "" {
		return value{}
	}
	return value{kind: playerKind, s: s}
}

// txt is s as a part's value: set, even when empty, as the parts' maps
// always set their keys.
func txt(s string) value { return value{kind: text, s: s} }

// lookup is the value of the name n.
func (d *data) lookup(n name) value {
	if d.args == nil {
		for i := range d.vars {
			if d.vars[i].name == n {
				return d.vars[i].v
			}
		}
		return value{}
	}
	a := d.args
	switch n {
	case namePlayer:
		return player(a.Player)
	case nameOther:
		return player(a.Other)
	case nameNext:
		return player(a.Next)
	case nameValue:
		return str(a.Value)
	case nameText:
		return str(a.Text)
	case namePath:
		return str(a.Path)
	case nameCommand:
		return str(a.Command)
	case nameTime:
		if !a.Time.IsZero() {
			return value{kind: clock, t: a.Time}
		}
	case nameCard:
		if present(a.Card) {
			return value{kind: cardKind, card: a.Card}
		}
	case nameTop:
		if present(a.Top) {
			return value{kind: cardKind, card: a.Top}
		}
	case nameColor:
		if a.Color != cards.NoColor {
			return value{kind: colorKind, color: a.Color}
		}
	case nameN:
		return value{kind: countKind, n: a.N, spoken: d.spoken}
	case nameK:
		return value{kind: countKind, n: a.K, spoken: d.spoken}
	case nameRule:
		if a.Rule != "" {
			return value{kind: ruleKind, s: a.Rule}
		}
	case nameNames:
		if len(a.Names) > 0 {
			return value{kind: namesKind, list: a.Names}
		}
	case nameBtn:
		return value{kind: buttonsKind, spoken: d.spoken}
	}
	return value{}
}

// noValue is what text/template prints for an absent argument.
const noValue = "<no value>"

// appendValue appends v in the form m asks; false when v has no such
// method. The methods are those of the types text/template saw (Name,
// Card, Color, Count, Rule, Names, Buttons; a string has none).
func (b *book) appendValue(dst []byte, v value, m method) ([]byte, bool) {
	if v.kind == absent {
		return append(dst, noValue...), true
	}
	plain := m == methodNone || m == methodString
	switch v.kind {
	case text:
		return append(dst, v.s...), m == methodNone
	case clock:
		return v.t.Local().AppendFormat(dst, timeLayout), m == methodNone
	case playerKind:
		switch m {
		case methodNone, methodString:
			return append(dst, v.s...), true
		case methodDef, methodGen, methodDat:
			return b.appendNameForm(dst, v.s, m), true
		}
	case cardKind:
		switch m {
		case methodNone, methodString, methodNom:
			return append(dst, b.cardName(v.card, nom)...), true
		case methodAcc:
			return append(dst, b.cardName(v.card, acc)...), true
		case methodGen:
			return append(dst, b.cardName(v.card, gen)...), true
		case methodIns:
			return append(dst, b.cardName(v.card, ins)...), true
		case methodAny:
			return append(dst, b.word("card.any.", face(v.card), "")...), true
		case methodFace:
			return append(dst, b.word("card.face.", face(v.card), ".nom")...), true
		case methodCode:
			return append(dst, v.card.String()...), true
		}
	case colorKind:
		switch m {
		case methodNone, methodString:
			return append(dst, b.word("color.", v.color.Code(), ".name")...), true
		case methodNom:
			return append(dst, b.colorCase(v.color, nom)...), true
		case methodAcc:
			return append(dst, b.colorCase(v.color, acc)...), true
		case methodGen:
			return append(dst, b.colorCase(v.color, gen)...), true
		case methodPl:
			return append(dst, b.word("color.", v.color.Code(), ".pl")...), true
		case methodCode:
			return append(dst, v.color.Code()...), true
		}
	case countKind:
		switch m {
		case methodNone, methodString, methodMasc:
			return b.appendNumber(dst, v.n, numMasc, v.spoken), true
		case methodFem:
			return b.appendNumber(dst, v.n, numFem, v.spoken), true
		case methodNeut:
			return b.appendNumber(dst, v.n, numNeut, v.spoken), true
		case methodFemAcc:
			return b.appendNumber(dst, v.n, numFemAcc, v.spoken), true
		case methodCards:
			return append(dst, b.count(countCards, v.n, v.spoken)...), true
		case methodPoints:
			return append(dst, b.count(countPoints, v.n, v.spoken)...), true
		case methodPlayers:
			return append(dst, b.count(countPlayers, v.n, v.spoken)...), true
		case methodRounds:
			return append(dst, b.count(countRounds, v.n, v.spoken)...), true
		}
	case ruleKind:
		switch {
		case plain:
			return append(dst, b.word("rules.name.", v.s, "")...), true
		case m == methodCode:
			return append(dst, v.s...), true
		}
	case namesKind:
		if plain {
			return append(dst, b.andList(v.list)...), true
		}
	case buttonsKind:
		if m >= methodUno && m <= methodChallenge {
			return append(dst, b.button(m, v.spoken)...), true
		}
	}
	return dst, false
}

// A noun is what a count counts: {{.N.Cards}} is countCards.
type noun uint8

const (
	countCards noun = iota
	countPoints
	countPlayers
	countRounds
	numNouns
)

// nounKeys are the nouns' keys, each with the plural forms of its noun.
var nounKeys = [numNouns]string{"count.cards", "count.points", "count.players", "count.rounds"}

// count is n with the noun in the plural form of n ("2 карты"; spoken,
// «две карты»). The written counts a game reaches are rendered once per
// language, when first asked: nearly every draw and penalty names one.
// The voice's are rendered each time: it says a sentence a second at most.
func (b *book) count(k noun, n int, spoken bool) string {
	if spoken || n < 0 || n >= formCache {
		return b.renderCount(k, n, spoken)
	}
	b.countsOnce[k].Do(func() {
		for i := range b.counts[k] {
			b.counts[k][i] = b.renderCount(k, i, false)
		}
	})
	return b.counts[k][n]
}

// renderCount renders count.NOUN with N = n, in the plural form of n; the
// template says which form of the number its noun needs ({{.N.FemAcc}}).
func (b *book) renderCount(k noun, n int, spoken bool) string {
	return b.render(nounKeys[k], &data{vars: []bind{{nameN, value{kind: countKind, n: n, spoken: spoken}}}}, n, true)
}

// button is the label of a button of the box (page.button.*), as the
// template's method names it; see Buttons.
func (b *book) button(m method, spoken bool) string {
	var w string
	switch m {
	case methodUno:
		w = b.word("page.button.uno", "", "")
	case methodDraw:
		w = b.word("page.button.draw", "", "")
	case methodPass:
		w = b.word("page.button.pass", "", "")
	default:
		w = b.word("page.button.challenge", "", "")
	}
	if spoken {
		w = strings.ReplaceAll(strings.ToLower(w), "/", " ")
	}
	return w
}

// timeLayout is how a sentence shows a time: the same in every language,
// as the history pages show a game's start.
const timeLayout = "2006-01-02 15:04"

// present reports whether c is a card: a number card always has a colour.
func present(c cards.Card) bool { return c != cards.Card{} }

// andList joins words as the language lists them: "a, b and c".
func (b *book) andList(parts []string) string {
	if len(parts) == 1 {
		return parts[0]
	}
	head := strings.Join(parts[:len(parts)-1], ", ")
	return b.render("list.and", &data{vars: []bind{{nameHead, txt(head)}, {nameLast, txt(parts[len(parts)-1])}}}, 0, false)
}

// templateData is d as the map text/template reads, for a template only
// text/template can run: each argument as a value whose methods give its
// forms, as go-i18n was given them.
func (d *data) templateData(l Lang) map[string]any {
	if d.args == nil && d.vars == nil {
		return nil
	}
	m := make(map[string]any, 13)
	for n := nameUnknown + 1; n < numNames; n++ {
		v := d.lookup(n)
		switch v.kind {
		case text:
			m[names[n]] = v.s
		case clock:
			m[names[n]] = v.t.Local().Format(timeLayout)
		case playerKind:
			m[names[n]] = Name{l, v.s}
		case cardKind:
			m[names[n]] = Card{l, v.card}
		case colorKind:
			m[names[n]] = Color{l, v.color}
		case countKind:
			m[names[n]] = Count{l, v.n, v.spoken}
		case ruleKind:
			m[names[n]] = Rule{l, v.s}
		case namesKind:
			m[names[n]] = Names{l, v.list}
		case buttonsKind:
			m[names[n]] = Buttons{l, v.spoken}
		}
	}
	return m
}

// Buttons are the labels of the referee's buttons as a template argument,
// in every message: {{.Btn.Challenge}} is what the button says in the
// language (page.button.*, printed on the box's labels too), so a
// sentence that says "press CHALLENGE" names the very word on the button.
// Spoken, a label is said as words ("пас ок"): a speech synthesiser
// spells out a word in capitals (ПАС is «пэ-а-эс»). {{.Btn}} alone is
// text/template's, as go-i18n printed it.
type Buttons struct {
	l      Lang
	spoken bool
}

func (b Buttons) Uno() string       { return b.l.book().button(methodUno, b.spoken) }
func (b Buttons) Draw() string      { return b.l.book().button(methodDraw, b.spoken) }
func (b Buttons) Pass() string      { return b.l.book().button(methodPass, b.spoken) }
func (b Buttons) Challenge() string { return b.l.book().button(methodChallenge, b.spoken) }
