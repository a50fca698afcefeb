package referee_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/tablelog"
)

func Example() {
	log := `players Ann Ben Cy
rules official
start R5
play R7
play G3
play R+2
draw
play W+4:G`
	g := referee.New()
	for i, line := range strings.Split(log, "\n") {
		ev, _, err := tablelog.Parse(line, i+1)
		if err != nil {
			fmt.Println(err)
			return
		}
		v := g.Apply(ev)
		fmt.Printf("%-12s %-5v %s\n", line, v.OK, v.Text(lang.English))
	}
	st := g.State()
	fmt.Println(st.Phase, st.Turn, st.Pending, st.Hands["Ann"])
	// Output:
	// players Ann Ben Cy true  3 players are seated and Ann deals
	// rules official true  The game is played by the official rules
	// start R5     true  Red 5 starts the pile and Ben plays first
	// play R7      true  Ben plays Red 7 and Cy is next
	// play G3      false Green 3 can't go on Red 7: play a red card, a 7 or a wild
	// play R+2     true  Cy plays Red Draw Two: Ann must draw 2
	// draw         true  Ann draws 2 and misses a turn and Ben is next
	// play W+4:G   true  Ben plays Wild Draw Four (green): Cy must draw 4 or challenge
	// challenge Cy 4 9
}

func ExampleParseRules() {
	r, err := referee.ParseRules("house-ru", []string{"-deflect-draw-two", "+stacking", "uno-penalty=4"})
	fmt.Println(r.Stacking, r.UnoPenalty, r.Target, err)
	_, err = referee.ParseRules("house-ru", []string{"+stacking"})
	var re *referee.RulesError
	if errors.As(err, &re) {
		fmt.Println(lang.English.Render(re.Msg))
	}
	// Output:
	// true 4 200 <nil>
	// The rules `stacking` and `deflect-draw-two` can't both be on, and the house rules already have `deflect-draw-two`: add `-deflect-draw-two`
}

// Under uno-slap the others slap the caller's hand after a UNO call; play
// waits, and the last to slap draws 2.
func Example_unoSlap() {
	g := referee.New()
	apply := func(line string) referee.Verdict {
		ev, _, _ := tablelog.Parse(line, 0)
		return g.Apply(ev)
	}
	// Ann plays down to one card while Ben and Cy draw.
	apply("players Ann Ben Cy")
	apply("rules official +uno-slap")
	apply("dealer Cy")
	apply("start R5")
	for _, c := range []string{"R1", "R2", "R3", "R4", "R6"} {
		for _, l := range []string{"play " + c, "draw", "pass", "draw", "pass"} {
			apply(l)
		}
	}
	for _, line := range []string{"play R7", "uno", "slap Ben", "play R8", "slap Cy"} {
		v := apply(line)
		fmt.Printf("%-9s %-5v %s\n", line, v.OK, v.Text(lang.English))
	}
	st := g.State()
	fmt.Println(st.Hands["Cy"], st.SlapFor == "")
	// Output:
	// play R7   true  Ann plays Red 7 and Ben is next
	// uno       true  Ann calls UNO; everyone else slaps Ann's hand
	// slap Ben  true  Ben slaps Ann's hand, 1 player still to slap
	// play R8   false Play waits until everyone has slapped Ann's hand: 1 player still to slap
	// slap Cy   true  Cy slaps Ann's hand — the last slap: Cy draws 2
	// 14 true
}
