package tablelog

import (
	"bufio"
	"errors"
	"io"
	"iter"

	"github.com/unoref/unoref/lang/msg"
)

// MaxLine is the longest line Lines reads; a longer one is answered as a bad
// line and reading goes on with the next.
const MaxLine = 4096

// Line is one non-blank, non-comment line of a log: its event, or why it
// is not one.
type Line struct {
	N   int
	Ev  Event
	Err error
}

// Lines yields every event line of r in order, parsed. Blank lines and
// comments are skipped; a line that does not parse is yielded with Err set
// so the caller can answer it and go on. A read error ends the sequence with
// one last Line carrying it.
func Lines(r io.Reader) iter.Seq[Line] {
	return func(yield func(Line) bool) {
		br := bufio.NewReaderSize(r, MaxLine)
		buf := make([]byte, 0, 128)
		for n := 1; ; n++ {
			buf = buf[:0]
			long := false
			var err error
			for {
				var part []byte
				var more bool
				part, more, err = br.ReadLine()
				if len(buf)+len(part) > MaxLine {
					long = true
				} else {
					buf = append(buf, part...)
				}
				if !more || err != nil {
					break
				}
			}
			if err != nil && (len(buf) == 0 && !long || !errors.Is(err, io.EOF)) {
				if !errors.Is(err, io.EOF) {
					yield(Line{N: n, Err: &ParseError{Line: n, Code: ErrBadLine, Msg: msg.Msg{Key: "line.read", Args: msg.Args{Text: err.Error()}}, Err: err}})
				}
				return
			}
			if long {
				if !yield(Line{N: n, Err: &ParseError{Line: n, Code: ErrBadLine, Msg: msg.Msg{Key: "line.long", Args: msg.Args{N: MaxLine}}}}) {
					return
				}
				continue
			}
			ev, ok, perr := Parse(string(buf), n)
			if (ok || perr != nil) && !yield(Line{N: n, Ev: ev, Err: perr}) {
				return
			}
		}
	}
}
