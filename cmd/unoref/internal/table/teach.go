package table

import (
	"strings"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/tablelog"
)

// Why is the teaching mode's short reason an accepted play was right,
// read from the state before the play ("Green 5 on Green 2: same
// colour"); false for an event that is not a play on a card.
func Why(before referee.State, r referee.Rules, ev tablelog.Event) (msg.Msg, bool) {
	if ev.Kind != tablelog.Play {
		return msg.Msg{}, false
	}
	top, err := cards.Parse(before.Top)
	if err != nil {
		return msg.Msg{}, false
	}
	color, _ := cards.ParseColor(before.Color)
	c := ev.Card
	a := msg.Args{Card: c, Top: top, Color: color}
	if ev.Name != "" && ev.Name != before.Turn {
		return msg.Msg{Key: "teach.jump", Args: a}, true
	}
	if before.Pending > 0 {
		if key := answerKey(top, c, r); key != "" {
			return msg.Msg{Key: key, Args: a}, true
		}
	}
	return msg.Msg{Key: matchKey(top, color, c), Args: a}, true
}

// answerKey names the house rule that lets c answer a card to draw (top),
// "" when it is an ordinary match (a jump-in with the same card).
func answerKey(top, c cards.Card, r referee.Rules) string {
	switch {
	case c.Kind == cards.DrawTwo && top.Kind == cards.DrawTwo && r.Stacking:
		return "teach.stack"
	case c.Kind == cards.DrawTwo && top.Kind == cards.DrawTwo && r.DeflectDrawTwo:
		return "teach.deflect"
	case c.Kind == cards.WildDrawFour && top.Kind == cards.WildDrawFour && r.Stacking:
		return "teach.stack"
	case c.Kind == cards.DrawTwo && top.Kind == cards.WildDrawFour && r.WD4AnswerDrawTwo:
		return "teach.answer"
	case c.Kind == cards.Reverse && r.ReverseBounce:
		return "teach.bounce"
	}
	return ""
}

// matchKey names what c matches on top, with color the colour to match.
func matchKey(top cards.Card, color cards.Color, c cards.Card) string {
	switch {
	case c.Kind == cards.WildDrawFour && color != cards.NoColor:
		return "teach.wild4"
	case c.IsWild():
		return "teach.wild"
	case c.Kind == cards.Blank:
		return "teach.blank"
	case top.IsWild() && c.Color == color:
		return "teach.color.wild"
	case c.Color == color:
		return "teach.color"
	case c.Kind == cards.Number:
		return "teach.number"
	}
	return "teach.symbol"
}

// RulesInForce is the rules of a game as lines a child understands: the
// preset's, then one for each house rule that differs from the preset
// (the words of r.String()).
func RulesInForce(r referee.Rules) []msg.Sentence {
	words := strings.Fields(r.String())
	lines := []msg.Sentence{{{Key: "rules.preset." + r.Preset}}}
	for _, w := range words[1:] {
		lines = append(lines, ruleLine(w))
	}
	return lines
}

// ruleLine explains one word of a rules line: +name, -name or name=value.
func ruleLine(w string) msg.Sentence {
	if name, value, ok := strings.Cut(w, "="); ok {
		if name == "scoring" {
			return msg.Sentence{{Key: "rules.scoring." + value}}
		}
		return msg.Sentence{
			{Key: "teach.setting", Args: msg.Args{Rule: name, Value: value}},
			{Key: "rules.option." + name},
		}
	}
	if name, ok := strings.CutPrefix(w, "-"); ok {
		return msg.Sentence{{Key: "rules.without", Args: msg.Args{Rule: name}}}
	}
	return msg.Sentence{{Key: "rules.option." + strings.TrimPrefix(w, "+")}}
}
