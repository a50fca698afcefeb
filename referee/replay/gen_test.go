package replay

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/unoref/unoref/cards"
)

// syntheticGame plays a whole official game with a real shuffled deck and
// simple players, and returns its table log: thousands of event lines, all
// legal, for the benchmarks and the long-game test. Players play the first
// card that matches (a Wild Draw Four only when legal) or, one time in
// three, draw anyway; they draw when they cannot play, and play the drawn card if they can, always call UNO, never go
// out on a draw card, and never challenge.
func syntheticGame(seed uint64, names []string) string {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	var b strings.Builder
	emit := func(format string, a ...any) { fmt.Fprintf(&b, format+"\n", a...) }
	n := len(names)
	emit("players %s", strings.Join(names, " "))
	emit("rules official")
	scores := make([]int, n)
	dealer := 0
	for {
		deck, _ := cards.Deck(cards.Standard)
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		hands := make([][]cards.Card, n)
		for s := range hands {
			hands[s], deck = append([]cards.Card(nil), deck[:7]...), deck[7:]
		}
		pile := deck // draw from the front
		var discard []cards.Card
		draw := func(s, k int) {
			if k > len(pile) && len(discard) > 1 {
				old := discard[:len(discard)-1]
				rng.Shuffle(len(old), func(i, j int) { old[i], old[j] = old[j], old[i] })
				for i := range old {
					old[i] = old[i].Face()
				}
				pile = append(append([]cards.Card(nil), pile...), old...)
				discard = discard[len(discard)-1:]
			}
			k = min(k, len(pile))
			hands[s] = append(hands[s], pile[:k]...)
			pile = pile[k:]
		}
		first := (dealer + 1) % n
		dir, turn := 1, first
		next := func(s int) int { return ((s+dir)%n + n) % n }
		var top cards.Card
		var col cards.Color
		// The starter.
		for {
			top, pile = pile[0], pile[1:]
			emit("start %s", top)
			if top.Kind == cards.WildDrawFour {
				i := 1 + rng.IntN(len(pile)-1)
				pile = append(pile[:i], append([]cards.Card{top}, pile[i:]...)...)
				continue
			}
			break
		}
		discard = append(discard, top)
		col = top.Color
		pending := 0
		switch top.Kind {
		case cards.Skip:
			turn = next(first)
		case cards.Reverse:
			dir = -1
			turn = next(first)
		case cards.DrawTwo:
			pending = 2
		case cards.Wild:
			col = bestColor(hands[first])
			emit("color %s", col.Code())
			top.Color = col
			discard[0] = top
		}
		matches := func(c cards.Card) bool {
			return c.IsWild() || c.Color == col || c.Kind == top.Kind && (c.Kind != cards.Number || c.Number == top.Number)
		}
		play := func(s, i int) {
			c := hands[s][i]
			hands[s] = append(hands[s][:i], hands[s][i+1:]...)
			if c.IsWild() {
				c.Color = bestColor(hands[s])
			}
			emit("play %s", c)
			if len(hands[s]) == 1 {
				emit("uno")
			}
			top, col = c, c.Color
			discard = append(discard, c)
			turn = next(s)
			switch c.Kind {
			case cards.Skip:
				turn = next(turn)
			case cards.Reverse:
				dir = -dir
				turn = next(s)
				if n == 2 {
					turn = s
				}
			case cards.DrawTwo:
				pending = 2
			case cards.WildDrawFour:
				pending = 4
			}
		}
		// choose is the card s plays, -1 to draw.
		choose := func(s int) int {
			h := hands[s]
			hasColor := false
			for _, c := range h {
				hasColor = hasColor || !c.IsWild() && c.Color == col
			}
			for i, c := range h {
				if len(h) == 1 && (c.Kind == cards.DrawTwo || c.Kind == cards.WildDrawFour) {
					return -1
				}
				if matches(c) && (c.Kind != cards.WildDrawFour || !hasColor) {
					return i
				}
			}
			return -1
		}
		out := -1
		for out < 0 {
			s := turn
			if pending > 0 {
				emit("draw")
				draw(s, pending)
				pending = 0
				turn = next(s)
				continue
			}
			i := choose(s)
			if rng.IntN(3) == 0 {
				i = -1 // anyone may draw instead of playing (§2.5)
			}
			if i < 0 {
				emit("draw")
				draw(s, 1)
				if j := len(hands[s]) - 1; j >= 0 && choose(s) == j {
					play(s, j)
				} else {
					emit("pass")
					turn = next(s)
				}
			} else {
				play(s, i)
			}
			if len(hands[s]) == 0 {
				out = s
			}
		}
		total := 0
		for s := range hands {
			if s == out {
				continue
			}
			codes := make([]string, 0, len(hands[s]))
			for _, c := range hands[s] {
				codes = append(codes, c.Face().String())
				total += c.Points()
			}
			emit("hand %s %s", names[s], strings.Join(codes, " "))
		}
		scores[out] += total
		if scores[out] >= 500 {
			return b.String()
		}
		dealer = (dealer + 1) % n
	}
}

// bestColor is the colour a player names for a wild: the one they hold
// most of.
func bestColor(h []cards.Card) cards.Color {
	var n [5]int
	for _, c := range h {
		if !c.IsWild() {
			n[c.Color]++
		}
	}
	best := cards.Red
	for _, c := range cards.Colors {
		if n[c] > n[best] {
			best = c
		}
	}
	return best
}
