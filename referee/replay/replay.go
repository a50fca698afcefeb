package replay

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/tablelog"
)

// Engine is the part of *referee.Game a replay needs.
type Engine interface {
	Apply(tablelog.Event) referee.Verdict
	State() referee.State
}

var _ Engine = (*referee.Game)(nil)

// Record is the answer to one event line: the line number, the verdict and
// the state after it. Encoded with encoding/json it prints the fields of
// RULES.md "The table log" in their order; JSONWriter prints the same bytes faster.
type Record struct {
	Line    int    `json:"line"`
	OK      bool   `json:"ok"`
	Error   string `json:"error"`
	Message string `json:"message"`
	referee.State

	// Not printed: what the text writer and the daemon need besides.
	Event   tablelog.Event  `json:"-"` // zero when the line did not parse
	Verdict referee.Verdict `json:"-"`
}

// Step answers one line of a log: a parsed event is applied to g; a line
// that did not parse is refused with its parse error's code (bad-line or
// bad-card) and g is left alone.
func Step(g Engine, l tablelog.Line) Record {
	if l.Err != nil {
		v := referee.Verdict{Code: referee.ErrBadLine, Message: l.Err.Error()}
		if errors.Is(l.Err, tablelog.ErrBadCard) {
			v.Code = referee.ErrBadCard
		}
		var pe *tablelog.ParseError
		if errors.As(l.Err, &pe) {
			v.Message = pe.Msg
		}
		// Like the referee's own messages: a capital, no full stop.
		v.Message = strings.TrimSuffix(capitalize(v.Message), ".")
		if v.Message == "" {
			v.Message = "This line is not a table event"
		}
		return Record{Line: l.N, Error: v.Code, Message: v.Message, State: g.State(), Verdict: v}
	}
	v := g.Apply(l.Ev)
	r := Record{Line: l.N, OK: v.OK, Error: v.Code, Message: v.Message, State: g.State(), Event: l.Ev, Verdict: v}
	if !v.OK && r.Error == "" {
		// An engine that refuses must say why; never print ok:false with
		// no code.
		r.Error = referee.ErrWrongPhase
	}
	return r
}

func capitalize(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		s = string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

// sentence is s with a capital and a full stop.
func sentence(s string) string {
	s = capitalize(s)
	if s == "" {
		return s
	}
	if c := s[len(s)-1]; c != '.' && c != '!' && c != '?' {
		s += "."
	}
	return s
}

// Replay reads the log in r line by line, applies every event to g and
// hands each Record to emit, in order; emit must not keep the pointer. It returns the number of records and
// the first error of reading r, of emit, or of ctx. Refused events are not
// errors.
func Replay(ctx context.Context, r io.Reader, g Engine, emit func(*Record) error) (int, error) {
	er := &errReader{r: r}
	n := 0
	var err error
	var rec Record // one for the whole log: emit must not keep it
	for l := range tablelog.Lines(er) {
		if er.err != nil {
			// Lines reports a failed read as a bad line; it is an I/O
			// error, not an event line.
			break
		}
		if n&255 == 0 {
			if err = ctx.Err(); err != nil {
				return n, fmt.Errorf("replay: %w", err)
			}
		}
		rec = Step(g, l)
		n++
		if emit != nil {
			if err = emit(&rec); err != nil {
				return n, fmt.Errorf("replay: line %d: %w", rec.Line, err)
			}
		}
	}
	if er.err != nil {
		return n, fmt.Errorf("replay: reading the log: %w", er.err)
	}
	return n, nil
}

// errReader remembers the first error of r other than io.EOF.
type errReader struct {
	r   io.Reader
	err error
}

func (e *errReader) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err != nil && !errors.Is(err, io.EOF) && e.err == nil {
		e.err = err
	}
	return n, err
}
