package referee

// This file is the contract the rest of unoref builds on (cmd/unoref replay,
// the daemon, the simulation tests). The engine behind it may change freely;
// these names and their meaning may not without updating every user.

import (
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee/tablelog"
)

// Error codes of a refused event (RULES.md "The table log": error). The list may grow.
const (
	ErrIllegalCard   = "illegal-card"
	ErrNotYourTurn   = "not-your-turn"
	ErrMustDraw      = "must-draw"
	ErrWrongPhase    = "wrong-phase"
	ErrDuplicateCard = "duplicate-card"
	ErrNoJumpIn      = "no-jump-in"
	ErrBadLine       = "bad-line"
	ErrBadCard       = "bad-card"
	ErrUnknownPlayer = "unknown-player"
	ErrBadRules      = "bad-rules"
	ErrWrongCount    = "wrong-count" // a draw or hand line lists a number of cards that does not fit
	ErrFalseUno      = "false-uno"   // UNO called by a player who is not down to one card
	ErrBadCatch      = "bad-catch"   // catch of a player who called UNO, or after the window closed
	ErrWrongColor    = "wrong-color" // colours-in-circle: the colour written is not the one the circle gives
	ErrBadSlap       = "bad-slap"    // uno-slap: a slap with no call open, by the caller, twice, or with the option off
)

// Phases (RULES.md "The table log": phase).
const (
	PhaseSetup     = "setup"
	PhaseTurn      = "turn"
	PhaseDrawn     = "drawn"
	PhasePenalty   = "penalty"
	PhaseColor     = "color"
	PhaseChallenge = "challenge"
	PhaseShow      = "show"
	PhaseSwap      = "swap"
	PhaseHeights   = "heights"
	PhaseCountup   = "countup"
	PhaseOver      = "over"
)

// State is what the table observes, with the JSON names of RULES.md "The table log".
// Maps are never nil once players are seated.
type State struct {
	Phase     string         `json:"phase"`
	Turn      string         `json:"turn"`
	Direction string         `json:"direction"` // "cw" or "ccw"
	Top       string         `json:"top"`       // card code, wilds with their colour
	Color     string         `json:"color"`     // "R", "Y", "G", "B" or ""
	Pending   int            `json:"pending"`
	Hands     map[string]int `json:"hands"`
	Scores    map[string]int `json:"scores"`
	Round     int            `json:"round"`
	Winner    string         `json:"winner"`

	// Not printed by replay; for the daemon's screens.
	Players  []string `json:"-"` // seats, clockwise
	Dealer   string   `json:"-"`
	Dealt    bool     `json:"-"` // round Round is dealt: its first card turned up, even one put back
	DrawPile int      `json:"-"` // cards left in the draw pile
	UnoOpen  string   `json:"-"` // player whose UNO window is open, "" if none

	// uno-slap: the caller whose hand is being slapped ("" if none) and
	// the players who still have to slap it, clockwise from the caller. Play waits
	// until SlapsDue is empty.
	SlapFor  string   `json:"-"`
	SlapsDue []string `json:"-"`

	// Leader is who would win if the game were stopped now and scored as
	// it stands (an end line, RULES.md §3 "Stopping early"): "" when
	// two or more are level at the top, and once the game is over. Early
	// says the game was stopped that way rather than won at the target.
	Leader string `json:"-"`
	Early  bool   `json:"-"`
}

// CurrentRound is the round the table names (the page, the OLED, the
// voice): Round once the round's first card is turned up (RULES.md §7:
// rounds are counted from the first card turned up; one that goes back
// does not deal again); in setup before that, the round about to be dealt,
// Round+1.
func (s State) CurrentRound() int {
	if s.Phase == PhaseSetup && !s.Dealt {
		return s.Round + 1
	}
	return s.Round
}

// EffectKind is something the table must show or sound after a verdict.
type EffectKind uint8

const (
	EffDraw       EffectKind = iota + 1 // Player draws N (penalty, challenge, draw-ten...)
	EffSkip                             // Player loses their turn
	EffReverse                          // direction changed
	EffColor                            // colour to match is now Color
	EffUnoCalled                        // Player called UNO
	EffUnoMissed                        // Player missed UNO and draws N
	EffMistake                          // Player draws N for a mistake (mistake-penalty)
	EffReshuffle                        // the pile was turned into the draw pile
	EffHandsMoved                       // hands were passed or swapped (seven-zero, five-swap)
	EffRoundOver                        // Player went out
	EffGameOver                         // Player won the game
	EffReturn                           // the starter card must go back into the pile; turn another
	EffJumpIn                           // Player jumped in out of turn
	EffOut                              // Player went out and play goes on (play-to-end)
	EffSlapOpen                         // uno-slap: Player called UNO; everyone else slaps their hand
	EffSlap                             // uno-slap: Player slapped the caller's hand
	EffSlapLast                         // uno-slap: Player slapped last (or too late) and draws N
)

// Effect is one consequence of an accepted (or penalised) event.
type Effect struct {
	Kind   EffectKind
	Player string
	N      int
	Color  string
}

// Verdict is the referee's answer to one event. Its sentence is keys and
// arguments, never words: render it with Text(lang.English), or in the
// table's language, when someone reads it.
type Verdict struct {
	OK      bool
	Code    string       // "" when OK; one of the Err* codes
	Msg     msg.Sentence // one sentence a child understands, as clauses
	Effects []Effect
}

// Text is the verdict's sentence rendered by r (a lang.Lang).
func (v Verdict) Text(r msg.Renderer) string { return r.Sentence(v.Msg) }

// The engine's entry points, implemented in game.go:
//
//	func New() *Game
//	func (g *Game) Apply(ev tablelog.Event) Verdict
//	func (g *Game) State() State
//	func (g *Game) StateInto(s *State) // State into s, reusing its maps
//
// A refused event leaves the state unchanged, except a mistake-penalty.
var _ interface {
	Apply(tablelog.Event) Verdict
	State() State
	StateInto(*State)
} = (*Game)(nil)
