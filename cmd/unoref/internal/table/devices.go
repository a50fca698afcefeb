package table

import (
	"context"
	"image"

	"github.com/unoref/unoref/cards/registry"
	"github.com/unoref/unoref/cmd/unoref/internal/screen"
	"github.com/unoref/unoref/drivers/button"
	"github.com/unoref/unoref/drivers/buzzer"
	"github.com/unoref/unoref/drivers/clock"
	"github.com/unoref/unoref/drivers/led"
	"github.com/unoref/unoref/drivers/mfrc522"
	"github.com/unoref/unoref/drivers/seatpad"
	"github.com/unoref/unoref/hardware/board"
)

// Reader is one RC522 pad. *mfrc522.Dev implements it.
type Reader interface {
	Watch(ctx context.Context) <-chan mfrc522.Event
	ReadPages(uid mfrc522.UID, page uint8) ([]byte, error)
	Halt() error
}

// Display is the OLED. *screen.Display implements it.
type Display interface {
	Show(s screen.Screen)
	Halt() error
}

// LEDs is the panel's LED bank. *led.Dev implements it.
type LEDs interface {
	Set(l led.LED, on bool) error
	SetColor(c led.LED) error
	SetDirection(d led.Direction) error
	FlashLegal() error
	FlashIllegal() error
	Halt() error
}

// Buzzer is the active buzzer. *buzzer.Dev implements it.
type Buzzer interface {
	Play(p buzzer.Pattern) error
	Playing() bool
	Halt() error
}

// SeatPads are the optional seat buttons and LEDs. Events delivers their
// debounced presses; Light shows whose turn it is.
type SeatPads interface {
	Light(seat int) error
	Halt() error
}

// Person stands in for the people at the table where its parts are
// simulated: it lays the cards and presses the buttons and seat pads that
// the page's controls name, as stimuli on the parts (a tag in a reader's
// field, an edge on a button's line), and says what it sees of the OLED
// and the LEDs. Lay, Press and PressSeat return once the table has ruled
// on what they did: Run tells the Person every input it ruled on (the
// Ruled methods, which must not block). A refusal that says why has a
// Message() msg.Msg, which the page is told.
//
// Without one (a real table, with real people), the page's presses are
// the buttons' and seat pads' own, taps are refused, and what the page
// shows is what the table asked of the OLED and the LEDs.
type Person interface {
	Lay(ctx context.Context, pad, cards string) error
	Lift(pad string) error
	Press(ctx context.Context, b button.Name) error
	PressSeat(ctx context.Context, seat int) error
	ReaderRuled(pad string, ev mfrc522.Event)
	ButtonRuled(ev button.Event)
	SeatRuled(ev seatpad.Event)
	OLED() image.Image
	LEDs() map[string]bool
}

// Resolver says which card a tag is: the deck registry, then the card code
// written on the tag. *registry.Resolver implements it.
type Resolver interface {
	Resolve(ctx context.Context, uid []byte, data []byte, read registry.ReadFunc) (registry.Resolved, error)
}

// Devices is what the table is built from. Play is required; the others may
// be nil (not fitted).
type Devices struct {
	Play     Reader
	Draw     Reader // optional draw pad
	Display  Display
	LEDs     LEDs
	Buzzer   Buzzer
	Buttons  <-chan button.Event  // the sender closes it
	Seats    SeatPads             // optional
	SeatEvs  <-chan seatpad.Event // presses of the seat pads
	Resolver Resolver             // default: the card code on the tag only
	Clock    clock.Clock          // default: clock.System
	// Loops run beside Run until it returns (the display's drawing, the
	// buttons' and seat pads' polling). Optional.
	Loops []func(ctx context.Context) error
	// Halt is called last by Run when it returns, for devices the table
	// does not know (buses, line handles). Optional.
	Halt func() error
	// Parts are the optional parts switched on in the pin map, found or
	// absent (board.Open says); the table marks one that stops answering.
	Parts board.Parts
	// Person plays a simulated table from the page. Optional.
	Person Person
}

// The drivers are the devices.
var (
	_ Reader   = (*mfrc522.Dev)(nil)
	_ Display  = (*screen.Display)(nil)
	_ LEDs     = (*led.Dev)(nil)
	_ Buzzer   = (*buzzer.Dev)(nil)
	_ SeatPads = (*seatpad.Dev)(nil)
	_ Resolver = (*registry.Resolver)(nil)
)
