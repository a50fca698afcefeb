package referee

import (
	"cmp"
	"errors"
	"strconv"
	"strings"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/lang/msg"
)

// Presets of RULES.md §4 "Presets".
const (
	PresetOfficial = "official"
	PresetCars     = "cars"
	PresetHouseRU  = "house-ru"
)

// Scoring methods of RULES.md §3 "Scoring".
const (
	ScoringWinnerCollects = "winner-collects"
	ScoringPenalty        = "penalty"
	ScoringLazy           = "lazy"
)

// Values of the settings that name a version of a rule.
const (
	EnforceAuto    = "auto"
	EnforcePlayers = "players"

	StarterOfficial = "official" // §2.3 official: only a Wild Draw Four (or WX, Blank) is returned
	StarterNumber   = "number"   // §2.3 house-ru: anything but a number is returned

	ChallengeOfficial = "official" // §2.8 official: guilty draws, colour stands
	ChallengeHouseRU  = "house-ru" // §2.8 house-ru: guilty takes the card back and draws
)

// DefaultLazyTarget is the number of round wins that ends a lazy game when
// the rules line sets no target (ours: §3 "Scoring" gives lazy scoring no end).
const DefaultLazyTarget = 3

// ErrRules is wrapped by every error of ParseRules.
var ErrRules = errors.New("bad rules")

// RulesError is a rules line ParseRules refuses. Msg is one sentence for
// the table (render it with lang); Option is the option at fault ("" for
// the preset).
type RulesError struct {
	Option string
	Msg    msg.Msg
}

// Error is the message as its key and arguments; render e.Msg (package
// lang) for the sentence a person reads.
func (e *RulesError) Error() string { return "referee: rules: " + e.Msg.String() }

// rulesError is the refusal of option (or of the preset when "").
func rulesError(option, key string, a msg.Args) *RulesError {
	a.Rule = option
	return &RulesError{Option: option, Msg: msg.Msg{Key: key, Args: a}}
}
func (e *RulesError) Unwrap() error { return ErrRules }

// Rules is a preset of RULES.md §4 with the house rules of §5 and the
// scoring of §3 applied: everything the referee needs to know about the house.
type Rules struct {
	Preset    string
	Deck      string // cards.Standard, cards.Cars or cards.Blanks
	Starter   string // StarterOfficial or StarterNumber (setting starter=)
	Challenge string // ChallengeOfficial or ChallengeHouseRU (setting challenge=)

	JumpIn            bool
	DeflectDrawTwo    bool
	Stacking          bool
	WD4AnswerDrawTwo  bool
	SevenZero         bool
	FiveSwap          bool
	ReverseBounce     bool
	DrawUntilPlayable bool
	ColoursInCircle   bool
	BlankDrawTen      bool
	ResetZero         bool
	PlayToEnd         bool
	SevenRounds       bool
	UnoSlap           bool // slap lines after a UNO call (slap.go); the table needs seat buttons

	UnoPenalty          int
	MistakePenalty      int
	UnoEnforcement      string // EnforceAuto or EnforcePlayers
	ChallengeGuiltyDraw int

	Scoring string // ScoringWinnerCollects, ScoringPenalty or ScoringLazy
	Target  int    // points that end the game; round wins under lazy
}

// Preset returns the rules of a preset of RULES.md §4 with no options.
func Preset(name string) (Rules, error) {
	r := Rules{
		Preset:              name,
		Deck:                cards.Standard,
		Starter:             StarterOfficial,
		Challenge:           ChallengeOfficial,
		UnoPenalty:          2,
		UnoEnforcement:      EnforceAuto,
		ChallengeGuiltyDraw: 4,
		Scoring:             ScoringWinnerCollects,
		Target:              500,
	}
	switch name {
	case PresetOfficial:
	case PresetCars:
		r.Deck = cards.Cars
	case PresetHouseRU:
		r.Starter = StarterNumber
		r.Challenge = ChallengeHouseRU
		r.JumpIn, r.DeflectDrawTwo, r.WD4AnswerDrawTwo = true, true, true
		r.MistakePenalty = 2
		r.Scoring, r.Target = ScoringPenalty, 200
	default:
		return Rules{}, rulesError("", "rules.bad.preset", msg.Args{Value: name})
	}
	return r, nil
}

type optKind uint8

const (
	optToggle optKind = iota
	optInt
	optEnum
)

