package referee

import (
	"github.com/unoref/unoref/cards"
)

// matches reports whether c may go on the top card (§2.5).
func (g *Game) matches(c cards.Card) bool {
	switch {
	case c.IsWild():
		return true
	case c.Kind == cards.Blank:
		return g.rules.BlankDrawTen
	case c.Color == g.color:
		return true
	}
	t := g.top
	if t.IsWild() || t.Kind == cards.Blank {
		return false
	}
	if c.Kind == cards.Number {
		return t.Kind == cards.Number && t.Number == c.Number
	}
	return c.Kind == t.Kind
}

// noMatch says why c can't go on the top card.
func (g *Game) noMatch(c cards.Card) string {
	if c.Kind == cards.Blank {
		return "A Blank has no rule in this game: leave it out"
	}
	msg := name(c) + " can't go on " + name(g.top) + ": play a " + g.color.String() + " card"
	switch t := g.top; {
	case t.IsWild() || t.Kind == cards.Blank:
	case t.Kind == cards.Number:
		msg += ", a " + itoa(int(t.Number))
	default:
		msg += ", a " + t.Kind.String()
	}
	return msg + " or a wild"
}

// checkDup refuses a card the pile already holds as often as the deck does.
func (g *Game) checkDup(c cards.Card) (Verdict, bool) {
	f := c.Face()
	if g.played[idx(f)] < g.deckCount[idx(f)] {
		return Verdict{}, true
	}
	k := int(g.deckCount[idx(f)])
	msg := "There is only one " + name(f) + " in the deck and it is already on the pile"
	if k > 1 {
		msg = "There are only " + itoa(k) + " " + name(f) + " cards in the deck and all are already on the pile"
	}
	return refuse(ErrDuplicateCard, msg), false
}

// autoColor applies colours-in-circle: the colour a wild takes by itself,
// or NoColor when the player names it.
func (g *Game) autoColor() cards.Color {
	if !g.rules.ColoursInCircle {
		return cards.NoColor
	}
	return circleNext(g.color, g.dir)
}

func (g *Game) play(c cards.Card, who string) Verdict {
	switch g.ph {
	case phTurn, phDrawn, phPenalty, phChallenge:
	default:
		return g.expect()
	}
	seat := g.turn
	if who != "" {
		s, ok := g.seat(who)
		if !ok {
			return g.unknown(who)
		}
		seat = s
	}
	if !g.inDeck(c) {
		return g.notInDeck(c)
	}
	if g.hand[seat] == 0 {
		return refuse(ErrNotYourTurn, g.names[seat]+" has no cards left")
	}
	if v, ok := g.checkDup(c); !ok {
		return v
	}
	if auto := g.autoColor(); c.IsWild() && auto != cards.NoColor && c.Color != cards.NoColor && c.Color != auto {
		return refuse(ErrWrongColor, "With colours-in-circle the wild turns the colour to "+auto.String()+" by itself")
	}
	if seat != g.turn {
		return g.jumpIn(seat, c)
	}
	face := c.Face()
	switch g.ph {
	case phPenalty, phChallenge:
		return g.answer(seat, c)
	case phDrawn:
		if g.drawnKnown && face != g.drawnCard {
			return g.mistake(seat, ErrIllegalCard, g.names[seat]+" may only play the card just drawn, "+name(g.drawnCard))
		}
	}
	if !g.matches(c) {
		return g.mistake(seat, ErrIllegalCard, g.noMatch(c))
	}
	return g.place(seat, c, "")
}

// identical reports whether c may jump in on the top card (§3 jump-in).
func (g *Game) identical(c cards.Card) bool {
	return c.Face() == g.top.Face() && c.Kind != cards.WildDrawFour && c.Kind != cards.Heights
}

func (g *Game) jumpIn(seat int, c cards.Card) Verdict {
	switch {
	case !g.rules.JumpIn:
		return g.mistake(seat, ErrNotYourTurn, "It is "+g.names[g.turn]+"'s turn, not "+g.names[seat]+"'s")
	case g.ending:
		return refuse(ErrWrongPhase, "The round is over: "+g.names[g.turn]+" only has to draw "+itoa(g.pending))
	case c.Kind == cards.WildDrawFour:
		return g.mistake(seat, ErrNoJumpIn, "A Wild Draw Four can never jump in: it is "+g.names[g.turn]+"'s turn")
	case c.Kind == cards.Heights:
		return g.mistake(seat, ErrNoJumpIn, "Extreme Heights can't jump in: it is "+g.names[g.turn]+"'s turn")
	case g.onStarter:
		return g.mistake(seat, ErrNoJumpIn, "Nobody can jump in on the starter card: it is "+g.names[g.turn]+"'s turn")
	case !g.identical(c):
		return g.mistake(seat, ErrNoJumpIn, g.names[seat]+" can only jump in with a card just like "+name(g.top.Face())+": it is "+g.names[g.turn]+"'s turn")
	}
	return g.place(seat, c, "jump")
}

