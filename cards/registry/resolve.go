package registry

import (
	"context"
	"errors"
	"fmt"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cards/ndef"
)

// Errors of the Resolver and the Pile, for errors.Is. The errors returned
// wrap them in a *TagError whose Message is a line for the display.
var (
	ErrUnknownTag   = errors.New("registry: tag is not a card of this deck")
	ErrOtherDeck    = errors.New("registry: tag belongs to another deck")
	ErrForeign      = errors.New("registry: tag holds something else")
	ErrUnreadable   = errors.New("registry: tag could not be read")
	ErrDuplicateTag = errors.New("registry: card already on the pile")
)

// TagError is a tag refused at the table.
type TagError struct {
	Err  error  // one of the sentinels above
	UID  string // upper-case hex
	Msg  string // for the display
	Info string // detail for logs: the registry entry, the tag's text, the read error
}

func (e *TagError) Error() string {
	s := fmt.Sprintf("%v: %s", e.Err, e.UID)
	if e.Info != "" {
		s += ": " + e.Info
	}
	return s
}

// Unwrap makes errors.Is work with the sentinel.
func (e *TagError) Unwrap() error { return e.Err }

// Message is one line for the display, a sentence a player understands.
func (e *TagError) Message() string { return e.Msg }

// Message returns the display line of err when it has one (a *TagError, an
// *EnrolledError, or any error with a Message() string method), else the
// error text.
func Message(err error) string {
	var m interface{ Message() string }
	if errors.As(err, &m) {
		return m.Message()
	}
	if err == nil {
		return ""
	}
	return err.Error()
}

// ReadFunc reads 16 bytes (4 pages) from page on of the tag being
// resolved, as mfrc522.Dev.ReadPages does for one UID:
//
//	read := func(p uint8) ([]byte, error) { return dev.ReadPages(tag.UID, p) }
type ReadFunc func(page uint8) ([]byte, error)

// maxData bounds how much of a tag is read while looking for its message:
// the user memory of the largest NTAG (NTAG216).
const maxData = 888

// ReadCard reads the card a tag names. data holds the bytes already read
// from page 4 on (nil if none: a reader may have read page 4 while
// detecting); ReadCard reads page 4 when data is empty and more pages only
// if ndef.NeedBytes asks for them. It returns everything read from page 4
// on, the card and the decoding error (ndef.ErrBlank, ndef.ErrForeign, …)
// or, when reading failed, readErr.
func ReadCard(data []byte, read ReadFunc) (mem []byte, c cards.Card, decodeErr, readErr error) {
	mem = append([]byte(nil), data...)
	if len(mem) == 0 {
		b, err := read(ndef.FirstPage)
		if err != nil {
			return nil, cards.Card{}, nil, err
		}
		mem = append(mem, b...)
	}
	for {
		need, err := ndef.NeedBytes(mem)
		if err != nil {
			return mem, cards.Card{}, err, nil
		}
		if need <= len(mem) {
			break
		}
		if need > maxData {
			return mem, cards.Card{}, fmt.Errorf("ndef: %w: message of %d bytes runs past any NTAG", ndef.ErrCorrupt, need), nil
		}
		page := ndef.FirstPage + len(mem)/ndef.PageSize
		b, err := read(uint8(page))
		if err != nil {
			return mem, cards.Card{}, nil, err
		}
		mem = append(mem, b...)
	}
	c, err := ndef.DecodeCard(mem)
	return mem, c, err, nil
}

// Source says how a Resolver knew the card.
type Source int

// Sources.
const (
	FromRegistry Source = iota + 1 // the UID is enrolled in the active deck
	FromTag                        // the UID is unknown; the tag's NDEF text names the card
)

func (s Source) String() string {
	switch s {
	case FromRegistry:
		return "registry"
	case FromTag:
		return "tag"
	}
	return fmt.Sprintf("Source(%d)", int(s))
}

// Resolved is a card seen at the table.
type Resolved struct {
	UID    string
	Card   cards.Card
	Copy   int // 0 when known from the tag only
	Source Source
}

// Resolver tells which card of the active deck a tag is stuck on.
type Resolver struct {
	reg  *Registry
	deck Deck
	caps cards.Counts
}

