package hardware

import (
	"fmt"
	"strings"
)

// Step is a step of the assembly guide (README.md, "Assembly, one part at
// a time"): the order in which a builder fits the parts, one at a time,
// with a test after each. unoref doctor --step N checks the parts of steps
// 1 to N and calls the others not fitted yet.
type Step int

// The guide's steps, in its order.
const (
	StepPi Step = iota + 1
	StepOLED
	StepPlayReader
	StepLEDs
	StepBuzzer
	StepButtons
	StepDrawReader
	StepSeatPads
	StepBox
	StepStickers

	LastStep = StepStickers
)

// stepTitles are the steps' titles as README.md writes them.
var stepTitles = [...]string{
	StepPi: "The Pi", StepOLED: "The OLED", StepPlayReader: "The play pad reader",
	StepLEDs: "The LEDs", StepBuzzer: "The buzzer", StepButtons: "The buttons",
	StepDrawReader: "Optional, the draw pad reader", StepSeatPads: "Optional, the seat pads",
	StepBox: "Into the box", StepStickers: "Stickers and enrolment",
}

// Title is the step's title in the guide: "The OLED".
func (s Step) Title() string {
	if s < StepPi || s > LastStep {
		return fmt.Sprintf("Step(%d)", int(s))
	}
	return stepTitles[s]
}

// StepOf is the step of the guide that fits the part on pin map key
// ("leds.uno", "nfc.rst", "nfc.draw", "oled.addr", "seatpads.int"), or
// StepPi for the buses the Pi brings (nfc.spi, oled.bus).
func StepOf(key string) Step {
	switch group, _, _ := strings.Cut(key, "."); {
	case key == "nfc.spi" || key == "oled.bus":
		return StepPi
	case strings.HasPrefix(key, "nfc.draw"):
		return StepDrawReader
	case group == "nfc":
		return StepPlayReader
	case group == "oled":
		return StepOLED
	case group == "leds":
		return StepLEDs
	case group == "buzzer":
		return StepBuzzer
	case group == "buttons":
		return StepButtons
	case group == "seatpads":
		return StepSeatPads
	}
	return StepPi
}
