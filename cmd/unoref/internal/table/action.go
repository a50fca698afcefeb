package table

import (
	"strings"

	"github.com/unoref/unoref/drivers/seatpad"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee/playername"
	"github.com/unoref/unoref/referee/tablelog"
)

// ActionKind is what an Action does. The page, the console and the tests
// name it by its string ("tap"); ActionKinds lists every one, and every
// list of them (the page's check, its refusals, the doc) derives from it.
type ActionKind string

// The kinds of Action.
const (
	KindTap     ActionKind = "tap"     // cards put on a pad (by the Person of a simulated table)
	KindRemove  ActionKind = "remove"  // the cards on a pad lifted (likewise)
	KindPress   ActionKind = "press"   // a panel button pressed
	KindSeat    ActionKind = "seat"    // a seat pad's button pressed
	KindNewGame ActionKind = "newgame" // a new game set up
	KindPoints  ActionKind = "points"  // a hand's points entered by hand at the count-up
	KindRename  ActionKind = "rename"  // the player in a seat renamed
	KindNames   ActionKind = "names"   // the roster changed: reread the names shown
	KindUndo    ActionKind = "undo"    // the last event taken back
	KindEnd     ActionKind = "end"     // the game ended: abandoned, with no winner, unless it was won
	KindFinish  ActionKind = "finish"  // the game stopped now and scored as it stands: whoever is ahead wins
	KindRules   ActionKind = "rules"   // the rules in force said and shown
	KindVoice   ActionKind = "voice"   // the speaker and teaching mode set
)

// ActionKinds are the kinds of Action, in the order the page lists them.
var ActionKinds = []ActionKind{KindTap, KindRemove, KindPress, KindSeat, KindNewGame, KindPoints,
	KindRename, KindNames, KindUndo, KindEnd, KindFinish, KindRules, KindVoice}

// Admin reports whether k acts on the game as a whole rather than on its
// play: the page asks for the PIN for it, the log notes its refusals.
func (k ActionKind) Admin() bool {
	switch k {
	case KindNewGame, KindRename, KindNames, KindUndo, KindEnd, KindFinish, KindVoice:
		return true
	}
	return false
}

// kindList is ActionKinds as one line: "tap, remove, …, voice".
func kindList() string {
	s := make([]string, len(ActionKinds))
	for i, k := range ActionKinds {
		s[i] = string(k)
	}
	return strings.Join(s, ", ")
}

// ParseKind reads an action's kind; a kind that is none is refused with a
// sentence that lists them.
func ParseKind(s string) (ActionKind, error) {
	for _, k := range ActionKinds {
		if string(k) == s {
			return k, nil
		}
	}
	if s == "" {
		return "", refuseAction("action.kind.none", msg.Args{Text: kindList()})
	}
	return "", refuseAction("action.kind.unknown", msg.Args{Value: msg.Echo(s), Text: kindList()})
}

// Bounds of what an action may carry. Each is far above what a family
// does, and keeps what a page or a console can send to a size the table
// handles at once.
const (
	// MaxTapCards is the most cards one tap puts on a pad: the reader
	// resolves at most 16 tags in its field (mfrc522's anticollision
	// bound), and a tap is checked before anything is parsed, so a long
	// one costs one pass over its text.
	MaxTapCards = 16
	// maxRules bounds a new game's rules line, in bytes: the longest
	// preset with every option is under 300.
	maxRules = 1024
	// MaxTarget is the most points a game can be played to (the rules'
	// target option).
	MaxTarget = 100000
	// maxVoiceName bounds an espeak-ng voice name ("en-us", "mb-de4").
	maxVoiceName = 64
)

// check validates a before anything acts on it and puts its names in NFC.
// Every field given is checked, whatever the kind, so that nothing the
// table can't act on or the journal can't write gets past it; then the
// fields the kind needs. A refusal is an *ActionError; the table and the
// journal are left as they were.
func (a *Action) check() error {
	if _, err := ParseKind(string(a.Kind)); err != nil {
		return err
	}
	for _, check := range []func() error{a.checkNumbers, a.checkNames, a.checkWords} {
		if err := check(); err != nil {
			return err
		}
	}
	switch {
	case a.Kind == KindPoints && a.Name == "":
		_, err := cleanName("")
		return err
	case a.Kind == KindRename && a.Name == "":
		return refuseAction("action.rename.who", msg.Args{})
	}
	return nil
}

// checkWords refuses a pad, a button or voice settings that are none, a
// tap of more cards than a pad holds (counted before any code is read, so
// a long one costs one pass over its text) and rules longer than any.
func (a *Action) checkWords() error {
	switch {
	case a.Pad != "" && a.Pad != "play" && a.Pad != "draw":
		return refuseAction("action.nopad", msg.Args{Value: msg.Echo(a.Pad)})
	case strings.Count(a.Card, ",") >= MaxTapCards:
		return refuseAction("action.tap.many", msg.Args{N: MaxTapCards})
	case a.Button != "" && !knownButton(a.Button):
		return refuseAction("action.nobutton", msg.Args{Value: msg.Echo(a.Button)})
	case len(a.Rules) > maxRules:
		return refuseAction("action.rules.long", msg.Args{})
	case a.Voice != nil && (a.Voice.Settings.Check() != nil || len(a.Voice.Settings.Voice) > maxVoiceName):
		return refuseAction("action.voice.settings", msg.Args{})
	}
	return nil
}

func knownButton(b string) bool {
	_, ok := buttonNames[b]
	return ok
}

// checkNumbers refuses a number out of its range, whatever the kind: a
// seat that is none, points no hand holds, a target no game has.
func (a *Action) checkNumbers() error {
	switch {
	case a.Seat < 0 || a.Seat >= seatpad.MaxSeats:
		return refuseAction("action.noseat", msg.Args{N: a.Seat})
	case a.Points < 0 || a.Points > tablelog.MaxPoints:
		return refuseAction("action.points.range", msg.Args{N: tablelog.MaxPoints})
	case a.Target < 0 || a.Target > MaxTarget:
		return refuseAction("action.target.range", msg.Args{N: MaxTarget})
	}
	return nil
}

// checkNames puts every name a carries in NFC and checks it
// (playername.Check, tablelog.CheckName): the players of a new game (2 to
// 10, no two the same), the player of points, and a rename's seat and new
// name.
func (a *Action) checkNames() error {
	if len(a.Players) > 0 {
		ps, err := checkPlayers(a.Players)
		if err != nil {
			return err
		}
		a.Players = ps
	}
	for _, f := range []*string{&a.Name, &a.NewName} {
		if *f == "" {
			continue
		}
		n, err := cleanName(*f)
		if err != nil {
			return err
		}
		*f = n
	}
	return nil
}

// cleanName is name as the table keeps it (NFC), or the refusal of a name
// the table log can't hold, in the table's words.
func cleanName(name string) (string, error) {
	n, err := playername.Check(name)
	if err != nil {
		return "", nameRefused(err)
	}
	return n, nil
}

// notTwice refuses name when one of names is the same player
// (playername.Same).
func notTwice(name string, names []string) error {
	for _, q := range names {
		if playername.Same(name, q) {
			return refuseAction("action.name.twice", msg.Args{Value: name})
		}
	}
	return nil
}