// answer is a play by the player who owes a penalty (§3 deflect, stacking,
// wd4-answer-draw-two, reverse-bounce, and jump-in with the same card).
func (g *Game) answer(seat int, c cards.Card) Verdict {
	if g.ending {
		return refuse(ErrMustDraw, "The round is over: "+g.names[seat]+" only has to draw "+itoa(g.pending))
	}
	r := &g.rules
	switch {
	case c.Kind == cards.DrawTwo && g.penKind == cards.DrawTwo && (r.DeflectDrawTwo || r.Stacking):
		return g.place(seat, c, "")
	case c.Kind == cards.WildDrawFour && g.penKind == cards.WildDrawFour && r.Stacking:
		return g.place(seat, c, "")
	case c.Kind == cards.DrawTwo && g.penKind == cards.WildDrawFour && r.WD4AnswerDrawTwo && c.Color == g.color:
		return g.place(seat, c, "")
	case c.Kind == cards.Reverse && r.ReverseBounce && g.penFrom >= 0 && c.Color == g.color &&
		(g.penKind == cards.DrawTwo || g.penKind == cards.WildDrawFour):
		return g.place(seat, c, "bounce")
	case r.JumpIn && !g.onStarter && g.identical(c):
		return g.place(seat, c, "jump")
	}
	what := "the Draw Two"
	if g.penKind == cards.WildDrawFour {
		what = "the Wild Draw Four"
	}
	return g.mistake(seat, ErrMustDraw, name(c)+" can't answer "+what+": "+g.names[seat]+" must draw "+itoa(g.pending))
}

// place puts c (already checked) from seat's hand on the pile. how is ""
// for a play in turn, "jump" for a jump-in, "bounce" for reverse-bounce.
func (g *Game) place(seat int, c cards.Card, how string) Verdict {
	v := Verdict{OK: true}
	pre := g.closeUno(&v)
	called := g.preCall == seat
	g.preCall, g.fiveSwap, g.drawnKnown = -1, -1, false
	if c.Kind == cards.WildDrawFour {
		g.prevTop, g.prevColor, g.prevStart = g.top, g.color, g.onStarter
	}
	g.hand[seat]--
	if c.Kind == cards.WildDrawFour {
		g.chalHand = g.hand[seat]
	}
	g.played[idx(c.Face())]++
	g.discard++
	g.onStarter = false
	g.last = seat
	if c.IsWild() && c.Color == cards.NoColor {
		c.Color = g.autoColor()
	}
	g.top = c
	if c.Kind != cards.Blank {
		g.color = c.Color
	}
	if g.hand[seat] == 1 {
		g.unoSeat, g.unoCalled = seat, called
		if called {
			v.Effects = append(v.Effects, Effect{Kind: EffUnoCalled, Player: g.names[seat]})
		}
	}
	verb := " plays "
	switch how {
	case "jump":
		verb = " jumps in with "
		v.Effects = append(v.Effects, Effect{Kind: EffJumpIn, Player: g.names[seat]})
	case "bounce":
		verb = " bounces it back with "
	}
	msg := pre + g.names[seat] + verb + name(c)
	if c.IsWild() && c.Color != cards.NoColor {
		v.Effects = append(v.Effects, Effect{Kind: EffColor, Color: c.Color.Code()})
	}
	// A plain wild that ends the round needs no colour.
	lastWild := g.hand[seat] == 0 && c.Kind != cards.WildDrawFour && g.outEndsRound(seat)
	if c.IsWild() && c.Color == cards.NoColor && !lastWild {
		g.ph, g.colorSeat, g.colorStart = phColor, seat, false
		g.turn = seat
		v.Message = msg + " and names a colour"
		return v
	}
	return g.resolve(seat, c, v, msg)
}

