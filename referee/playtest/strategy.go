package playtest

import (
	"slices"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/referee/tablelog"
)

// Strategy is how the simulated players behave: each field is the
// probability of a choice when it is possible.
type Strategy struct {
	DrawInstead float64 // draw although a card could be played
	PlayDrawn   float64 // play a playable drawn card rather than pass
	ForgetUno   float64 // not call UNO on the second-last card
	Catch       float64 // someone catches a forgotten call in time
	Challenge   float64 // challenge a Wild Draw Four
	Bluff       float64 // play a Wild Draw Four while holding the colour
	JumpIn      float64 // jump in with an identical card (when allowed)
	Counter     float64 // answer a penalty (stack, deflect, bounce)
	ColorLine   float64 // play a wild bare and name the colour on a color line
	Points      float64 // count up with points instead of showing the hand
	SwapCard    float64 // five-swap: swap a card on a 5
	PreCall     float64 // call UNO just before playing the second-last card
	BareDraw    float64 // draw with no card codes (no draw pad)
	// ForgetOnWD4 lets a player forget UNO on a Wild Draw Four too; off
	// by default because of engine bug D4 (the challenge's auto-catch
	// cards are judged as part of the accused's hand).
	ForgetOnWD4 bool
	// ChallengeStaged lets a player challenge a Wild Draw Four that
	// emptied a seven-rounds hand; off by default because of engine bug
	// D5 (the next stage's cards are judged as the accused's hand).
	ChallengeStaged bool
	Illegal         float64 // try a refused play (wrong card, out of turn, impossible card)
}

// DefaultStrategy is a lively table that makes every kind of move.
var DefaultStrategy = Strategy{DrawInstead: 0.08, PlayDrawn: 0.75, ForgetUno: 0.25, Catch: 0.5,
	Challenge: 0.35, Bluff: 0.3, JumpIn: 0.6, Counter: 0.7, ColorLine: 0.3, Points: 0.2,
	SwapCard: 0.5, PreCall: 0.2, BareDraw: 0.05, Illegal: 0.03}

// LegalStrategy makes only moves the rules allow (no bluffs, no refused
// events).
var LegalStrategy = Strategy{DrawInstead: 0.08, PlayDrawn: 0.75, ForgetUno: 0, Catch: 0,
	Challenge: 0.35, Bluff: 0, JumpIn: 0.6, Counter: 0.7, ColorLine: 0.3, Points: 0.2,
	SwapCard: 0.5, PreCall: 0.2, BareDraw: 0.05, Illegal: 0}

func (t *Model) chance(p float64) bool { return p > 0 && t.r.Float64() < p }

func pick[T any](t *Model, s []T) T { return s[t.r.IntN(len(s))] }

