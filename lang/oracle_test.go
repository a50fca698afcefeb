package lang

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/lang/msg"
)

// oracle renders as package lang did before issue 21: go-i18n's
// Localizer running each template through text/template with a map of
// template data per message, with the grammar issue 24 added (Armenian
// name forms and euphony, the instrumental, counts in words when spoken,
// the buttons' labels). The tests below hold the compiled books to it,
// byte for byte.
type oracle struct {
	l      Lang
	loc    *i18n.Localizer
	words  map[string]string
	plural map[string]bool
}

func newOracle(t testing.TB, l Lang, buf []byte) *oracle {
	t.Helper()
	tag := langs[l].tag
	b := i18n.NewBundle(tag)
	msgs, err := b.ParseMessageBytes(tag, buf, toml.Unmarshal)
	if err != nil {
		t.Fatal(err)
	}
	o := &oracle{l: l, loc: i18n.NewLocalizer(b, tag.String()), words: map[string]string{}, plural: map[string]bool{}}
	for _, m := range msgs {
		if m.One == "" && m.Few == "" && m.Many == "" && !strings.Contains(m.Other, "{{") {
			o.words[m.ID] = m.Other
		}
		if m.One != "" || m.Few != "" || m.Many != "" {
			o.plural[m.ID] = true
		}
	}
	return o
}

func (o *oracle) Render(m msg.Msg) string { return o.renderMsg(m, false) }

func (o *oracle) renderMsg(m msg.Msg, spoken bool) string {
	var count any
	if w, ok := o.words[m.Key]; ok {
		return w
	}
	if o.plural[m.Key] {
		count = m.Args.N
	}
	return o.euphony(o.render(m.Key, o.data(&m.Args, spoken), count))
}

func (o *oracle) Sentence(s msg.Sentence) string { return o.sentence(s, false) }
func (o *oracle) Spoken(s msg.Sentence) string   { return o.sentence(s, true) }

func (o *oracle) sentence(s msg.Sentence, spoken bool) string {
	var b strings.Builder
	for _, m := range s {
		part := o.renderMsg(m, spoken)
		if part == "" {
			continue
		}
		if b.Len() > 0 && !startsWithPunct([]byte(part)) {
			b.WriteByte(' ')
		}
		b.WriteString(part)
	}
	return Capital(o.euphony(b.String()))
}

// armenianArticle finds the article -ը at the end of a word before a
// word that begins with a vowel.
var armenianArticle = regexp.MustCompile(`ը(\s+[աեէըիոօ])`)

func (o *oracle) euphony(s string) string {
	if o.l != Armenian || !strings.Contains(s, "ը") {
		return s
	}
	return armenianArticle.ReplaceAllString(s, "ն$1")
}

func (o *oracle) render(key string, d map[string]any, count any) string {
	s, err := o.loc.Localize(&i18n.LocalizeConfig{MessageID: key, TemplateData: d, PluralCount: count})
	if err != nil && s == "" {
		return key
	}
	return s
}

func (o *oracle) word(key string) string {
	if w, ok := o.words[key]; ok {
		return w
	}
	return o.render(key, nil, nil)
}

func (o *oracle) data(a *msg.Args, spoken bool) map[string]any {
	d := make(map[string]any, 13)
	set := func(k, v string) {
		if v != "" {
			d[k] = v
		}
	}
	setName := func(k, v string) {
		if v != "" {
			d[k] = oName{o, v}
		}
	}
	setName("Player", a.Player)
	setName("Other", a.Other)
	setName("Next", a.Next)
	set("Value", a.Value)
	set("Text", a.Text)
	set("Path", a.Path)
	set("Command", a.Command)
	if !a.Time.IsZero() {
		d["Time"] = a.Time.Local().Format(timeLayout)
	}
	if present(a.Card) {
		d["Card"] = oCard{o, a.Card}
	}
	if present(a.Top) {
		d["Top"] = oCard{o, a.Top}
	}
	if a.Color != cards.NoColor {
		d["Color"] = oColor{o, a.Color}
	}
	d["N"], d["K"] = oCount{o, a.N, spoken}, oCount{o, a.K, spoken}
	d["Btn"] = oButtons{o, spoken}
	if a.Rule != "" {
		d["Rule"] = oRule{o, a.Rule}
	}
	if len(a.Names) > 0 {
		d["Names"] = oNames{o, a.Names}
	}
	return d
}

