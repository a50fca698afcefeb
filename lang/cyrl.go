package lang

import (
	"bufio"
	"strings"
	"unicode/utf8"
)

// sr-Cyrl.toml is sr.toml written in Serbian Cyrillic: the two scripts map
// one to one (lj→љ, nj→њ, dž→џ, the rest letter by letter), so the
// Cyrillic catalog is generated, never edited (TestSerbianCyrillicInSync
// fails when it drifts; go generate ./lang rewrites it).

// latinToCyrillic maps Serbian Latin to Cyrillic, digraphs first.
var latinToCyrillic = strings.NewReplacer(
	"LJ", "Љ", "Lj", "Љ", "lj", "љ", "NJ", "Њ", "Nj", "Њ", "nj", "њ", "DŽ", "Џ", "Dž", "Џ", "dž", "џ",
	"A", "А", "B", "Б", "C", "Ц", "Č", "Ч", "Ć", "Ћ", "D", "Д", "Đ", "Ђ", "E", "Е", "F", "Ф", "G", "Г",
	"H", "Х", "I", "И", "J", "Ј", "K", "К", "L", "Л", "M", "М", "N", "Н", "O", "О", "P", "П", "R", "Р",
	"S", "С", "Š", "Ш", "T", "Т", "U", "У", "V", "В", "Z", "З", "Ž", "Ж",
	"a", "а", "b", "б", "c", "ц", "č", "ч", "ć", "ћ", "d", "д", "đ", "ђ", "e", "е", "f", "ф", "g", "г",
	"h", "х", "i", "и", "j", "ј", "k", "к", "l", "л", "m", "м", "n", "н", "o", "о", "p", "п", "r", "р",
	"s", "с", "š", "ш", "t", "т", "u", "у", "v", "в", "z", "з", "ž", "ж",
)

// cyrillic writes a Serbian Latin text in Cyrillic, leaving template
// actions ({{.Player}}) and what a person types as it is typed: the table
// log's words and codes, which the catalogs put in `…`, and rules-line
// words (+x, -x, x=y).
func cyrillic(s string) string {
	var b strings.Builder
	for s != "" {
		if strings.HasPrefix(s, "`") {
			end := strings.IndexByte(s[1:], '`')
			if end < 0 {
				return b.String() + s
			}
			b.WriteString(s[:end+2])
			s = s[end+2:]
			continue
		}
		if strings.HasPrefix(s, "{{") {
			end := strings.Index(s, "}}")
			if end < 0 {
				return b.String() + s
			}
			b.WriteString(s[:end+2])
			s = s[end+2:]
			continue
		}
		i := strings.IndexAny(s, " ,:;()„”{`")
		if i == 0 {
			_, n := utf8.DecodeRuneInString(s)
			b.WriteString(s[:n])
			s = s[n:]
			continue
		}
		if i < 0 {
			i = len(s)
		}
		b.WriteString(cyrillicWord(s[:i]))
		s = s[i:]
	}
	return b.String()
}

func cyrillicWord(w string) string {
	if strings.ContainsAny(w, "=+") || strings.HasPrefix(w, "-") {
		return w
	}
	return latinToCyrillic.Replace(w)
}

// cyrillicCatalog is sr.toml with every string value written in Cyrillic.
func cyrillicCatalog(latin string) string {
	var b strings.Builder
	b.WriteString("# GENERATED from sr.toml (Serbian Latin) by go generate ./lang: do not edit;\n")
	b.WriteString("# edit sr.toml and regenerate. See lang/cyrl.go.\n")
	sc := bufio.NewScanner(strings.NewReader(latin))
	header := true
	for sc.Scan() {
		line := sc.Text()
		if header && strings.HasPrefix(line, "#") {
			continue
		}
		header = false
		key, value, ok := strings.Cut(line, " = ")
		if !ok || strings.HasPrefix(line, "#") || strings.HasPrefix(key, `"card.gender.`) {
			// Genders are codes (m, f, n), not words.
			b.WriteString(line + "\n")
			continue
		}
		b.WriteString(key + " = " + cyrillicValues(value) + "\n")
	}
	return b.String()
}

// cyrillicValues writes every double-quoted TOML string in v in Cyrillic.
func cyrillicValues(v string) string {
	var b strings.Builder
	for {
		open := strings.IndexByte(v, '"')
		if open < 0 {
			b.WriteString(v)
			return b.String()
		}
		end := open + 1
		for end < len(v) && (v[end] != '"' || v[end-1] == '\\') {
			end++
		}
		b.WriteString(v[:open+1])
		b.WriteString(cyrillic(v[open+1 : end]))
		v = v[end:]
		if v != "" {
			b.WriteByte('"')
			v = v[1:]
		}
	}
}
