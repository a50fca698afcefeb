package referee

import (
	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/lang/msg"
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
func (g *Game) noMatch(c cards.Card) msg.Msg {
	if c.Kind == cards.Blank {
		return say("refuse.blank", msg.Args{})
	}
	a := msg.Args{Card: c, Top: g.top, Color: g.color}
	if t := g.top; t.IsWild() || t.Kind == cards.Blank {
		return say("refuse.nomatch.color", a)
	}
	return say("refuse.nomatch", a)
}

// checkDup refuses a card the pile already holds as often as the deck does.
func (g *Game) checkDup(c cards.Card) (Verdict, bool) {
	f := c.Face()
	if g.played[idx(f)] < g.deckCount[idx(f)] {
		return Verdict{}, true
	}
	k := int(g.deckCount[idx(f)])
	if k > 1 {
		return refuse(ErrDuplicateCard, say("card.dup.all", msg.Args{Card: f, N: k})), false
	}
	return refuse(ErrDuplicateCard, say("card.dup.one", msg.Args{Card: f})), false
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
		return refuse(ErrNotYourTurn, say("play.nocards", g.who(seat)))
	}
	if v, ok := g.checkDup(c); !ok {
		return v
	}
	if auto := g.autoColor(); c.IsWild() && auto != cards.NoColor && c.Color != cards.NoColor && c.Color != auto {
		return refuse(ErrWrongColor, say("refuse.circle", msg.Args{Color: auto}))
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
			return g.mistake(seat, ErrIllegalCard, say("play.drawnonly", msg.Args{Player: g.names[seat], Card: g.drawnCard}))
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
	a := msg.Args{Player: g.names[seat], Next: g.names[g.turn], Top: g.top.Face()}
	switch {
	case !g.rules.JumpIn:
		return g.mistake(seat, ErrNotYourTurn, say("jump.turn", a))
	case g.ending:
		return refuse(ErrWrongPhase, say("wait.ending", g.owes(g.turn)))
	case c.Kind == cards.WildDrawFour:
		return g.mistake(seat, ErrNoJumpIn, say("jump.wd4", a))
	case c.Kind == cards.Heights:
		return g.mistake(seat, ErrNoJumpIn, say("jump.heights", a))
	case g.onStarter:
		return g.mistake(seat, ErrNoJumpIn, say("jump.starter", a))
	case g.top.Kind == cards.WildDrawFour || g.top.Kind == cards.Heights:
		// No card is identical to these: say so, not "a card just like".
		return g.mistake(seat, ErrNoJumpIn, say("jump.never", a))
	case !g.identical(c):
		return g.mistake(seat, ErrNoJumpIn, say("jump.same", a))
	}
	return g.place(seat, c, "jump")
}

// answer is a play by the player who owes a penalty (§3 deflect, stacking,
// wd4-answer-draw-two, reverse-bounce, and jump-in with the same card).
func (g *Game) answer(seat int, c cards.Card) Verdict {
	if g.ending {
		return refuse(ErrMustDraw, say("wait.ending", g.owes(seat)))
	}
	r := &g.rules
	switch {
	case c.Kind == cards.DrawTwo && g.pen.kind == cards.DrawTwo && (r.DeflectDrawTwo || r.Stacking):
		return g.place(seat, c, "")
	case c.Kind == cards.WildDrawFour && g.pen.kind == cards.WildDrawFour && r.Stacking:
		return g.place(seat, c, "")
	case c.Kind == cards.DrawTwo && g.pen.kind == cards.WildDrawFour && r.WD4AnswerDrawTwo && c.Color == g.color:
		return g.place(seat, c, "")
	case c.Kind == cards.Reverse && r.ReverseBounce && g.pen.from >= 0 && c.Color == g.color &&
		(g.pen.kind == cards.DrawTwo || g.pen.kind == cards.WildDrawFour):
		return g.place(seat, c, "bounce")
	case r.JumpIn && !g.onStarter && g.identical(c):
		return g.place(seat, c, "jump")
	}
	a := g.owes(seat)
	a.Card, a.Top = c, cards.Card{Kind: g.pen.kind}
	return g.mistake(seat, ErrMustDraw, say("answer.no", a))
}

// answersDraws reports whether any rule of r lets a card answer a draw
// owed: the rules answer accepts a card under.
func (r *Rules) answersDraws() bool {
	return r.DeflectDrawTwo || r.Stacking || r.WD4AnswerDrawTwo || r.ReverseBounce || r.JumpIn
}

// place puts c (already checked) from seat's hand on the pile. how is ""
// for a play in turn, "jump" for a jump-in, "bounce" for reverse-bounce.
// A UNO call made before the card landed opens the slaps once it counts.
func (g *Game) place(seat int, c cards.Card, how string) Verdict {
	called := g.preCall == seat
	v := g.put(seat, c, how)
	if called && g.unoSeat == seat && g.unoCalled {
		g.openSlap(seat, &v)
	}
	return v
}

// put is place without the slaps.
func (g *Game) put(seat int, c cards.Card, how string) Verdict {
	v := Verdict{OK: true}
	g.closeUno(&v)
	called := g.preCall == seat
	g.preCall, g.fiveSwap, g.drawnKnown, g.drewNone = -1, -1, false, false
	c = g.lay(seat, c)
	if g.hand[seat] == 1 {
		g.unoSeat, g.unoCalled = seat, called
		if called {
			v.Effects = append(v.Effects, Effect{Kind: EffUnoCalled, Player: g.names[seat]})
		}
	}
	key := "play"
	switch how {
	case "jump":
		key = "play.jump"
		v.Effects = append(v.Effects, Effect{Kind: EffJumpIn, Player: g.names[seat]})
	case "bounce":
		key = "play.bounce"
	}
	v.then(key, msg.Args{Player: g.names[seat], Card: c})
	if c.IsWild() && c.Color != cards.NoColor {
		v.Effects = append(v.Effects, Effect{Kind: EffColor, Color: c.Color.Code()})
	}
	// A plain wild that ends the round needs no colour.
	lastWild := g.hand[seat] == 0 && c.Kind != cards.WildDrawFour && g.outEndsRound(seat)
	if c.IsWild() && c.Color == cards.NoColor && !lastWild {
		g.ph, g.colorSeat, g.colorStart = phColor, seat, false
		g.turn = seat
		v.then("then.color", msg.Args{})
		return v
	}
	return g.resolve(seat, c, v)
}

// lay moves c from seat's hand to the top of the pile, keeping what a
// Wild Draw Four challenge needs, and returns c with the colour a wild
// takes by itself under colours-in-circle.
func (g *Game) lay(seat int, c cards.Card) cards.Card {
	if c.Kind == cards.WildDrawFour {
		g.chal.top, g.chal.color, g.chal.onStarter = g.top, g.color, g.onStarter
	}
	g.hand[seat]--
	if c.Kind == cards.WildDrawFour {
		g.chal.hand = g.hand[seat]
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
	return c
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

// then adds a clause to v's message.
func (v *Verdict) then(key string, a msg.Args) { v.said.add(key, &a) }

// resolve applies the effect of c, just played by seat with its colour
// known, and passes the turn on. Every card that leaves a hand comes
// here, so an emptied hand always reaches the going-out rules (§2.10).
func (g *Game) resolve(seat int, c cards.Card, v Verdict) Verdict {
	if g.hand[seat] == 0 {
		if done, ok := g.emptied(seat, c, &v); ok {
			return done
		}
	}
	switch c.Kind {
	case cards.Number:
		if g.numberRule(seat, c, &v) {
			return v
		}
	case cards.Skip:
		skipped := g.next(seat)
		g.setTurn(g.next(skipped))
		v.Effects = append(v.Effects, Effect{Kind: EffSkip, Player: g.names[skipped]})
		v.then("then.skip", g.who(skipped))
	case cards.Reverse:
		if g.reverse(seat, &v) {
			return v
		}
	case cards.DrawTwo, cards.WildDrawFour, cards.Blank:
		g.owe(seat, c, &v)
		return v
	case cards.Heights:
		g.startHeights(seat, &v)
		return v
	default: // Wild
		g.setTurn(g.next(seat))
	}
	v.then("next", g.who(g.turn))
	return v
}

// drawsNext reports whether c makes the next player draw: the round then
// ends only once that draw is taken. A Reverse can only land on a pending
// penalty by bouncing it (reverse-bounce, or an identical Reverse jumping
// in on a bounce).
func (g *Game) drawsNext(c cards.Card) bool {
	bounce := c.Kind == cards.Reverse && g.pen.n > 0
	return c.Kind == cards.DrawTwo || c.Kind == cards.WildDrawFour || c.Kind == cards.Blank || bounce
}

// emptied applies the going-out rules to seat, whose hand c emptied. It
// returns the final verdict and true when the round or game ends here.
func (g *Game) emptied(seat int, c cards.Card, v *Verdict) (Verdict, bool) {
	r := &g.rules
	switch {
	case r.SevenRounds && g.stage[seat] == 0:
		v.then("then.wingame", msg.Args{})
		return g.gameOver(seat, *v), true
	case r.SevenRounds:
		k := g.stage[seat]
		g.stage[seat]--
		got := g.drawCards(seat, k, v)
		v.Effects = append(v.Effects, Effect{Kind: EffDraw, Player: g.names[seat], N: got})
		v.then("then.stage", msg.Args{N: got})
	case r.PlayToEnd && g.active() > 2:
		g.out[seat] = true
		if g.firstOut < 0 {
			g.firstOut = seat
		}
		v.Effects = append(v.Effects, Effect{Kind: EffOut, Player: g.names[seat]})
		v.then("then.out", msg.Args{})
	default:
		if g.firstOut < 0 {
			g.firstOut = seat
		}
		if !g.drawsNext(c) {
			return g.endRound(*v, seat), true
		}
		g.ending = true
	}
	return Verdict{}, false
}

// numberRule applies seven-zero and five-swap to a number card; it
// reports whether the turn waits for a swap.
func (g *Game) numberRule(seat int, c cards.Card, v *Verdict) bool {
	r := &g.rules
	if r.SevenZero && c.Number == 0 && !g.ending {
		g.rotateHands()
		v.Effects = append(v.Effects, Effect{Kind: EffHandsMoved})
		v.then("then.rotate", msg.Args{})
	}
	if r.SevenZero && c.Number == 7 && g.hand[seat] > 0 {
		g.turn, g.ph = seat, phSwap
		v.then("then.swap", msg.Args{})
		return true
	}
	if r.FiveSwap && c.Number == 5 && g.hand[seat] > 0 {
		g.fiveSwap = seat
	}
	g.setTurn(g.next(seat))
	return false
}

// reverse turns the direction of play; it reports whether the Reverse
// bounced a penalty, which ends the verdict.
func (g *Game) reverse(seat int, v *Verdict) bool {
	bounce := g.pen.n > 0
	g.dir = -g.dir
	v.Effects = append(v.Effects, Effect{Kind: EffReverse})
	if bounce {
		g.pen.from = seat
		g.turn, g.ph, g.chal.open = g.next(seat), phPenalty, false
		v.then("then.mustdraw", g.owes(g.turn))
		return true
	}
	if g.active() == 2 && g.hand[seat] > 0 {
		skipped := g.next(seat)
		g.setTurn(seat)
		v.Effects = append(v.Effects, Effect{Kind: EffSkip, Player: g.names[skipped]})
		v.then("then.skip2", g.who(skipped))
		return false
	}
	g.setTurn(g.next(seat))
	v.then("then.reverse", msg.Args{})
	return false
}

// owe makes the next player owe the draw of c: +2, +4 (open to a
// challenge) or a Blank's 10, stacked when the rules say so.
func (g *Game) owe(seat int, c cards.Card, v *Verdict) {
	add, ph := 2, phPenalty
	switch c.Kind {
	case cards.WildDrawFour:
		add, ph = 4, phChallenge
	case cards.Blank:
		add = 10
	}
	if g.pen.n > 0 && g.pen.kind == c.Kind && g.rules.Stacking && c.Kind != cards.Blank {
		g.pen.n += add
	} else {
		g.pen.n = add
	}
	g.pen.kind, g.pen.from = c.Kind, seat
	g.turn, g.ph, g.chal.open = g.next(seat), ph, ph == phChallenge
	if ph == phChallenge {
		v.then("then.challenge", g.owes(g.turn))
		return
	}
	v.then("then.mustdraw", g.owes(g.turn))
}

// startHeights opens Extreme Heights (§2.7): everyone with cards picks.
func (g *Game) startHeights(seat int, v *Verdict) {
	g.ph, g.heightsBy, g.turn = phHeights, seat, seat
	g.left = 0
	for s := range g.done {
		g.done[s] = g.out[s] || g.hand[s] == 0
		g.pick[s] = -1
		if !g.done[s] {
			g.left++
		}
	}
	v.then("then.heights", msg.Args{Color: g.color})
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
	if g.ph != phColor && g.rules.ColoursInCircle && g.inRound() {
		return refuse(ErrWrongPhase, say("color.circle", msg.Args{}))
	}
	if g.ph != phColor {
		return g.expect()
	}
	seat := g.colorSeat
	g.top.Color, g.color = col, col
	a := msg.Args{Player: g.names[seat], Color: col}
	if g.colorStart {
		g.colorStart = false
		g.setTurn(seat)
		v := accept(say("color.start", a))
		v.Effects = []Effect{{Kind: EffColor, Color: col.Code()}}
		return v
	}
	v := accept(say("color.named", a))
	v.Effects = []Effect{{Kind: EffColor, Color: col.Code()}}
	return g.resolve(seat, g.top, v)
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
		return refuse(ErrWrongCount, say("draw.left.none", msg.Args{}))
	case 1:
		return refuse(ErrWrongCount, say("draw.left.one", msg.Args{N: 1, K: n}))
	default:
		return refuse(ErrWrongCount, say("draw.left", msg.Args{N: k, K: n}))
	}
}

func (g *Game) draw(shown []cards.Card) Verdict {
	seat := g.turn
	switch g.ph {
	case phPenalty, phChallenge:
		return g.drawPenalty(seat, shown)
	case phTurn:
	case phDrawn:
		if v, ok := g.drawAgain(seat); !ok {
			return v
		}
	default:
		return g.expect()
	}
	if len(shown) > 1 && !g.rules.DrawUntilPlayable {
		return refuse(ErrWrongCount, say("draw.onebyone", msg.Args{Player: g.names[seat], N: len(shown)}))
	}
	if len(shown) > g.cardsLeft() {
		return g.tooFewLeft(len(shown))
	}
	for i, c := range shown {
		if !g.inDeck(c) {
			return g.notInDeck(c)
		}
		if i < len(shown)-1 && g.matches(c) {
			return refuse(ErrWrongCount, say("draw.stop", msg.Args{Player: g.names[seat], Card: c}))
		}
	}
	return g.drawInTurn(seat, shown)
}

// drawPenalty takes the pending draw: as far as it goes when every card
// is in the hands (the draw line then shows what was left).
func (g *Game) drawPenalty(seat int, shown []cards.Card) Verdict {
	k := min(g.pen.n, g.cardsLeft())
	switch {
	case len(shown) == 0 || len(shown) == k:
	case k < g.pen.n:
		return g.tooFewLeft(len(shown))
	default:
		return refuse(ErrWrongCount, say("draw.wrongcount", msg.Args{Player: g.names[seat], N: g.pen.n, K: len(shown)}))
	}
	v := Verdict{OK: true}
	g.closeUno(&v)
	got := g.drawCards(seat, g.pen.n, &v)
	switch a := (msg.Args{Player: g.names[seat], N: got}); {
	case got == 0:
		v.then("draw.penalty.none", a)
	case got < g.pen.n:
		v.then("draw.penalty.short", a)
	default:
		v.then("draw.penalty", a)
	}
	if got > 0 {
		v.Effects = append(v.Effects, Effect{Kind: EffDraw, Player: g.names[seat], N: got})
	}
	v.Effects = append(v.Effects, Effect{Kind: EffSkip, Player: g.names[seat]})
	g.pen.n, g.chal.open, g.preCall = 0, false, -1
	if g.ending {
		return g.endRound(v, seat)
	}
	g.setTurn(g.next(seat))
	v.then("next", g.who(g.turn))
	return v
}

// drawAgain checks a second draw in one turn: only under
// draw-until-playable, after an unplayable card, while cards are left.
func (g *Game) drawAgain(seat int) (Verdict, bool) {
	switch {
	case !g.rules.DrawUntilPlayable:
		return refuse(ErrWrongPhase, say("draw.again.off", g.who(seat))), false
	case g.drawnKnown && g.matches(g.drawnCard):
		return refuse(ErrWrongPhase, say("draw.again.playable", msg.Args{Player: g.names[seat], Card: g.drawnCard})), false
	case g.cardsLeft() == 0:
		return refuse(ErrWrongPhase, say("draw.empty", g.who(seat))), false
	}
	return Verdict{}, true
}

// drawInTurn draws the cards of a draw line in a turn (checked).
func (g *Game) drawInTurn(seat int, shown []cards.Card) Verdict {
	v := Verdict{OK: true}
	g.closeUno(&v)
	k := max(len(shown), 1)
	got := g.drawCards(seat, k, &v)
	g.ph, g.preCall, g.fiveSwap = phDrawn, -1, -1
	g.drawnKnown, g.drewNone = len(shown) > 0, got == 0
	if got == 0 {
		// Every card is in the hands: the turn can only end with pass.
		v.then("draw.empty", g.who(seat))
		return v
	}
	v.Effects = append(v.Effects, Effect{Kind: EffDraw, Player: g.names[seat], N: got})
	v.then("draw", msg.Args{Player: g.names[seat], N: got})
	if !g.drawnKnown {
		v.then("draw.then", msg.Args{})
		return v
	}
	g.drawnCard = shown[len(shown)-1]
	a := msg.Args{Card: g.drawnCard, Player: g.names[seat]}
	switch {
	case g.matches(g.drawnCard):
		v.then("draw.then.play", a)
	case g.rules.DrawUntilPlayable && g.cardsLeft() > 0:
		v.then("draw.then.again", a)
	case g.rules.DrawUntilPlayable:
		v.then("draw.then.last", a)
	default:
		v.then("draw.then.pass", a)
	}
	return v
}

func (g *Game) pass() Verdict {
	seat := g.turn
	switch g.ph {
	case phDrawn:
	case phTurn:
		return refuse(ErrMustDraw, say("pass.draw", g.who(seat)))
	case phPenalty, phChallenge:
		return refuse(ErrMustDraw, say("pass.penalty", g.owes(seat)))
	default:
		return g.expect()
	}
	if g.rules.DrawUntilPlayable && g.drawnKnown && !g.matches(g.drawnCard) && g.cardsLeft() > 0 {
		return refuse(ErrMustDraw, say("pass.keepdrawing", g.who(seat)))
	}
	key := "pass"
	if g.drewNone {
		key = "pass.empty" // no card to keep
	}
	g.drawnKnown, g.drewNone = false, false
	g.setTurn(g.next(seat))
	v := accept(say(key, g.who(seat)))
	v.then("next", g.who(g.turn))
	return v
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
	called := accept(say("uno.call", g.who(seat)))
	called.Effects = []Effect{{Kind: EffUnoCalled, Player: nm}}
	switch {
	case seat == g.unoSeat:
		if g.unoCalled {
			return accept(say("uno.again", g.who(seat)))
		}
		g.unoCalled = true
		g.openSlap(seat, &called)
		return called
	case g.hand[seat] == 1:
		return accept(say("uno.one", g.who(seat)))
	case g.hand[seat] == 2 && seat == g.turn && g.mayPlay():
		g.preCall = seat
		return called
	}
	return g.mistake(seat, ErrFalseUno, say("uno.false", msg.Args{Player: nm, N: g.hand[seat]}))
}

// mayPlay reports whether the player to act may put a card down now: in
// their turn, after drawing, or on the draw they owe when a house rule
// lets a card answer it (deflect-draw-two, stacking, wd4-answer-draw-two,
// reverse-bounce, jump-in). A UNO call then counts for that card, so it
// is not a false call (§2.9: the call goes with the second-last card).
func (g *Game) mayPlay() bool {
	switch g.ph {
	case phTurn, phDrawn:
		return true
	case phPenalty, phChallenge:
		return !g.ending && g.rules.answersDraws()
	}
	return false
}

func (g *Game) catch(who, by string) Verdict {
	if !g.inRound() {
		return g.expect()
	}
	seat, ok := g.seat(who)
	if !ok {
		return g.unknown(who)
	}
	if by != "" {
		// Who caught them only counts in the family's record; it must
		// still be someone else at the table.
		if b, ok := g.seat(by); !ok {
			return g.unknown(by)
		} else if b == seat {
			return refuse(ErrBadCatch, say("catch.self", msg.Args{Player: who}))
		}
	}
	switch a := (msg.Args{Player: who, N: g.hand[seat]}); {
	case seat == g.unoSeat && g.unoCalled:
		return refuse(ErrBadCatch, say("catch.called", a))
	case seat != g.unoSeat && g.hand[seat] == 1:
		return refuse(ErrBadCatch, say("catch.late", a))
	case seat != g.unoSeat:
		return refuse(ErrBadCatch, say("catch.count", a))
	}
	v := Verdict{OK: true}
	g.unoSeat = -1
	got := g.drawCards(seat, g.rules.UnoPenalty, &v)
	v.Effects = append(v.Effects, Effect{Kind: EffUnoMissed, Player: who, N: got})
	v.then("uno.missed", msg.Args{Player: who, N: got})
	return v
}

func (g *Game) challenge() Verdict {
	if g.ph != phChallenge {
		return g.expect()
	}
	if !g.chal.open || g.pen.from < 0 {
		return refuse(ErrWrongPhase, say("challenge.who", msg.Args{}))
	}
	// The challenge answers the card like a draw would: the UNO window closes.
	v := Verdict{OK: true}
	g.closeUno(&v)
	g.ph, g.showSeat, g.preCall = phShow, g.pen.from, -1
	v.then("challenge", msg.Args{Player: g.names[g.turn], Other: g.names[g.pen.from]})
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
			return refuse(ErrNotYourTurn, say("show.who", g.who(g.showSeat)))
		}
		if v, ok := g.checkShown(seat, shown); !ok {
			return v
		}
		return g.judge(shown)
	case phHeights:
		return g.heightsPick(seat, shown)
	case phCountup:
		if g.done[seat] {
			return g.countedAlready(seat)
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
		return refuse(ErrWrongCount, say("show.count", msg.Args{Player: g.names[seat], N: g.hand[seat], K: len(shown)})), false
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
	accused := g.showSeat
	newer := max(g.hand[accused]-g.chal.hand, 0)
	old := 0
	for _, c := range shown {
		if !c.IsWild() && c.Kind != cards.Blank && c.Color == g.chal.color {
			old++
		}
	}
	if old <= newer {
		return g.innocent(old > 0)
	}
	return g.guilty()
}

// innocent makes the challenger draw pending + 2 (§2.8); maybe says the
// accused showed cards of the colour that may all be newer than the card.
func (g *Game) innocent(maybe bool) Verdict {
	accused, victim := g.showSeat, g.turn
	v := Verdict{OK: true}
	got := g.drawCards(victim, g.pen.n+2, &v)
	vn := g.names[victim]
	v.Effects = append(v.Effects, Effect{Kind: EffDraw, Player: vn, N: got}, Effect{Kind: EffSkip, Player: vn})
	g.pen.n, g.chal.open = 0, false
	key := "judge.innocent"
	if maybe {
		key = "judge.maybe"
	}
	v.then(key, msg.Args{Player: vn, Other: g.names[accused], Color: g.chal.color, N: got})
	if g.ending {
		return g.endRound(v, victim)
	}
	g.setTurn(g.next(victim))
	v.then("next", g.who(g.turn))
	return v
}

// guilty makes the accused draw; under house-ru the card goes back to
// their hand, unless a reshuffle since the play put the card under it
// into the draw pile: then it stays, as in official.
func (g *Game) guilty() Verdict {
	accused, victim := g.showSeat, g.turn
	v := Verdict{OK: true}
	a := msg.Args{Player: g.names[accused], Color: g.chal.color, Next: g.names[victim]}
	key := "judge.guilty"
	k := g.rules.ChallengeGuiltyDraw + g.pen.n - 4
	takeBack := g.rules.Challenge == ChallengeHouseRU && g.discard > 1
	if takeBack {
		g.hand[accused]++
		g.played[idx(cards.Card{Kind: cards.WildDrawFour})]--
		g.discard--
		g.top, g.color, g.onStarter = g.chal.top, g.chal.color, g.chal.onStarter
		key = "judge.guilty.back"
	}
	got := g.drawCards(accused, k, &v)
	a.N = got
	v.then(key, a)
	v.Effects = append(v.Effects, Effect{Kind: EffDraw, Player: g.names[accused], N: got})
	if takeBack {
		v.Effects = append(v.Effects, Effect{Kind: EffColor, Color: g.color.Code()})
	}
	g.pen.n, g.chal.open, g.ending = 0, false, false
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
	return v
}

func (g *Game) heightsPick(seat int, shown []cards.Card) Verdict {
	nm := g.names[seat]
	if g.done[seat] {
		if g.hand[seat] == 0 {
			return refuse(ErrWrongPhase, say("heights.nocards", g.who(seat)))
		}
		return refuse(ErrWrongPhase, say("heights.again", g.who(seat)))
	}
	if len(shown) > 1 {
		return refuse(ErrWrongCount, say("heights.many", msg.Args{Player: nm, N: len(shown)}))
	}
	p := int8(-1)
	if len(shown) == 1 {
		if v, ok := g.checkPick(shown[0]); !ok {
			return v
		}
		p = shown[0].Number
	}
	g.pick[seat], g.done[seat] = p, true
	g.left--
	if g.left > 0 {
		return accept(say("heights.picked", g.who(seat)))
	}
	return g.heightsWin()
}

// checkPick refuses an Extreme Heights pick that is not a number card of
// the named colour, or a card the deck has no more of.
func (g *Game) checkPick(c cards.Card) (Verdict, bool) {
	if c.Kind != cards.Number || c.Color != g.color {
		return refuse(ErrIllegalCard, say("heights.wrong", msg.Args{Color: g.color, Card: c})), false
	}
	picked := 0
	for s, q := range g.pick {
		if q == c.Number && g.done[s] {
			picked++
		}
	}
	if int(g.played[idx(c)])+picked < int(g.deckCount[idx(c)]) {
		return Verdict{}, true
	}
	v, _ := g.checkDup(c)
	if v.Code == "" {
		v = refuse(ErrDuplicateCard, say("heights.dup", msg.Args{Card: c}))
	}
	return v, false
}

// heightsWin ends Extreme Heights once everyone has picked: the highest
// number picked once wins (§2.7).
func (g *Game) heightsWin() Verdict {
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
	by := g.heightsBy
	if win < 0 {
		g.setTurn(g.next(by))
		v := accept(say("heights.tie", msg.Args{Color: g.color}))
		v.then("next", g.who(g.turn))
		return v
	}
	c := cards.Card{Kind: cards.Number, Color: g.color, Number: g.pick[win]}
	g.hand[win]--
	g.played[idx(c)]++
	g.discard++
	g.top = c
	v := accept(say("heights.win", msg.Args{Player: g.names[win], Card: c}))
	if g.hand[win] == 1 {
		g.unoSeat, g.unoCalled = win, false
	}
	if g.hand[win] == 0 {
		return g.resolve(win, c, v)
	}
	g.setTurn(g.next(by))
	v.then("next", g.who(g.turn))
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
		return g.countedAlready(seat)
	}
	if most := MostHandPoints(g.rules, g.hand[seat]); p > most {
		// A slip of the finger, not a mistake at the table: no penalty.
		return refuse(ErrWrongCount, say("count.most", msg.Args{Player: g.names[seat], N: g.hand[seat], K: most}))
	}
	return g.counted(seat, p)
}

// countedAlready refuses a second count of seat's hand.
func (g *Game) countedAlready(seat int) Verdict {
	if g.hand[seat] == 0 {
		return refuse(ErrWrongPhase, say("count.nocards", g.who(seat)))
	}
	return refuse(ErrWrongPhase, say("count.again", g.who(seat)))
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
			return refuse(ErrWrongPhase, say("swap.other", g.who(seat)))
		}
		g.hand[seat], g.hand[target] = g.hand[target], g.hand[seat]
		g.unoSeat, g.preCall = -1, -1
		g.setTurn(g.next(seat))
		v := accept(say("swap", msg.Args{Player: g.names[seat], Other: who}))
		v.then("next", g.who(g.turn))
		v.Effects = []Effect{{Kind: EffHandsMoved, Player: who}}
		return v
	case g.ph == phTurn && g.fiveSwap >= 0:
		seat := g.fiveSwap
		if target == seat || g.out[target] {
			return refuse(ErrWrongPhase, say("swap5.other", g.who(seat)))
		}
		g.fiveSwap = -1
		v := accept(say("swap5", msg.Args{Player: g.names[seat], Other: who}))
		v.Effects = []Effect{{Kind: EffHandsMoved, Player: who}}
		return v
	}
	return g.expect()
}

