package doctor

import (
	"fmt"
	"image"
	"io/fs"
	"strings"
	"time"

	"periph.io/x/devices/v3/ssd1306/image1bit"

	"github.com/unoref/unoref/drivers/oled"
	"github.com/unoref/unoref/hardware"
)

// The walk waits for the person: each wait polls every walkPoll, for at
// most walkWait.
const (
	walkPoll = 20 * time.Millisecond
	walkWait = 15 * time.Second
)

// walk walks the build with a person (Options.Walk): the serial console,
// each button, each LED and the buzzer, each seat LED, each reader.
func (d *doctor) walk() {
	if !d.opts.Walk {
		return
	}
	if d.opts.Say == nil {
		d.opts.Say = func(string) {}
	}
	for _, step := range []func(){d.serialConsole, d.walkButtons, d.walkOutputs, d.walkOLED, d.walkSeats, d.walkReaders} {
		if d.ctx.Err() != nil {
			return
		}
		step()
	}
}

// say tells the person what to do.
func (d *doctor) say(format string, a ...any) { d.opts.Say(fmt.Sprintf(format, a...)) }

// consoles are the kernel consoles on the header's UART (GPIO 14/15).
var consoles = []string{"console=serial0", "console=ttyAMA0", "console=ttyS0"}

// serialConsole checks that the kernel's serial console left GPIO 14/15
// (TXD, RXD) to the LEDs: in the boot command line for the next boot, and
// in /proc/cmdline for this one.
func (d *doctor) serialConsole() {
	c := Check{Name: "serial console", Pins: []int{8, 10}}
	boot, bootFile := d.readFirst("boot/firmware/cmdline.txt", "boot/cmdline.txt")
	now, _ := d.readFirst("proc/cmdline")
	onBoot, onNow := serialOn(boot), serialOn(now)
	switch {
	case onBoot != "":
		c.Status = Problem
		c.Message = fmt.Sprintf("the serial console uses GPIO 14 and 15 (pins 8 and 10, the green and blue colour LEDs): remove %s from /%s (or sudo raspi-config: Interface Options, Serial Port, no login shell) and reboot", onBoot, bootFile)
	case onNow != "":
		c.Status = Problem
		c.Message = fmt.Sprintf("the serial console is gone from /%s, but the Pi still runs with %s: reboot", bootFile, onNow)
	default:
		c.Status, c.Message = OK, "the serial console is off: GPIO 14 and 15 are free for the LEDs"
	}
	d.add(c)
}

// readFirst returns the first of files that can be read, and its name.
func (d *doctor) readFirst(files ...string) (string, string) {
	for _, f := range files {
		if b, err := fs.ReadFile(d.env.Files, f); err == nil {
			return string(b), f
		}
	}
	return "", files[0]
}

// serialOn returns the serial console option of a kernel command line.
func serialOn(cmdline string) string {
	for _, f := range strings.Fields(cmdline) {
		for _, c := range consoles {
			if strings.HasPrefix(f, c) {
				return f
			}
		}
	}
	return ""
}

// walkButtons asks for each button in turn and watches every button line:
// the one that goes low must be the button's (else its wire is on another
// button's pin).
func (d *doctor) walkButtons() {
	for _, l := range d.gpioLines() {
		if !strings.HasPrefix(l.key, "buttons.") || !d.fitted(l.key) {
			continue
		}
		c := Check{Name: "press " + l.name, Pins: []int{l.phys}}
		if in, ok := d.inputs[l.key]; !ok {
			c.Status, c.Message = Skipped, "not walked: its line could not be requested"
		} else if v, err := in.Value(); err != nil || v == 0 {
			c.Status, c.Message = Skipped, "not walked: it reads pressed at rest (see above)"
		} else {
			high := d.highLines()
			d.say("press %s (%s) once", l.name, l.where())
			c.Status, c.Message = d.judgePress(l, d.awaitPress(high))
		}
		d.add(c)
	}
}

