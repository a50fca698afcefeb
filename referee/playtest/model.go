package playtest

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/referee/tablelog"
)

// Names are the seats' names, clockwise; a game with n players uses the
// first n.
var Names = []string{"Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"}

// Codes of refusals the model gives. They mirror the referee's error codes;
// the simulation compares only whether an event is refused, codes are
// informative.
const (
	codeIllegal    = "illegal-card"
	codeNotTurn    = "not-your-turn"
	codeMustDraw   = "must-draw"
	codePhase      = "wrong-phase"
	codeDuplicate  = "duplicate-card"
	codeNoJumpIn   = "no-jump-in"
	codeUnknown    = "unknown-player"
	codeBadLine    = "bad-line"
	codeFalseUno   = "false-uno"
	codeBadCatch   = "bad-catch"
	codeWrongColor = "wrong-color"
	codeBadSlap    = "bad-slap"
	codeCount      = "wrong-count"
	codeNotHeld    = "model-not-held" // a strategy bug: the player does not hold the card
)

// Phases of RULES.md "The table log".
const (
	phaseSetup     = "setup"
	phaseTurn      = "turn"
	phaseDrawn     = "drawn"
	phasePenalty   = "penalty"
	phaseColor     = "color"
	phaseChallenge = "challenge"
	phaseShow      = "show"
	phaseSwap      = "swap"
	phaseHeights   = "heights"
	phaseCountup   = "countup"
	phaseOver      = "over"
)

// State is what the table observes: the fields of the referee's State
// (RULES.md "The table log"), kept here so the model does not depend on the engine.
type State struct {
	Phase     string
	Turn      string
	Direction string
	Top       string
	Color     string
	Pending   int
	Hands     map[string]int
	Scores    map[string]int
	Round     int
	Winner    string
	Players   []string
	Dealer    string
	DrawPile  int
	UnoOpen   string
	SlapFor   string   // uno-slap: the caller whose hand is slapped
	SlapsDue  []string // who still slaps, clockwise from the caller
}

// Step is one event of a simulated game with the model's expectation: whether
// the referee accepts it, and the observable state after it.
type Step struct {
	Event tablelog.Event
	OK    bool
	Code  string // the model's reason for a refusal
	State State
	Note  string // what the event meant to the model (for failure logs)
}

// Config describes one simulated game.
type Config struct {
	Players  int      // 2–10
	Preset   string   // official, cars or house-ru
	Options  []string // as on the rules line
	Seed     uint64
	Strategy Strategy
	// MaxEvents ends a game that runs too long (0: 20000). A game cut
	// short is not over; Table.Over reports it.
	MaxEvents int
	// Timed writes a time on every line (seconds since the log began).
	Timed bool
	// MaxRounds stops after this many rounds (0: no limit); needed for
	// scoring=lazy, which has no target.
	MaxRounds int
}

// Model is a game of UNO with every hand known: the cards, the piles and
// the rules of RULES.md §2 "Playing a round", §3 "Scoring" and §5
// "House rules you can switch on". It generates the events the table would see
// and predicts the referee's answer to each.
type Model struct {
	cfg        Config
	rules      Rules
	r          *rand.Rand
	n          int
	names      []string
	deck       []cards.Card // every card, faces
	copies     cards.Counts
	faceCopies [numFaces]int

	drawPile []cards.Card // top is the last
	pile     []cards.Card // discard pile since the last reshuffle, top is the last
	hands    [][]cards.Card
	out      []bool // play-to-end: players who went out this round

	seated, ruled, dealerSaid, dealt bool
	dealer                           int
	turn, dir                        int
	color                            cards.Color
	phase                            string
	pending                          int
	pendKind                         cards.Kind // DrawTwo or WildDrawFour while pending > 0
	afterDraw                        int        // who plays after the penalty is drawn (-1: the seat after the drawer)
	starterTop                       bool       // the top card is still the starter
	forced                           bool       // the pending cards must be drawn, no answer
	scores                           []int
	round                            int
	winner                           int
	lastPlayer                       int

	drawn     cards.Card // phase drawn: the card that may be played
	drawnAny  bool       // phase drawn: a card was drawn at all
	drawnSeen bool       // phase drawn: the draw line showed it
	bareDraw  bool       // the strategy draws without showing the cards

	wild     cards.Card // phase color: the wild waiting for its colour
	wildBy   int
	wildJump bool

	unoOpen   int // player whose UNO window is open, -1 none
	unoCalled bool
	preCall   int   // who called UNO just before playing their second-last card, -1 none
	unoPlan   int   // what the table will do about the open window: planCall, planCatch, planForget
	slap      slaps // uno-slap: the slaps after a call
	catcher   int

	wd4 struct {
		by, victim int
		prevColor  cards.Color
		prevTop    cards.Card
		prevStart  bool
		handAfter  int  // the accused's hand size right after the play
		emptied    bool // it was the accused's last card
	}

	heights struct {
		by    int
		color cards.Color
		picks []int8 // by seat, -1 none
		done  []bool
	}

	firstSeat            int   // lazy: first player of the next round, -1: after the dealer
	stage                []int // seven-rounds: cards drawn at the next empty hand, 0: it wins
	fiveSwap, fiveTarget int   // five-swap: who may still say swap, and with whom

	firstOut int // the player who went out first this round, -1 none
	roundEnd bool
	shown    []bool // countup: who has shown

	events int
	clock  time.Duration
	steps  []Step
}

