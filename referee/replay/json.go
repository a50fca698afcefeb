package replay

import (
	"io"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
)

// JSONWriter prints one JSON object per record, one per line, with the
// fields of RULES.md "The table log" in order and map keys sorted: the bytes
// encoding/json prints for a Record, without its reflection.
type JSONWriter struct {
	w      io.Writer
	buf    []byte
	text   []byte   // the message, rendered
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
	dst = j.appendMessage(dst, r)
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

// appendMessage appends r's message in j.Lang, quoted: rendered from the
// verdict, unless the record says it in English already (Replay) or has
// no verdict.
func (j *JSONWriter) appendMessage(dst []byte, r *Record) []byte {
	if j.Lang == lang.English && r.Message != "" || !r.Verdict.Said() {
		return appendString(dst, r.Message)
	}
	var clauses [8]msg.Msg
	j.text = j.Lang.AppendSentence(j.text[:0], r.Verdict.AppendSentence(clauses[:0]))
	return appendString(dst, j.text)
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

// appendString quotes s as encoding/json does, byte for byte (HTML
// characters, control characters, U+2028 and U+2029 escaped, bad UTF-8 as
// \ufffd), without its reflection: every message of every language goes
// through here.
func appendString[S string | []byte](dst []byte, s S) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if plain[c] {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '\\', '"':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		if c := s[i]; c >= 0xc2 && c <= 0xdf && i+1 < len(s) && s[i+1]&0xc0 == 0x80 {
			i += 2 // a two-byte rune (Cyrillic, Armenian, «»): always valid, never U+2028
			continue
		}
		n := min(len(s)-i, utf8.UTFMax)
		r, size := utf8.DecodeRuneInString(string(s[i : i+n]))
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(append(dst, s[start:i]...), `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(append(dst, s[start:i]...), '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	return append(append(dst, s[start:]...), '"')
}

const hex = "0123456789abcdef"

// plain marks the bytes appendString copies as they are.
var plain = func() (t [256]bool) {
	for c := 0x20; c <= 0x7f; c++ { // DEL too, as encoding/json
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()
