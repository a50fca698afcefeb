package hardware_test

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/hardware"
	"github.com/unoref/unoref/hardware/internal/draw"
)

func TestDefaultValidates(t *testing.T) {
	m := hardware.Default()
	if err := m.Validate(); err != nil {
		t.Fatalf("Default().Validate() = %v", err)
	}
	if got, want := m.LEDs.UNO, hardware.Pin(26); got != want {
		t.Errorf("leds.uno = %d, want %d", got, want)
	}
	if m.NFC.IRQ != hardware.NoPin {
		t.Errorf("nfc.irq = %d, want NoPin (commented out)", m.NFC.IRQ)
	}
	// The minimal build: the optional parts are switched off.
	if m.NFC.Draw != nil || m.SeatPads.Seats != 0 {
		t.Errorf("nfc.draw = %+v, seatpads.seats = %d, want nil and 0 (optional parts off)", m.NFC.Draw, m.SeatPads.Seats)
	}
	if m.OLED.Addr != 0x3C || m.OLED.Chip != hardware.ChipSSD1306 {
		t.Errorf("oled.addr %#x oled.chip %q, want 0x3c ssd1306", m.OLED.Addr, m.OLED.Chip)
	}
	full := hardware.Full()
	if full.NFC.Draw == nil || full.NFC.Draw.CE != 1 {
		t.Errorf("Full() nfc.draw = %+v, want CE1", full.NFC.Draw)
	}
	if full.SeatPads.Seats != 10 || len(full.SeatPads.Addrs) != 2 {
		t.Errorf("Full() seats %d addrs %#x, want 10 [0x20 0x21]", full.SeatPads.Seats, full.SeatPads.Addrs)
	}
	if full.LEDs != m.LEDs || full.Buttons != m.Buttons || full.Reader != m.Reader {
		t.Errorf("Full() changes more than the optional parts")
	}
}

// editFull is edit on the pin map with every optional part switched on.
func editFull(t *testing.T, old, new string) string {
	t.Helper()
	s := string(hardware.FullTOML())
	if !strings.Contains(s, old) {
		t.Fatalf("the full pin map has no %q", old)
	}
	return strings.Replace(s, old, new, 1)
}

// edit returns the default pin map text with old replaced by new.
func edit(t *testing.T, old, new string) string {
	t.Helper()
	s := string(hardware.DefaultTOML())
	if !strings.Contains(s, old) {
		t.Fatalf("pinmap.toml has no %q", old)
	}
	return strings.Replace(s, old, new, 1)
}

