package screen

import (
	"strings"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/lang/msg"
)

// say renders one of the screen's own words (keys screen.* of package
// lang) in the screen's language.
func (s Screen) say(key string, a msg.Args) string {
	return s.Lang.Render(msg.Msg{Key: key, Args: a})
}

// count is a screen word with a number: "Round 2", "Draw 2 cards".
func (s Screen) count(key string, n int) string { return s.say(key, msg.Args{N: n}) }

// colourWord is the colour to match in capitals ("RED", "КРАСНЫЙ"), the
// code itself when it is not a colour.
func (s Screen) colourWord(code string) string {
	c, err := cards.ParseColor(code)
	if err != nil || c == cards.NoColor {
		return code
	}
	return strings.ToUpper(s.say("screen.colour", msg.Args{Color: c}))
}

// initial is a colour's initial in the screen's language, as the corner
// of a printed card shows it: the top card's corner and the colour
// prompt's boxes.
func (s Screen) initial(code string) string { return s.say("screen.corner."+code, msg.Args{}) }

// colour is the colour to match as a template argument, if there is one.
func (s Screen) colour() msg.Args {
	c, err := cards.ParseColor(s.Color)
	if err != nil {
		return msg.Args{}
	}
	return msg.Args{Color: c}
}
