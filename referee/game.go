package referee

import (
	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/referee/tablelog"
)

type phase uint8

const (
	phSetup phase = iota
	phTurn
	phDrawn
	phPenalty
	phColor
	phChallenge
	phShow
	phSwap
	phHeights
	phCountup
	phOver
)

var phaseNames = [...]string{PhaseSetup, PhaseTurn, PhaseDrawn, PhasePenalty, PhaseColor, PhaseChallenge, PhaseShow, PhaseSwap, PhaseHeights, PhaseCountup, PhaseOver}

// Game is one table's referee: the observable state of RULES.md §6 and the
// rules in force. Players are indexed by seat number, clockwise.
type Game struct {
	rules Rules

	names []string
	n     int
	hand  []int
	score []int
	out   []bool // play-to-end: went out this round
	stage []int  // seven-rounds: cards drawn at the next emptied hand (0: the next empty hand wins)
	done  []bool // count-up and Extreme Heights: answered
	pick  []int8 // Extreme Heights: number picked, -1 for none
	pts   []int  // count-up: points of each hand
	tmp   []int

	ph        phase
	dealt     bool // hands dealt for this round; the starter may still be returned
	round     int
	dealer    int
	firstSeat int // lazy: the next round's first player, -1 for the seat after the dealer
	turn      int
	dir       int // +1 clockwise, -1 counter-clockwise
	top       cards.Card
	color     cards.Color
	onStarter bool // the top card is the round's starter (no jump-in)

	pending   int
	penKind   cards.Kind
	penFrom   int  // seat that played the card owed, -1 for the starter
	canChal   bool // the player to act may challenge the Wild Draw Four on top
	prevTop   cards.Card
	prevColor cards.Color
	prevStart bool
	chalHand  int  // cards the player of the Wild Draw Four held right after it
	ending    bool // the round ends once the pending draw is taken
	firstOut  int

	colorSeat  int  // phColor: who names the colour
	colorStart bool // phColor: for the starter
	showSeat   int  // phShow: the accused
	drawnKnown bool
	drawnCard  cards.Card
	fiveSwap   int // seat that may still swap a card after a 5, -1
	heightsBy  int // phHeights: seat of the WX
	left       int // phHeights, phCountup: answers still expected

	unoSeat   int // seat whose UNO window is open, -1
	unoCalled bool
	preCall   int // seat that called UNO before releasing its second-last card, -1
	last      int // seat that played last, -1

	deckSize  int
	deckCount [numIdx]uint8
	played    [numIdx]uint8 // faces on the discard pile since the last reshuffle
	discard   int
	drawPile  int

	winner int
}

// New returns a referee with the official rules and no players seated.
func New() *Game {
	g := &Game{dir: 1, unoSeat: -1, preCall: -1, last: -1, winner: -1, firstSeat: -1, fiveSwap: -1, firstOut: -1}
	r, _ := Preset(PresetOfficial)
	g.setRules(r)
	return g
}

// Rules returns the rules in force.
func (g *Game) Rules() Rules { return g.rules }

// deckCounts holds, for each deck, how many of each face it has; built
// once so that New and a rules line cost no allocation.
type deckInfo struct {
	size  int
	count [numIdx]uint8
}

var deckCounts = func() map[string]*deckInfo {
	m := make(map[string]*deckInfo, len(cards.DeckNames))
	for _, nm := range cards.DeckNames {
		d, err := cards.Deck(nm)
		if err != nil {
			panic(err)
		}
		n := &deckInfo{size: len(d)}
		for _, c := range d {
			n.count[idx(c)]++
		}
		m[nm] = n
	}
	return m
}()

func (g *Game) setRules(r Rules) {
	g.rules = r
	d := deckCounts[r.Deck]
	g.deckCount, g.deckSize = d.count, d.size
}

