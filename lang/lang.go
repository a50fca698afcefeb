package lang

import (
	"embed"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/unoref/unoref/lang/msg"
	"golang.org/x/text/language"
)

// Lang is a language the referee speaks. The zero value is English.
type Lang uint8

// The languages, in the order Languages lists them.
const (
	English         Lang = iota // en, the default
	Russian                     // ru
	Serbian                     // sr, Latin script as seed 002's leaflet writes it
	SerbianCyrillic             // sr-Cyrl, generated from sr.toml
	Romanian                    // ro
	Armenian                    // hy
	numLangs
)

// ErrUnknown is wrapped by the error of Parse for a language the referee
// does not speak.
var ErrUnknown = errors.New("unknown language")

// codes are the BCP 47 tags, also the names of the files in locales/.
var codes = [numLangs]string{"en", "ru", "sr", "sr-Cyrl", "ro", "hy"}

// tags are the tags go-i18n and the matcher see: sr is written sr-Latn
// there, because CLDR's default script for Serbian is Cyrillic.
var tags = [numLangs]language.Tag{
	language.English,
	language.Russian,
	language.MustParse("sr-Latn"),
	language.MustParse("sr-Cyrl"),
	language.Romanian,
	language.Armenian,
}

//go:embed locales/*.toml
var files embed.FS

// bundle is one language: its go-i18n localizer, the messages with no
// argument and no plural, looked up without a template, and the keys with
// plural forms, which Render picks by Args.N.
type bundle struct {
	loc    *i18n.Localizer
	words  map[string]string
	plural map[string]bool
}

// bundles holds one go-i18n bundle per language: a language never falls
// back to another's words (the completeness test keeps every catalog
// whole), and sr and sr-Cyrl are never confused by a matcher.
var bundles = func() [numLangs]bundle {
	var cs [numLangs]bundle
	for l := range numLangs {
		buf, err := files.ReadFile("locales/" + codes[l] + ".toml")
		if err != nil {
			panic(err)
		}
		b := i18n.NewBundle(tags[l])
		msgs, err := b.ParseMessageBytes(tags[l], buf, toml.Unmarshal)
		if err != nil {
			panic(fmt.Sprintf("lang: locales/%s.toml: %v", codes[l], err))
		}
		cs[l] = bundle{loc: i18n.NewLocalizer(b, tags[l].String()), words: plainWords(msgs), plural: pluralKeys(msgs)}
	}
	return cs
}()

// plainWords are the messages that are a plain string: no template action,
// no plural form.
func plainWords(msgs []*i18n.Message) map[string]string {
	words := make(map[string]string, len(msgs))
	for _, m := range msgs {
		if m.One == "" && m.Few == "" && m.Many == "" && !strings.Contains(m.Other, "{{") {
			words[m.ID] = m.Other
		}
	}
	return words
}

// pluralKeys are the messages with plural forms (one, few, many).
func pluralKeys(msgs []*i18n.Message) map[string]bool {
	keys := make(map[string]bool)
	for _, m := range msgs {
		if m.One != "" || m.Few != "" || m.Many != "" {
			keys[m.ID] = true
		}
	}
	return keys
}

// Languages lists every language the referee speaks, English first.
func Languages() []Lang {
	ls := make([]Lang, numLangs)
	for i := range ls {
		ls[i] = Lang(i)
	}
	return ls
}

// String is the tag of l ("en", "sr-Cyrl").
func (l Lang) String() string {
	if l >= numLangs {
		return fmt.Sprintf("Lang(%d)", uint8(l))
	}
	return codes[l]
}

// Tag is l as a language tag, for <html lang> and HTTP headers.
func (l Lang) Tag() language.Tag {
	if l >= numLangs {
		return language.English
	}
	return tags[l]
}

// Name is the name of l in l itself ("Русский"), for a language selector.
func (l Lang) Name() string { return l.Render(msg.Msg{Key: "lang.name"}) }

// list is the tags of every language, for error messages.
func list() string { return strings.Join(codes[:], ", ") }

// Parse reads a language tag: one of the tags Languages lists, in any
// case, with _ or -; "sr-Latn" is sr. Anything else is an error wrapping
// ErrUnknown that lists the languages.
func Parse(s string) (Lang, error) {
	t := strings.ReplaceAll(strings.TrimSpace(s), "_", "-")
	for l, c := range codes {
		if strings.EqualFold(t, c) {
			return Lang(l), nil
		}
	}
	if strings.EqualFold(t, "sr-Latn") {
		return Serbian, nil
	}
	return English, fmt.Errorf("lang: %w %q: want one of %s", ErrUnknown, s, list())
}

// matcher picks the best supported language for a list of wanted ones.
var matcher = language.NewMatcher(tags[:])

// Match is the best language for an HTTP Accept-Language header, English
// when none fits. A bare "sr" is Serbian in Latin script, as Parse reads it.
func Match(acceptLanguage string) Lang {
	wanted, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(wanted) == 0 {
		return English
	}
	if b, s, _ := wanted[0].Raw(); b.String() == "sr" && s.String() == "Zzzz" {
		return Serbian
	}
	_, i, conf := matcher.Match(wanted...)
	if conf == language.No {
		return English
	}
	return Lang(i)
}

// Keys lists the keys of every whole message of the catalogs, sorted:
// not the parts of card names and lists, which render inside others. A
// test that renders every message (the OLED's) ranges over it.
func Keys() []string {
	buf, err := files.ReadFile("locales/en.toml")
	if err != nil {
		panic(err)
	}
	msgs, err := i18n.ParseMessageBytes(buf, toml.Unmarshal)
	if err != nil {
		panic(err)
	}
	var keys []string
	for _, m := range msgs {
		if !partRe.MatchString(m.Other) {
			keys = append(keys, m.ID)
		}
	}
	slices.Sort(keys)
	return keys
}

// partRe finds the placeholders only the card table and lists fill.
var partRe = regexp.MustCompile(`\{\{\s*\.(Face|Head|Last|List|Tens|Units|Hundreds|Rest)\b`)
