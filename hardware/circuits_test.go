package hardware_test

import (
	"bytes"
	"encoding/xml"
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
		{"rc522.svg", []string{"3.3 V ONLY, never 5 V", "GPIO 8 · pin 24", "GPIO 25 · pin 22", "GPIO 7 · pin 26", "reader.spi_hz"}},
		{"oled.svg", []string{"GND VCC SCL SDA", "VCC GND SCL SDA", "0x3C", "swap places"}},
		{"mcp23017.svg", []string{"15 A0", "16 A1", "17 A2", "0x20", "0x21", "10 kΩ", "100 nF", "330 Ω", "seat cable"}},
		{"transistors.svg", []string{"2N2222", "BC547", "flat face"}},
		{"panel.svg", []string{"at least 20", "SPI wires"}},
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

// TestTransistorLegs: the 2N2222 is drawn E-B-C and the BC547 C-B-E, left
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

// TestREADMEResistorSplit: the README's parts list gives, for the required
// parts, as many resistors of each value as the build uses.
func TestREADMEResistorSplit(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := hardware.Default()
	m.SeatPads.Seats = 0
	for r, n := range m.Resistors() {
		row := "| " + strconv.Itoa(n) + " | resistor " + hardware.Ohms(r)
		if !strings.Contains(string(readme), row) {
			t.Errorf("README.md has no row %q…", row)
		}
	}
}
