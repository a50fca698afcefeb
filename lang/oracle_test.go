package lang

import (
	"strconv"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/lang/msg"
)

// oracle renders as package lang did before issue 21: go-i18n's
// Localizer running each template through text/template with a map of
// template data per message. The tests below hold the compiled books to
// it, byte for byte.
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

func (o *oracle) Render(m msg.Msg) string {
	var count any
	if w, ok := o.words[m.Key]; ok {
		return w
	}
	if o.plural[m.Key] {
		count = m.Args.N
	}
	return o.render(m.Key, o.data(&m.Args), count)
}

func (o *oracle) Sentence(s msg.Sentence) string {
	var b strings.Builder
	for _, m := range s {
		part := o.Render(m)
		if part == "" {
			continue
		}
		if b.Len() > 0 && !startsWithPunct([]byte(part)) {
			b.WriteByte(' ')
		}
		b.WriteString(part)
	}
	return Capital(b.String())
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

func (o *oracle) data(a *msg.Args) map[string]any {
	d := make(map[string]any, 12)
	set := func(k, v string) {
		if v != "" {
			d[k] = v
		}
	}
	set("Player", a.Player)
	set("Other", a.Other)
	set("Next", a.Next)
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
	d["N"], d["K"] = oCount{o, a.N}, oCount{o, a.K}
	if a.Rule != "" {
		d["Rule"] = oRule{o, a.Rule}
	}
	d["Options"] = oOptions{o, a.Options}
	if len(a.Names) > 0 {
		d["Names"] = oNames{o, a.Names}
	}
	return d
}

type oCard struct {
	o *oracle
	c cards.Card
}

func (c oCard) String() string { return c.form("nom") }
func (c oCard) Nom() string    { return c.form("nom") }
func (c oCard) Acc() string    { return c.form("acc") }
func (c oCard) Gen() string    { return c.form("gen") }
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
	o *oracle
	n int
}

func (c oCount) String() string  { return strconv.Itoa(c.n) }
func (c oCount) Cards() string   { return c.o.render("count.cards", map[string]any{"N": c.n}, c.n) }
func (c oCount) Points() string  { return c.o.render("count.points", map[string]any{"N": c.n}, c.n) }
func (c oCount) Players() string { return c.o.render("count.players", map[string]any{"N": c.n}, c.n) }

type oRule struct {
	o    *oracle
	name string
}

func (r oRule) String() string { return r.o.word("rules.name." + r.name) }
func (r oRule) Code() string   { return r.name }

type oOptions struct {
	o     *oracle
	words []string
}

func (p oOptions) String() string {
	if len(p.words) == 0 {
		return ""
	}
	o := p.o
	parts := make([]string, len(p.words))
	for i, w := range p.words {
		if name, value, ok := strings.Cut(w, "="); ok {
			if _, err := strconv.Atoi(value); err != nil {
				value = o.word("rules.name." + value)
			}
			parts[i] = o.render("rules.setting", map[string]any{"Rule": o.word("rules.name." + name), "Value": value}, nil)
		} else if name, ok := strings.CutPrefix(w, "-"); ok {
			parts[i] = o.render("rules.without", map[string]any{"Rule": o.word("rules.name." + name)}, nil)
		} else {
			parts[i] = o.word("rules.name." + strings.TrimPrefix(w, "+"))
		}
	}
	return o.render("rules.with", map[string]any{"List": oNames{o, parts}.String()}, nil)
}

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

// oracleArgs are arguments to render every key with: none, each alone,
// all of them, counts across the plural forms, every card and colour,
// rules lines and lists of every length.
func oracleArgs() []msg.Args {
	as := []msg.Args{{}, full}
	for _, a := range []msg.Args{
		{Player: "Ann"}, {Other: "Ben"}, {Next: "Cy"}, {Value: "stacking"}, {Text: "a < b & c"},
		{Path: "/data/j.db"}, {Command: "unoref restore"}, {Time: full.Time},
		{Rule: "stacking"}, {Rule: "no-such-rule"}, {Options: []string{"+stacking"}}, {Options: full.Options},
		{Options: []string{"target=abc", "-nothing"}}, {Names: []string{"Ann"}}, {Names: []string{"Ann", "Ben"}}, {Names: full.Names},
		{Color: cards.Color(9)}, {Card: cards.Card{Kind: cards.Number, Color: cards.Red, Number: 12}},
	} {
		as = append(as, a)
	}
	for _, n := range []int{0, 1, 2, 3, 4, 5, 11, 12, 14, 19, 20, 21, 22, 25, 100, 101, 102, 111, 112, 120, 1000, 1001, 100001, -1, -2, -5} {
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
`
	l := English
	b, err := parse(l, []byte(catalog))
	if err != nil {
		t.Fatal(err)
	}
	o := newOracle(t, l, []byte(catalog))
	for _, key := range []string{"if", "pipe", "trim", "spaces", "nomethod", "nomethod.count", "absent.method", "lower", "broken",
		"stray", "only", "empty.other", "one.only", "fails.one", "fails.one.empty", "cards", "word", "uses.word", "missing"} {
		for _, a := range []msg.Args{{}, {Player: "Ann", N: 1, Rule: "x"}, {Player: "Ann", N: 5, Card: cards.Card{Kind: cards.Skip, Color: cards.Red}}} {
			m := msg.Msg{Key: key, Args: a}
			got := renderWith(b, &m)
			if want := o.Render(m); got != want {
				t.Errorf("Render(%v) = %q, go-i18n %q", m, got, want)
			}
		}
	}
}

// renderWith is Lang.AppendRender on a book of the test's own.
func renderWith(b *book, m *msg.Msg) string {
	cm := b.msgs[m.Key]
	switch {
	case cm == nil:
		return m.Key
	case cm.plain:
		return cm.src
	}
	return string(b.appendMsg(nil, m.Key, cm, &data{args: &m.Args}, m.Args.N, cm.plural))
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
			if got, want := renderWith(b, &m), o.Render(m); got != want {
				t.Fatalf("%s: form of %d = %s, go-i18n %s", l, n, got, want)
			}
		}
	}
}
