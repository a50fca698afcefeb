package hardware

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
)

//go:embed pinmap.toml
var defaultTOML []byte

// Pin is a BCM GPIO number; NoPin means not wired.
type Pin int

// NoPin marks a signal that is not wired.
const NoPin Pin = -1

// PinMap says which GPIO, bus and address carries each signal of the build.
type PinMap struct {
	GPIO     GPIO     `toml:"gpio"`
	NFC      NFC      `toml:"nfc"`
	OLED     OLED     `toml:"oled"`
	SeatPads SeatPads `toml:"seatpads"`
	LEDs     LEDs     `toml:"leds"`
	Buzzer   Buzzer   `toml:"buzzer"`
	Buttons  Buttons  `toml:"buttons"`
}

// GPIO selects the gpiochip of the header.
type GPIO struct {
	Chip string `toml:"chip"`
}

// NFC is the RC522 readers on SPI0.
type NFC struct {
	SPI  string  `toml:"spi"`
	RST  Pin     `toml:"rst"`
	IRQ  Pin     `toml:"irq"`
	Play Reader  `toml:"play"`
	Draw *Reader `toml:"draw"` // nil: no draw pad
}

// Reader is one RC522 on the SPI bus.
type Reader struct {
	CE int `toml:"ce"` // chip select: 0 (GPIO 8) or 1 (GPIO 7)
}

// OLED is the SSD1306 display.
type OLED struct {
	Bus  string `toml:"bus"`
	Addr int    `toml:"addr"`
}

// SeatPads is the optional MCP23017 seat pads.
type SeatPads struct {
	Seats int   `toml:"seats"`
	Addrs []int `toml:"addrs"`
	INT   Pin   `toml:"int"`
}

// LEDs is the panel LEDs.
type LEDs struct {
	ActiveLow bool `toml:"active_low"`
	DirCW     Pin  `toml:"dir_cw"`
	DirCCW    Pin  `toml:"dir_ccw"`
	Legal     Pin  `toml:"legal"`
	Illegal   Pin  `toml:"illegal"`
	UNO       Pin  `toml:"uno"`
	Red       Pin  `toml:"red"`
	Yellow    Pin  `toml:"yellow"`
	Green     Pin  `toml:"green"`
	Blue      Pin  `toml:"blue"`
}

// Buzzer is the active buzzer's driver input.
type Buzzer struct {
	Pin       Pin  `toml:"pin"`
	ActiveLow bool `toml:"active_low"`
}

// Buttons is the panel buttons.
type Buttons struct {
	UNO       Pin `toml:"uno"`
	Draw      Pin `toml:"draw"`
	Pass      Pin `toml:"pass"`
	Challenge Pin `toml:"challenge"`
	Red       Pin `toml:"red"`
	Yellow    Pin `toml:"yellow"`
	Green     Pin `toml:"green"`
	Blue      Pin `toml:"blue"`
}

// Errors a caller can check with errors.Is; each comes wrapped in an *Error
// that names the key.
var (
	ErrUnknownKey  = errors.New("unknown key")
	ErrBadValue    = errors.New("bad value")
	ErrNotOnHeader = errors.New("not on the 40-pin header")
	ErrReservedPin = errors.New("reserved pin")
	ErrPinConflict = errors.New("pin used twice")
	ErrBadAddress  = errors.New("bad I²C address")
)

// Error is a problem with one key of the pin map.
type Error struct {
	Key string // dotted TOML key, e.g. "leds.uno"
	Err error  // one of the Err… sentinels
	Msg string // what is wrong and what is allowed
}

func (e *Error) Error() string { return "hardware: " + e.Key + ": " + e.Msg }
func (e *Error) Unwrap() error { return e.Err }

