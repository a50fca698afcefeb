package doctor

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/warthog618/go-gpiocdev"
	"periph.io/x/conn/v3/i2c"

	"github.com/unoref/unoref/drivers/gpioline"
	"github.com/unoref/unoref/drivers/oled"
	"github.com/unoref/unoref/drivers/seatpad"
	"github.com/unoref/unoref/hardware"
	"github.com/unoref/unoref/hardware/board"
)

// Header GPIOs of the buses (BCM numbers).
const (
	gpioSDA  = 2
	gpioSCL  = 3
	gpioMISO = 9
	gpioMOSI = 10
	gpioSCLK = 11
)

// Settling times. The RC522 needs its oscillator running after NRSTPD goes
// high (datasheet §8.8.2: start-up of the crystal plus 37.74 µs); a button
// line's internal pull-up (about 50 kΩ) charges the wire in microseconds.
const (
	resetSettle  = 50 * time.Millisecond
	pullUpSettle = time.Millisecond
	blinkOn      = 600 * time.Millisecond
	blinkOff     = 200 * time.Millisecond
	beep         = 300 * time.Millisecond
)

// pinOf names BCM GPIO bcm the way the messages do: "pin 21, GPIO9".
func pinOf(bcm int) string { return fmt.Sprintf("pin %d, GPIO%d", hardware.PhysOf(bcm), bcm) }

// The 3.3 V pins the messages point at, as the drawings wire them
// (hardware/circuits/rail.svg): the readers' beside the SPI pins, the OLED's
// and the seat pads' beside I²C.
const (
	power3V3 = hardware.ReaderPower
	i2c3V3   = hardware.I2CPower
)

// pinMap loads and validates the pin map; the other checks need it.
func (d *doctor) pinMap() bool {
	var err error
	switch {
	case d.opts.Map != nil:
		d.pm = d.opts.Map
	case d.opts.PinMap == "":
		d.pm = hardware.Default()
	default:
		d.pm, err = hardware.LoadFile(d.opts.PinMap)
	}
	if err == nil {
		err = d.pm.Validate()
	}
	if err != nil {
		c := Check{Name: "pin map", Status: Problem}
		var keys []string
		var msgs []string
		for _, he := range hardwareErrors(err) {
			keys = append(keys, he.Key)
			msgs = append(msgs, he.Key+": "+he.Msg)
		}
		switch {
		case len(keys) > 0:
			c.Message = fmt.Sprintf("the pin map is not valid: fix %s; the other checks need a valid pin map", strings.Join(keys, ", "))
			c.Detail = strings.Join(msgs, "; ")
		case errors.Is(err, fs.ErrNotExist):
			c.Message = fmt.Sprintf("no pin map file %s: give the path of an existing file, or leave --pinmap out for the reference build", d.opts.PinMap)
			c.Detail = err.Error()
		default:
			c.Message = "the pin map cannot be read: it must be TOML like hardware/pinmap.toml"
			c.Detail = err.Error()
		}
		d.add(c)
		return false
	}
	d.add(Check{Name: "pin map", Status: OK, Message: fmt.Sprintf("valid: %d signals on the header (see hardware/WIRING.md)%s", len(d.pm.Signals()), optionalInWords(d.pm))})
	return true
}

// optionalInWords says which optional parts the pin map switches on.
func optionalInWords(pm *hardware.PinMap) string {
	var on []string
	if pm.NFC.Draw != nil {
		on = append(on, "the draw-pad reader")
	}
	if pm.SeatPads.Seats > 0 {
		on = append(on, fmt.Sprintf("%d seat pads", pm.SeatPads.Seats))
	}
	if len(on) == 0 {
		return "; the minimal build, no optional part switched on"
	}
	return "; optional parts switched on: " + strings.Join(on, " and ")
}

// modelFiles are where Linux shows the board's name from the device tree.
var modelFiles = []string{"proc/device-tree/model", "sys/firmware/devicetree/base/model"}