// outEndsRound reports whether seat emptying their hand ends the round
// (or, under seven-rounds, the game).
func (g *Game) outEndsRound(seat int) bool {
	switch {
	case g.rules.SevenRounds:
		return g.stage[seat] == 0
	case g.rules.PlayToEnd:
		return g.active() <= 2
	}
	return true
}

// resolve applies the effect of c, just played by seat with its colour
// known, and passes the turn on. Every card that leaves a hand comes
// here, so an emptied hand always reaches the going-out rules (§2.10).
func (g *Game) resolve(seat int, c cards.Card, v Verdict, msg string) Verdict {
	r := &g.rules
	// A Reverse can only land on a pending penalty by bouncing it
	// (reverse-bounce, or an identical Reverse jumping in on a bounce).
	bounce := c.Kind == cards.Reverse && g.pending > 0
	drawCard := c.Kind == cards.DrawTwo || c.Kind == cards.WildDrawFour || c.Kind == cards.Blank || bounce
	if g.hand[seat] == 0 {
		switch {
		case r.SevenRounds && g.stage[seat] == 0:
			return g.gameOver(seat, v, msg+" and wins the game with the last card")
		case r.SevenRounds:
			k := g.stage[seat]
			g.stage[seat]--
			got := g.drawCards(seat, k, &v)
			v.Effects = append(v.Effects, Effect{Kind: EffDraw, Player: g.names[seat], N: got})
			msg += ", empties the hand and draws " + itoa(got) + " for the next stage"
		case r.PlayToEnd && g.active() > 2:
			g.out[seat] = true
			if g.firstOut < 0 {
				g.firstOut = seat
			}
			v.Effects = append(v.Effects, Effect{Kind: EffOut, Player: g.names[seat]})
			msg += " and is out"
		default:
			if g.firstOut < 0 {
				g.firstOut = seat
			}
			if !drawCard {
				return g.endRound(v, msg)
			}
			g.ending = true
		}
	}
	switch c.Kind {
	case cards.Number:
		if r.SevenZero && c.Number == 0 && !g.ending {
			g.rotateHands()
			v.Effects = append(v.Effects, Effect{Kind: EffHandsMoved})
			msg += ", every hand moves on to the next player"
		}
		if r.SevenZero && c.Number == 7 && g.hand[seat] > 0 {
			g.turn, g.ph = seat, phSwap
			v.Message = msg + " and picks a player to swap hands with"
			return v
		}
		if r.FiveSwap && c.Number == 5 && g.hand[seat] > 0 {
			g.fiveSwap = seat
		}
		g.setTurn(g.next(seat))
	case cards.Skip:
		skipped := g.next(seat)
		g.setTurn(g.next(skipped))
		v.Effects = append(v.Effects, Effect{Kind: EffSkip, Player: g.names[skipped]})
		msg += ": " + g.names[skipped] + " misses a turn"
	case cards.Reverse:
		g.dir = -g.dir
		v.Effects = append(v.Effects, Effect{Kind: EffReverse})
		if bounce {
			g.penFrom = seat
			g.turn, g.ph, g.canChal = g.next(seat), phPenalty, false
			v.Message = msg + ": " + g.names[g.turn] + " must draw " + itoa(g.pending)
			return v
		}
		if g.active() == 2 && g.hand[seat] > 0 {
			skipped := g.next(seat)
			g.setTurn(seat)
			v.Effects = append(v.Effects, Effect{Kind: EffSkip, Player: g.names[skipped]})
			msg += ": with two players it skips " + g.names[skipped]
		} else {
			g.setTurn(g.next(seat))
			msg += ": play goes the other way"
		}
	case cards.DrawTwo, cards.WildDrawFour, cards.Blank:
		add := 2
		ph := phPenalty
		switch c.Kind {
		case cards.WildDrawFour:
			add, ph = 4, phChallenge
		case cards.Blank:
			add = 10
		}
		if g.pending > 0 && g.penKind == c.Kind && r.Stacking && c.Kind != cards.Blank {
			g.pending += add
		} else {
			g.pending = add
		}
		g.penKind, g.penFrom = c.Kind, seat
		g.turn, g.ph, g.canChal = g.next(seat), ph, ph == phChallenge
		if ph == phChallenge {
			v.Message = msg + ": " + g.names[g.turn] + " must draw " + itoa(g.pending) + " or challenge"
		} else {
			v.Message = msg + ": " + g.names[g.turn] + " must draw " + itoa(g.pending)
		}
		return v
	case cards.Heights:
		g.ph, g.heightsBy, g.turn = phHeights, seat, seat
		g.left = 0
		for s := range g.done {
			g.done[s] = g.out[s] || g.hand[s] == 0
			g.pick[s] = -1
			if !g.done[s] {
				g.left++
			}
		}
		v.Message = msg + ": everyone picks a " + g.color.String() + " number card"
		return v
	default: // Wild
		g.setTurn(g.next(seat))
	}
	v.Message = msg + " and " + g.names[g.turn] + " is next"
	return v
}

