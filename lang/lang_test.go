package lang

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/google/go-cmp/cmp"
	"github.com/nicksnyder/go-i18n/v2/i18n"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/lang/msg"
)

// catalog reads a language's file: every key with the argument names
// its templates use, over all plural forms.
func catalog(t *testing.T, l Lang) map[string][]string {
	t.Helper()
	buf, err := files.ReadFile("locales/" + langs[l].code + ".toml")
	if err != nil {
		t.Fatal(err)
	}
	msgs, err := i18n.ParseMessageBytes(buf, toml.Unmarshal)
	if err != nil {
		t.Fatalf("locales/%s.toml: %v", langs[l].code, err)
	}
	m := make(map[string][]string, len(msgs))
	for _, msg := range msgs {
		var args []string
		for _, src := range []string{msg.Zero, msg.One, msg.Two, msg.Few, msg.Many, msg.Other} {
			args = append(args, placeholders(src)...)
		}
		slices.Sort(args)
		m[msg.ID] = slices.Compact(args)
	}
	return m
}

var fieldRe = regexp.MustCompile(`\{\{[^}]*?\.([A-Z][A-Za-z]*)`)

// placeholders are the argument names a template uses: {{.Card.Acc}} uses Card.
func placeholders(src string) []string {
	var out []string
	for _, m := range fieldRe.FindAllStringSubmatch(src, -1) {
		out = append(out, m[1])
	}
	return out
}

// TestCatalogsComplete: every language has every English key, no other
// key, and each with the same arguments as English (no missing or extra
// placeholder).
func TestCatalogsComplete(t *testing.T) {
	en := catalog(t, English)
	for _, l := range Languages()[1:] {
		t.Run(l.String(), func(t *testing.T) {
			got := catalog(t, l)
			for k, want := range en {
				args, ok := got[k]
				if !ok {
					t.Errorf("%s: key %q is missing", l, k)
					continue
				}
				if diff := cmp.Diff(want, args); diff != "" {
					t.Errorf("%s: key %q arguments differ from English (-en +%s):\n%s", l, k, l, diff)
				}
			}
			for k := range got {
				if _, ok := en[k]; !ok {
					t.Errorf("%s: key %q is not in English", l, k)
				}
			}
		})
	}
}

// full are arguments for every placeholder, with long names.
var full = msg.Args{
	Player: "Maximilian-Alexander", Other: "Анастасия-Виктория", Next: "Ծովինար-Անահիտ",
	Card: cards.Card{Kind: cards.Number, Color: cards.Red, Number: 7}, Top: cards.Card{Kind: cards.Number, Color: cards.Blue, Number: 8},
	Color: cards.Green, N: 21, K: 3, Rule: "stacking", Value: "deflect-draw-two",
	Text:  "a, b",
	Names: []string{"Maximilian-Alexander", "Анастасия-Виктория", "Ծովինար-Անահիտ"},
	Path:  "/var/lib/unoref/journal.db", Command: "unoref restore --data /var/lib/unoref",
	Time: time.Date(2026, 11, 25, 21, 5, 0, 0, time.Local),
}

// TestRenderEveryKey renders every key of every language with every
// argument set: nothing may come out empty, as the key, or with a
// template gap.
func TestRenderEveryKey(t *testing.T) {
	for _, l := range Languages() {
		for k, args := range catalog(t, English) {
			if slices.ContainsFunc(args, inner) {
				continue // a part of a card name or a list: rendered inside others
			}
			got := l.Render(msg.Msg{Key: k, Args: full})
			if got == "" || got == k || strings.Contains(got, "<no value>") || strings.Contains(got, "{{") {
				t.Errorf("%s.Render(%q) = %q, want a sentence", l, k, got)
			}
		}
	}
}

// inner reports whether a placeholder is one of the card table's and the
// list's own, which Render never fills.
func inner(arg string) bool {
	return slices.Contains([]string{"Face", "Head", "Last", "List", "Tens", "Units", "Hundreds", "Rest"}, arg)
}

// TestCardNames renders every card of every deck in every form: every
// name comes from the table, never a key.
func TestCardNames(t *testing.T) {
	var all []cards.Card
	for _, nm := range cards.DeckNames {
		d, err := cards.Deck(nm)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, d...)
	}
	all = append(all, cards.Card{Kind: cards.Wild, Color: cards.Red}, cards.Card{Kind: cards.WildDrawFour, Color: cards.Blue})
	for _, l := range Languages() {
		for _, c := range all {
			a := Card{l, c}
			for _, got := range []string{a.Nom(), a.Acc(), a.Gen(), a.Any(), a.Face()} {
				if got == "" || strings.Contains(got, "card.") || strings.Contains(got, "color.") || strings.Contains(got, "<no value>") {
					t.Errorf("%s: name of %v = %q", l, c, got)
				}
			}
		}
	}
}

