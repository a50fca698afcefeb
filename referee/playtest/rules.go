package playtest

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/unoref/unoref/cards"
)

// ErrRules is returned for a preset or option the model does not know.
var ErrRules = errors.New("playtest: unknown rules")

// Scoring methods of RULES.md §3 "Scoring".
const (
	WinnerCollects = "winner-collects"
	PenaltyScoring = "penalty"
	LazyScoring    = "lazy"
)

// Rules is the model's own reading of a `rules` line (RULES.md §5 "House
// rules you can switch on", §4 "Presets"). It is deliberately independent
// of the engine's parser.
type Rules struct {
	Preset string
	Deck   string

	NumberStarter  bool // house-ru: any non-number starter is returned
	HouseChallenge bool // house-ru: a guilty accused takes the W+4 back

	JumpIn            bool
	DeflectDrawTwo    bool
	Stacking          bool
	WD4AnswerDrawTwo  bool
	SevenZero         bool
	FiveSwap          bool
	ReverseBounce     bool
	DrawUntilPlayable bool
	ResetZero         bool
	ColoursInCircle   bool
	SevenRounds       bool
	UnoSlap           bool // slaps after a UNO call (slap.go)
	BlankDrawTen      bool
	PlayToEnd         bool

	UnoPenalty          int
	MistakePenalty      int
	AutoUno             bool
	ChallengeGuiltyDraw int
	Scoring             string
	Target              int
}

// toggles are the house rules of RULES.md §5 switched on and off by name.
func (r *Rules) toggles() map[string]*bool {
	return map[string]*bool{
		"jump-in": &r.JumpIn, "deflect-draw-two": &r.DeflectDrawTwo, "stacking": &r.Stacking,
		"wd4-answer-draw-two": &r.WD4AnswerDrawTwo, "seven-zero": &r.SevenZero,
		"five-swap": &r.FiveSwap, "reverse-bounce": &r.ReverseBounce,
		"draw-until-playable": &r.DrawUntilPlayable, "reset-zero": &r.ResetZero,
		"play-to-end": &r.PlayToEnd, "colours-in-circle": &r.ColoursInCircle,
		"blank-draw-ten": &r.BlankDrawTen, "seven-rounds": &r.SevenRounds,
		"uno-slap": &r.UnoSlap,
	}
}

// ParseRules reads a preset and its options as the `rules` line gives them.
func ParseRules(preset string, opts []string) (Rules, error) {
	r := Rules{Preset: preset, Deck: cards.Standard, UnoPenalty: 2, AutoUno: true,
		ChallengeGuiltyDraw: 4, Scoring: WinnerCollects, Target: 500}
	switch preset {
	case "official":
	case "cars":
		r.Deck = cards.Cars
	case "house-ru":
		r.NumberStarter, r.HouseChallenge = true, true
		r.JumpIn, r.DeflectDrawTwo, r.WD4AnswerDrawTwo = true, true, true
		r.MistakePenalty, r.Scoring, r.Target = 2, PenaltyScoring, 200
	default:
		return Rules{}, fmt.Errorf("%w: preset %q", ErrRules, preset)
	}
	toggles := r.toggles()
	ints := map[string]*int{
		"uno-penalty": &r.UnoPenalty, "mistake-penalty": &r.MistakePenalty,
		"challenge-guilty-draw": &r.ChallengeGuiltyDraw, "target": &r.Target,
	}
	for _, o := range opts {
		if name, val, ok := strings.Cut(o, "="); ok {
			if p := ints[name]; p != nil {
				n, err := strconv.Atoi(val)
				if err != nil || n < 0 {
					return Rules{}, fmt.Errorf("%w: %q", ErrRules, o)
				}
				*p = n
				continue
			}
			switch {
			case name == "scoring" && (val == WinnerCollects || val == PenaltyScoring || val == LazyScoring):
				r.Scoring = val
			case name == "deck" && slices.Contains(cards.DeckNames, val):
				r.Deck = val
			case name == "uno-enforcement" && (val == "auto" || val == "players"):
				r.AutoUno = val == "auto"
			default:
				return Rules{}, fmt.Errorf("%w: %q", ErrRules, o)
			}
			continue
		}
		if len(o) > 1 && (o[0] == '+' || o[0] == '-') {
			if p := toggles[o[1:]]; p != nil {
				*p = o[0] == '+'
				continue
			}
		}
		return Rules{}, fmt.Errorf("%w: %q", ErrRules, o)
	}
	return r, nil
}
