package screen

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
)

// longArgs fill every argument a message may take, with long names of
// allowed characters: 12 Cyrillic letters, an Armenian double name, the
// longest name the table allows (table.MaxName, 20).
var longArgs = msg.Args{
	Player: "Александрина", Other: "Աստղիկ-Մարիամ", Next: "Maximilian-Alexander",
	Card:  cards.Card{Kind: cards.WildDrawFour, Color: cards.Yellow},
	Top:   cards.Card{Kind: cards.DrawTwo, Color: cards.Green},
	Color: cards.Blue, N: 21, K: 22, Rule: "stacking", Value: "deflect-draw-two",
	Text: "Ștefănescu-Đorđević", Names: []string{"Александрина", "Աստղիկ-Մարիամ", "Maximilian-Alexander"},
}

// TestEveryMessageOnOLED renders every message key in every language,
// with long names, as a refusal and as the turn screen's news, draws every
// page through our driver on the SSD1306 simulator and fails on a rune no
// face can draw (Missing) or a sentence cut: the pages together must hold
// every word, and every line must be on the panel.
func TestEveryMessageOnOLED(t *testing.T) {
	p := newPanel(t)
	for _, l := range lang.Languages() {
		t.Run(l.String(), func(t *testing.T) {
			for _, k := range lang.Keys() {
				if strings.HasPrefix(k, "page.") {
					continue // the web page's words: never on the OLED
				}
				text := l.Sentence(msg.Sentence{{Key: k, Args: longArgs}})
				if m := Missing(text); len(m) != 0 {
					t.Errorf("%s %s: Missing(%q) = %q, want none", l, k, text, m)
				}
				for _, s := range []Screen{
					{Alert: AlertIllegal, Message: text, Lang: l},
					{Phase: "turn", Turn: "Александрина", Color: "B", Top: "G+2", Hands: fourSeats, Message: text, Lang: l},
				} {
					checkPaged(t, p, k, s, text)
				}
			}
		})
	}
}

// checkPaged draws every page of s and checks that they hold text whole.
func checkPaged(t *testing.T, p *panel, key string, s Screen, text string) {
	t.Helper()
	var all []string
	for i, pg := range Pages(s) {
		s.Page = i
		img := p.show(t, s)
		for _, line := range pg {
			if _, ok := find(img, small, line, false); !ok {
				t.Errorf("%s %s page %d: line %q not on the panel", s.Lang, key, i, line)
			}
			all = append(all, strings.TrimSuffix(line, more))
		}
	}
	if got, want := squeeze(strings.Join(all, "")), squeeze(text); got != want {
		t.Errorf("%s %s: pages say %q, want %q", s.Lang, key, got, want)
	}
}

// TestTitlesFit: the screen's titles and alert words fit the panel in
// their faces in every language, never elided.
func TestTitlesFit(t *testing.T) {
	for _, l := range lang.Languages() {
		s := Screen{Lang: l}
		for _, tt := range []struct {
			key  string
			f    face
			name string
		}{
			{"screen.welcome", big, "big"}, {"screen.ok", big, "big"}, {"screen.no", big, "big"},
			{"screen.uno", big, "big"}, {"screen.bad", big, "big"},
			{"screen.round", bold, "bold"}, {"screen.after", bold, "bold"}, {"screen.points", bold, "bold"},
			{"screen.totals", bold, "bold"}, {"screen.scores", bold, "bold"}, {"screen.over", bold, "bold"},
			{"screen.over.early", bold, "bold"}, {"screen.over.abandoned", bold, "bold"},
		} {
			w := s.count(tt.key, 10)
			if tt.f.width(w) > Width {
				t.Errorf("%s %s = %q: %d px in the %s face, want <= %d", l, tt.key, w, tt.f.width(w), tt.name, Width)
			}
		}
	}
}

