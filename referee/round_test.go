package referee

import (
	"strconv"
	"strings"
	"testing"
)

// Three players, Ann deals, Ben plays first, official rules unless a test
// adds a rules line.
const abc = "players Ann Ben Cy\n"

func TestStarter(t *testing.T) {
	tests := []struct {
		name, script string
	}{
		{"§2.3 official number starter", abc + `
			start R5 => ok phase=turn turn=Ben top=R5 color=R pile=86 h.Ann=7 h.Ben=7 h.Cy=7 round=1 dealer=Ann
			play R7 => ok turn=Cy h.Ben=6`},
		{"§2.3 official skip starter skips the first player", abc + `
			start GS => ok turn=Cy +skip:Ben msg="Green Skip starts the pile: Ben misses a turn and Cy plays first"`},
		{"§2.3 official reverse starter: dealer first, counter-clockwise", abc + `
			start GR => ok turn=Ann dir=ccw +reverse
			play G3 => ok turn=Cy`},
		{"§2.3 official draw-two starter", abc + `
			start B+2 => ok phase=penalty turn=Ben pending=2
			play B3 => must-draw
			draw => ok phase=turn turn=Cy h.Ben=9 pending=0 +draw:Ben:2 +skip:Ben`},
		{"§2.3 official wild starter: the first player names the colour", abc + `
			start W => ok phase=color turn=Ben
			play R3 => wrong-phase
			color G => ok phase=turn turn=Ben color=G top=W:G +color
			play G3 => ok turn=Cy`},
		{"§2.3 official wild draw four starter is returned", abc + `
			start W+4 => ok phase=setup +return pile=87 top= msg~"put it back"
			start W+4 => ok phase=setup
			start Y1 => ok phase=turn turn=Ben pile=86`},
		{"§2.3 dealer line chooses the first dealer", abc + `
			dealer Cy => ok
			start R5 => ok turn=Ann dealer=Cy`},
		{"§2.3 two-player reverse starter: the dealer plays first", `
			players Ann Ben
			start RR => ok turn=Ann dir=ccw`},
		{"§2.3 cars: an Extreme Heights starter is returned", `
			rules cars
			players Ann Ben
			start WX => ok phase=setup +return
			start R2 => ok phase=turn`},
		{"§2.3 Extreme Heights is not in the standard deck", abc + `
			start WX => illegal-card msg="There is no Extreme Heights in the standard deck"`},
		{"§2.3 house-ru: any starter but a number is returned", `
			rules house-ru
			players Ann Ben Cy
			start RS => ok phase=setup +return
			start GR => ok phase=setup
			start Y+2 => ok phase=setup
			start W => ok phase=setup
			start W+4 => ok phase=setup pile=87
			start B0 => ok phase=turn turn=Ben pile=86`},
		{"§2.3 blanks are returned as starters", `
			rules official deck=blanks +blank-draw-ten
			players Ann Ben
			start BLANK => ok phase=setup +return
			start R1 => ok phase=turn pile=97`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { play(t, New(), tt.script) })
	}
}

