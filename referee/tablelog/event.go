package tablelog

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/lang/msg"
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
//	catch NAME [by NAME]   Name (who is caught), By (who caught them; "" = not said)
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
	By      string // catch: who caught Name, when the table knows (a seat button)
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
	Code error   // ErrBadLine or ErrBadCard
	Msg  msg.Msg // why, one sentence a person understands: a key of the catalogs (line.*, name.*) and its arguments
	Err  error   // the cause, when there is one (a *NameError)
}

// Error is the reason as its key and arguments; render e.Msg (package
// lang) for the sentence a person reads.
func (e *ParseError) Error() string {
	return fmt.Sprintf("tablelog: line %d: %s", e.Line, e.Msg)
}

func (e *ParseError) Unwrap() []error {
	if e.Err == nil {
		return []error{e.Code}
	}
	return []error{e.Code, e.Err}
}

// bad is a ParseError without its line number, which Parse fills in:
// the sentence key and its arguments.
func bad(code error, key string, a msg.Args) *ParseError {
	return &ParseError{Code: code, Msg: msg.Msg{Key: key, Args: a}}
}

// keywordList is every keyword a person types, as RULES.md's table log
// lists them: end, newer, is written by the table (a game stopped early),
// not typed, and a log without it reads exactly as before, its errors'
// sentences included.
var keywordList = strings.Join(keywords[1:End], " ")

// maxWords is how many words of a line Parse splits without allocating:
// every line but a long hand, draw or rules line. The words are substrings
// of line; the few an event keeps (Names, Options) are copied out.
const maxWords = 16

// Parse reads one line. A blank line or a comment gives ok == false and no
// error. n is the line number recorded in the event and in errors.
func Parse(line string, n int) (ev Event, ok bool, err error) {
	var buf [maxWords]string
	f := words(line, buf[:0])
	if len(f) == 0 {
		return Event{}, false, nil
	}
	ev.Line = n
	f, perr := parseTime(&ev, f)
	if perr == nil {
		perr = parseKind(&ev, f[0])
	}
	if perr == nil {
		perr = parseArgs(&ev, f[1:])
	}
	if perr != nil {
		perr.Line = n
		return Event{}, false, perr
	}
	return ev, true, nil
}

// words appends the words of a line, comment dropped, to dst, split on the
// blanks RULES.md §7 separates words with. Other Unicode spaces stay
// inside a word, where a name or a card code refuses them: a name can
// never silently become two. The blanks are ASCII, and no byte of a
// multi-byte UTF-8 character is ASCII, so the line is split byte by byte.
func words(line string, dst []string) []string {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	for i := 0; i < len(line); {
		for i < len(line) && blank[line[i]] {
			i++
		}
		j := i
		for j < len(line) && !blank[line[j]] {
			j++
		}
		if j > i {
			dst = append(dst, line[i:j])
		}
		i = j
	}
	return dst
}

// blank marks the bytes that separate words.
var blank = [256]bool{' ': true, '\t': true, '\r': true, '\n': true, '\v': true, '\f': true}

// parseTime reads the time a line may start with and returns the words
// after it.
func parseTime(ev *Event, f []string) ([]string, *ParseError) {
	if c := f[0][0]; !(c >= '0' && c <= '9' || c == '.') {
		return f, nil
	}
	sec, err := strconv.ParseFloat(f[0], 64)
	if err != nil || sec < 0 || sec > 1e9 {
		return nil, bad(ErrBadLine, "line.time", msg.Args{Value: msg.Echo(f[0])})
	}
	ev.At, ev.Timed = time.Duration(sec*float64(time.Second)+0.5), true
	if len(f) == 1 {
		return nil, bad(ErrBadLine, "line.time.alone", msg.Args{Command: keywordList})
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
	return bad(ErrBadLine, "line.event", msg.Args{Value: msg.Echo(word), Command: keywordList})
}

// parseArgs reads the words after the keyword into the event. A switch,
// not a table of functions: through a call the compiler can't see, ev and
// the words would go to the heap for every line.
func parseArgs(ev *Event, args []string) *ParseError {
	switch ev.Kind {
	case Players:
		return parsePlayers(ev, args)
	case Rules:
		return parseRules(ev, args)
	case Dealer, Swap, Slap:
		return parseOneName(ev, args)
	case Catch:
		return parseCatch(ev, args)
	case Start:
		return parseStart(ev, args)
	case Play:
		return parsePlay(ev, args)
	case Color:
		return parseColor(ev, args)
	case Draw:
		return parseDraw(ev, args)
	case Uno:
		return parseUno(ev, args)
	case Hand:
		return parseHand(ev, args)
	case Points:
		return parsePoints(ev, args)
	}
	return parseNothing(ev, args) // pass, challenge, end
}

// clone is a copy of words an event keeps. Not slices.Clone: its result
// may share the argument's array, which is Parse's, on its stack.
func clone(words []string) []string {
	c := make([]string, len(words))
	copy(c, words)
	return c
}

func arity(args []string, min, max int) bool {
	return len(args) >= min && (max < 0 || len(args) <= max)
}

func parseName(s string) *ParseError {
	if err := CheckName(s); err != nil {
		return &ParseError{Code: ErrBadLine, Msg: err.(*NameError).Msg(), Err: err}
	}
	return nil
}

func parseCard(s string) (cards.Card, *ParseError) {
	c, err := cards.Parse(s)
	if err != nil {
		return c, bad(ErrBadCard, "line.card", msg.Args{Value: msg.Echo(s)})
	}
	return c, nil
}

// parseCards reads card codes as faces (the colour named for a wild is not
// part of a card in a hand or a draw).
func parseCards(args []string) ([]cards.Card, *ParseError) {
	var cs []cards.Card
	if len(args) > 0 {
		cs = make([]cards.Card, 0, len(args))
	}
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
		return bad(ErrBadLine, "line.players.count", msg.Args{N: len(args)})
	}
	seen := map[string]bool{}
	for _, name := range args {
		if err := parseName(name); err != nil {
			return err
		}
		if seen[name] {
			return bad(ErrBadLine, "line.players.twice", msg.Args{Player: name})
		}
		seen[name] = true
	}
	ev.Names = clone(args)
	return nil
}

