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
	// The rules printed in the box: match the colour, the number or the picture.
	// Draw Twos pile up on Draw Twos, and Wild Draw Fours on Wild Draw Fours: whoever can't add draws them all.
	// Uno-penalty 4: Forget to say UNO and you draw this many cards.
}
