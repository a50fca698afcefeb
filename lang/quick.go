package lang

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/nicksnyder/go-i18n/v2/i18n"
)

// quickMessages reads a catalog written as every catalog of ours is: one
// message a line, `"key" = "text"` or `"key" = { one = "…", other = "…" }`,
// with comments and blank lines between. It gives what go-i18n's
// ParseMessageBytes would (TestQuickMessagesAsGoI18n), at a fraction of
// the cost: the TOML decoder was two thirds of a language's first use,
// which every command that speaks pays at start. Any other form — a
// table header, a multi-line string, an escape it doesn't know, a key
// given twice — gives false, and the catalog goes to the TOML decoder,
// which reads it or says what is wrong.
func quickMessages(buf []byte) ([]*i18n.Message, bool) {
	if !utf8.Valid(buf) {
		return nil, false
	}
	msgs := make([]*i18n.Message, 0, bytes.Count(buf, []byte{'\n'}))
	seen := make(map[string]bool, cap(msgs))
	for len(buf) > 0 {
		var line []byte
		if i := bytes.IndexByte(buf, '\n'); i >= 0 {
			line, buf = buf[:i], buf[i+1:]
		} else {
			line, buf = buf, nil
		}
		line = bytes.TrimRight(line, " \t\r")
		line = bytes.TrimLeft(line, " \t")
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		m, ok := quickLine(line)
		if !ok || seen[m.ID] {
			return nil, false
		}
		seen[m.ID] = true
		msgs = append(msgs, m)
	}
	return msgs, true
}

// quickLine reads one `"key" = value` line.
func quickLine(line []byte) (*i18n.Message, bool) {
	id, rest, ok := quickString(line)
	if !ok || id == "" {
		return nil, false
	}
	rest, ok = quickSkip(rest, '=')
	if !ok {
		return nil, false
	}
	m := &i18n.Message{ID: id}
	if len(rest) > 0 && rest[0] == '"' {
		m.Other, rest, ok = quickString(rest)
		return m, ok && quickEnd(rest)
	}
	if rest, ok = quickSkip(rest, '{'); !ok {
		return nil, false
	}
	forms := 0
	for {
		rest = bytes.TrimLeft(rest, " \t")
		if len(rest) > 0 && rest[0] == '}' && forms > 0 {
			return m, quickEnd(rest[1:])
		}
		if forms > 0 {
			if rest, ok = quickSkip(rest, ','); !ok {
				return nil, false
			}
			rest = bytes.TrimLeft(rest, " \t")
		}
		n := 0
		for n < len(rest) && rest[n] >= 'a' && rest[n] <= 'z' {
			n++
		}
		form := quickForm(m, string(rest[:n]))
		if form == nil || *form != "" {
			return nil, false // not a plural form, or one given twice
		}
		if rest, ok = quickSkip(rest[n:], '='); !ok {
			return nil, false
		}
		if *form, rest, ok = quickString(rest); !ok || *form == "" {
			return nil, false // go-i18n reads an empty form as no form
		}
		forms++
	}
}

// quickForm is the field of m a plural form's name fills.
func quickForm(m *i18n.Message, name string) *string {
	switch name {
	case "zero":
		return &m.Zero
	case "one":
		return &m.One
	case "two":
		return &m.Two
	case "few":
		return &m.Few
	case "many":
		return &m.Many
	case "other":
		return &m.Other
	}
	return nil
}

// quickSkip skips blanks, the byte c and blanks after it.
func quickSkip(b []byte, c byte) ([]byte, bool) {
	b = bytes.TrimLeft(b, " \t")
	if len(b) == 0 || b[0] != c {
		return nil, false
	}
	return bytes.TrimLeft(b[1:], " \t"), true
}

// quickEnd says whether only blanks or a comment are left.
func quickEnd(b []byte) bool {
	b = bytes.TrimLeft(b, " \t")
	return len(b) == 0 || b[0] == '#'
}

// quickString reads a TOML basic string at the start of b: its text and
// what follows it. The escapes of TOML 1.0; a control character or any
// other escape is left to the decoder.
func quickString(b []byte) (string, []byte, bool) {
	if len(b) == 0 || b[0] != '"' {
		return "", nil, false
	}
	if len(b) > 2 && b[1] == '"' && b[2] == '"' {
		return "", nil, false // a multi-line string
	}
	var s strings.Builder
	for i := 1; i < len(b); {
		c := b[i]
		switch {
		case c == '"':
			return s.String(), b[i+1:], true
		case c == '\\':
			if i+1 >= len(b) {
				return "", nil, false
			}
			n, r := 2, rune(0)
			switch b[i+1] {
			case 'b':
				r = '\b'
			case 't':
				r = '\t'
			case 'n':
				r = '\n'
			case 'f':
				r = '\f'
			case 'r':
				r = '\r'
			case '"':
				r = '"'
			case '\\':
				r = '\\'
			case 'u', 'U':
				n = 6
				if b[i+1] == 'U' {
					n = 10
				}
				if i+n > len(b) {
					return "", nil, false
				}
				v, err := strconv.ParseUint(string(b[i+2:i+n]), 16, 32)
				if err != nil || !utf8.ValidRune(rune(v)) {
					return "", nil, false
				}
				r = rune(v)
			default:
				return "", nil, false
			}
			s.WriteRune(r)
			i += n
		case c < 0x20 && c != '\t' || c == 0x7f:
			return "", nil, false
		default:
			s.WriteByte(c)
			i++
		}
	}
	return "", nil, false // not closed
}
