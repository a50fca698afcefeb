package referee_test

import (
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
	fmt.Println(err)
	// Output:
	// true 4 200 <nil>
	// referee: rules: stacking and deflect-draw-two can't both be on: pick one (house-ru has deflect-draw-two: add -deflect-draw-two)
}
