package referee

import (
	"errors"
	"strings"
	"testing"

	"github.com/unoref/unoref/lang"
)

func TestParseRules(t *testing.T) {
	tests := []struct {
		name    string
		preset  string
		opts    []string
		check   func(Rules) bool
		wantErr string // part of the message, "" for no error
	}{
		{"§5 official", "official", nil, func(r Rules) bool {
			return r.Deck == "standard" && r.UnoPenalty == 2 && r.ChallengeGuiltyDraw == 4 && r.Scoring == ScoringWinnerCollects &&
				r.Target == 500 && r.UnoEnforcement == EnforceAuto && !r.JumpIn && r.MistakePenalty == 0 && r.Starter == StarterOfficial
		}, ""},
		{"§5 cars", "cars", nil, func(r Rules) bool { return r.Deck == "cars" && r.Target == 500 }, ""},
		{"§5 house-ru", "house-ru", nil, func(r Rules) bool {
			return r.JumpIn && r.DeflectDrawTwo && r.WD4AnswerDrawTwo && r.Challenge == ChallengeHouseRU && r.Starter == StarterNumber &&
				r.MistakePenalty == 2 && r.Scoring == ScoringPenalty && r.Target == 200
		}, ""},
		{"§3 toggles on and off", "house-ru", []string{"-jump-in", "+seven-zero", "five-swap"}, func(r Rules) bool {
			return !r.JumpIn && r.SevenZero && r.FiveSwap
		}, ""},
		{"§3 settings", "official", []string{"uno-penalty=4", "mistake-penalty=2", "uno-enforcement=players", "challenge-guilty-draw=6", "target=300"}, func(r Rules) bool {
			return r.UnoPenalty == 4 && r.MistakePenalty == 2 && r.UnoEnforcement == EnforcePlayers && r.ChallengeGuiltyDraw == 6 && r.Target == 300
		}, ""},
		{"§4 scoring=penalty in official keeps 500", "official", []string{"scoring=penalty"}, func(r Rules) bool { return r.Target == 500 }, ""},
		{"§4 scoring=lazy counts round wins", "official", []string{"scoring=lazy"}, func(r Rules) bool { return r.Target == DefaultLazyTarget }, ""},
		{"§4 scoring and target together", "house-ru", []string{"scoring=winner-collects", "target=101"}, func(r Rules) bool {
			return r.Scoring == ScoringWinnerCollects && r.Target == 101
		}, ""},
		{"§3 uno-slap is accepted", "official", []string{"+uno-slap"}, func(r Rules) bool { return r.UnoSlap }, ""},
		{"§3 colours-in-circle goes with anything", "cars", []string{"+colours-in-circle", "+stacking"}, func(r Rules) bool { return r.ColoursInCircle }, ""},
		{"§3 blank-draw-ten with the blanks deck", "official", []string{"deck=blanks", "+blank-draw-ten"}, func(r Rules) bool { return r.BlankDrawTen && r.Deck == "blanks" }, ""},
		{"§3 house-ru stacking after turning deflect off", "house-ru", []string{"-deflect-draw-two", "+stacking"}, func(r Rules) bool { return r.Stacking }, ""},
		{"§5 unknown preset", "uno", nil, nil, "“uno” is not a set of rules: write `official`, `cars` or `house-ru`"},
		{"§3 unknown option", "official", []string{"+silent-twos"}, nil, "“silent-twos” is not a house rule: the house rules are `jump-in "},
		{"§3 option given twice", "official", []string{"+stacking", "-stacking"}, nil, "`stacking` is given twice"},
		{"§3 toggle with a value", "official", []string{"stacking=4"}, nil, "write `+stacking` or `-stacking`"},
		{"§3 setting without a value", "official", []string{"+uno-penalty"}, nil, "`uno-penalty` needs a number"},
		{"§3 setting with a bad number", "official", []string{"uno-penalty=x"}, nil, "`uno-penalty=x` is not allowed: write a whole number from 0 to 10"},
		{"§3 setting out of range", "official", []string{"target=0"}, nil, "`target=0` is not allowed"},
		{"§3 bad enforcement", "official", []string{"uno-enforcement=nobody"}, nil, "`uno-enforcement` takes one of `auto, players`"},
		{"§4 bad scoring", "official", []string{"scoring=golf"}, nil, "`scoring` takes one of `winner-collects, penalty, lazy`"},
		{"§1 bad deck", "official", []string{"deck=tarot"}, nil, "`deck` takes one of `standard, cars, blanks`"},
		// A word with no option name, or a setting with no value, is named
		// as written, never as "<no value>".
		{"§7 an option word with no name", "official", []string{"=5"}, nil, "“=5” is not a house rule"},
		{"§7 a lone plus", "official", []string{"+"}, nil, "“+” is not a house rule"},
		{"§3 setting with an empty value", "official", []string{"target="}, nil, "The rule `target` needs a number"},
		{"§3 stacking with deflect-draw-two", "official", []string{"+stacking", "+deflect-draw-two"}, nil, "pick one"},
		{"§3 stacking in house-ru", "house-ru", []string{"+stacking"}, nil, "add `-deflect-draw-two`"},
		{"§3 seven-rounds with play-to-end", "official", []string{"+seven-rounds", "+play-to-end"}, nil, "`seven-rounds` and `play-to-end` can't both be on"},
		{"§3 seven-rounds with scoring", "official", []string{"+seven-rounds", "target=100"}, nil, "leave out `scoring` and `target`"},
		{"§3 blank-draw-ten without blanks", "official", []string{"+blank-draw-ten"}, nil, "add `deck=blanks`"},
		{"§3 blank-draw-ten with the cars deck", "cars", []string{"+blank-draw-ten"}, nil, "add `deck=blanks`"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := ParseRules(tt.preset, tt.opts)
			if tt.wantErr != "" {
				var re *RulesError
				if !errors.As(err, &re) || !strings.Contains(lang.English.Render(re.Msg), tt.wantErr) || !errors.Is(err, ErrRules) {
					t.Fatalf("ParseRules(%q, %q) = %v, want error with %q", tt.preset, tt.opts, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseRules(%q, %q) = %v, want no error", tt.preset, tt.opts, err)
			}
			if !tt.check(r) {
				t.Errorf("ParseRules(%q, %q) = %+v, not as wanted", tt.preset, tt.opts, r)
			}
			// String reads back to the same rules.
			words := strings.Fields(r.String())
			back, err := ParseRules(words[0], words[1:])
			if err != nil || back != r {
				t.Errorf("ParseRules(%q) = %+v, %v, want %+v", r.String(), back, err, r)
			}
		})
	}
}