// choose decides the next event the table produces.
func (t *Model) choose() (tablelog.Event, string) {
	st := &t.cfg.Strategy
	t.bareDraw = t.chance(st.BareDraw)
	if t.phase == phaseSetup {
		return t.chooseSetup()
	}
	if t.slap.caller >= 0 {
		return t.chooseSlap()
	}
	if t.phase == phaseTurn && t.fiveSwap >= 0 && t.fiveTarget >= 0 && !t.out[t.fiveTarget] {
		return tablelog.Event{Kind: tablelog.Swap, Name: t.names[t.fiveTarget]}, "swaps a card on a 5"
	}
	// The UNO window of the last player.
	if t.unoOpen >= 0 && !t.unoCalled {
		switch t.unoPlan {
		case planCall:
			name := t.names[t.unoOpen]
			if t.lastPlayer == t.unoOpen && t.r.IntN(2) == 0 {
				name = ""
			}
			return tablelog.Event{Kind: tablelog.Uno, Name: name}, "calls UNO"
		case planCatch:
			t.unoPlan = planForget
			return tablelog.Event{Kind: tablelog.Catch, Name: t.names[t.unoOpen]}, "catches a missed UNO"
		}
	}
	if t.chance(st.Illegal / 2) {
		if ev, note, ok := t.chooseOutOfPhase(); ok {
			return ev, note
		}
	}
	if (t.phase == phaseTurn || t.phase == phaseDrawn) && t.chance(st.Illegal) {
		if ev, note, ok := t.chooseIllegal(); ok {
			return ev, note
		}
	}
	if t.rules.JumpIn && t.chance(st.JumpIn) {
		if ev, ok := t.chooseJumpIn(); ok {
			return ev, "jumps in"
		}
	}
	p := t.turn
	switch t.phase {
	case phaseTurn:
		var ok []cards.Card
		for _, c := range t.hands[p] {
			if t.matches(c) && t.allowWD4(p, c) {
				ok = append(ok, c)
			}
		}
		if len(ok) == 0 || t.chance(st.DrawInstead) {
			return tablelog.Event{Kind: tablelog.Draw}, "draws"
		}
		if len(t.hands[p]) == 2 && t.preCall != p && t.chance(st.PreCall) {
			return tablelog.Event{Kind: tablelog.Uno, Name: t.names[p]}, "calls UNO before playing"
		}
		return t.playEvent(p, pick(t, ok), ""), "plays"
	case phaseDrawn:
		if t.drawnAny && t.matches(t.drawn) && t.allowWD4(p, t.drawn) && t.chance(st.PlayDrawn) {
			return t.playEvent(p, t.drawn, ""), "plays the drawn card"
		}
		return tablelog.Event{Kind: tablelog.Pass}, "passes"
	case phaseColor:
		col := t.favourite(p)
		if t.wildBy < 0 {
			col = pick(t, cards.Colors[:])
		}
		return tablelog.Event{Kind: tablelog.Color, Color: col}, "names the colour"
	case phasePenalty, phaseChallenge:
		var counter []cards.Card
		for _, c := range t.hands[p] {
			if t.counterPlay(c) && t.allowWD4(p, c) {
				counter = append(counter, c)
			}
		}
		staged := t.rules.SevenRounds && t.wd4.emptied && !st.ChallengeStaged
		if t.phase == phaseChallenge && !staged && t.chance(st.Challenge) {
			return tablelog.Event{Kind: tablelog.Challenge}, "challenges"
		}
		if len(counter) > 0 && t.chance(st.Counter) {
			return t.playEvent(p, pick(t, counter), ""), "answers the penalty"
		}
		return tablelog.Event{Kind: tablelog.Draw}, "draws the penalty"
	case phaseShow:
		return tablelog.Event{Kind: tablelog.Hand, Name: t.names[t.wd4.by], Cards: slices.Clone(t.hands[t.wd4.by])}, "shows the hand"
	case phaseSwap:
		var others []int
		for i := range t.n {
			if i != p && !t.out[i] {
				others = append(others, i)
			}
		}
		return tablelog.Event{Kind: tablelog.Swap, Name: t.names[pick(t, others)]}, "swaps hands"
	case phaseHeights:
		i := t.heights.by
		for t.heights.done[i] {
			i = (i + 1) % t.n
		}
		ev := tablelog.Event{Kind: tablelog.Hand, Name: t.names[i]}
		var nums []cards.Card
		for _, c := range t.hands[i] {
			if c.Kind == cards.Number && c.Color == t.heights.color {
				nums = append(nums, c)
			}
		}
		// A player with two cards or fewer keeps them: a pick that
		// empties a hand or leaves one card has no ruling.
		if len(nums) > 0 && len(t.hands[i]) > 2 && t.chance(0.9) {
			ev.Cards = []cards.Card{pick(t, nums)}
		}
		return ev, "picks for Extreme Heights"
	case phaseCountup:
		var left []int
		for i, s := range t.shown {
			if !s {
				left = append(left, i)
			}
		}
		i := pick(t, left)
		if t.chance(st.Points) {
			return tablelog.Event{Kind: tablelog.Points, Name: t.names[i], N: t.handPoints(t.hands[i])}, "counts up"
		}
		return tablelog.Event{Kind: tablelog.Hand, Name: t.names[i], Cards: slices.Clone(t.hands[i])}, "shows the hand"
	}
	panic("playtest: no move in phase " + t.phase)
}

func (t *Model) chooseSetup() (tablelog.Event, string) {
	switch {
	case !t.seated:
		return tablelog.Event{Kind: tablelog.Players, Names: slices.Clone(t.names)}, "seats the players"
	case !t.ruled:
		return tablelog.Event{Kind: tablelog.Rules, Preset: t.cfg.Preset, Options: slices.Clone(t.cfg.Options)}, "sets the rules"
	case !t.dealerSaid:
		// Everyone draws a card; the table only sees who deals. The
		// default dealer (the first seat) is sometimes left unsaid.
		d := t.r.IntN(t.n)
		if d != 0 || t.r.IntN(2) == 0 {
			return tablelog.Event{Kind: tablelog.Dealer, Name: t.names[d]}, "names the dealer"
		}
		t.dealerSaid = true
	}
	if !t.dealt {
		t.deal()
	}
	c := t.drawPile[len(t.drawPile)-1]
	if c.Kind == cards.Wild && !t.rules.NumberStarter && t.chance(0.3) {
		c.Color = pick(t, cards.Colors[:]) // the first player names it at once
	}
	return tablelog.Event{Kind: tablelog.Start, Card: c}, "turns the starter"
}

