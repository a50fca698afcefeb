package referee

import (
	"time"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/lang/msg"
)

// said is a verdict's sentence as the engine keeps it. Nothing is built
// into a msg.Sentence until someone reads it (Verdict.Sentence, Text):
// most verdicts are never read (a replay without output, the daemon's
// statistics), and a msg.Msg is 240 bytes, so a three-clause sentence
// built for every event was most of what the engine allocated.
//
// Up to len(c) clauses whose arguments are a player or two, cards, a
// colour and small counts — nearly every clause of a play, a draw or a
// pass — live in c, inside the Verdict. Any other clause (a rules line's
// options, a text, a fifth clause) moves the whole sentence to more, a
// msg.Sentence of its own: slower, never wrong, whatever keys and
// arguments the engine says.
type said struct {
	n    uint8
	c    [4]clause
	more msg.Sentence // the whole sentence when it does not fit c; n is 0
}

// clause is a msg.Msg whose arguments fit the fields below.
type clause struct {
	key           string
	player, other string
	card, top     cards.Card
	color         cards.Color
	n, k          int32
}

// fits reports whether every argument of a fits a clause.
func fits(a *msg.Args) bool {
	return a.Next == "" && a.Rule == "" && a.Value == "" && a.Names == nil &&
		a.Text == "" && a.Path == "" && a.Command == "" && a.Time == (time.Time{}) &&
		a.N == int(int32(a.N)) && a.K == int(int32(a.K))
}

// msg is c as the message it was made from.
func (c *clause) msg() msg.Msg {
	return msg.Msg{Key: c.key, Args: msg.Args{Player: c.player, Other: c.other, Card: c.card, Top: c.top,
		Color: c.color, N: int(c.n), K: int(c.k)}}
}

// add appends the clause key with arguments a to the sentence.
func (s *said) add(key string, a *msg.Args) {
	if s.more == nil && int(s.n) < len(s.c) && fits(a) {
		s.c[s.n] = clause{key: key, player: a.Player, other: a.Other, card: a.Card, top: a.Top,
			color: a.Color, n: int32(a.N), k: int32(a.K)}
		s.n++
		return
	}
	if s.more == nil {
		s.more = s.appendTo(make(msg.Sentence, 0, int(s.n)+1))
		s.n = 0
	}
	// A full slice expression: a copy of the verdict that appends too
	// never writes into this one's clauses.
	s.more = append(s.more[:len(s.more):len(s.more)], msg.Msg{Key: key, Args: *a})
}

// join appends the clauses of t.
func (s *said) join(t *said) {
	for i := range t.n {
		m := t.c[i].msg()
		s.add(m.Key, &m.Args)
	}
	for i := range t.more {
		s.add(t.more[i].Key, &t.more[i].Args)
	}
}

// len is the number of clauses.
func (s *said) len() int {
	if s.more != nil {
		return len(s.more)
	}
	return int(s.n)
}

// appendTo appends the clauses to dst.
func (s *said) appendTo(dst msg.Sentence) msg.Sentence {
	if s.more != nil {
		return append(dst, s.more...)
	}
	for i := range s.n {
		dst = append(dst, s.c[i].msg())
	}
	return dst
}

// key is the key of clause i.
func (s *said) key(i int) string {
	if s.more != nil {
		return s.more[i].Key
	}
	return s.c[i].key
}