// machine checks that this is a Raspberry Pi: elsewhere the other checks
// would only say that SPI is off.
func (d *doctor) machine() bool {
	var model string
	for _, f := range modelFiles {
		if b, err := fs.ReadFile(d.env.Files, f); err == nil {
			model = strings.TrimRight(string(b), "\x00\n ")
			break
		}
	}
	if strings.Contains(model, "Raspberry Pi") {
		d.add(Check{Name: "Raspberry Pi", Status: OK, Message: model})
		return true
	}
	c := Check{Name: "Raspberry Pi", Status: Problem,
		Message: "this is not a Raspberry Pi: unoref doctor checks the wiring on the Pi of the box; here, try the virtual table with unoref run --sim"}
	if model != "" {
		c.Detail = "device tree model: " + model
	} else {
		c.Detail = "no device tree model in /" + strings.Join(modelFiles, " or /")
	}
	d.add(c)
	return false
}

// hardwareErrors collects the *hardware.Error of every joined error in err.
func hardwareErrors(err error) []*hardware.Error {
	var out []*hardware.Error
	var walk func(error)
	walk = func(e error) {
		switch x := e.(type) {
		case nil:
		case *hardware.Error:
			out = append(out, x)
		case interface{ Unwrap() []error }:
			for _, sub := range x.Unwrap() {
				walk(sub)
			}
		default:
			walk(errors.Unwrap(x))
		}
	}
	walk(err)
	return out
}

// i2cDevices checks the OLED and the seat pads on one open bus.
func (d *doctor) i2cDevices() {
	names := []string{"OLED"}
	if d.pm.SeatPads.Seats > 0 {
		names = append(names, "seat pads")
	}
	skip := func(why string) {
		for _, n := range names {
			d.add(Check{Name: n, Status: Skipped, Message: why})
		}
	}
	if d.i2cOff {
		skip("not checked: I²C is off")
		return
	}
	bus, err := d.env.OpenI2C(board.I2CBus(d.pm.OLED.Bus))
	if err != nil {
		d.add(Check{Name: "I²C bus", Status: Problem, Message: fmt.Sprintf("%s cannot be opened: run unoref doctor as root or add the user to the i2c group", i2cDev(d.pm.OLED.Bus)), Detail: err.Error()})
		skip("not checked: the I²C bus cannot be opened")
		return
	}
	d.closer = append(d.closer, bus.Close)
	if d.fitted("oled") {
		d.oled(bus)
	} else {
		d.add(notYet("OLED", "oled"))
	}
	switch {
	case d.pm.SeatPads.Seats == 0:
	case d.fitted("seatpads"):
		d.seatPads(bus)
	default:
		d.add(notYet("seat pads", "seatpads"))
	}
}

// buses checks that SPI and I²C are switched on: their device files exist.
func (d *doctor) buses() {
	ces := []int{d.pm.NFC.Play.CE}
	if d.pm.NFC.Draw != nil {
		ces = append(ces, d.pm.NFC.Draw.CE)
	}
	d.spiOff = map[int]bool{}
	var have, missing []string
	for _, ce := range ces {
		dev := board.SPIDev(ce)
		if err := d.stat(dev); err != nil {
			d.spiOff[ce] = true
			missing = append(missing, dev)
		} else {
			have = append(have, dev)
		}
	}
	spiPins := []int{hardware.PhysOf(gpioMOSI), hardware.PhysOf(gpioMISO), hardware.PhysOf(gpioSCLK)}
	switch {
	case len(missing) == 0:
		d.add(Check{Name: "SPI", Status: OK, Message: "SPI0 is on: " + strings.Join(have, ", ")})
	case len(have) == 0:
		d.add(Check{Name: "SPI", Status: Problem, Pins: spiPins,
			Message: "SPI is off: add dtparam=spi=on to config.txt (firmware/config.txt) and reboot",
			Detail:  "missing " + strings.Join(missing, ", ")})
	default:
		d.add(Check{Name: "SPI", Status: Problem, Pins: spiPins,
			Message: fmt.Sprintf("SPI0 is on but %s is missing: use dtparam=spi=on alone, without a spi0-1cs overlay, so both chip selects exist", strings.Join(missing, ", "))})
	}
	dev := i2cDev(d.pm.OLED.Bus)
	i2cPins := []int{hardware.PhysOf(gpioSDA), hardware.PhysOf(gpioSCL)}
	if err := d.stat(dev); err != nil {
		d.i2cOff = true
		d.add(Check{Name: "I²C", Status: Problem, Pins: i2cPins,
			Message: fmt.Sprintf("I²C is off (no %s): add dtparam=i2c_arm=on to config.txt (firmware/config.txt), load the i2c-dev module and reboot", dev)})
		return
	}
	d.add(Check{Name: "I²C", Status: OK, Message: "I2C1 is on: " + dev})
}