func TestCardForms(t *testing.T) {
	red7 := cards.Card{Kind: cards.Number, Color: cards.Red, Number: 7}
	blue5 := cards.Card{Kind: cards.Number, Color: cards.Blue, Number: 5}
	tests := []struct {
		l    Lang
		c    cards.Card
		form func(Card) string
		want string
	}{
		{English, red7, Card.Nom, "Red 7"},
		{English, cards.Card{Kind: cards.Number, Color: cards.Red, Number: 8}, Card.Any, "an 8"},
		{English, cards.Card{Kind: cards.Wild, Color: cards.Blue}, Card.Acc, "Wild (blue)"},
		{Russian, red7, Card.Nom, "красная семёрка"},
		{Russian, red7, Card.Acc, "красную семёрку"},
		{Russian, blue5, Card.Acc, "голубую пятёрку"},
		{Russian, red7, Card.Gen, "красной семёрки"},
		{Russian, cards.Card{Kind: cards.Number, Color: cards.Green, Number: 0}, Card.Gen, "зелёного ноля"},
		{Serbian, red7, Card.Acc, "crvenu sedmicu"},
		{SerbianCyrillic, red7, Card.Acc, "црвену седмицу"},
		{Romanian, red7, Card.Nom, "7 roșu"},
		{Armenian, red7, Card.Nom, "կարմիր 7"},
	}
	for _, tt := range tests {
		if got := tt.form(Card{tt.l, tt.c}); got != tt.want {
			t.Errorf("%s: form of %v = %q, want %q", tt.l, tt.c, got, tt.want)
		}
	}
}

// TestCounts: numbers of cards always come with the noun, in the plural
// form CLDR gives each language.
func TestCounts(t *testing.T) {
	tests := []struct {
		l    Lang
		want map[int]string
	}{
		{Russian, map[int]string{1: "1 карту", 2: "2 карты", 5: "5 карт", 11: "11 карт", 21: "21 карту", 22: "22 карты"}},
		{Serbian, map[int]string{1: "1 kartu", 2: "2 karte", 5: "5 karata", 11: "11 karata", 21: "21 kartu", 22: "22 karte"}},
		{SerbianCyrillic, map[int]string{1: "1 карту", 2: "2 карте", 5: "5 карата", 21: "21 карту"}},
		{Romanian, map[int]string{1: "1 carte", 2: "2 cărți", 19: "19 cărți", 20: "20 de cărți", 101: "101 cărți", 120: "120 de cărți"}},
		{Armenian, map[int]string{0: "0 քարտ", 1: "1 քարտ", 2: "2 քարտ"}},
		{English, map[int]string{1: "1 card", 2: "2 cards"}},
	}
	for _, tt := range tests {
		for n, want := range tt.want {
			if got := (Count{tt.l, n, false}).Cards(); got != want {
				t.Errorf("%s: Count(%d).Cards() = %q, want %q", tt.l, n, got, want)
			}
		}
	}
}

// TestRenderPlural: a key with plural forms of its own takes the form of
// Args.N, by the language's CLDR rule.
func TestRenderPlural(t *testing.T) {
	tests := []struct {
		l    Lang
		want map[int]string
	}{
		{Russian, map[int]string{1: "1 игра", 2: "2 игры", 5: "5 игр", 11: "11 игр", 21: "21 игра", 0: "0 игр"}},
		{Serbian, map[int]string{1: "1 igra", 3: "3 igre", 5: "5 igara", 21: "21 igra"}},
		{SerbianCyrillic, map[int]string{1: "1 игра", 3: "3 игре", 5: "5 игара"}},
		{Romanian, map[int]string{1: "1 joc", 2: "2 jocuri", 20: "20 de jocuri"}},
		{Armenian, map[int]string{1: "1 խաղ", 2: "2 խաղ"}},
		{English, map[int]string{0: "0 games", 1: "1 game", 2: "2 games"}},
	}
	for _, tt := range tests {
		for n, want := range tt.want {
			if got := tt.l.Render(msg.Msg{Key: "page.fam.games", Args: msg.Args{N: n}}); got != want {
				t.Errorf("%s.Render(page.fam.games, %d) = %q, want %q", tt.l, n, got, want)
			}
		}
	}
}

