package tablelog

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/unoref/unoref/cards"
)

// Kind is the keyword of a table-log line.
type Kind uint8

// The keywords of RULES.md "The table log".
const (
	Players Kind = iota + 1
	Rules
	Dealer
	Start
	Play
	Color
	Draw
	Pass
	Uno
	Catch
	Challenge
	Hand
	Points
	Swap
	Slap
)

var keywords = [...]string{"", "players", "rules", "dealer", "start", "play", "color", "draw", "pass", "uno", "catch", "challenge", "hand", "points", "swap", "slap"}

func (k Kind) String() string {
	if int(k) < len(keywords) && k != 0 {
		return keywords[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Event is one line of a table log. Which fields are set depends on Kind:
//
//	players NAME…          Names
//	rules PRESET [OPT…]    Preset, Options
//	dealer NAME            Name
//	start CARD             Card
//	play CARD [as NAME]    Card, Name ("" = the player to act)
//	color C                Color
//	draw [CARD…]           Cards (may be empty)
//	pass                   -
//	uno [NAME]             Name ("" = the player who played last)
//	catch NAME             Name
//	challenge              -
//	hand NAME [CARD…]      Name, Cards
//	points NAME N          Name, N
//	swap NAME              Name
//	slap NAME              Name
type Event struct {
	Line    int           // line number in its file, 0 when not from a file
	At      time.Duration // time of the event since the log began, when Timed
	Timed   bool
	Kind    Kind
	Name    string
	Names   []string
	Card    cards.Card
	Cards   []cards.Card
	Color   cards.Color
	N       int
	Preset  string
	Options []string
}

// Errors of Parse, for errors.Is. Error codes for the table follow them.
var (
	ErrBadLine = errors.New("bad-line")
	ErrBadCard = errors.New("bad-card")
)

// ParseError is a line that is not a table-log event.
type ParseError struct {
	Line int
	Code error  // ErrBadLine or ErrBadCard
	Msg  string // one sentence a person understands
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("tablelog: line %d: %s", e.Line, e.Msg)
}

func (e *ParseError) Unwrap() error { return e.Code }

// Parse reads one line. A blank line or a comment gives ok == false and no
// error. n is the line number recorded in the event and in errors.
func Parse(line string, n int) (ev Event, ok bool, err error) {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	f := strings.Fields(line)
	if len(f) == 0 {
		return Event{}, false, nil
	}
	ev.Line = n
	bad := func(code error, format string, a ...any) (Event, bool, error) {
		return Event{}, false, &ParseError{Line: n, Code: code, Msg: fmt.Sprintf(format, a...)}
	}
	if c := f[0][0]; c >= '0' && c <= '9' || c == '.' {
		sec, err := strconv.ParseFloat(f[0], 64)
		if err != nil || sec < 0 || sec > 1e9 {
			return bad(ErrBadLine, "%q is not a time in seconds", f[0])
		}
		ev.At, ev.Timed = time.Duration(sec*float64(time.Second)+0.5), true
		f = f[1:]
		if len(f) == 0 {
			return bad(ErrBadLine, "a time must be followed by an event")
		}
	}
	for k := Players; k <= Slap; k++ {
		if keywords[k] == f[0] {
			ev.Kind = k
		}
	}
	if ev.Kind == 0 {
		return bad(ErrBadLine, "%q is not an event: want one of players, rules, dealer, start, play, color, draw, pass, uno, catch, challenge, hand, points, swap, slap", f[0])
	}
	args := f[1:]
	arity := func(min, max int) bool { return len(args) >= min && (max < 0 || len(args) <= max) }
	card := func(s string) (cards.Card, bool) {
		c, err := cards.Parse(s)
		return c, err == nil
	}
	switch ev.Kind {
	case Players:
		if !arity(2, 10) {
			return bad(ErrBadLine, "a game needs 2 to 10 players, but this line names %d", len(args))
		}
		seen := map[string]bool{}
		for _, name := range args {
			if seen[name] {
				return bad(ErrBadLine, "%s is named twice in players", name)
			}
			seen[name] = true
		}
		ev.Names = args
	case Rules:
		if !arity(1, -1) {
			return bad(ErrBadLine, "rules needs a preset: official, cars or house-ru")
		}
		ev.Preset, ev.Options = args[0], args[1:]
	case Dealer, Catch, Swap, Slap:
		if !arity(1, 1) {
			return bad(ErrBadLine, "%s needs one player's name", ev.Kind)
		}
		ev.Name = args[0]
	case Start, Play:
		if !(arity(1, 1) || ev.Kind == Play && arity(3, 3) && args[1] == "as") {
			if ev.Kind == Start {
				return bad(ErrBadLine, "start needs one card code, like start R5")
			}
			return bad(ErrBadLine, "play needs a card code, like play R5 or play R5 as Ann")
		}
		c, ok := card(args[0])
		if !ok {
			return bad(ErrBadCard, "%q is not a card code", args[0])
		}
		ev.Card = c
		if len(args) == 3 {
			ev.Name = args[2]
		}
	case Color:
		if !arity(1, 1) {
			return bad(ErrBadLine, "color needs one colour: R, Y, G or B")
		}
		c, err := cards.ParseColor(args[0])
		if err != nil {
			return bad(ErrBadLine, "%q is not a colour: want R, Y, G or B", args[0])
		}
		ev.Color = c
	case Draw:
		for _, s := range args {
			c, ok := card(s)
			if !ok {
				return bad(ErrBadCard, "%q is not a card code", s)
			}
			ev.Cards = append(ev.Cards, c.Face())
		}
	case Pass, Challenge:
		if !arity(0, 0) {
			return bad(ErrBadLine, "%s takes nothing after it", ev.Kind)
		}
	case Uno:
		if !arity(0, 1) {
			return bad(ErrBadLine, "uno takes at most one name")
		}
		if len(args) == 1 {
			ev.Name = args[0]
		}
	case Hand:
		if !arity(1, -1) {
			return bad(ErrBadLine, "hand needs a name, then the cards shown")
		}
		ev.Name = args[0]
		for _, s := range args[1:] {
			c, ok := card(s)
			if !ok {
				return bad(ErrBadCard, "%q is not a card code", s)
			}
			ev.Cards = append(ev.Cards, c.Face())
		}
	case Points:
		if !arity(2, 2) {
			return bad(ErrBadLine, "points needs a name and a number, like points Ann 35")
		}
		v, err := strconv.Atoi(args[1])
		if err != nil || v < 0 || v > 100000 {
			return bad(ErrBadLine, "%q is not a number of points", args[1])
		}
		ev.Name, ev.N = args[0], v
	}
	return ev, true, nil
}

// String prints ev as a canonical table-log line (without its line number),
// which Parse reads back to an equal event.
func (ev Event) String() string {
	var b strings.Builder
	if ev.Timed {
		b.WriteString(strconv.FormatFloat(ev.At.Seconds(), 'f', 3, 64))
		b.WriteByte(' ')
	}
	b.WriteString(ev.Kind.String())
	word := func(s string) { b.WriteByte(' '); b.WriteString(s) }
	switch ev.Kind {
	case Players:
		for _, n := range ev.Names {
			word(n)
		}
	case Rules:
		word(ev.Preset)
		for _, o := range ev.Options {
			word(o)
		}
	case Dealer, Catch, Swap, Slap:
		word(ev.Name)
	case Start:
		word(ev.Card.String())
	case Play:
		word(ev.Card.String())
		if ev.Name != "" {
			word("as")
			word(ev.Name)
		}
	case Color:
		word(ev.Color.Code())
	case Draw:
		for _, c := range ev.Cards {
			word(c.String())
		}
	case Uno:
		if ev.Name != "" {
			word(ev.Name)
		}
	case Hand:
		word(ev.Name)
		for _, c := range ev.Cards {
			word(c.String())
		}
	case Points:
		word(ev.Name)
		word(strconv.Itoa(ev.N))
	}
	return b.String()
}
