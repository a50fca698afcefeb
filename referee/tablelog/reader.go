package tablelog

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"iter"

	"github.com/unoref/unoref/lang/msg"
)

// MaxLine is the longest event line Lines reads, its comment and trailing
// blanks aside; a longer one is answered as a bad line and reading goes on
// with the next.
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
			long, comment := false, false
			var err error
			for {
				var part []byte
				var more bool
				part, more, err = br.ReadLine()
				switch {
				case long || comment:
				case len(buf)+len(part) <= MaxLine:
					buf = append(buf, part...)
				default:
					// Over the limit, only the event counts: a comment is
					// dropped (RULES.md §7: # starts one), and blanks past
					// the limit are trailing until a word follows them.
					if i := bytes.IndexByte(buf, '#'); i >= 0 {
						buf, part, comment = buf[:i], nil, true
					} else if i := bytes.IndexByte(part, '#'); i >= 0 {
						part, comment = part[:i], true
					}
					if room := MaxLine - len(buf); len(part) > room && !allBlank(part[room:]) {
						long = true
					} else {
						buf = append(buf, part[:min(len(part), room)]...)
					}
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

// allBlank reports whether b holds only the blanks that separate words.
func allBlank(b []byte) bool {
	for _, c := range b {
		if !blank[c] {
			return false
		}
	}
	return true
}