const (
	planCall = iota + 1
	planCatch
	planForget
)

// NewTable seats a game. It fails for rules the model does not know.
func NewTable(cfg Config) (*Model, error) {
	if cfg.Players < 2 || cfg.Players > len(Names) {
		return nil, fmt.Errorf("playtest: %d players: want 2 to %d", cfg.Players, len(Names))
	}
	ru, err := ParseRules(cfg.Preset, cfg.Options)
	if err != nil {
		return nil, err
	}
	deck, err := cards.Deck(ru.Deck)
	if err != nil {
		return nil, fmt.Errorf("playtest: %w", err)
	}
	if cfg.MaxEvents == 0 {
		cfg.MaxEvents = 20000
	}
	if cfg.Strategy == (Strategy{}) {
		cfg.Strategy = DefaultStrategy
	}
	t := &Model{cfg: cfg, rules: ru, n: cfg.Players, names: Names[:cfg.Players], deck: deck,
		copies: cards.Count(deck),
		r:      rand.New(rand.NewPCG(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15)),
		hands:  make([][]cards.Card, cfg.Players), out: make([]bool, cfg.Players),
		scores: make([]int, cfg.Players), shown: make([]bool, cfg.Players),
		phase: phaseSetup, dir: 1, winner: -1, unoOpen: -1, firstOut: -1, lastPlayer: -1,
		afterDraw: -1, fiveSwap: -1, firstSeat: -1, preCall: -1, slap: slaps{caller: -1}}
	t.heights.picks, t.heights.done = make([]int8, t.n), make([]bool, t.n)
	t.stage = make([]int, t.n)
	for _, c := range deck {
		t.faceCopies[faceIndex(c)]++
	}
	return t, nil
}

// Rules is the model's reading of the game's rules.
func (t *Model) Rules() Rules { return t.rules }

// Over reports whether the game reached its end (a winner, or MaxRounds).
func (t *Model) Over() bool {
	return t.phase == phaseOver || t.cfg.MaxRounds > 0 && t.round >= t.cfg.MaxRounds && t.phase == phaseSetup
}

// Capped reports whether the game stopped at MaxEvents before it was over:
// a long game, every event of which was still checked.
func (t *Model) Capped() bool { return !t.Over() && t.events >= t.cfg.MaxEvents }

// Steps is every step generated so far.
func (t *Model) Steps() []Step { return t.steps }

// Next generates the next event, applies it to the model and returns it
// with the expected verdict and state. ok is false once the game is over or
// MaxEvents is reached.
func (t *Model) Next() (s Step, ok bool) {
	if t.Over() || t.events >= t.cfg.MaxEvents {
		return Step{}, false
	}
	ev, note := t.choose()
	if t.cfg.Timed {
		t.clock += time.Duration(200+t.r.IntN(5000)) * time.Millisecond
		ev.At, ev.Timed = t.clock, true
	}
	good, code := t.exec(&ev)
	t.events++
	s = Step{Event: ev, OK: good, Code: code, State: t.State(), Note: note}
	t.steps = append(t.steps, s)
	return s, true
}

// Play runs a whole game and returns its steps.
func Play(cfg Config) ([]Step, error) {
	t, err := NewTable(cfg)
	if err != nil {
		return nil, err
	}
	for {
		if _, ok := t.Next(); !ok {
			return t.steps, nil
		}
	}
}

// State is what the table observes, as the referee should report it.
func (t *Model) State() State {
	st := State{Phase: t.phase, Direction: "cw", Round: t.round,
		Hands: make(map[string]int, t.n), Scores: make(map[string]int, t.n),
		Players: t.names, Dealer: t.names[t.dealer], DrawPile: len(t.drawPile), Pending: t.pending}
	if !t.seated {
		st.Players, st.Dealer = nil, ""
		return st
	}
	if t.dir < 0 {
		st.Direction = "ccw"
	}
	switch t.phase {
	case phaseSetup, phaseOver, phaseCountup:
	default:
		st.Turn = t.names[t.turn]
	}
	if len(t.pile) > 0 && t.dealt {
		st.Top = t.pile[len(t.pile)-1].String()
		if t.color != cards.NoColor && t.phase != phaseColor {
			st.Color = t.color.Code() // none while a wild waits for its colour
		}
	}
	for i, name := range t.names {
		st.Hands[name] = len(t.hands[i])
		st.Scores[name] = t.scores[i]
	}
	if t.winner >= 0 {
		st.Winner = t.names[t.winner]
	}
	if t.unoOpen >= 0 { // called or not, until the next play or draw
		st.UnoOpen = t.names[t.unoOpen]
	}
	if c := t.slap.caller; c >= 0 {
		st.SlapFor = t.names[c]
		for i := 1; i < t.n; i++ {
			if s := (c + i) % t.n; t.slap.due[s] {
				st.SlapsDue = append(st.SlapsDue, t.names[s])
			}
		}
	}
	return st
}