func TestTurns(t *testing.T) {
	tests := []struct {
		name, script string
	}{
		{"§2.5 matching by colour, number, symbol and wild", abc + `
			start R5
			play R7 => ok top=R7 turn=Cy msg="Ben plays Red 7 and Cy is next"
			play B7 => ok turn=Ann
			play G3 => illegal-card msg="Green 3 can't go on Blue 7: play a blue card, a 7 or a wild"
			play BS => ok turn=Cy +skip:Ben
			play GS => ok turn=Ben color=G
			play W:Y => ok color=Y top=W:Y turn=Cy +color
			play B2 => illegal-card msg="Blue 2 can't go on Wild (yellow): play a yellow card or a wild"
			play Y2 => ok turn=Ann
			play G+2 => illegal-card msg~"play a yellow card, a 2 or a wild"`},
		{"§2.5 a wild names a colour with a color line", abc + `
			start R5
			play W => ok phase=color turn=Ben top=W color=
			draw => wrong-phase
			color R => ok phase=turn turn=Cy color=R top=W:R`},
		{"§2.6 draw then play that card only", abc + `
			start R5
			draw => ok phase=drawn turn=Ben h.Ben=8 pile=85
			pass => ok phase=turn turn=Cy
			draw B9 => ok phase=drawn msg~"can't be played"
			play R3 => illegal-card msg="Cy may only play the card just drawn, Blue 9"
			play B9 => illegal-card
			draw => wrong-phase
			pass => ok turn=Ann h.Cy=8
			draw R9 => ok msg="Ann draws 1 card and may play Red 9 or pass"
			play R9 => ok turn=Ben h.Ann=7
			draw => ok
			play G9 => ok h.Ben=8 turn=Cy`},
		{"§2.6 pass needs a draw first", abc + `
			start R5
			pass => must-draw msg="Ben must draw a card before passing"
			draw R1 R2 => wrong-count`},
		{"§2.7 skip", abc + `
			start R5
			play RS => ok turn=Ann +skip:Cy msg="Ben plays Red Skip: Cy misses a turn and Ann is next"`},
		{"§2.7 reverse with three players", abc + `
			start R5
			play RR => ok turn=Ann dir=ccw +reverse
			play R1 => ok turn=Cy
			play R2 => ok turn=Ben`},
		{"§2.7 two-player reverse skips", `
			players Ann Ben
			start R5
			play RR => ok turn=Ben dir=ccw +skip:Ann msg="Ben plays Red Reverse: with two players it skips Ann and Ben is next"
			play R3 => ok turn=Ann`},
		{"§2.7 draw two", abc + `
			start R5
			play R+2 => ok phase=penalty turn=Cy pending=2
			pass => must-draw
			draw R1 => wrong-count
			draw R1 G4 => ok h.Cy=9 turn=Ann msg="Cy draws 2 and misses a turn and Ann is next"`},
		{"§2.7 wild draw four", abc + `
			start R5
			play W+4:G => ok phase=challenge turn=Cy pending=4 color=G
			draw => ok h.Cy=11 turn=Ann +draw:Cy:4 +skip:Cy phase=turn`},
		{"§2.7 wild draw four named later", abc + `
			start R5
			play W+4 => ok phase=color turn=Ben
			color B => ok phase=challenge turn=Cy pending=4 color=B top=W+4:B`},
		{"§2.8 official challenge, innocent: the victim draws 6", abc + `
			start R5
			play R7
			play W+4:G => ok phase=challenge turn=Ann
			challenge => ok phase=show turn=Cy
			hand Ben B1 => not-your-turn
			hand Cy B2 G3 Y4 W B5 => wrong-count msg="Cy holds 6 cards but shows 5 cards"
			hand Cy B2 G3 Y4 W B5 G7 => ok phase=turn turn=Ben h.Ann=13 +draw:Ann:6 +skip:Ann`},
		{"§2.8 official challenge, guilty: the accused draws 4, the colour stands", abc + `
			start R5
			play R7
			play W+4:G
			challenge
			hand Cy R1 B2 G3 Y4 W B5 => ok phase=turn turn=Ann h.Cy=10 h.Ann=7 color=G top=W+4:G +draw:Cy:4`},
		{"§2.8 challenge-guilty-draw=6", `
			rules official challenge-guilty-draw=6
			players Ann Ben Cy
			start R5
			play R7
			play W+4:G
			challenge
			hand Cy R1 B2 G3 Y4 W B5 => ok h.Cy=12 turn=Ann`},
		{"§2.8 house-ru challenge, guilty: the card goes back and the colour returns", `
			rules house-ru
			players Ann Ben Cy
			start R5
			play R7
			play W+4:G
			challenge => ok phase=show
			hand Cy R1 B2 G3 Y4 W B5 => ok phase=turn turn=Ann h.Cy=11 top=R7 color=R +color
			play R7 => ok`},
		{"§2.8 house-ru challenge, innocent", `
			rules house-ru
			players Ann Ben Cy
			start R5
			play R7
			play W+4:G
			challenge
			hand Cy B2 G3 Y4 W B5 G7 => ok h.Ann=13 turn=Ben top=W+4:G`},
		{"§2.8 only the victim challenges, only a wild draw four", abc + `
			start R5
			challenge => wrong-phase
			play R+2
			challenge => wrong-phase`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { play(t, New(), tt.script) })
	}
}