type option struct {
	name   string
	kind   optKind
	min    int
	max    int
	values []string
	flag   func(*Rules) *bool // a toggle's field
	setInt func(*Rules, int)
	setStr func(*Rules, string)
}

func toggle(name string, f func(*Rules) *bool) option {
	return option{name: name, kind: optToggle, flag: f}
}

var options = []option{
	toggle("jump-in", func(r *Rules) *bool { return &r.JumpIn }),
	toggle("deflect-draw-two", func(r *Rules) *bool { return &r.DeflectDrawTwo }),
	toggle("stacking", func(r *Rules) *bool { return &r.Stacking }),
	toggle("wd4-answer-draw-two", func(r *Rules) *bool { return &r.WD4AnswerDrawTwo }),
	toggle("seven-zero", func(r *Rules) *bool { return &r.SevenZero }),
	toggle("five-swap", func(r *Rules) *bool { return &r.FiveSwap }),
	toggle("reverse-bounce", func(r *Rules) *bool { return &r.ReverseBounce }),
	toggle("draw-until-playable", func(r *Rules) *bool { return &r.DrawUntilPlayable }),
	toggle("colours-in-circle", func(r *Rules) *bool { return &r.ColoursInCircle }),
	toggle("blank-draw-ten", func(r *Rules) *bool { return &r.BlankDrawTen }),
	toggle("reset-zero", func(r *Rules) *bool { return &r.ResetZero }),
	toggle("play-to-end", func(r *Rules) *bool { return &r.PlayToEnd }),
	toggle("seven-rounds", func(r *Rules) *bool { return &r.SevenRounds }),
	toggle("uno-slap", func(r *Rules) *bool { return &r.UnoSlap }),
	{name: "uno-penalty", kind: optInt, min: 0, max: 10, setInt: func(r *Rules, v int) { r.UnoPenalty = v }},
	{name: "mistake-penalty", kind: optInt, min: 0, max: 10, setInt: func(r *Rules, v int) { r.MistakePenalty = v }},
	{name: "challenge-guilty-draw", kind: optInt, min: 0, max: 10, setInt: func(r *Rules, v int) { r.ChallengeGuiltyDraw = v }},
	{name: "target", kind: optInt, min: 1, max: 100000, setInt: func(r *Rules, v int) { r.Target = v }},
	{name: "uno-enforcement", kind: optEnum, values: []string{EnforceAuto, EnforcePlayers}, setStr: func(r *Rules, v string) { r.UnoEnforcement = v }},
	{name: "scoring", kind: optEnum, values: []string{ScoringWinnerCollects, ScoringPenalty, ScoringLazy}, setStr: func(r *Rules, v string) { r.Scoring = v }},
	{name: "deck", kind: optEnum, values: cards.DeckNames, setStr: func(r *Rules, v string) { r.Deck = v }},
	{name: "starter", kind: optEnum, values: []string{StarterOfficial, StarterNumber}, setStr: func(r *Rules, v string) { r.Starter = v }},
	{name: "challenge", kind: optEnum, values: []string{ChallengeOfficial, ChallengeHouseRU}, setStr: func(r *Rules, v string) { r.Challenge = v }},
}

// optionNames are the names of every option, as a rules line writes
// them, one space apart.
func optionNames() string { return strings.Join(OptionNames(), " ") }

// OptionNames are the names of the options of RULES.md §3 and §4, as a
// rules line writes them ("jump-in", "uno-penalty"), in their order.
func OptionNames() []string {
	names := make([]string, len(options))
	for i, o := range options {
		names[i] = o.name
	}
	return names
}

