package table

import (
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
	key := ""
	if before.Pending > 0 {
		key = answerKey(top, c, r)
	}
	if key == "" {
		key = matchKey(top, color, c)
	}
	if top.IsWild() || top.Kind == cards.Blank {
		// The colour in play is said on its own: the wild or blank on top
		// is named without it ("on a Wild: red is asked for").
		a.Top = top.Face()
	}
	return msg.Msg{Key: key, Args: a}, true
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
	case top.Kind == cards.Blank && c.Color == color:
		return "teach.color.blank"
	case c.Color == color:
		return "teach.color"
	case c.Kind == cards.Number:
		return "teach.number"
	}
	return "teach.symbol"
}

// RulesInForce is the rules of a game as lines a child understands, each
// one whole and true of r whatever options it has: what the preset plays
// (rules.play.P), the deck when it is not the standard one, the starter
// when only numbers start, each house rule on (rules.option.X) and each
// of the preset's own switched off (rules.option.X.off), then UNO, the
// mistake penalty, the Wild Draw Four challenge and how the game is won,
// with the numbers of r.
func RulesInForce(r referee.Rules) []msg.Sentence {
	line := func(key string, a msg.Args) msg.Sentence { return msg.Sentence{{Key: key, Args: a}} }
	lines := []msg.Sentence{line("rules.play."+r.Preset, msg.Args{})}
	switch {
	case r.Deck == cards.Cars:
		lines = append(lines, line("rules.deck.cars", msg.Args{}))
	case r.Deck == cards.Blanks && !r.BlankDrawTen:
		lines = append(lines, line("rules.deck.blanks", msg.Args{}))
	}
	if r.Starter == referee.StarterNumber {
		lines = append(lines, line("rules.starter.number", msg.Args{}))
	}
	base, _ := referee.Preset(r.Preset)
	preset := base.Toggles()
	for i, t := range r.Toggles() {
		switch {
		case t.On:
			lines = append(lines, line("rules.option."+t.Name, msg.Args{}))
		case preset[i].On:
			lines = append(lines, line("rules.option."+t.Name+".off", msg.Args{}))
		}
	}
	switch {
	case r.UnoPenalty == 0:
		lines = append(lines, line("rules.uno.free", msg.Args{}))
	default:
		lines = append(lines, line("rules.uno."+r.UnoEnforcement, msg.Args{N: r.UnoPenalty}))
	}
	if r.MistakePenalty > 0 {
		lines = append(lines, line("rules.mistake", msg.Args{N: r.MistakePenalty}))
	}
	lines = append(lines, line("rules.challenge."+r.Challenge, msg.Args{N: r.ChallengeGuiltyDraw}))
	if !r.SevenRounds {
		lines = append(lines, line("rules.scoring."+r.Scoring, msg.Args{N: r.Target}))
	}
	return lines
}
