package playtest

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/unoref/unoref/referee/tablelog"
)

// modelGames plays n games of every option set through the model alone.
func modelGames(t *testing.T, n int, st Strategy, check func(set optionSet, cfg Config, tb *Model, s Step)) {
	t.Helper()
	for _, set := range optionSets {
		for i := range n {
			cfg := Config{Players: 2 + i%9, Preset: set.preset, Options: set.opts, Seed: seedOf(set.name, i), Strategy: st, Timed: set.timed}
			tb, err := NewTable(cfg)
			if err != nil {
				t.Fatalf("NewTable(%+v) = %v", cfg, err)
			}
			for {
				s, ok := tb.Next()
				if !ok {
					break
				}
				check(set, cfg, tb, s)
				if t.Failed() {
					return
				}
			}
			if !tb.Over() {
				t.Fatalf("%s seed %d: the game did not end in %d events", set.name, cfg.Seed, len(tb.Steps()))
			}
		}
	}
}

func TestModelConservation(t *testing.T) {
	t.Parallel()
	modelGames(t, 20, DefaultStrategy, func(set optionSet, cfg Config, tb *Model, s Step) {
		if err := tb.Conservation(); err != nil {
			t.Fatalf("%s seed %d after %q: %v", set.name, cfg.Seed, s.Event.String(), err)
		}
		sum := 0
		for _, n := range s.State.Hands {
			sum += n
		}
		if s.State.Phase != phaseSetup && sum+s.State.DrawPile > tb.deckSize() {
			t.Fatalf("%s seed %d: %d in hands + %d in the pile > deck", set.name, cfg.Seed, sum, s.State.DrawPile)
		}
		if s.State.Pending > 0 && s.State.Phase != phasePenalty && s.State.Phase != phaseChallenge && s.State.Phase != phaseShow && s.State.Phase != phaseColor {
			t.Fatalf("%s seed %d after %q: pending %d in phase %s", set.name, cfg.Seed, s.Event.String(), s.State.Pending, s.State.Phase)
		}
	})
}

// With a legal-only strategy the model never predicts a refusal, so every
// refusal in the simulation comes from a deliberate mistake.
func TestModelLegalStrategy(t *testing.T) {
	t.Parallel()
	modelGames(t, 20, LegalStrategy, func(set optionSet, cfg Config, tb *Model, s Step) {
		if !s.OK {
			t.Fatalf("%s seed %d: legal play %q refused (%s)\n%s", set.name, cfg.Seed, s.Event.String(), s.Code, Log(tb.Steps()))
		}
	})
}

// Every event the model writes reads back to itself: the logs it prints
// on a failure replay as they are.
func TestModelLogParses(t *testing.T) {
	t.Parallel()
	modelGames(t, 5, DefaultStrategy, func(set optionSet, cfg Config, tb *Model, s Step) {
		line := s.Event.String()
		ev, ok, err := tablelog.Parse(line, 0)
		if err != nil || !ok {
			t.Fatalf("Parse(%q) = %v, %v", line, ok, err)
		}
		if ev.String() != line {
			t.Fatalf("Parse(%q).String() = %q", line, ev.String())
		}
	})
}

// The model's strategies reach every phase and make every kind of move.
func TestModelCoverage(t *testing.T) {
	t.Parallel()
	phases := map[string]bool{}
	kinds := map[tablelog.Kind]bool{}
	refused := map[string]bool{}
	modelGames(t, 10, DefaultStrategy, func(set optionSet, cfg Config, tb *Model, s Step) {
		phases[s.State.Phase] = true
		kinds[s.Event.Kind] = true
		if !s.OK {
			refused[s.Code] = true
		}
	})
	for _, p := range []string{phaseSetup, phaseTurn, phaseDrawn, phasePenalty, phaseColor, phaseChallenge, phaseShow, phaseSwap, phaseHeights, phaseCountup, phaseOver} {
		if !phases[p] {
			t.Errorf("phase %s never reached", p)
		}
	}
	for k := tablelog.Players; k <= tablelog.Slap; k++ {
		if !kinds[k] {
			t.Errorf("no %v event generated", k)
		}
	}
	for _, c := range []string{codeIllegal, codeNotTurn, codeDuplicate, codeNoJumpIn} {
		if !refused[c] {
			t.Errorf("no event refused with %s", c)
		}
	}
}