// judgePress says whether the line that went low is button l's.
func (d *doctor) judgePress(l line, got string) (Status, string) {
	switch got {
	case l.key:
		return OK, fmt.Sprintf("pressed: %s went low, as it should", l.where())
	case "":
		return Problem, fmt.Sprintf("no press seen on %s: check the button's wire to pin %d and its other leg to GND", l.where(), l.phys)
	}
	other := d.lineOf(got)
	return Problem, fmt.Sprintf("you pressed %s, but %s (%s) went low: the button's wire is on pin %d, not pin %d; move it, or swap the two in the pin map", l.name, other.where(), other.name, other.phys, l.phys)
}

// lineOf is the pin map line of key.
func (d *doctor) lineOf(key string) line {
	for _, l := range d.gpioLines() {
		if l.key == key {
			return l
		}
	}
	return line{key: key, name: key}
}

// highLines are the button lines that read high (released) now.
func (d *doctor) highLines() map[string]bool {
	high := map[string]bool{}
	for k, in := range d.inputs {
		if v, err := in.Value(); err == nil && v == 1 {
			high[k] = true
		}
	}
	return high
}

// awaitPress polls the button lines that were high until one reads low,
// and then until it is released; it returns that line's key, "" if none.
func (d *doctor) awaitPress(high map[string]bool) string {
	for range int(walkWait / walkPoll) {
		for k := range high {
			if v, err := d.inputs[k].Value(); err == nil && v == 0 {
				d.awaitLevel(k, 1)
				return k
			}
		}
		if d.ctx.Err() != nil {
			return ""
		}
		d.env.Sleep(walkPoll)
	}
	return ""
}

// awaitLevel polls line key until it reads v, at most walkWait.
func (d *doctor) awaitLevel(key string, v int) {
	for range int(walkWait / walkPoll) {
		if got, err := d.inputs[key].Value(); err != nil || got == v || d.ctx.Err() != nil {
			return
		}
		d.env.Sleep(walkPoll)
	}
}

// ask asks a yes/no question; without Ask nobody answers: no.
func (d *doctor) ask(q string) (answered, yes bool) {
	if d.opts.Ask == nil {
		return false, false
	}
	return true, d.opts.Ask(q)
}

// walkOutputs lights each LED and sounds the buzzer in turn and asks the
// person whether they saw or heard it.
func (d *doctor) walkOutputs() {
	for _, l := range d.gpioLines() {
		out, ok := d.lines[l.key]
		if !ok || !(strings.HasPrefix(l.key, "leds.") || l.key == "buzzer.pin") || !d.fitted(l.key) {
			continue
		}
		name, q, fix, sense := "see "+l.name, fmt.Sprintf("Is the %s (%s) lit?", l.name, l.where()), "check its resistor, its polarity (long leg towards the GPIO, short leg to GND) and its GND", seen
		if l.key == "buzzer.pin" {
			name, q, fix, sense = "hear "+l.name, fmt.Sprintf("Do you hear the buzzer (%s)?", l.where()), fmt.Sprintf("check the %s's legs (C, B, E from its flat face: hardware/circuits/transistors.svg), the 1 kΩ base resistor, the diode's direction and the buzzer's + at 5 V", hardware.NPN), heard
		}
		d.add(d.askLit(name, q, fix, sense, []int{l.phys}, out.SetValue))
	}
}

// How the person perceives an output: the words of askLit's verdict.
type sense struct{ yes, no string }

var (
	seen  = sense{"seen by you", "you did not see it: "}
	heard = sense{"heard by you", "you did not hear it: "}
)

// askLit switches an output on, asks q, and switches it off.
func (d *doctor) askLit(name, q, fix string, by sense, pins []int, set func(int) error) Check {
	c := Check{Name: name, Pins: pins}
	if err := set(1); err != nil {
		c.Status, c.Message, c.Detail = Problem, "it cannot be switched on", err.Error()
		return c
	}
	answered, yes := d.ask(q)
	if err := set(0); err != nil {
		c.Detail = err.Error()
	}
	switch {
	case !answered:
		c.Status, c.Message = Skipped, "not asked: nobody to answer"
	case yes:
		c.Status, c.Message = OK, by.yes
	default:
		c.Status, c.Message = Problem, by.no+fix
	}
	return c
}

