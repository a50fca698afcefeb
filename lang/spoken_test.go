package lang_test

import (
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/unoref/unoref/internal/testenv"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
)

// spokenCounts are counts said in the gender and case their noun needs:
// cards are feminine objects in Russian and Serbian ("берёт одну карту"),
// feminine in Romanian ("ia două cărți"), points neuter in Russian and
// Romanian, masculine in Serbian, players masculine.
var spokenCounts = []struct {
	l    lang.Lang
	key  string // a message with {{.N.Cards}}, {{.N.Points}} or {{.N.Players}}
	n    int
	want string
}{
	{lang.Russian, "draw", 1, "Аня берёт одну карту"},
	{lang.Russian, "draw", 2, "Аня берёт две карты"},
	{lang.Russian, "draw", 5, "Аня берёт пять карт"},
	{lang.Russian, "draw", 12, "Аня берёт двенадцать карт"},
	{lang.Russian, "draw", 21, "Аня берёт двадцать одну карту"},
	{lang.Russian, "draw", 22, "Аня берёт двадцать две карты"},
	{lang.Russian, "score.collect", 1, ", Аня получает одно очко"},
	{lang.Russian, "score.collect", 2, ", Аня получает два очка"},
	{lang.Russian, "score.collect", 121, ", Аня получает сто двадцать одно очко"},
	{lang.Russian, "score.collect", 500, ", Аня получает пятьсот очков"},
	{lang.Russian, "setup.players", 2, "За столом два игрока, сдаёт Аня"},
	{lang.Serbian, "draw", 1, "Ana izvlači jednu kartu"},
	{lang.Serbian, "draw", 2, "Ana izvlači dve karte"},
	{lang.Serbian, "draw", 21, "Ana izvlači dvadeset jednu kartu"},
	{lang.Serbian, "score.collect", 2, ", Ana dobija dva poena"},
	{lang.Serbian, "score.collect", 101, ", Ana dobija sto jedan poen"},
	{lang.SerbianCyrillic, "draw", 2, "Ана извлачи две карте"},
	{lang.Romanian, "draw", 1, "Ana ia o carte"},
	{lang.Romanian, "draw", 2, "Ana ia două cărți"},
	{lang.Romanian, "draw", 12, "Ana ia douăsprezece cărți"},
	{lang.Romanian, "draw", 21, "Ana ia douăzeci și una de cărți"},
	{lang.Romanian, "score.collect", 1, ", Ana primește un punct"},
	{lang.Romanian, "score.collect", 2, ", Ana primește două puncte"},
	{lang.Romanian, "score.collect", 200, ", Ana primește două sute de puncte"},
	{lang.Romanian, "setup.players", 2, "La masă sunt doi jucători, împarte Ana"},
	{lang.Armenian, "draw", 21, "Աննան վերցնում է քսանմեկ քարտ"},
	{lang.Armenian, "draw", 300, "Աննան վերցնում է երեք հարյուր քարտ"},
	{lang.English, "draw", 45, "Ann draws forty-five cards"},
	{lang.English, "draw", 100, "Ann draws one hundred cards"},
}

// TestSpokenCounts: what the voice hands espeak-ng has every count in
// words of the right gender and case; written, the same message keeps the
// digits.
func TestSpokenCounts(t *testing.T) {
	for _, tt := range spokenCounts {
		m := msg.Msg{Key: tt.key, Args: msg.Args{Player: player(tt.l), N: tt.n}}
		if got := tt.l.Spoken(msg.Sentence{m}); got != capital(tt.want) {
			t.Errorf("%s.Spoken(%s, %d) = %q, want %q", tt.l, tt.key, tt.n, got, capital(tt.want))
		}
		if got := tt.l.Sentence(msg.Sentence{m}); !strings.Contains(got, strconv.Itoa(tt.n)) {
			t.Errorf("%s.Sentence(%s, %d) = %q, want the digits", tt.l, tt.key, tt.n, got)
		}
	}
}

// TestSpokenCountsInEspeak hands the spoken sentences to espeak-ng and
// reads back its phonemes (espeak-ng -x): the numeral is said as the
// feminine or neuter word, not as the masculine one espeak-ng reads for a
// digit («две», not «два»).
func TestSpokenCountsInEspeak(t *testing.T) {
	testenv.Espeak(t)
	tests := []struct {
		l          lang.Lang
		said, asIf string // a spoken sentence, and how espeak-ng would say the digits
		n          int
	}{
		{lang.Russian, "draw", "Аня берёт 2 карты", 2},
		{lang.Russian, "draw", "Аня берёт 1 карту", 1},
		{lang.Russian, "score.collect", "Аня получает 1 очко", 1},
		{lang.Serbian, "draw", "Ana izvlači 2 karte", 2},
		{lang.Romanian, "draw", "Ana ia 2 cărți", 2},
		{lang.Romanian, "draw", "Ana ia 1 carte", 1},
	}
	for _, tt := range tests {
		text := tt.l.Spoken(msg.Sentence{{Key: tt.said, Args: msg.Args{Player: player(tt.l), N: tt.n}}})
		got, digits := phonemes(t, tt.l, text), phonemes(t, tt.l, tt.asIf)
		if got == digits {
			t.Errorf("%s: espeak-ng says %q (%s) as it says the digits %q: want the numeral in its gender", tt.l, text, got, tt.asIf)
		}
		if word := phonemes(t, tt.l, strings.TrimPrefix(text, ", ")); word != got {
			t.Errorf("%s: espeak-ng -x is not stable: %q then %q", tt.l, got, word)
		}
	}
}

// phonemes is espeak-ng's phoneme transcription of text in l's voice.
func phonemes(t *testing.T, l lang.Lang, text string) string {
	t.Helper()
	voice := map[lang.Lang]string{lang.Russian: "ru", lang.Serbian: "sr", lang.Romanian: "ro"}[l]
	out, err := exec.Command("espeak-ng", "-q", "-x", "-v", voice, text).Output()
	if err != nil {
		t.Fatalf("espeak-ng -x -v %s %q: %v", voice, text, err)
	}
	return strings.TrimSpace(string(out))
}

func player(l lang.Lang) string {
	switch l {
	case lang.Russian:
		return "Аня"
	case lang.SerbianCyrillic:
		return "Ана"
	case lang.Serbian, lang.Romanian:
		return "Ana"
	case lang.Armenian:
		return "Աննա"
	}
	return "Ann"
}

func capital(s string) string { return lang.Capital(s) }