// NewResolver returns a Resolver for the named deck.
func NewResolver(ctx context.Context, reg *Registry, deckName string) (*Resolver, error) {
	d, err := reg.Deck(ctx, deckName)
	if err != nil {
		return nil, err
	}
	caps, _, _ := capacity(d.Kind)
	return &Resolver{reg: reg, deck: d, caps: caps}, nil
}

// Deck is the active deck.
func (r *Resolver) Deck() Deck { return r.deck }

// Resolve says which card the tag uid is: from the registry first, then,
// for a UID the registry does not know, from the card code written on the
// tag (data: bytes already read from page 4, may be nil; read fetches
// more). Errors are *TagError wrapping ErrOtherDeck (enrolled in another
// deck), ErrUnknownTag (blank, garbage, or a card this deck does not
// print), ErrForeign (someone else's NDEF data) or ErrUnreadable (the read
// failed after the driver's retries); other errors are the registry's.
func (r *Resolver) Resolve(ctx context.Context, uid []byte, data []byte, read ReadFunc) (Resolved, error) {
	if err := checkUID(uid); err != nil {
		return Resolved{}, err
	}
	u := FormatUID(uid)
	t, err := lookup(ctx, r.reg.db, u)
	switch {
	case err == nil && t.Deck == r.deck.Name:
		return Resolved{UID: u, Card: t.Card, Copy: t.Copy, Source: FromRegistry}, nil
	case err == nil:
		return Resolved{}, &TagError{Err: ErrOtherDeck, UID: u, Info: t.String(),
			Msg: fmt.Sprintf("This card belongs to deck %s", t.Deck)}
	case !errors.Is(err, ErrNotEnrolled):
		return Resolved{}, err
	}
	_, c, derr, rerr := ReadCard(data, read)
	var fe *ndef.ForeignError
	switch {
	case rerr != nil:
		return Resolved{}, &TagError{Err: ErrUnreadable, UID: u, Info: rerr.Error(),
			Msg: "Can't read this tag: tap it again"}
	case errors.As(derr, &fe):
		return Resolved{}, &TagError{Err: ErrForeign, UID: u, Info: derr.Error(),
			Msg: fmt.Sprintf("This tag says %q: not a card", fe.Text)}
	case derr != nil:
		return Resolved{}, &TagError{Err: ErrUnknownTag, UID: u, Info: derr.Error(),
			Msg: "This tag is not a card of this deck"}
	case r.caps[c] == 0:
		return Resolved{}, &TagError{Err: ErrUnknownTag, UID: u, Info: fmt.Sprintf("tag says %s, not in a %s deck", c, r.deck.Kind),
			Msg: "This tag is not a card of this deck"}
	}
	return Resolved{UID: u, Card: c, Source: FromTag}, nil
}

// Pile tracks the tags on the discard pile, so that a card taken back and
// played again is caught: the same tag cannot be on the pile twice. The
// zero value is an empty pile. It is not safe for concurrent use.
type Pile struct {
	on    map[string]bool
	order []string
}

// Play puts the tag uid on the pile, or refuses it with ErrDuplicateTag
// (as a *TagError) when it is already there.
func (p *Pile) Play(uid []byte) error {
	u := FormatUID(uid)
	if p.on[u] {
		return &TagError{Err: ErrDuplicateTag, UID: u,
			Msg: "That card is already on the pile: someone took it back"}
	}
	if p.on == nil {
		p.on = map[string]bool{}
	}
	p.on[u] = true
	p.order = append(p.order, u)
	return nil
}

// Undo takes the last tag off the pile, for a play the referee refused. It
// reports false on an empty pile.
func (p *Pile) Undo() (uid string, ok bool) {
	if len(p.order) == 0 {
		return "", false
	}
	u := p.order[len(p.order)-1]
	p.order = p.order[:len(p.order)-1]
	delete(p.on, u)
	return u, true
}

// Reshuffle forgets every tag but the top one: the pile under the top card
// has been shuffled into a new draw pile (RULES.md §2, "When the draw pile runs out").
func (p *Pile) Reshuffle() {
	if len(p.order) == 0 {
		return
	}
	top := p.order[len(p.order)-1]
	p.order = append(p.order[:0], top)
	p.on = map[string]bool{top: true}
}

// Clear empties the pile, for a new round.
func (p *Pile) Clear() {
	p.order = p.order[:0]
	p.on = nil
}

// Len is the number of tags on the pile.
func (p *Pile) Len() int { return len(p.order) }
