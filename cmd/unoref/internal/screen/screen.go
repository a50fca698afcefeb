package screen

import "github.com/unoref/unoref/lang"

// Screen is what the referee wants on the display. It is a plain view
// model: the daemon fills it from the engine's state (the fields of RULES.md "The table log");
// this package knows nothing of the rules.
type Screen struct {
	Phase     string // setup, turn, drawn, penalty, color, challenge, show, swap, heights, countup, over
	Turn      string // player to act
	Direction string // "cw" or "ccw"
	Color     string // colour to match: "R", "Y", "G", "B" or ""
	Top       string // top card code, e.g. "R7", "W:G", "B+2"
	Pending   int    // cards the player to act must draw
	Hands     []Seat // hand counts, in seat order
	Scores    []Score
	// Counted is the round whose points Scores[i].Round hold, 0 when no
	// round has just been counted. The scoreboard then pages through the
	// round's points, the totals and the prompt.
	Counted int
	Message string // verdict or news, e.g. "Ben draws 2"; paged when long
	Prompt  string // what the player must do now; a default per phase if empty
	Round   int
	Winner  string
	// End is how a game in phase "over" ended: its final standings are
	// titled by it, Scores best first (the winner, inverted, on top).
	End   End
	Alert Alert // non-zero shows the alert layout instead of the phase layout
	// Page is the page of the text to show when it needs more than one
	// (see Pages); past the last page shows the last.
	Page int
	// Link is an address for a phone, shown as a QR code on the whole
	// screen, with Code beside it: the page's setup code, "" for none.
	Link string
	Code string
	// Lang is the language of the screen's own words: titles, alerts,
	// default prompts, the colour to match. The zero value is English.
	Lang lang.Lang
}

// Seat is one player's hand count.
type Seat struct {
	Name  string
	Count int
}

// Score is one player's game total, and the points of the round just
// counted (see Screen.Counted).
type Score struct {
	Name   string
	Points int
	Round  int
}

// End is how a game ended.
type End int

// The ways a game ends.
const (
	EndWon       End = iota // a player reached the target
	EndEarly                // ended on the page and scored as it stood: the leader won
	EndAbandoned            // ended with no winner
)

// Alert selects the full-screen flash layout.
type Alert int

// Alert kinds.
const (
	AlertNone    Alert = iota
	AlertLegal         // a play accepted
	AlertIllegal       // a play refused; Message says why
	AlertUNO           // someone has one card left
	AlertSlap          // uno-slap: everyone slaps the caller's hand; Message says who still has to
	AlertBad           // accepted, but bad news: a penalty, a starter put back
)

func (a Alert) String() string {
	switch a {
	case AlertNone:
		return "none"
	case AlertLegal:
		return "legal"
	case AlertIllegal:
		return "illegal"
	case AlertUNO:
		return "uno"
	case AlertSlap:
		return "slap"
	case AlertBad:
		return "bad"
	}
	return "Alert(?)"
}
