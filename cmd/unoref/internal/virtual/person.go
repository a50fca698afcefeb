package virtual

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"image"
	"strings"
	"sync"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cards/registry"
	"github.com/unoref/unoref/drivers/button"
	"github.com/unoref/unoref/drivers/mfrc522"
	"github.com/unoref/unoref/drivers/mfrc522/mfrc522test"
	"github.com/unoref/unoref/drivers/seatpad"
	"github.com/unoref/unoref/hardware"
	"github.com/unoref/unoref/hardware/board"
	"github.com/unoref/unoref/hardware/board/boardtest"
	"github.com/unoref/unoref/lang/msg"
)

// Person plays the simulated board for the page, as a person at the table
// would: it lays tags in a reader's field and lifts them, presses buttons
// (edges on their lines) and seat pads (levels on the expanders' pins),
// and says what the OLED and the LEDs show. It implements the table's
// Person: Lay, Press and PressSeat return once the table has ruled on what
// they did, which the table tells it (ReaderRuled, ButtonRuled, SeatRuled).
type Person struct {
	sim     *boardtest.Sim
	pads    map[string]pad
	buttons map[button.Name]int // line offsets
	leds    map[string]int      // line offsets by LED name ("cw", "uno", "R"…)
	seats   int

	mu       sync.Mutex // the field, below; Ruled runs on the table's loop
	waits    []*tapWait
	field    map[string]bool            // tags the reader knows are in the field
	placed   map[string]mfrc522test.Tag // tags in the simulated field
	deferred map[string]mfrc522test.Tag // tags waiting for their twin to leave
	padOf    map[string]string          // the pad of each tag placed, deferred or in the field

	pressMu sync.Mutex // one press at a time
	pressed chan struct{}
	seated  chan struct{}
}

// pad is a reader: its chip and its spidev.
type pad struct {
	chip *mfrc522test.Sim
	dev  string
}

type tapWait struct {
	uids map[string]bool
	ch   chan struct{}
}

func newPerson(sim *boardtest.Sim, pm *hardware.PinMap) *Person {
	p := &Person{
		sim:      sim,
		pads:     map[string]pad{"play": {sim.Play, board.SPIDev(pm.NFC.Play.CE)}},
		buttons:  map[button.Name]int{},
		leds:     map[string]int{},
		seats:    pm.SeatPads.Seats,
		field:    map[string]bool{},
		placed:   map[string]mfrc522test.Tag{},
		deferred: map[string]mfrc522test.Tag{},
		padOf:    map[string]string{},
		pressed:  make(chan struct{}, 1),
		seated:   make(chan struct{}, 1),
	}
	if pm.NFC.Draw != nil {
		p.pads["draw"] = pad{sim.Draw, board.SPIDev(pm.NFC.Draw.CE)}
	}
	for n, pin := range board.ButtonPins(pm) {
		p.buttons[n] = int(pin)
	}
	for l, pin := range board.LEDPins(pm) {
		p.leds[l.String()] = int(pin)
	}
	return p
}

// Refusal is a control the person cannot do: its Message says why, for
// the page.
type Refusal struct{ Msg msg.Msg }

func (r *Refusal) Error() string    { return "virtual: " + r.Msg.String() }
func (r *Refusal) Message() msg.Msg { return r.Msg }

func refuse(key string, a msg.Args) error { return &Refusal{msg.Msg{Key: key, Args: a}} }