// i2cDev is the device file of the pin map's bus: "i2c1" is /dev/i2c-1.
func i2cDev(bus string) string { return "/dev/i2c-" + strings.TrimPrefix(bus, "i2c") }

// oledNOP is one SSD1306 command: control byte 0x00 (Co = 0, D/C# = 0,
// datasheet rev 1.1 §8.1.5.2) and NOP (0xE3, table 9-1).
var oledNOP = []byte{0x00, 0xE3}

// oled checks that the SSD1306 acknowledges its address, then sets it up
// with the driver as the daemon does.
func (d *doctor) oled(bus i2c.Bus) {
	addr := uint16(d.pm.OLED.Addr)
	pins := []int{hardware.PhysOf(gpioSDA), hardware.PhysOf(gpioSCL), i2c3V3}
	bad := fmt.Sprintf("check SDA (%s), SCL (%s), VCC 3.3 V (pin %d) and GND", pinOf(gpioSDA), pinOf(gpioSCL), i2c3V3)
	if err := bus.Tx(addr, oledNOP, nil); err != nil {
		c := Check{Name: "OLED", Status: Problem, Pins: pins, Detail: err.Error()}
		other := 0x3C + 0x3D - addr
		switch {
		case other == 0x3C && bus.Tx(other, oledNOP, nil) == nil:
			c.Message = fmt.Sprintf("no OLED at 0x%02X on I²C1, but a device answers at 0x3C: set oled.addr = 0x3C in the pin map", addr)
		case bus.Tx(other, oledNOP, nil) == nil:
			c.Message = fmt.Sprintf("no OLED at 0x%02X on I²C1 (SDA %s, SCL %s), but a device answers at 0x%02X: move the module's address jumper (SA0) to 0x%02X, or set oled.addr = 0x%02X in the pin map", addr, pinOf(gpioSDA), pinOf(gpioSCL), other, addr, other)
		default:
			c.Message = fmt.Sprintf("no OLED at 0x%02X on I²C1: %s; some modules are at 0x%02X", addr, bad, other)
		}
		d.add(c)
		return
	}
	o, err := board.OLEDOpts(d.pm.OLED)
	if err != nil {
		d.add(Check{Name: "OLED", Status: Problem, Message: fmt.Sprintf("the OLED acknowledges at 0x%02X, but this unoref cannot drive an %s yet: use an SSD1306 module, or update unoref", addr, strings.ToUpper(d.pm.OLED.Chip)), Detail: err.Error()})
		return
	}
	disp, err := oled.NewI2C(bus, o)
	if err != nil {
		d.add(Check{Name: "OLED", Status: Problem, Pins: pins, Message: fmt.Sprintf("the OLED acknowledges at 0x%02X but its set-up failed: %s", addr, bad), Detail: err.Error()})
		return
	}
	if d.opts.Walk {
		d.display = disp
		d.closer = append(d.closer, disp.Halt)
	} else {
		disp.Halt()
	}
	d.add(Check{Name: "OLED", Status: OK, Message: fmt.Sprintf("a module acknowledges at 0x%02X on I²C1 and takes the %s set-up of oled.chip; an SSD1306 and an SH1106 answer alike: unoref doctor --walk shows a test pattern to tell them apart", addr, strings.ToUpper(oledChip(d.pm)))})
}

// oledChip is the pin map's oled.chip, its default filled in.
func oledChip(pm *hardware.PinMap) string {
	if pm.OLED.Chip == "" {
		return hardware.ChipSSD1306
	}
	return pm.OLED.Chip
}