// Conservation checks that every card of the deck is in exactly one place.
func (t *Model) Conservation() error {
	if t.phase == phaseSetup && !t.dealt {
		// Between rounds the cards are gathered for the next deal.
		return nil
	}
	var got [numFaces]int
	total := 0
	add := func(cs []cards.Card) {
		for _, c := range cs {
			got[faceIndex(c)]++
		}
		total += len(cs)
	}
	add(t.drawPile)
	add(t.pile)
	for _, h := range t.hands {
		add(h)
	}
	if total != len(t.deck) {
		return fmt.Errorf("playtest: %d cards on the table, want %d", total, len(t.deck))
	}
	if got != t.faceCopies {
		for c, n := range t.copies {
			if got[faceIndex(c)] != n {
				return fmt.Errorf("playtest: %d copies of %v, want %d", got[faceIndex(c)], c, n)
			}
		}
		return fmt.Errorf("playtest: a card not in the deck is on the table")
	}
	return nil
}

const numFaces = 56

// faceIndex numbers the faces of every deck densely, for fast tallies.
func faceIndex(c cards.Card) int {
	switch c.Kind {
	case cards.Number:
		return int(c.Color-1)*13 + int(c.Number)
	case cards.Skip, cards.Reverse, cards.DrawTwo:
		return int(c.Color-1)*13 + 9 + int(c.Kind)
	}
	return 52 + int(c.Kind-cards.Wild)
}

// --- seats and turns ---

func (t *Model) seat(name string) int {
	for i, n := range t.names {
		if n == name {
			return i
		}
	}
	return -1
}

// next is the seat after i in the direction of play, skipping players who
// went out (play-to-end).
func (t *Model) next(i int) int {
	for k := 0; k < t.n; k++ {
		i = ((i+t.dir)%t.n + t.n) % t.n
		if !t.out[i] {
			return i
		}
	}
	return i
}

func (t *Model) active() int {
	a := 0
	for i := range t.out {
		if !t.out[i] {
			a++
		}
	}
	return a
}

func (t *Model) top() cards.Card { return t.pile[len(t.pile)-1] }

// --- card movements ---

// drawOne moves the top of the draw pile to hand i, reshuffling the
// discard pile (all but its top) when the draw pile is empty (§2.11).
// ok is false when no card is left anywhere.
func (t *Model) drawOne(i int) (cards.Card, bool) {
	if len(t.drawPile) == 0 {
		t.reshuffle()
	}
	if len(t.drawPile) == 0 {
		return cards.Card{}, false
	}
	c := t.drawPile[len(t.drawPile)-1]
	t.drawPile = t.drawPile[:len(t.drawPile)-1]
	t.hands[i] = append(t.hands[i], c)
	return c, true
}

func (t *Model) drawN(i, n int) []cards.Card {
	var got []cards.Card
	for range n {
		c, ok := t.drawOne(i)
		if !ok {
			break
		}
		got = append(got, c)
	}
	return got
}

func (t *Model) reshuffle() {
	if len(t.pile) <= 1 {
		return
	}
	rest := t.pile[:len(t.pile)-1]
	for _, c := range rest {
		t.drawPile = append(t.drawPile, c.Face())
	}
	t.r.Shuffle(len(t.drawPile), func(a, b int) { t.drawPile[a], t.drawPile[b] = t.drawPile[b], t.drawPile[a] })
	t.pile = []cards.Card{t.top()}
}

func (t *Model) take(i int, c cards.Card) bool {
	k := slices.Index(t.hands[i], c.Face())
	if k < 0 {
		return false
	}
	t.hands[i] = slices.Delete(t.hands[i], k, k+1)
	return true
}

// seen is how many copies of face lie in the discard pile since the last
// reshuffle: what the referee knows for sure is out of every hand.
func (t *Model) seen(face cards.Card) int {
	k, i := 0, faceIndex(face)
	for _, c := range t.pile {
		if faceIndex(c) == i {
			k++
		}
	}
	return k
}

// --- matching ---

// matches reports whether c may be played on the top card in a normal turn.
func (t *Model) matches(c cards.Card) bool {
	if c.IsWild() {
		return true
	}
	if c.Kind == cards.Blank {
		return t.rules.BlankDrawTen
	}
	if c.Color == t.color {
		return true
	}
	top := t.top()
	if top.IsWild() || c.Kind != top.Kind {
		return false
	}
	return c.Kind != cards.Number || c.Number == top.Number
}

// circleNext is the colour a wild takes by itself under colours-in-circle:
// the next one around R→B→G→Y in the direction of play.
func (t *Model) circleNext() cards.Color {
	circle := [4]cards.Color{cards.Red, cards.Blue, cards.Green, cards.Yellow}
	i := slices.Index(circle[:], t.color)
	if i < 0 {
		return cards.NoColor
	}
	return circle[(i+4+t.dir)%4]
}

// identical is the jump-in test: same colour and number/symbol, a Wild on a
// Wild, never a Wild Draw Four.
func (t *Model) identical(c cards.Card) bool {
	top := t.top()
	switch {
	case c.Kind == cards.WildDrawFour || c.Kind == cards.Heights:
		return false
	case c.Kind == cards.Wild:
		return top.Kind == cards.Wild
	}
	return c.Face() == top.Face()
}

