package cards

import (
	"fmt"
	"slices"
	"sort"
	"sync"
)

// The decks of RULES.md §1 "The cards".
const (
	Standard = "standard" // 108 cards
	Cars     = "cars"     // 108 + 4 Extreme Heights
	Blanks   = "blanks"   // 108 + 4 blanks
)

// DeckNames lists the decks Deck knows, in a stable order.
var DeckNames = []string{Standard, Cars, Blanks}

// Deck returns every card of the named deck, in a fixed order: for each
// colour 0, 1–9 twice, Skip, Reverse and Draw Two twice; then the wilds.
func Deck(name string) ([]Card, error) {
	extra := Card{}
	size := 108
	switch name {
	case Standard:
	case Cars:
		extra, size = Card{Kind: Heights}, 112
	case Blanks:
		extra, size = Card{Kind: Blank}, 112
	default:
		return nil, fmt.Errorf("cards: unknown deck %q: want standard, cars or blanks", name)
	}
	d := make([]Card, 0, size)
	for _, col := range Colors {
		d = append(d, Card{Kind: Number, Color: col})
		for twice := 0; twice < 2; twice++ {
			for n := int8(1); n <= 9; n++ {
				d = append(d, Card{Kind: Number, Color: col, Number: n})
			}
			d = append(d, Card{Kind: Skip, Color: col}, Card{Kind: Reverse, Color: col}, Card{Kind: DrawTwo, Color: col})
		}
	}
	for i := 0; i < 4; i++ {
		d = append(d, Card{Kind: Wild}, Card{Kind: WildDrawFour})
	}
	if size == 112 {
		for i := 0; i < 4; i++ {
			d = append(d, extra)
		}
	}
	return d, nil
}

// Counts is how many of each face a deck holds.
type Counts map[Card]int

// Count tallies the faces of cards (wilds without their named colour).
func Count(cards []Card) Counts {
	n := make(Counts, 64)
	for _, c := range cards {
		n[c.Face()]++
	}
	return n
}

// Faces lists the distinct faces of n in code order, for stable output.
func (n Counts) Faces() []Card {
	f := make([]Card, 0, len(n))
	for c := range n {
		f = append(f, c)
	}
	sort.Slice(f, func(i, j int) bool { return Less(f[i], f[j]) })
	return f
}

// Less orders cards by colour, then kind, then number, then named colour.
func Less(a, b Card) bool {
	ac, bc := a.Face().Color, b.Face().Color
	if ac != bc {
		return ac < bc
	}
	if a.Kind != b.Kind {
		return a.Kind < b.Kind
	}
	if a.Number != b.Number {
		return a.Number < b.Number
	}
	return a.Color < b.Color
}

// mostPoints holds, per deck, the running sums of its cards' points from
// the highest down: mostPoints[deck][n] is the most n of its cards are
// worth. Built once, when first asked.
var mostPoints = sync.OnceValue(func() map[string][]int {
	m := make(map[string][]int, len(DeckNames))
	for _, name := range DeckNames {
		d, _ := Deck(name)
		pts := make([]int, len(d))
		for i, c := range d {
			pts[i] = c.Points()
		}
		slices.SortFunc(pts, func(a, b int) int { return b - a })
		sums := make([]int, len(pts)+1)
		for i, p := range pts {
			sums[i+1] = sums[i] + p
		}
		m[name] = sums
	}
	return m
})

// MostPoints is the most n cards of the named deck can be worth at the
// count-up (RULES.md §3): its n highest cards, the wilds first. 5 cards of
// the standard deck are worth at most 250, 9 at most 420; n past the
// deck's size is the whole deck. It is the one answer to "can this hand
// hold that many points?" for the referee, the table and the page.
func MostPoints(deck string, n int) (int, error) {
	sums, ok := mostPoints()[deck]
	if !ok {
		_, err := Deck(deck)
		return 0, err
	}
	return sums[max(0, min(n, len(sums)-1))], nil
}