// seatPads checks that every MCP23017 the seats need answers, then sets
// them up with the driver. Seat pads are optional: none answering is SKIP;
// some answering is said, with the seats left without pads.
func (d *doctor) seatPads(bus i2c.Bus) {
	sp := d.pm.SeatPads
	need := (sp.Seats + seatpad.SeatsPerChip - 1) / seatpad.SeatsPerChip
	var found []uint16
	var missing, detail []string
	for _, a := range sp.Addrs[:need] {
		if err := board.ExpanderAnswers(bus, uint16(a)); err != nil {
			missing = append(missing, fmt.Sprintf("0x%02X", a))
			detail = append(detail, fmt.Sprintf("0x%02X: A2 A1 A0 (chip pins 17 16 15) to %s; %v", a, strapping(a), err))
		} else if len(missing) == 0 {
			found = append(found, uint16(a))
		}
	}
	switch {
	case len(found) == 0:
		d.add(Check{Name: "seat pads", Status: Skipped, Pins: d.i2cPins(),
			Message: fmt.Sprintf("no seat-pad expander (MCP23017) answers at %s on I²C1: fine if you did not fit seat pads (they are optional); if you did, %s", strings.Join(missing, ", "), expanderWires),
			Detail:  strings.Join(detail, "; ")})
	case len(missing) > 0:
		seats := len(found) * seatpad.SeatsPerChip
		d.add(Check{Name: "seat pads", Status: Warn, Pins: d.i2cPins(),
			Message: fmt.Sprintf("only %d MCP23017 answers (%s), none at %s: seats %d–%d have no pads; fit the missing expander, or set seatpads.seats = %d; %s", len(found), hexAddrs(found), strings.Join(missing, ", "), seats+1, sp.Seats, seats, expanderWires),
			Detail:  strings.Join(detail, "; ")})
		d.setUpSeats(bus, seats, found, false)
	default:
		d.setUpSeats(bus, sp.Seats, found, true)
	}
}

// expanderWires is where to look when an expander does not answer.
var expanderWires = fmt.Sprintf("check its SDA (chip pin 13) to header pin %d, SCL (chip pin 12) to header pin %d, VDD (9) and RESET (18) to 3.3 V, and its address pins", hardware.PhysOf(gpioSDA), hardware.PhysOf(gpioSCL))

func (d *doctor) i2cPins() []int {
	return []int{hardware.PhysOf(gpioSDA), hardware.PhysOf(gpioSCL), i2c3V3}
}

func hexAddrs(addrs []uint16) string {
	var as []string
	for _, a := range addrs {
		as = append(as, fmt.Sprintf("0x%02X", a))
	}
	return strings.Join(as, ", ")
}

// setUpSeats sets up seats pads on the expanders at addrs with the driver,
// and keeps them for the walk; report adds the OK line.
func (d *doctor) setUpSeats(bus i2c.Bus, seats int, addrs []uint16, report bool) {
	dev, err := seatpad.NewI2C(bus, &seatpad.Opts{Seats: seats, Addrs: addrs})
	if err != nil {
		d.add(Check{Name: "seat pads", Status: Problem, Pins: d.i2cPins(), Message: "the seat-pad expanders answer but their set-up failed", Detail: err.Error()})
		return
	}
	d.seats, d.seatCount = dev, seats
	d.closer = append(d.closer, dev.Halt)
	if report {
		d.add(Check{Name: "seat pads", Status: OK, Message: fmt.Sprintf("%d MCP23017 answer at %s for %d seats", len(addrs), hexAddrs(addrs), seats)})
	}
}

// strapping says where an MCP23017's A2, A1, A0 go for address a.
func strapping(a int) string {
	var s []string
	for bit := 2; bit >= 0; bit-- {
		if (a-0x20)>>bit&1 == 1 {
			s = append(s, "3.3 V")
		} else {
			s = append(s, "GND")
		}
	}
	return strings.Join(s, ", ")
}

// line is one GPIO of the pin map.
type line struct {
	key, name string
	bcm, phys int
}

func (l line) where() string { return fmt.Sprintf("GPIO%d, pin %d", l.bcm, l.phys) }