// rotateHands passes every hand to the next player in the direction of
// play (seven-zero, on a 0). Only counts move: the table sees no cards.
func (g *Game) rotateHands() {
	copy(g.tmp, g.hand)
	for s := 0; s < g.n; s++ {
		if !g.out[s] {
			g.hand[g.next(s)] = g.tmp[s]
		}
	}
	g.unoSeat, g.preCall = -1, -1
}

func (g *Game) nameColor(col cards.Color) Verdict {
	if g.ph != phColor {
		return g.expect()
	}
	seat := g.colorSeat
	g.top.Color, g.color = col, col
	v := Verdict{OK: true, Effects: []Effect{{Kind: EffColor, Color: col.Code()}}}
	if g.colorStart {
		g.colorStart = false
		g.setTurn(seat)
		v.Message = "The colour is " + col.String() + " and " + g.names[seat] + " plays first"
		return v
	}
	return g.resolve(seat, g.top, v, g.names[seat]+" names "+col.String())
}

// cardsLeft is how many cards a draw can still reach: the draw pile and,
// once turned over, the discard pile under its top card (§2.11).
func (g *Game) cardsLeft() int {
	if g.discard > 1 {
		return g.drawPile + g.discard - 1
	}
	return g.drawPile
}

// tooFewLeft refuses a draw line that shows n cards when fewer are left.
func (g *Game) tooFewLeft(n int) Verdict {
	switch k := g.cardsLeft(); k {
	case 0:
		return refuse(ErrWrongCount, "No cards are left to draw")
	case 1:
		return refuse(ErrWrongCount, "Only 1 card is left to draw, not "+itoa(n))
	default:
		return refuse(ErrWrongCount, "Only "+itoa(k)+" cards are left to draw, not "+itoa(n))
	}
}

func (g *Game) draw(shown []cards.Card) Verdict {
	seat := g.turn
	switch g.ph {
	case phPenalty, phChallenge:
		// With every card in the hands, a penalty is drawn as far as it
		// goes: the draw line shows what was left.
		k := min(g.pending, g.cardsLeft())
		switch {
		case len(shown) == 0 || len(shown) == k:
		case k < g.pending:
			return g.tooFewLeft(len(shown))
		default:
			return refuse(ErrWrongCount, g.names[seat]+" must draw "+itoa(g.pending)+" cards, not "+itoa(len(shown)))
		}
		v := Verdict{OK: true}
		pre := g.closeUno(&v)
		got := g.drawCards(seat, g.pending, &v)
		msg := pre + g.names[seat] + " draws " + itoa(got) + " and misses a turn"
		switch {
		case got == 0:
			msg = pre + "No cards are left to draw: " + g.names[seat] + " misses a turn"
		case got < g.pending:
			msg = pre + g.names[seat] + " draws " + itoa(got) + ", all the cards left, and misses a turn"
		}
		if got > 0 {
			v.Effects = append(v.Effects, Effect{Kind: EffDraw, Player: g.names[seat], N: got})
		}
		v.Effects = append(v.Effects, Effect{Kind: EffSkip, Player: g.names[seat]})
		g.pending, g.canChal, g.preCall = 0, false, -1
		if g.ending {
			return g.endRound(v, msg)
		}
		g.setTurn(g.next(seat))
		v.Message = msg + " and " + g.names[g.turn] + " is next"
		return v
	case phTurn:
	case phDrawn:
		if !g.rules.DrawUntilPlayable {
			return refuse(ErrWrongPhase, g.names[seat]+" has drawn already: play the drawn card or pass")
		}
		if g.drawnKnown && g.matches(g.drawnCard) {
			return refuse(ErrWrongPhase, g.names[seat]+" drew "+name(g.drawnCard)+", which can be played: play it or pass")
		}
		if g.cardsLeft() == 0 {
			return refuse(ErrWrongPhase, "No cards are left to draw: "+g.names[seat]+" passes")
		}
	default:
		return g.expect()
	}
	if len(shown) > 1 && !g.rules.DrawUntilPlayable {
		return refuse(ErrWrongCount, g.names[seat]+" draws one card at a time, not "+itoa(len(shown)))
	}
	if len(shown) > g.cardsLeft() {
		return g.tooFewLeft(len(shown))
	}
	for i, c := range shown {
		if !g.inDeck(c) {
			return g.notInDeck(c)
		}
		if i < len(shown)-1 && g.matches(c) {
			return refuse(ErrWrongCount, name(c)+" can be played: "+g.names[seat]+" stops drawing there")
		}
	}
	v := Verdict{OK: true}
	pre := g.closeUno(&v)
	k := len(shown)
	if k == 0 {
		k = 1
	}
	got := g.drawCards(seat, k, &v)
	g.ph, g.preCall, g.fiveSwap = phDrawn, -1, -1
	g.drawnKnown = len(shown) > 0
	if got == 0 {
		// Every card is in the hands: the turn can only end with pass.
		v.Message = pre + "No cards are left to draw: " + g.names[seat] + " passes"
		return v
	}
	v.Effects = append(v.Effects, Effect{Kind: EffDraw, Player: g.names[seat], N: got})
	msg := pre + g.names[seat] + " draws " + cardsWord(got)
	if g.drawnKnown {
		g.drawnCard = shown[len(shown)-1]
		if !g.matches(g.drawnCard) {
			switch {
			case g.rules.DrawUntilPlayable && g.cardsLeft() > 0:
				v.Message = msg + ": " + name(g.drawnCard) + " can't be played, so draw again"
			case g.rules.DrawUntilPlayable:
				v.Message = msg + ": " + name(g.drawnCard) + " can't be played, and no cards are left to draw, so pass"
			default:
				v.Message = msg + ": " + name(g.drawnCard) + " can't be played, so pass"
			}
			return v
		}
		v.Message = msg + ": play " + name(g.drawnCard) + " or pass"
		return v
	}
	v.Message = msg + ": play it or pass"
	return v
}

