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

// The keywords of RULES.md §7.
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
	End
)

var keywords = [...]string{"", "players", "rules", "dealer", "start", "play", "color", "draw", "pass", "uno", "catch", "challenge", "hand", "points", "swap", "slap", "end"}

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
//	end                    -
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
	Err  error  // the cause, when there is one (a *NameError)
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("tablelog: line %d: %s", e.Line, e.Msg)
}

func (e *ParseError) Unwrap() []error {
	if e.Err == nil {
		return []error{e.Code}
	}
	return []error{e.Code, e.Err}
}

// bad is a ParseError without its line number, which Parse fills in.
func bad(code error, format string, a ...any) *ParseError {
	return &ParseError{Code: code, Msg: fmt.Sprintf(format, a...)}
}

// Parse reads one line. A blank line or a comment gives ok == false and no
// error. n is the line number recorded in the event and in errors.
func Parse(line string, n int) (ev Event, ok bool, err error) {
	f := words(line)
	if len(f) == 0 {
		return Event{}, false, nil
	}
	ev.Line = n
	f, perr := parseTime(&ev, f)
	if perr == nil {
		perr = parseKind(&ev, f[0])
	}
	if perr == nil {
		perr = argParsers[ev.Kind](&ev, f[1:])
	}
	if perr != nil {
		perr.Line = n
		return Event{}, false, perr
	}
	return ev, true, nil
}

// words splits a line, comment dropped, on the blanks RULES.md §7 separates
// words with. Other Unicode spaces stay inside a word, where a name or a
// card code refuses them: a name can never silently become two.
func words(line string) []string {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	return strings.FieldsFunc(line, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\r' || r == '\n' || r == '\v' || r == '\f'
	})
}

// parseTime reads the time a line may start with and returns the words
// after it.
func parseTime(ev *Event, f []string) ([]string, *ParseError) {
	if c := f[0][0]; !(c >= '0' && c <= '9' || c == '.') {
		return f, nil
	}
	sec, err := strconv.ParseFloat(f[0], 64)
	if err != nil || sec < 0 || sec > 1e9 {
		return nil, bad(ErrBadLine, "%q is not a time in seconds", f[0])
	}
	ev.At, ev.Timed = time.Duration(sec*float64(time.Second)+0.5), true
	if len(f) == 1 {
		return nil, bad(ErrBadLine, "a time must be followed by an event")
	}
	return f[1:], nil
}

func parseKind(ev *Event, word string) *ParseError {
	for k := Players; k <= End; k++ {
		if keywords[k] == word {
			ev.Kind = k
			return nil
		}
	}
	return bad(ErrBadLine, "%q is not an event: want one of players, rules, dealer, start, play, color, draw, pass, uno, catch, challenge, hand, points, swap, slap, end", word)
}

// argParsers read the words after each keyword into the event.
var argParsers = [...]func(*Event, []string) *ParseError{
	Players: parsePlayers, Rules: parseRules, Dealer: parseOneName, Catch: parseOneName, Swap: parseOneName, Slap: parseOneName,
	Start: parseStart, Play: parsePlay, Color: parseColor, Draw: parseDraw, Pass: parseNothing,
	Challenge: parseNothing, Uno: parseUno, Hand: parseHand, Points: parsePoints, End: parseNothing,
}

func arity(args []string, min, max int) bool {
	return len(args) >= min && (max < 0 || len(args) <= max)
}

func parseName(s string) *ParseError {
	if err := CheckName(s); err != nil {
		return &ParseError{Code: ErrBadLine, Msg: err.Error(), Err: err}
	}
	return nil
}

func parseCard(s string) (cards.Card, *ParseError) {
	c, err := cards.Parse(s)
	if err != nil {
		return c, bad(ErrBadCard, "%q is not a card code", s)
	}
	return c, nil
}

// parseCards reads card codes as faces (the colour named for a wild is not
// part of a card in a hand or a draw).
func parseCards(args []string) ([]cards.Card, *ParseError) {
	var cs []cards.Card
	for _, s := range args {
		c, err := parseCard(s)
		if err != nil {
			return nil, err
		}
		cs = append(cs, c.Face())
	}
	return cs, nil
}

