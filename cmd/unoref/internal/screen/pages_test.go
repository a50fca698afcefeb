package screen

import (
	"fmt"
	"strings"
	"testing"
)

// Long sentences with 12-letter names, as refusals and prompts come.
var longTexts = []struct{ lang, text string }{
	{"en", "Maximilianus, Red 7 can't go on Blue 5: play a blue card, a 5 or a wild, and Maximilianus draws 2 for the mistake"},
	{"ru", "Александрина, красная семёрка не ложится на синюю пятёрку: сыграй синюю карту, пятёрку или дикую карту, и Александрина берёт 2 карты за ошибку"},
	{"hy", "Ալեքսանդրինա, կարմիր 7-ը չի կարելի դնել կապույտ 5-ի վրա՝ խաղա կապույտ քարտ, 5 կամ գունավոր քարտ, և Ալեքսանդրինան վերցնում է 2 քարտ սխալի համար։"},
	{"sr", "Đorđe Čavić: „Izvuci dve karte” – Đorđe vuče 2 karte jer nije rekao UNO…"},
	{"ro", "Ștefănescuță: „Stai o tură” — joacă o carte albastră, un 5 sau o carte „la două”"},
	{"word", "Supercalifragilisticexpialidocious-and-then-some ok"},
}

// screensFor puts text where each layout shows it.
func screensFor(text string) []struct {
	name string
	s    Screen
	box  int // pixels a line may take
} {
	return []struct {
		name string
		s    Screen
		box  int
	}{
		{"alert", Screen{Alert: AlertIllegal, Turn: "Maximilianus", Message: text}, Width - 6},
		{"turn", Screen{Phase: "turn", Turn: "Maximilianus", Color: "R", Top: "R7", Hands: fourSeats, Message: text}, Width},
		{"prompt", Screen{Phase: "show", Turn: "Maximilianus", Prompt: text, Message: text}, Width},
		{"color", Screen{Phase: "color", Turn: "Maximilianus", Prompt: text}, Width},
	}
}

// TestPagesNeverClip lays long English, Russian, Armenian, Serbian and
// Romanian sentences out in every layout, draws every page through our
// driver on the SSD1306 simulator, and checks that no rune is dropped,
// every line fits its box, and every line is on the panel, glyph for glyph.
func TestPagesNeverClip(t *testing.T) {
	p := newPanel(t)
	for _, lt := range longTexts {
		for _, sc := range screensFor(lt.text) {
			t.Run(lt.lang+"/"+sc.name, func(t *testing.T) {
				if m := Missing(lt.text); len(m) != 0 {
					t.Fatalf("Missing(%q) = %q, want none", lt.text, m)
				}
				pages := Pages(sc.s)
				var all []string
				for i, pg := range pages {
					s := sc.s
					s.Page = i
					img := p.show(t, s)
					for _, l := range pg {
						if w := small.width(l); w > sc.box {
							t.Errorf("page %d line %q is %d px, want <= %d", i, l, w, sc.box)
						}
						mustFind(t, img, small, l, false)
						all = append(all, strings.TrimSuffix(l, more))
					}
				}
				want := lt.text
				if sc.name == "prompt" {
					want += lt.text
				}
				if got, want := squeeze(strings.Join(all, "")), squeeze(want); got != want {
					t.Errorf("pages %q\nsay %q,\nwant %q", pages, got, want)
				}
			})
		}
	}
}

// squeeze drops spaces, where lines break.
func squeeze(s string) string { return strings.ReplaceAll(s, " ", "") }

func TestLines(t *testing.T) {
	for _, tt := range []struct {
		s    string
		w    int
		want []string
	}{
		{"", Width, nil},
		{"Ben draws 2", Width, []string{"Ben draws 2"}},
		{"Ben  draws   2", 5 * 7, []string{"Ben", "draws", "2"}},
		{"no\u00a0break here", 7 * 7, []string{"no\u00a0brea", "k here"}},
		{"Александрина берёт", 12 * 7, []string{"Александрина", "берёт"}},
		{"abcdefghij", 4 * 7, []string{"abcd", "efgh", "ij"}},
	} {
		got := lines(small, tt.s, tt.w)
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("lines(%q, %d) = %q, want %q", tt.s, tt.w, got, tt.want)
		}
	}
}

func TestPagesShort(t *testing.T) {
	for _, s := range []Screen{
		{Phase: "turn", Message: "Ann played G7"},
		{Phase: "over", Scores: []Score{{"Ann", 3, 0}}},
		{Alert: AlertUNO, Message: "Chloe has one card!"},
	} {
		if n := NumPages(s); n != 1 {
			t.Errorf("NumPages(%q) = %d, want 1", s.Message, n)
		}
	}
}

func TestMissing(t *testing.T) {
	for _, tt := range []struct {
		name, s string
		want    []rune
	}{
		{"armenian", "Ալեքսանդրինան վերցնում է 2 քարտ։ Ինչո՞ւ՝ ոչ։ «Ուշադրություն»֊ ՛ ՜ ֏", nil},
		{"russian", "Ёжик Вёдрин берёт 5 карт — «Вытяни две карты»", nil},
		{"serbian cyrillic", "Ђорђе, Ћира, Џеки, Јован, Љиљана и Његош: „Извуци две карте“ ђ ћ џ ј љ њ ё", nil},
		{"romanian", "Ștefan, Țuțu, ș ț ă â î ȘȚĂÂÎ: „Cartea «la două»”", nil},
		{"serbian latin", "Đorđe Čavić, Ćuk, Žaklina, Šime: „Džoker” đ č ć ž š", nil},
		{"punctuation", "10–15 cards… 2\u00a0cards, 1\u202f000, № 5, −4, ‹a›, ‚b‘", nil},
		{"cjk and emoji", "Ann 李 🙂 李", []rune{'李', '🙂'}},
		{"control", "tab\there", []rune{'\t'}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := Missing(tt.s)
			if string(got) != string(tt.want) {
				t.Errorf("Missing(%q) = %q, want %q", tt.s, got, tt.want)
			}
		})
	}
}
