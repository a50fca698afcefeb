package referee

import (
	"errors"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee/tablelog"
)

// Every card (face and named colour) has a small index so the engine can
// count faces in arrays and print codes without fmt.
const numIdx = 8 * 50

func idx(c cards.Card) int { return int(c.Kind)*50 + int(c.Color)*10 + int(c.Number) }

var cardCodes [numIdx]string

func init() {
	for k := cards.Number; k <= cards.Blank; k++ {
		for col := cards.NoColor; col <= cards.Blue; col++ {
			for n := int8(0); n <= 9; n++ {
				c := cards.Card{Kind: k, Color: col, Number: n}
				cardCodes[idx(c)] = c.String()
			}
		}
	}
}

func code(c cards.Card) string { return cardCodes[idx(c)] }

// colourCircle is the order of the colours around the wild's art, clockwise
// (RULES.md §5 colours-in-circle, inferred: red, blue, green, yellow).
var colourCircle = [...]cards.Color{cards.Red, cards.Blue, cards.Green, cards.Yellow}

// circleNext is the colour after c around the circle, clockwise when dir is
// +1, counter-clockwise when -1.
func circleNext(c cards.Color, dir int) cards.Color {
	for i, x := range colourCircle {
		if x == c {
			return colourCircle[(i+4+dir)%4]
		}
	}
	return cards.NoColor
}

// NameMsg is the sentence that refuses a player's name, when err is a
// *tablelog.NameError (tablelog.CheckName): why, and a name to try.
func NameMsg(err error) (msg.Msg, bool) {
	var ne *tablelog.NameError
	if !errors.As(err, &ne) {
		return msg.Msg{}, false
	}
	return ne.Msg(), true
}