// ---- end of a round ----

func (g *Game) gameOver(seat int, v Verdict) Verdict {
	g.ph, g.winner = phOver, seat
	g.pen.n, g.unoSeat = 0, -1
	v.Effects = append(v.Effects, Effect{Kind: EffGameOver, Player: g.names[seat]})
	return v
}

// endRound starts the count-up (§2.10, §7). subject is the seat the
// verdict's sentence is about: when it is the winner, the name is not
// said twice.
func (g *Game) endRound(v Verdict, subject int) Verdict {
	g.ph = phCountup
	g.pen.n, g.ending, g.chal.open = 0, false, false
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
	if w == subject {
		v.then("round.won.self", msg.Args{})
	} else {
		v.then("round.won", g.who(w))
	}
	if g.left == 0 {
		return g.score1(v)
	}
	return v
}

func (g *Game) counted(seat, p int) Verdict {
	g.pts[seat], g.done[seat] = p, true
	g.left--
	v := accept(say("counted", msg.Args{Player: g.names[seat], N: p}))
	if g.left > 0 {
		return v
	}
	return g.score1(v)
}

// score1 adds the round's points by the scoring method of §4 and ends the
// round or the game.
func (g *Game) score1(v Verdict) Verdict {
	end := -1
	switch g.rules.Scoring {
	case ScoringWinnerCollects:
		end = g.scoreCollect(&v)
	case ScoringPenalty:
		end = g.scorePenalty(&v)
	case ScoringLazy:
		end = g.scoreLazy(&v)
	}
	if end >= 0 {
		v.then("game.won", g.who(end))
		return g.gameOver(end, v)
	}
	g.ph, g.dealt = phSetup, false
	g.dealer = (g.dealer + 1) % g.n
	for s := range g.out {
		g.out[s] = false
	}
	v.then("round.next", msg.Args{})
	return v
}

