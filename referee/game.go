package referee

import (
	"time"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/lang/msg"
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

// Game is one table's referee: the observable state of RULES.md §6 ("What
// the referee sees, and what it cannot") and the rules in force. Players are indexed by seat number, clockwise.
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

	pen      penalty
	chal     lastWD4
	ending   bool // the round ends once the pending draw is taken
	firstOut int

	colorSeat  int  // phColor: who names the colour
	colorStart bool // phColor: for the starter
	showSeat   int  // phShow: the accused
	drawnKnown bool
	drawnCard  cards.Card
	drewNone   bool // phDrawn: the draw found no card left, so a pass keeps none
	fiveSwap   int  // seat that may still swap a card after a 5, -1
	heightsBy  int  // phHeights: seat of the WX
	left       int  // phHeights, phCountup: answers still expected

	slap slapRound // uno-slap: the slaps after a call

	now   time.Duration // time of the event being ruled on, when timed
	timed bool

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
	early  bool // the game was stopped and scored as it stood (an end line)
}

// penalty is the draw owed by the player to act (§2.6, §3 stacking,
// deflect-draw-two, reverse-bounce, blank-draw-ten).
type penalty struct {
	n    int        // cards owed: State.Pending
	kind cards.Kind // the card that made it: DrawTwo, WildDrawFour or Blank
	from int        // seat that played it, -1 for the starter
}

// lastWD4 is what the referee keeps of the last Wild Draw Four to judge
// a challenge of it (§2.8).
type lastWD4 struct {
	open      bool        // the player to act may challenge the card on top
	top       cards.Card  // the pile's top card before the Wild Draw Four
	color     cards.Color // the colour to match before it: the evidence
	onStarter bool        // that top card was the starter
	hand      int         // cards its player held right after playing it
}

// New returns a referee with the official rules and no players seated.
func New() *Game {
	g := &Game{dir: 1, unoSeat: -1, slap: slapRound{caller: -1}, preCall: -1, last: -1, winner: -1, firstSeat: -1, fiveSwap: -1, firstOut: -1}
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
	g.now, g.timed = ev.At, ev.Timed
	if g.slapOpen() && ev.Kind != tablelog.Slap && ev.Kind != tablelog.End && g.slapLate() {
		return g.applyLate(ev)
	}
	return g.dispatch(ev)
}

// dispatch rules on one event by its kind.
func (g *Game) dispatch(ev tablelog.Event) Verdict {
	if g.slapOpen() && !g.slapLate() && slapWaits(ev.Kind) {
		return g.waitSlaps()
	}
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
		return g.catch(ev.Name, ev.By)
	case tablelog.Challenge:
		return g.challenge()
	case tablelog.Hand:
		return g.showHand(ev.Name, ev.Cards)
	case tablelog.Points:
		return g.points(ev.Name, ev.N)
	case tablelog.Swap:
		return g.swap(ev.Name)
	case tablelog.Slap:
		return g.slapBy(ev.Name)
	case tablelog.End:
		return g.endNow()
	}
	return refuse(ErrBadLine, say("line.unknown", msg.Args{}))
}

// say is one clause of a verdict's message.
func say(key string, a msg.Args) msg.Msg { return msg.Msg{Key: key, Args: a} }

func refuse(code string, m msg.Msg) Verdict {
	v := Verdict{Code: code}
	v.said.add(m.Key, &m.Args)
	return v
}

func accept(m msg.Msg) Verdict {
	v := Verdict{OK: true}
	v.said.add(m.Key, &m.Args)
	return v
}

// who is the Args naming the player in seat s.
func (g *Game) who(s int) msg.Args { return msg.Args{Player: g.names[s]} }

// owes is the Args of seat s owing the pending draw.
func (g *Game) owes(s int) msg.Args { return msg.Args{Player: g.names[s], N: g.pen.n} }

// State is what the table observes now.
func (g *Game) State() State {
	var st State
	g.StateInto(&st)
	return st
}

