package table

import (
	"context"
	"errors"
	"image"
	"maps"

	"github.com/unoref/unoref/cmd/unoref/internal/screen"
	"github.com/unoref/unoref/drivers/button"
	"github.com/unoref/unoref/drivers/mfrc522"
	"github.com/unoref/unoref/drivers/seatpad"
	"github.com/unoref/unoref/lang/msg"
)

// control does a control of the page that a hand does at the table: it
// lays tags ("tap") or lifts them ("remove"), presses a button or a seat
// pad, through the Person. It returns once the table has ruled.
func (t *Table) control(ctx context.Context, a Action) error {
	select {
	case <-t.halted:
		return ErrHalted
	default:
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-t.halted:
			cancel()
		case <-ctx.Done():
		}
	}()
	err := t.controlBy(ctx, a)
	select {
	case <-t.halted:
		if err != nil {
			return ErrHalted
		}
	default:
	}
	var m interface{ Message() msg.Msg }
	if errors.As(err, &m) {
		return &ActionError{Msg: msg.Sentence{m.Message()}}
	}
	return err
}

func (t *Table) controlBy(ctx context.Context, a Action) error {
	switch a.Kind {
	case KindTap, KindRemove:
		pad := a.Pad
		if pad == "" {
			pad = "play"
		}
		if a.Kind == KindRemove {
			return t.person.Lift(pad)
		}
		return t.person.Lay(ctx, pad, a.Card)
	case KindPress:
		b, ok := buttonNames[a.Button]
		if !ok {
			return refuseAction("action.nobutton", msg.Args{Value: a.Button})
		}
		return t.person.Press(ctx, b)
	}
	return t.person.PressSeat(ctx, a.Seat)
}

// isControl tells the controls that control does.
func isControl(k ActionKind) bool {
	return k == KindTap || k == KindRemove || k == KindPress || k == KindSeat
}

// pageHand is the Person of a table without one: the page's presses go
// straight to the table as the buttons' and seat pads' own, cards are
// tapped by real hands, and what the page shows is what the table asked
// of the OLED and the LEDs.
type pageHand struct{ t *Table }

var _ Person = pageHand{}

func (pageHand) Lay(context.Context, string, string) error {
	return refuseAction("action.realcard", msg.Args{})
}

func (pageHand) Lift(string) error { return refuseAction("action.realcard", msg.Args{}) }

func (h pageHand) Press(ctx context.Context, b button.Name) error {
	return h.t.request(ctx, request{f: func() error { return h.t.press(b) }})
}

func (h pageHand) PressSeat(ctx context.Context, seat int) error {
	if seat < 0 || seat >= seatpad.MaxSeats {
		return refuseAction("action.noseat", msg.Args{N: seat})
	}
	return h.t.request(ctx, request{f: func() error { return h.t.seat(seat) }})
}

func (pageHand) ReaderRuled(string, mfrc522.Event) {}
func (pageHand) ButtonRuled(button.Event)          {}
func (pageHand) SeatRuled(seatpad.Event)           {}

// OLED is the last screen shown, rendered.
func (h pageHand) OLED() image.Image {
	h.t.mu.Lock()
	s := h.t.lastImg
	h.t.mu.Unlock()
	return screen.Render(s)
}

// LEDs are what the table last set (Run's goroutine).
func (h pageHand) LEDs() map[string]bool { return maps.Clone(h.t.out.leds) }