// scoreCollect: the winner scores every hand's points; it returns the
// seat that won the game, or -1.
func (g *Game) scoreCollect(v *Verdict) int {
	w := g.firstOut
	sum := 0
	for _, p := range g.pts {
		sum += p
	}
	g.score[w] += sum
	v.then("score.collect", msg.Args{Player: g.names[w], N: sum})
	if g.score[w] >= g.rules.Target {
		return w
	}
	return -1
}

// scorePenalty: everyone adds their own points; past the target, the
// lowest total wins.
func (g *Game) scorePenalty(v *Verdict) int {
	hit := false
	for s, p := range g.pts {
		g.score[s] += p
		hit = hit || g.score[s] >= g.rules.Target
	}
	v.then("score.penalty", msg.Args{})
	if !hit {
		return -1
	}
	end := 0
	for s := range g.score {
		if g.score[s] < g.score[end] {
			end = s
		}
	}
	return end
}

// scoreLazy: the winner counts a round won, the highest hand deals next.
func (g *Game) scoreLazy(v *Verdict) int {
	w := g.firstOut
	loser := -1
	for s, p := range g.pts {
		if s != w && (loser < 0 || p > g.pts[loser]) {
			loser = s
		}
	}
	g.score[w]++
	g.firstSeat = w
	g.dealer = loser - 1 // moved on by one below
	if g.dealer < 0 {
		g.dealer += g.n
	}
	if g.score[w] >= g.rules.Target {
		return w // the game's winner is said next; nobody deals again
	}
	v.then("score.lazy", msg.Args{Player: g.names[w], Other: g.names[loser]})
	return -1
}