// Load decodes and validates a pin map. Keys left out are not wired (NoPin).
func Load(r io.Reader) (*PinMap, error) {
	m := unwired()
	md, err := toml.NewDecoder(r).Decode(m)
	if err != nil {
		return nil, fmt.Errorf("hardware: %w", err)
	}
	var errs []error
	for _, k := range md.Undecoded() {
		errs = append(errs, unknownKey(k))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return m, nil
}

// LoadFile loads the pin map at path.
func LoadFile(path string) (*PinMap, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("hardware: %w", err)
	}
	defer f.Close()
	m, err := Load(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// Default returns the reference build's pin map (pinmap.toml).
func Default() *PinMap {
	m, err := Load(bytes.NewReader(defaultTOML))
	if err != nil {
		panic(err) // pinmap.toml is checked by the tests
	}
	return m
}

// DefaultTOML returns the text of the default pin map, a starting point for
// a custom one.
func DefaultTOML() []byte { return bytes.Clone(defaultTOML) }

// unwired returns a PinMap with every pin set to NoPin, so that keys left
// out of the file stay unwired instead of meaning GPIO 0.
func unwired() *PinMap {
	m := &PinMap{}
	for _, u := range m.pins() {
		*u.pin = NoPin
	}
	return m
}

func unknownKey(k toml.Key) error {
	parent := k[:len(k)-1].String()
	allowed := tomlKeys(reflect.TypeOf(PinMap{}), k[:len(k)-1])
	msg := "unknown key"
	if parent != "" {
		msg += " in [" + parent + "]"
	}
	if len(allowed) > 0 {
		msg += "; allowed: " + strings.Join(allowed, ", ")
	}
	return &Error{Key: k.String(), Err: ErrUnknownKey, Msg: msg}
}

// tomlKeys returns the keys allowed in the table at path.
func tomlKeys(t reflect.Type, path []string) []string {
	for _, name := range path {
		found := false
		for i := 0; i < t.NumField(); i++ {
			if t.Field(i).Tag.Get("toml") == name {
				t, found = t.Field(i).Type, true
				break
			}
		}
		if t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if !found || t.Kind() != reflect.Struct {
			return nil
		}
	}
	var keys []string
	for i := 0; i < t.NumField(); i++ {
		keys = append(keys, t.Field(i).Tag.Get("toml"))
	}
	return keys
}

// pinUse is one GPIO key of the map.
type pinUse struct {
	key    string
	signal string
	pin    *Pin
}

// pins lists the map's GPIO keys in file order.
func (m *PinMap) pins() []pinUse {
	return []pinUse{
		{"nfc.rst", "RC522 RST (NRSTPD)", &m.NFC.RST},
		{"nfc.irq", "RC522 IRQ", &m.NFC.IRQ},
		{"seatpads.int", "MCP23017 INTA", &m.SeatPads.INT},
		{"leds.dir_cw", "LED direction clockwise", &m.LEDs.DirCW},
		{"leds.dir_ccw", "LED direction counter-clockwise", &m.LEDs.DirCCW},
		{"leds.legal", "LED legal (green)", &m.LEDs.Legal},
		{"leds.illegal", "LED illegal (red)", &m.LEDs.Illegal},
		{"leds.uno", "LED UNO (amber)", &m.LEDs.UNO},
		{"leds.red", "LED colour red", &m.LEDs.Red},
		{"leds.yellow", "LED colour yellow", &m.LEDs.Yellow},
		{"leds.green", "LED colour green", &m.LEDs.Green},
		{"leds.blue", "LED colour blue", &m.LEDs.Blue},
		{"buzzer.pin", "buzzer (transistor base)", &m.Buzzer.Pin},
		{"buttons.uno", "button UNO", &m.Buttons.UNO},
		{"buttons.draw", "button DRAW", &m.Buttons.Draw},
		{"buttons.pass", "button PASS/OK", &m.Buttons.Pass},
		{"buttons.challenge", "button CHALLENGE", &m.Buttons.Challenge},
		{"buttons.red", "button red", &m.Buttons.Red},
		{"buttons.yellow", "button yellow", &m.Buttons.Yellow},
		{"buttons.green", "button green", &m.Buttons.Green},
		{"buttons.blue", "button blue", &m.Buttons.Blue},
	}
}

func freePins() string {
	var free []string
	for _, p := range Header {
		if p.BCM < 0 {
			continue
		}
		if _, ok := spi0Pins[p.BCM]; ok {
			continue
		}
		if _, ok := i2c1Pins[p.BCM]; ok {
			continue
		}
		if _, ok := idPins[p.BCM]; ok {
			continue
		}
		free = append(free, fmt.Sprint(p.BCM))
	}
	sort.Slice(free, func(i, j int) bool {
		return len(free[i]) < len(free[j]) || len(free[i]) == len(free[j]) && free[i] < free[j]
	})
	return strings.Join(free, ", ")
}

// Validate checks the map: every GPIO on the header, none used twice, bus
// pins left to their bus, valid and distinct I²C addresses. It returns all
// problems found, each an *Error naming its key.
func (m *PinMap) Validate() error {
	var errs []error
	bad := func(key string, sentinel error, format string, a ...any) {
		errs = append(errs, &Error{Key: key, Err: sentinel, Msg: fmt.Sprintf(format, a...)})
	}
	if m.GPIO.Chip == "" {
		bad("gpio.chip", ErrBadValue, "missing; allowed: a gpiochip name such as \"gpiochip0\"")
	}
	if m.NFC.SPI != "spi0" {
		bad("nfc.spi", ErrBadValue, "%q not supported; allowed: \"spi0\"", m.NFC.SPI)
	}
	if c := m.NFC.Play.CE; c != 0 && c != 1 {
		bad("nfc.play.ce", ErrBadValue, "%d; allowed: 0 (GPIO 8) or 1 (GPIO 7)", c)
	}
	if d := m.NFC.Draw; d != nil {
		switch {
		case d.CE != 0 && d.CE != 1:
			bad("nfc.draw.ce", ErrBadValue, "%d; allowed: 0 (GPIO 8) or 1 (GPIO 7)", d.CE)
		case d.CE == m.NFC.Play.CE:
			bad("nfc.draw.ce", ErrPinConflict, "CE%d already used by nfc.play.ce; each reader needs its own chip select", d.CE)
		}
	}
	if m.OLED.Bus != "i2c1" {
		bad("oled.bus", ErrBadValue, "%q not supported; allowed: \"i2c1\"", m.OLED.Bus)
	}
	addrs := map[int]string{}
	if a := m.OLED.Addr; a != 0x3C && a != 0x3D {
		bad("oled.addr", ErrBadAddress, "%#x; allowed: 0x3c or 0x3d (SSD1306 SA0 low/high)", a)
	} else {
		addrs[a] = "oled.addr"
	}
	sp := m.SeatPads
	if sp.Seats < 0 || sp.Seats > 10 {
		bad("seatpads.seats", ErrBadValue, "%d; allowed: 0 (none) to 10", sp.Seats)
	} else if need := (sp.Seats + 7) / 8; len(sp.Addrs) < need {
		bad("seatpads.addrs", ErrBadAddress, "%d seats need %d MCP23017 addresses, have %d", sp.Seats, need, len(sp.Addrs))
	}
	for i, a := range sp.Addrs {
		key := fmt.Sprintf("seatpads.addrs[%d]", i)
		if a < 0x20 || a > 0x27 {
			bad(key, ErrBadAddress, "%#x; allowed: 0x20 to 0x27 (MCP23017 A2–A0)", a)
			continue
		}
		if other, ok := addrs[a]; ok {
			bad(key, ErrBadAddress, "%#x already used by %s", a, other)
			continue
		}
		addrs[a] = key
	}

	used := map[Pin]string{}
	for _, u := range m.pins() {
		p := *u.pin
		switch {
		case p == NoPin:
		case p < 0 || p > 27:
			bad(u.key, ErrNotOnHeader, "GPIO %d is not on the 40-pin header; allowed: %s", p, freePins())
		case idPins[int(p)] != "":
			bad(u.key, ErrReservedPin, "GPIO %d is %s of the HAT ID EEPROM; allowed: %s", p, idPins[int(p)], freePins())
		case spi0Pins[int(p)] != "":
			bad(u.key, ErrReservedPin, "GPIO %d is %s, reserved for the RC522 readers; allowed: %s", p, spi0Pins[int(p)], freePins())
		case i2c1Pins[int(p)] != "":
			bad(u.key, ErrReservedPin, "GPIO %d is %s, reserved for the OLED and expanders; allowed: %s", p, i2c1Pins[int(p)], freePins())
		case used[p] != "":
			bad(u.key, ErrPinConflict, "GPIO %d already used by %s", p, used[p])
		default:
			used[p] = u.key
		}
	}
	return errors.Join(errs...)
}

// Signal is one wired signal, for the wiring table.
type Signal struct {
	Key    string // pin map key, or the bus it belongs to
	Name   string // what it is
	BCM    int
	Phys   int
	Device string // the device pin it goes to
}

// Signals lists every wired GPIO, bus pins included, in header order.
func (m *PinMap) Signals() []Signal {
	var s []Signal
	add := func(key, name string, bcm int, device string) {
		s = append(s, Signal{Key: key, Name: name, BCM: bcm, Phys: PhysOf(bcm), Device: device})
	}
	sda, scl := "OLED SDA", "OLED SCL"
	if m.SeatPads.Seats > 0 {
		sda, scl = sda+", MCP23017 SDA (13)", scl+", MCP23017 SCL (12)"
	}
	add("oled.bus", "I2C1 SDA", 2, sda)
	add("oled.bus", "I2C1 SCL", 3, scl)
	add("nfc.spi", "SPI0 MOSI", 10, "RC522 MOSI")
	add("nfc.spi", "SPI0 MISO", 9, "RC522 MISO")
	add("nfc.spi", "SPI0 SCLK", 11, "RC522 SCK")
	readers := []struct {
		key string
		r   *Reader
		pad string
	}{{"nfc.play.ce", &m.NFC.Play, "play pad"}, {"nfc.draw.ce", m.NFC.Draw, "draw pad"}}
	for _, rd := range readers {
		if rd.r != nil {
			add(rd.key, fmt.Sprintf("SPI0 CE%d", rd.r.CE), 8-rd.r.CE, "RC522 SDA (SS), "+rd.pad)
		}
	}
	devices := map[string]string{
		"nfc.rst": "RC522 RST (all readers)", "nfc.irq": "RC522 IRQ (all readers)",
		"seatpads.int": "MCP23017 INTA (all expanders)", "buzzer.pin": "1 kΩ → NPN base",
	}
	for _, u := range m.pins() {
		if *u.pin == NoPin {
			continue
		}
		dev := devices[u.key]
		switch {
		case strings.HasPrefix(u.key, "leds."):
			dev = ledDevice(u.key)
		case strings.HasPrefix(u.key, "buttons."):
			dev = "button → GND"
		}
		add(u.key, u.signal, int(*u.pin), dev)
	}
	sort.SliceStable(s, func(i, j int) bool { return s[i].Phys < s[j].Phys })
	return s
}