// Apply rules on one event and returns the verdict. A refused event leaves
// the state as it was, except that a mistake-penalty may add cards.
func (g *Game) Apply(ev tablelog.Event) Verdict {
	switch ev.Kind {
	case tablelog.Players:
		return g.players(ev.Names)
	case tablelog.Rules:
		return g.setRulesLine(ev)
	case tablelog.Dealer:
		return g.setDealer(ev.Name)
	case tablelog.Start:
		return g.start(ev.Card)
	case tablelog.Play:
		return g.play(ev.Card, ev.Name)
	case tablelog.Color:
		return g.nameColor(ev.Color)
	case tablelog.Draw:
		return g.draw(ev.Cards)
	case tablelog.Pass:
		return g.pass()
	case tablelog.Uno:
		return g.uno(ev.Name)
	case tablelog.Catch:
		return g.catch(ev.Name)
	case tablelog.Challenge:
		return g.challenge()
	case tablelog.Hand:
		return g.showHand(ev.Name, ev.Cards)
	case tablelog.Points:
		return g.points(ev.Name, ev.N)
	case tablelog.Swap:
		return g.swap(ev.Name)
	}
	return refuse(ErrBadLine, "This line is not an event the referee knows")
}

func refuse(code, msg string) Verdict { return Verdict{Code: code, Message: msg} }

// State is what the table observes now.
func (g *Game) State() State {
	var st State
	g.StateInto(&st)
	return st
}

// StateInto fills s with what the table observes now, as State does, but
// reuses the Hands and Scores maps and the Players slice s already holds:
// with the same players seated it allocates nothing. Those maps and that
// slice are overwritten, so s must not share them with a State kept
// elsewhere.
func (g *Game) StateInto(s *State) {
	hands, scores, players := s.Hands, s.Scores, s.Players[:0]
	*s = State{
		Phase:     phaseNames[g.ph],
		Direction: "cw",
		Pending:   g.pending,
		Round:     g.round,
		DrawPile:  g.drawPile,
	}
	if g.dir < 0 {
		s.Direction = "ccw"
	}
	if g.n == 0 {
		return
	}
	s.Hands = g.fillSeats(hands, g.hand)
	s.Scores = g.fillSeats(scores, g.score)
	s.Players = append(players, g.names...)
	s.Dealer = g.names[g.dealer]
	switch g.ph {
	case phSetup, phOver, phCountup:
	case phColor:
		s.Turn = g.names[g.colorSeat]
	case phShow:
		s.Turn = g.names[g.showSeat]
	case phHeights:
		s.Turn = g.names[g.heightsBy]
	default:
		s.Turn = g.names[g.turn]
	}
	if g.discard > 0 {
		s.Top = code(g.top)
		s.Color = g.color.Code()
	}
	if g.winner >= 0 {
		s.Winner = g.names[g.winner]
	}
	if g.unoSeat >= 0 {
		s.UnoOpen = g.names[g.unoSeat]
	}
}

// fillSeats sets m[name] to the seat's value for every player, emptying m
// first unless its keys are already exactly the players.
func (g *Game) fillSeats(m map[string]int, vals []int) map[string]int {
	if m == nil {
		m = make(map[string]int, g.n)
	} else if len(m) != g.n {
		clear(m)
	} else {
		for _, nm := range g.names {
			if _, ok := m[nm]; !ok {
				clear(m)
				break
			}
		}
	}
	for s, nm := range g.names {
		m[nm] = vals[s]
	}
	return m
}

func (g *Game) seat(name string) (int, bool) {
	for i, nm := range g.names {
		if nm == name {
			return i, true
		}
	}
	return -1, false
}

func (g *Game) unknown(name string) Verdict {
	if g.n == 0 {
		return refuse(ErrUnknownPlayer, name+" is not at this table: seat the players first with a players line")
	}
	return refuse(ErrUnknownPlayer, name+" is not at this table")
}

// inRound reports whether cards are being played (a mistake can be punished).
func (g *Game) inRound() bool { return g.ph != phSetup && g.ph != phCountup && g.ph != phOver }

// expect is the refusal of an event that does not fit the phase: it says
// what the table is waiting for.
func (g *Game) expect() Verdict {
	var msg string
	switch g.ph {
	case phSetup:
		switch {
		case g.n == 0:
			msg = "The game has not begun: seat the players with a players line"
		case g.dealt:
			msg = "The round has not begun: turn up another starter card with start"
		default:
			msg = "The round has not begun: turn up the starter card with start"
		}
	case phTurn:
		msg = "It is " + g.names[g.turn] + "'s turn: play a card or draw"
	case phDrawn:
		msg = g.names[g.turn] + " has drawn: play the drawn card or pass"
	case phPenalty:
		if g.ending {
			msg = "The round is over: " + g.names[g.turn] + " only has to draw " + itoa(g.pending)
		} else {
			msg = g.names[g.turn] + " must draw " + itoa(g.pending)
		}
	case phColor:
		msg = g.names[g.colorSeat] + " must name a colour for the wild first"
	case phChallenge:
		msg = g.names[g.turn] + " must draw " + itoa(g.pending) + " or challenge the Wild Draw Four"
	case phShow:
		msg = g.names[g.showSeat] + " must show their hand for the challenge"
	case phSwap:
		msg = g.names[g.turn] + " must choose a player to swap hands with"
	case phHeights:
		msg = "Everyone picks a " + g.color.String() + " number for Extreme Heights with a hand line"
	case phCountup:
		msg = "The round is over: count the cards left with a hand or points line for each player"
	case phOver:
		msg = "The game is over: " + g.names[g.winner] + " won"
	}
	return refuse(ErrWrongPhase, msg)
}