// deal gathers every card, shuffles and deals 7 to each player (§2.2).
func (t *Model) deal() {
	t.drawPile = append(t.drawPile[:0], t.deck...)
	t.r.Shuffle(len(t.drawPile), func(a, b int) { t.drawPile[a], t.drawPile[b] = t.drawPile[b], t.drawPile[a] })
	t.pile = t.pile[:0]
	for i := range t.hands {
		t.hands[i] = t.hands[i][:0]
	}
	for range 7 {
		for k := 1; k <= t.n; k++ {
			t.drawOne((t.dealer + k) % t.n)
		}
	}
	t.dealt = true
	t.round++
	for i := range t.stage {
		t.stage[i] = 6
	}
	t.unoOpen, t.unoCalled = -1, false
}

// allowWD4 filters Wild Draw Fours the strategy would not play: illegal ones
// unless it bluffs.
func (t *Model) allowWD4(p int, c cards.Card) bool {
	if c.Kind != cards.WildDrawFour || !t.holdsColor(p, t.color) {
		return true
	}
	return t.chance(t.cfg.Strategy.Bluff)
}

// favourite is the colour p holds most of (sometimes any colour).
func (t *Model) favourite(p int) cards.Color {
	if t.chance(0.2) {
		return pick(t, cards.Colors[:])
	}
	var n [5]int
	for _, c := range t.hands[p] {
		n[c.Color]++
	}
	best := pick(t, cards.Colors[:])
	for _, col := range cards.Colors {
		if n[col] > n[best] {
			best = col
		}
	}
	return best
}

// playEvent is the line for p playing c (name set for a jump-in), and what
// the table will do about UNO if c is p's second-last card.
func (t *Model) playEvent(p int, c cards.Card, name string) tablelog.Event {
	ev := tablelog.Event{Kind: tablelog.Play, Card: c, Name: name}
	last := len(t.hands[p]) == 1
	switch {
	case c.IsWild() && t.rules.ColoursInCircle:
		if t.chance(0.3) { // the colour it takes anyway
			ev.Card.Color = t.circleNext()
		}
	case c.IsWild() && (last || name != "" || !t.chance(t.cfg.Strategy.ColorLine)):
		ev.Card.Color = t.favourite(p)
	}
	if name == "" && p == t.turn && t.r.IntN(10) == 0 {
		ev.Name = t.names[p] // seat buttons say who plays
	}
	if len(t.hands[p]) == 2 && t.preCall == p {
		t.unoPlan = 0
	} else if len(t.hands[p]) == 2 {
		t.unoPlan = planCall
		if t.rules.SevenZero && c.Kind == cards.Number && c.Number == 0 {
			t.unoPlan = 0 // the hands move on: nobody holds the one card they played down to
		}
		// Swaps and a Wild Draw Four challenge move cards around an open
		// window in ways the rules leave open, so those calls are
		// always made.
		sevenZero := t.rules.SevenZero && c.Kind == cards.Number && (c.Number == 7 || c.Number == 0)
		wd4 := c.Kind == cards.WildDrawFour && !t.cfg.Strategy.ForgetOnWD4
		if !sevenZero && !wd4 && t.chance(t.cfg.Strategy.ForgetUno) {
			t.unoPlan = planForget
			if t.chance(t.cfg.Strategy.Catch) {
				t.unoPlan = planCatch
			}
		}
	}
	return ev
}

// chooseJumpIn finds a player out of turn holding a card identical to the
// top card.
func (t *Model) chooseJumpIn() (tablelog.Event, bool) {
	start := t.r.IntN(t.n)
	for k := range t.n {
		i := (start + k) % t.n
		if i == t.turn || t.out[i] {
			continue
		}
		for _, c := range t.hands[i] {
			if t.jumpable(c) {
				return t.playEvent(i, c, t.names[i]), true
			}
		}
	}
	return tablelog.Event{}, false
}