// StateInto fills s with what the table observes now, as State does, but
// reuses the Hands and Scores maps and the Players and SlapsDue slices s
// already holds: with the same players seated it allocates nothing. Those
// maps and slices are overwritten, so s must not share them with a State
// kept elsewhere.
func (g *Game) StateInto(s *State) {
	hands, scores, players, due := s.Hands, s.Scores, s.Players[:0], s.SlapsDue[:0]
	*s = State{
		Phase:     phaseNames[g.ph],
		Direction: "cw",
		Pending:   g.pen.n,
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
	s.Dealt = g.dealt
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
	s.Early = g.early
	if g.ph != phOver {
		if l := g.leadSeat(); l >= 0 {
			s.Leader = g.names[l]
		}
	}
	if g.unoSeat >= 0 {
		s.UnoOpen = g.names[g.unoSeat]
	}
	s.SlapsDue = g.slapState(s, due)
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
		return refuse(ErrUnknownPlayer, say("player.unknown.empty", msg.Args{Player: name}))
	}
	return refuse(ErrUnknownPlayer, say("player.unknown", msg.Args{Player: name}))
}

// inRound reports whether cards are being played (a mistake can be punished).
func (g *Game) inRound() bool { return g.ph != phSetup && g.ph != phCountup && g.ph != phOver }

// expect is the refusal of an event that does not fit the phase: it says
// what the table is waiting for.
func (g *Game) expect() Verdict { return refuse(ErrWrongPhase, g.waiting()) }

// waiting says what the table waits for in the current phase.
func (g *Game) waiting() msg.Msg {
	switch g.ph {
	case phSetup:
		switch {
		case g.n == 0:
			return say("wait.players", msg.Args{})
		case g.dealt:
			return say("wait.starter.again", msg.Args{})
		}
		return say("wait.starter", msg.Args{})
	case phTurn:
		return say("wait.turn", g.who(g.turn))
	case phDrawn:
		return say("wait.drawn", g.who(g.turn))
	case phPenalty:
		if g.ending {
			return say("wait.ending", g.owes(g.turn))
		}
		return say("wait.penalty", g.owes(g.turn))
	case phColor:
		return say("wait.color", g.who(g.colorSeat))
	case phChallenge:
		return say("wait.challenge", g.owes(g.turn))
	case phShow:
		return say("wait.show", g.who(g.showSeat))
	case phSwap:
		return say("wait.swap", g.who(g.turn))
	case phHeights:
		return say("wait.heights", msg.Args{Color: g.color})
	case phCountup:
		return say("wait.countup", msg.Args{})
	}
	return say("wait.over", g.who(g.winner))
}

// ---- setup ----

func (g *Game) players(names []string) Verdict {
	if g.round > 0 || g.dealt {
		return refuse(ErrWrongPhase, say("setup.players.late", msg.Args{}))
	}
	if len(names) < 2 || len(names) > 10 {
		return refuse(ErrBadLine, say("setup.players.count", msg.Args{N: len(names)}))
	}
	for _, nm := range names {
		if m, bad := NameMsg(tablelog.CheckName(nm)); bad {
			return refuse(ErrBadLine, m)
		}
	}
	n := len(names)
	g.names = append([]string(nil), names...)
	g.n = n
	ints := make([]int, 5*n)
	g.hand, g.score, g.stage, g.pts, g.tmp = ints[:n:n], ints[n:2*n:2*n], ints[2*n:3*n:3*n], ints[3*n:4*n:4*n], ints[4*n:]
	bools := make([]bool, 3*n)
	g.out, g.done, g.slap.due = bools[:n:n], bools[n:2*n:2*n], bools[2*n:]
	g.pick = make([]int8, n)
	g.dealer = 0
	return accept(say("setup.players", msg.Args{N: n, Player: names[0]}))
}

func (g *Game) setRulesLine(ev tablelog.Event) Verdict {
	if g.round > 0 || g.dealt {
		return refuse(ErrWrongPhase, say("setup.rules.late", msg.Args{}))
	}
	r, err := ParseRules(ev.Preset, ev.Options)
	if err != nil {
		return refuse(ErrBadRules, err.(*RulesError).Msg)
	}
	g.setRules(r)
	return Verdict{OK: true}.Saying(RulesMsg(r, ev.Options)...)
}