func parsePlayers(ev *Event, args []string) *ParseError {
	if !arity(args, 2, 10) {
		return bad(ErrBadLine, "a game needs 2 to 10 players, but this line names %d", len(args))
	}
	seen := map[string]bool{}
	for _, name := range args {
		if err := parseName(name); err != nil {
			return err
		}
		if seen[name] {
			return bad(ErrBadLine, "%s is named twice in players", name)
		}
		seen[name] = true
	}
	ev.Names = args
	return nil
}

func parseRules(ev *Event, args []string) *ParseError {
	if !arity(args, 1, -1) {
		return bad(ErrBadLine, "rules needs a preset: official, cars or house-ru")
	}
	ev.Preset, ev.Options = args[0], args[1:]
	return nil
}

func parseOneName(ev *Event, args []string) *ParseError {
	if !arity(args, 1, 1) {
		return bad(ErrBadLine, "%s needs one player's name", ev.Kind)
	}
	ev.Name = args[0]
	return parseName(ev.Name)
}

func parseStart(ev *Event, args []string) *ParseError {
	if !arity(args, 1, 1) {
		return bad(ErrBadLine, "start needs one card code, like start R5")
	}
	c, err := parseCard(args[0])
	ev.Card = c
	return err
}

func parsePlay(ev *Event, args []string) *ParseError {
	if !arity(args, 1, 1) && !(arity(args, 3, 3) && args[1] == "as") {
		return bad(ErrBadLine, "play needs a card code, like play R5 or play R5 as Ann")
	}
	c, err := parseCard(args[0])
	if err != nil {
		return err
	}
	ev.Card = c
	if len(args) == 3 {
		ev.Name = args[2]
		return parseName(ev.Name)
	}
	return nil
}

func parseColor(ev *Event, args []string) *ParseError {
	if !arity(args, 1, 1) {
		return bad(ErrBadLine, "color needs one colour: R, Y, G or B")
	}
	c, err := cards.ParseColor(args[0])
	if err != nil {
		return bad(ErrBadLine, "%q is not a colour: want R, Y, G or B", args[0])
	}
	ev.Color = c
	return nil
}

func parseDraw(ev *Event, args []string) *ParseError {
	cs, err := parseCards(args)
	ev.Cards = cs
	return err
}

func parseNothing(ev *Event, args []string) *ParseError {
	if !arity(args, 0, 0) {
		return bad(ErrBadLine, "%s takes nothing after it", ev.Kind)
	}
	return nil
}

func parseUno(ev *Event, args []string) *ParseError {
	if !arity(args, 0, 1) {
		return bad(ErrBadLine, "uno takes at most one name")
	}
	if len(args) == 0 {
		return nil
	}
	ev.Name = args[0]
	return parseName(ev.Name)
}

func parseHand(ev *Event, args []string) *ParseError {
	if !arity(args, 1, -1) {
		return bad(ErrBadLine, "hand needs a name, then the cards shown")
	}
	ev.Name = args[0]
	if err := parseName(ev.Name); err != nil {
		return err
	}
	cs, err := parseCards(args[1:])
	ev.Cards = cs
	return err
}

// MaxPoints is the most points a points line gives a hand: far above
// what any hand holds, and small enough to add up without overflow.
const MaxPoints = 100000

func parsePoints(ev *Event, args []string) *ParseError {
	if !arity(args, 2, 2) {
		return bad(ErrBadLine, "points needs a name and a number, like points Ann 35")
	}
	v, err := strconv.Atoi(args[1])
	if err != nil || v < 0 || v > MaxPoints {
		return bad(ErrBadLine, "%q is not a number of points", args[1])
	}
	ev.Name, ev.N = args[0], v
	return parseName(ev.Name)
}

// names is every player name ev carries.
func (ev Event) names() []string {
	if ev.Name != "" {
		return append([]string{ev.Name}, ev.Names...)
	}
	return ev.Names
}

// Text is the writer's String: the line of ev, after checking that it can
// be read back as ev — every name passes CheckName. The journal writes
// with it.
func (ev Event) Text() (string, error) {
	for _, name := range ev.names() {
		if err := CheckName(name); err != nil {
			return "", fmt.Errorf("tablelog: %s line: %w", ev.Kind, err)
		}
	}
	return ev.String(), nil
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
