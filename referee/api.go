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
	ErrBadCatch      = "bad-catch"   // catch of a player who called UNO, after the window closed, or by the caught player
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
	EffUnoForgot                        // Player forgot UNO and nobody made them draw (uno-enforcement=players, uno-penalty=0): for the family's record
)

// Effect is one consequence of an accepted (or penalised) event.
type Effect struct {
	Kind   EffectKind
	Player string
	N      int
	Color  string
}

// Verdict is the referee's answer to one event. Its sentence, one a child
// understands, is keys and arguments, never words, and is not even built
// into a msg.Sentence until someone reads it: Sentence gives the clauses,
// Text(lang.English) or the table's language renders them.
type Verdict struct {
	OK      bool
	Code    string // "" when OK; one of the Err* codes
	Effects []Effect
	said    said
}

// Sentence is the verdict's sentence as clauses, each a message key and
// its arguments; nil when it has none. Each call builds a new one.
func (v Verdict) Sentence() msg.Sentence {
	if v.said.len() == 0 {
		return nil
	}
	return v.said.appendTo(make(msg.Sentence, 0, v.said.len()))
}

// AppendSentence appends the verdict's clauses to dst: a reader that
// renders many verdicts keeps one dst (or one on its stack) for all.
func (v *Verdict) AppendSentence(dst msg.Sentence) msg.Sentence { return v.said.appendTo(dst) }

// Said reports whether the verdict has a sentence.
func (v *Verdict) Said() bool { return v.said.len() > 0 }

// Keys lists the keys of the verdict's clauses, for tests and logs.
func (v Verdict) Keys() []string {
	ks := make([]string, v.said.len())
	for i := range ks {
		ks[i] = v.said.key(i)
	}
	return ks
}

// Saying is v with the clauses of s after its own: how a verdict the
// engine did not make (a line that is no event, a test's) gets its
// sentence.
func (v Verdict) Saying(s ...msg.Msg) Verdict {
	for i := range s {
		v.said.add(s[i].Key, &s[i].Args)
	}
	return v
}

// Text is the verdict's sentence rendered by r (a lang.Lang).
func (v Verdict) Text(r msg.Renderer) string { return r.Sentence(v.Sentence()) }

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