// ParseRules reads the words of a rules line (RULES.md "The table log"): a
// preset of §4, then house rules of §5 and the scoring of §3 as +name, -name
// (a bare name means +name) or name=value. It refuses unknown names, bad values, an option given twice
// and combinations that make no sense; the error is a *RulesError wrapping
// ErrRules.
func ParseRules(preset string, opts []string) (Rules, error) {
	r, err := Preset(preset)
	if err != nil {
		return Rules{}, err
	}
	seen := make(map[string]bool, len(opts))
	for _, word := range opts {
		name, value, hasValue := strings.Cut(word, "=")
		on := true
		if !hasValue {
			switch {
			case strings.HasPrefix(name, "+"):
				name = name[1:]
			case strings.HasPrefix(name, "-"):
				name, on = name[1:], false
			}
		}
		var o *option
		for i := range options {
			if options[i].name == name {
				o = &options[i]
			}
		}
		if o == nil {
			// A word with no name ("+", "=5") is named as written: an
			// empty Value would render as "<no value>".
			return Rules{}, &RulesError{Option: name, Msg: msg.Msg{Key: "rules.bad.option", Args: msg.Args{Value: cmp.Or(name, word), Command: optionNames()}}}
		}
		if seen[name] {
			return Rules{}, rulesError(name, "rules.twice", msg.Args{})
		}
		seen[name] = true
		switch o.kind {
		case optToggle:
			if hasValue {
				return Rules{}, rulesError(name, "rules.toggle", msg.Args{})
			}
			*o.flag(&r) = on
		case optInt:
			if value == "" { // "-target" or "target="
				return Rules{}, rulesError(name, "rules.number", msg.Args{N: o.min + 1})
			}
			v, err := strconv.Atoi(value)
			if err != nil || v < o.min || v > o.max {
				return Rules{}, rulesError(name, "rules.range", msg.Args{Value: value, N: o.min, K: o.max})
			}
			o.setInt(&r, v)
		case optEnum:
			ok := false
			for _, a := range o.values {
				ok = ok || a == value
			}
			if !hasValue || !ok {
				return Rules{}, rulesError(name, "rules.enum", msg.Args{Text: strings.Join(o.values, ", "), Value: o.values[0]})
			}
			o.setStr(&r, value)
		}
	}
	if seen["scoring"] && !seen["target"] {
		switch {
		case r.Scoring == ScoringLazy:
			r.Target = DefaultLazyTarget
		case r.Preset == PresetHouseRU && r.Scoring == ScoringPenalty:
			r.Target = 200
		default:
			r.Target = 500
		}
	}
	return r, r.check(seen)
}

// RulesMsg is the sentence that says which rules r, read from a rules
// line with the option words opts, plays by: the preset (setup.rules.P),
// then each option as the line wrote it, in its order, as a clause of its
// own — rules.with.X for +X (a bare X too), rules.without.X for -X,
// rules.set.X with the number for X=N (rules.set.X.0 for none) and
// rules.set.X.V for a named value. A target under lazy scoring counts
// rounds won (rules.set.target.rounds). Options words are checked by
// ParseRules first; a word it would refuse is left out.
func RulesMsg(r Rules, opts []string) msg.Sentence {
	s := make(msg.Sentence, 0, len(opts)+1)
	s = append(s, msg.Msg{Key: "setup.rules." + r.Preset})
	for _, w := range opts {
		name, value, set := strings.Cut(w, "=")
		switch {
		case !set && strings.HasPrefix(name, "-"):
			s = append(s, msg.Msg{Key: "rules.without." + name[1:]})
		case !set:
			s = append(s, msg.Msg{Key: "rules.with." + strings.TrimPrefix(name, "+")})
		case name == "target" && r.Scoring == ScoringLazy:
			s = append(s, msg.Msg{Key: "rules.set.target.rounds", Args: msg.Args{N: r.Target}})
		default:
			n, err := strconv.Atoi(value)
			switch {
			case err != nil:
				s = append(s, msg.Msg{Key: "rules.set." + name + "." + value})
			case n == 0:
				s = append(s, msg.Msg{Key: "rules.set." + name + ".0"})
			default:
				s = append(s, msg.Msg{Key: "rules.set." + name, Args: msg.Args{N: n}})
			}
		}
	}
	return s
}

// LineMsg is the sentence RulesMsg says for the words of a rules line
// as the journal keeps them ("official +stacking target=300"); false
// for an empty line or one ParseRules refuses.
func LineMsg(line string) (msg.Sentence, bool) {
	w := strings.Fields(line)
	if len(w) == 0 {
		return nil, false
	}
	r, err := ParseRules(w[0], w[1:])
	if err != nil {
		return nil, false
	}
	return RulesMsg(r, w[1:]), true
}

// check refuses combinations that cannot be refereed together.
func (r *Rules) check(seen map[string]bool) error {
	switch {
	case r.Stacking && r.DeflectDrawTwo && r.Preset == PresetHouseRU:
		return rulesError("stacking", "rules.clash.preset", msg.Args{Value: "deflect-draw-two"})
	case r.Stacking && r.DeflectDrawTwo:
		return rulesError("stacking", "rules.clash", msg.Args{Value: "deflect-draw-two"})
	case r.SevenRounds && r.PlayToEnd:
		return rulesError("seven-rounds", "rules.clash", msg.Args{Value: "play-to-end"})
	case r.SevenRounds && (seen["scoring"] || seen["target"]):
		return rulesError("seven-rounds", "rules.sevenrounds", msg.Args{})
	case r.BlankDrawTen && r.Deck != cards.Blanks:
		return rulesError("blank-draw-ten", "rules.blanks", msg.Args{})
	}
	return nil
}

