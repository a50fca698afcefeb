package hardware_test

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/hardware"
	"github.com/unoref/unoref/hardware/internal/draw"
)

// TestCircuitsUpToDate fails when a drawing of circuits/ differs from what
// the default pin map produces, or when circuits/ holds a drawing that is
// no longer made: run "go generate ./hardware".
func TestCircuitsUpToDate(t *testing.T) {
	var want []string
	for _, c := range draw.Circuits(hardware.Default()) {
		want = append(want, c.Name)
		got, err := os.ReadFile(filepath.Join("circuits", c.Name))
		if err != nil {
			t.Errorf("circuits/%s: %v: run go generate ./hardware", c.Name, err)
			continue
		}
		if !bytes.Equal(got, c.SVG) {
			t.Errorf("circuits/%s is out of date: run go generate ./hardware", c.Name)
		}
	}
	files, err := filepath.Glob("circuits/*.svg")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range files {
		got = append(got, filepath.Base(f))
	}
	if diff := cmp.Diff(slices.Sorted(slices.Values(want)), got); diff != "" {
		t.Errorf("circuits/*.svg (-made +checked in):\n%s", diff)
	}
}

// circuit returns the drawing called name of m.
func circuit(t *testing.T, m *hardware.PinMap, name string) string {
	t.Helper()
	for _, c := range draw.Circuits(m) {
		if c.Name == name {
			return string(c.SVG)
		}
	}
	t.Fatalf("no drawing %s", name)
	return ""
}

func TestCircuitsWellFormed(t *testing.T) {
	for _, c := range draw.Circuits(hardware.Default()) {
		dec := xml.NewDecoder(bytes.NewReader(c.SVG))
		for {
			_, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Errorf("%s is not well-formed XML: %v", c.Name, err)
				break
			}
		}
	}
}

// TestCircuitsSay checks what each drawing must tell the builder.
func TestCircuitsSay(t *testing.T) {
	m := hardware.Default()
	tests := []struct {
		name string
		want []string
	}{
		{"led.svg", []string{"GPIO 13", "pin 33", "330 Ω", "470 Ω", "4.7 kΩ", "5 V", "2.6 V"}},
		{"buzzer.svg", []string{"GPIO 18", "pin 12", "1 kΩ", "1N4148", "5 V", "must be powered from 3.3 V"}},
		{"button.svg", []string{"pull-up", "GPIO 17 · pin 11"}},
		{"rc522.svg", []string{"3.3 V ONLY, never 5 V", "GPIO 8 · pin 24", "GPIO 25 · pin 22", "GPIO 7 · pin 26", "reader.spi_hz", "3.3 V, pin 17", "rail.svg"}},
		{"oled.svg", []string{"GND VCC SCL SDA", "VCC GND SCL SDA", "0x3C", "swap places", "3.3 V, pin 1", "0x78 (or 0x7A", "0x3C (0x3D) shifted left"}},
		{"mcp23017.svg", []string{"15 A0", "16 A1", "17 A2", "0x20", "0x21", "10 kΩ", "100 nF", "330 Ω", "seat cable", "3.3 V, pin 1"}},
		{"transistors.svg", []string{"PN2222A", "BC547 (the one to buy)", "flat face", "P2N2222A (onsemi)"}},
		{"panel.svg", []string{"at least 20", "SPI wires", "perfboard", "strip board"}},
		{"rail.svg", []string{"pin 17 · 3.3 V, readers", "pin 1 · 3.3 V, I²C parts", "draw pad RC522 3.3V", "OLED VCC", "seat pads: VDD, RESET, 10 kΩ pull-ups", "Never 5 V"}},
	}
	for _, tt := range tests {
		svg := circuit(t, m, tt.name)
		for _, w := range tt.want {
			if !strings.Contains(svg, w) {
				t.Errorf("%s does not say %q", tt.name, w)
			}
		}
	}
}