// TestCardFacesInEveryLanguage: the words on an action card's face come
// in the screen's language, in glyphs the fonts have, and fit the card
// whole (in the bold face, or the small one) rather than cut.
func TestCardFacesInEveryLanguage(t *testing.T) {
	codes := []string{"W:R", "W+4:G", "WX:B", "BLANK", "YS", "BR", "G7"}
	for _, l := range lang.Languages() {
		for _, code := range codes {
			_, label := cardFace(l, code, "R")
			if label == "" || strings.HasPrefix(label, "screen.") {
				t.Errorf("%s: cardFace(%q) = %q, want a word of the catalog", l, code, label)
				continue
			}
			if m := Missing(label); len(m) != 0 {
				t.Errorf("%s: face %q of %s: Missing = %q, want none", l, label, code, m)
			}
			if w := small.width(label); w > cardW-6 {
				t.Errorf("%s: face %q of %s is %d px wide, the card has %d", l, label, code, w, cardW-6)
			}
		}
	}
	_, ru := cardFace(lang.Russian, "YS", "")
	_, en := cardFace(lang.English, "YS", "")
	if ru == en {
		t.Errorf("the Skip card's face is %q in Russian and English alike", ru)
	}
}

// TestCardCornersInEveryLanguage: the corner of the top card names its
// colour by an initial of the screen's language, one per colour, in at
// most two letters the fonts have.
func TestCardCornersInEveryLanguage(t *testing.T) {
	for _, l := range lang.Languages() {
		seen := map[string]string{}
		for _, c := range []string{"R", "Y", "G", "B"} {
			ix := l.Render(msg.Msg{Key: "screen.corner." + c})
			if m := Missing(ix); len(m) != 0 || ix == "" || strings.HasPrefix(ix, "screen.") || utf8.RuneCountInString(ix) > 2 {
				t.Errorf("%s: corner of %s = %q (missing %q), want an initial of one or two letters", l, c, ix, m)
			}
			if o, ok := seen[ix]; ok {
				t.Errorf("%s: %s and %s share the corner %q", l, o, c, ix)
			}
			seen[ix] = c
		}
	}
	if ru := lang.Russian.Render(msg.Msg{Key: "screen.corner.R"}); ru != "К" {
		t.Errorf("Russian corner of red = %q, want К (красный)", ru)
	}
}

// TestColourInitialsAgree: the colour prompt's boxes name the colours by
// the initials of the screen's language, as the top card's corner does,
// and each initial is taken from the word the language's sentences use for
// that colour (ru «Г» for голубой, the Russian leaflet's blue).
func TestColourInitialsAgree(t *testing.T) {
	p := newPanel(t)
	for _, l := range lang.Languages() {
		s := Screen{Phase: "color", Turn: "Ann", Lang: l}
		img := p.show(t, s)
		for _, c := range []string{"R", "Y", "G", "B"} {
			ix, word := []rune(strings.ToUpper(s.initial(c))), []rune(s.colourWord(c))
			mustFind(t, img, small, s.initial(c), false)
			// The initial's letters appear in the word, in order, from its first.
			k := 0
			for _, r := range word {
				if k < len(ix) && r == ix[k] {
					k++
				}
			}
			if len(ix) == 0 || ix[0] != word[0] || k < len(ix) {
				t.Errorf("%s: the initial of %s is %q, not from %q", l, c, string(ix), string(word))
			}
		}
		if l != lang.English {
			mustNotFind(t, img, small, "Y", false)
		}
	}
}

// TestCardFacesAreWords: a card's face on the OLED is a whole word of the
// language (one its sentences use) or the symbol printed on the card,
// never a word cut short («РАЗВ», «ԳՈՒՅ», «CUL»).
func TestCardFacesAreWords(t *testing.T) {
	for _, l := range lang.Languages() {
		words := map[string]bool{}
		for _, k := range lang.Keys() {
			if strings.HasPrefix(k, "screen.face.") {
				continue // the faces themselves
			}
			for _, w := range strings.FieldsFunc(l.Sentence(msg.Sentence{{Key: k, Args: longArgs}}), func(r rune) bool { return !unicode.IsLetter(r) }) {
				words[strings.ToLower(w)] = true
			}
		}
		for _, code := range []string{"W:R", "WX:B", "BLANK", "YS", "BR"} {
			_, face := cardFace(l, code, "R")
			if !isSymbol(face) && !words[strings.ToLower(face)] {
				t.Errorf("%s: the face of %s is %q: neither a word of the language nor a card's symbol", l, code, face)
			}
		}
	}
}
