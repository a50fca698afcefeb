package cards

import (
	"errors"
	"fmt"
	"strings"
)

// Color is a card colour, or the colour named for a wild.
type Color uint8

// The four colours, in the order RULES.md lists them. NoColor is the colour
// of a wild nobody has named yet and of a blank.
const (
	NoColor Color = iota
	Red
	Yellow
	Green
	Blue
)

// Colors lists the four playable colours.
var Colors = [...]Color{Red, Yellow, Green, Blue}

var colorCodes = [...]string{"", "R", "Y", "G", "B"}
var colorNames = [...]string{"no colour", "red", "yellow", "green", "blue"}

// Code is the one-letter code of c ("R"), or "" for NoColor.
func (c Color) Code() string {
	if int(c) < len(colorCodes) {
		return colorCodes[c]
	}
	return "?"
}

// String is the lower-case English name of c ("red").
func (c Color) String() string {
	if int(c) < len(colorNames) {
		return colorNames[c]
	}
	return fmt.Sprintf("Color(%d)", uint8(c))
}

// ParseColor reads a one-letter colour code (R, Y, G, B).
func ParseColor(s string) (Color, error) {
	for i := Red; i <= Blue; i++ {
		if colorCodes[i] == s {
			return i, nil
		}
	}
	return NoColor, fmt.Errorf("cards: %w %q: want R, Y, G or B", ErrBadColor, s)
}

// Kind is what a card does.
type Kind uint8

// The kinds of card. Heights is the Extreme Heights card of the Cars edition
// (code WX); Blank is a blank card of a 112-card set.
const (
	Number Kind = iota
	Skip
	Reverse
	DrawTwo
	Wild
	WildDrawFour
	Heights
	Blank
)

var kindNames = [...]string{"number", "Skip", "Reverse", "Draw Two", "Wild", "Wild Draw Four", "Extreme Heights", "Blank"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Card is one UNO card. Number is set for Number cards only. For wild kinds
// (Wild, WildDrawFour, Heights) Color is the colour named for it, NoColor
// while none is named; a Blank has no colour.
type Card struct {
	Kind   Kind
	Color  Color
	Number int8
}

// Errors returned by Parse and ParseColor, for errors.Is.
var (
	ErrBadCard  = errors.New("not a card code")
	ErrBadColor = errors.New("not a colour")
)

// IsWild reports whether c is played on any card and takes a named colour.
func (c Card) IsWild() bool {
	return c.Kind == Wild || c.Kind == WildDrawFour || c.Kind == Heights
}

// Face is c without the colour named for a wild: the printed card, as a deck
// counts it.
func (c Card) Face() Card {
	if c.IsWild() {
		c.Color = NoColor
	}
	return c
}

// Points is what c scores in a count-up (RULES.md §1 "The cards").
func (c Card) Points() int {
	switch c.Kind {
	case Number:
		return int(c.Number)
	case Skip, Reverse, DrawTwo:
		return 20
	default:
		return 50
	}
}

// String is the table-log code of c: "R7", "GS", "YR", "B+2", "W", "W:G",
// "W+4:B", "WX:R", "BLANK".
func (c Card) String() string {
	var b strings.Builder
	switch c.Kind {
	case Number:
		b.WriteString(c.Color.Code())
		b.WriteByte('0' + byte(c.Number))
	case Skip:
		b.WriteString(c.Color.Code() + "S")
	case Reverse:
		b.WriteString(c.Color.Code() + "R")
	case DrawTwo:
		b.WriteString(c.Color.Code() + "+2")
	case Wild:
		b.WriteString("W")
	case WildDrawFour:
		b.WriteString("W+4")
	case Heights:
		b.WriteString("WX")
	case Blank:
		return "BLANK"
	default:
		return fmt.Sprintf("Card(%d,%d,%d)", c.Kind, c.Color, c.Number)
	}
	if c.IsWild() && c.Color != NoColor {
		b.WriteString(":" + c.Color.Code())
	}
	return b.String()
}

// Name is how a person says c: "Red 7", "Blue Draw Two", "Wild Draw Four",
// "Wild (green)".
func (c Card) Name() string {
	switch {
	case c.Kind == Blank:
		return "Blank"
	case c.IsWild() && c.Color != NoColor:
		return c.Kind.String() + " (" + c.Color.String() + ")"
	case c.IsWild():
		return c.Kind.String()
	case c.Kind == Number:
		return fmt.Sprintf("%s %d", capitalize(c.Color.String()), c.Number)
	}
	return capitalize(c.Color.String()) + " " + c.Kind.String()
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Parse reads a card code of RULES.md §1 "The cards". Wilds may carry a named colour
// after a colon ("W:G"); coloured cards may not.
func Parse(code string) (Card, error) {
	c, ok := parse(code)
	if !ok {
		return Card{}, fmt.Errorf("cards: %w: %q", ErrBadCard, code)
	}
	return c, nil
}

func parse(s string) (Card, bool) {
	switch s {
	case "BLANK":
		return Card{Kind: Blank}, true
	case "W":
		return Card{Kind: Wild}, true
	case "W+4":
		return Card{Kind: WildDrawFour}, true
	case "WX":
		return Card{Kind: Heights}, true
	}
	if base, col, ok := strings.Cut(s, ":"); ok {
		c, ok := parse(base)
		if !ok || !c.IsWild() {
			return Card{}, false
		}
		named, err := ParseColor(col)
		if err != nil {
			return Card{}, false
		}
		c.Color = named
		return c, true
	}
	if len(s) < 2 {
		return Card{}, false
	}
	col, err := ParseColor(s[:1])
	if err != nil {
		return Card{}, false
	}
	switch rest := s[1:]; {
	case len(rest) == 1 && rest[0] >= '0' && rest[0] <= '9':
		return Card{Kind: Number, Color: col, Number: int8(rest[0] - '0')}, true
	case rest == "S":
		return Card{Kind: Skip, Color: col}, true
	case rest == "R":
		return Card{Kind: Reverse, Color: col}, true
	case rest == "+2":
		return Card{Kind: DrawTwo, Color: col}, true
	}
	return Card{}, false
}
