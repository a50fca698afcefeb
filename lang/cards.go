package lang

import (
	"strconv"
	"sync"

	"github.com/unoref/unoref/cards"
)

// Card is a card as a template argument. Its name comes from the
// language's card table: the face (card.face.F.FORM, F a digit, S, R, D2,
// W, W4, WX or BLANK) with the colour agreeing with the face's gender
// (card.gender.F, color.C.GENDER.FORM), put together by card.coloured.FORM
// ("{{.Color}} {{.Face}}": "красную семёрку"); a wild with its colour named
// by card.named.FORM. The forms are Nom (the subject: {{.Card}} is Nom),
// Acc (the object: "Аня кладёт красную семёрку"), Gen ("нет красной
// семёрки"; Armenian's genitive, "կարմիր 7-ի վրա") and Ins (the instrument:
// "перехватывает ход красной семёркой", "կարմիր 7-ով"); Any is the face
// alone, of any colour ("an 8", "любую семёрку").
type Card struct {
	l Lang
	c cards.Card
}

func (c Card) String() string { return c.form("nom") }
func (c Card) Nom() string    { return c.form("nom") }
func (c Card) Acc() string    { return c.form("acc") }
func (c Card) Gen() string    { return c.form("gen") }
func (c Card) Ins() string    { return c.form("ins") }
func (c Card) Any() string    { return c.l.word("card.any." + face(c.c)) }
func (c Card) Face() string   { return c.l.word("card.face." + face(c.c) + ".nom") }

// Code is the card's table-log code ("R7").
func (c Card) Code() string { return c.c.String() }

// form is the card's name in form f, from the language's table of card
// names, built on first use.
func (c Card) form(f string) string {
	if c.l >= numLangs {
		c.l = English
	}
	t := &cardNames[c.l]
	t.once.Do(func() { t.names = nameCards(c.l) })
	if s, ok := t.names[cardForm{c.c, f}]; ok {
		return s
	}
	return c.compose(f)
}

// cardNames are every card's names in every form, per language: a card's
// name is three catalog lookups and a template, and every verdict names
// one or two cards.
var cardNames [numLangs]struct {
	once  sync.Once
	names map[cardForm]string
}

type cardForm struct {
	c    cards.Card
	form string
}

// nameCards names every card of every deck, and every wild with each
// colour named, in every form of l.
func nameCards(l Lang) map[cardForm]string {
	all := map[cards.Card]bool{}
	for _, nm := range cards.DeckNames {
		d, _ := cards.Deck(nm)
		for _, c := range d {
			all[c] = true
			for _, col := range cards.Colors {
				if c.IsWild() {
					all[cards.Card{Kind: c.Kind, Color: col}] = true
				}
			}
		}
	}
	names := make(map[cardForm]string, 3*len(all))
	for c := range all {
		for _, f := range cardForms {
			names[cardForm{c, f}] = Card{l, c}.compose(f)
		}
	}
	return names
}

// compose puts a card's name together from the language's card table.
func (c Card) compose(f string) string {
	l, k := c.l, face(c.c)
	faceName := l.word("card.face." + k + "." + f)
	switch {
	case c.c.Color == cards.NoColor:
		return faceName
	case c.c.IsWild():
		return l.render("card.named."+f, map[string]any{"Face": faceName, "Color": Color{l, c.c.Color}}, nil)
	}
	gender := l.word("card.gender." + k)
	adj := l.word("color." + c.c.Color.Code() + "." + gender + "." + f)
	return l.render("card.coloured."+f, map[string]any{"Face": faceName, "Color": adj}, nil)
}

// cardForms are the forms of a card's name every card table has.
var cardForms = []string{"nom", "acc", "gen", "ins"}

// face is the key of a card's face in the card table.
func face(c cards.Card) string {
	switch c.Kind {
	case cards.Number:
		return strconv.Itoa(int(c.Number))
	case cards.Skip:
		return "S"
	case cards.Reverse:
		return "R"
	case cards.DrawTwo:
		return "D2"
	case cards.Wild:
		return "W"
	case cards.WildDrawFour:
		return "W4"
	case cards.Heights:
		return "WX"
	}
	return "BLANK"
}

// Color is a colour as a template argument: {{.Color}} is its name ("red",
// "красный"); Nom, Acc, Gen and Pl agree with the language's word for a
// card (card.gender), as in "play a red card" ("сыграй красную карту").
type Color struct {
	l Lang
	c cards.Color
}

func (c Color) String() string { return c.l.word("color." + c.c.Code() + ".name") }
func (c Color) Nom() string    { return c.agree("nom") }
func (c Color) Acc() string    { return c.agree("acc") }
func (c Color) Gen() string    { return c.agree("gen") }
func (c Color) Pl() string     { return c.l.word("color." + c.c.Code() + ".pl") }

// Code is the colour's one-letter code ("R").
func (c Color) Code() string { return c.c.Code() }

func (c Color) agree(f string) string {
	return c.l.word("color." + c.c.Code() + "." + c.l.word("card.gender.card") + "." + f)
}
