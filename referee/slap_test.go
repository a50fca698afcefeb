package referee

import (
	"strings"
	"testing"
)

// twoAtOne leaves Ann with one card in a two-player game, Ben to play.
const twoAtOne = `players Ann Ben
dealer Ben
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
`

// TestUnoSlap referees uno-slap (RULES.md §3, §7 slap NAME): every edge
// of the slaps after a UNO call, in untimed and timed logs.
func TestUnoSlap(t *testing.T) {
	const slap = "rules official +uno-slap\n"
	const slapStrict = "rules official +uno-slap mistake-penalty=2\n"
	const slap4 = "rules official +uno-slap uno-penalty=4\n"
	tests := []struct {
		name, setup, script string
	}{
		{"§3 uno-slap: the last to slap draws 2", slap + annAtTwo, `
			=> h.Ann=2 h.Ben=12 h.Cy=12
			play R6 => ok uno=Ann slap= -slapopen
			uno => ok +uno:Ann +slapopen:Ann slap=Ann due=Ben,Cy msg="Ann calls UNO; everyone else slaps Ann's hand"
			slap Cy => ok +slap:Cy -slaplast slap=Ann due=Ben msg="Cy slaps Ann's hand, 1 player still to slap"
			slap Ben => ok +slap:Ben +slaplast:Ben:2 h.Ben=14 h.Cy=12 slap= due= msg="Ben slaps Ann's hand — the last slap: Ben draws 2"
			draw => ok turn=Ben h.Ben=15 h.Ann=1 -missed`},
		{"§3 uno-slap: a slap by the caller is refused", slap + annAtTwo, `
			play R6
			uno
			slap Ann => bad-slap msg="Ann called UNO: the other players slap" due=Ben,Cy h.Ann=1`},
		{"§3 uno-slap: twice by one player is refused", slap + annAtTwo, `
			play R6
			uno
			slap Ben => ok
			slap Ben => bad-slap msg="Ben has already slapped" due=Cy h.Ben=12`},
		{"§3 uno-slap: a slap with no call open is refused", slap + annAtTwo, `
			slap Ben => bad-slap msg="Nobody has called UNO, so there is no hand to slap"
			play R6
			uno
			slap Ben
			slap Cy => ok slap=
			slap Cy => bad-slap msg="Nobody has called UNO, so there is no hand to slap"`},
		{"§3 uno-slap: a slap by a stranger or outside a round", slap + annAtTwo, `
			play R6
			uno
			slap Zed => unknown-player
			slap Ben
			slap Cy
			uno => ok msg="Ann has already called UNO" -slapopen slap=`},
		{"§3 without uno-slap a slap means nothing and play goes on", annAtTwo, `
			play R6
			uno => ok -slapopen slap=
			slap Ben => bad-slap msg="Nobody slaps in this game: the UNO slap is not on"
			draw => ok`},
		{"§3 uno-slap: play waits until all have slapped", slapStrict + annAtTwo, `
			play R6
			uno
			draw => wrong-phase msg="Play waits until everyone has slapped Ann's hand: 2 players still to slap" h.Ben=12 -mistake
			play R9 => wrong-phase -mistake h.Ben=12
			pass => wrong-phase
			swap Cy => wrong-phase
			slap Ben => ok due=Cy
			play R9 => wrong-phase msg="Play waits until everyone has slapped Ann's hand: 1 player still to slap"
			slap Cy => ok +slaplast:Cy:2
			play R9 => ok turn=Cy h.Ben=11`},
		{"§3 uno-slap: a call before the card lands opens the slaps when it lands", slap + annAtTwo, `
			uno Ann => ok +uno:Ann -slapopen slap=
			play R6 => ok +uno:Ann +slapopen:Ann slap=Ann due=Ben,Cy msg="Ann plays Red 6 and Ben is next; everyone else slaps Ann's hand"
			draw => wrong-phase
			slap Ben
			slap Cy => ok +slaplast:Cy:2`},
		{"§3 uno-slap: the caller names the colour of a wild while the others slap", slap + annAtTwo, `
			uno Ann
			play W => ok phase=color slap=Ann
			color G => ok turn=Ben slap=Ann
			draw => wrong-phase
			slap Cy
			slap Ben => ok +slaplast:Ben:2
			draw => ok`},
		{"§2.9 uno-slap: a missed call opens no slaps and is caught as ever", slap + annAtTwo, `
			play R6
			slap Ben => bad-slap
			draw => ok +missed:Ann:2 h.Ann=3 -slaplast`},
		{"§2.9 uno-slap: a player's catch of a missed call opens no slaps", slap + annAtTwo, `
			play R6
			catch Ann => ok +missed:Ann:2 h.Ann=3 slap=
			slap Ben => bad-slap`},
		{"§2.9 uno-slap: the caller can't be caught during or after the slaps", slap + annAtTwo, `
			play R6
			uno
			catch Ann => bad-catch msg="Ann called UNO in time"
			uno Ben => false-uno
			slap Ben
			slap Cy
			catch Ann => bad-catch
			draw => ok -missed`},
		{"§2.9 uno-slap with uno-penalty=4: the slap still costs 2", slap4 + annAtTwo, `
			play R6
			uno
			slap Ben
			slap Cy => ok +slaplast:Cy:2 h.Cy=14`},
		{"§3 uno-slap: timed, everyone within 3 s, the last draws 2", slap + annAtTwo, `
			10.000 play R6
			10.500 uno => ok slap=Ann
			11.000 slap Cy => ok -slaplast
			13.499 slap Ben => ok +slaplast:Ben:2 msg="Ben slaps Ann's hand — the last slap: Ben draws 2"`},
		{"§3 uno-slap: timed, a slap 3 s after the call is too late", slap + annAtTwo, `
			10.000 play R6
			10.500 uno
			11.000 slap Cy
			13.500 slap Ben => ok +slaplast:Ben:2 h.Ben=14 h.Cy=12 slap= msg="Ben slaps Ann's hand — too late: Ben draws 2"`},
		{"§3 uno-slap: timed, every player late draws 2, nobody else", slap + annAtTwo, `
			10.000 play R6
			10.500 uno
			13.600 slap Cy => ok +slaplast:Cy:2 due=Ben msg="Cy slaps Ann's hand — too late: Cy draws 2, 1 player still to slap"
			14.000 slap Ben => ok +slaplast:Ben:2 slap= h.Ben=14 h.Cy=14`},
		{"§3 uno-slap: timed, a play 3 s after the call makes the missing slappers draw first", slap + annAtTwo, `
			10.000 play R6
			10.500 uno
			11.000 slap Cy
			12.000 draw => wrong-phase
			14.000 draw => ok +slaplast:Ben:2 -slaplast:Cy h.Ben=15 turn=Ben slap= msg="Ben did not slap within 3 seconds and draws 2; Ben draws 1 card and may play it or pass"`},
		{"§3 uno-slap: timed, a refused event late changes nothing; the next one settles", slap + annAtTwo, `
			10.000 play R6
			10.500 uno
			14.000 pass => must-draw h.Ben=12 h.Cy=12 slap=Ann due=Ben,Cy -slaplast
			14.100 draw => ok +slaplast:Ben:2 +slaplast:Cy:2 h.Ben=15 h.Cy=14 slap=`},
		{"§7 uno-slap: without times no slap is ever late", slap + annAtTwo, `
			play R6
			uno
			slap Cy
			99.000 slap Ben => ok +slaplast:Ben:2 msg="Ben slaps Ann's hand — the last slap: Ben draws 2"`},
		{"§3 uno-slap: two players, a lone slap in time costs nothing", slap + twoAtOne, `
			play R7
			uno => ok slap=Ann due=Ben
			draw => wrong-phase
			slap Ben => ok -slaplast slap= msg="Ben slaps Ann's hand: everyone has slapped, play on"
			draw => ok`},
		{"§3 uno-slap: two players, a lone slap 3 s late draws 2", slap + twoAtOne, `
			1.000 play R7
			1.200 uno
			4.200 slap Ben => ok +slaplast:Ben:2 slap=`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := New()
			play(t, g, tt.setup)
			play(t, g, tt.script)
		})
	}
}

// TestUnoSlapNewRound checks that a new deal forgets nothing it should
// keep and keeps no slap open.
func TestUnoSlapNewRound(t *testing.T) {
	g := New()
	round := strings.Replace(annOut(""), "uno\n", "uno\nslap Ben\nslap Cy\n", 1)
	play(t, g, "rules official +uno-slap\n"+round+`
		=> phase=countup slap=
		points Ben 30
		points Cy 12
		start R5 => ok slap= round=2
		slap Ben => bad-slap`)
}