// ---- setup ----

func (g *Game) players(names []string) Verdict {
	if g.round > 0 || g.dealt {
		return refuse(ErrWrongPhase, "The players can't change once the game has begun")
	}
	if len(names) < 2 || len(names) > 10 {
		return refuse(ErrBadLine, "A game needs 2 to 10 players")
	}
	for _, nm := range names {
		if err := tablelog.CheckName(nm); err != nil {
			return refuse(ErrBadLine, err.Error())
		}
	}
	n := len(names)
	g.names = append([]string(nil), names...)
	g.n = n
	ints := make([]int, 5*n)
	g.hand, g.score, g.stage, g.pts, g.tmp = ints[:n:n], ints[n:2*n:2*n], ints[2*n:3*n:3*n], ints[3*n:4*n:4*n], ints[4*n:]
	bools := make([]bool, 2*n)
	g.out, g.done = bools[:n:n], bools[n:]
	g.pick = make([]int8, n)
	g.dealer = 0
	return Verdict{OK: true, Message: itoa(n) + " players are seated and " + names[0] + " deals"}
}

func (g *Game) setRulesLine(ev tablelog.Event) Verdict {
	if g.round > 0 || g.dealt {
		return refuse(ErrWrongPhase, "The rules can't change once the game has begun")
	}
	r, err := ParseRules(ev.Preset, ev.Options)
	if err != nil {
		msg := err.Error()
		if re, ok := err.(*RulesError); ok {
			msg = re.Msg
		}
		return refuse(ErrBadRules, capitalize(msg))
	}
	g.setRules(r)
	return Verdict{OK: true, Message: "The game is played by the " + r.Preset + " rules"}
}