type oName struct {
	o *oracle
	s string
}

func (n oName) String() string { return n.s }

func (n oName) Def() string {
	if n.o.l != Armenian {
		return n.s
	}
	r, _ := utf8.DecodeLastRuneInString(n.s)
	if strings.ContainsRune("աեէըիոօւaeiouyàáâäéèêëíîïóôöúùûüăâîаеёиоуыэюя", unicode.ToLower(r)) {
		return n.attach("ն", "ն")
	}
	return n.attach("ը", "ը")
}

func (n oName) Gen() string {
	if n.o.l != Armenian {
		return n.s
	}
	return n.attach(n.genEnding(), "ի")
}

func (n oName) Dat() string {
	if n.o.l != Armenian {
		return n.s
	}
	return n.attach(n.genEnding()+"ն", "ին")
}

func (n oName) genEnding() string {
	r, _ := utf8.DecodeLastRuneInString(n.s)
	switch r {
	case 'ա', 'ո', 'օ':
		if !strings.HasSuffix(n.s, "ու") {
			return "յի"
		}
	}
	return "ի"
}

func (n oName) attach(armenian, other string) string {
	r, _ := utf8.DecodeLastRuneInString(n.s)
	if unicode.Is(unicode.Armenian, r) {
		return n.s + armenian
	}
	return n.s + "-" + other
}

type oCard struct {
	o *oracle
	c cards.Card
}

func (c oCard) String() string { return c.form("nom") }
func (c oCard) Nom() string    { return c.form("nom") }
func (c oCard) Acc() string    { return c.form("acc") }
func (c oCard) Gen() string    { return c.form("gen") }
func (c oCard) Ins() string    { return c.form("ins") }
func (c oCard) Any() string    { return c.o.word("card.any." + face(c.c)) }
func (c oCard) Face() string   { return c.o.word("card.face." + face(c.c) + ".nom") }
func (c oCard) Code() string   { return c.c.String() }

func (c oCard) form(f string) string {
	o, k := c.o, face(c.c)
	faceName := o.word("card.face." + k + "." + f)
	switch {
	case c.c.Color == cards.NoColor:
		return faceName
	case c.c.IsWild():
		return o.render("card.named."+f, map[string]any{"Face": faceName, "Color": oColor{o, c.c.Color}}, nil)
	}
	gender := o.word("card.gender." + k)
	adj := o.word("color." + c.c.Color.Code() + "." + gender + "." + f)
	return o.render("card.coloured."+f, map[string]any{"Face": faceName, "Color": adj}, nil)
}

type oColor struct {
	o *oracle
	c cards.Color
}

func (c oColor) String() string { return c.o.word("color." + c.c.Code() + ".name") }
func (c oColor) Nom() string    { return c.agree("nom") }
func (c oColor) Acc() string    { return c.agree("acc") }
func (c oColor) Gen() string    { return c.agree("gen") }
func (c oColor) Pl() string     { return c.o.word("color." + c.c.Code() + ".pl") }
func (c oColor) Code() string   { return c.c.Code() }
func (c oColor) agree(f string) string {
	return c.o.word("color." + c.c.Code() + "." + c.o.word("card.gender.card") + "." + f)
}

type oCount struct {
	o      *oracle
	n      int
	spoken bool
}

func (c oCount) String() string  { return c.form("m") }
func (c oCount) Masc() string    { return c.form("m") }
func (c oCount) Fem() string     { return c.form("f") }
func (c oCount) Neut() string    { return c.form("n") }
func (c oCount) FemAcc() string  { return c.form("fa") }
func (c oCount) Cards() string   { return c.o.render("count.cards", map[string]any{"N": c}, c.n) }
func (c oCount) Points() string  { return c.o.render("count.points", map[string]any{"N": c}, c.n) }
func (c oCount) Players() string { return c.o.render("count.players", map[string]any{"N": c}, c.n) }
func (c oCount) Rounds() string  { return c.o.render("count.rounds", map[string]any{"N": c}, c.n) }