// gpioLines returns the pin map's GPIO signals (not the bus pins), grouped
// as the pin map file is: readers, seat pads, LEDs, buzzer, buttons.
func (d *doctor) gpioLines() []line {
	rank := map[string]int{"nfc": 0, "seatpads": 1, "leds": 2, "buzzer": 3, "buttons": 4}
	var ls []line
	for _, s := range d.pm.Signals() {
		switch s.Key {
		case "oled.bus", "nfc.spi", "nfc.play.ce", "nfc.draw.ce":
			continue
		}
		ls = append(ls, line{key: s.Key, name: s.Name, bcm: s.BCM, phys: s.Phys})
	}
	group := func(k string) int { return rank[strings.SplitN(k, ".", 2)[0]] }
	sort.SliceStable(ls, func(i, j int) bool { return group(ls[i].key) < group(ls[j].key) })
	return ls
}

// gpio checks the gpiochip, then requests every line of the pin map: the
// outputs inactive (RST high: the readers run), the buttons with their
// pull-ups, read at rest.
func (d *doctor) gpio() {
	chip := d.pm.GPIO.Chip
	ls := d.gpioLines()
	if err := d.env.Chip(chip); err != nil {
		c := Check{Name: "GPIO chip", Status: Problem, Detail: err.Error()}
		if permission(err) {
			c.Message = fmt.Sprintf("no permission to open /dev/%s: run unoref doctor as root or add the user to the gpio group", chip)
		} else {
			c.Message = fmt.Sprintf("no GPIO chip %s: set gpio.chip in the pin map to the chip of the header (gpiodetect lists them; pinctrl-…)", chip)
		}
		d.add(c)
		for _, l := range ls {
			d.add(Check{Name: l.name, Status: Skipped, Message: "not checked: no GPIO chip"})
		}
		return
	}
	d.chipOK = true
	d.add(Check{Name: "GPIO chip", Status: OK, Message: fmt.Sprintf("%s opens", chip)})
	reset := false
	for _, l := range ls {
		c := Check{Name: l.name, Pins: []int{l.phys}}
		var err error
		switch {
		case strings.HasPrefix(l.key, "buttons."):
			c.Status, c.Message, c.Detail = d.button(chip, l)
			d.add(c)
			continue
		case l.key == "nfc.irq" || l.key == "seatpads.int":
			var in board.Input
			if in, err = d.env.Input(chip, l.bcm, false); err == nil {
				d.closer = append(d.closer, in.Close)
			}
		default:
			activeLow := false
			switch {
			case strings.HasPrefix(l.key, "leds."):
				activeLow = d.pm.LEDs.ActiveLow
			case l.key == "buzzer.pin":
				activeLow = d.pm.Buzzer.ActiveLow
			}
			var out gpioline.OutputCloser
			if out, err = d.env.Output(chip, l.bcm, activeLow); err == nil {
				d.closer = append(d.closer, out.Close)
				d.lines[l.key] = out
				if l.key == "nfc.rst" {
					// NRSTPD high: the readers run.
					if err = out.SetValue(1); err == nil {
						reset = true
					}
				}
			}
		}
		if err != nil {
			c.Status, c.Message, c.Detail = Problem, lineProblem(chip, l, err), err.Error()
		} else {
			c.Status, c.Message = OK, fmt.Sprintf("%s is free", l.where())+d.comesAt(l.key)
		}
		if l.key == "buzzer.pin" && d.pm.Buzzer.ActiveLow && c.Status == OK {
			c.Status, c.Message = Warn, c.Message+"; "+activeLowBuzzer
		}
		d.add(c)
	}
	if reset {
		d.env.Sleep(resetSettle)
	}
}

// activeLowBuzzer is what a person must know about buzzer.active_low.
const activeLowBuzzer = "buzzer.active_low is on: power that buzzer stage from 3.3 V, never 5 V; at 5 V a 3.3 V GPIO cannot switch a PNP stage off, and it feeds current into the GPIO"

