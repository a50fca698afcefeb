package board

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/unoref/unoref/drivers/button"
	"github.com/unoref/unoref/drivers/buzzer"
	"github.com/unoref/unoref/drivers/clock"
	"github.com/unoref/unoref/drivers/led"
	"github.com/unoref/unoref/drivers/mfrc522"
	"github.com/unoref/unoref/drivers/oled"
	"github.com/unoref/unoref/drivers/seatpad"
	"github.com/unoref/unoref/hardware"
)

// ErrNoAnswer means a reader's VersionReg read 0x00 or 0xFF: no chip on
// that chip select, or one that is not powered.
var ErrNoAnswer = errors.New("board: no answer")

// Board is the open devices of a pin map. Optional devices not switched on
// or not found are nil; Parts says which.
type Board struct {
	Play    *mfrc522.Dev
	Draw    *mfrc522.Dev // the optional draw pad
	Panel   *oled.Dev    // the OLED chip; the daemon draws its screens on it
	LEDs    *led.Dev
	Buzzer  *buzzer.Dev          // nil: not wired
	Buttons <-chan button.Event  // nil: no buttons; the sender closes it
	Seats   *seatpad.Dev         // the optional seat pads
	SeatEvs <-chan seatpad.Event // presses of the seat pads
	Clock   clock.Clock
	// Parts are the optional parts switched on in the pin map, found or
	// absent.
	Parts Parts
	// Loops must run while the board is used (the display's drawing, the
	// buttons' and seat pads' polling).
	Loops []Loop

	closers []func() error
}

// Selection selects what OpenOnly opens.
type Selection uint

// The devices of a board.
const (
	Readers  Selection = 1 << iota // the RC522s and their reset line
	Display                        // the OLED
	LEDs                           // the panel LEDs
	Buzzer                         // the buzzer
	Buttons                        // the panel buttons
	SeatPads                       // the optional seat pads

	All = Readers | Display | LEDs | Buzzer | Buttons | SeatPads
)

// Open opens every device of pin map pm on h, one opener per device. On an
// error, what was opened is closed again, last first.
func Open(pm *hardware.PinMap, h *Host) (*Board, error) { return OpenOnly(pm, h, All) }

// OpenOnly opens the devices of pm selected by which, as Open does:
// enroll and tag open the readers, then the OLED and buzzer if they answer.
func OpenOnly(pm *hardware.PinMap, h *Host, which Selection) (*Board, error) {
	if err := pm.Validate(); err != nil {
		return nil, fmt.Errorf("board: %w", err)
	}
	b := &Board{Clock: h.Clock}
	if b.Clock == nil {
		b.Clock = clock.System
	}
	steps := []struct {
		d    Selection
		open func(*hardware.PinMap, *Host) error
	}{
		{Readers, b.openReset}, {Readers, b.openReaders}, {Display | SeatPads, b.openI2C(which)},
		{LEDs, b.openLEDs}, {Buzzer, b.openBuzzer}, {Buttons, b.openButtons},
	}
	for _, s := range steps {
		if which&s.d == 0 {
			continue
		}
		if err := s.open(pm, h); err != nil {
			b.Halt()
			return nil, err
		}
	}
	return b, nil
}

// partError says which part failed to open, on which header pins, and
// where to look next: unoref doctor names the wire or the setting. A
// person reading the log can act on it without knowing the drivers.
func partError(part, pins string, err error) error {
	return fmt.Errorf("board: %s on %s: %w; run unoref doctor, it says which wire or setting to fix", part, pins, err)
}

// onPins names the header pins of GPIO lines: "GPIO 25 (pin 22)".
func onPins(ps ...hardware.Pin) string {
	var g, ph []string
	for _, p := range ps {
		g = append(g, strconv.Itoa(int(p)))
		ph = append(ph, strconv.Itoa(hardware.PhysOf(int(p))))
	}
	if len(ps) == 1 {
		return "GPIO " + g[0] + " (pin " + ph[0] + ")"
	}
	return "GPIO " + strings.Join(g, ", ") + " (pins " + strings.Join(ph, ", ") + ")"
}

// onClose registers what Halt undoes, in the order opened.
func (b *Board) onClose(f ...func() error) { b.closers = append(b.closers, f...) }

// Halt halts the devices and closes the buses and lines, last opened
// first. It is safe to call twice.
func (b *Board) Halt() error {
	var errs []error
	for i := len(b.closers) - 1; i >= 0; i-- {
		errs = append(errs, b.closers[i]())
	}
	b.closers = nil
	return errors.Join(errs...)
}

// addLoop adds a device loop, for the board's user to run (Board.Loops).
func (b *Board) addLoop(l Loop) { b.Loops = append(b.Loops, l) }
