package lang

import (
	"fmt"
	"strings"
	"sync"
	"text/template"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/unoref/unoref/cards"
	"golang.org/x/text/feature/plural"
)

// book is one language's catalog, compiled: every message's templates
// cut once into text and placeholders, so that rendering a message is
// appending strings — no text/template, no map of template data, no
// reflection (issue 21: they were two thirds of `unoref replay --json`).
//
// The catalogs stay go-i18n TOML, read by go-i18n; what they mean is what
// go-i18n's Localizer made of them, byte for byte (TestRenderAsGoI18n
// renders every key of every language both ways): a missing key renders
// as the key, a template that fails as the key, a missing plural form as
// the other form, an absent argument as "<no value>". A template that uses
// more than {{.Name}} and {{.Name.Method}} (an if, a pipeline, the
// buttons' struct bare) is run by text/template as go-i18n runs it, only
// slower.
type book struct {
	l     Lang
	msgs  map[string]*message
	forms [formCache]plural.Form

	// The card names, made from the card table when a card is first
	// named (every verdict names one or two), and the colours agreeing
	// with the word for a card (color.C.GENDER.FORM).
	namesOnce  sync.Once
	cardNames  map[cards.Card][numCases]string
	colorAgree [numColors][numCases]string

	// The written counts with their nouns ("2 карты"), 0 to
	// formCache-1, made when a noun is first counted.
	countsOnce [numNouns]sync.Once
	counts     [numNouns][formCache]string
}

// message is one key's templates, by plural form.
type message struct {
	forms  [numForms]*tmpl // by plural.Form; nil where the catalog has none
	plural bool            // a form besides other: Render picks one by Args.N
	plain  bool            // no placeholder, no plural form: src is the message
	src    string          // the other form's source
}

// numForms are the CLDR plural forms, plural.Other to plural.Many.
const numForms = int(plural.Many) + 1

// formCache is how many counts have their plural form looked up once.
const formCache = 256

// tmpl is one template: text and placeholders, or a text/template.
type tmpl struct {
	parts []part
	text  *template.Template // what parts can't say, run by text/template; nil when parts say it
	bad   bool               // does not parse: renders as its key, as with go-i18n
}

// part is text, then a placeholder unless hole is false: {{.Name}} or
// {{.Name.Method}}.
type part struct {
	lit    string
	hole   bool
	name   name
	method method
}

// load reads and compiles l's catalog. The catalogs are embedded and
// tested: a broken one is a bug of the build, so it panics.
func load(l Lang) *book {
	code := langs[l].code
	buf, err := files.ReadFile("locales/" + code + ".toml")
	if err != nil {
		panic(err)
	}
	b, err := parse(l, buf)
	if err != nil {
		panic(fmt.Sprintf("lang: locales/%s.toml: %v", code, err))
	}
	return b
}

// parse compiles a catalog in go-i18n TOML for l.
func parse(l Lang, buf []byte) (*book, error) {
	msgs, err := i18n.ParseMessageBytes(buf, toml.Unmarshal)
	if err != nil {
		return nil, err
	}
	b := &book{l: l, msgs: make(map[string]*message, len(msgs))}
	for _, m := range msgs {
		cm := &message{src: m.Other}
		for f, src := range [numForms]string{plural.Other: m.Other, plural.Zero: m.Zero, plural.One: m.One,
			plural.Two: m.Two, plural.Few: m.Few, plural.Many: m.Many} {
			if src == "" {
				continue // go-i18n: no such form
			}
			cm.forms[f] = compile(src, m.LeftDelim, m.RightDelim)
			cm.plural = cm.plural || plural.Form(f) != plural.Other
		}
		cm.plain = !cm.plural && !strings.Contains(m.Other, "{{")
		b.msgs[m.ID] = cm
	}
	for n := range b.forms {
		b.forms[n] = plural.Cardinal.MatchPlural(langs[l].tag, n, 0, 0, 0, 0)
	}
	for c := range numColors {
		for f := range numCases {
			b.colorAgree[c][f] = b.agree(cards.Color(c), f)
		}
	}
	return b, nil
}

// form is the CLDR plural form of the count n in b's language. go-i18n
// counts a negative number as its absolute value.
func (b *book) form(n int) plural.Form {
	if n < 0 {
		n = -n
	}
	if n < formCache {
		return b.forms[n]
	}
	return plural.Cardinal.MatchPlural(langs[b.l].tag, n, 0, 0, 0, 0)
}

// compile cuts a template's source into parts, or leaves it to
// text/template with go-i18n's options.
func compile(src, left, right string) *tmpl {
	if left == "" && right == "" {
		if parts, ok := cut(src); ok {
			return &tmpl{parts: parts}
		}
	}
	if left == "" {
		left = "{{"
	}
	if right == "" {
		right = "}}"
	}
	if !strings.Contains(src, left) {
		return &tmpl{parts: []part{{lit: src}}} // go-i18n: no action, no template
	}
	t, err := template.New("").Delims(left, right).Option("missingkey=default").Parse(src)
	if err != nil {
		return &tmpl{bad: true}
	}
	return &tmpl{text: t}
}

// cut splits src at its actions, if each is {{.Name}} or {{.Name.Method}}
// (spaces allowed inside the braces, as text/template allows them).
func cut(src string) ([]part, bool) {
	var parts []part
	for {
		i := strings.Index(src, "{{")
		if i < 0 {
			if src != "" || len(parts) == 0 {
				parts = append(parts, part{lit: src})
			}
			return parts, true
		}
		j := strings.Index(src[i+2:], "}}")
		if j < 0 {
			return nil, false
		}
		n, m, ok := action(src[i+2 : i+2+j])
		if !ok {
			return nil, false
		}
		parts = append(parts, part{lit: src[:i], hole: true, name: n, method: m})
		src = src[i+2+j+2:]
	}
}

// action reads the inside of {{…}}: .Name or .Name.Method, nothing else
// (a trim marker, a pipeline, a function, a comment: text/template's).
func action(a string) (name, method, bool) {
	a = strings.Trim(a, " ")
	if strings.HasPrefix(a, "- ") || strings.HasSuffix(a, " -") || !strings.HasPrefix(a, ".") {
		return 0, 0, false
	}
	field, meth, two := strings.Cut(a[1:], ".")
	if !identifier(field) || two && !identifier(meth) {
		return 0, 0, false
	}
	m := methodNone
	if two {
		m = methodOf(meth)
	}
	n := nameOf[field]
	if n == nameBtn && m == methodNone {
		return 0, 0, false // the buttons bare: a struct, printed as text/template prints it
	}
	return n, m, true
}

// identifier reports whether s is a Go identifier of ASCII letters,
// digits and underscores, which is what the catalogs' names are.
func identifier(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}
