package referee

import (
	"strings"
	"testing"
)

// TestEndNow: an end line stops the game and scores it as it stands
// (RULES.md §3 "Stopping early"): the totals of the rounds counted, not
// the round being played; whoever is ahead wins, and the state says the
// game was stopped early. Level at the top, nobody is ahead and the line
// is refused without a penalty.
func TestEndNow(t *testing.T) {
	round2 := `
			points Ben 30
			points Cy 12 => ok phase=setup leader=Ann
			start R5 => ok round=2 turn=Ben leader=Ann
			play B5 => ok h.Ben=6`
	sevenRounds := func(plays ...string) string {
		var b strings.Builder
		b.WriteString("rules official +seven-rounds uno-enforcement=players\nplayers Ann Ben\ndealer Ben\nstart R5\n")
		for _, c := range plays {
			b.WriteString("play " + c + "\n")
		}
		return b.String()
	}
	tests := []struct {
		name, setup, script string
	}{
		{"§3 before a round is counted nobody is ahead", "rules official mistake-penalty=2\n" + annPlays("R1", "R2"), `
			=> leader=
			end => wrong-phase msg="Nobody is ahead: Ann, Ben and Cy are level. Play on, or stop the game with no winner"`},
		{"§3 winner collects: the highest total wins; the round being played does not count", "rules official\n" + annOut(""), round2 + `
			end => ok phase=over winner=Ann early=true leader= s.Ann=42 +gameover:Ann msg="The game ends early, with the score as it stands: Ann is ahead and wins"
			end => wrong-phase msg="The game is over: Ann won"
			play B6 => wrong-phase`},
		{"§3 penalty points: the lowest total wins", "rules house-ru\n" + annOut(""), `
			points Ben 30
			points Cy 12 => ok leader=Ann
			end => ok winner=Ann early=true`},
		{"§3 penalty points: two level at the lowest total", "rules house-ru\n" + annOut(""), `
			points Ben 0
			points Cy 12 => ok leader=
			end => wrong-phase msg="Nobody is ahead: Ann and Ben are level. Play on, or stop the game with no winner"`},
		{"§3 lazy: the most rounds won", "rules official scoring=lazy\n" + annOut(""), `
			points Ben 30
			points Cy 12 => ok leader=Ann s.Ann=1
			end => ok winner=Ann`},
		{"§3 seven-rounds: at the same stage, the fewer cards held", sevenRounds("R1"), `
			=> leader=Ann h.Ann=6 h.Ben=7
			play R2 => ok leader=
			end => wrong-phase msg~"Ann and Ben are level"
			play R3 => ok leader=Ann`},
		{"§3 seven-rounds: the later stage, whatever the cards held", sevenRounds("R1", "R2", "R3", "R4", "R6", "R7", "R8", "R9", "R1", "R2", "R3", "R4"), `
			=> leader= h.Ann=1 h.Ben=1
			play R6 => ok h.Ann=6 h.Ben=1 leader=Ann
			end => ok phase=over winner=Ann early=true`},
		{"§3 an end line does not wait for the slaps", "rules official +uno-slap\n" + annAtTwo, `
			uno
			play R7 => ok slap=Ann
			end => wrong-phase msg~"Nobody is ahead"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := New()
			play(t, g, tt.setup)
			play(t, g, tt.script)
		})
	}
}
