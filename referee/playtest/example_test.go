package playtest_test

import (
	"fmt"

	"github.com/unoref/unoref/referee/playtest"
)

// A game with a fixed seed: the first lines of its table log, and how it
// ends.
func ExamplePlay() {
	steps, err := playtest.Play(playtest.Config{Players: 3, Preset: "official", Seed: 7})
	if err != nil {
		panic(err)
	}
	for _, s := range steps[:8] {
		fmt.Println(s.Event.String())
	}
	fmt.Println(len(steps) > 50, steps[len(steps)-1].State.Phase)
	// Output:
	// players Ann Ben Cat
	// rules official
	// dealer Cat
	// start Y5
	// play YS
	// play Y4
	// play B4
	// play B4
	// true over
}
