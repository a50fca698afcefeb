package replay

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
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
// bad-card) and g is left alone. The record's Message is in English.
func Step(g Engine, l tablelog.Line) Record {
	r := step(g, l, nil, nil)
	r.Message = r.Verdict.Text(lang.English)
	return r
}

// step is Step without rendering the message, which costs more than the
// ruling: Replay renders it only for a caller that reads the records.
// With into, the state is filled into the maps of last (see Stream).
func step(g Engine, l tablelog.Line, into stateInto, last *referee.State) Record {
	state := func() referee.State {
		if into == nil {
			return g.State()
		}
		into.StateInto(last)
		return *last
	}
	if l.Err != nil {
		v := refuseLine(l.Err)
		return Record{Line: l.N, Error: v.Code, State: state(), Verdict: v}
	}
	v := g.Apply(l.Ev)
	r := Record{Line: l.N, OK: v.OK, Error: v.Code, State: state(), Event: l.Ev, Verdict: v}
	if !v.OK && r.Error == "" {
		// An engine that refuses must say why; never print ok:false with
		// no code.
		r.Error = referee.ErrWrongPhase
	}
	return r
}

// refuseLine is the verdict on a line that is not an event: the parse
// error's own sentence (line.*, name.*), said in any language.
func refuseLine(err error) referee.Verdict {
	v := referee.Verdict{Code: referee.ErrBadLine}
	if errors.Is(err, tablelog.ErrBadCard) {
		v.Code = referee.ErrBadCard
	}
	var pe *tablelog.ParseError
	if errors.As(err, &pe) && pe.Msg.Key != "" {
		return v.Saying(pe.Msg)
	}
	return v.Saying(msg.Msg{Key: "line.read", Args: msg.Args{Text: err.Error()}})
}

// Replay reads the log in r line by line, applies every event to g and
// hands each Record to emit, in order; emit must not keep the pointer. It
// returns the number of records and the first error of reading r, of
// emit, or of ctx. Refused events are not errors.
func Replay(ctx context.Context, r io.Reader, g Engine, emit func(*Record) error) (int, error) {
	return replay(ctx, r, g, emit, false)
}

// Stream is Replay for a writer that keeps nothing of a record once emit
// returns, as JSONWriter and TextWriter: the record's State reuses its
// maps and slices from one record to the next (when g has StateInto, as
// *referee.Game does), and its Message is left empty, since the writers
// render the verdict in their own language. `unoref replay` streams.
func Stream(ctx context.Context, r io.Reader, g Engine, emit func(*Record) error) (int, error) {
	return replay(ctx, r, g, emit, true)
}

// stateInto is the engine's StateInto, which fills a State reusing its
// maps.
type stateInto interface {
	StateInto(*referee.State)
}

func replay(ctx context.Context, r io.Reader, g Engine, emit func(*Record) error, stream bool) (int, error) {
	er := &errReader{r: skipBOM(r)}
	n := 0
	var err error
	var rec Record // one for the whole log: emit must not keep it
	var text []byte
	var clauses [8]msg.Msg
	into, _ := g.(stateInto)
	if !stream || emit == nil {
		into = nil
	}
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
		rec = step(g, l, into, &rec.State)
		n++
		if emit == nil {
			continue
		}
		if !stream {
			text = lang.English.AppendSentence(text[:0], rec.Verdict.AppendSentence(clauses[:0]))
			rec.Message = string(text)
		}
		if err = emit(&rec); err != nil {
			return n, fmt.Errorf("replay: line %d: %w", rec.Line, err)
		}
	}
	if er.err != nil {
		return n, fmt.Errorf("replay: reading the log: %w", er.err)
	}
	return n, nil
}

// bom is the UTF-8 byte order mark some editors put at the start of a
// text file.
const bom = "\uFEFF"

// skipBOM is r without a byte order mark at its start: a log saved with
// one is still a log.
func skipBOM(r io.Reader) io.Reader {
	br := bufio.NewReader(r)
	if head, _ := br.Peek(len(bom)); string(head) == bom {
		br.Discard(len(bom)) // cannot fail: the bytes are buffered
	}
	return br
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
