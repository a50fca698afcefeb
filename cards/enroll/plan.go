package enroll

import (
	"errors"
	"fmt"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cards/ndef"
	"github.com/unoref/unoref/cards/registry"
)

// Refusal reasons, for errors.Is. A refused tap's error is a *Refusal
// wrapping one of these (or registry.ErrEnrolled, registry.ErrTooMany).
var (
	ErrTwoTags    = errors.New("enroll: more than one tag on the pad")
	ErrUnreadable = errors.New("enroll: tag could not be read")
	ErrWrongCard  = errors.New("enroll: tag names another card")
	ErrForeign    = errors.New("enroll: tag holds someone else's data")
	ErrLocked     = errors.New("enroll: tag is locked")
	ErrNotNDEF    = errors.New("enroll: tag is not NDEF formatted")
	ErrWrite      = errors.New("enroll: writing the tag failed")
	ErrVerify     = errors.New("enroll: tag does not read back what was written")
	ErrComplete   = errors.New("enroll: deck complete")
)

// Refusal is a tap the enrolment refused.
type Refusal struct {
	Err    error  // the reason: a sentinel above or of package registry
	Msg    string // one line for the display
	Detail string // for the log
}

func (r *Refusal) Error() string {
	if r.Detail != "" {
		return r.Err.Error() + ": " + r.Detail
	}
	return r.Err.Error()
}

// Unwrap makes errors.Is work with the reason.
func (r *Refusal) Unwrap() error { return r.Err }

// Message is the line for the display.
func (r *Refusal) Message() string { return r.Msg }

// Slot is one card to tap: copy Copy of the Of copies of Card in the deck.
type Slot struct {
	Card     cards.Card
	Copy, Of int
}

var ordinals = [...]string{"", "1st", "2nd", "3rd", "4th"}

// String is how a prompt names the slot: "Red 7, 2nd of 2", "Red 0".
func (s Slot) String() string {
	if s.Of <= 1 {
		return s.Card.Name()
	}
	n := fmt.Sprintf("%dth", s.Copy)
	if s.Copy < len(ordinals) {
		n = ordinals[s.Copy]
	}
	return fmt.Sprintf("%s, %s of %d", s.Card.Name(), n, s.Of)
}

// Order lists the slots of a deck of kind in the order they are tapped: by
// colour (red, yellow, green, blue), numbers, then Skip, Reverse, Draw Two,
// then the wilds (registry.Before).
func Order(kind string) ([]Slot, error) {
	d, err := cards.Deck(kind)
	if err != nil {
		return nil, fmt.Errorf("enroll: %w", err)
	}
	counts := cards.Count(d)
	faces := counts.Faces()
	sortFaces(faces)
	slots := make([]Slot, 0, len(d))
	for _, f := range faces {
		for i := 1; i <= counts[f]; i++ {
			slots = append(slots, Slot{Card: f, Copy: i, Of: counts[f]})
		}
	}
	return slots, nil
}

func sortFaces(f []cards.Card) {
	for i := 1; i < len(f); i++ {
		for j := i; j > 0 && registry.Before(f[j], f[j-1]); j-- {
			f[j], f[j-1] = f[j-1], f[j]
		}
	}
}

// Plan is the enrolment of one deck as a pure state machine: which slot
// comes next, how far it is, and what to do with a tap. It holds no
// devices and no database; the driver loop (Enroller) feeds it.
type Plan struct {
	deck  string
	slots []Slot
	done  []bool
	n     int
}

// NewPlan starts from what the registry already holds: cards enrolled
// before (an interrupted enrolment) are done and skipped.
func NewPlan(p registry.Progress) (*Plan, error) {
	slots, err := Order(p.Deck.Kind)
	if err != nil {
		return nil, err
	}
	pl := &Plan{deck: p.Deck.Name, slots: slots, done: make([]bool, len(slots))}
	for i, s := range slots {
		if s.Copy <= p.Have[s.Card] {
			pl.done[i] = true
			pl.n++
		}
	}
	return pl, nil
}

// Deck is the name of the deck being enrolled.
func (p *Plan) Deck() string { return p.deck }

// Next is the slot to tap now; false when the deck is complete.
func (p *Plan) Next() (Slot, bool) {
	for i, s := range p.slots {
		if !p.done[i] {
			return s, true
		}
	}
	return Slot{}, false
}