// TestTransistorLegs: the PN2222A is drawn E-B-C and the BC547 C-B-E, left
// to right from the flat face.
func TestTransistorLegs(t *testing.T) {
	svg := circuit(t, hardware.Default(), "transistors.svg")
	var legs []string
	for _, part := range strings.Split(svg, "font-size=\"22\" font-weight=\"bold\">")[1:] {
		legs = append(legs, part[:1])
	}
	if diff := cmp.Diff([]string{"E", "B", "C", "C", "B", "E"}, legs); diff != "" {
		t.Errorf("transistor legs (-want +got):\n%s", diff)
	}
}

// TestCircuitsFollowPinMap: moving a pin moves its label, and optional parts
// left out of the map are still drawn, with their defaults.
func TestCircuitsFollowPinMap(t *testing.T) {
	m := hardware.Default()
	m.LEDs.UNO = 4
	m.Buttons.Yellow = hardware.NoPin
	m.Buzzer.Pin = 27
	m.Buttons.Draw = hardware.NoPin
	m.NFC.Draw = nil
	m.SeatPads.Seats, m.SeatPads.Addrs = 0, nil
	if svg := circuit(t, m, "led.svg"); !strings.Contains(svg, "GPIO 4") || strings.Contains(svg, "GPIO 26") {
		t.Errorf("led.svg does not follow leds.uno to GPIO 4")
	}
	if svg := circuit(t, m, "buzzer.svg"); !strings.Contains(svg, "GPIO 27") {
		t.Errorf("buzzer.svg does not follow buzzer.pin to GPIO 27")
	}
	if svg := circuit(t, m, "button.svg"); strings.Contains(svg, "GPIO 4 · pin 7") {
		t.Errorf("button.svg lists the unwired yellow button")
	}
	if svg := circuit(t, m, "rc522.svg"); !strings.Contains(svg, "optional, not in this pin map") || !strings.Contains(svg, "GPIO 7 · pin 26") {
		t.Errorf("rc522.svg does not show the draw pad as optional on CE1")
	}
	if svg := circuit(t, m, "mcp23017.svg"); !strings.Contains(svg, "0x20") || !strings.Contains(svg, "0x21") {
		t.Errorf("mcp23017.svg without seat pads in the map lost the default addresses")
	}
}

// TestLEDParts: every LED key of the pin map has a part, and the currents
// stay in the few milliamps the README promises.
func TestLEDParts(t *testing.T) {
	m := hardware.Default()
	var keys []string
	for _, s := range m.Signals() {
		if strings.HasPrefix(s.Key, "leds.") {
			keys = append(keys, s.Key)
		}
	}
	have := map[string]hardware.LEDPart{}
	for _, p := range hardware.LEDParts {
		have[p.Key] = p
	}
	total := 0.0
	for _, k := range keys {
		p, ok := have[k]
		if !ok {
			t.Errorf("no LEDPart for %s", k)
			continue
		}
		if ma := p.MilliAmps(); ma < 3 || ma > 5 {
			t.Errorf("%s.MilliAmps() = %.1f, want 3 to 5", k, ma)
		}
		if p.Base == 0 {
			total += p.MilliAmps()
		}
		if p.Base == 0 && 3.3-p.Vf < 1 {
			t.Errorf("%s: %.1f V of headroom on a 3.3 V pin, want at least 1 V or an NPN stage", k, 3.3-p.Vf)
		}
	}
	if total > 35 {
		t.Errorf("LEDs on GPIOs draw %.1f mA together, want under 35", total)
	}
}

// TestREADMEParts: the README's parts list gives, for the minimal and the
// full build, as many resistors of each value as the build uses, one
// transistor part (hardware.NPN) and its own row for the microSD card and
// the supply.
func TestREADMEParts(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := partsRows(string(readme))
	minimal, full := hardware.Default(), hardware.Full()
	values := map[int]bool{}
	for r := range full.Resistors() {
		values[r] = true
	}
	for r := range values {
		name := "resistor " + hardware.Ohms(r)
		got, ok := rows[name]
		if !ok {
			t.Errorf("README.md has no parts row %q", name)
			continue
		}
		if want := [2]string{strconv.Itoa(minimal.Resistors()[r]), strconv.Itoa(full.Resistors()[r])}; got != want {
			t.Errorf("README.md %s: minimal, full = %v, want %v", name, got, want)
		}
	}
	for _, name := range []string{"NPN transistor " + hardware.NPN, "microSD card, 16 GB or more", "5 V supply for the Pi", "strip board, about 10 strips × 25 holes", "male pin header, 2.54 mm, a 40-pin strip to break up"} {
		if _, ok := rows[name]; !ok {
			t.Errorf("README.md has no parts row %q", name)
		}
	}
	if got := rows["NPN transistor "+hardware.NPN]; got != [2]string{"2", "2"} {
		t.Errorf("README.md NPN transistors: %v, want 2 and 2", got)
	}
}

