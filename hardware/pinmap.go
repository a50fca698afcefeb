package hardware

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"regexp"
	"slices"
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
	GPIO     GPIO        `toml:"gpio"`
	NFC      NFC         `toml:"nfc"`
	Reader   ReaderSetup `toml:"reader"`
	OLED     OLED        `toml:"oled"`
	SeatPads SeatPads    `toml:"seatpads"`
	LEDs     LEDs        `toml:"leds"`
	Buzzer   Buzzer      `toml:"buzzer"`
	Buttons  Buttons     `toml:"buttons"`
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

// ReaderSetup is how every RC522 is driven; zero values mean the driver's
// defaults.
type ReaderSetup struct {
	SPIHz  int `toml:"spi_hz"`  // SPI clock in Hz, 100 kHz to 10 MHz
	GainDB int `toml:"gain_db"` // receiver gain: 18, 23, 33, 38, 43 or 48 dB
}

// Receiver gains an RC522 offers (datasheet table 98, RFCfgReg RxGain).
var GainsDB = []int{18, 23, 33, 38, 43, 48}

// SPI clocks a reader may be given (MFRC522 datasheet §8.1.2: 10 Mbit/s at
// most).
const (
	MinSPIHz = 100_000
	MaxSPIHz = 10_000_000
)

// OLED chips the display driver knows.
const (
	ChipSSD1306 = "ssd1306"
	ChipSH1106  = "sh1106"
)