// Done is how many slots are enrolled.
func (p *Plan) Done() int { return p.n }

// Total is the size of the deck.
func (p *Plan) Total() int { return len(p.slots) }

// Prompt is the instruction for the display: "Tap Red 7, 2nd of 2".
func (p *Plan) Prompt() string {
	s, ok := p.Next()
	if !ok {
		return fmt.Sprintf("Deck %s is complete", p.deck)
	}
	return "Tap " + s.String()
}

// Mark records that one more copy of c is enrolled: the first open slot of
// its face is done.
func (p *Plan) Mark(c cards.Card) error {
	for i, s := range p.slots {
		if !p.done[i] && s.Card == c.Face() {
			p.done[i] = true
			p.n++
			return nil
		}
	}
	return fmt.Errorf("enroll: no open slot for %s", c)
}

// Tap is what the reader saw of a tap: the input of Decide.
type Tap struct {
	Tags     int           // tags on the pad
	UID      []byte        // the tag, when alone
	ReadErr  error         // reading it failed after the driver's retries
	Enrolled *registry.Tag // what the registry says it is, nil if unknown
	CC       [4]byte       // page 3: the Capability Container
	// Card is the card the tag's NDEF text names; DecodeErr is set
	// instead when it names none (ndef.ErrBlank, ndef.ErrForeign, …).
	Card      cards.Card
	DecodeErr error
}

// Action is what to do with a tap.
type Action int

// Actions.
const (
	Refuse Action = iota
	Enroll        // record the UID as the slot's card
	Write         // write the card code on the tag, verify, then record
)

func (a Action) String() string {
	switch a {
	case Refuse:
		return "refuse"
	case Enroll:
		return "enroll"
	case Write:
		return "write"
	}
	return fmt.Sprintf("Action(%d)", int(a))
}

// Policy is what Decide accepts beyond the plan: whether it writes, and
// overwrites.
type Policy struct {
	// Write puts the card code on every tag that does not carry it yet.
	Write bool
	// Force overwrites a tag holding someone else's data or another card,
	// and writes despite a read-only Capability Container (a WRITE NAK
	// still refuses).
	Force bool
}

// Decide says what to do with a tap for the next slot, or why it is
// refused (a *Refusal).
func (p *Plan) Decide(t Tap, o Policy) (Action, error) {
	slot, ok := p.Next()
	switch {
	case !ok:
		return Refuse, &Refusal{Err: ErrComplete, Msg: p.Prompt()}
	case t.Tags > 1:
		return Refuse, &Refusal{Err: ErrTwoTags, Msg: "Two tags at once: tap one card", Detail: fmt.Sprintf("%d tags", t.Tags)}
	case t.ReadErr != nil:
		return Refuse, &Refusal{Err: ErrUnreadable, Msg: "Can't read this tag: tap it again", Detail: t.ReadErr.Error()}
	case t.Enrolled != nil:
		ee := &registry.EnrolledError{Tag: *t.Enrolled}
		return Refuse, &Refusal{Err: ee, Msg: ee.Message()}
	}
	want := slot.Card
	var fe *ndef.ForeignError
	switch {
	case t.DecodeErr == nil && t.Card == want:
		return Enroll, nil // already says it: nothing to write
	case t.DecodeErr == nil && !(o.Write && o.Force):
		return Refuse, &Refusal{Err: ErrWrongCard, Msg: fmt.Sprintf("This tag says %s: tap %s", t.Card.Name(), want.Name()),
			Detail: fmt.Sprintf("tag says %s, want %s", t.Card, want)}
	case !o.Write:
		return Enroll, nil // blank or foreign: the UID is what counts
	case errors.As(t.DecodeErr, &fe) && !o.Force:
		return Refuse, &Refusal{Err: ErrForeign, Msg: fmt.Sprintf("This tag holds %q: force to overwrite", fe.Text), Detail: t.DecodeErr.Error()}
	}
	if _, _, err := ndef.CheckCC(t.CC); err != nil && !o.Force {
		if errors.Is(err, ndef.ErrReadOnly) {
			return Refuse, &Refusal{Err: ErrLocked, Msg: "This tag is locked: use another sticker", Detail: err.Error()}
		}
		return Refuse, &Refusal{Err: ErrNotNDEF, Msg: "This tag is not formatted for NFC text", Detail: err.Error()}
	}
	return Write, nil
}
