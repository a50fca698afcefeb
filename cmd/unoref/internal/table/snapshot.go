package table

import (
	"time"

	"github.com/unoref/unoref/referee"
)

// Snapshot is the table as the page shows it. It is a value: safe to keep
// and to hand to other goroutines.
type Snapshot struct {
	Seq     uint64          // increases on every change
	Virtual bool            // true on the virtual table (controls are shown)
	State   referee.State   // the engine's observable state (RULES.md §7)
	Players []string        // seats, clockwise
	Last    Verdict         // the last ruling shown at the table
	LEDs    map[string]bool // "cw","ccw","legal","illegal","uno","R","Y","G","B", and "seat0"… with seat pads
	Buzzer  string          // pattern playing now: "legal","illegal","uno","round","game" or ""
	Prompt  string          // what the table waits for, one sentence
	Reader  string          // play-pad reader: "ok", "lost" or "sim"
	Log     []string        // the last lines of this game's table log, newest last
	Events  int             // events journaled in this game so far

	// Added for the page's admin controls and history; older readers
	// ignore them.
	Game  int64             // the journal's id of the game shown, 0 for none
	Names map[string]string // display names of renamed seats: seat name → display name
	// Alert is a problem the table can't solve by itself, for a banner on
	// the page (Config.Alert): a damaged journal and the command that
	// restores it.
	Alert string
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
	Code    string
	Message string
	Event   string // the table-log line ruled on
	At      time.Time
}

// Action is a control from the page (or a test): a card tapped or lifted on
// a pad, a button pressed, a game set up.
type Action struct {
	Kind    string   // "tap", "remove", "press", "seat", "newgame", "points", "rename", "undo", "end"
	Pad     string   // "play" or "draw", for tap and remove
	Card    string   // for tap: a card code ("R7"), "tag:UIDHEX", "garbage", or "R7,B3" for two at once
	Button  string   // for press: "uno","draw","pass","challenge","R","Y","G","B"
	Seat    int      // for seat
	Players []string // for newgame
	Rules   string   // for newgame: the words after "rules", e.g. "official +stacking"
	Target  int      // for newgame; 0 keeps the preset's
	Name    string   // for points; for rename, the seat (its seat or display name)
	Points  int      // for points
	NewName string   // for rename: the display name from now on (the seat's own name clears it)
}
