package referee

import (
	"strings"
	"testing"

	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee/tablelog"
)

// TestMessages checks the sentences issue 16 fixed, in English (the
// default) and, for the Russian grammar, in Russian.
func TestMessages(t *testing.T) {
	tests := []struct{ name, script string }{
		{"an 8, not a 8", abc + `
			start R8
			play G2 => illegal-card msg="Green 2 can't go on Red 8: play a red card, an 8 or a wild"`},
		{"the rules line names the options in force", `
			rules official +stacking jump-in => ok msg="The game is played by the official rules; Draw Twos and Wild Draw Fours pile up; you may jump in with the very same card"`},
		{"a rules line without options names the preset", `
			rules house-ru => ok msg="The game is played by the Russian house rules"`},
		{"a Draw Two starter: the first player must draw 2", abc + `
			start B+2 => ok phase=penalty pending=2 msg="Blue Draw Two starts the pile: Ben must draw 2 and misses a turn"`},
		{"colours-in-circle: nobody names the colour", "rules official +colours-in-circle\n" + abc + `
			start R5
			color G => wrong-phase msg="When colours go in a circle, the wild changes the colour by itself: nobody names it"`},
		{"the winner is named once", "players Ann Ben\n" + `
			start R5
			play R1
			draw
			pass
			play R2
			draw
			pass
			play R3
			draw
			pass
			play R4
			draw
			pass
			play R6
			draw
			pass
			play R7
			uno Ben
			draw
			pass
			play R8 => ok phase=countup msg="Ben plays Red 8 and wins the round: count the cards left"`},
		{"another player's win names the winner", "players Ann Ben\n" + `
			start R5
			play R1
			draw
			pass
			play R2
			draw
			pass
			play R3
			draw
			pass
			play R4
			draw
			pass
			play R6
			draw
			pass
			play R7
			uno Ben
			draw
			pass
			play R+2 => ok pending=2
			draw => ok phase=countup msg="Ann draws 2 and misses a turn, and Ben wins the round: count the cards left"`},
		{"a Blank can't answer a Blank", "rules official deck=blanks +blank-draw-ten\n" + abc + `
			start R5
			play BLANK => ok pending=10 turn=Cy
			play BLANK => must-draw msg="Blank can't answer the Blank: Cy must draw 10"`},
		{"nobody can jump in on Extreme Heights", "rules cars +jump-in\n" + abc + `
			start R5
			play WX:G => ok phase=heights
			hand Ann G3
			hand Ben G3
			hand Cy => ok turn=Cy top=WX:G
			play W as Ann => no-jump-in msg="Nobody can jump in on Extreme Heights: it is Cy's turn"`},
		{"nobody can jump in on a Wild Draw Four", "rules official +jump-in\n" + abc + `
			start R5
			play W+4:G => ok phase=challenge turn=Cy
			play W as Ann => no-jump-in msg="Nobody can jump in on Wild Draw Four: it is Cy's turn"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { play(t, New(), tt.script) })
	}
}

// TestRussianVerdicts renders the engine's verdicts in Russian: names
// stay as typed, cards take the case the sentence needs.
func TestRussianVerdicts(t *testing.T) {
	g := New()
	tests := []struct{ line, want string }{
		{"players Аня Бен Вика", "За столом 3 игрока, сдаёт Аня"},
		{"start B5", "Первая карта — голубая пятёрка, начинает Бен"},
		{"play R5", "Бен кладёт красную пятёрку, дальше ходит Вика"},
		{"play G7", "Зелёная семёрка не кладётся на красную пятёрку: положите красную карту, любую пятёрку или дикую карту"},
		{"play R+2", "Вика кладёт красную карту «Вытяни две карты»: Аня берёт 2 карты"},
		{"pass", "Прежде чем закончить ход, Аня берёт 2 карты"},
		{"draw", "Аня берёт 2 карты и пропускает ход, дальше ходит Бен"},
	}
	for _, tt := range tests {
		ev, _, err := tablelog.Parse(tt.line, 1)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.Apply(ev).Text(lang.Russian); got != tt.want {
			t.Errorf("Apply(%q).Text(ru) = %q, want %q", tt.line, got, tt.want)
		}
	}
}

// TestCatalogKnowsTheRules: every preset, option, setting value, scoring
// method and phase the engine knows has its words in the catalog (the
// completeness test of package lang carries them to every language): the
// preset's names and lines, each toggle on and off, each setting's value.
func TestCatalogKnowsTheRules(t *testing.T) {
	var keys []string
	for _, p := range []string{PresetOfficial, PresetCars, PresetHouseRU} {
		keys = append(keys, "rules.name."+p, "rules.preset."+p, "rules.play."+p, "setup.rules."+p)
	}
	for _, o := range options {
		switch o.kind {
		case optToggle:
			keys = append(keys, "rules.name."+o.name, "rules.option."+o.name, "rules.with."+o.name, "rules.without."+o.name)
		case optInt:
			keys = append(keys, "rules.set."+o.name)
			if o.min == 0 {
				keys = append(keys, "rules.set."+o.name+".0")
			}
		case optEnum:
			for _, v := range o.values {
				keys = append(keys, "rules.set."+o.name+"."+v)
			}
		}
	}
	for _, s := range []string{ScoringWinnerCollects, ScoringPenalty, ScoringLazy} {
		keys = append(keys, "rules.scoring."+s)
	}
	for _, c := range []string{ChallengeOfficial, ChallengeHouseRU} {
		keys = append(keys, "rules.challenge."+c)
	}
	for _, u := range []string{EnforceAuto, EnforcePlayers} {
		keys = append(keys, "rules.uno."+u)
	}
	for _, ph := range phaseNames {
		keys = append(keys, "phase."+ph)
	}
	for _, k := range keys {
		if got := lang.English.Render(msg.Msg{Key: k}); got == k || got == "" {
			t.Errorf("English.Render(%q) = %q, want words", k, got)
		}
	}
}

// TestSlapVerdictsInEveryLanguage renders the uno-slap verdicts in every
// language: no key is left as a key, and the counts take their nouns.
func TestSlapVerdictsInEveryLanguage(t *testing.T) {
	g := New()
	play(t, g, "rules official +uno-slap\n"+annAtTwo+"play R6\n")
	lines := []string{"uno", "slap Ann", "slap Ben", "slap Ben", "draw", "slap Cy", "slap Cy"}
	var verdicts []Verdict
	for _, line := range lines {
		ev, _, err := tablelog.Parse(line, 1)
		if err != nil {
			t.Fatal(err)
		}
		verdicts = append(verdicts, g.Apply(ev))
	}
	ru := []string{
		"Аня говорит УНО; все остальные хлопают по руке игрока Аня",
		"УНО — от игрока Аня: хлопают остальные",
		"Бен хлопает по руке игрока Аня; ещё не хлопнули: 1 игрок",
		"Хлопок от игрока Бен уже был",
		"Игра ждёт, пока все хлопнут по руке игрока Аня; ещё не хлопнули: 1 игрок",
		"Вика хлопает по руке игрока Аня — это последний хлопок, и Вика берёт 2 карты",
		"Никто не сказал УНО: хлопать пока не по чему",
	}
	names := strings.NewReplacer("Ann", "Аня", "Ben", "Бен", "Cy", "Вика")
	for i, v := range verdicts {
		if got := names.Replace(v.Text(lang.Russian)); got != ru[i] {
			t.Errorf("Apply(%q).Text(ru) = %q, want %q", lines[i], got, ru[i])
		}
		for _, l := range lang.Languages() {
			if text := v.Text(l); strings.Contains(text, "slap.") || strings.Contains(text, "wait.slap") {
				t.Errorf("Apply(%q).Text(%v) = %q: a key is not translated", lines[i], l, text)
			}
		}
	}
}