func TestBadPinMaps(t *testing.T) {
	tests := []struct {
		name     string
		toml     string
		key      string
		sentinel error
		mention  string // part of the message telling what is allowed
	}{
		{"duplicate pin", edit(t, "dir_ccw = 6", "dir_ccw = 5"), "leds.dir_ccw", hardware.ErrPinConflict, "already used by leds.dir_cw"},
		{"LED on SPI0 MISO", edit(t, "uno = 26", "uno = 9"), "leds.uno", hardware.ErrReservedPin, "SPI0 MISO"},
		{"button on I2C1 SDA", edit(t, "pass = 22", "pass = 2"), "buttons.pass", hardware.ErrReservedPin, "I2C1 SDA"},
		{"GPIO 30", edit(t, "pin = 18", "pin = 30"), "buzzer.pin", hardware.ErrNotOnHeader, "allowed: 4, 5, 6"},
		{"negative GPIO", edit(t, "rst = 25", "rst = -3"), "nfc.rst", hardware.ErrNotOnHeader, "allowed:"},
		{"ID EEPROM", edit(t, "red = 24", "red = 0"), "buttons.red", hardware.ErrReservedPin, "ID EEPROM"},
		{"unknown key", edit(t, "blue = 15", "blu = 15"), "leds.blu", hardware.ErrUnknownKey, "allowed: active_low, dir_cw"},
		{"unknown table", edit(t, "[buzzer]", "[buzzers]"), "buzzers", hardware.ErrUnknownKey, "allowed: gpio, nfc"},
		{"bad OLED address", edit(t, "addr = 0x3C", "addr = 0x3E"), "oled.addr", hardware.ErrBadAddress, "0x3c or 0x3d"},
		{"OLED address as modules print it", edit(t, "addr = 0x3C", "addr = 0x78"), "oled.addr", hardware.ErrBadAddress, "0x78 is how modules print 0x3c (the address shifted left by one bit): write 0x3c"},
		{"expander address out of range", editFull(t, "addrs = [0x20, 0x21]", "addrs = [0x20, 0x28]"), "seatpads.addrs[1]", hardware.ErrBadAddress, "0x20 to 0x27"},
		{"expander addresses clash", editFull(t, "addrs = [0x20, 0x21]", "addrs = [0x20, 0x20]"), "seatpads.addrs[1]", hardware.ErrBadAddress, "already used by seatpads.addrs[0]"},
		{"too few expanders", editFull(t, "addrs = [0x20, 0x21]", "addrs = [0x20]"), "seatpads.addrs", hardware.ErrBadAddress, "need 2"},
		{"readers share CE", editFull(t, "ce = 1", "ce = 0"), "nfc.draw.ce", hardware.ErrPinConflict, "chip select"},
		{"SPI1", edit(t, `spi = "spi0"`, `spi = "spi1"`), "nfc.spi", hardware.ErrBadValue, `"spi0"`},
		{"gpio chip path", edit(t, `chip = "gpiochip0"`, `chip = "../../etc/passwd"`), "gpio.chip", hardware.ErrBadValue, "not a device name"},
		{"gpio chip dev path", edit(t, `chip = "gpiochip0"`, `chip = "/dev/gpiochip0"`), "gpio.chip", hardware.ErrBadValue, `such as "gpiochip0"`},
		{"spi path", edit(t, `spi = "spi0"`, `spi = "../../etc/passwd"`), "nfc.spi", hardware.ErrBadValue, "not a device name"},
		{"i2c path", edit(t, `bus = "i2c1"`, `bus = "i2c1/../../etc"`), "oled.bus", hardware.ErrBadValue, "not a device name"},
		{"OLED chip", edit(t, `chip = "ssd1306"`, `chip = "ssd1309"`), "oled.chip", hardware.ErrBadValue, `"sh1106"`},
		{"SPI too fast", edit(t, "spi_hz = 4000000", "spi_hz = 20000000"), "reader.spi_hz", hardware.ErrBadValue, "100000 to 10000000"},
		{"SPI too slow", edit(t, "spi_hz = 4000000", "spi_hz = 50"), "reader.spi_hz", hardware.ErrBadValue, "100000 to 10000000"},
		{"gain", edit(t, "gain_db = 33", "gain_db = 40"), "reader.gain_db", hardware.ErrBadValue, "18, 23, 33, 38, 43 or 48"},
		{"11 seats", editFull(t, "seats = 10", "seats = 11"), "seatpads.seats", hardware.ErrBadValue, "0 (none) to 10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := hardware.Load(strings.NewReader(tt.toml))
			if err == nil {
				t.Fatalf("Load() = %+v, want an error naming %s", m, tt.key)
			}
			if !errors.Is(err, tt.sentinel) {
				t.Errorf("Load() error %q is not %v", err, tt.sentinel)
			}
			var he *hardware.Error
			if !errors.As(err, &he) || he.Key != tt.key {
				t.Errorf("Load() error %q: key %q, want %q", err, keyOf(he), tt.key)
			}
			if !strings.Contains(err.Error(), tt.key+":") || !strings.Contains(err.Error(), tt.mention) {
				t.Errorf("Load() error %q, want it to name %q and say %q", err, tt.key, tt.mention)
			}
		})
	}
}

func keyOf(e *hardware.Error) string {
	if e == nil {
		return ""
	}
	return e.Key
}

