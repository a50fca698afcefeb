package lang

import (
	"strconv"

	"github.com/unoref/unoref/lang/msg"
)

// Spoken renders the clauses of s in l as Sentence does, with every count
// in words, in the gender and case its noun asks for ("две карты", "одну
// карту", "o carte", "douăzeci și una de cărți"): the text a speech
// synthesiser reads. espeak-ng reads a digit in one form only (ru "2" is
// «два», never «две»), so the referee's voice never hands it a count.
func (l Lang) Spoken(s msg.Sentence) string { return l.sentence(s, true) }

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

func (c Count) String() string { return c.form("m") }
func (c Count) Masc() string   { return c.form("m") }
func (c Count) Fem() string    { return c.form("f") }
func (c Count) Neut() string   { return c.form("n") }
func (c Count) FemAcc() string { return c.form("fa") }

func (c Count) Cards() string   { return c.noun("count.cards") }
func (c Count) Points() string  { return c.noun("count.points") }
func (c Count) Players() string { return c.noun("count.players") }
func (c Count) Rounds() string  { return c.noun("count.rounds") }

// noun renders a count key with the noun in the plural form of n.
func (c Count) noun(key string) string {
	return c.l.render(key, map[string]any{"N": c}, c.n)
}

// form is the number written, or said in form f.
func (c Count) form(f string) string {
	if !c.spoken {
		return strconv.Itoa(c.n)
	}
	return c.l.numberWords(c.n, f)
}

// numberWords is n in words in form f (m, f, n or fa) from l's num.*
// keys: 0–19, the tens, the hundreds up to 900, joined by num.tens and
// num.hundreds. Beyond 999 (a target of 1000 points) it stays digits.
func (l Lang) numberWords(n int, f string) string {
	if n < 0 || n > 999 {
		return strconv.Itoa(n)
	}
	h, r := n/100, n%100
	var rest string
	switch {
	case r == 0 && h > 0:
	case r < 20:
		rest = l.unit(r, f, h > 0)
	case r%10 == 0:
		rest = l.word("num." + strconv.Itoa(r))
	default:
		rest = l.render("num.tens", map[string]any{"Tens": l.word("num." + strconv.Itoa(r/10*10)), "Units": l.unit(r%10, f, true)}, nil)
	}
	if h == 0 {
		return rest
	}
	hundreds := l.word("num." + strconv.Itoa(h*100))
	if rest == "" {
		return hundreds
	}
	return l.render("num.hundreds", map[string]any{"Hundreds": hundreds, "Rest": rest}, nil)
}

// unit is a number from 0 to 19 in form f. Only 1, 2 and 12 change with
// the noun in the languages the referee speaks (один/одна/одно/одну,
// doi/două, doisprezece/douăsprezece); a 1 inside a bigger number may
// change again (ro «douăzeci și una», not «o»): in says it is inside.
func (l Lang) unit(n int, f string, in bool) string {
	switch {
	case n == 1 && in:
		return l.word("num.1.in." + f)
	case n == 1, n == 2, n == 12:
		return l.word("num." + strconv.Itoa(n) + "." + f)
	}
	return l.word("num." + strconv.Itoa(n))
}