func TestHouseRules(t *testing.T) {
	const abcd = "players Ann Ben Cy Dan\n"
	tests := []struct {
		name, script string
	}{
		{"§3 stacking: four draw twos make 8", "rules official +stacking\n" + abcd + `
			start R5
			play R+2 => ok pending=2 turn=Cy
			play B+2 => ok pending=4 turn=Dan
			play G+2 => ok pending=6 turn=Ann
			play Y+2 => ok pending=8 turn=Ben
			draw => ok h.Ben=14 turn=Cy +draw:Ben:8`},
		{"§3 stacking: wild draw fours add up, the last names the colour", "rules official +stacking\n" + abcd + `
			start R5
			play W+4:G => ok pending=4 turn=Cy
			play W+4:B => ok pending=8 turn=Dan color=B phase=challenge
			play B+2 => must-draw
			draw => ok h.Dan=15 turn=Ann`},
		{"§3 stacking: no mixing", "rules official +stacking\n" + abcd + `
			start R5
			play R+2
			play W+4:G => must-draw msg="Wild Draw Four (green) can't answer the Draw Two: Cy must draw 2"`},
		{"§3 without stacking a draw two can't be answered", abcd + `
			start R5
			play R+2
			play B+2 => must-draw`},
		{"§3 deflect-draw-two: no add-up", `
			rules house-ru
			players Ann Ben Cy
			start R5
			play R+2 => ok pending=2 turn=Cy
			play G+2 => ok pending=2 turn=Ann
			draw => ok h.Ann=9 turn=Ben`},
		{"§3 wd4-answer-draw-two: a draw two of the named colour", `
			rules house-ru
			players Ann Ben Cy
			start R5
			play W+4:G => ok phase=challenge turn=Cy pending=4
			play B+2 => must-draw +mistake:Cy:2 h.Cy=9
			play G+2 => ok phase=penalty pending=2 turn=Ann h.Cy=8
			play Y+2 => ok pending=2 turn=Ben
			draw => ok h.Ben=8 turn=Cy`},
		{"§3 jump-in: identical card, play goes on after the jumper", "rules house-ru\n" + abcd + `
			start R5
			play R5 as Dan => no-jump-in msg="Nobody can jump in on the starter card: it is Ben's turn, and Dan draws 2 for the mistake" h.Dan=9
			play R7 => ok turn=Cy
			play R7 as Ann => ok turn=Ben +jumpin:Ann h.Ann=6
			play R8 as Cy => no-jump-in h.Cy=9
			play R7 as Ben => duplicate-card`},
		{"§3 jump-in: never a wild draw four", "rules house-ru\n" + abcd + `
			start R5
			play W+4:G => ok turn=Cy
			play W+4:G as Dan => no-jump-in msg~"never"`},
		{"§3 jump-in: two reverses cancel", "rules house-ru\n" + abcd + `
			start R5
			play RR => ok dir=ccw turn=Ann
			play RR as Dan => ok dir=cw turn=Ann`},
		{"§3 jump-in: the only escape from a skip", "rules house-ru\n" + abcd + `
			start R5
			play RS => ok turn=Dan +skip:Cy
			play RS as Cy => ok turn=Ann +skip:Dan`},
		{"§3 jump-in on a draw two passes it on", "rules house-ru\n" + abcd + `
			start R5
			play R+2 => ok turn=Cy pending=2
			play R+2 as Ann => ok turn=Ben pending=2 phase=penalty`},
		{"§3 jump-in is off in official", abcd + `
			start R5
			play R7
			play R7 as Ann => not-your-turn msg="It is Cy's turn, not Ann's"`},
		{"§3 seven-zero: a 0 passes hands clockwise", "rules official +seven-zero\n" + abc + `
			start R5
			draw
			pass
			play R3
			play R0 => ok +moved h.Ann=6 h.Ben=6 h.Cy=8 turn=Ben`},
		{"§3 seven-zero: a 0 passes hands counter-clockwise", "rules official +seven-zero\n" + abc + `
			start R5
			draw
			pass
			play RR => ok dir=ccw turn=Ben
			play R0 => ok +moved h.Ben=6 h.Ann=7 h.Cy=7 turn=Ann`},
		{"§3 seven-zero: a 7 swaps hands", "rules official +seven-zero\n" + abc + `
			start R5
			draw
			pass
			play R7 => ok phase=swap turn=Cy
			play R1 => wrong-phase
			swap Cy => wrong-phase
			swap Ben => ok phase=turn turn=Ann h.Cy=8 h.Ben=6 +moved`},
		{"§3 five-swap: an optional swap line, counts unchanged", "rules official +five-swap\n" + abc + `
			start R5
			play B5 => ok turn=Cy
			swap Ben => wrong-phase
			swap Ann => ok msg="Ben swaps one card with Ann" h.Ann=7 h.Ben=6 +moved:Ann
			swap Cy => wrong-phase
			play B1 => ok`},
		{"§3 five-swap: the swap must come before the next play", "rules official +five-swap\n" + abc + `
			start R5
			play B5
			draw
			swap Ann => wrong-phase`},
		{"§3 reverse-bounce sends a draw two back", "rules official +reverse-bounce\n" + abc + `
			start R5
			play R+2 => ok turn=Cy
			play GR => must-draw
			play RR => ok dir=ccw turn=Ben pending=2 phase=penalty +reverse
			draw => ok h.Ben=8 turn=Ann`},
		{"§3 reverse-bounce: an identical Reverse jumping in bounces again", "rules official +reverse-bounce +jump-in\n" + abcd + `
			start R5
			play R+2 => ok turn=Cy
			play RR => ok dir=ccw turn=Ben pending=2
			play RR as Ann => ok dir=cw turn=Ben pending=2 phase=penalty +jumpin:Ann
			draw => ok h.Ben=8 turn=Cy`},
		{"§3 reverse-bounce sends a wild draw four back", "rules official +reverse-bounce\n" + abc + `
			start R5
			play W+4:G => ok turn=Cy
			play GR => ok turn=Ben pending=4 phase=penalty
			challenge => wrong-phase
			draw => ok h.Ben=10`},
		{"§3 draw-until-playable", "rules official +draw-until-playable\n" + abc + `
			start R5
			draw B3 R9 G7 => wrong-count msg="Red 9 can be played: Ben stops drawing there"
			draw B3 G7 R9 => ok phase=drawn h.Ben=10
			draw => wrong-phase
			play R9 => ok h.Ben=9 turn=Cy
			draw B1 => ok msg~"draws again"
			pass => must-draw
			draw => ok h.Cy=9
			pass => ok turn=Ann`},
		{"§3 colours-in-circle: red to blue clockwise, back counter-clockwise", "rules official +colours-in-circle\n" + abc + `
			start R5
			play W => ok color=B top=W:B turn=Cy +color
			play W:Y => wrong-color
			play W:G => ok color=G
			play GR => ok dir=ccw turn=Cy
			play W+4 => ok color=B phase=challenge
			color R => wrong-phase`},
		{"§3 blank-draw-ten", "rules official deck=blanks +blank-draw-ten\n" + abc + `
			start R5
			play BLANK => ok pending=10 phase=penalty turn=Cy top=BLANK color=R
			draw => ok h.Cy=17 turn=Ann
			play R3 => ok`},
		{"§3 blanks without blank-draw-ten can't be played", "rules official deck=blanks\n" + abc + `
			start R5
			play BLANK => illegal-card msg="A Blank has no rule in this game: leave it out"`},
		{"§3 blanks are not in the standard deck", abc + `
			start R5
			play BLANK => illegal-card msg="There is no Blank in the standard deck"`},
		{"§3 mistake-penalty: a wrong card", "rules official mistake-penalty=2\n" + abc + `
			start R5
			play G3 => illegal-card +mistake:Ben:2 h.Ben=9 turn=Ben pile=84
			play R3 => ok h.Ben=8`},
		{"§3 mistake-penalty: out of turn", "rules official mistake-penalty=1\n" + abc + `
			start R5
			play R3 as Cy => not-your-turn +mistake:Cy:1 h.Cy=8`},
		{"§3 mistake-penalty: not for a wrong phase or a bad count", "rules official mistake-penalty=2\n" + abc + `
			start R5
			color R => wrong-phase -mistake
			pass => must-draw -mistake
			draw R1 R2 => wrong-count -mistake h.Ben=7`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { play(t, New(), tt.script) })
	}
}

