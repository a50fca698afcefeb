package replay

import (
	"encoding/json"
	"io"
	"slices"
	"strconv"

	"github.com/unoref/unoref/lang"
)

// JSONWriter prints one JSON object per record, one per line, with the
// fields of RULES.md "The table log" in order and map keys sorted: the bytes
// encoding/json prints for a Record, without its reflection.
type JSONWriter struct {
	w      io.Writer
	buf    []byte
	hands  []string // sorted keys of the last hands map
	scores []string
	// Lang is the language of "message"; English unless set. Every other
	// field is the same in every language.
	Lang lang.Lang
}

// NewJSONWriter returns a writer that prints to w. Every record is one
// Write call on w: give it a bufio.Writer for speed.
func NewJSONWriter(w io.Writer) *JSONWriter {
	return &JSONWriter{w: w, buf: make([]byte, 0, 512)}
}

// Write prints r and a newline.
func (j *JSONWriter) Write(r *Record) error {
	j.buf = j.Append(j.buf[:0], r)
	j.buf = append(j.buf, '\n')
	_, err := j.w.Write(j.buf)
	return err
}

// Append appends r as one JSON object (no newline) to dst.
func (j *JSONWriter) Append(dst []byte, r *Record) []byte {
	dst = append(dst, `{"line":`...)
	dst = strconv.AppendInt(dst, int64(r.Line), 10)
	dst = append(dst, `,"ok":`...)
	dst = strconv.AppendBool(dst, r.OK)
	dst = append(dst, `,"error":`...)
	dst = appendString(dst, r.Error)
	dst = append(dst, `,"message":`...)
	dst = appendString(dst, j.message(r))
	dst = append(dst, `,"phase":`...)
	dst = appendString(dst, r.Phase)
	dst = append(dst, `,"turn":`...)
	dst = appendString(dst, r.Turn)
	dst = append(dst, `,"direction":`...)
	dst = appendString(dst, r.Direction)
	dst = append(dst, `,"top":`...)
	dst = appendString(dst, r.Top)
	dst = append(dst, `,"color":`...)
	dst = appendString(dst, r.Color)
	dst = append(dst, `,"pending":`...)
	dst = strconv.AppendInt(dst, int64(r.Pending), 10)
	dst = append(dst, `,"hands":`...)
	dst = appendMap(dst, r.Hands, &j.hands)
	dst = append(dst, `,"scores":`...)
	dst = appendMap(dst, r.Scores, &j.scores)
	dst = append(dst, `,"round":`...)
	dst = strconv.AppendInt(dst, int64(r.Round), 10)
	dst = append(dst, `,"winner":`...)
	dst = appendString(dst, r.Winner)
	return append(dst, '}')
}

// message is r's message in j.Lang.
func (j *JSONWriter) message(r *Record) string {
	if j.Lang == lang.English || len(r.Verdict.Keys()) == 0 {
		return r.Message
	}
	return r.Verdict.Text(j.Lang)
}

// AppendJSON appends r as one JSON object to dst. A JSONWriter is faster
// for many records: it keeps the sorted player names between them.
func AppendJSON(dst []byte, r *Record) []byte {
	var j JSONWriter
	return j.Append(dst, r)
}

// sortedKeys returns the keys of m in order, in the storage of buf.
func sortedKeys(m map[string]int, buf []string) []string {
	buf = buf[:0]
	for k := range m {
		buf = append(buf, k)
	}
	slices.Sort(buf)
	return buf
}

// appendMap prints m with its keys sorted; a nil map prints as {} like an
// empty one, never null. keys holds the sorted keys of the last map printed
// and is rebuilt only when m has other keys: the seats rarely change.
func appendMap(dst []byte, m map[string]int, keys *[]string) []byte {
	start := len(dst)
	for try := 0; ; try++ {
		dst = append(dst[:start], '{')
		same := len(m) == len(*keys)
		for i, k := range *keys {
			v, ok := m[k]
			if !ok {
				same = false
				break
			}
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendString(dst, k)
			dst = append(dst, ':')
			dst = strconv.AppendInt(dst, int64(v), 10)
		}
		if same || try > 0 {
			return append(dst, '}')
		}
		*keys = sortedKeys(m, *keys)
	}
}

// appendString quotes s as encoding/json does. Plain ASCII, which is what
// the referee prints, is copied; anything else goes through encoding/json
// so HTML characters, control characters and bad UTF-8 come out the same.
func appendString(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if !plain[s[i]] {
			b, _ := json.Marshal(s) // a string always marshals
			return append(dst, b...)
		}
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}

// plain marks the bytes appendString copies as they are.
var plain = func() (t [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()