func (g *Game) pass() Verdict {
	seat := g.turn
	switch g.ph {
	case phDrawn:
	case phTurn:
		return refuse(ErrMustDraw, g.names[seat]+" must draw a card before passing")
	case phPenalty, phChallenge:
		return refuse(ErrMustDraw, g.names[seat]+" must draw "+itoa(g.pending)+" before the turn ends")
	default:
		return g.expect()
	}
	if g.rules.DrawUntilPlayable && g.drawnKnown && !g.matches(g.drawnCard) && g.cardsLeft() > 0 {
		return refuse(ErrMustDraw, g.names[seat]+" must keep drawing until a card can be played")
	}
	g.drawnKnown = false
	g.setTurn(g.next(seat))
	return Verdict{OK: true, Message: g.names[seat] + " keeps the card and " + g.names[g.turn] + " is next"}
}

func (g *Game) uno(who string) Verdict {
	if !g.inRound() {
		return g.expect()
	}
	seat := g.last
	if who != "" {
		s, ok := g.seat(who)
		if !ok {
			return g.unknown(who)
		}
		seat = s
	} else if seat < 0 {
		seat = g.turn
	}
	nm := g.names[seat]
	switch {
	case seat == g.unoSeat:
		if g.unoCalled {
			return Verdict{OK: true, Message: nm + " has already called UNO"}
		}
		g.unoCalled = true
		return Verdict{OK: true, Message: nm + " calls UNO", Effects: []Effect{{Kind: EffUnoCalled, Player: nm}}}
	case g.hand[seat] == 1:
		return Verdict{OK: true, Message: nm + " has one card left"}
	case g.hand[seat] == 2 && seat == g.turn && (g.ph == phTurn || g.ph == phDrawn):
		g.preCall = seat
		return Verdict{OK: true, Message: nm + " calls UNO", Effects: []Effect{{Kind: EffUnoCalled, Player: nm}}}
	}
	return g.mistake(seat, ErrFalseUno, nm+" has "+itoa(g.hand[seat])+" cards, so it is not time to call UNO")
}