// TestPluralRules checks the CLDR rule each language's tag gets from
// go-i18n, with a message whose forms are their own names.
func TestPluralRules(t *testing.T) {
	tests := []struct {
		l    Lang
		want map[int]string
	}{
		{Russian, map[int]string{1: "one", 2: "few", 5: "many", 11: "many", 21: "one", 22: "few"}},
		{Serbian, map[int]string{1: "one", 2: "few", 5: "other", 11: "other", 21: "one", 22: "few"}},
		{SerbianCyrillic, map[int]string{1: "one", 2: "few", 5: "other", 21: "one"}},
		{Romanian, map[int]string{1: "one", 2: "few", 20: "other", 101: "few"}},
		{Armenian, map[int]string{0: "one", 1: "one", 2: "other"}},
		{English, map[int]string{0: "other", 1: "one", 2: "other"}},
	}
	for _, tt := range tests {
		tag := tt.l.Tag()
		b := i18n.NewBundle(tag)
		b.MustAddMessages(tag, &i18n.Message{ID: "form", One: "one", Few: "few", Many: "many", Other: "other"})
		loc := i18n.NewLocalizer(b, tag.String())
		for n, want := range tt.want {
			got, err := loc.Localize(&i18n.LocalizeConfig{MessageID: "form", PluralCount: n})
			if err != nil || got != want {
				t.Errorf("%s: plural form of %d = %q (%v), want %q", tt.l, n, got, err, want)
			}
		}
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want Lang
	}{
		{"en", English}, {"ru", Russian}, {"sr", Serbian}, {"sr-Latn", Serbian}, {"sr-Cyrl", SerbianCyrillic},
		{"sr_cyrl", SerbianCyrillic}, {"RO", Romanian}, {"hy", Armenian},
	}
	for _, tt := range tests {
		if got, err := Parse(tt.in); err != nil || got != tt.want {
			t.Errorf("Parse(%q) = %v, %v, want %v", tt.in, got, err, tt.want)
		}
	}
	_, err := Parse("de")
	if err == nil || !strings.Contains(err.Error(), "en, ru, sr, sr-Cyrl, ro, hy") {
		t.Errorf("Parse(%q) = %v, want an error listing the languages", "de", err)
	}
}

