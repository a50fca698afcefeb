package cards_test

import (
	"fmt"

	"github.com/unoref/unoref/cards"
)

func ExampleParse() {
	c, err := cards.Parse("W+4:B")
	if err != nil {
		panic(err)
	}
	fmt.Println(c.Name(), c.Points(), c.Face())
	// Output: Wild Draw Four (blue) 50 W+4
}

func ExampleDeck() {
	d, _ := cards.Deck(cards.Cars)
	n := cards.Count(d)
	fmt.Println(len(d), n[cards.Card{Kind: cards.Heights}])
	// Output: 112 4
}

func ExampleMostPoints() {
	most, _ := cards.MostPoints(cards.Standard, 5)
	fmt.Println(most)
	// Output: 250
}