// holdsColor reports whether hand i holds a card of colour col (wilds do
// not count): what makes a Wild Draw Four illegal.
func (t *Model) holdsColor(i int, col cards.Color) bool {
	return t.countColor(i, col) > 0
}

// countColor is how many non-wild cards of col seat i holds.
func (t *Model) countColor(i int, col cards.Color) int {
	n := 0
	for _, c := range t.hands[i] {
		if !c.IsWild() && c.Kind != cards.Blank && c.Color == col {
			n++
		}
	}
	return n
}

// jumpable reports whether c may jump in now: an identical card, not on
// the starter, not while the round's last penalty is being drawn.
func (t *Model) jumpable(c cards.Card) bool {
	switch t.phase {
	case phaseTurn, phaseDrawn, phasePenalty, phaseChallenge:
	default:
		return false
	}
	return t.rules.JumpIn && !t.starterTop && !t.roundEnd && t.identical(c)
}

// counterPlay reports whether c may answer the pending penalty.
func (t *Model) counterPlay(c cards.Card) bool {
	if t.roundEnd || t.forced {
		return false // the last card's penalty, or a challenge's outcome
	}
	switch t.pendKind {
	case cards.DrawTwo:
		if c.Kind == cards.DrawTwo && (t.rules.Stacking || t.rules.DeflectDrawTwo) {
			return true
		}
	case cards.WildDrawFour:
		if c.Kind == cards.WildDrawFour && t.rules.Stacking {
			return true
		}
		if c.Kind == cards.DrawTwo && t.rules.WD4AnswerDrawTwo && c.Color == t.color {
			return true
		}
	}
	return c.Kind == cards.Reverse && t.rules.ReverseBounce && c.Color == t.color && t.afterDraw < 0 && !t.starterTop &&
		(t.pendKind == cards.DrawTwo || t.pendKind == cards.WildDrawFour)
}

// --- the judge ---

// exec rules on ev as the referee should, and applies it to the model. It
// fills in the cards of a draw. A refused event changes nothing but a
// mistake penalty.
func (t *Model) exec(ev *tablelog.Event) (bool, string) {
	if t.slapWaits(ev) {
		return false, codePhase
	}
	switch ev.Kind {
	case tablelog.Slap:
		return t.execSlap(ev)
	case tablelog.Players:
		t.seated = true
		return true, ""
	case tablelog.Rules:
		t.ruled = true
		return true, ""
	case tablelog.Dealer:
		t.dealer = t.seat(ev.Name)
		t.dealerSaid = true
		return true, ""
	case tablelog.Start:
		return t.execStart(ev.Card)
	case tablelog.Play:
		pre := t.preCall
		ok, code := t.execPlay(ev.Card, ev.Name)
		if ok && pre >= 0 && t.lastPlayer == pre && t.unoOpen == pre && t.unoCalled {
			t.openSlaps(pre, ev)
		}
		return ok, code
	case tablelog.Color:
		if t.phase != phaseColor {
			return false, codePhase
		}
		t.phase = phaseTurn
		w := t.wild
		w.Color = ev.Color
		t.pile[len(t.pile)-1] = w
		t.effect(t.wildBy, w)
		return true, ""
	case tablelog.Draw:
		return t.execDraw(ev)
	case tablelog.Pass:
		if t.phase == phaseTurn || t.phase == phasePenalty || t.phase == phaseChallenge {
			return false, codeMustDraw
		}
		if t.phase != phaseDrawn {
			return false, codePhase
		}
		t.phase = phaseTurn
		t.turn = t.next(t.turn)
		return true, ""
	case tablelog.Uno:
		who := t.lastPlayer
		if ev.Name != "" {
			who = t.seat(ev.Name)
		} else if who < 0 {
			who = t.turn
		}
		switch {
		case who < 0:
			return false, codeUnknown
		case t.phase == phaseSetup || t.phase == phaseCountup || t.phase == phaseOver:
			return false, codePhase
		case who == t.unoOpen:
			if !t.unoCalled {
				t.openSlaps(who, ev)
			}
			t.unoCalled = true
		case len(t.hands[who]) == 1:
			// One card in hand: never a false call.
		case len(t.hands[who]) == 2 && who == t.turn && (t.phase == phaseTurn || t.phase == phaseDrawn):
			t.preCall = who // called just before playing the second-last card
		default:
			return t.mistake(who, codeFalseUno)
		}
		return true, ""
	case tablelog.Catch:
		who := t.seat(ev.Name)
		if who < 0 {
			return false, codeUnknown
		}
		if t.phase == phaseSetup || t.phase == phaseCountup || t.phase == phaseOver {
			return false, codePhase
		}
		if who != t.unoOpen || t.unoCalled {
			return false, codeBadCatch
		}
		t.drawN(who, t.rules.UnoPenalty)
		t.unoOpen = -1
		return true, ""
	case tablelog.Challenge:
		if t.phase != phaseChallenge {
			return false, codePhase
		}
		t.closeUno() // the challenge answers the card like a draw would
		t.phase = phaseShow
		t.turn = t.wd4.by
		return true, ""
	case tablelog.Hand:
		return t.execHand(ev)
	case tablelog.Points:
		who := t.seat(ev.Name)
		if t.phase != phaseCountup || who < 0 || t.shown[who] || who == t.firstOut {
			return false, codePhase
		}
		if ev.N > t.mostPoints(len(t.hands[who])) {
			return false, codeCount
		}
		t.shown[who] = true
		t.countedUp()
		return true, ""
	case tablelog.Swap:
		who := t.seat(ev.Name)
		if !(t.phase == phaseSwap || t.phase == phaseTurn && t.fiveSwap >= 0) || who < 0 || who == t.turn && t.phase == phaseSwap || who == t.fiveSwap || t.out[who] {
			return false, codePhase
		}
		if t.phase == phaseTurn && t.fiveSwap >= 0 {
			// five-swap: one card each way, nothing the table can count.
			t.swapCard(t.fiveSwap, who)
			t.fiveSwap, t.fiveTarget = -1, -1
			return true, ""
		}
		t.hands[who], t.hands[t.turn] = t.hands[t.turn], t.hands[who]
		t.unoOpen, t.preCall = -1, -1
		t.phase = phaseTurn
		t.turn = t.next(t.turn)
		return true, ""
	}
	return false, codeBadLine
}