// Toggle is a house rule of RULES.md §3 that is switched on or off.
type Toggle struct {
	Name string // as a rules line writes it: "jump-in"
	On   bool
}

// Toggles are r's house rules that are switched on or off, in the order
// of RULES.md §3.
func (r Rules) Toggles() []Toggle {
	var ts []Toggle
	for _, o := range options {
		if o.kind == optToggle {
			ts = append(ts, Toggle{Name: o.name, On: *o.flag(&r)})
		}
	}
	return ts
}

// String prints r as the words of a rules line that ParseRules reads back
// to the same Rules.
func (r Rules) String() string {
	base, _ := Preset(r.Preset)
	var b strings.Builder
	b.WriteString(r.Preset)
	flag := func(name string, v, def bool) {
		if v == def {
			return
		}
		if v {
			b.WriteString(" +" + name)
		} else {
			b.WriteString(" -" + name)
		}
	}
	set := func(name, v, def string) {
		if v != def {
			b.WriteString(" " + name + "=" + v)
		}
	}
	set("deck", r.Deck, base.Deck)
	set("starter", r.Starter, base.Starter)
	set("challenge", r.Challenge, base.Challenge)
	flag("jump-in", r.JumpIn, base.JumpIn)
	flag("deflect-draw-two", r.DeflectDrawTwo, base.DeflectDrawTwo)
	flag("stacking", r.Stacking, base.Stacking)
	flag("wd4-answer-draw-two", r.WD4AnswerDrawTwo, base.WD4AnswerDrawTwo)
	flag("seven-zero", r.SevenZero, base.SevenZero)
	flag("five-swap", r.FiveSwap, base.FiveSwap)
	flag("reverse-bounce", r.ReverseBounce, base.ReverseBounce)
	flag("draw-until-playable", r.DrawUntilPlayable, base.DrawUntilPlayable)
	flag("colours-in-circle", r.ColoursInCircle, base.ColoursInCircle)
	flag("blank-draw-ten", r.BlankDrawTen, base.BlankDrawTen)
	flag("reset-zero", r.ResetZero, base.ResetZero)
	flag("play-to-end", r.PlayToEnd, base.PlayToEnd)
	flag("seven-rounds", r.SevenRounds, base.SevenRounds)
	flag("uno-slap", r.UnoSlap, base.UnoSlap)
	set("uno-penalty", strconv.Itoa(r.UnoPenalty), strconv.Itoa(base.UnoPenalty))
	set("mistake-penalty", strconv.Itoa(r.MistakePenalty), strconv.Itoa(base.MistakePenalty))
	set("uno-enforcement", r.UnoEnforcement, base.UnoEnforcement)
	set("challenge-guilty-draw", strconv.Itoa(r.ChallengeGuiltyDraw), strconv.Itoa(base.ChallengeGuiltyDraw))
	if !r.SevenRounds {
		if r.Scoring != base.Scoring {
			b.WriteString(" scoring=" + r.Scoring + " target=" + strconv.Itoa(r.Target))
		} else {
			set("target", strconv.Itoa(r.Target), strconv.Itoa(base.Target))
		}
	}
	return b.String()
}

// HandPoints is what the cards left in a hand are worth at the count-up
// under r (RULES.md §4), reset-zero's lone 0 included.
func HandPoints(r Rules, hand []cards.Card) int {
	if r.ResetZero && len(hand) == 1 && hand[0].Kind == cards.Number && hand[0].Number == 0 {
		return 50
	}
	p := 0
	for _, c := range hand {
		p += c.Points()
	}
	return p
}

// MostHandPoints is the most a hand of n cards can be worth at the
// count-up under r: its n highest cards of r's deck (cards.MostPoints),
// and never less than reset-zero's lone 0. A points line above it is
// refused, and the page and the table say it before they send one.
func MostHandPoints(r Rules, n int) int {
	most, err := cards.MostPoints(r.Deck, n)
	if err != nil {
		// Rules always name a deck ParseRules knows; the whole of the
		// largest is the most any hand holds.
		most, _ = cards.MostPoints(cards.Cars, n)
	}
	if r.ResetZero && n == 1 {
		most = max(most, 50)
	}
	return most
}