// Lay lays the tags of cards (comma-separated) on pad ("play" or "draw")
// and returns once the table has ruled on each. A card code is written on
// a fresh NTAG213 whose UID no other tap has had; "tag:UID" is that tag
// (a UID in hex), "garbage" a tag whose NDEF data is corrupt. A tag still
// in the field is laid again once it has left.
func (p *Person) Lay(ctx context.Context, padName, codes string) error {
	pd, ok := p.pads[padName]
	if !ok {
		return refuse("action.nopad", msg.Args{Value: padName})
	}
	var tags []mfrc522test.Tag
	for _, code := range strings.Split(codes, ",") {
		tag, err := sticker(strings.TrimSpace(code))
		if err != nil {
			return err
		}
		tags = append(tags, tag)
	}
	w := &tapWait{uids: map[string]bool{}, ch: make(chan struct{})}
	p.mu.Lock()
	for _, tag := range tags {
		uid := registry.FormatUID(tag.UID())
		w.uids[uid] = true
		p.padOf[uid] = padName
		if p.field[uid] || p.placed[uid] != nil {
			// The same tag again: it must leave the field first.
			p.deferred[uid] = tag
			continue
		}
		p.placed[uid] = tag
		pd.chip.Place(tag)
	}
	p.waits = append(p.waits, w)
	p.mu.Unlock()
	p.sim.Poll(pd.dev, 1)
	select {
	case <-w.ch:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Lift takes the tags laid on pad off it.
func (p *Person) Lift(padName string) error {
	pd, ok := p.pads[padName]
	if !ok {
		return refuse("action.nopad", msg.Args{Value: padName})
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	for uid, tag := range p.placed {
		if p.padOf[uid] == padName {
			pd.chip.Remove(tag)
			delete(p.placed, uid)
			p.forget(uid)
		}
	}
	return nil
}

// sticker makes the tag for one code of a tap.
func sticker(code string) (mfrc522test.Tag, error) {
	switch {
	case code == "garbage":
		t := mfrc522test.NewNTAG213(mint())
		// An NDEF TLV whose record runs past its message: corrupt.
		t.SetPage(4, [4]byte{0x03, 0x05, 0xD1, 0x01})
		t.SetPage(5, [4]byte{0x09, 0x54, 0x02, 0xFE})
		return t, nil
	case strings.HasPrefix(code, "tag:"):
		uid, err := registry.ParseUID(strings.TrimPrefix(code, "tag:"))
		var ue *registry.UIDError
		switch {
		case err == nil && len(uid) == 7:
			return mfrc522test.NewNTAG213(uid), nil
		case err == nil:
			return mfrc522test.NewClassic1K(uid), nil
		case errors.As(err, &ue) && ue.Bytes >= 0:
			return nil, refuse("action.uidlen", msg.Args{N: ue.Bytes})
		}
		return nil, refuse("action.uid", msg.Args{Value: code})
	}
	c, err := cards.Parse(code)
	if err != nil {
		return nil, refuse("action.code", msg.Args{Value: code})
	}
	return boardtest.Sticker(mint(), c), nil
}

// mint is the UID of a fresh sticker: NXP's manufacturer byte, "UN", and
// four random bytes, so that a card code tapped again, or after a restart,
// is another sticker, as a second copy of the card is.
func mint() []byte {
	uid := []byte{0x04, 0x55, 0x4E, 0, 0, 0, 0}
	for {
		rand.Read(uid[3:])
		if uid[3] != 0x88 { // the cascade tag cannot start a UID's second part (ISO/IEC 14443-3 §6.5.4)
			return uid
		}
	}
}

// ReaderRuled follows the simulated field once the table has ruled on ev
// from pad's reader: a tapped card is lifted once read, and the tap's
// waiter is released.
func (p *Person) ReaderRuled(padName string, ev mfrc522.Event) {
	pd, ok := p.pads[padName]
	if !ok {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	uid := registry.FormatUID(ev.Tag.UID)
	switch ev.Kind {
	case mfrc522.TagArrived:
		p.field[uid] = true
		if tag, ok := p.placed[uid]; ok {
			pd.chip.Remove(tag)
			delete(p.placed, uid)
		}
		p.release(uid)
	case mfrc522.TagLeft:
		delete(p.field, uid)
		if tag, ok := p.deferred[uid]; ok {
			delete(p.deferred, uid)
			p.placed[uid] = tag
			pd.chip.Place(tag)
		}
		p.forget(uid)
	case mfrc522.ReaderLost:
		clear(p.field)
	}
	if len(p.waits) > 0 {
		p.sim.Poll(pd.dev, 1)
	}
}

// forget drops the pad of a tag gone for good: every tap is a fresh
// sticker, and a day's play must not keep them all. p.mu is held.
func (p *Person) forget(uid string) {
	_, placed := p.placed[uid]
	_, deferred := p.deferred[uid]
	if !placed && !deferred && !p.field[uid] {
		delete(p.padOf, uid)
	}
}

// release ticks uid off the taps waiting for it. p.mu is held.
func (p *Person) release(uid string) {
	waits := p.waits[:0]
	for _, w := range p.waits {
		delete(w.uids, uid)
		if len(w.uids) == 0 {
			close(w.ch)
			continue
		}
		waits = append(waits, w)
	}
	p.waits = waits
}

// Press presses and releases button b on its line and returns once the
// table has ruled on the press.
func (p *Person) Press(ctx context.Context, b button.Name) error {
	p.pressMu.Lock()
	defer p.pressMu.Unlock()
	drain(p.pressed)
	if err := p.sim.Press(ctx, p.buttons[b]); err != nil {
		return err
	}
	return await(ctx, p.pressed)
}

// ButtonRuled acknowledges a press the table has ruled on.
func (p *Person) ButtonRuled(ev button.Event) {
	if ev.Kind == button.Press {
		ack(p.pressed)
	}
}

// PressSeat presses seat's pad (0 for the first seat) on its expander and
// returns once the table has ruled on the press; then lets go. The pads'
// clock moves by whole poll intervals, as long as the debouncer needs to
// see the press and the release.
func (p *Person) PressSeat(ctx context.Context, seat int) error {
	if seat < 0 || seat >= p.seats {
		return refuse("action.noseat", msg.Args{N: seat})
	}
	p.pressMu.Lock()
	defer p.pressMu.Unlock()
	drain(p.seated)
	chip, pin := p.sim.SeatButton(seat)
	chip.Drive(pin, false)
	p.sim.PollPads(debouncePolls)
	if err := await(ctx, p.seated); err != nil {
		chip.Release(pin)
		return err
	}
	chip.Release(pin)
	p.sim.PollPads(debouncePolls)
	return nil
}

// debouncePolls are the seat pads' polls that see a level change through
// their debouncer (20 ms at 10 ms a poll, and one to spare).
const debouncePolls = 4

// SeatRuled acknowledges a seat press the table has ruled on.
func (p *Person) SeatRuled(ev seatpad.Event) {
	if ev.Kind == button.Press {
		ack(p.seated)
	}
}

// OLED is what the simulated panel shows.
func (p *Person) OLED() image.Image { return p.sim.OLED.Image() }

// LEDs are the LEDs lit on the simulated lines, by name ("cw", "uno",
// "R"…), and the seat pads' ("seat0"…).
func (p *Person) LEDs() map[string]bool {
	m := make(map[string]bool, len(p.leds)+p.seats)
	for name, off := range p.leds {
		m[name] = p.sim.Out(off).Value() == 1
	}
	for s := range p.seats {
		chip, pin := p.sim.SeatLED(s)
		m[fmt.Sprintf("seat%d", s)] = chip.Level(pin)
	}
	return m
}

func drain(ch chan struct{}) {
	select {
	case <-ch:
	default:
	}
}

func ack(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

func await(ctx context.Context, ch chan struct{}) error {
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