// mistake refuses an event and applies mistake-penalty to the offender.
func (t *Model) mistake(who int, code string) (bool, string) {
	if who >= 0 && t.rules.MistakePenalty > 0 {
		t.drawN(who, t.rules.MistakePenalty)
	}
	return false, code
}

// returnsStarter reports whether a starter goes back into the pile (§2.3).
func (t *Model) returnsStarter(c cards.Card) bool {
	if t.rules.NumberStarter {
		return c.Kind != cards.Number
	}
	return c.Kind == cards.WildDrawFour || c.Kind == cards.Heights || c.Kind == cards.Blank
}

func (t *Model) execStart(c cards.Card) (bool, string) {
	if t.phase != phaseSetup || !t.dealt || len(t.drawPile) == 0 || t.drawPile[len(t.drawPile)-1] != c.Face() {
		return false, codePhase
	}
	t.drawPile = t.drawPile[:len(t.drawPile)-1]
	if t.returnsStarter(c) {
		c = c.Face()
		// Back into the pile anywhere; another is turned.
		k := t.r.IntN(len(t.drawPile) + 1)
		t.drawPile = slices.Insert(t.drawPile, k, c)
		return true, ""
	}
	t.pile = append(t.pile[:0], c)
	t.starterTop = true
	t.dir = 1
	first := t.next(t.dealer)
	if t.firstSeat >= 0 {
		first = t.firstSeat
	}
	t.turn = first
	t.phase = phaseTurn
	t.color = c.Color
	switch c.Kind {
	case cards.DrawTwo:
		t.phase, t.pending, t.pendKind, t.afterDraw = phasePenalty, 2, cards.DrawTwo, -1
	case cards.Reverse:
		// The seat before the first player starts, counter-clockwise:
		// the dealer (§2.3), or under lazy scoring the one before the
		// round's winner (the engine's reading).
		t.dir = -1
		t.turn = t.next(first)
	case cards.Skip:
		t.turn = t.next(first)
	case cards.Wild:
		if c.Color == cards.NoColor {
			t.phase = phaseColor
			t.wild, t.wildBy = c, -1
		}
	}
	return true, ""
}

// closeUno ends the open UNO window: the next play or draw (§2.9). Under
// uno-enforcement=auto a missed call is caught now.
func (t *Model) closeUno() {
	if t.unoOpen < 0 {
		return
	}
	if !t.unoCalled && t.rules.AutoUno && len(t.hands[t.unoOpen]) == 1 {
		t.drawN(t.unoOpen, t.rules.UnoPenalty)
	}
	t.unoOpen = -1
}

func (t *Model) execPlay(c cards.Card, name string) (bool, string) {
	p := t.turn
	jump := false
	if name != "" {
		p = t.seat(name)
		if p < 0 {
			return false, codeUnknown
		}
	}
	switch t.phase {
	case phaseTurn, phaseDrawn, phasePenalty, phaseChallenge:
	default:
		return false, codePhase
	}
	if t.seen(c.Face()) >= t.copies[c.Face()] {
		return false, codeDuplicate
	}
	if c.IsWild() && t.rules.ColoursInCircle && c.Color != cards.NoColor && c.Color != t.circleNext() {
		return false, codeWrongColor
	}
	if p != t.turn {
		if !t.rules.JumpIn {
			return t.mistake(p, codeNotTurn)
		}
		if !t.jumpable(c) || t.out[p] {
			return t.mistake(p, codeNoJumpIn)
		}
		jump = true
	} else {
		switch t.phase {
		case phaseTurn:
			if !t.matches(c) {
				return t.mistake(p, codeIllegal)
			}
		case phaseDrawn:
			// Unless the draw line showed the card, the referee cannot
			// tell the drawn card from the others.
			if t.drawnSeen && c.Face() != t.drawn || !t.matches(c) {
				return t.mistake(p, codeIllegal)
			}
		default:
			if !t.counterPlay(c) && !t.jumpable(c) {
				return t.mistake(p, codeMustDraw)
			}
		}
	}
	if !slices.Contains(t.hands[p], c.Face()) {
		return false, codeNotHeld
	}
	t.closeUno()
	t.fiveSwap = -1
	prevColor, prevTop, prevStart := t.color, t.top(), t.starterTop
	t.take(p, c)
	t.pile = append(t.pile, c)
	t.starterTop = false
	t.lastPlayer = p
	t.turn = p
	if len(t.hands[p]) == 1 {
		t.unoOpen, t.unoCalled = p, t.preCall == p
	}
	t.preCall = -1
	if c.IsWild() && t.rules.ColoursInCircle {
		c.Color = t.circleNext()
		t.pile[len(t.pile)-1] = c
	}
	if c.Kind == cards.WildDrawFour {
		t.wd4.by, t.wd4.prevColor, t.wd4.prevTop, t.wd4.prevStart = p, prevColor, prevTop, prevStart
		t.wd4.handAfter = len(t.hands[p])
		t.wd4.emptied = len(t.hands[p]) == 0
	}
	if c.IsWild() && c.Color == cards.NoColor {
		t.phase = phaseColor
		t.wild, t.wildBy, t.wildJump = c, p, jump
		return true, ""
	}
	t.effect(p, c)
	return true, ""
}