func (g *Game) catch(who string) Verdict {
	if !g.inRound() {
		return g.expect()
	}
	seat, ok := g.seat(who)
	if !ok {
		return g.unknown(who)
	}
	switch {
	case seat == g.unoSeat && g.unoCalled:
		return refuse(ErrBadCatch, who+" called UNO in time")
	case seat != g.unoSeat && g.hand[seat] == 1:
		return refuse(ErrBadCatch, "It is too late to catch "+who+": the next turn has begun")
	case seat != g.unoSeat:
		return refuse(ErrBadCatch, who+" has "+itoa(g.hand[seat])+" cards, not one")
	}
	v := Verdict{OK: true}
	g.unoSeat = -1
	got := g.drawCards(seat, g.rules.UnoPenalty, &v)
	v.Effects = append(v.Effects, Effect{Kind: EffUnoMissed, Player: who, N: got})
	v.Message = who + " forgot to say UNO and draws " + itoa(got)
	return v
}

func (g *Game) challenge() Verdict {
	if g.ph != phChallenge {
		return g.expect()
	}
	if !g.canChal || g.penFrom < 0 {
		return refuse(ErrWrongPhase, "Only the player hit by a Wild Draw Four can challenge it")
	}
	// The challenge answers the card like a draw would: the UNO window closes.
	v := Verdict{OK: true}
	pre := g.closeUno(&v)
	g.ph, g.showSeat = phShow, g.penFrom
	v.Message = pre + g.names[g.turn] + " challenges the Wild Draw Four: " + g.names[g.penFrom] + " shows their hand"
	return v
}

func (g *Game) showHand(who string, shown []cards.Card) Verdict {
	seat, ok := g.seat(who)
	if !ok {
		return g.unknown(who)
	}
	switch g.ph {
	case phShow:
		if seat != g.showSeat {
			return refuse(ErrNotYourTurn, "Only "+g.names[g.showSeat]+" shows their hand for the challenge")
		}
		if v, ok := g.checkShown(seat, shown); !ok {
			return v
		}
		return g.judge(shown)
	case phHeights:
		return g.heightsPick(seat, shown)
	case phCountup:
		if g.done[seat] {
			if g.hand[seat] == 0 {
				return refuse(ErrWrongPhase, who+" has no cards left to count")
			}
			return refuse(ErrWrongPhase, who+"'s cards are already counted")
		}
		if v, ok := g.checkShown(seat, shown); !ok {
			return v
		}
		return g.counted(seat, HandPoints(g.rules, shown))
	}
	return g.expect()
}

// checkShown refuses a shown hand whose size is not the known hand count.
func (g *Game) checkShown(seat int, shown []cards.Card) (Verdict, bool) {
	for _, c := range shown {
		if !g.inDeck(c) {
			return g.notInDeck(c), false
		}
	}
	if len(shown) != g.hand[seat] {
		return refuse(ErrWrongCount, g.names[seat]+" holds "+cardsWord(g.hand[seat])+" but "+itoa(len(shown))+" were shown"), false
	}
	return Verdict{}, true
}

// judge decides a Wild Draw Four challenge from the accused's hand (§2.8):
// guilty if they held a card of the colour to match when they played it.
//
// The hand shown is the whole hand, and it may hold cards drawn since the
// play (a UNO penalty at the challenge or a catch, a mistake-penalty, the
// next seven-rounds stage). No line names those cards, so any shown card
// may be one of them: a card of the old colour counts only beyond them.
func (g *Game) judge(shown []cards.Card) Verdict {
	accused, victim := g.showSeat, g.turn
	newer := max(g.hand[accused]-g.chalHand, 0)
	old := 0
	for _, c := range shown {
		if !c.IsWild() && c.Kind != cards.Blank && c.Color == g.prevColor {
			old++
		}
	}
	v := Verdict{OK: true}
	an, vn := g.names[accused], g.names[victim]
	if old <= newer {
		k := g.pending + 2
		got := g.drawCards(victim, k, &v)
		v.Effects = append(v.Effects, Effect{Kind: EffDraw, Player: vn, N: got}, Effect{Kind: EffSkip, Player: vn})
		g.pending, g.canChal = 0, false
		why := an + " had no " + g.prevColor.String() + " card"
		if old > 0 {
			why = an + "'s " + g.prevColor.String() + " cards may all have been drawn since"
		}
		msg := why + ", so " + vn + " draws " + itoa(got) + " and misses a turn"
		if g.ending {
			return g.endRound(v, msg)
		}
		g.setTurn(g.next(victim))
		v.Message = msg + " and " + g.names[g.turn] + " is next"
		return v
	}
	k := g.rules.ChallengeGuiltyDraw + g.pending - 4
	msg := an + " had a " + g.prevColor.String() + " card"
	// house-ru takes the card back, unless a reshuffle since the play put
	// the card under it into the draw pile: then it stays, as in official.
	takeBack := g.rules.Challenge == ChallengeHouseRU && g.discard > 1
	if takeBack {
		g.hand[accused]++
		g.played[idx(cards.Card{Kind: cards.WildDrawFour})]--
		g.discard--
		g.top, g.color, g.onStarter = g.prevTop, g.prevColor, g.prevStart
		msg += ", takes the Wild Draw Four back"
	}
	got := g.drawCards(accused, k, &v)
	v.Effects = append(v.Effects, Effect{Kind: EffDraw, Player: an, N: got})
	if takeBack {
		v.Effects = append(v.Effects, Effect{Kind: EffColor, Color: g.color.Code()})
	}
	g.pending, g.canChal, g.ending = 0, false, false
	g.out[accused] = false
	if g.firstOut == accused {
		g.firstOut = -1
	}
	if g.hand[accused] == 1 {
		g.unoSeat, g.unoCalled = accused, false
	} else if g.unoSeat == accused {
		g.unoSeat = -1
	}
	g.setTurn(victim)
	v.Message = msg + " and draws " + itoa(got) + ", and " + g.names[victim] + " plays"
	return v
}