// walkOLED shows a test pattern on the OLED, a frame along its four edges,
// and asks whether it is whole: the one sign of a wrong oled.chip (an
// SH1106 driven as an SSD1306 shows it 2 pixels to the left, its left edge
// gone and dots along the right; an SSD1306 driven as an SH1106 stays
// dark).
func (d *doctor) walkOLED() {
	if d.display == nil {
		return
	}
	c := Check{Name: "see the OLED's test pattern", Pins: d.i2cPins()}
	if err := d.display.Draw(oled.Bounds, testPattern(), image.Point{}); err != nil {
		c.Status, c.Message, c.Detail = Problem, "the test pattern cannot be drawn", err.Error()
		d.add(c)
		return
	}
	answered, yes := d.ask("Does the OLED show a frame along all four edges, and nothing outside it?")
	other := hardware.ChipSH1106
	if oledChip(d.pm) == hardware.ChipSH1106 {
		other = hardware.ChipSSD1306
	}
	switch {
	case !answered:
		c.Status, c.Message = Skipped, "not asked: nobody to answer"
	case yes:
		c.Status, c.Message = OK, "seen by you: oled.chip = \""+oledChip(d.pm)+"\" fits this module"
	default:
		c.Status = Problem
		c.Message = fmt.Sprintf("you did not see the whole frame: set oled.chip = %q in the pin map (it says %q) and run unoref doctor --walk again; a frame missing its left edge with dots along the right means an SH1106 (1.3\" modules), a dark screen an SSD1306; if neither fits, check the OLED's wires", other, oledChip(d.pm))
	}
	d.add(c)
}

// testPattern is a one-pixel frame along the OLED's four edges.
func testPattern() image.Image {
	img := image1bit.NewVerticalLSB(oled.Bounds)
	r := oled.Bounds
	for x := r.Min.X; x < r.Max.X; x++ {
		img.SetBit(x, r.Min.Y, image1bit.On)
		img.SetBit(x, r.Max.Y-1, image1bit.On)
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		img.SetBit(r.Min.X, y, image1bit.On)
		img.SetBit(r.Max.X-1, y, image1bit.On)
	}
	return img
}

// walkSeats lights each seat's LED in turn.
func (d *doctor) walkSeats() {
	if d.seats == nil {
		return
	}
	for seat := range d.seatCount {
		set := func(v int) error {
			if v == 0 {
				return d.seats.Light(-1)
			}
			return d.seats.Light(seat)
		}
		d.add(d.askLit(fmt.Sprintf("see seat %d LED", seat+1), fmt.Sprintf("Is the LED of seat %d lit?", seat+1),
			"check the seat cable, the LED's resistor and its polarity on the MCP23017", seen, nil, set))
	}
}

// walkReaders asks for a card on each reader that started and waits for
// it.
func (d *doctor) walkReaders() {
	for _, r := range d.readersOK {
		d.say("tap a card on the %s and hold it there", r.pad)
		c := Check{Name: "tap on " + r.pad}
		if uid := d.awaitTag(r); uid != "" {
			c.Status, c.Message = OK, fmt.Sprintf("read a card (UID %s)", uid)
		} else {
			c.Status, c.Message = Problem, fmt.Sprintf("no card seen on the %s: hold the card flat on the tap spot; mount the reader under at most 3 mm of wood or plastic, away from metal and at least 20 cm from the other reader", r.pad)
		}
		d.add(c)
		d.say("take the card off the %s", r.pad)
	}
}

// awaitTag polls a reader until a tag answers; "" if none came.
func (d *doctor) awaitTag(r startedPad) string {
	for range int(walkWait / walkPoll) {
		if tags, err := r.dev.Detect(); err == nil && len(tags) > 0 {
			return tags[0].UID.String()
		}
		if d.ctx.Err() != nil {
			return ""
		}
		d.env.Sleep(walkPoll)
	}
	return ""
}