// effect applies what card c, just played by p (-1: the starter Wild, whose
// colour the first player names), does.
func (t *Model) effect(p int, c cards.Card) {
	if c.Kind != cards.Blank { // a blank keeps the colour to match
		t.color = c.Color
	}
	if p < 0 { // starter Wild: the first player names it, then plays
		t.phase = phaseTurn
		return
	}
	inChain := t.pending > 0
	t.phase = phaseTurn
	empty := len(t.hands[p]) == 0
	if empty {
		// Going out (§2.10): the round ends, but a Draw Two or Wild
		// Draw Four still hits the next player. Under play-to-end the
		// player leaves and the card acts on the others.
		if t.firstOut < 0 {
			t.firstOut = p
		}
		if t.unoOpen == p {
			t.unoOpen = -1
		}
		switch {
		case t.rules.SevenRounds && t.stage[p] == 0:
			// seven-rounds: the last single card wins the game.
			t.winner, t.phase, t.pending, t.unoOpen = p, phaseOver, 0, -1
			return
		case t.rules.SevenRounds:
			// The next, smaller hand: 6 cards, then 5, … (seed 004).
			t.drawN(p, t.stage[p])
			t.stage[p]--
			t.firstOut = -1
			empty = false
		case t.rules.PlayToEnd && t.active() > 2:
			t.out[p] = true
		case c.Kind == cards.DrawTwo || c.Kind == cards.WildDrawFour || c.Kind == cards.Blank || inChain && c.Kind == cards.Reverse:
			// A bounced penalty still reaches its player, like a last
			// Draw Two.
			t.roundEnd = true
		default:
			t.startCountup()
			return
		}
	}
	switch c.Kind {
	case cards.Number:
		switch {
		case t.rules.SevenZero && c.Number == 7 && !empty:
			t.phase = phaseSwap
			t.turn = p
			return
		case t.rules.SevenZero && c.Number == 0 && !t.roundEnd:
			t.rotateHands()
		case t.rules.FiveSwap && c.Number == 5 && !empty:
			// p may swap a card with a swap line before the next play
			// or draw; the strategy decides now whether it will.
			t.fiveSwap, t.fiveTarget = p, -1
			if t.chance(t.cfg.Strategy.SwapCard) {
				t.fiveTarget = (p + 1 + t.r.IntN(t.n-1)) % t.n
			}
		}
		t.turn = t.next(p)
	case cards.Skip:
		t.turn = t.next(t.next(p))
	case cards.Reverse:
		t.dir = -t.dir
		if inChain { // reverse-bounce: the penalty goes back
			t.turn = t.next(p)
			t.phase = phasePenalty
			return
		}
		if t.active() == 2 && !empty {
			t.turn = p
		} else {
			t.turn = t.next(p)
		}
	case cards.DrawTwo:
		switch {
		case inChain && t.pendKind == cards.DrawTwo && t.rules.Stacking:
			t.pending += 2
		default:
			t.pending = 2
		}
		t.pendKind, t.afterDraw = cards.DrawTwo, -1
		t.turn = t.next(p)
		t.phase = phasePenalty
	case cards.WildDrawFour:
		if inChain && t.pendKind == cards.WildDrawFour {
			t.pending += 4
		} else {
			t.pending = 4
		}
		t.pendKind, t.afterDraw = cards.WildDrawFour, -1
		t.wd4.victim = t.next(p)
		t.turn = t.wd4.victim
		t.phase = phaseChallenge
	case cards.Wild:
		t.turn = t.next(p)
	case cards.Blank: // blank-draw-ten; never stacks
		t.pending, t.pendKind, t.afterDraw = 10, cards.Blank, -1
		t.turn = t.next(p)
		t.phase = phasePenalty
	case cards.Heights:
		t.phase = phaseHeights
		t.heights.by, t.heights.color = p, c.Color
		for i := range t.n {
			t.heights.picks[i], t.heights.done[i] = -1, len(t.hands[i]) == 0
		}
		t.turn = p
	}
}

// rotateHands passes every hand to the next player in the direction of play.
func (t *Model) rotateHands() {
	old := slices.Clone(t.hands)
	for i := range t.n {
		if !t.out[i] {
			t.hands[t.next(i)] = old[i]
		}
	}
	t.unoOpen, t.preCall = -1, -1 // nobody played down to one card of the hand they hold
}

