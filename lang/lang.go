package lang

import (
	"bufio"
	"bytes"
	"embed"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
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

// langs is every language the referee speaks, in one table: its BCP 47
// tag as the referee writes it (the name of its file in locales/), the
// tag go-i18n and the matcher see (sr is sr-Latn there, because CLDR's
// default script for Serbian is Cyrillic), and its catalog, read and
// compiled when the language is first used: a command that speaks only
// English never parses the other five (issue 21: all six at start-up
// cost every command 16–40 ms and 9.6 MB).
var langs = [numLangs]struct {
	code string
	tag  language.Tag
	book func() *book
}{
	English:         {code: "en", tag: language.English},
	Russian:         {code: "ru", tag: language.Russian},
	Serbian:         {code: "sr", tag: language.MustParse("sr-Latn")},
	SerbianCyrillic: {code: "sr-Cyrl", tag: language.MustParse("sr-Cyrl")},
	Romanian:        {code: "ro", tag: language.Romanian},
	Armenian:        {code: "hy", tag: language.Armenian},
}

// init sets each language's loader: not in the table's literal, since
// load reads the table.
func init() {
	for l := range langs {
		langs[l].book = sync.OnceValue(func() *book { return load(Lang(l)) })
	}
}

//go:embed locales/*.toml
var files embed.FS

// book is l's catalog; a Lang out of range speaks English.
func (l Lang) book() *book {
	if l >= numLangs {
		l = English
	}
	return langs[l].book()
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
	return langs[l].code
}

// Tag is l as a language tag, for <html lang> and HTTP headers.
func (l Lang) Tag() language.Tag {
	if l >= numLangs {
		return language.English
	}
	return langs[l].tag
}

// Name is the name of l in l itself ("Русский"), for a language selector.
// The page's selector names every language: Name reads the one line of
// each catalog that holds it, and compiles no catalog but l's own when
// it is already in use.
func (l Lang) Name() string {
	if l < numLangs {
		if n := ownNames()[l]; n != "" {
			return n
		}
	}
	return l.Render(msg.Msg{Key: "lang.name"})
}

// ownNames are the languages' names as their catalogs write them, read
// from the line of the key lang.name alone ("" where there is none such,
// and Name renders the catalog).
var ownNames = sync.OnceValue(func() (names [numLangs]string) {
	for l := range langs {
		f, err := files.Open("locales/" + langs[l].code + ".toml")
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if !bytes.HasPrefix(sc.Bytes(), []byte(`"lang.name"`)) {
				continue
			}
			var kv map[string]string
			if err := toml.Unmarshal(sc.Bytes(), &kv); err == nil {
				names[l] = kv["lang.name"]
			}
			break
		}
		f.Close()
	}
	return names
})

// list is the tags of every language, for error messages.
func list() string {
	var codes []string
	for _, l := range langs {
		codes = append(codes, l.code)
	}
	return strings.Join(codes, ", ")
}

// Parse reads a language tag: one of the tags Languages lists, in any
// case, with _ or -; "sr-Latn" is sr. Anything else is an error wrapping
// ErrUnknown that lists the languages.
func Parse(s string) (Lang, error) {
	t := strings.ReplaceAll(strings.TrimSpace(s), "_", "-")
	for l := range langs {
		if strings.EqualFold(t, langs[l].code) {
			return Lang(l), nil
		}
	}
	if strings.EqualFold(t, "sr-Latn") {
		return Serbian, nil
	}
	return English, fmt.Errorf("lang: %w %q: want one of %s", ErrUnknown, s, list())
}

// matcher picks the best supported language for a list of wanted ones;
// made when a page first asks.
var matcher = sync.OnceValue(func() language.Matcher {
	tags := make([]language.Tag, numLangs)
	for l := range langs {
		tags[l] = langs[l].tag
	}
	return language.NewMatcher(tags)
})

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
	_, i, conf := matcher().Match(wanted...)
	if conf == language.No {
		return English
	}
	return Lang(i)
}

// Keys lists the keys of every whole message of the catalogs, sorted:
// not the parts of card names and lists, which render inside others. A
// test that renders every message (the OLED's) ranges over it.
func Keys() []string {
	var keys []string
	for k, m := range English.book().msgs {
		if !partRe.MatchString(m.src) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// partRe finds the placeholders only the card table and lists fill.
var partRe = regexp.MustCompile(`\{\{\s*\.(Face|Head|Last|List|Tens|Units|Hundreds|Rest)\b`)