func parseRules(ev *Event, args []string) *ParseError {
	if !arity(args, 1, -1) {
		return bad(ErrBadLine, "line.rules", msg.Args{Command: "rules official"})
	}
	ev.Preset, ev.Options = args[0], clone(args[1:])
	return nil
}

func parseOneName(ev *Event, args []string) *ParseError {
	if !arity(args, 1, 1) {
		return bad(ErrBadLine, "line.name", msg.Args{Command: ev.Kind.String() + " Ann"})
	}
	ev.Name = args[0]
	return parseName(ev.Name)
}

// parseCatch reads catch NAME [by NAME]: who is caught, and who caught
// them when the table knows.
func parseCatch(ev *Event, args []string) *ParseError {
	if len(args) == 3 && args[1] == "by" {
		if err := parseName(args[2]); err != nil {
			return err
		}
		ev.By, args = args[2], args[:1]
	}
	return parseOneName(ev, args)
}

func parseStart(ev *Event, args []string) *ParseError {
	if !arity(args, 1, 1) {
		return bad(ErrBadLine, "line.start", msg.Args{Command: "start R5"})
	}
	c, err := parseCard(args[0])
	ev.Card = c
	return err
}

func parsePlay(ev *Event, args []string) *ParseError {
	if !arity(args, 1, 1) && !(arity(args, 3, 3) && args[1] == "as") {
		return bad(ErrBadLine, "line.play", msg.Args{Command: "play R5"})
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
		return bad(ErrBadLine, "line.color", msg.Args{Command: "color G"})
	}
	c, err := cards.ParseColor(args[0])
	if err != nil {
		return bad(ErrBadLine, "line.color.bad", msg.Args{Value: msg.Echo(args[0]), Command: "color G"})
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
		return bad(ErrBadLine, "line.nothing", msg.Args{Command: ev.Kind.String()})
	}
	return nil
}

func parseUno(ev *Event, args []string) *ParseError {
	if !arity(args, 0, 1) {
		return bad(ErrBadLine, "line.uno", msg.Args{Command: "uno Ann"})
	}
	if len(args) == 0 {
		return nil
	}
	ev.Name = args[0]
	return parseName(ev.Name)
}

func parseHand(ev *Event, args []string) *ParseError {
	if !arity(args, 1, -1) {
		return bad(ErrBadLine, "line.hand", msg.Args{Command: "hand Ann R5 G7"})
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
		return bad(ErrBadLine, "line.points", msg.Args{Command: "points Ann 35"})
	}
	v, err := strconv.Atoi(args[1])
	if err != nil || v < 0 || v > MaxPoints {
		return bad(ErrBadLine, "line.points.bad", msg.Args{Value: msg.Echo(args[1]), Command: "points Ann 35"})
	}
	ev.Name, ev.N = args[0], v
	return parseName(ev.Name)
}

// names is every player name ev carries.
func (ev Event) names() []string {
	var ns []string
	for _, n := range []string{ev.Name, ev.By} {
		if n != "" {
			ns = append(ns, n)
		}
	}
	if ns == nil {
		return ev.Names
	}
	return append(ns, ev.Names...)
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
	case Dealer, Swap, Slap:
		word(ev.Name)
	case Catch:
		word(ev.Name)
		if ev.By != "" {
			word("by")
			word(ev.By)
		}
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