func TestLoadOptional(t *testing.T) {
	// No draw pad, no seat pads, IRQ wired on a pin the seat pads freed.
	s := edit(t, "# irq = …", "irq = 7")
	if _, err := hardware.Load(strings.NewReader(s)); !errors.Is(err, hardware.ErrReservedPin) {
		t.Errorf("IRQ on GPIO 7 without a draw pad: error %v, want ErrReservedPin (SPI0 keeps CE1)", err)
	}
	s = strings.Replace(s, "irq = 7", "irq = 24", 1)
	s = strings.Replace(s, "red = 24", "", 1)
	m, err := hardware.Load(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	if m.NFC.Draw != nil || m.NFC.IRQ != 24 || m.Buttons.Red != hardware.NoPin {
		t.Errorf("draw %v irq %d buttons.red %d, want nil 24 NoPin", m.NFC.Draw, m.NFC.IRQ, m.Buttons.Red)
	}
}

func TestLoadFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pins.toml")
	if err := os.WriteFile(path, []byte(edit(t, "uno = 17", "uno = 99")), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := hardware.LoadFile(path); !errors.Is(err, hardware.ErrNotOnHeader) || !strings.Contains(err.Error(), path) {
		t.Errorf("LoadFile() = %v, want ErrNotOnHeader naming the file", err)
	}
	if _, err := hardware.LoadFile(filepath.Join(t.TempDir(), "missing.toml")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("LoadFile(missing) = %v, want os.ErrNotExist", err)
	}
	if _, err := hardware.Load(strings.NewReader("[leds]\nuno = \"seventeen\"\n")); err == nil {
		t.Errorf("Load() with a string pin = nil error, want error")
	}
}

func TestHeader(t *testing.T) {
	bcm := map[int]bool{}
	for i, p := range hardware.Header {
		if p.Phys != i+1 {
			t.Errorf("Header[%d].Phys = %d, want %d", i, p.Phys, i+1)
		}
		if p.BCM >= 0 {
			if bcm[p.BCM] {
				t.Errorf("BCM %d listed twice", p.BCM)
			}
			bcm[p.BCM] = true
		}
	}
	if len(bcm) != 28 {
		t.Errorf("header has %d GPIOs, want 28 (BCM 0-27)", len(bcm))
	}
	for _, tt := range []struct{ bcm, phys int }{{2, 3}, {8, 24}, {17, 11}, {21, 40}, {28, 0}, {-1, 0}} {
		if got := hardware.PhysOf(tt.bcm); got != tt.phys {
			t.Errorf("PhysOf(%d) = %d, want %d", tt.bcm, got, tt.phys)
		}
	}
	if got := hardware.PowerPins("3V3"); len(got) != 2 || got[0] != 1 || got[1] != 17 {
		t.Errorf("PowerPins(3V3) = %v, want [1 17]", got)
	}
	if got := len(hardware.PowerPins("GND")); got != 8 {
		t.Errorf("%d GND pins, want 8", got)
	}
}

// TestGeneratedFilesUpToDate fails when WIRING.md or wiring.svg differ from
// what the default pin map produces: run "go generate ./hardware".
func TestGeneratedFilesUpToDate(t *testing.T) {
	m := hardware.Default()
	for _, f := range []struct {
		name  string
		write func(io.Writer) error
	}{{"WIRING.md", func(w io.Writer) error { return draw.Markdown(w, m) }}, {"wiring.svg", func(w io.Writer) error { return draw.HeaderSVG(w, m) }}} {
		var want bytes.Buffer
		if err := f.write(&want); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(f.name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%s is out of date: run go generate ./hardware", f.name)
		}
	}
}

func TestWiringContent(t *testing.T) {
	m := hardware.Default()
	var md, svg bytes.Buffer
	if err := draw.Markdown(&md, m); err != nil {
		t.Fatal(err)
	}
	if err := draw.HeaderSVG(&svg, m); err != nil {
		t.Fatal(err)
	}
	for _, s := range m.Signals() {
		if !strings.Contains(svg.String(), "GPIO"+strconv.Itoa(s.BCM)+" · "+strings.ReplaceAll(s.Name, "&", "&amp;")) {
			t.Errorf("wiring.svg has no label for %s on GPIO %d", s.Name, s.BCM)
		}
		if !strings.Contains(md.String(), "| "+strconv.Itoa(s.BCM)+" | "+strconv.Itoa(s.Phys)+" |") {
			t.Errorf("WIRING.md has no row for %s (GPIO %d, pin %d)", s.Name, s.BCM, s.Phys)
		}
	}
	if !strings.Contains(md.String(), "3.3 V ONLY, never 5 V") {
		t.Errorf("WIRING.md does not warn that the RC522 takes 3.3 V only")
	}
	// Issue 23 point 3: pins 2 and 4 feed the buzzer and the blue LED.
	if !strings.Contains(svg.String(), "5 V (buzzer, blue LED only)") {
		t.Errorf("wiring.svg does not name both 5 V parts on pins 2 and 4")
	}
	// Issue 23 point 6: each 3.3 V pin says what it feeds.
	for _, want := range []string{">3.3 V (readers)<", ">3.3 V (OLED, seat pads)<"} {
		if !strings.Contains(svg.String(), want) {
			t.Errorf("wiring.svg does not label a 3.3 V pin %q", want)
		}
	}
	// Issue 23 point 8: the address as modules print it.
	if !strings.Contains(md.String(), "modules print it as 0x78") {
		t.Errorf("WIRING.md does not say that 0x78 is 0x3C")
	}
	dec := xml.NewDecoder(&svg)
	for {
		_, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("wiring.svg is not well-formed XML: %v", err)
		}
	}
	// Moving a pin moves its label.
	m.LEDs.UNO = 4
	m.Buttons.Yellow = hardware.NoPin
	svg.Reset()
	if err := draw.HeaderSVG(&svg, m); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(svg.String(), "GPIO4 · LED UNO (amber)") {
		t.Errorf("wiring.svg does not follow the pin map")
	}
}

