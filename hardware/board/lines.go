package board

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/unoref/unoref/drivers/button"
	"github.com/unoref/unoref/drivers/buzzer"
	"github.com/unoref/unoref/drivers/gpioline"
	"github.com/unoref/unoref/drivers/led"
	"github.com/unoref/unoref/hardware"
)

// output requests pin as an output; NoPin gives nil.
func (b *Board) output(pm *hardware.PinMap, h *Host, p hardware.Pin, activeLow bool) (gpioline.OutputCloser, error) {
	if p == hardware.NoPin {
		return nil, nil
	}
	o, err := h.Output(pm.GPIO.Chip, int(p), activeLow)
	if err != nil {
		return nil, err
	}
	b.onClose(o.Close)
	return o, nil
}

// LEDPins are the pin map's LED lines by the led driver's names.
func LEDPins(pm *hardware.PinMap) map[led.LED]hardware.Pin {
	l := pm.LEDs
	return map[led.LED]hardware.Pin{
		led.DirCW: l.DirCW, led.DirCCW: l.DirCCW, led.Legal: l.Legal, led.Illegal: l.Illegal, led.UNO: l.UNO,
		led.Red: l.Red, led.Yellow: l.Yellow, led.Green: l.Green, led.Blue: l.Blue,
	}
}

// ButtonPins are the pin map's button lines by the button driver's names.
func ButtonPins(pm *hardware.PinMap) map[button.Name]hardware.Pin {
	p := pm.Buttons
	return map[button.Name]hardware.Pin{
		button.UNO: p.UNO, button.Draw: p.Draw, button.Pass: p.Pass, button.Challenge: p.Challenge,
		button.Red: p.Red, button.Yellow: p.Yellow, button.Green: p.Green, button.Blue: p.Blue,
	}
}

// signalOf is what the pin map's line p carries: "LED legal (green)".
func signalOf(pm *hardware.PinMap, p hardware.Pin) string {
	for _, u := range pm.Pins() {
		if u.Pin == p {
			return u.Signal
		}
	}
	return fmt.Sprintf("GPIO %d", p)
}

// openLEDs requests the LED lines and sets up the LED bank.
func (b *Board) openLEDs(pm *hardware.PinMap, h *Host) error {
	lines := map[led.LED]gpioline.Output{}
	for l, p := range LEDPins(pm) {
		o, err := b.output(pm, h, p, pm.LEDs.ActiveLow)
		if err != nil {
			return partError("the "+signalOf(pm, p), onPins(p), err)
		}
		if o != nil {
			lines[l] = o
		}
	}
	leds, err := led.New(lines, &led.Opts{Clock: b.Clock})
	if err != nil {
		return fmt.Errorf("board: %w", err)
	}
	b.LEDs = leds
	b.onClose(leds.Halt)
	return nil
}

// openBuzzer requests the buzzer's line and sets up the buzzer.
func (b *Board) openBuzzer(pm *hardware.PinMap, h *Host) error {
	o, err := b.output(pm, h, pm.Buzzer.Pin, pm.Buzzer.ActiveLow)
	if err != nil || o == nil {
		if err != nil {
			return partError("the "+signalOf(pm, pm.Buzzer.Pin), onPins(pm.Buzzer.Pin), err)
		}
		return nil
	}
	bz, err := buzzer.New(o, &buzzer.Opts{Clock: b.Clock})
	if err != nil {
		return fmt.Errorf("board: %w", err)
	}
	b.Buzzer = bz
	b.onClose(bz.Halt)
	return nil
}

// openButtons requests the button lines and sets up their debouncing loop.
func (b *Board) openButtons(pm *hardware.PinMap, h *Host) error {
	names := map[int]button.Name{}
	for n, p := range ButtonPins(pm) {
		if p != hardware.NoPin {
			names[int(p)] = n
		}
	}
	if len(names) == 0 {
		return nil
	}
	offs := make([]int, 0, len(names))
	for o := range names {
		offs = append(offs, o)
	}
	sort.Ints(offs)
	in, err := h.Inputs(pm.GPIO.Chip, offs)
	if err != nil {
		pins := make([]hardware.Pin, len(offs))
		for i, o := range offs {
			pins[i] = hardware.Pin(o)
		}
		return partError("the buttons", onPins(pins...), err)
	}
	b.onClose(in.Close)
	bd, err := button.New(names, &button.Opts{Clock: b.Clock, LongPress: LongPress})
	if err != nil {
		return fmt.Errorf("board: %w", err)
	}
	ch := make(chan button.Event, 16)
	b.Buttons = ch
	b.addLoop(func(ctx context.Context) error { return bd.Run(ctx, in, ch) })
	return nil
}

// LongPress is how long a button is held for its second meaning: a long
// press of OK says and shows the rules in force.
const LongPress = 2 * time.Second