// annPlays is a three-player script (Cy deals, Ann first) where Ann plays
// the given cards one by one, all red, while Ben and Cy draw and pass.
func annPlays(cards ...string) string {
	var b strings.Builder
	b.WriteString("players Ann Ben Cy\ndealer Cy\nstart R5\n")
	for i, c := range cards {
		b.WriteString("play " + c + "\n")
		if i < len(cards)-1 {
			b.WriteString("draw\npass\ndraw\npass\n")
		}
	}
	return b.String()
}

// annAtTwo leaves Ann with two cards on her turn.
var annAtTwo = annPlays("R1", "R2", "R3", "R4", "R6") + "draw\npass\ndraw\npass\n"

func TestUno(t *testing.T) {
	tests := []struct {
		name, rules, script string
	}{
		{"§2.9 UNO called in time", "", `
			=> h.Ann=2 turn=Ann
			play R6 => ok uno=Ann
			uno => ok +uno:Ann
			uno => ok msg="Ann has already called UNO"
			draw => ok h.Ann=1 -missed uno=
			catch Ann => bad-catch`},
		{"§2.9 UNO called before the card is down", "", `
			uno Ann => ok +uno:Ann
			play R6 => ok +uno:Ann
			draw => ok h.Ann=1 -missed`},
		{"§2.9 caught by a player", "", `
			play R6
			catch Ann => ok h.Ann=3 +missed:Ann:2 msg="Ann forgot to say UNO and draws 2"
			catch Ann => bad-catch
			draw => ok -missed h.Ann=3`},
		{"§2.9 caught by a player who is named", "", `
			play R6
			catch Ann by Ann => bad-catch msg="Ann can't catch their own UNO: saying UNO is enough"
			catch Ann by Zed => unknown-player
			catch Ann by Ben => ok h.Ann=3 +missed:Ann:2 msg="Ann forgot to say UNO and draws 2"
			catch Ann by Ben => bad-catch`},
		{"§2.9 the referee catches at the next draw", "", `
			play R6
			draw => ok h.Ann=3 +missed:Ann:2 msg="Ann forgot to say UNO and draws 2; Ben draws 1 card and may play it or pass"`},
		{"§2.9 the referee catches at the next play", "", `
			play R6
			play R8 => ok h.Ann=3 h.Ben=11 +missed:Ann:2`},
		{"§2.9 uno-enforcement=players: no automatic catch, late catch refused", "rules official uno-enforcement=players\n", `
			play R6
			draw => ok h.Ann=1 -missed +forgot:Ann
			catch Ann => bad-catch msg="It is too late to catch Ann: the next turn has begun"`},
		{"§2.9 uno-penalty=0: nobody draws, the forgotten call is still told", "rules official uno-penalty=0\n", `
			play R6
			play R8 => ok h.Ann=1 -missed +forgot:Ann`},
		{"§2.9 UNO called: nothing forgotten", "rules official uno-enforcement=players\n", `
			play R6
			uno
			draw => ok -forgot`},
		{"§2.9 uno-penalty=4", "rules official uno-penalty=4\n", `
			play R6
			catch Ann => ok h.Ann=5`},
		{"§2.9 a false UNO call with mistake-penalty", "rules official mistake-penalty=2\n", `
			uno Ben => false-uno +mistake:Ben:2 h.Ben=14
			catch Ben => bad-catch`},
		{"§2.10 going out on a draw two: the next player still draws", "", `
			play R6
			uno
			draw
			pass
			draw
			pass
			play R+2 => ok phase=penalty turn=Ben pending=2 h.Ann=0
			draw => ok phase=countup h.Ben=15 +roundover:Ann
			hand Cy R1 => wrong-count
			points Ann 3 => wrong-phase
			points Ben 30 => ok phase=countup
			points Ben 30 => wrong-phase
			points Cy 12 => ok phase=setup s.Ann=42 round=1`},
		{"§2.10 going out on a wild draw four under stacking: no more stacking", "rules official +stacking\n", `
			play R6
			uno
			draw
			pass
			draw
			pass
			play W+4:G => ok phase=challenge turn=Ben pending=4
			play W+4:B => must-draw
			draw => ok phase=countup h.Ben=17`},
		{"§2.10 going out on a plain wild needs no colour", "", `
			play R6
			uno
			draw
			pass
			draw
			pass
			play W => ok phase=countup +roundover:Ann`},
		{"§2.8 a last wild draw four is always innocent: the hand is empty", "", `
			play R6
			uno
			draw
			pass
			draw
			pass
			play W+4:G => ok phase=challenge turn=Ben
			challenge => ok phase=show turn=Ann
			hand Ann => ok phase=countup h.Ben=19 h.Ann=0`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := New()
			play(t, g, tt.rules+annAtTwo)
			play(t, g, tt.script)
		})
	}
}