func (c oCount) form(f string) string {
	if !c.spoken {
		return strconv.Itoa(c.n)
	}
	o, n := c.o, c.n
	if n < 0 || n > 999 {
		return strconv.Itoa(n)
	}
	unit := func(n int, in bool) string {
		switch {
		case n == 1 && in:
			return o.word("num.1.in." + f)
		case n == 1, n == 2, n == 12:
			return o.word("num." + strconv.Itoa(n) + "." + f)
		}
		return o.word("num." + strconv.Itoa(n))
	}
	h, r := n/100, n%100
	var rest string
	switch {
	case r == 0 && h > 0:
	case r < 20:
		rest = unit(r, h > 0)
	case r%10 == 0:
		rest = o.word("num." + strconv.Itoa(r))
	default:
		rest = o.render("num.tens", map[string]any{"Tens": o.word("num." + strconv.Itoa(r/10*10)), "Units": unit(r%10, true)}, nil)
	}
	if h == 0 {
		return rest
	}
	hundreds := o.word("num." + strconv.Itoa(h*100))
	if rest == "" {
		return hundreds
	}
	return o.render("num.hundreds", map[string]any{"Hundreds": hundreds, "Rest": rest}, nil)
}

type oButtons struct {
	o      *oracle
	spoken bool
}

func (b oButtons) Uno() string       { return b.label("page.button.uno") }
func (b oButtons) Draw() string      { return b.label("page.button.draw") }
func (b oButtons) Pass() string      { return b.label("page.button.pass") }
func (b oButtons) Challenge() string { return b.label("page.button.challenge") }

func (b oButtons) label(key string) string {
	w := b.o.word(key)
	if b.spoken {
		w = strings.ReplaceAll(strings.ToLower(w), "/", " ")
	}
	return w
}

type oRule struct {
	o    *oracle
	name string
}

func (r oRule) String() string { return r.o.word("rules.name." + r.name) }
func (r oRule) Code() string   { return r.name }

type oNames struct {
	o     *oracle
	names []string
}

func (n oNames) String() string {
	if len(n.names) == 1 {
		return n.names[0]
	}
	head := strings.Join(n.names[:len(n.names)-1], ", ")
	return n.o.render("list.and", map[string]any{"Head": head, "Last": n.names[len(n.names)-1]}, nil)
}

// counts are the counts oracleArgs renders with, across the plural forms
// and the number words.
var counts = []int{0, 1, 2, 3, 4, 5, 11, 12, 14, 19, 20, 21, 22, 25, 30, 41, 99, 100, 101, 102, 111, 112, 120, 200, 212, 321,
	500, 999, 1000, 1001, 100001, -1, -2, -5}

// oracleArgs are arguments to render every key with: none, each alone,
// all of them, counts across the plural forms, every card and colour,
// rules lines and lists of every length.
func oracleArgs() []msg.Args {
	as := []msg.Args{{}, full}
	for _, a := range []msg.Args{
		{Player: "Ann"}, {Other: "Ben"}, {Next: "Cy"}, {Value: "stacking"}, {Text: "a < b & c"},
		{Path: "/data/j.db"}, {Command: "unoref restore"}, {Time: full.Time},
		{Rule: "stacking"}, {Rule: "no-such-rule"}, {Names: []string{"Ann"}}, {Names: []string{"Ann", "Ben"}}, {Names: full.Names},
		{Player: "Anna", Other: "Արամ", Next: "Աննա"}, {Player: "Սարո", Other: "Անի", Next: "Աշխու"}, {Player: "Аня", Other: "Օ"},
		{Color: cards.Color(9)}, {Card: cards.Card{Kind: cards.Number, Color: cards.Red, Number: 12}},
	} {
		as = append(as, a)
	}
	for _, n := range counts {
		a := full
		a.N, a.K = n, n+1
		as = append(as, a)
	}
	var all []cards.Card
	for _, nm := range cards.DeckNames {
		d, _ := cards.Deck(nm)
		all = append(all, d...)
	}
	for _, k := range []cards.Kind{cards.Wild, cards.WildDrawFour, cards.Heights} {
		for _, c := range cards.Colors {
			all = append(all, cards.Card{Kind: k, Color: c})
		}
	}
	for i, c := range all {
		a := full
		a.Card, a.Top, a.Color = c, all[(i*7+3)%len(all)], cards.Colors[i%4]
		as = append(as, a)
	}
	return as
}

