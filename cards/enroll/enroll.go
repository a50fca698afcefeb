package enroll

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cards/ndef"
	"github.com/unoref/unoref/cards/registry"
)

// Reader is what the enrolment needs of an NFC reader: the UIDs of the
// tags in its field and the 4-byte pages of a tag's memory.
// board.EnrollReader adapts the RC522 driver.
type Reader interface {
	// Detect returns the UIDs of the tags in the field, none for an
	// empty field. Tags that answer together and cannot be told apart
	// give ErrCollision.
	Detect() ([][]byte, error)
	Writer
}

// Writer is what WriteCard needs of a reader.
type Writer interface {
	// ReadPages returns 16 bytes of tag uid's memory from page on.
	ReadPages(uid []byte, page uint8) ([]byte, error)
	// WritePage writes page of tag uid; a tag that refuses the write
	// (a locked page) gives ErrTagRefused.
	WritePage(uid []byte, page uint8, data [4]byte) error
}

// Errors a Reader returns (wrapped) for what the enrolment branches on.
var (
	// ErrCollision: several tags answered at once.
	ErrCollision = errors.New("enroll: tags answered together")
	// ErrTagRefused: the tag refused a command (NAK), e.g. a locked page.
	ErrTagRefused = errors.New("enroll: the tag refused")
	// ErrReaderGone: the reader does not answer or was halted; Run and
	// Step stop with it.
	ErrReaderGone = errors.New("enroll: the reader is gone")
)

// EventKind says what an Event reports.
type EventKind int

// Event kinds.
const (
	// Prompt: Slot is the card to tap now.
	Prompt EventKind = iota + 1
	// Enrolled: the tag UID is now Slot's card.
	Enrolled
	// Refused: a tap was refused; Err says why, Text is for the display.
	Refused
	// Complete: every card of the deck is enrolled.
	Complete
)

var eventNames = [...]string{"", "prompt", "enrolled", "refused", "complete"}

func (k EventKind) String() string {
	if k > 0 && int(k) < len(eventNames) {
		return eventNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", int(k))
}

// Event is what the enrolment tells the terminal, the display and the
// buzzer.
type Event struct {
	Kind        EventKind
	Slot        Slot
	UID         string // Enrolled, Refused: the tag (empty for two tags)
	Done, Total int    // progress after the event
	Text        string // one line for the display
	Err         error  // Refused: a *Refusal
	Wrote       bool   // Enrolled: the card code was written on the tag
}

func (e Event) String() string {
	s := fmt.Sprintf("%d/%d %s", e.Done, e.Total, e.Kind)
	if e.UID != "" {
		s += " " + e.UID
	}
	return s + ": " + e.Text
}

// Opts configures an Enroller.
type Opts struct {
	Policy
	// PollPeriod is the time between polls of an idle pad; default 20 ms.
	PollPeriod time.Duration
	// Sleep waits; default time.Sleep. Tests pass the simulator's clock.
	Sleep func(time.Duration)
	// Notify receives every event, on the goroutine that runs the
	// Enroller. It should hand the event off and return.
	Notify func(Event)
}

// Enroller is the driver loop of one deck's enrolment: it polls the reader,
// reads each tag laid alone on the pad, asks the Plan, writes and verifies
// when asked to, and records the tag in the registry.
type Enroller struct {
	rd   Reader
	reg  *registry.Registry
	plan *Plan
	o    Opts

	handled map[string]int  // tags dealt with while they stay: missed polls
	crowd   map[string]bool // tags seen together
}

// New prepares the enrolment of deck, resuming where the registry stands.
func New(ctx context.Context, rd Reader, reg *registry.Registry, deck string, o *Opts) (*Enroller, error) {
	e := &Enroller{rd: rd, reg: reg, handled: map[string]int{}}
	if o != nil {
		e.o = *o
	}
	if e.o.PollPeriod <= 0 {
		e.o.PollPeriod = 20 * time.Millisecond
	}
	if e.o.Sleep == nil {
		e.o.Sleep = time.Sleep
	}
	if e.o.Notify == nil {
		e.o.Notify = func(Event) {}
	}
	p, err := reg.Progress(ctx, deck)
	if err != nil {
		return nil, err
	}
	if e.plan, err = NewPlan(p); err != nil {
		return nil, err
	}
	return e, nil
}

// Plan is the state of the enrolment.
func (e *Enroller) Plan() *Plan { return e.plan }

func (e *Enroller) event(k EventKind) Event {
	ev := Event{Kind: k, Done: e.plan.Done(), Total: e.plan.Total(), Text: e.plan.Prompt()}
	ev.Slot, _ = e.plan.Next()
	return ev
}

// prompt announces the next slot, or the end.
func (e *Enroller) prompt() {
	if _, ok := e.plan.Next(); ok {
		e.o.Notify(e.event(Prompt))
	} else {
		e.o.Notify(e.event(Complete))
	}
}

// Run prompts for the next card and enrolls tags as they are tapped until
// the deck is complete (nil) or ctx is done. Progress is in the registry,
// so a new Enroller resumes after an interruption.
func (e *Enroller) Run(ctx context.Context) error {
	e.prompt()
	if _, ok := e.plan.Next(); !ok {
		return nil
	}
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := e.Step(ctx); err != nil {
			return err
		}
		if _, ok := e.plan.Next(); !ok {
			return nil
		}
		e.o.Sleep(e.o.PollPeriod)
	}
}