// TestUnoCallAnsweringADraw: a player who owes a draw and may answer it
// with a card (deflect, stacking, wd4-answer, reverse-bounce, jump-in)
// calls UNO as that second-last card goes down, as in a turn: the call
// counts and is no false call, so no mistake-penalty. Ann holds two cards
// and faces Cy's Draw Two.
func TestUnoCallAnsweringADraw(t *testing.T) {
	annFacesDrawTwo := annPlays("R1", "R2", "R3", "R4", "R6") + "draw\npass\nplay R+2\n"
	tests := []struct {
		name, rules, script string
	}{
		{"§2.9 deflect-draw-two: the call goes with the deflecting card", "rules official +deflect-draw-two mistake-penalty=2\n", `
			=> phase=penalty turn=Ann h.Ann=2
			uno Ann => ok +uno:Ann -mistake h.Ann=2
			play B+2 => ok turn=Ben h.Ann=1 +uno:Ann
			draw => ok -missed h.Ann=1`},
		{"§2.9 stacking: the call goes with the stacked card", "rules official +stacking mistake-penalty=2\n", `
			uno Ann => ok -mistake
			play G+2 => ok pending=4 h.Ann=1
			draw => ok -missed h.Ann=1 h.Ben=16`},
		{"§2.9 the call is dropped when the player draws instead", "rules official +deflect-draw-two\n", `
			uno Ann => ok
			draw => ok h.Ann=4 turn=Ben
			catch Ann => bad-catch`},
		{"§2.9 no card can answer: the call is false", "rules official mistake-penalty=2\n", `
			uno Ann => false-uno +mistake:Ann:2 h.Ann=4`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { play(t, New(), tt.rules+annFacesDrawTwo+tt.script) })
	}
}

