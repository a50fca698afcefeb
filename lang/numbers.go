package lang

import (
	"strconv"
	"strings"

	"github.com/unoref/unoref/lang/msg"
)

// Spoken renders the clauses of s in l as Sentence does, with every count
// in words, in the gender and case its noun asks for ("две карты", "одну
// карту", "o carte", "douăzeci și una de cărți"): the text a speech
// synthesiser reads. espeak-ng reads a digit in one form only (ru "2" is
// «два», never «две»), so the referee's voice never hands it a count.
func (l Lang) Spoken(s msg.Sentence) string {
	var buf [256]byte
	return string(l.appendSentence(buf[:0], s, true))
}

// Decimal is f with one decimal, written with l's decimal sign
// (decimal.point: en "9.5", ru «9,5»), for an average a person reads.
func (l Lang) Decimal(f float64) string {
	s := strconv.FormatFloat(f, 'f', 1, 64)
	if p, ok := l.Known("decimal.point"); ok && p != "." {
		s = strings.Replace(s, ".", p, 1)
	}
	return s
}

// Count is a number as a template argument: {{.N}} is the digits,
// {{.N.Cards}} the number with the word for cards in the right plural
// form ("2 карты"), likewise Points, Players and Rounds.
//
// A count template says which form of the number its noun needs:
// {{.N.Masc}}, {{.N.Fem}}, {{.N.Neut}} (nominative of each gender) or
// {{.N.FemAcc}} (a feminine object: ru «одну карту», sr «jednu kartu»).
// Written, every form is the digits; spoken (Spoken), the words of the
// catalog's num.* keys.
type Count struct {
	l      Lang
	n      int
	spoken bool
}

func (c Count) String() string { return c.form(numMasc) }
func (c Count) Masc() string   { return c.form(numMasc) }
func (c Count) Fem() string    { return c.form(numFem) }
func (c Count) Neut() string   { return c.form(numNeut) }
func (c Count) FemAcc() string { return c.form(numFemAcc) }

func (c Count) Cards() string   { return c.l.book().count(countCards, c.n, c.spoken) }
func (c Count) Points() string  { return c.l.book().count(countPoints, c.n, c.spoken) }
func (c Count) Players() string { return c.l.book().count(countPlayers, c.n, c.spoken) }
func (c Count) Rounds() string  { return c.l.book().count(countRounds, c.n, c.spoken) }

func (c Count) form(f numForm) string { return string(c.l.book().appendNumber(nil, c.n, f, c.spoken)) }

// A numForm is the form of a number its noun asks for, as the num.* keys
// write it: masculine, feminine or neuter nominative, feminine accusative.
type numForm string

const (
	numMasc   numForm = "m"
	numFem    numForm = "f"
	numNeut   numForm = "n"
	numFemAcc numForm = "fa"
)

// appendNumber appends n: its digits, or said in words in form f.
func (b *book) appendNumber(dst []byte, n int, f numForm, spoken bool) []byte {
	if !spoken {
		return strconv.AppendInt(dst, int64(n), 10)
	}
	return append(dst, b.numberWords(n, f)...)
}

// numberWords is n in words in form f from the language's num.* keys:
// 0–19, the tens, the hundreds up to 900, joined by num.tens and
// num.hundreds. Beyond 999 (a target of 1000 points) it stays digits.
func (b *book) numberWords(n int, f numForm) string {
	if n < 0 || n > 999 {
		return strconv.Itoa(n)
	}
	h, r := n/100, n%100
	var rest string
	switch {
	case r == 0 && h > 0:
	case r < 20:
		rest = b.unit(r, f, h > 0)
	case r%10 == 0:
		rest = b.word("num.", strconv.Itoa(r), "")
	default:
		rest = b.render("num.tens", &data{vars: []bind{
			{nameTens, txt(b.word("num.", strconv.Itoa(r/10*10), ""))}, {nameUnits, txt(b.unit(r%10, f, true))}}}, 0, false)
	}
	if h == 0 {
		return rest
	}
	hundreds := b.word("num.", strconv.Itoa(h*100), "")
	if rest == "" {
		return hundreds
	}
	return b.render("num.hundreds", &data{vars: []bind{{nameHundreds, txt(hundreds)}, {nameRest, txt(rest)}}}, 0, false)
}

// unit is a number from 0 to 19 in form f. Only 1, 2 and 12 change with
// the noun in the languages the referee speaks (один/одна/одно/одну,
// doi/două, doisprezece/douăsprezece); a 1 inside a bigger number may
// change again (ro «douăzeci și una», not «o»): in says it is inside.
func (b *book) unit(n int, f numForm, in bool) string {
	switch {
	case n == 1 && in:
		return b.word("num.1.in.", string(f), "")
	case n == 1, n == 2, n == 12:
		return b.word("num.", strconv.Itoa(n), "."+string(f))
	}
	return b.word("num.", strconv.Itoa(n), "")
}