func (g *Game) heightsPick(seat int, shown []cards.Card) Verdict {
	nm := g.names[seat]
	if g.done[seat] {
		if g.hand[seat] == 0 {
			return refuse(ErrWrongPhase, nm+" has no cards to pick from")
		}
		return refuse(ErrWrongPhase, nm+" has already picked")
	}
	if len(shown) > 1 {
		return refuse(ErrWrongCount, nm+" picks one card for Extreme Heights, not "+itoa(len(shown)))
	}
	p := int8(-1)
	if len(shown) == 1 {
		c := shown[0]
		if c.Kind != cards.Number || c.Color != g.color {
			return refuse(ErrIllegalCard, "Only "+g.color.String()+" number cards take part in Extreme Heights, not "+name(c))
		}
		picked := 0
		for s, q := range g.pick {
			if q == c.Number && g.done[s] {
				picked++
			}
		}
		if int(g.played[idx(c)])+picked >= int(g.deckCount[idx(c)]) {
			v, _ := g.checkDup(c)
			if v.Code == "" {
				v = refuse(ErrDuplicateCard, "All the "+name(c)+" cards are already on the pile or picked")
			}
			return v
		}
		p = c.Number
	}
	g.pick[seat], g.done[seat] = p, true
	g.left--
	if g.left > 0 {
		return Verdict{OK: true, Message: nm + " has picked"}
	}
	// Everyone has picked: the highest number picked once wins (§2.7).
	var count [10]int
	for s, q := range g.pick {
		if g.done[s] && q >= 0 {
			count[q]++
		}
	}
	win := -1
	for num := 9; num >= 0 && win < 0; num-- {
		if count[num] == 1 {
			for s, q := range g.pick {
				if q == int8(num) && win < 0 {
					win = s
				}
			}
		}
	}
	v := Verdict{OK: true}
	by := g.heightsBy
	if win < 0 {
		g.setTurn(g.next(by))
		v.Message = "No number was picked only once, so it stays a " + g.color.String() + " wild and " + g.names[g.turn] + " is next"
		return v
	}
	c := cards.Card{Kind: cards.Number, Color: g.color, Number: g.pick[win]}
	g.hand[win]--
	g.played[idx(c)]++
	g.discard++
	g.top = c
	msg := g.names[win] + "'s " + name(c) + " is the highest number picked once and goes on the pile"
	if g.hand[win] == 1 {
		g.unoSeat, g.unoCalled = win, false
	}
	if g.hand[win] == 0 {
		return g.resolve(win, c, v, msg)
	}
	g.setTurn(g.next(by))
	v.Message = msg + " and " + g.names[g.turn] + " is next"
	return v
}

func (g *Game) points(who string, p int) Verdict {
	seat, ok := g.seat(who)
	if !ok {
		return g.unknown(who)
	}
	if g.ph != phCountup {
		return g.expect()
	}
	if g.done[seat] {
		if g.hand[seat] == 0 {
			return refuse(ErrWrongPhase, who+" has no cards left to count")
		}
		return refuse(ErrWrongPhase, who+"'s cards are already counted")
	}
	return g.counted(seat, p)
}