func TestPileAndDuplicates(t *testing.T) {
	t.Run("§6 duplicate card: a third Red 5", func(t *testing.T) {
		play(t, New(), `
			players Ann Ben
			start R5
			play R5 => ok
			play R5 => duplicate-card msg="Red 5 is in the deck only 2 times, and all of them are already on the pile"
			play R0 => ok
			play R0 => duplicate-card msg="There is only one Red 0 in the deck and it is already on the pile"`)
	})
	t.Run("§2.11 empty draw pile: reshuffle all but the top card", func(t *testing.T) {
		g := New()
		play(t, g, `
			players Ann Ben
			start R5 => pile=93
			play R1
			play R1
			play R5 => turn=Ann
			play R1 => duplicate-card`)
		play(t, g, strings.Repeat("draw\npass\n", 93))
		play(t, g, `
			=> pile=0 turn=Ben h.Ann=53 h.Ben=51
			draw => ok +reshuffle pile=2 h.Ben=52
			pass
			play R1 => ok`)
	})
	t.Run("§2.11 a penalty bigger than the pile reshuffles", func(t *testing.T) {
		g := New()
		play(t, g, "players Ann Ben\nstart R5\nplay R1\nplay R2\nplay R3\nplay R+2\n=> turn=Ben pending=2\n")
		play(t, g, "draw\n")
		play(t, g, strings.Repeat("draw\npass\n", 90))
		play(t, g, `
			=> pile=1 turn=Ann
			play R+2 => ok turn=Ben
			draw => ok +reshuffle pile=4 h.Ben=54`)
	})
}

func TestHeights(t *testing.T) {
	const setup = "rules cars\nplayers Ann Ben Cy Dan\nstart R5\n"
	tests := []struct {
		name, script string
	}{
		{"§2.7 Extreme Heights: 9, 9, 5, 3 → 5 wins", `
			play WX:B => ok phase=heights turn=Ben color=B
			play B5 => wrong-phase
			hand Ben B9 => ok
			hand Ben B8 => wrong-phase
			hand Cy B9 => ok
			hand Dan R5 => illegal-card
			hand Dan B5 B6 => wrong-count
			hand Dan B5 => ok
			hand Ann B3 => ok phase=turn top=B5 color=B h.Dan=6 h.Ben=6 h.Cy=7 turn=Cy msg~"Dan's Blue 5 is the highest number picked once"`},
		{"§2.7 Extreme Heights with no unique number is a plain wild", `
			play WX => ok phase=color
			color G => ok phase=heights
			hand Ben G9
			hand Cy G9
			hand Dan
			hand Ann => ok phase=turn top=WX:G color=G turn=Cy h.Cy=7 msg~"stays a green wild"`},
		{"§2.7 Extreme Heights picks can't outnumber the deck", `
			play WX:B
			hand Ben B9
			hand Cy B9
			hand Dan B9 => duplicate-card`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { play(t, New(), setup+tt.script) })
	}
}

// annOut is annPlays with Ann going out: seven plays, UNO called.
func annOut(start string) string {
	s := annPlays("R1", "R2", "R3", "R4", "R6", "R7", "R8")
	s = strings.Replace(s, "play R7\n", "play R7\nuno\n", 1)
	if start != "" {
		s = strings.Replace(s, "start R5", start, 1)
	}
	return s
}

// TestCurrentRound: the round the table names is counted from the first
// card turned up (RULES.md §7), one that goes back included; before it,
// in setup, it is the round about to be dealt.
func TestCurrentRound(t *testing.T) {
	script := strings.Replace(annOut(""), "start R5\n", `=> phase=setup round=0 named=1
		start W+4 => ok phase=setup +return round=1 named=1
		start R5 => ok phase=turn round=1 named=1
		`, 1)
	play(t, New(), script+`
		=> phase=countup round=1 named=1
		points Ben 30
		points Cy 12 => ok phase=setup round=1 named=2
		start W+4 => ok phase=setup +return round=2 named=2
		start R5 => ok phase=turn round=2 named=2`)
}