// OLED is the display.
type OLED struct {
	Chip string `toml:"chip"` // ChipSSD1306 (default) or ChipSH1106
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

// FullTOML returns the default pin map with every optional part switched
// on: the lines pinmap.toml switches off with a "#" right before a key or
// a table lose it.
func FullTOML() []byte {
	lines := strings.SplitAfter(string(defaultTOML), "\n")
	for i, l := range lines {
		if len(l) > 1 && l[0] == '#' && l[1] != ' ' && l[1] != '\n' && l[1] != '#' {
			lines[i] = l[1:]
		}
	}
	return []byte(strings.Join(lines, ""))
}

// Full returns the reference build with every optional part fitted: the
// draw-pad reader and ten seat pads on two MCP23017.
func Full() *PinMap {
	m, err := Load(bytes.NewReader(FullTOML()))
	if err != nil {
		panic(err) // pinmap.toml is checked by the tests
	}
	return m
}

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

// PinUse is one GPIO key of the map and the pin it names.
type PinUse struct {
	Key    string // "leds.uno"
	Signal string // "LED UNO (amber)"
	Pin    Pin    // NoPin when not wired
}

// Pins lists the map's GPIO keys in file order, wired or not.
func (m *PinMap) Pins() []PinUse {
	var us []PinUse
	for _, u := range m.pins() {
		us = append(us, PinUse{Key: u.key, Signal: u.signal, Pin: *u.pin})
	}
	return us
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

// Validate checks the map: device names, reader settings and the OLED
// chip, every GPIO on the header, none used twice, bus pins left to their
// bus, valid and distinct I²C addresses. It returns all problems found,
// each an *Error naming its key.
func (m *PinMap) Validate() error {
	v := &validation{}
	m.checkDevices(v)
	m.checkReaders(v)
	m.checkI2C(v)
	m.checkPins(v)
	return errors.Join(v.errs...)
}

// validation collects the problems of one Validate.
type validation struct{ errs []error }

func (v *validation) bad(key string, sentinel error, format string, a ...any) {
	v.errs = append(v.errs, &Error{Key: key, Err: sentinel, Msg: fmt.Sprintf(format, a...)})
}

// Device names: a pin map names devices under /dev, so only these shapes
// are accepted ("../../etc/passwd" is not a gpiochip).
var (
	gpioChipName = regexp.MustCompile(`^gpiochip[0-9]{1,3}$`)
	spiBusName   = regexp.MustCompile(`^spi[0-9]{1,2}$`)
	i2cBusName   = regexp.MustCompile(`^i2c[0-9]{1,2}$`)
)

// deviceName checks that name has the shape of a device of its kind.
func (v *validation) deviceName(key, name string, re *regexp.Regexp, example string) bool {
	if re.MatchString(name) {
		return true
	}
	if name == "" {
		v.bad(key, ErrBadValue, "missing; allowed: a device name such as %q", example)
		return false
	}
	v.bad(key, ErrBadValue, "%q is not a device name; allowed: a name such as %q", name, example)
	return false
}

// checkDevices checks the names of the gpiochip and the buses.
func (m *PinMap) checkDevices(v *validation) {
	v.deviceName("gpio.chip", m.GPIO.Chip, gpioChipName, "gpiochip0")
	if v.deviceName("nfc.spi", m.NFC.SPI, spiBusName, "spi0") && m.NFC.SPI != "spi0" {
		v.bad("nfc.spi", ErrBadValue, "%q not supported; allowed: \"spi0\"", m.NFC.SPI)
	}
	if v.deviceName("oled.bus", m.OLED.Bus, i2cBusName, "i2c1") && m.OLED.Bus != "i2c1" {
		v.bad("oled.bus", ErrBadValue, "%q not supported; allowed: \"i2c1\"", m.OLED.Bus)
	}
	switch m.OLED.Chip {
	case "", ChipSSD1306, ChipSH1106:
	default:
		v.bad("oled.chip", ErrBadValue, "%q; allowed: %q (most 0.96\" modules) or %q (many 1.3\" modules)", m.OLED.Chip, ChipSSD1306, ChipSH1106)
	}
}

// checkReaders checks the chip selects and the reader settings.
func (m *PinMap) checkReaders(v *validation) {
	if c := m.NFC.Play.CE; c != 0 && c != 1 {
		v.bad("nfc.play.ce", ErrBadValue, "%d; allowed: 0 (GPIO 8) or 1 (GPIO 7)", c)
	}
	if d := m.NFC.Draw; d != nil {
		switch {
		case d.CE != 0 && d.CE != 1:
			v.bad("nfc.draw.ce", ErrBadValue, "%d; allowed: 0 (GPIO 8) or 1 (GPIO 7)", d.CE)
		case d.CE == m.NFC.Play.CE:
			v.bad("nfc.draw.ce", ErrPinConflict, "CE%d already used by nfc.play.ce; each reader needs its own chip select", d.CE)
		}
	}
	if hz := m.Reader.SPIHz; hz != 0 && (hz < MinSPIHz || hz > MaxSPIHz) {
		v.bad("reader.spi_hz", ErrBadValue, "%d Hz; allowed: %d to %d (the RC522's maximum), or leave it out for the default", hz, MinSPIHz, MaxSPIHz)
	}
	if g := m.Reader.GainDB; g != 0 && !slices.Contains(GainsDB, g) {
		v.bad("reader.gain_db", ErrBadValue, "%d dB; allowed: 18, 23, 33, 38, 43 or 48, or leave it out for the default (33)", g)
	}
}

// checkI2C checks the OLED's and the expanders' addresses.
func (m *PinMap) checkI2C(v *validation) {
	addrs := map[int]string{}
	switch a := m.OLED.Addr; {
	case a == 0x3C<<1 || a == 0x3D<<1:
		// What the module's silkscreen says: the 8-bit write address.
		v.bad("oled.addr", ErrBadAddress, "%#x is how modules print %#x (the address shifted left by one bit): write %#x", a, a>>1, a>>1)
	case a != 0x3C && a != 0x3D:
		v.bad("oled.addr", ErrBadAddress, "%#x; allowed: 0x3c or 0x3d (SA0 low/high)", a)
	default:
		addrs[a] = "oled.addr"
	}
	sp := m.SeatPads
	if sp.Seats < 0 || sp.Seats > 10 {
		v.bad("seatpads.seats", ErrBadValue, "%d; allowed: 0 (none) to 10", sp.Seats)
	} else if need := (sp.Seats + 7) / 8; len(sp.Addrs) < need {
		v.bad("seatpads.addrs", ErrBadAddress, "%d seats need %d MCP23017 addresses, have %d", sp.Seats, need, len(sp.Addrs))
	}
	for i, a := range sp.Addrs {
		key := fmt.Sprintf("seatpads.addrs[%d]", i)
		if a < 0x20 || a > 0x27 {
			v.bad(key, ErrBadAddress, "%#x; allowed: 0x20 to 0x27 (MCP23017 A2–A0)", a)
			continue
		}
		if other, ok := addrs[a]; ok {
			v.bad(key, ErrBadAddress, "%#x already used by %s", a, other)
			continue
		}
		addrs[a] = key
	}
}

// checkPins checks every GPIO key: on the header, not reserved, used once.
func (m *PinMap) checkPins(v *validation) {
	used := map[Pin]string{}
	for _, u := range m.pins() {
		p := *u.pin
		switch {
		case p == NoPin:
		case p < 0 || p > 27:
			v.bad(u.key, ErrNotOnHeader, "GPIO %d is not on the 40-pin header; allowed: %s", p, freePins())
		case idPins[int(p)] != "":
			v.bad(u.key, ErrReservedPin, "GPIO %d is %s of the HAT ID EEPROM; allowed: %s", p, idPins[int(p)], freePins())
		case spi0Pins[int(p)] != "":
			v.bad(u.key, ErrReservedPin, "GPIO %d is %s, reserved for the RC522 readers; allowed: %s", p, spi0Pins[int(p)], freePins())
		case i2c1Pins[int(p)] != "":
			v.bad(u.key, ErrReservedPin, "GPIO %d is %s, reserved for the OLED and expanders; allowed: %s", p, i2c1Pins[int(p)], freePins())
		case used[p] != "":
			v.bad(u.key, ErrPinConflict, "GPIO %d already used by %s", p, used[p])
		default:
			used[p] = u.key
		}
	}
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
		"nfc.rst": "RC522 RST (all readers)", "nfc.irq": "RC522 IRQ (play-pad reader)",
		"seatpads.int": "MCP23017 INTA (first expander)", "buzzer.pin": Ohms(BuzzerBaseOhms) + " → NPN base",
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

// Optional is an optional part the map leaves off, for the wiring table.
type Optional struct {
	Part     string   // what it is
	SwitchOn string   // the pin map lines that switch it on
	Signals  []Signal // the header pins it would use
}

// OptionalParts lists the optional parts m leaves off: the draw-pad reader
// (on the chip select the play pad leaves free) and the seat pads (on the
// OLED's I²C bus).
func (m *PinMap) OptionalParts() []Optional {
	var o []Optional
	if m.NFC.Draw == nil {
		ce := 1 - m.NFC.Play.CE
		o = append(o, Optional{
			Part:     "draw-pad reader (a second RC522 beside the draw pile, at least 20 cm from the play pad)",
			SwitchOn: fmt.Sprintf("[nfc.draw] ce = %d", ce),
			Signals: []Signal{{Key: "nfc.draw.ce", Name: fmt.Sprintf("SPI0 CE%d", ce), BCM: 8 - ce, Phys: PhysOf(8 - ce),
				Device: "RC522 SDA (SS), draw pad; MOSI, MISO, SCK, RST, 3.3 V and GND shared with the play pad"}},
		})
	}
	if m.SeatPads.Seats == 0 {
		o = append(o, Optional{
			Part:     "seat pads (MCP23017 expanders, 8 seats each)",
			SwitchOn: "[seatpads] seats = 10, addrs = [0x20, 0x21]",
			Signals: []Signal{
				{Key: "oled.bus", Name: "I2C1 SDA", BCM: 2, Phys: PhysOf(2), Device: "MCP23017 SDA (13), beside the OLED"},
				{Key: "oled.bus", Name: "I2C1 SCL", BCM: 3, Phys: PhysOf(3), Device: "MCP23017 SCL (12), beside the OLED"},
			},
		})
	}
	return o
}