// comesAt says, for a line whose part the guide has not fitted yet, at
// which step it comes.
func (d *doctor) comesAt(key string) string {
	if d.fitted(key) {
		return ""
	}
	return fmt.Sprintf("; its part comes at step %d (%s)", hardware.StepOf(key), hardware.StepOf(key).Title())
}

// button requests a button's line with its pull-up and reads it at rest:
// 1, not pressed. A button the guide has not fitted yet is only
// requested: its line is free.
func (d *doctor) button(chip string, l line) (Status, string, string) {
	in, err := d.env.Input(chip, l.bcm, true)
	if err != nil {
		return Problem, lineProblem(chip, l, err), err.Error()
	}
	if !d.fitted(l.key) {
		in.Close()
		return OK, fmt.Sprintf("%s is free", l.where()) + d.comesAt(l.key), ""
	}
	d.closer = append(d.closer, in.Close)
	d.inputs[l.key] = in
	d.env.Sleep(pullUpSettle)
	v, err := in.Value()
	switch {
	case err != nil:
		return Problem, fmt.Sprintf("%s (%s) cannot be read", l.name, l.where()), err.Error()
	case v == 0:
		return Problem, fmt.Sprintf("%s (%s) reads pressed: check it is not held down or shorted to GND", l.name, l.where()), ""
	}
	return OK, fmt.Sprintf("%s is free and reads not pressed", l.where()), ""
}

// lineProblem says why a line could not be requested.
func lineProblem(chip string, l line, err error) string {
	switch {
	case errors.Is(err, syscall.EBUSY):
		return fmt.Sprintf("GPIO%d (pin %d, %s) is used by another program: stop it (sudo systemctl stop unoref) and run unoref doctor again", l.bcm, l.phys, l.name)
	case permission(err):
		return fmt.Sprintf("no permission to use GPIO%d on %s: run unoref doctor as root or add the user to the gpio group", l.bcm, chip)
	case errors.Is(err, gpiocdev.ErrInvalidOffset):
		return fmt.Sprintf("%s has no line %d: gpio.chip in the pin map must be the chip of the 40-pin header", chip, l.bcm)
	}
	return fmt.Sprintf("GPIO%d (pin %d, %s) cannot be requested", l.bcm, l.phys, l.name)
}

func permission(err error) bool {
	return errors.Is(err, gpiocdev.ErrPermissionDenied) || errors.Is(err, os.ErrPermission)
}

// blink lights each LED in turn, then beeps, for a person to watch.
func (d *doctor) blink() {
	if !d.opts.Blink {
		return
	}
	if !d.chipOK {
		d.add(Check{Name: "blink", Status: Skipped, Message: "not done: no GPIO chip"})
		return
	}
	var lit []string
	var pins []int
	for _, l := range d.gpioLines() {
		out, ok := d.lines[l.key]
		if !ok || !(strings.HasPrefix(l.key, "leds.") || l.key == "buzzer.pin") || !d.fitted(l.key) {
			continue
		}
		if d.ctx.Err() != nil {
			return
		}
		on := blinkOn
		if l.key == "buzzer.pin" {
			on = beep
		}
		if d.opts.Say != nil {
			d.opts.Say(fmt.Sprintf("now on: %s (%s)", l.name, l.where()))
		}
		err := out.SetValue(1)
		if err == nil {
			d.env.Sleep(on)
			err = out.SetValue(0)
		}
		if err != nil {
			d.add(Check{Name: "blink", Status: Problem, Pins: []int{l.phys}, Message: fmt.Sprintf("%s (%s) cannot be switched", l.name, l.where()), Detail: err.Error()})
			return
		}
		d.env.Sleep(blinkOff)
		lit = append(lit, fmt.Sprintf("%s (pin %d)", l.name, l.phys))
		pins = append(pins, l.phys)
	}
	if len(lit) == 0 {
		d.add(Check{Name: "blink", Status: Skipped, Message: "no LED or buzzer line could be requested"})
		return
	}
	d.add(Check{Name: "blink", Status: OK, Pins: pins,
		Message: "switched on in turn: " + strings.Join(lit, ", ") + "; one that stayed dark or silent: check its resistor, its polarity (long leg to the GPIO) and its GND"})
}