// swapCard is five-swap: p swaps one random card with q; hand sizes stay.
func (t *Model) swapCard(p, q int) {
	if len(t.hands[q]) == 0 || len(t.hands[p]) == 0 {
		return
	}
	a, b := t.r.IntN(len(t.hands[p])), t.r.IntN(len(t.hands[q]))
	t.hands[p][a], t.hands[q][b] = t.hands[q][b], t.hands[p][a]
}

func (t *Model) startCountup() {
	t.phase = phaseCountup
	t.pending = 0
	for i := range t.shown {
		t.shown[i] = len(t.hands[i]) == 0 || i == t.firstOut
	}
	t.countedUp()
}

// handPoints is what hand h scores (§1, reset-zero of §3).
func (t *Model) handPoints(h []cards.Card) int {
	if t.rules.ResetZero && len(h) == 1 && h[0].Kind == cards.Number && h[0].Number == 0 {
		return 50
	}
	s := 0
	for _, c := range h {
		s += c.Points()
	}
	return s
}

// mostPoints is the most n cards of the game's deck can be worth: the n
// highest of its cards (a lone card is a wild, 50, reset-zero or not).
func (t *Model) mostPoints(n int) int {
	deck, _ := cards.Deck(t.rules.Deck)
	pts := make([]int, len(deck))
	for i, c := range deck {
		pts[i] = c.Points()
	}
	slices.Sort(pts)
	sum := 0
	for i := len(pts) - 1; i >= 0 && i >= len(pts)-n; i-- {
		sum += pts[i]
	}
	return sum
}

// countedUp ends the round once every hand has been shown (§4).
func (t *Model) countedUp() {
	for _, s := range t.shown {
		if !s {
			return
		}
	}
	w := t.firstOut
	switch t.rules.Scoring {
	case WinnerCollects:
		for i, h := range t.hands {
			t.scores[w] += t.handPoints(h)
			_ = i
		}
		if t.scores[w] >= t.rules.Target {
			t.winner = w
		}
	case PenaltyScoring:
		reached := false
		for i, h := range t.hands {
			t.scores[i] += t.handPoints(h)
			reached = reached || t.scores[i] >= t.rules.Target
		}
		if reached {
			t.winner = 0
			for i := range t.scores {
				if t.scores[i] < t.scores[t.winner] {
					t.winner = i
				}
			}
		}
	case LazyScoring:
		// Round wins are counted; the winner starts the next round and
		// the loser (most points, first seat on a tie) deals.
		loser := -1
		for i, h := range t.hands {
			if i != w && (loser < 0 || t.handPoints(h) > t.handPoints(t.hands[loser])) {
				loser = i
			}
		}
		t.scores[w]++
		if t.scores[w] >= t.rules.Target {
			t.winner = w
		}
		t.firstSeat = w
		t.dealer = (loser - 1 + t.n) % t.n // moved on by one in endRound
	}
	t.endRound()
}

func (t *Model) endRound() {
	t.dealt, t.roundEnd, t.forced, t.fiveSwap = false, false, false, -1
	t.pending, t.unoOpen, t.firstOut, t.lastPlayer, t.preCall = 0, -1, -1, -1, -1
	t.dir = 1
	for i := range t.out {
		t.out[i] = false
	}
	if t.winner >= 0 {
		t.phase = phaseOver
		return
	}
	t.phase = phaseSetup
	t.dealer = (t.dealer + 1) % t.n
}

func (t *Model) execDraw(ev *tablelog.Event) (bool, string) {
	p := t.turn
	switch t.phase {
	case phaseTurn:
		t.closeUno()
		t.fiveSwap, t.preCall = -1, -1
		if !t.rules.DrawUntilPlayable || t.bareDraw {
			ev.Cards = t.drawN(p, 1)
		} else {
			for {
				c, ok := t.drawOne(p)
				if !ok {
					break
				}
				ev.Cards = append(ev.Cards, c)
				if t.matches(c) {
					break
				}
			}
		}
		// The player ends the turn with pass even when the drawn card
		// cannot be played (the engine's ruling; §2.6 leaves it open).
		t.drawnAny = len(ev.Cards) > 0
		if t.drawnAny {
			t.drawn = ev.Cards[len(ev.Cards)-1]
		}
		if t.bareDraw {
			ev.Cards = nil // the draw pad did not see it
		}
		t.drawnSeen = len(ev.Cards) > 0
		t.phase = phaseDrawn
		return true, ""
	case phasePenalty, phaseChallenge:
		t.closeUno()
		t.preCall = -1
		ev.Cards = t.drawN(p, t.pending)
		if len(ev.Cards) < t.pending || t.bareDraw {
			// Not enough cards left anywhere: the draw pad saw only
			// some, so the line carries none (§7 draw).
			ev.Cards = nil
		}
		t.pending, t.forced = 0, false
		t.phase = phaseTurn
		if t.roundEnd {
			t.startCountup()
			return true, ""
		}
		if t.afterDraw >= 0 {
			t.turn, t.afterDraw = t.afterDraw, -1
		} else {
			t.turn = t.next(p)
		}
		return true, ""
	}
	return false, codePhase
}

