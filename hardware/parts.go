package hardware

import "fmt"

// LEDPart is the LED fitted on one LED key of the pin map and what drives
// it. Classic LEDs (red, amber, yellow, orange, yellow-green GaP) have a
// forward voltage of about 2 V and hang straight off the 3.3 V GPIO
// through their resistor. A blue LED (InGaN, about 3 V) would keep only
// 0.3 V of headroom on a 3.3 V pin, and none on a pin at the 2.6 V a Pi 4
// guarantees under load, so it is switched from 5 V by an NPN transistor
// instead; the GPIO only feeds the transistor's base.
type LEDPart struct {
	Key    string  // pin map key, "leds.uno"
	LED    string  // what to buy
	Fill   string  // its colour in the drawings
	Vf     float64 // typical forward voltage at 2–4 mA, V
	Ohms   int     // series resistor
	Supply float64 // what feeds LED and resistor: 3.3 (the GPIO) or 5 (NPN stage)
	Base   int     // the NPN stage's base resistor, Ω; 0 without one
}

// LEDParts are the LEDs of the reference build, in pin map order.
var LEDParts = []LEDPart{
	{"leds.dir_cw", "5 mm orange", "#ff8c1a", 2.0, 330, 3.3, 0},
	{"leds.dir_ccw", "5 mm orange", "#ff8c1a", 2.0, 330, 3.3, 0},
	{"leds.legal", "5 mm green (GaP, 565–570 nm)", "#6cc84a", 2.1, 330, 3.3, 0},
	{"leds.illegal", "5 mm red", "#e02020", 2.0, 330, 3.3, 0},
	{"leds.uno", "5 mm amber", "#ffb000", 2.0, 330, 3.3, 0},
	{"leds.red", "5 mm red", "#e02020", 2.0, 330, 3.3, 0},
	{"leds.yellow", "5 mm yellow", "#ffe020", 2.1, 330, 3.3, 0},
	{"leds.green", "5 mm green (GaP, 565–570 nm)", "#6cc84a", 2.1, 330, 3.3, 0},
	{"leds.blue", "5 mm blue (InGaN)", "#2050ff", 3.0, 470, 5, 4700},
}

// Resistors of the build besides the LEDs': per seat pad the LED's
// resistor and the button's external pull-up at the expander (README.md),
// and the buzzer transistor's base resistor.
const (
	SeatLEDOhms    = 330
	SeatPullUpOhms = 10000
	BuzzerBaseOhms = 1000
	vceSat         = 0.1 // V across a saturated NPN at a few mA
)

// MilliAmps is the LED's typical current.
func (p LEDPart) MilliAmps() float64 {
	v := p.Supply - p.Vf
	if p.Base > 0 {
		v -= vceSat
	}
	return 1000 * v / float64(p.Ohms)
}

// LEDPartOf returns the part on LED key key.
func LEDPartOf(key string) (LEDPart, bool) {
	for _, p := range LEDParts {
		if p.Key == key {
			return p, true
		}
	}
	return LEDPart{}, false
}

// ledDevice says what the GPIO of LED key key goes to, for WIRING.md.
func ledDevice(key string) string {
	if p, ok := LEDPartOf(key); ok && p.Base > 0 {
		return Ohms(p.Base) + " → NPN base (LED from 5 V, circuits/led.svg)"
	}
	return "resistor → LED anode"
}

// Resistors counts the resistors of the build of m by value (Ω): the LEDs
// that are wired, their NPN stages, the buzzer's base resistor and, per
// seat pad, an LED resistor and a pull-up.
func (m *PinMap) Resistors() map[int]int {
	n := map[int]int{}
	for _, u := range m.pins() {
		p, ok := LEDPartOf(u.key)
		if !ok || *u.pin == NoPin {
			continue
		}
		n[p.Ohms]++
		if p.Base > 0 {
			n[p.Base]++
		}
	}
	if m.Buzzer.Pin != NoPin {
		n[BuzzerBaseOhms]++
	}
	if m.SeatPads.Seats > 0 {
		n[SeatLEDOhms] += m.SeatPads.Seats
		n[SeatPullUpOhms] += m.SeatPads.Seats
	}
	return n
}

// Ohms writes a resistance as on a parts list: 330 Ω, 4.7 kΩ, 10 kΩ.
func Ohms(r int) string {
	switch {
	case r >= 1000 && r%1000 == 0:
		return fmt.Sprintf("%d kΩ", r/1000)
	case r >= 1000:
		return fmt.Sprintf("%.1f kΩ", float64(r)/1000)
	}
	return fmt.Sprintf("%d Ω", r)
}

// NPN is the transistor of the blue LED's and the buzzer's stages: one
// part, named in the parts list and the drawings, so that its legs are the
// ones drawn. Its Ic of 100 mA covers the buzzer's 40 mA.
const NPN = "BC547"

// TO92Pinout is one leg order of NPN transistors in a TO-92 case, seen from
// the flat face (the printing) with the legs down, left to right.
type TO92Pinout struct {
	Legs  [3]string // "C", "B", "E"
	Named string    // the part drawn with these legs
	Same  []string  // parts with the same legs
}

// TO92Pinouts are the two leg orders a builder meets, by their makers'
// datasheets. Parts sold as "2N2222" in TO-92 come in either order:
// onsemi's PN2222A is E-B-C, its P2N2222A C-B-E.
var TO92Pinouts = []TO92Pinout{
	{[3]string{"E", "B", "C"}, "PN2222A", []string{"2N3904", "2N4401", "S8050"}},
	{[3]string{"C", "B", "E"}, NPN, []string{"BC546, BC548, BC549, BC550", "BC337", "P2N2222A (onsemi)"}},
}

// The two 3.3 V pins of the header are one supply; each feeds the parts
// beside its signals, through the strip board of circuits/rail.svg once
// two parts share one: pin 17, beside SPI, the readers; pin 1, beside I²C,
// the OLED and the seat-pad expanders with their pull-ups. unoref doctor
// names the same pins.
const (
	ReaderPower = 17
	I2CPower    = 1
)