func (g *Game) setDealer(name string) Verdict {
	if g.round > 0 || g.dealt {
		return refuse(ErrWrongPhase, say("setup.dealer.late", msg.Args{}))
	}
	s, ok := g.seat(name)
	if !ok {
		return g.unknown(name)
	}
	g.dealer = s
	return accept(say("setup.dealer", msg.Args{Player: name}))
}

func (g *Game) inDeck(c cards.Card) bool { return g.deckCount[idx(c.Face())] > 0 }

func (g *Game) notInDeck(c cards.Card) Verdict {
	return refuse(ErrIllegalCard, say("card.notindeck."+g.rules.Deck, msg.Args{Card: c.Face()}))
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
	g.pen.n, g.ending, g.chal.open = 0, false, false
	g.unoSeat, g.preCall, g.last, g.fiveSwap, g.firstOut = -1, -1, -1, -1, -1
	g.closeSlap()
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
		v := accept(say("start.return", msg.Args{Card: face}))
		v.Effects = []Effect{{Kind: EffReturn}}
		return v
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
	return g.turnUp(c, first)
}

// turnUp applies the starter c (§2.3); first is the seat after the dealer.
func (g *Game) turnUp(c cards.Card, first int) Verdict {
	a := msg.Args{Card: c.Face(), Player: g.names[first]}
	switch c.Kind {
	case cards.Skip:
		g.setTurn(g.next(first))
		a.Next = g.names[g.turn]
		v := accept(say("start.skip", a))
		v.Effects = []Effect{{Kind: EffSkip, Player: g.names[first]}}
		return v
	case cards.Reverse:
		g.dir = -1
		g.setTurn(g.next(first))
		a.Next = g.names[g.turn]
		v := accept(say("start.reverse", a))
		v.Effects = []Effect{{Kind: EffReverse}}
		return v
	case cards.DrawTwo:
		g.turn, g.ph = first, phPenalty
		g.pen = penalty{n: 2, kind: cards.DrawTwo, from: -1}
		a.N = 2
		return accept(say("start.drawtwo", a))
	case cards.Wild:
		g.turn = first
		if c.Color == cards.NoColor {
			g.ph, g.colorSeat, g.colorStart = phColor, first, true
			return accept(say("start.wild", a))
		}
		g.ph = phTurn
		a.Color = c.Color
		v := accept(say("start.wild.color", a))
		v.Effects = []Effect{{Kind: EffColor, Color: c.Color.Code()}}
		return v
	}
	g.setTurn(first)
	return accept(say("start.card", a))
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
func (g *Game) mistake(seat int, code string, m msg.Msg) Verdict {
	v := refuse(code, m)
	if k := g.rules.MistakePenalty; k > 0 && seat >= 0 && g.inRound() {
		got := g.drawCards(seat, k, &v)
		v.Effects = append(v.Effects, Effect{Kind: EffMistake, Player: g.names[seat], N: got})
		if got > 0 { // with no card left to draw there is nothing to say
			v.then("mistake", msg.Args{Player: g.names[seat], N: got})
		}
	}
	return v
}

// closeUno ends the UNO window at a play or draw (§2.9); with auto
// enforcement a missed call is punished here, and its clause comes first
// in v's message.
func (g *Game) closeUno(v *Verdict) {
	s := g.unoSeat
	if s < 0 {
		return
	}
	g.unoSeat = -1
	if g.unoCalled || g.hand[s] != 1 {
		return
	}
	if g.rules.UnoEnforcement != EnforceAuto || g.rules.UnoPenalty == 0 {
		// Nobody caught it: no penalty, but the family's record counts it.
		v.Effects = append(v.Effects, Effect{Kind: EffUnoForgot, Player: g.names[s]})
		return
	}
	got := g.drawCards(s, g.rules.UnoPenalty, v)
	v.Effects = append(v.Effects, Effect{Kind: EffUnoMissed, Player: g.names[s], N: got})
	v.then("uno.missed.first", msg.Args{Player: g.names[s], N: got})
}