func (t *Model) execHand(ev *tablelog.Event) (bool, string) {
	who := t.seat(ev.Name)
	if who < 0 {
		return false, codeUnknown
	}
	switch t.phase {
	case phaseShow:
		if who != t.wd4.by || !sameCards(ev.Cards, t.hands[who]) {
			return false, codePhase
		}
		victim := t.wd4.victim
		// The table judges what it can observe (RULES.md §6 "What the
		// referee sees, and what it cannot"): cards drawn since the play
		// (an UNO catch, a mistake penalty) may be any of the shown cards,
		// so the accused is guilty only if the shown cards of the old
		// colour outnumber them.
		if t.countColor(who, t.wd4.prevColor) > len(t.hands[who])-t.wd4.handAfter {
			if t.rules.HouseChallenge {
				// The W+4 goes back to the hand; top and colour revert.
				wd := t.pile[len(t.pile)-1]
				t.pile = t.pile[:len(t.pile)-1]
				t.hands[who] = append(t.hands[who], wd.Face())
				t.color, t.starterTop = t.wd4.prevColor, t.wd4.prevStart
				if t.unoOpen == who {
					t.unoOpen = -1
				}
			}
			// The outcome is drawn at once (no draw line), as the
			// engine rules; RULES.md §2 ("Challenging a Wild Draw Four") leaves it open.
			// Under stacking the penalty grows with the stack (seed 004).
			t.drawN(who, t.rules.ChallengeGuiltyDraw+t.pending-4)
			t.pending, t.roundEnd = 0, false
			t.out[who] = false
			if t.firstOut == who {
				t.firstOut = -1
			}
			if len(t.hands[who]) == 1 {
				t.unoOpen, t.unoCalled = who, false
			} else if t.unoOpen == who {
				t.unoOpen = -1
			}
			t.phase, t.turn = phaseTurn, victim
		} else {
			t.drawN(victim, t.pending+2)
			t.pending = 0
			if t.roundEnd {
				t.startCountup()
				return true, ""
			}
			t.phase, t.turn = phaseTurn, t.next(victim)
		}
		return true, ""
	case phaseHeights:
		if t.heights.done[who] {
			return false, codePhase
		}
		pick := int8(-1)
		if len(ev.Cards) > 0 {
			c := ev.Cards[0]
			if len(ev.Cards) > 1 || c.Kind != cards.Number || c.Color != t.heights.color || !slices.Contains(t.hands[who], c) {
				return false, codeIllegal
			}
			pick = c.Number
		}
		t.heights.picks[who], t.heights.done[who] = pick, true
		if !slices.Contains(t.heights.done, false) {
			t.resolveHeights()
		}
		return true, ""
	case phaseCountup:
		if t.shown[who] || !sameCards(ev.Cards, t.hands[who]) {
			return false, codePhase
		}
		t.shown[who] = true
		t.countedUp()
		return true, ""
	}
	return false, codePhase
}

// resolveHeights discards the highest unique pick (§2.7 Extreme Heights).
func (t *Model) resolveHeights() {
	count := map[int8]int{}
	for _, p := range t.heights.picks {
		if p >= 0 {
			count[p]++
		}
	}
	best, bestSeat := int8(-1), -1
	for k, p := range t.heights.picks {
		if p >= 0 && count[p] == 1 && p > best {
			best, bestSeat = p, k
		}
	}
	p := t.heights.by
	t.phase = phaseTurn
	t.turn = t.next(p)
	if bestSeat >= 0 {
		c := cards.Card{Kind: cards.Number, Color: t.heights.color, Number: best}
		t.take(bestSeat, c)
		t.pile = append(t.pile, c)
		switch len(t.hands[bestSeat]) {
		case 1:
			t.unoOpen, t.unoCalled = bestSeat, false
		case 0:
			t.effect(bestSeat, c)
		}
	}
}

func sameCards(a, b []cards.Card) bool {
	if len(a) != len(b) {
		return false
	}
	x, y := cards.Count(a), cards.Count(b)
	for c, n := range x {
		if y[c] != n {
			return false
		}
	}
	return true
}

// Log prints steps as a table log, one event per line.
func Log(steps []Step) string {
	var b []byte
	for _, s := range steps {
		b = append(b, s.Event.String()...)
		b = append(b, '\n')
	}
	return string(b)
}

// Describe prints a state on one line for failure messages.
func Describe(st State) string {
	s := fmt.Sprintf("phase=%s turn=%s dir=%s top=%s color=%s pending=%d round=%d winner=%s drawpile=%d hands=[",
		st.Phase, st.Turn, st.Direction, st.Top, st.Color, st.Pending, st.Round, st.Winner, st.DrawPile)
	for i, name := range st.Players {
		if i > 0 {
			s += " "
		}
		s += name + ":" + strconv.Itoa(st.Hands[name])
	}
	s += "] scores=["
	for i, name := range st.Players {
		if i > 0 {
			s += " "
		}
		s += name + ":" + strconv.Itoa(st.Scores[name])
	}
	if st.SlapFor != "" {
		s += "] slap=" + st.SlapFor + " due=" + strings.Join(st.SlapsDue, ",")
		return s
	}
	return s + "]"
}