func TestScoring(t *testing.T) {
	tests := []struct {
		name, rules, script string
	}{
		{"§4 winner-collects: the winner scores the others' points", "rules official target=50\n", `
			=> phase=countup h.Ann=0 h.Ben=13 h.Cy=13
			points Ben 30 => ok
			points Cy 12 => ok phase=setup s.Ann=42 s.Ben=0 dealer=Ann
			start R5 => ok round=2 turn=Ben dealer=Ann h.Ben=7 pile=86`},
		{"§4 winner-collects: reaching the target ends the game", "rules official target=40\n", `
			points Ben 30
			points Cy 12 => ok phase=over winner=Ann +gameover:Ann
			start R5 => wrong-phase msg="The game is over: Ann won"`},
		{"§4 count-up by hand: points of the cards shown", "rules official target=40\n", `
			hand Ben R1 R2 R3 R4 R5 R6 R7 R8 R9 B1 B2 B3 BS => ok msg="Ben's cards left are worth 71 points"
			hand Cy W W+4 B+2 BR GS Y0 Y1 Y2 Y3 Y4 Y5 Y6 Y7 => ok s.Ann=259 winner=Ann`},
		{"§4 penalty: everyone adds their own, lowest wins at the target", "rules house-ru target=50\n", `
			points Ben 30
			points Cy 12 => ok phase=setup s.Ann=0 s.Ben=30 s.Cy=12`},
		{"§4 penalty: reaching the target ends the game, lowest wins", "rules house-ru\n", `
			points Ben 230
			points Cy 12 => ok phase=over s.Ben=230 winner=Ann`},
		{"§3 points no hand of that size holds are refused, without a penalty", "rules official mistake-penalty=2\n", `
			points Ben 501 => wrong-count h.Ben=13 msg="Ben holds 13 cards: a hand like that is worth 500 points at most"
			points Ben 500 => ok
			points Cy 12 => ok phase=over s.Ann=512`},
		{"§3 the cars deck holds twelve cards worth 50", "rules cars\n", `
			points Ben 621 => wrong-count msg~"620 points at most"
			points Ben 620 => ok`},
		{"§4 reset-zero: a lone 0 counts 50", "rules official +reset-zero\n", `
			points Ben 30
			hand Cy R0 => wrong-count`},
		{"§4 lazy: the winner starts the next round, the loser deals", "rules official scoring=lazy target=2\n", `
			points Ben 30
			points Cy 12 => ok phase=setup s.Ann=1 msg~"Ann wins the round and Ben deals next"
			start R5 => ok dealer=Ben turn=Ann round=2`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := New()
			play(t, g, tt.rules+annOut(""))
			play(t, g, tt.script)
		})
	}
	t.Run("§4 lazy: a second round win ends the game", func(t *testing.T) {
		g := New()
		play(t, g, "rules official scoring=lazy target=2\n"+annOut(""))
		play(t, g, "points Ben 30\npoints Cy 12\n")
		s := annOut("")
		s = s[strings.Index(s, "start"):]
		play(t, g, s)
		// The game is over: nobody deals next, and the win is said once.
		play(t, g, "points Ben 5\npoints Cy 12 => ok phase=over winner=Ann s.Ann=2 msg=\"Cy's cards left are worth 12 points, and Ann wins the game\"\n")
	})
	t.Run("§4 reset-zero: a lone 0 counts 50", func(t *testing.T) {
		for _, tc := range []struct{ rules, want string }{{"+reset-zero", "50"}, {"", "0"}} {
			g := New()
			var b strings.Builder
			b.WriteString("rules official " + tc.rules + "\nplayers Ann Ben\ndealer Ben\nstart R5\n")
			for i, c := range []string{"R1", "R2", "R3", "R4", "R6", "R7"} {
				b.WriteString("play " + c + "\nplay " + c + "\n")
				if i == 5 {
					b.WriteString("uno Ben\n")
				}
				if i == 4 {
					b.WriteString("")
				}
			}
			s := strings.Replace(b.String(), "play R7\nplay R7\n", "play R7\nuno\nplay R7\n", 1)
			play(t, g, s+"play R8 => ok phase=countup\nhand Ben R0 => ok s.Ann="+tc.want+"\n")
		}
	})
}

func TestGameModes(t *testing.T) {
	t.Run("§3 play-to-end: play on until one player holds cards", func(t *testing.T) {
		var b strings.Builder
		b.WriteString("rules official +play-to-end\nplayers Ann Ben Cy\ndealer Cy\nstart R5\n")
		reds := []string{"R1", "R2", "R3", "R4", "R6", "R7", "R8"}
		for i, c := range reds {
			b.WriteString("play " + c + "\n")
			if i == 5 {
				b.WriteString("uno\n")
			}
			if i == 6 {
				b.WriteString("=> ok +out:Ann h.Ann=0 turn=Ben phase=turn\n")
			}
			b.WriteString("play " + c + " as Ben\n")
			if i == 5 {
				b.WriteString("uno\n")
			}
			if i < 6 {
				b.WriteString("draw\npass\n")
			}
		}
		b.WriteString("=> ok phase=countup +roundover:Ann h.Cy=13\npoints Cy 40 => ok s.Ann=40 phase=setup\n")
		play(t, New(), b.String())
	})
	t.Run("§3 play-to-end: two players left, a reverse skips", func(t *testing.T) {
		var b strings.Builder
		b.WriteString("rules official +play-to-end\nplayers Ann Ben Cy\ndealer Cy\nstart R5\n")
		for i, c := range []string{"R1", "R2", "R3", "R4", "R6", "R7", "R8"} {
			b.WriteString("play " + c + "\n")
			if i == 5 {
				b.WriteString("uno\n")
			}
			if i < 6 {
				b.WriteString("draw\npass\ndraw\npass\n")
			}
		}
		b.WriteString("=> ok +out:Ann turn=Ben\nplay RR => ok turn=Ben +skip:Cy\n")
		play(t, New(), b.String())
	})
	t.Run("§3 seven-rounds: 7, then 6, 5, … 1 cards; the last single card wins", func(t *testing.T) {
		plays := strings.Fields("R1 R2 R3 R4 R6 R7 R8 R9 R1 R2 R3 R4 R6 R7 R8 R9 R0 B0 B1 B2 B3 B4 B5 B6 B7 B8 B9 B1")
		var b strings.Builder
		b.WriteString("rules official +seven-rounds uno-enforcement=players\nplayers Ann Ben\ndealer Ben\nstart R5\n")
		hand, stage := 7, 6
		for i, c := range plays {
			b.WriteString("play " + c + "\n")
			hand--
			switch {
			case hand == 0 && stage == 0:
				b.WriteString("=> ok phase=over winner=Ann +gameover:Ann\n")
			case hand == 0:
				b.WriteString("=> ok +draw:Ann:" + strconv.Itoa(stage) + " h.Ann=" + strconv.Itoa(stage) + "\n")
				hand, stage = stage, stage-1
			}
			if i < len(plays)-1 {
				b.WriteString("draw\npass\n")
			}
		}
		play(t, New(), b.String())
	})
}

