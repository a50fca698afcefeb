package table

import (
	"slices"
	"strings"
	"testing"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/langtest"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/playtest"
)

// TestSpeechReads plays simulated games under every preset and house
// rule through the referee and says every verdict with its lessons as the
// teaching voice does, written and spoken, in every language: each
// utterance reads as a person would (package langtest), and what is
// spoken has its counts in words.
func TestSpeechReads(t *testing.T) {
	sets := [][]string{
		{"official"}, {"cars"}, {"house-ru"}, {"official", "+stacking", "+reverse-bounce"},
		{"official", "+jump-in", "+seven-zero", "+five-swap"}, {"official", "deck=blanks", "+blank-draw-ten", "+draw-until-playable"},
		{"house-ru", "+uno-slap"}, {"official", "uno-enforcement=players", "+colours-in-circle"},
	}
	seen := map[string]bool{}
	for i, set := range sets {
		n := 2 + i%3
		steps, err := playtest.Play(playtest.Config{Players: n, Preset: set[0], Options: set[1:], Seed: uint64(40 + i), MaxRounds: 1, MaxEvents: 1500})
		if err != nil {
			t.Fatal(err)
		}
		g := referee.New()
		var wd4 cards.Color
		r := referee.Rules{}
		for _, s := range steps {
			before := g.State()
			v := g.Apply(s.Event)
			after := g.State()
			if v.OK && s.Event.Card.Kind == cards.WildDrawFour {
				wd4, _ = cards.ParseColor(before.Color)
			}
			r = g.Rules()
			sp := speech{v.Sentence()}
			for _, m := range lessons(s.Event, v, before, after, r, wd4) {
				sp = append(sp, msg.Sentence{m})
			}
			if after.Phase == referee.PhaseSetup && before.Round == 0 && s.Event.Kind.String() == "rules" {
				sp = append(append(sp, msg.Sentence{{Key: "teach.rules"}}), RulesInForce(r)...)
			}
			for _, l := range lang.Languages() {
				for _, text := range []string{sp.written(l), sp.said(l)} {
					if seen[text] {
						continue
					}
					seen[text] = true
					langtest.Check(t, strings.Join(set, " "), l, text, playtest.Names...)
				}
			}
		}
	}
	t.Logf("%d utterances read", len(seen))
}

// TestRulesInForceEveryOption: the rules in force of every preset with
// every house rule switched on and off and every setting given each of
// its values: every line is a whole sentence in every language that
// reads well (package langtest), ends with a full stop or a question
// mark, and says only what is true — no line for a rule that is off, the
// off line of a preset's rule that is switched off, the scoring and its
// target always.
func TestRulesInForceEveryOption(t *testing.T) {
	var lines [][]string
	for _, p := range []string{referee.PresetOfficial, referee.PresetCars, referee.PresetHouseRU} {
		lines = append(lines, []string{p})
		for _, o := range referee.OptionNames() {
			for _, w := range optionWords(o) {
				lines = append(lines, []string{p, w})
			}
		}
	}
	for _, line := range lines {
		r, err := referee.ParseRules(line[0], line[1:])
		if err != nil {
			continue // a combination the engine refuses (blank-draw-ten without blanks)
		}
		got := RulesInForce(r)
		var keys []string
		for _, s := range got {
			keys = append(keys, s.Keys()...)
		}
		base, _ := referee.Preset(r.Preset)
		for i, tg := range r.Toggles() {
			on := slices.Contains(keys, "rules.option."+tg.Name)
			off := slices.Contains(keys, "rules.option."+tg.Name+".off")
			switch {
			case tg.On && !on, !tg.On && on:
				t.Errorf("%v: %s is %v, but the line for it is there: %v", line, tg.Name, tg.On, on)
			case !tg.On && base.Toggles()[i].On && !off:
				t.Errorf("%v: the preset's %s is switched off, and no line says so", line, tg.Name)
			}
		}
		if !r.SevenRounds && !slices.Contains(keys, "rules.scoring."+r.Scoring) {
			t.Errorf("%v: no line says how the game is scored and won: %v", line, keys)
		}
		if !slices.Contains(keys, "rules.play."+r.Preset) || !slices.Contains(keys, "rules.challenge."+r.Challenge) {
			t.Errorf("%v: no line for the preset or its challenge: %v", line, keys)
		}
		for _, l := range lang.Languages() {
			for _, s := range got {
				text := l.Sentence(s)
				langtest.Check(t, strings.Join(line, " "), l, text)
				if !strings.ContainsAny(text[len(text)-3:], ".?։") {
					t.Errorf("%v in %s: %q does not end as a sentence", line, l, text)
				}
			}
		}
	}
}

// optionWords are the words that set option o in a rules line: on and
// off for a toggle, each value (and 0) for a setting.
func optionWords(o string) []string {
	switch o {
	case "uno-penalty", "mistake-penalty", "challenge-guilty-draw":
		return []string{o + "=0", o + "=1", o + "=6"}
	case "target":
		return []string{"target=21", "target=101", "target=1000"}
	case "uno-enforcement":
		return []string{"uno-enforcement=auto", "uno-enforcement=players"}
	case "scoring":
		return []string{"scoring=winner-collects", "scoring=penalty", "scoring=lazy"}
	case "deck":
		return []string{"deck=standard", "deck=cars", "deck=blanks"}
	case "starter":
		return []string{"starter=official", "starter=number"}
	case "challenge":
		return []string{"challenge=official", "challenge=house-ru"}
	}
	return []string{"+" + o, "-" + o}
}