func TestSettingsAccepted(t *testing.T) {
	s := edit(t, `chip = "ssd1306"`, `chip = "sh1106"`)
	s = strings.Replace(s, "spi_hz = 4000000", "spi_hz = 1000000", 1)
	s = strings.Replace(s, "gain_db = 33", "gain_db = 48", 1)
	m, err := hardware.Load(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	got := [3]any{m.OLED.Chip, m.Reader.SPIHz, m.Reader.GainDB}
	if want := [3]any{"sh1106", 1000000, 48}; got != want {
		t.Errorf("Load() oled.chip, reader.spi_hz, reader.gain_db = %v, want %v", got, want)
	}
	// Left out: the drivers' defaults.
	s = strings.Replace(strings.Replace(s, "spi_hz = 1000000", "", 1), "gain_db = 48", "", 1)
	if m, err = hardware.Load(strings.NewReader(s)); err != nil || m.Reader != (hardware.ReaderSetup{}) {
		t.Errorf("Load() without reader settings = %+v, %v, want zero values", m.Reader, err)
	}
}

// TestGuideSteps: the guide's numbered steps are hardware's, in its order,
// so that unoref doctor --step N follows the guide.
func TestGuideSteps(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`(?m)^\s*(\d+)\. \*\*([^*]+?)[.:]?\*\*`)
	var got []string
	for _, m := range re.FindAllStringSubmatch(string(readme), -1) {
		got = append(got, m[1]+" "+m[2])
	}
	var want []string
	for s := hardware.StepPi; s <= hardware.LastStep; s++ {
		want = append(want, strconv.Itoa(int(s))+" "+s.Title())
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("README.md's assembly steps (-hardware +README):\n%s", diff)
	}
	for key, want := range map[string]hardware.Step{
		"nfc.rst": hardware.StepPlayReader, "nfc.play.ce": hardware.StepPlayReader, "nfc.draw.ce": hardware.StepDrawReader,
		"oled.addr": hardware.StepOLED, "leds.blue": hardware.StepLEDs, "buzzer.pin": hardware.StepBuzzer,
		"buttons.uno": hardware.StepButtons, "seatpads.int": hardware.StepSeatPads, "nfc.spi": hardware.StepPi,
	} {
		if got := hardware.StepOf(key); got != want {
			t.Errorf("StepOf(%q) = %d, want %d", key, got, want)
		}
	}
}
