package table

import (
	"time"

	"github.com/unoref/unoref/hardware/board"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee"
)

// Snapshot is the table as the page shows it. It is a value: safe to keep
// and to hand to other goroutines.
type Snapshot struct {
	Seq     uint64          // increases on every change
	Virtual bool            // the parts are simulated: the page shows the controls that lay cards
	State   referee.State   // the engine's observable state (RULES.md "The table log")
	Players []string        // seats, clockwise
	Last    Verdict         // the last ruling shown at the table
	LEDs    map[string]bool // "cw","ccw","legal","illegal","uno","R","Y","G","B", and "seat0"… with seat pads
	Buzzer  string          // pattern playing now: "legal","illegal","uno","round","game" or ""
	Prompt  string          // what the table waits for, one sentence in the table's language
	Reader  string          // play-pad reader: "ok", "lost" or "sim"
	Log     []string        // the last lines of this game's table log, newest last
	Events  int             // events journaled in this game so far

	// Added for the page's admin controls and history; older readers
	// ignore them.
	Game  int64             // the journal's id of the game shown, 0 for none
	Names map[string]string // display names of renamed seats: seat name → display name

	// Counted are the players whose hands are counted in this count-up;
	// PickNext is who taps a card for the dealer pick now, "" when no pick
	// is on. For the page's headline and its count-up forms.
	Counted  []string `json:",omitempty"`
	PickNext string   `json:",omitempty"`
	// MostPoints is, in count-up, the most each hand still held can be
	// worth (referee.MostHandPoints): more is refused.
	MostPoints map[string]int `json:",omitempty"`

	// Parts are the optional parts switched on in the pin map: found,
	// absent (never fitted) or vanished (a problem). Empty on the minimal
	// build, and with --sim, where every part is fitted.
	Parts board.Parts `json:",omitempty"`

	// uno-slap: the caller whose hand is being slapped and the players who
	// still have to press their seat button; empty when no slap is open.
	SlapFor  string   `json:",omitempty"`
	SlapsDue []string `json:",omitempty"`
	// Lang is the table's language (Config.Lang), the language of
	// Last.Message and Prompt. PromptMsg is Prompt as a key and its
	// arguments, like Last.Msg, so that a page can say both in a phone's
	// own language (lang.Lang.Render, Sentence).
	Lang      string
	PromptMsg msg.Msg
	// RoundPoints are the points each player scored in the round just
	// counted, shown until the next round begins; nil otherwise.
	RoundPoints map[string]int `json:",omitempty"`
	// OLEDPage is the page of the OLED's text shown now (screen.Pages): a
	// long text pages round every Config.PageTime.
	OLEDPage int
	// Voice is the speaker and the teaching mode, for the page's admin
	// settings; Rules are the rules in force, a line a child understands
	// for the preset and each house rule (RulesInForce), rendered by the
	// page in its language.
	Voice VoiceState
	Rules []msg.Sentence `json:",omitempty"`
	// Alert is a problem the table can't solve by itself, for a banner on
	// the page (Config.Alert), as a key and its arguments: a damaged
	// journal (table.alert.damaged with its path, when the copy was made
	// and the command that restores it; table.alert.damaged.nocopy) and,
	// in Args.Text, the technical reason in English. Key "" for none.
	Alert msg.Msg `json:",omitzero"`
}

// Name is how the table shows the player seated as seat: their display name
// after a rename, else the seat name itself.
func (s Snapshot) Name(seat string) string {
	if n, ok := s.Names[seat]; ok {
		return n
	}
	return seat
}

// Verdict is a ruling as the table showed it.
type Verdict struct {
	OK      bool
	Bad     bool // accepted, but bad news: a missed UNO, a mistake penalty, a starter put back
	Code    string
	Message string       // Msg in the table's language
	Msg     msg.Sentence // the sentence as keys and arguments, display names in
	Event   string       // the table-log line ruled on
	At      time.Time
}

// Action is a control from the page (or a test): a card tapped or lifted on
// a pad, a button pressed, a game set up.
type Action struct {
	Kind    ActionKind // one of ActionKinds
	Pad     string     // "play" or "draw", for tap and remove
	Card    string     // for tap: a card code ("R7"), "tag:UIDHEX", "garbage", or "R7,B3" for two at once
	Button  string     // for press: "uno","draw","pass","challenge","R","Y","G","B"
	Seat    int        // for seat
	Players []string   // for newgame
	Rules   string     // for newgame: the words after "rules", e.g. "official +stacking"
	Target  int        // for newgame; 0 keeps the preset's
	Name    string     // for points; for rename, the seat (its seat or display name)
	Points  int        // for points
	NewName string     // for rename: the display name from now on (the seat's own name clears it)
	// For voice: the speaker on or off, teaching mode, the speaker's
	// settings ("rules" says and shows the rules in force).
	Voice *VoiceState
}