// partsRows reads the README's parts table: part → its minimal and full
// quantities; a part's name ends at its first comma-free cell.
func partsRows(readme string) map[string][2]string {
	rows := map[string][2]string{}
	for _, l := range strings.Split(readme, "\n") {
		cells := strings.Split(l, " | ")
		if len(cells) < 4 || !strings.HasPrefix(l, "| ") {
			continue
		}
		name := strings.TrimPrefix(cells[0], "| ")
		if i := strings.Index(name, ", ¼ W"); i > 0 {
			name = name[:i]
		}
		rows[name] = [2]string{cells[1], cells[2]}
	}
	return rows
}

// TestOnePartPerPinout (issue 23 point 1): the NPN the drawings name is one
// part with one leg order; every part is listed once, under its maker's
// leg order (onsemi's P2N2222A is C-B-E like the BC547, its PN2222A E-B-C),
// and no drawing offers a choice of parts whose legs differ.
func TestOnePartPerPinout(t *testing.T) {
	legs := map[string]string{}
	for _, p := range hardware.TO92Pinouts {
		for _, name := range append([]string{p.Named}, p.Same...) {
			if prev, ok := legs[name]; ok {
				t.Errorf("%s listed under %s and %v", name, prev, p.Legs)
			}
			legs[name] = strings.Join(p.Legs[:], "-")
		}
	}
	for name, want := range map[string]string{"BC547": "C-B-E", "P2N2222A (onsemi)": "C-B-E", "BC337": "C-B-E", "PN2222A": "E-B-C", "2N3904": "E-B-C"} {
		if legs[name] != want {
			t.Errorf("%s: legs %q, want %q", name, legs[name], want)
		}
	}
	if legs[hardware.NPN] == "" {
		t.Errorf("hardware.NPN %s has no pinout", hardware.NPN)
	}
	m := hardware.Default()
	for _, name := range []string{"led.svg", "buzzer.svg"} {
		svg := circuit(t, m, name)
		if !strings.Contains(svg, ">"+hardware.NPN+"<") && !strings.Contains(svg, "NPN: "+hardware.NPN+"<") {
			t.Errorf("%s does not name the NPN %s", name, hardware.NPN)
		}
		if strings.Contains(svg, "2N2222") {
			t.Errorf("%s offers a 2N2222, whose legs depend on its maker", name)
		}
	}
}

// TestStripBoardFeeds (issue 23 point 6): the strip board carries every
// 3.3 V load of the full build from the pin hardware names for it, which
// doctor names too; with the minimal build it is not needed.
func TestStripBoardFeeds(t *testing.T) {
	svg := circuit(t, hardware.Default(), "rail.svg")
	for _, want := range []string{
		fmt.Sprintf("pin %d · 3.3 V, readers", hardware.ReaderPower),
		fmt.Sprintf("pin %d · 3.3 V, I²C parts", hardware.I2CPower),
		"play pad RC522 3.3V", "draw pad RC522 3.3V", "OLED VCC",
		"no strip board needed",
	} {
		if !strings.Contains(svg, want) {
			t.Errorf("rail.svg does not say %q", want)
		}
	}
	if hardware.ReaderPower == hardware.I2CPower || !slices.Contains(hardware.PowerPins("3V3"), hardware.ReaderPower) || !slices.Contains(hardware.PowerPins("3V3"), hardware.I2CPower) {
		t.Errorf("ReaderPower %d, I2CPower %d: want the two 3.3 V pins %v", hardware.ReaderPower, hardware.I2CPower, hardware.PowerPins("3V3"))
	}
}