func TestRefusals(t *testing.T) {
	tests := []struct {
		name, script string
	}{
		{"§7 lines before the players are seated", `
			start R5 => wrong-phase msg="The game has not begun: seat the players first"
			dealer Ann => unknown-player`},
		{"§7 out-of-phase lines in setup", abc + `
			play R5 => wrong-phase
			color R => wrong-phase
			draw => wrong-phase
			pass => wrong-phase
			uno Ann => wrong-phase
			catch Ann => wrong-phase
			challenge => wrong-phase
			hand Ann R1 => wrong-phase
			points Ann 3 => wrong-phase
			swap Ann => wrong-phase`},
		{"§7 setup lines once the game has begun", abc + `
			start R5
			players Ann Ben => wrong-phase
			rules house-ru => wrong-phase
			dealer Ben => wrong-phase
			start R7 => wrong-phase`},
		{"§7 setup lines after a returned starter", abc + `
			start W+4
			players Ann Ben => wrong-phase
			rules house-ru => wrong-phase`},
		{"§7 out-of-phase lines in a turn", abc + `
			start R5
			color R => wrong-phase
			challenge => wrong-phase
			hand Ann R1 => wrong-phase
			points Ann 3 => wrong-phase
			swap Ann => wrong-phase
			catch Ann => bad-catch`},
		{"§7 unknown players", abc + `
			dealer Zed => unknown-player msg="Zed is not at this table"
			start R5
			play R3 as Zed => unknown-player
			uno Zed => unknown-player
			catch Zed => unknown-player
			hand Zed => unknown-player
			points Zed 3 => unknown-player
			swap Zed => unknown-player`},
		{"§7 a bad rules line", `
			rules official +stacking +deflect-draw-two => bad-rules msg~"can't both be on: pick one"
			rules nonsense => bad-rules
			rules official +stacking => ok`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { play(t, New(), tt.script) })
	}
}

func TestOutOfPhase(t *testing.T) {
	every := []string{"players Ann Ben", "rules official", "dealer Ann", "start R1", "play R1", "color G", "draw", "pass", "uno Ann", "catch Ann", "challenge", "hand Ann", "points Ann 0", "swap Ann"}
	tests := []struct {
		name, setup string
		allowed     []string // keywords this phase accepts (or answers with another code)
	}{
		{"§7 phase color", abc + "start R5\nplay W\n", []string{"color", "uno", "catch"}},
		{"§7 phase penalty", abc + "start R5\nplay R+2\n", []string{"draw", "pass", "play", "uno", "catch"}},
		{"§7 phase challenge", abc + "start R5\nplay W+4:G\n", []string{"draw", "pass", "play", "uno", "catch", "challenge"}},
		{"§7 phase show", abc + "start R5\nplay W+4:G\nchallenge\n", []string{"hand", "uno", "catch"}},
		{"§7 phase swap", "rules official +seven-zero\n" + abc + "start R5\nplay R7\n", []string{"swap", "uno", "catch"}},
		{"§7 phase heights", "rules cars\n" + abc + "start R5\nplay WX:G\n", []string{"hand", "uno", "catch"}},
		{"§7 phase drawn", abc + "start R5\ndraw\n", []string{"play", "pass", "uno", "catch"}},
		{"§7 phase countup", annOut(""), []string{"hand", "points"}},
		{"§7 phase over", "rules official target=1\n" + annOut("") + "points Ben 1\npoints Cy 1\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, line := range every {
				kw := strings.Fields(line)[0]
				skip := false
				for _, a := range tt.allowed {
					skip = skip || a == kw
				}
				if skip {
					continue
				}
				g := New()
				play(t, g, tt.setup)
				play(t, g, line+" => wrong-phase")
			}
		})
	}
}

func TestJumpInMore(t *testing.T) {
	play(t, New(), `
		rules house-ru
		players Ann Ben Cy Dan
		start R5
		play R7 => turn=Cy
		draw => phase=drawn
		play R7 as Dan => ok turn=Ann phase=turn
		play W:G => ok
		play W as Cy => ok phase=color turn=Cy +jumpin:Cy
		color B => ok turn=Dan color=B`)
}
