package table_test

import (
	"fmt"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/tablelog"
)

// Teaching mode's reason for a play, from the state before it, in two
// languages.
func ExampleWhy() {
	before := referee.State{Phase: referee.PhaseTurn, Turn: "Ann", Top: "G2", Color: "G"}
	play := tablelog.Event{Kind: tablelog.Play, Card: cards.Card{Kind: cards.Number, Color: cards.Green, Number: 5}}
	rules, _ := referee.Preset(referee.PresetOfficial)
	m, _ := table.Why(before, rules, play)
	fmt.Println(lang.English.Sentence(msg.Sentence{m}))
	fmt.Println(lang.Russian.Sentence(msg.Sentence{m}))
	// Output:
	// Green 5 on Green 2: same colour
	// Зелёная пятёрка на зелёную двойку: тот же цвет
}

// The rules in force, as the referee says them at the start of a game.
func ExampleRulesInForce() {
	rules, _ := referee.ParseRules("official", []string{"+stacking", "uno-penalty=4"})
	for _, line := range table.RulesInForce(rules) {
		fmt.Println(lang.English.Sentence(line))
	}
	// Output:
	// We play by the rules printed in the box: put down a card of the same colour, the same number or the same picture, or a wild card.
	// A Draw Two goes on a Draw Two and a Wild Draw Four on a Wild Draw Four: the cards to draw add up, and whoever can't add draws them all.
	// Say UNO as you put down your second-last card: if you forget, the referee notices and you draw 4 cards.
	// Think a Wild Draw Four was put down by someone who had a card of the colour? Press CHALLENGE: if you are right, that player draws 4 cards; if not, you draw two cards more.
	// Whoever runs out of cards first scores the points of the cards left in the other hands; the first to reach 500 points wins the game.
}
