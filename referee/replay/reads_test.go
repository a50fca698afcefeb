package replay

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/langtest"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/playtest"
)

// readingRules are the rules the simulated games of TestTextReads are
// played by: every preset, every house rule on its own and the settings
// that change what the referee says.
var readingRules = [][]string{
	{"official"}, {"cars"}, {"house-ru"},
	{"official", "+jump-in"}, {"official", "+deflect-draw-two"}, {"official", "+stacking"},
	{"official", "+wd4-answer-draw-two"}, {"official", "+seven-zero", "+five-swap"},
	{"official", "+reverse-bounce"}, {"official", "+draw-until-playable"},
	{"official", "+colours-in-circle"}, {"official", "deck=blanks", "+blank-draw-ten"},
	{"official", "+reset-zero"}, {"official", "+play-to-end"}, {"official", "+seven-rounds"},
	{"official", "+uno-slap"}, {"official", "uno-penalty=4", "mistake-penalty=2", "uno-enforcement=players"},
	{"official", "scoring=penalty", "target=100"}, {"official", "scoring=lazy", "target=2"},
	{"house-ru", "-jump-in", "+stacking", "-deflect-draw-two", "challenge-guilty-draw=6"},
	{"cars", "+jump-in", "+stacking", "+seven-zero", "+draw-until-playable"},
}

// badLines is a log of lines the referee refuses for what they say, one
// of each kind: parse errors, rules lines, names.
const badLines = `12.5
1x2 play R3
fly
Play R3
players Ann
players Ann Ann
players A B C D E F G H I J K
players Ann,Bo Ben
players Ann Ben Cy
rules
rules uno
rules official +silent-twos
rules official +stacking -stacking
rules official stacking=4
rules official +uno-penalty
rules official uno-penalty=x
rules official uno-enforcement=nobody
rules official +stacking +deflect-draw-two
rules house-ru +stacking
rules official +seven-rounds +play-to-end
rules official +seven-rounds target=100
rules official +blank-draw-ten
rules official -jump-in +stacking uno-penalty=0 mistake-penalty=0 challenge-guilty-draw=0 uno-enforcement=auto deck=standard starter=number challenge=house-ru
start
start W:Q
play
play R3 Ann
play R3 as
color purple
color
pass now
uno Ann Ben
catch
points Ann
points Ann lots
hand
swap
slap
slap Ann Ben
start WX
start R5
play BLANK
play R55
`

// TestTextReads replays the example logs, a log of refused lines and
// simulated games under every preset and house rule, renders every record
// as replay --text does in every language, and reads each line as a
// person would (package langtest): no code, no quotes in quotes, no Latin
// word in Cyrillic or Armenian, no sentence in lower case, no chain of
// colons, no key left as a key. Players' names are the only foreign words.
func TestTextReads(t *testing.T) {
	logs := map[string]string{"refused lines": badLines}
	examples, _ := filepath.Glob("../../examples/*.log")
	for _, p := range examples {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		logs[filepath.Base(p)] = string(b)
	}
	games := 0
	for i, rules := range readingRules {
		for seed := range uint64(2) {
			steps, err := playtest.Play(playtest.Config{Players: 2 + (i+int(seed))%4, Preset: rules[0], Options: rules[1:],
				Seed: 77 + seed, MaxRounds: 2, MaxEvents: 3000, Timed: strings.Contains(strings.Join(rules, " "), "slap")})
			if err != nil {
				t.Fatal(err)
			}
			logs[strings.Join(rules, " ")+" #"+string(rune('0'+seed))] = "players " + strings.Join(playtest.Names[:2+(i+int(seed))%4], " ") +
				"\nrules " + strings.Join(rules, " ") + "\n" + playtest.Log(steps)
			games++
		}
	}
	names := append([]string{"Ann", "Ben", "Cy", "Dee", "Zed"}, playtest.Names...)
	seen := map[string]bool{}
	for name, log := range logs {
		_, err := Replay(context.Background(), strings.NewReader(log), referee.New(), func(r *Record) error {
			for _, l := range lang.Languages() {
				// The line's number is a label before the sentences.
				label := l.Render(msg.Msg{Key: "text.line", Args: msg.Args{N: r.Line}}) + " "
				text, ok := strings.CutPrefix(Text(r, l), label)
				if !ok {
					t.Errorf("%s: line %d in %s does not start with its label %q", name, r.Line, l, label)
				}
				if k := digits.ReplaceAllString(text, "#"); seen[k] {
					continue
				} else {
					seen[k] = true
				}
				langtest.Check(t, name, l, text, append(names, langtest.Exempt(r.Verdict.Sentence()...)...)...)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d logs (%d simulated games), %d distinct lines read", len(logs), games, len(seen))
}

var digits = regexp.MustCompile(`[0-9]+`)

// TestEveryVerdictKeyIsInTheCatalogs: every key the engine said in
// TestTextReads's logs is a key of every catalog (a missing one renders
// as itself).
func TestEveryVerdictKeyIsInTheCatalogs(t *testing.T) {
	keys := map[string]bool{}
	for _, k := range lang.Keys() {
		keys[k] = true
	}
	for i, rules := range readingRules {
		steps, err := playtest.Play(playtest.Config{Players: 2 + i%4, Preset: rules[0], Options: rules[1:], Seed: 5, MaxRounds: 1, MaxEvents: 2000})
		if err != nil {
			t.Fatal(err)
		}
		log := "players " + strings.Join(playtest.Names[:2+i%4], " ") + "\nrules " + strings.Join(rules, " ") + "\n" + playtest.Log(steps) + badLines
		_, err = Replay(context.Background(), strings.NewReader(log), referee.New(), func(r *Record) error {
			for _, m := range r.Verdict.Sentence() {
				if !keys[m.Key] {
					t.Errorf("%v: the engine said %s, which no catalog has", rules, msg.Msg{Key: m.Key})
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
