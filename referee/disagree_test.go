package referee

import (
	"slices"
	"strings"
	"testing"

	"github.com/unoref/unoref/referee/tablelog"
)

// Regressions for the disagreements the playtest model found
// (referee/playtest/FINDINGS.md D2–D5), each a minimal table log.

// benBouncesOut is a two-player game (Ben deals, Ann first) that leaves
// Ben with one card, a Green Reverse, and Ann to play with G+2 in hand.
const benBouncesOut = `
	players Ann Ben
	dealer Ben
	start R1
	play R2
	play R3
	draw B1
	pass
	play R4
	play R5
	play R6
	play R7
	play R8
	play R9
	play G9
	play G8
	play G7
	uno
	=> h.Ann=3 h.Ben=1 turn=Ann
`

// catAtOne is a three-player game (Ann deals, Ben first) where Cat plays
// six red cards and calls UNO while Ben and Ann draw and pass; Ann is to
// act.
var catAtOne = func() string {
	var b strings.Builder
	b.WriteString("players Ann Ben Cat\nstart R5\n")
	for i, c := range []string{"R1", "R2", "R3", "R4", "R6", "R7"} {
		b.WriteString("draw\npass\nplay " + c + "\n")
		if i < 5 {
			b.WriteString("draw\npass\n")
		}
	}
	b.WriteString("=> h.Cat=1 h.Ann=12 h.Ben=13 turn=Ann\n")
	return strings.Replace(b.String(), "play R7\n", "play R7\nuno\n", 1)
}()

func TestGoingOutOnABounce(t *testing.T) {
	tests := []struct {
		name, rules, script string
	}{
		{"§2.10 §3 reverse-bounce: the last card bounces, the penalty is drawn, the round ends", "rules official +reverse-bounce\n" + benBouncesOut, `
			play G+2 => ok phase=penalty turn=Ben pending=2
			play GR => ok phase=penalty turn=Ann pending=2 h.Ben=0 +reverse
			play B4 => must-draw
			draw B2 B3 => ok phase=countup h.Ann=4 +roundover:Ben +draw:Ann:2
			play B4 => wrong-phase
			hand Ann B1 B2 B3 G4 => ok phase=setup s.Ben=10`},
		{"§2.10 §3 reverse-bounce: a last Reverse jumping in on a bounce", "rules official +reverse-bounce +jump-in\n" + catAtOne, `
			play R+2 => ok turn=Ben pending=2
			play RR => ok turn=Ann dir=ccw pending=2 phase=penalty
			play RR as Cat => ok turn=Ann dir=cw pending=2 phase=penalty h.Cat=0 +jumpin:Cat
			draw => ok phase=countup h.Ann=13 +roundover:Cat`},
		{"§2.10 §3 reverse-bounce under play-to-end: the bouncer is out, the penalty goes on", "rules official +reverse-bounce +play-to-end\n" + catAtOne, `
			draw
			pass
			play R+2 => ok turn=Cat pending=2
			play RR => ok turn=Ben dir=ccw pending=2 phase=penalty h.Cat=0 +out:Cat
			draw => ok phase=turn turn=Ann h.Ben=14
			play R3 => ok turn=Ben`},
		{"§2.10 §3 reverse-bounce under seven-rounds: the next stage, then the bounce", "rules official +reverse-bounce +seven-rounds\n" + benBouncesOut, `
			play G+2
			play GR => ok phase=penalty turn=Ann pending=2 h.Ben=6 +draw:Ben:6 +reverse
			draw => ok phase=turn turn=Ben h.Ann=4`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { play(t, New(), tt.rules+tt.script) })
	}
}

// allDrawn is a two-player game (Ann deals, Ben first) where both draw and
// pass until one card is left in the draw pile; the discard pile is the
// starter R5 alone. Ben is to act.
func allDrawn(rules string) string {
	return rules + "\nplayers Ann Ben\nstart R5\n" +
		strings.Repeat("draw\npass\n", 92) + "=> pile=1 turn=Ben h.Ann=53 h.Ben=53\n"
}

