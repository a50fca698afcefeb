package tabletest

import (
	"fmt"
	"slices"
	"strings"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/playtest"
	"github.com/unoref/unoref/referee/tablelog"
)

// Controls turns a table log into the actions that play it at the virtual
// table: taps on the pads, button presses and seat presses, as players
// would. The dealer is picked by tapping one card each (a 9 for the dealer,
// 1s for the others); a wild with its colour is tapped, then its colour
// button pressed; cards shown or drawn are tapped one by one, after a press
// of the seat they belong to. Events are ruled on by a scratch referee to
// know the phase each one comes in; a refused event is an error, since
// what a table would do with it is not defined.
func Controls(evs []tablelog.Event) ([]table.Action, error) {
	g := referee.New()
	var out []table.Action
	var players []string
	seat := func(name string) table.Action {
		return table.Action{Kind: table.KindSeat, Seat: slices.Index(players, name)}
	}
	tap := func(pad string, c cards.Card) table.Action {
		return table.Action{Kind: table.KindTap, Pad: pad, Card: c.String()}
	}
	press := func(b string) table.Action { return table.Action{Kind: table.KindPress, Button: b} }
	var rules []string
	for i, ev := range evs {
		st := g.State()
		switch ev.Kind {
		case tablelog.Players:
			players = ev.Names
		case tablelog.Rules:
			rules = append([]string{ev.Preset}, ev.Options...)
			out = append(out, table.Action{Kind: table.KindNewGame, Players: players, Rules: strings.Join(rules, " ")})
		case tablelog.Dealer:
			if rules == nil {
				out = append(out, table.Action{Kind: table.KindNewGame, Players: players, Rules: referee.PresetOfficial})
				rules = []string{referee.PresetOfficial}
			}
			for _, p := range players {
				n := int8(1)
				if p == ev.Name {
					n = 9
				}
				out = append(out, tap("play", cards.Card{Kind: cards.Number, Color: cards.Red, Number: n}))
			}
		case tablelog.Start:
			if rules == nil {
				return nil, fmt.Errorf("tabletest: event %d: start before the rules line", i+1)
			}
			if !dealerPicked(evs[:i]) {
				// The log's default dealer: skip the pick.
				out = append(out, press("pass"))
			}
			out = append(out, tap("play", ev.Card.Face()))
			if ev.Card.IsWild() && ev.Card.Color != cards.NoColor && ev.Card.Face() != ev.Card {
				return nil, fmt.Errorf("tabletest: event %d: a wild starter with its colour is not tapped", i+1)
			}
		case tablelog.Play:
			if ev.Name != "" {
				out = append(out, seat(ev.Name))
			}
			out = append(out, tap("play", ev.Card.Face()))
			if ev.Card.IsWild() && ev.Card.Color != cards.NoColor && !g.Rules().ColoursInCircle {
				out = append(out, press(ev.Card.Color.Code()))
			}
		case tablelog.Color:
			out = append(out, press(ev.Color.Code()))
		case tablelog.Draw:
			if len(ev.Cards) == 0 {
				out = append(out, press("draw"))
				break
			}
			if (st.Phase == referee.PhasePenalty || st.Phase == referee.PhaseChallenge) && len(ev.Cards) == st.Pending {
				for _, c := range ev.Cards {
					out = append(out, tap("draw", c))
				}
				break
			}
			if len(ev.Cards) != 1 {
				return nil, fmt.Errorf("tabletest: event %d: %d cards drawn at once are not tapped", i+1, len(ev.Cards))
			}
			out = append(out, tap("draw", ev.Cards[0]))
		case tablelog.Pass:
			out = append(out, press("pass"))
		case tablelog.Uno:
			if ev.Name != "" {
				out = append(out, seat(ev.Name))
			}
			out = append(out, press("uno"))
		case tablelog.Catch:
			by := ev.By
			if by == "" {
				by = players[0]
				if by == ev.Name {
					by = players[1]
				}
			}
			out = append(out, seat(by), press("uno"))
		case tablelog.Challenge:
			out = append(out, press("challenge"))
		case tablelog.Hand:
			out = append(out, seat(ev.Name))
			for _, c := range ev.Cards {
				out = append(out, tap("play", c))
			}
			if len(ev.Cards) == 0 {
				out = append(out, press("pass"))
			}
		case tablelog.Points:
			out = append(out, table.Action{Kind: table.KindPoints, Name: ev.Name, Points: ev.N})
		case tablelog.Swap, tablelog.Slap:
			out = append(out, seat(ev.Name))
		}
		if v := g.Apply(ev); !v.OK {
			return nil, fmt.Errorf("tabletest: event %d %q is refused: %s", i+1, ev.String(), v.Text(lang.English))
		}
	}
	return out, nil
}

func dealerPicked(evs []tablelog.Event) bool {
	for _, ev := range evs {
		if ev.Kind == tablelog.Dealer || ev.Kind == tablelog.Start {
			return true
		}
	}
	return false
}

// Play plays a game with playtest's simulated players and returns its
// steps and the page's actions that play it (Controls).
func Play(cfg playtest.Config) ([]playtest.Step, []table.Action, error) {
	steps, err := playtest.Play(cfg)
	if err != nil {
		return nil, nil, err
	}
	evs := make([]tablelog.Event, len(steps))
	for i, s := range steps {
		evs[i] = s.Event
	}
	acts, err := Controls(evs)
	return steps, acts, err
}