func capitalize(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

func (g *Game) setDealer(name string) Verdict {
	if g.round > 0 || g.dealt {
		return refuse(ErrWrongPhase, "The dealer of the first round is chosen before the game begins")
	}
	s, ok := g.seat(name)
	if !ok {
		return g.unknown(name)
	}
	g.dealer = s
	return Verdict{OK: true, Message: name + " deals"}
}

func (g *Game) inDeck(c cards.Card) bool { return g.deckCount[idx(c.Face())] > 0 }

func (g *Game) notInDeck(c cards.Card) Verdict {
	return refuse(ErrIllegalCard, "There is no "+name(c.Face())+" in the "+g.rules.Deck+" deck")
}

func (g *Game) deal() {
	g.round++
	g.dealt = true
	for s := range g.hand {
		g.hand[s] = 7
		g.out[s] = false
		g.stage[s] = 6
	}
	g.drawPile = g.deckSize - 7*g.n
	g.discard = 0
	g.played = [numIdx]uint8{}
	g.dir = 1
	g.pending, g.ending, g.canChal = 0, false, false
	g.unoSeat, g.preCall, g.last, g.fiveSwap, g.firstOut = -1, -1, -1, -1, -1
}

func (g *Game) start(c cards.Card) Verdict {
	if g.ph != phSetup || g.n == 0 {
		return g.expect()
	}
	if !g.inDeck(c) {
		return g.notInDeck(c)
	}
	if !g.dealt {
		g.deal()
	}
	face := c.Face()
	returned := face.Kind == cards.WildDrawFour || face.Kind == cards.Heights || face.Kind == cards.Blank
	if g.rules.Starter == StarterNumber {
		returned = face.Kind != cards.Number
	}
	if returned {
		// Turned up and put back: the draw pile keeps its size.
		return Verdict{OK: true, Message: name(face) + " can't start the round: put it back in the pile and turn up another card",
			Effects: []Effect{{Kind: EffReturn}}}
	}
	g.drawPile--
	g.discard = 1
	g.played[idx(face)] = 1
	g.top, g.onStarter = c, true
	g.color = c.Color
	first := (g.dealer + 1) % g.n
	if g.firstSeat >= 0 {
		first = g.firstSeat
	}
	v := Verdict{OK: true}
	head := name(face) + " starts the pile"
	switch c.Kind {
	case cards.Skip:
		g.setTurn(g.next(first))
		v.Effects = []Effect{{Kind: EffSkip, Player: g.names[first]}}
		v.Message = head + ": " + g.names[first] + " misses a turn and " + g.names[g.turn] + " plays first"
	case cards.Reverse:
		g.dir = -1
		g.setTurn(g.next(first))
		v.Effects = []Effect{{Kind: EffReverse}}
		v.Message = head + ": play goes the other way and " + g.names[g.turn] + " plays first"
	case cards.DrawTwo:
		g.turn, g.ph = first, phPenalty
		g.pending, g.penKind, g.penFrom = 2, cards.DrawTwo, -1
		v.Message = head + ": " + g.names[first] + " draws 2 and misses a turn"
	case cards.Wild:
		g.turn = first
		if c.Color == cards.NoColor {
			g.ph, g.colorSeat, g.colorStart = phColor, first, true
			v.Message = "A Wild starts the pile: " + g.names[first] + " names the colour and plays first"
		} else {
			g.ph = phTurn
			v.Effects = []Effect{{Kind: EffColor, Color: c.Color.Code()}}
			v.Message = "A Wild starts the pile, the colour is " + c.Color.String() + " and " + g.names[first] + " plays first"
		}
	default:
		g.setTurn(first)
		v.Message = head + " and " + g.names[first] + " plays first"
	}
	return v
}

func (g *Game) setTurn(s int) { g.turn, g.ph = s, phTurn }

// next is the seat after s in the direction of play, skipping players who
// are out (play-to-end).
func (g *Game) next(s int) int {
	for i := 0; i < g.n; i++ {
		s += g.dir
		if s < 0 {
			s += g.n
		} else if s >= g.n {
			s -= g.n
		}
		if !g.out[s] {
			return s
		}
	}
	return s
}

func (g *Game) active() int {
	k := 0
	for _, o := range g.out {
		if !o {
			k++
		}
	}
	return k
}

// drawCards moves up to k cards from the draw pile to seat's hand, turning
// the discard pile over first when the draw pile is short (§2.11).
func (g *Game) drawCards(seat, k int, v *Verdict) int {
	if k > g.drawPile && g.discard > 1 {
		g.drawPile += g.discard - 1
		g.discard = 1
		g.played = [numIdx]uint8{}
		g.played[idx(g.top.Face())] = 1
		v.Effects = append(v.Effects, Effect{Kind: EffReshuffle, N: g.drawPile})
	}
	if k > g.drawPile {
		k = g.drawPile
	}
	g.drawPile -= k
	g.hand[seat] += k
	return k
}

// mistake refuses an event and applies the mistake-penalty to seat.
func (g *Game) mistake(seat int, code, msg string) Verdict {
	v := Verdict{Code: code, Message: msg}
	if k := g.rules.MistakePenalty; k > 0 && seat >= 0 && g.inRound() {
		got := g.drawCards(seat, k, &v)
		v.Effects = append(v.Effects, Effect{Kind: EffMistake, Player: g.names[seat], N: got})
		v.Message = msg + ", and " + g.names[seat] + " draws " + itoa(got) + " for the mistake"
	}
	return v
}

// closeUno ends the UNO window at a play or draw (§2.9); with auto
// enforcement a missed call is punished here. It returns the sentence to
// put before the event's own message.
func (g *Game) closeUno(v *Verdict) string {
	s := g.unoSeat
	if s < 0 {
		return ""
	}
	g.unoSeat = -1
	if g.unoCalled || g.hand[s] != 1 || g.rules.UnoEnforcement != EnforceAuto || g.rules.UnoPenalty == 0 {
		return ""
	}
	got := g.drawCards(s, g.rules.UnoPenalty, v)
	v.Effects = append(v.Effects, Effect{Kind: EffUnoMissed, Player: g.names[s], N: got})
	return g.names[s] + " forgot to say UNO and draws " + itoa(got) + "; "
}