// chooseIllegal makes a move the referee must refuse.
func (t *Model) chooseIllegal() (tablelog.Event, string, bool) {
	p := t.turn
	switch t.r.IntN(7) {
	case 0: // a card that does not match
		for _, c := range t.hands[p] {
			if t.phase == phaseTurn && !t.matches(c) || t.phase == phaseDrawn && t.drawnAny && c != t.drawn {
				ev := tablelog.Event{Kind: tablelog.Play, Card: c}
				return ev, "plays a card that does not match", true
			}
		}
	case 1: // out of turn, not identical
		for k := 1; k < t.n; k++ {
			i := (p + k) % t.n
			if t.out[i] {
				continue
			}
			for _, c := range t.hands[i] {
				if !t.jumpable(c) {
					ev := tablelog.Event{Kind: tablelog.Play, Card: c, Name: t.names[i]}
					if c.IsWild() {
						ev.Card.Color = cards.Red
					}
					return ev, "plays out of turn", true
				}
			}
		}
	case 3: // a false UNO call
		i := t.r.IntN(t.n)
		if len(t.hands[i]) >= 3 && i != t.unoOpen {
			return tablelog.Event{Kind: tablelog.Uno, Name: t.names[i]}, "calls UNO with many cards", true
		}
	case 4: // a catch of someone who owes nothing
		i := t.r.IntN(t.n)
		if i != t.unoOpen || t.unoCalled {
			return tablelog.Event{Kind: tablelog.Catch, Name: t.names[i]}, "catches a player who owes nothing", true
		}
	case 5: // pass without drawing
		if t.phase == phaseTurn {
			return tablelog.Event{Kind: tablelog.Pass}, "passes without drawing", true
		}
	case 6: // a challenge with no Wild Draw Four
		return tablelog.Event{Kind: tablelog.Challenge}, "challenges nothing", true
	case 2: // a card the deck does not have any more of
		for _, c := range t.copies.Faces() {
			if t.seen(c) >= t.copies[c] {
				ev := tablelog.Event{Kind: tablelog.Play, Card: c}
				if c.IsWild() {
					ev.Card.Color = cards.Blue
				}
				return ev, "plays a card the deck cannot have", true
			}
		}
	}
	return tablelog.Event{}, "", false
}

// chooseOutOfPhase makes an event the current phase does not take.
func (t *Model) chooseOutOfPhase() (tablelog.Event, string, bool) {
	p := t.turn
	someone := t.names[t.r.IntN(t.n)]
	var evs []tablelog.Event
	if t.phase != phaseDrawn {
		evs = append(evs, tablelog.Event{Kind: tablelog.Pass})
	}
	if t.phase != phaseColor {
		evs = append(evs, tablelog.Event{Kind: tablelog.Color, Color: pick(t, cards.Colors[:])})
	}
	if t.phase != phaseSwap && t.fiveSwap < 0 {
		evs = append(evs, tablelog.Event{Kind: tablelog.Swap, Name: someone})
	}
	if t.phase != phaseCountup {
		evs = append(evs, tablelog.Event{Kind: tablelog.Points, Name: someone, N: 10})
	} else if h := len(t.hands[p]); h > 0 {
		// More points than any hand of that size holds.
		evs = append(evs, tablelog.Event{Kind: tablelog.Points, Name: t.names[p], N: t.mostPoints(h) + 1})
	}
	if t.phase == phaseTurn || t.phase == phaseDrawn || t.phase == phasePenalty || t.phase == phaseColor || t.phase == phaseSwap {
		evs = append(evs, tablelog.Event{Kind: tablelog.Hand, Name: t.names[p], Cards: slices.Clone(t.hands[p])})
	}
	if len(t.drawPile) > 0 {
		evs = append(evs, tablelog.Event{Kind: tablelog.Start, Card: t.drawPile[len(t.drawPile)-1]})
	}
	switch t.phase {
	case phaseColor, phaseSwap, phaseShow, phaseHeights, phaseCountup:
		evs = append(evs, tablelog.Event{Kind: tablelog.Draw})
		if len(t.hands[p]) > 0 {
			c := pick(t, t.hands[p])
			if c.IsWild() {
				c.Color = cards.Green
			}
			evs = append(evs, tablelog.Event{Kind: tablelog.Play, Card: c})
		}
	case phaseDrawn:
		if !t.rules.DrawUntilPlayable {
			evs = append(evs, tablelog.Event{Kind: tablelog.Draw})
		}
	}
	return pick(t, evs), "makes a move out of phase", true
}