// Step is one poll of the pad: a tag alone and new on it is handled (Tap),
// tags together are refused once. It returns only the reader's fatal
// error (ErrReaderGone) and the registry's.
func (e *Enroller) Step(ctx context.Context) error {
	// A full detection every time, not Poll with the known tag: it is
	// the newcomer next to a known tag that must not be missed.
	tags, err := e.rd.Detect()
	switch {
	case errors.Is(err, ErrCollision):
		// Tags that cannot be told apart: certainly more than one.
		if len(e.crowd) == 0 {
			e.crowd = map[string]bool{"?": true}
			e.refuse("", &Refusal{Err: ErrTwoTags, Msg: "Two tags at once: tap one card", Detail: err.Error()})
		}
		return nil
	case errors.Is(err, ErrReaderGone):
		return fmt.Errorf("enroll: %w", err)
	case err != nil:
		return nil // a failed poll; the next one tries again
	}
	for u := range e.handled {
		if !contains(tags, u) {
			// Two polls without it: gone. One is a glitch of the field.
			if e.handled[u]++; e.handled[u] >= 2 {
				delete(e.handled, u)
			}
		} else {
			e.handled[u] = 0
		}
	}
	switch len(tags) {
	case 0:
		e.crowd = nil
	case 1:
		e.crowd = nil
		u := registry.FormatUID(tags[0])
		if _, done := e.handled[u]; done {
			return nil
		}
		e.handled[u] = 0
		_, err := e.Tap(ctx, tags[0])
		return err
	default:
		fresh := false
		for _, t := range tags {
			if !e.crowd[registry.FormatUID(t)] {
				fresh = true
			}
		}
		e.crowd = map[string]bool{}
		for _, t := range tags {
			e.crowd[registry.FormatUID(t)] = true
		}
		if fresh {
			e.refuse("", &Refusal{Err: ErrTwoTags, Msg: "Two tags at once: tap one card", Detail: fmt.Sprintf("%d tags", len(tags))})
		}
	}
	return nil
}

func contains(uids [][]byte, u string) bool {
	for _, t := range uids {
		if registry.FormatUID(t) == u {
			return true
		}
	}
	return false
}

func (e *Enroller) refuse(uid string, err error) Event {
	ev := e.event(Refused)
	ev.UID, ev.Err, ev.Text = uid, err, registry.Message(err)
	e.o.Notify(ev)
	return ev
}

// Tap handles the tag uid lying alone on the pad: it reads page 3 on (the
// Capability Container and the card code), asks the Plan, and writes,
// verifies and enrolls as it says. The event (Enrolled or Refused) has
// been sent to Notify too, followed by the next prompt. The error is the
// registry's, not a refusal.
func (e *Enroller) Tap(ctx context.Context, uid []byte) (Event, error) {
	u := registry.FormatUID(uid)
	t := e.look(ctx, uid)
	act, err := e.plan.Decide(t, e.o.Policy)
	if err != nil {
		return e.refuse(u, err), nil
	}
	slot, _ := e.plan.Next()
	wrote := false
	if act == Write {
		if err := WriteCard(e.rd, uid, slot.Card); err != nil {
			return e.refuse(u, err), nil
		}
		wrote = true
	}
	tag, err := e.reg.Enroll(ctx, e.plan.Deck(), uid, slot.Card)
	switch {
	case errors.Is(err, registry.ErrEnrolled), errors.Is(err, registry.ErrTooMany):
		return e.refuse(u, &Refusal{Err: err, Msg: registry.Message(err)}), nil
	case err != nil:
		return Event{}, err
	}
	if err := e.plan.Mark(tag.Card); err != nil {
		return Event{}, err
	}
	ev := e.event(Enrolled)
	ev.Slot, ev.UID, ev.Wrote = slot, u, wrote
	ev.Text = slot.Card.Name() + " enrolled"
	e.o.Notify(ev)
	e.prompt()
	return ev, nil
}

// look reads what the Plan needs to know of a tag.
func (e *Enroller) look(ctx context.Context, uid []byte) Tap {
	t := Tap{Tags: 1, UID: uid}
	if old, err := e.reg.Lookup(ctx, uid); err == nil {
		t.Enrolled = &old
		return t
	}
	// One READ from page 3 gives the CC and 12 bytes of data: every
	// card code but R+2, W+4 and BLANK in one go.
	b, err := e.rd.ReadPages(uid, ndef.CCPage)
	if err != nil {
		t.ReadErr = err
		return t
	}
	copy(t.CC[:], b[:4])
	_, t.Card, t.DecodeErr, t.ReadErr = registry.ReadCard(b[4:], func(p uint8) ([]byte, error) {
		return e.rd.ReadPages(uid, p)
	})
	return t
}

// WriteCard writes c's card code (ndef.EncodeCard) on the tag uid, page by
// page from page 4, and reads it back. Errors are *Refusal: ErrLocked (the
// tag NAKed a WRITE), ErrWrite, ErrVerify.
func WriteCard(w Writer, uid []byte, c cards.Card) error {
	mem := ndef.EncodeCard(c)
	for i := 0; i < len(mem); i += ndef.PageSize {
		page := uint8(ndef.FirstPage + i/ndef.PageSize)
		if err := w.WritePage(uid, page, [4]byte(mem[i:i+4])); err != nil {
			if errors.Is(err, ErrTagRefused) {
				return &Refusal{Err: ErrLocked, Msg: "This tag is locked: use another sticker", Detail: err.Error()}
			}
			return &Refusal{Err: ErrWrite, Msg: "Writing failed: hold the card still", Detail: err.Error()}
		}
	}
	b, err := w.ReadPages(uid, ndef.FirstPage)
	if err != nil {
		return &Refusal{Err: ErrVerify, Msg: "Writing failed: hold the card still", Detail: err.Error()}
	}
	got, err := ndef.DecodeCard(b)
	if err != nil || got != c.Face() {
		return &Refusal{Err: ErrVerify, Msg: "Writing failed: hold the card still", Detail: fmt.Sprintf("read back %v, %v", got, err)}
	}
	return nil
}