func TestMatch(t *testing.T) {
	tests := []struct {
		in   string
		want Lang
	}{
		{"", English},
		{"ru-RU,ru;q=0.9,en;q=0.8", Russian},
		{"de-DE,de;q=0.9", English},
		{"de-DE,ro;q=0.5", Romanian},
		{"sr-Latn-RS", Serbian},
		{"sr-Cyrl-RS,sr;q=0.9", SerbianCyrillic},
		{"sr", Serbian},
		{"hy-AM", Armenian},
		{"en-GB", English},
		{"garbage;;;", English},
	}
	for _, tt := range tests {
		if got := Match(tt.in); got != tt.want {
			t.Errorf("Match(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestSentence(t *testing.T) {
	s := msg.Sentence{
		{Key: "uno.missed.first", Args: msg.Args{Player: "Cy", N: 2}},
		{Key: "play", Args: msg.Args{Player: "ann", Card: cards.Card{Kind: cards.Skip, Color: cards.Red}}},
		{Key: "then.skip", Args: msg.Args{Player: "Ben"}},
		{Key: "next", Args: msg.Args{Player: "Cy"}},
	}
	tests := []struct {
		l    Lang
		want string
	}{
		{English, "Cy forgot to say UNO and draws 2; ann plays Red Skip: Ben misses a turn and Cy is next"},
		{Russian, "Cy забывает сказать УНО и берёт 2 карты; ann кладёт красную карту «Пропусти ход»: Ben пропускает ход, дальше ходит Cy"},
	}
	for _, tt := range tests {
		if got := tt.l.Sentence(s); got != tt.want {
			t.Errorf("%s.Sentence(%v) = %q, want %q", tt.l, s.Keys(), got, tt.want)
		}
	}
}

func TestRulesWords(t *testing.T) {
	s := msg.Sentence{{Key: "setup.rules.official"}, {Key: "rules.set.uno-penalty", Args: msg.Args{N: 4}}, {Key: "rules.set.mistake-penalty", Args: msg.Args{N: 2}}, {Key: "rules.set.uno-enforcement.players"}}
	tests := []struct {
		l    Lang
		want string
	}{
		{English, "The game is played by the official rules; a forgotten UNO costs 4 cards; a mistake costs 2 cards; only the players catch a forgotten UNO"},
		{Russian, "Играем по официальным правилам; за забытое УНО — 4 карты; за ошибку — 2 карты; забытое УНО ловят игроки"},
	}
	for _, tt := range tests {
		if got := tt.l.Sentence(s); got != tt.want {
			t.Errorf("%s.Sentence(%v) = %q, want %q", tt.l, s.Keys(), got, tt.want)
		}
	}
}

// TestRenderConcurrently: the daemon's loop and the page render at the
// same time; the caches built on first use must allow it (go test -race).
func TestRenderConcurrently(t *testing.T) {
	m := msg.Msg{Key: "play", Args: msg.Args{Player: "Аня", Card: cards.Card{Kind: cards.Skip, Color: cards.Yellow}}}
	got := make([]string, 4*numLangs)
	done := make(chan struct{})
	for i := range got {
		go func() {
			defer func() { done <- struct{}{} }()
			got[i] = Lang(i % int(numLangs)).Render(m)
		}()
	}
	for range got {
		<-done
	}
	for i, g := range got {
		l := Lang(i % int(numLangs))
		if want := l.Render(m); g != want || strings.Contains(g, "card.") {
			t.Errorf("%s.Render(%v) concurrently = %q, want %q", l, m.Key, g, want)
		}
	}
}

// TestKeys: every whole message, and none of the parts rendered inside
// others.
func TestKeys(t *testing.T) {
	keys := Keys()
	for _, k := range []string{"play", "table.tie", "prompt.turn", "screen.round", "count.cards"} {
		if !slices.Contains(keys, k) {
			t.Errorf("Keys() lacks %q", k)
		}
	}
	for _, k := range []string{"card.coloured.nom", "card.named.acc", "list.and", "num.tens"} {
		if slices.Contains(keys, k) {
			t.Errorf("Keys() has the part %q", k)
		}
	}
}

// TestRenderDamagedJournal: the banner of a damaged journal keeps the
// path and the command as they are, and the copy's time in the one form
// of every language.
func TestRenderDamagedJournal(t *testing.T) {
	a := msg.Args{Path: "/data/journal.db", Command: "unoref restore --data /data", Time: time.Date(2026, 3, 7, 9, 5, 0, 0, time.Local)}
	for _, l := range Languages() {
		got := l.Render(msg.Msg{Key: "table.alert.damaged", Args: a})
		for _, want := range []string{"/data/journal.db", "`unoref restore --data /data`", "2026-03-07 09:05"} {
			if !strings.Contains(got, want) {
				t.Errorf("%s.Render(table.alert.damaged) = %q, want %q in it", l, got, want)
			}
		}
	}
}

// TestNames: each language's name, read from its catalog's one line, is
// the name its catalog renders.
func TestNames(t *testing.T) {
	for _, l := range Languages() {
		if got, want := l.Name(), l.Render(msg.Msg{Key: "lang.name"}); got != want || got == "lang.name" {
			t.Errorf("%s.Name() = %q, want %q", l, got, want)
		}
	}
}

// TestDecimal: an average is written with the language's decimal sign.
func TestDecimal(t *testing.T) {
	for l, want := range map[Lang]string{English: "9.5", Russian: "9,5", Serbian: "9,5", SerbianCyrillic: "9,5", Romanian: "9,5", Armenian: "9,5"} {
		if got := l.Decimal(9.46); got != want {
			t.Errorf("%s: Decimal(9.46) = %q, want %q", l, got, want)
		}
	}
}

// Known says whether a language's catalog has a key: a name it has is
// said in its words, one it lacks is not made up.
func TestKnown(t *testing.T) {
	for _, c := range []struct {
		l    Lang
		key  string
		want string
		ok   bool
	}{
		{Russian, "rules.name.official", "официальные", true},
		{English, "rules.name.house-ru", "Russian house rules", true},
		{Romanian, "decimal.point", ",", true},
		{Russian, "rules.name.chess", "", false},
		{Armenian, "page.fam.code.no-such-code", "", false},
	} {
		got, ok := c.l.Known(c.key)
		if got != c.want || ok != c.ok {
			t.Errorf("%s.Known(%q) = %q, %v; want %q, %v", c.l, c.key, got, ok, c.want, c.ok)
		}
	}
}
