package langtest

import (
	"strings"
	"testing"

	"github.com/unoref/unoref/lang"
)

// TestProblems: each reading finds what it looks for, in the sentences
// issue 24 quoted, and lets a good sentence be.
func TestProblems(t *testing.T) {
	tests := []struct {
		l      lang.Lang
		text   string
		exempt []string
		want   string // a problem that starts so; "" for none
	}{
		{lang.Russian, "Нельзя (not-your-turn): Сейчас ходит Ben, а не Cy", []string{"Ben", "Cy"}, "the code"},
		{lang.Russian, "Строка не прочитана: \"fly\" is not an event", nil, "the Latin letters"},
		{lang.Russian, "Играем по правилам: официальные, и ещё: штраф за УНО: 4", nil, "a chain of"},
		{lang.Russian, "Stacking и deflect-draw-two вместе не бывают", nil, "the code"},
		{lang.Russian, "без правила «перевод «Вытяни две карты»»", nil, "quotes inside quotes"},
		{lang.Romanian, "„la două” verde nu poate începe runda", nil, "a sentence starts in lower case"},
		{lang.Armenian, "Ann-ը սեղմի CHALLENGE", []string{"Ann"}, "the Latin letters"},
		{lang.SerbianCyrillic, "Ann каже UNO", []string{"Ann"}, "the Latin letters"},
		{lang.English, "Ann plays Red 7: uno.one", []string{"Ann"}, "the key"},
		{lang.English, "The rules: +stacking target=200", nil, "the rules-line word"},
		{lang.Armenian, "Ռաունդն ավարտված է. հաշվեք. բոլորը", nil, "a chain of"},
		{lang.Russian, "Cy перехватывает ход зелёной семёркой, дальше ходит Ann. Ходит Ann: цвет зелёный.", []string{"Cy", "Ann"}, ""},
		{lang.Russian, "Правило `jump-in` указано дважды: оставьте одно", nil, ""},
		{lang.Armenian, "Ann-ը դնում է կարմիր 7. Ben-ը բաց է թողնում հերթը։", []string{"Ann", "Ben"}, ""},
		{lang.Romanian, "7 roșu nu merge pe un 5 verde: puneți o carte verde", nil, ""},
		{lang.English, "Stacking is fun", nil, ""},
	}
	for _, tt := range tests {
		got := Problems(tt.l, tt.text, tt.exempt...)
		switch {
		case tt.want == "" && len(got) > 0:
			t.Errorf("Problems(%s, %q) = %q, want none", tt.l, tt.text, got)
		case tt.want != "" && !hasPrefix(got, tt.want):
			t.Errorf("Problems(%s, %q) = %q, want one that starts %q", tt.l, tt.text, got, tt.want)
		}
	}
}

func hasPrefix(ps []string, p string) bool {
	for _, s := range ps {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
