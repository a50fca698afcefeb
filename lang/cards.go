package lang

import (
	"strconv"

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

func (c Card) String() string { return c.l.book().cardName(c.c, nom) }
func (c Card) Nom() string    { return c.l.book().cardName(c.c, nom) }
func (c Card) Acc() string    { return c.l.book().cardName(c.c, acc) }
func (c Card) Gen() string    { return c.l.book().cardName(c.c, gen) }
func (c Card) Ins() string    { return c.l.book().cardName(c.c, ins) }
func (c Card) Any() string    { return c.l.book().word("card.any.", face(c.c), "") }
func (c Card) Face() string   { return c.l.book().word("card.face.", face(c.c), ".nom") }

// Code is the card's table-log code ("R7").
func (c Card) Code() string { return c.c.String() }

// A grammatical case a card's or colour's name takes.
type grammaticalCase uint8

const (
	nom grammaticalCase = iota
	acc
	gen
	ins
	numCases
)

// cardForms are the forms of a card's name every card table has, as its
// keys write them (card.face.F.FORM, color.C.GENDER.FORM).
var cardForms = [numCases]string{"nom", "acc", "gen", "ins"}

// numColors are the colours, cards.NoColor to cards.Blue.
const numColors = int(cards.Blue) + 1

// cardName is c's name in case f, from the language's table of card
// names, made on first use.
func (b *book) cardName(c cards.Card, f grammaticalCase) string {
	b.names()
	if ns, ok := b.cardNames[c]; ok {
		return ns[f]
	}
	return b.compose(c, f)
}

// colorCase is a colour's name agreeing with the word for a card, in
// case f.
func (b *book) colorCase(c cards.Color, f grammaticalCase) string {
	if int(c) < numColors {
		return b.colorAgree[c][f]
	}
	return b.agree(c, f)
}

// names makes the card names once: every card of every deck, and every
// wild with each colour named, in every case.
func (b *book) names() {
	b.namesOnce.Do(func() {
		b.cardNames = map[cards.Card][numCases]string{}
		for _, nm := range cards.DeckNames {
			d, _ := cards.Deck(nm)
			for _, c := range d {
				b.nameCard(c)
				if c.IsWild() {
					for _, col := range cards.Colors {
						b.nameCard(cards.Card{Kind: c.Kind, Color: col})
					}
				}
			}
		}
	})
}

func (b *book) nameCard(c cards.Card) {
	if _, ok := b.cardNames[c]; ok {
		return
	}
	var ns [numCases]string
	for f := range numCases {
		ns[f] = b.compose(c, f)
	}
	b.cardNames[c] = ns
}

// compose puts a card's name together from the language's card table.
func (b *book) compose(c cards.Card, f grammaticalCase) string {
	k := face(c)
	faceName := b.word("card.face.", k, "."+cardForms[f])
	switch {
	case c.Color == cards.NoColor:
		return faceName
	case c.IsWild():
		return b.render("card.named."+cardForms[f], &data{vars: []bind{
			{nameFace, txt(faceName)}, {nameColor, value{kind: colorKind, color: c.Color}}}}, 0, false)
	}
	gender := b.word("card.gender.", k, "")
	adj := b.word("color."+c.Color.Code()+".", gender, "."+cardForms[f])
	return b.render("card.coloured."+cardForms[f], &data{vars: []bind{{nameFace, txt(faceName)}, {nameColor, txt(adj)}}}, 0, false)
}

// agree is color.C.GENDER.FORM for the gender of the word for a card.
func (b *book) agree(c cards.Color, f grammaticalCase) string {
	return b.word("color."+c.Code()+".", b.word("card.gender.card", "", ""), "."+cardForms[f])
}

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

func (c Color) String() string { return c.l.book().word("color.", c.c.Code(), ".name") }
func (c Color) Nom() string    { return c.l.book().colorCase(c.c, nom) }
func (c Color) Acc() string    { return c.l.book().colorCase(c.c, acc) }
func (c Color) Gen() string    { return c.l.book().colorCase(c.c, gen) }
func (c Color) Pl() string     { return c.l.book().word("color.", c.c.Code(), ".pl") }

// Code is the colour's one-letter code ("R").
func (c Color) Code() string { return c.c.Code() }

// Rule is a preset or option name as a template argument: {{.Rule}} is its
// short name in the language, {{.Rule.Code}} the word of the rules line.
type Rule struct {
	l    Lang
	name string
}

func (r Rule) String() string { return r.l.book().word("rules.name.", r.name, "") }
func (r Rule) Code() string   { return r.name }

// Names are players as a template argument: {{.Names}} lists them as the
// language does ("Ann, Ben and Cy"); names never change form.
type Names struct {
	l     Lang
	names []string
}

func (n Names) String() string { return n.l.book().andList(n.names) }