func TestNothingLeftToDraw(t *testing.T) {
	tests := []struct {
		name, script string
	}{
		{"§2.6 §2.11 draw-until-playable: the last card can't be played, so pass", `
			draw B1 => ok phase=drawn pile=0 h.Ben=54 msg="Ben draws 1 card: Blue 1 can't be played and no cards are left, so Ben passes"
			draw => wrong-phase msg="No cards are left to draw: Ben passes"
			draw B2 => wrong-phase
			pass => ok phase=turn turn=Ann msg="Ben keeps the card and Ann is next"`},
		{"§2.6 §2.11 a draw with nothing left draws nothing, then pass", `
			draw
			pass
			=> pile=0 turn=Ann
			pass => must-draw
			draw B2 => wrong-count msg="No cards are left to draw"
			draw => ok phase=drawn h.Ann=53 -draw msg="No cards are left to draw: Ann passes"
			pass => ok phase=turn turn=Ben msg="Ann passes and Ben is next"`},
		{"§2.11 a penalty bigger than all the cards left is drawn as far as it goes", `
			draw
			pass
			play R+2 => ok phase=penalty turn=Ben pending=2
			draw B2 B3 => wrong-count msg="Only 1 card is left to draw, not 2"
			draw R5 => ok phase=turn turn=Ann pending=0 h.Ben=55 pile=0 +reshuffle +draw:Ben:1 msg="Ben draws 1, all the cards left, and misses a turn and Ann is next"`},
		{"§2.11 a bare penalty draw takes what is left", `
			draw
			pass
			play R+2
			draw => ok phase=turn turn=Ann h.Ben=55 +draw:Ben:1 msg~"all the cards left"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := New()
			play(t, g, allDrawn("rules official +draw-until-playable"))
			play(t, g, tt.script)
		})
	}
	t.Run("§2.11 a penalty with no card left to draw still costs the turn", func(t *testing.T) {
		g := New()
		play(t, g, allDrawn("rules official mistake-penalty=1"))
		play(t, g, `
			draw
			pass
			play R+2 => ok phase=penalty turn=Ben
			play G3 => must-draw +mistake:Ben:1 h.Ben=55
			draw => ok phase=turn turn=Ann h.Ben=55 -draw +skip:Ben msg="No cards are left to draw: Ben misses a turn and Ann is next"`)
	})
	t.Run("§2.11 a mistake with no card left to draw costs nothing and says nothing of it", func(t *testing.T) {
		g := New()
		play(t, g, allDrawn("rules official mistake-penalty=2"))
		play(t, g, "draw\npass\n=> pile=0 turn=Ann")
		ev, _, err := tablelog.Parse("play G3", 1)
		if err != nil {
			t.Fatal(err)
		}
		v := g.Apply(ev)
		if v.OK || slices.Contains(v.Keys(), "mistake") {
			t.Errorf("play G3 with the pile empty: ok %v, keys %v, want refused without the mistake clause", v.OK, v.Keys())
		}
		if h := g.State().Hands["Ann"]; h != 53 {
			t.Errorf("Ann holds %d, want 53", h)
		}
	})
}

// annAtTwoVsBen is a two-player game (Ben deals, Ann first) where both
// play down to two cards; the colour to match is green and Ann is to play.
const annAtTwoVsBen = `
	players Ann Ben
	dealer Ben
	start R1
	play R2
	play R3
	play R4
	play R5
	play R6
	play R7
	play R8
	play R9
	play G9
	play G8
	=> h.Ann=2 h.Ben=2 turn=Ann color=G
`

func TestChallengeJudgesTheHandAtThePlay(t *testing.T) {
	tests := []struct {
		name, rules, script string
	}{
		{"§2.8 §2.9 the UNO penalty drawn at the challenge is no evidence", "", `
			play W+4:B => ok phase=challenge turn=Ben h.Ann=1 uno=Ann
			challenge => ok phase=show turn=Ann h.Ann=3 +missed:Ann:2
			hand Ann Y5 G1 => wrong-count
			hand Ann Y5 G1 G2 => ok phase=turn turn=Ann h.Ben=8 h.Ann=3 +draw:Ben:6 +skip:Ben
			play B3 => ok`},
		{"§2.8 §2.9 more cards of the old colour than were drawn since: guilty", "", `
			play W+4:B
			challenge => ok h.Ann=3
			hand Ann G5 G1 G2 => ok phase=turn turn=Ben h.Ann=7 h.Ben=2 +draw:Ann:4`},
		{"§2.8 §2.9 a catch before the challenge is no evidence either", "", `
			play W+4:B
			catch Ann => ok h.Ann=3
			challenge => ok phase=show -missed
			hand Ann G5 G1 Y2 => ok phase=turn turn=Ann h.Ben=8 msg~"draws 6"`},
		{"§2.8 an honest Wild Draw Four with the UNO call: the one card is judged", "", `
			play W+4:B
			uno
			challenge => ok h.Ann=1 -missed
			hand Ann G5 => ok h.Ann=5 turn=Ben`},
		{"§2.8 §3 house-ru: the penalty cards are no evidence, the card stays", "rules house-ru\n", `
			play W+4:B
			challenge => ok h.Ann=3
			hand Ann Y5 G1 G2 => ok phase=turn turn=Ann h.Ben=8 top=W+4:B color=B`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := New()
			play(t, g, tt.rules+annAtTwoVsBen)
			play(t, g, tt.script)
		})
	}
	t.Run("§2.8 §2.11 house-ru: a guilty card stays when the card under it was reshuffled", func(t *testing.T) {
		g := New()
		play(t, g, allDrawn("rules house-ru"))
		play(t, g, `
			draw
			pass
			play W+4:G => ok phase=challenge turn=Ben h.Ann=52
			play B3 as Ann => no-jump-in +mistake:Ann:1 +reshuffle h.Ann=53 pile=0
			challenge
			hand Ann R1 R2`+strings.Repeat(" B1", 51)+` => ok phase=turn turn=Ben top=W+4:G color=G h.Ann=53 -color`)
	})
}

func TestChallengeAfterTheNextStage(t *testing.T) {
	// Ann's Wild Draw Four is her last card: she draws 6 for the next
	// stage of seven-rounds at once, before Ben can challenge.
	const annEmpties = `
		play G7
		uno
		play G6
		uno
		play W+4:B => ok phase=challenge turn=Ben h.Ann=6 +draw:Ann:6
		challenge => ok phase=show turn=Ann`
	tests := []struct {
		name, rules, script string
	}{
		{"§2.8 §3 seven-rounds: the next stage's cards are no evidence", "rules official +seven-rounds\n", `
			hand Ann G1 G2 Y3 Y4 Y5 B6 => ok phase=turn turn=Ann h.Ann=6 h.Ben=7 +draw:Ben:6 top=W+4:B`},
		{"§2.8 §3 seven-rounds: six green new cards are no evidence either", "rules official +seven-rounds\n", `
			hand Ann G1 G2 G3 G4 G5 G6 => ok turn=Ann h.Ben=7`},
		{"§2.8 §3 house-ru seven-rounds: the card stays on the pile", "rules house-ru +seven-rounds\n", `
			hand Ann G1 G2 Y3 Y4 Y5 B6 => ok phase=turn turn=Ann h.Ann=6 h.Ben=7 top=W+4:B color=B`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := New()
			play(t, g, tt.rules+annAtTwoVsBen)
			play(t, g, annEmpties)
			play(t, g, tt.script)
		})
	}
}
