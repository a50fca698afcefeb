package playername_test

import (
	"fmt"

	"github.com/unoref/unoref/referee/playername"
)

func Example() {
	typed := "Zoe\u0308" // "e" and a combining diaeresis, as some keyboards send it
	name, err := playername.Check(typed)
	fmt.Println(name, err, len(typed), len(name))
	fmt.Println(playername.Same(name, "ZOË"))
	_, err = playername.Check("\u0301")
	fmt.Println(err)
	// Output:
	// Zoë <nil> 5 4
	// true
	// A name can't begin with an accent or a mark on its own: try Ann
}