// TestRenderAsGoI18n renders every key of every language with every
// argument set of oracleArgs, and sentences of them, both ways.
func TestRenderAsGoI18n(t *testing.T) {
	args := oracleArgs()
	keys := append(Keys(), "card.coloured.nom", "card.named.acc", "list.and", "rules.with", "no.such.key")
	for _, l := range Languages() {
		buf, err := files.ReadFile("locales/" + langs[l].code + ".toml")
		if err != nil {
			t.Fatal(err)
		}
		o := newOracle(t, l, buf)
		bad := 0
		for _, k := range keys {
			for i := range args {
				m := msg.Msg{Key: k, Args: args[i]}
				if got, want := l.Render(m), o.Render(m); got != want && bad < 10 {
					bad++
					t.Errorf("%s.Render(%v) = %q, go-i18n %q", l, m, got, want)
				}
			}
		}
		for i, k := range keys {
			s := msg.Sentence{{Key: k, Args: args[i%len(args)]}, {Key: keys[(i*31)%len(keys)], Args: args[(i*7)%len(args)]},
				{Key: "then.skip", Args: msg.Args{Player: "ben"}}, {Key: "next", Args: msg.Args{Player: "Ann"}}}
			if got, want := l.Sentence(s), o.Sentence(s); got != want && bad < 10 {
				bad++
				t.Errorf("%s.Sentence(%v) = %q, go-i18n %q", l, s.Keys(), got, want)
			}
			if got, want := l.Spoken(s), o.Spoken(s); got != want && bad < 10 {
				bad++
				t.Errorf("%s.Spoken(%v) = %q, go-i18n %q", l, s.Keys(), got, want)
			}
		}
		// Every key spoken, with every count.
		for _, k := range keys {
			for _, n := range counts {
				a := full
				a.N, a.K = n, n+1
				s := msg.Sentence{{Key: k, Args: a}}
				if got, want := l.Spoken(s), o.Spoken(s); got != want && bad < 10 {
					bad++
					t.Errorf("%s.Spoken(%s, N=%d) = %q, go-i18n %q", l, k, n, got, want)
				}
			}
		}
	}
}