func TestDeterminism(t *testing.T) {
	t.Parallel()
	for _, set := range optionSets {
		cfg := Config{Players: 5, Preset: set.preset, Options: set.opts, Seed: 42}
		a, err := Play(cfg)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := Play(cfg)
		if Log(a) != Log(b) {
			t.Errorf("%s: two games with seed 42 differ", set.name)
		}
		if diff := cmp.Diff(a[len(a)-1].State, b[len(b)-1].State); diff != "" {
			t.Errorf("%s: two games with seed 42 end in different states (-want +got):\n%s", set.name, diff)
		}
		cfg.Seed = 43
		c, _ := Play(cfg)
		if Log(a) == Log(c) {
			t.Errorf("%s: seeds 42 and 43 give the same game", set.name)
		}
	}
}

func TestNewTableRefuses(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
	}{
		{"one player", Config{Players: 1, Preset: "official"}},
		{"eleven players", Config{Players: 11, Preset: "official"}},
		{"unknown preset", Config{Players: 3, Preset: "nope"}},
		{"unknown option", Config{Players: 3, Preset: "official", Options: []string{"+flying"}}},
		{"bad number", Config{Players: 3, Preset: "official", Options: []string{"target=x"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := NewTable(tt.cfg); err == nil {
				t.Errorf("NewTable(%+v) = nil error, want one", tt.cfg)
			}
		})
	}
	if _, err := NewTable(Config{Players: 3, Preset: "nope"}); !errors.Is(err, ErrRules) {
		t.Errorf("NewTable(preset nope) = %v, want ErrRules", err)
	}
}

func TestParseRules(t *testing.T) {
	tests := []struct {
		preset string
		opts   []string
		check  func(Rules) bool
	}{
		{"official", nil, func(r Rules) bool {
			return r.Deck == "standard" && r.Target == 500 && r.UnoPenalty == 2 && r.AutoUno && !r.JumpIn
		}},
		{"cars", nil, func(r Rules) bool { return r.Deck == "cars" }},
		{"house-ru", nil, func(r Rules) bool {
			return r.NumberStarter && r.HouseChallenge && r.JumpIn && r.DeflectDrawTwo && r.WD4AnswerDrawTwo &&
				r.MistakePenalty == 2 && r.Scoring == PenaltyScoring && r.Target == 200
		}},
		{"house-ru", []string{"-jump-in", "scoring=lazy", "uno-enforcement=players"}, func(r Rules) bool {
			return !r.JumpIn && r.Scoring == LazyScoring && !r.AutoUno
		}},
	}
	for _, tt := range tests {
		r, err := ParseRules(tt.preset, tt.opts)
		if err != nil || !tt.check(r) {
			t.Errorf("ParseRules(%q, %q) = %+v, %v", tt.preset, tt.opts, r, err)
		}
	}
}

// TestModelSlaps checks that the players of a uno-slap game do slap: in
// time and too late, the last one paying, and now and then a slap the
// referee must refuse.
func TestModelSlaps(t *testing.T) {
	t.Parallel()
	seen := map[string]int{}
	modelGames(t, 10, DefaultStrategy, func(set optionSet, cfg Config, tb *Model, s Step) {
		if s.Event.Kind != tablelog.Slap {
			return
		}
		switch {
		case !s.OK:
			seen[s.Code]++
		case s.Event.Timed && tb.slap.caller < 0:
			seen["timed, last"]++
		case tb.slap.caller < 0:
			seen["untimed, last"]++
		default:
			seen["ok"]++
		}
	})
	for _, k := range []string{"ok", "timed, last", "untimed, last", codeBadSlap} {
		if seen[k] == 0 {
			t.Errorf("no slap step %q in the games: got %v", k, seen)
		}
	}
}

// TestOptionSetsCoverEveryHouseRule: every house rule the model knows,
// uno-slap included, is played by some option set of the simulation.
func TestOptionSetsCoverEveryHouseRule(t *testing.T) {
	played := map[string]bool{}
	for _, set := range optionSets {
		for _, o := range set.opts {
			played[strings.TrimPrefix(o, "+")] = true
		}
	}
	for name := range (&Rules{}).toggles() {
		if !played[name] {
			t.Errorf("no option set plays %s", name)
		}
	}
}