func (g *Game) swap(who string) Verdict {
	target, ok := g.seat(who)
	if !ok {
		return g.unknown(who)
	}
	switch {
	case g.ph == phSwap:
		seat := g.turn
		if target == seat || g.out[target] {
			return refuse(ErrWrongPhase, g.names[seat]+" must swap hands with another player still in the round")
		}
		g.hand[seat], g.hand[target] = g.hand[target], g.hand[seat]
		g.unoSeat, g.preCall = -1, -1
		g.setTurn(g.next(seat))
		return Verdict{OK: true, Message: g.names[seat] + " swaps hands with " + who + " and " + g.names[g.turn] + " is next",
			Effects: []Effect{{Kind: EffHandsMoved, Player: who}}}
	case g.ph == phTurn && g.fiveSwap >= 0:
		seat := g.fiveSwap
		if target == seat || g.out[target] {
			return refuse(ErrWrongPhase, g.names[seat]+" must swap a card with another player still in the round")
		}
		g.fiveSwap = -1
		return Verdict{OK: true, Message: g.names[seat] + " swaps one card with " + who,
			Effects: []Effect{{Kind: EffHandsMoved, Player: who}}}
	}
	return g.expect()
}

// ---- end of a round ----

func (g *Game) gameOver(seat int, v Verdict, msg string) Verdict {
	g.ph, g.winner = phOver, seat
	g.pending, g.unoSeat = 0, -1
	v.Effects = append(v.Effects, Effect{Kind: EffGameOver, Player: g.names[seat]})
	v.Message = msg
	return v
}

// endRound starts the count-up (§2.10, §7).
func (g *Game) endRound(v Verdict, msg string) Verdict {
	g.ph = phCountup
	g.pending, g.ending, g.canChal = 0, false, false
	g.unoSeat, g.preCall, g.fiveSwap = -1, -1, -1
	g.left = 0
	for s := range g.done {
		g.done[s] = g.hand[s] == 0
		g.pts[s] = 0
		if !g.done[s] {
			g.left++
		}
	}
	w := g.firstOut
	v.Effects = append(v.Effects, Effect{Kind: EffRoundOver, Player: g.names[w]})
	v.Message = msg + ", and " + g.names[w] + " wins the round: count the cards left"
	if g.left == 0 {
		return g.score1(v)
	}
	return v
}

func (g *Game) counted(seat, p int) Verdict {
	g.pts[seat], g.done[seat] = p, true
	g.left--
	v := Verdict{OK: true, Message: g.names[seat] + " has " + itoa(p) + " points left"}
	if g.left > 0 {
		return v
	}
	return g.score1(v)
}

// score1 adds the round's points by the scoring method of §4 and ends the
// round or the game.
func (g *Game) score1(v Verdict) Verdict {
	w := g.firstOut
	r := &g.rules
	end := -1
	msg := v.Message + ", "
	switch r.Scoring {
	case ScoringWinnerCollects:
		sum := 0
		for _, p := range g.pts {
			sum += p
		}
		g.score[w] += sum
		msg += g.names[w] + " scores " + itoa(sum)
		if g.score[w] >= r.Target {
			end = w
		}
	case ScoringPenalty:
		hit := false
		for s, p := range g.pts {
			g.score[s] += p
			hit = hit || g.score[s] >= r.Target
		}
		msg += "everyone adds their own points"
		if hit {
			end = 0
			for s := range g.score {
				if g.score[s] < g.score[end] {
					end = s
				}
			}
		}
	case ScoringLazy:
		loser := -1
		for s, p := range g.pts {
			if s != w && (loser < 0 || p > g.pts[loser]) {
				loser = s
			}
		}
		g.score[w]++
		msg += g.names[w] + " wins the round and " + g.names[loser] + " deals next"
		g.firstSeat = w
		g.dealer = loser - 1 // moved on by one below
		if g.dealer < 0 {
			g.dealer += g.n
		}
		if g.score[w] >= r.Target {
			end = w
		}
	}
	if end >= 0 {
		return g.gameOver(end, v, msg+", and "+g.names[end]+" wins the game")
	}
	g.ph, g.dealt = phSetup, false
	g.dealer = (g.dealer + 1) % g.n
	for s := range g.out {
		g.out[s] = false
	}
	v.Message = msg + "; turn up a starter for the next round"
	return v
}