// TestRenderTemplatesAsGoI18n: what the catalogs don't use yet renders
// as go-i18n rendered it too — a template text/template alone can run, a
// method a value lacks, a template that does not parse, plural forms
// missing, spaces inside the braces.
func TestRenderTemplatesAsGoI18n(t *testing.T) {
	const catalog = `
"if" = "{{if .Player}}{{.Player}} plays{{else}}nobody{{end}}"
"pipe" = "{{.Player | printf \"%q\"}} and {{.N}}"
"trim" = "a  {{- .Player}}"
"spaces" = "{{ .Player }} has {{  .N.String  }}"
"nomethod" = "{{.Player.Acc}}"
"nomethod.count" = "{{.N.Acc}}"
"absent.method" = "{{.Card.Acc}} {{.Nobody.Foo}}"
"lower" = "{{.player}}"
"broken" = "{{.Player"
"stray" = "}} {{.Player}}"
"only" = "{{.Player}}"
"empty.other" = { one = "one {{.N}}", other = "" }
"one.only" = { one = "one {{.N}}" }
"fails.one" = { one = "{{.N.Acc}}", other = "{{.N}} others" }
"fails.one.empty" = { one = "{{.N.Acc}}", other = "{{.Options}}" }
"count.cards" = { one = "{{.N}} card", other = "{{.N}} cards" }
"cards" = "{{.N.Cards}}"
"word" = "x"
"uses.word" = "{{.Rule}}"
"rules.name.x" = "{{.Player}} rule"
"names" = "{{.Player.Def}} {{.Other.Gen}} {{.Player.Dat}} {{.Player.String}}"
"names.bad" = "{{.Player.Acc}}"
"value.def" = "{{.Value.Def}}"
"ins" = "{{.Card.Ins}} {{.Top.Ins}}"
"color.ins" = "{{.Color.Ins}}"
"numbers" = "{{.N.Masc}} {{.N.Fem}} {{.N.Neut}} {{.N.FemAcc}} {{.K}} {{.N.Rounds}}"
"count.rounds" = { one = "{{.N.Masc}} round", other = "{{.N.Fem}} rounds" }
"count.points" = { one = "{{.N.Neut}} point", other = "{{.N.Cards}} points" }
"points" = "{{.N.Points}}"
"btn" = "{{.Btn}}"
"btn.if" = "{{if .Btn}}{{.Btn.Pass}}{{end}}"
"btn.labels" = "{{.Btn.Uno}}, {{.Btn.Draw}}, {{.Btn.Pass}}, {{.Btn.Challenge}}"
"btn.string" = "{{.Btn.String}}"
"page.button.uno" = "UNO"
"page.button.pass" = "PASS/OK"
"page.button.draw" = "{{.Player}} DRAW"
"num.1.m" = "one"
"num.1.f" = "uno"
"num.2.fa" = "dos"
"num.5" = "five"
"num.20" = "twenty"
"num.300" = "three hundred"
"num.tens" = "{{.Tens}}-{{.Units}}"
"num.hundreds" = "{{.Hundreds}} and {{.Rest}}"
"armenian" = "{{.Player.Def}} ընտրում է"
`
	l := English
	b, err := parse(l, []byte(catalog))
	if err != nil {
		t.Fatal(err)
	}
	o := newOracle(t, l, []byte(catalog))
	for _, key := range []string{"if", "pipe", "trim", "spaces", "nomethod", "nomethod.count", "absent.method", "lower", "broken",
		"stray", "only", "empty.other", "one.only", "fails.one", "fails.one.empty", "cards", "word", "uses.word", "missing",
		"names", "names.bad", "value.def", "ins", "color.ins", "numbers", "points", "btn", "btn.if", "btn.labels", "btn.string", "armenian"} {
		for _, a := range []msg.Args{{}, {Player: "Ann", N: 1, Rule: "x"}, {Player: "Ann", N: 5, Card: cards.Card{Kind: cards.Skip, Color: cards.Red}},
			{Player: "Աննա", Other: "Ann", Value: "v", N: 321, K: 1, Card: cards.Card{Kind: cards.Number, Color: cards.Blue, Number: 5},
				Top: cards.Card{Kind: cards.Wild, Color: cards.Red}, Color: cards.Green}} {
			m := msg.Msg{Key: key, Args: a}
			for _, spoken := range []bool{false, true} {
				if spoken && byTextTemplate(b, key) {
					// text/template's values read the language's own
					// catalog, not the test's: its number words differ.
					continue
				}
				got := renderWith(b, &m, spoken)
				want := o.renderMsg(m, spoken)
				if key == "btn" {
					// The buttons bare: the struct go-i18n was given,
					// printed by text/template (the oracle's holds a
					// pointer to itself).
					want = fmt.Sprint(Buttons{l, spoken})
				}
				if got != want {
					t.Errorf("Render(%v), spoken %v = %q, go-i18n %q", m, spoken, got, want)
				}
			}
		}
	}
	// Armenian's euphony, on a book of the test's own.
	hy, err := parse(Armenian, []byte(catalog))
	if err != nil {
		t.Fatal(err)
	}
	oh := newOracle(t, Armenian, []byte(catalog))
	for _, who := range []string{"Ann", "Anna", "Արամ", "Աննա"} {
		m := msg.Msg{Key: "armenian", Args: msg.Args{Player: who}}
		if got, want := renderWith(hy, &m, false), oh.Render(m); got != want {
			t.Errorf("hy Render(%v) = %q, go-i18n %q", m, got, want)
		}
	}
}

// byTextTemplate reports whether text/template runs a form of key in b.
func byTextTemplate(b *book, key string) bool {
	if cm := b.msgs[key]; cm != nil {
		for _, t := range cm.forms {
			if t != nil && t.text != nil {
				return true
			}
		}
	}
	return false
}

// renderWith is Lang.appendRender on a book of the test's own.
func renderWith(b *book, m *msg.Msg, spoken bool) string {
	cm := b.msgs[m.Key]
	switch {
	case cm == nil:
		return m.Key
	case cm.plain:
		return cm.src
	}
	out := b.appendMsg(nil, m.Key, cm, &data{args: &m.Args, spoken: spoken}, m.Args.N, cm.plural)
	b.l.euphonize(out)
	return string(out)
}

// TestPluralFormsAsGoI18n: the CLDR rule of x/text that picks a form is
// go-i18n's, for every language and every count a game can reach.
func TestPluralFormsAsGoI18n(t *testing.T) {
	const catalog = `"form" = { zero = "zero", one = "one", two = "two", few = "few", many = "many", other = "other" }`
	for _, l := range Languages() {
		b, err := parse(l, []byte(catalog))
		if err != nil {
			t.Fatal(err)
		}
		o := newOracle(t, l, []byte(catalog))
		for n := -1000; n <= 100000; n++ {
			m := msg.Msg{Key: "form", Args: msg.Args{N: n}}
			if got, want := renderWith(b, &m, false), o.Render(m); got != want {
				t.Fatalf("%s: form of %d = %s, go-i18n %s", l, n, got, want)
			}
		}
	}
}
