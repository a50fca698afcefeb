package doctor_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/warthog618/go-gpiocdev"

	"github.com/unoref/unoref/cmd/unoref/internal/doctor"
	"github.com/unoref/unoref/drivers/mfrc522/mfrc522test"
	"github.com/unoref/unoref/drivers/oled/ssd1306test"
	"github.com/unoref/unoref/hardware"
	"github.com/unoref/unoref/hardware/board/boardtest"
)

// want is what one check must say.
type want struct {
	status doctor.Status
	says   []string // substrings of the message
	detail string   // substring of the detail
	pins   []int    // physical pins among Pins
}

func checkReport(t *testing.T, rep *doctor.Report, wants map[string]want) {
	t.Helper()
	for name, w := range wants {
		c := rep.Find(name)
		if c == nil {
			t.Errorf("no check %q in %s", name, names(rep))
			continue
		}
		if c.Status != w.status {
			t.Errorf("%s: status %v (%q; %s), want %v", name, c.Status, c.Message, c.Detail, w.status)
		}
		for _, s := range w.says {
			if !strings.Contains(c.Message, s) {
				t.Errorf("%s: message %q, want it to say %q", name, c.Message, s)
			}
		}
		if !strings.Contains(c.Detail, w.detail) {
			t.Errorf("%s: detail %q, want it to say %q", name, c.Detail, w.detail)
		}
		for _, p := range w.pins {
			if !slices.Contains(c.Pins, p) {
				t.Errorf("%s: pins %v, want pin %d among them", name, c.Pins, p)
			}
		}
	}
}

func names(rep *doctor.Report) string {
	var n []string
	for _, c := range rep.Checks {
		n = append(n, c.Name)
	}
	return strings.Join(n, ", ")
}

// healthy is a simulated board with o's parts, by default the full
// reference build's: both readers and both seat-pad expanders.
func healthy(o boardtest.Opts) *boardtest.Sim {
	o.Draw = true
	if o.Pads == nil {
		o.Pads = []uint16{0x20, 0x21}
	}
	return boardtest.New(&o)
}

// envOf is the doctor's view of b: its host, no speaker.
func envOf(b *boardtest.Sim) *doctor.Env { return &doctor.Env{Host: b.Host()} }

// full is the reference build with every optional part switched on.
var full = doctor.Options{Map: hardware.Full()}

func TestAllOK(t *testing.T) {
	b := healthy(boardtest.Opts{})
	rep := doctor.Run(context.Background(), envOf(b), full)
	if !rep.OK || rep.Problems != 0 {
		var buf bytes.Buffer
		rep.WriteText(&buf)
		t.Fatalf("Run() on a healthy board: OK %v, %d problems, want true, 0:\n%s", rep.OK, rep.Problems, buf.String())
	}
	checkReport(t, rep, map[string]want{
		"pin map":                  {status: doctor.OK, says: []string{"valid", "optional parts switched on: the draw-pad reader and 10 seat pads"}},
		"Raspberry Pi":             {status: doctor.OK, says: []string{"Raspberry Pi 4 Model B"}},
		"SPI":                      {status: doctor.OK, says: []string{"/dev/spidev0.0", "/dev/spidev0.1"}},
		"I²C":                      {status: doctor.OK, says: []string{"/dev/i2c-1"}},
		"GPIO chip":                {status: doctor.OK, says: []string{"gpiochip0"}},
		"play pad reader":          {status: doctor.OK, says: []string{"(MFRC522 v2.0) answers", "CE0", "0x92", "at 4 MHz", "33 dB"}},
		"play pad RF field":        {status: doctor.OK, says: []string{"antenna on", "nothing answers"}},
		"draw pad reader":          {status: doctor.OK, says: []string{"CE1"}},
		"draw pad RF field":        {status: doctor.OK},
		"OLED":                     {status: doctor.OK, says: []string{"0x3C"}},
		"seat pads":                {status: doctor.OK, says: []string{"0x20, 0x21", "10 seats"}},
		"button UNO":               {status: doctor.OK, says: []string{"GPIO17, pin 11", "not pressed"}, pins: []int{11}},
		"LED legal (green)":        {status: doctor.OK, says: []string{"GPIO13, pin 33"}},
		"RC522 RST (NRSTPD)":       {status: doctor.OK, says: []string{"GPIO25, pin 22"}},
		"buzzer (transistor base)": {status: doctor.OK},
	})
	for _, c := range rep.Checks {
		if c.Status != doctor.OK {
			t.Errorf("%s: %v %q, want OK", c.Name, c.Status, c.Message)
		}
	}
	// 21 GPIO keys, nfc.irq and seatpads.int not wired.
	if got := len(rep.Checks); got != 11+19 {
		t.Errorf("%d checks (%s), want 30", got, names(rep))
	}
	// The readers were started by the driver and halted: field off.
	if b.Play.Field() || b.Draw.Field() {
		t.Errorf("RF field left on: play %v draw %v", b.Play.Field(), b.Draw.Field())
	}
	if st := b.OLED.Stats(); st.Tx < 2 {
		t.Errorf("OLED got %d transactions, want the acknowledge probe and the driver's set-up", st.Tx)
	}
	if open := b.Held(); len(open) != 0 {
		t.Errorf("lines %v still requested after Run", open)
	}
	if got := b.Values(boardtest.ResetGPIO); !slices.Equal(got, []int{0, 1}) {
		t.Errorf("RST line values %v, want [0 1] (requested low, then high so the readers run)", got)
	}
	if b.Slept() == 0 {
		t.Errorf("Run never waited for the readers to come out of reset")
	}
}

func writePinMap(t *testing.T, old, new string) string {
	t.Helper()
	s := string(hardware.FullTOML())
	if !strings.Contains(s, old) {
		t.Fatalf("the full pin map has no %q", old)
	}
	path := filepath.Join(t.TempDir(), "pinmap.toml")
	if err := os.WriteFile(path, []byte(strings.Replace(s, old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestFaults(t *testing.T) {
	tests := []struct {
		name   string
		board  func() *boardtest.Sim
		break_ func(t *testing.T, b *boardtest.Sim) doctor.Options
		wants  map[string]want
	}{
		{
			name:   "reader unplugged",
			break_: func(t *testing.T, b *boardtest.Sim) doctor.Options { b.Play.Unplug(); return full },
			wants: map[string]want{
				"play pad reader":   {status: doctor.Problem, says: []string{"no answer from the RC522 on SPI0 CE0", "MISO (pin 21, GPIO9)", "3.3 V (pin 17)", "never 5 V"}, detail: "VersionReg read 0x00", pins: []int{21, 17, 24}},
				"play pad RF field": {status: doctor.Skipped},
				"draw pad reader":   {status: doctor.OK},
			},
		},
		{
			name:   "draw reader not fitted",
			break_: func(t *testing.T, b *boardtest.Sim) doctor.Options { b.Draw.Unplug(); return full },
			wants: map[string]want{
				"play pad reader":   {status: doctor.OK},
				"draw pad reader":   {status: doctor.Skipped, says: []string{"SPI0 CE1", "optional", "MISO (pin 21, GPIO9)", "SDA/SS (pin 26, GPIO7)"}, detail: "VersionReg read 0x00"},
				"draw pad RF field": {status: doctor.Skipped},
			},
		},
		{
			// Issue 23 point 15: 0x88 is the FM17522 the Arduino
			// library names (0xB2 was taken for one).
			name: "clone reader the driver knows",
			board: func() *boardtest.Sim {
				return healthy(boardtest.Opts{Play: &mfrc522test.Opts{Version: 0x88}})
			},
			wants: map[string]want{
				"play pad reader":   {status: doctor.Warn, says: []string{"(FM17522 clone) answered 0x88", "works", "at 4 MHz"}},
				"play pad RF field": {status: doctor.OK},
			},
		},
		{
			// Issue 23 point 15: 0x90 is NXP's own v0.0.
			name: "NXP MFRC522 v0.0",
			board: func() *boardtest.Sim {
				return healthy(boardtest.Opts{Play: &mfrc522test.Opts{Version: 0x90}})
			},
			wants: map[string]want{
				"play pad reader":   {status: doctor.OK, says: []string{"(MFRC522 v0.0)", "VersionReg 0x90"}},
				"play pad RF field": {status: doctor.OK},
			},
		},
		{
			// Issue 23 point 15: 0x12 modules are reported to detect
			// no tags with the Arduino library (its issue #482).
			name: "counterfeit 0x12",
			board: func() *boardtest.Sim {
				return healthy(boardtest.Opts{Play: &mfrc522test.Opts{Version: 0x12}})
			},
			wants: map[string]want{
				"play pad reader":   {status: doctor.Warn, says: []string{"counterfeit", "0x12", "detect no cards", "unoref tag read", "another module"}},
				"play pad RF field": {status: doctor.OK},
			},
		},
		{
			// Issue 10 point 4: the driver accepts any version but
			// 0x00/0xFF; the doctor warns on one nobody described.
			name: "unknown clone the driver accepts",
			board: func() *boardtest.Sim {
				return healthy(boardtest.Opts{Play: &mfrc522test.Opts{Version: 0x37}})
			},
			wants: map[string]want{
				"play pad reader":   {status: doctor.Warn, says: []string{"unknown chip (VersionReg 0x37)"}},
				"play pad RF field": {status: doctor.OK},
			},
		},
		{
			name: "reader overheating",
			break_: func(t *testing.T, b *boardtest.Sim) doctor.Options {
				b.Play.Overheat(true)
				return full
			},
			wants: map[string]want{
				"play pad reader":   {status: doctor.OK},
				"play pad RF field": {status: doctor.Problem, says: []string{"overheating", "3.3 V (pin 17)", "never 5 V"}},
			},
		},
		{
			name: "garbage in the field",
			break_: func(t *testing.T, b *boardtest.Sim) doctor.Options {
				b.Play.Place(mfrc522test.NewNTAG213([]byte{0x04, 1, 2, 3, 4, 5, 6}))
				b.Play.InjectFault(mfrc522test.FaultGarbage, 100)
				return full
			},
			wants: map[string]want{
				"play pad RF field": {status: doctor.Problem, says: []string{"garbage"}, detail: "mfrc522:"},
				"draw pad RF field": {status: doctor.OK},
			},
		},
		{
			name: "card on the pad",
			break_: func(t *testing.T, b *boardtest.Sim) doctor.Options {
				b.Draw.Place(mfrc522test.NewNTAG213([]byte{0x04, 1, 2, 3, 4, 5, 6}))
				return full
			},
			wants: map[string]want{
				"draw pad RF field": {status: doctor.OK, says: []string{"a card lies on the draw pad", "04010203040506"}},
			},
		},
		{
			name:   "OLED unplugged",
			break_: func(t *testing.T, b *boardtest.Sim) doctor.Options { b.OLED.Unplug(); return full },
			wants: map[string]want{
				"OLED":      {status: doctor.Problem, says: []string{"no OLED at 0x3C on I²C1", "SDA (pin 3, GPIO2)", "SCL (pin 5, GPIO3)", "VCC 3.3 V", "0x3D"}, pins: []int{3, 5}},
				"seat pads": {status: doctor.OK},
			},
		},
		{
			name:  "OLED at the other address",
			board: func() *boardtest.Sim { return healthy(boardtest.Opts{OLED: &ssd1306test.Opts{Addr: 0x3D}}) },
			wants: map[string]want{
				"OLED": {status: doctor.Problem, says: []string{"no OLED at 0x3C", "SDA pin 3, GPIO2", "SCL pin 5, GPIO3", "answers at 0x3D", "jumper"}, pins: []int{3, 5}},
			},
		},
		{
			name:  "OLED at 0x3D, and the pin map says so",
			board: func() *boardtest.Sim { return healthy(boardtest.Opts{OLED: &ssd1306test.Opts{Addr: 0x3D}}) },
			break_: func(t *testing.T, b *boardtest.Sim) doctor.Options {
				return doctor.Options{PinMap: writePinMap(t, "addr = 0x3C", "addr = 0x3D")}
			},
			wants: map[string]want{
				"OLED": {status: doctor.OK, says: []string{"acknowledges at 0x3D"}},
			},
		},
		{
			name: "OLED set-up fails",
			break_: func(t *testing.T, b *boardtest.Sim) doctor.Options {
				b.OLED.FailNext(2, nil)
				return full
			},
			wants: map[string]want{
				"OLED": {status: doctor.Problem, says: []string{"no OLED at 0x3C"}, detail: "injected"},
			},
		},
		{
			name:  "one seat-pad expander of two",
			board: func() *boardtest.Sim { return healthy(boardtest.Opts{Pads: []uint16{0x20}}) },
			wants: map[string]want{
				"seat pads": {status: doctor.Warn, says: []string{"only 1 MCP23017 answers (0x20), none at 0x21", "seats 9–10 have no pads", "seatpads.seats = 8", "SDA (chip pin 13) to header pin 3", "SCL (chip pin 12) to header pin 5"}, detail: "0x21: A2 A1 A0 (chip pins 17 16 15) to GND, GND, 3.3 V"},
				"OLED":      {status: doctor.OK},
			},
		},
		{
			name:  "seat pads not fitted",
			board: func() *boardtest.Sim { return healthy(boardtest.Opts{Pads: []uint16{}}) },
			wants: map[string]want{
				"seat pads": {status: doctor.Skipped, says: []string{"no seat-pad expander (MCP23017) answers at 0x20, 0x21", "optional"}},
				"OLED":      {status: doctor.OK},
			},
		},
		{
			name: "no seat pads configured",
			break_: func(t *testing.T, b *boardtest.Sim) doctor.Options {
				return doctor.Options{PinMap: writePinMap(t, "seats = 10", "seats = 0")}
			},
			wants: map[string]want{"OLED": {status: doctor.OK}},
		},
		{
			name: "GPIO line busy",
			break_: func(t *testing.T, b *boardtest.Sim) doctor.Options {
				b.SetBusy(13)
				b.SetBusy(17)
				return full
			},
			wants: map[string]want{
				"LED legal (green)": {status: doctor.Problem, says: []string{"GPIO13 (pin 33, LED legal (green)) is used by another program", "systemctl stop unoref"}, detail: "device or resource busy", pins: []int{33}},
				"button UNO":        {status: doctor.Problem, says: []string{"GPIO17 (pin 11, button UNO) is used by another program"}},
				"button DRAW":       {status: doctor.OK},
			},
		},
		{
			name: "button stuck low",
			break_: func(t *testing.T, b *boardtest.Sim) doctor.Options {
				b.SetLevel(17, 0)
				return full
			},
			wants: map[string]want{
				"button UNO":  {status: doctor.Problem, says: []string{"button UNO (GPIO17, pin 11) reads pressed", "shorted to GND"}, pins: []int{11}},
				"button DRAW": {status: doctor.OK},
			},
		},
		{
			name: "no GPIO chip",
			break_: func(t *testing.T, b *boardtest.Sim) doctor.Options {
				b.SetChipErr(gpiocdev.ErrNotFound)
				return full
			},
			wants: map[string]want{
				"GPIO chip":  {status: doctor.Problem, says: []string{"no GPIO chip gpiochip0", "gpio.chip"}},
				"button UNO": {status: doctor.Skipped},
				// Without RST driven the readers keep running.
				"play pad reader": {status: doctor.OK},
			},
		},
		{
			name: "no permission for the GPIO chip",
			break_: func(t *testing.T, b *boardtest.Sim) doctor.Options {
				b.SetChipErr(gpiocdev.ErrPermissionDenied)
				return full
			},
			wants: map[string]want{
				"GPIO chip": {status: doctor.Problem, says: []string{"no permission", "gpio group"}},
			},
		},
		{
			name: "missing /dev/spidev",
			break_: func(t *testing.T, b *boardtest.Sim) doctor.Options {
				delete(b.Files, "dev/spidev0.0")
				delete(b.Files, "dev/spidev0.1")
				return full
			},
			wants: map[string]want{
				"SPI":               {status: doctor.Problem, says: []string{"SPI is off: add dtparam=spi=on to config.txt (firmware/config.txt) and reboot"}, detail: "/dev/spidev0.0"},
				"play pad reader":   {status: doctor.Skipped},
				"draw pad RF field": {status: doctor.Skipped},
				"OLED":              {status: doctor.OK},
			},
		},
		{
			name: "only one chip select",
			break_: func(t *testing.T, b *boardtest.Sim) doctor.Options {
				delete(b.Files, "dev/spidev0.1")
				return full
			},
			wants: map[string]want{
				"SPI":             {status: doctor.Problem, says: []string{"/dev/spidev0.1 is missing", "spi0-1cs"}},
				"play pad reader": {status: doctor.OK},
				"draw pad reader": {status: doctor.Skipped},
			},
		},
		{
			name: "missing /dev/i2c-1",
			break_: func(t *testing.T, b *boardtest.Sim) doctor.Options {
				delete(b.Files, "dev/i2c-1")
				return full
			},
			wants: map[string]want{
				"I²C":       {status: doctor.Problem, says: []string{"I²C is off", "dtparam=i2c_arm=on", "i2c-dev"}},
				"OLED":      {status: doctor.Skipped},
				"seat pads": {status: doctor.Skipped},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := healthy(boardtest.Opts{})
			if tt.board != nil {
				b = tt.board()
			}
			o := full
			if tt.break_ != nil {
				o = tt.break_(t, b)
			}
			rep := doctor.Run(context.Background(), envOf(b), o)
			checkReport(t, rep, tt.wants)
			problems := 0
			for _, w := range tt.wants {
				if w.status == doctor.Problem {
					problems++
				}
			}
			if rep.Problems != problems || rep.OK != (problems == 0) {
				t.Errorf("Run(): %d problems, OK %v, want %d, %v (%s)", rep.Problems, rep.OK, problems, problems == 0, names(rep))
			}
			if open := b.Held(); len(open) != 0 {
				t.Errorf("lines %v still requested after Run", open)
			}
		})
	}
}

func TestBadPinMap(t *testing.T) {
	tests := []struct {
		name   string
		path   func(t *testing.T) string
		says   []string
		detail string
	}{
		{"duplicate pin", func(t *testing.T) string { return writePinMap(t, "dir_ccw = 6", "dir_ccw = 5") },
			[]string{"not valid", "leds.dir_ccw"}, "GPIO 5 already used by leds.dir_cw"},
		{"two problems", func(t *testing.T) string {
			p := writePinMap(t, "dir_ccw = 6", "dir_ccw = 5")
			s, _ := os.ReadFile(p)
			os.WriteFile(p, []byte(strings.Replace(string(s), "uno = 26", "uno = 9", 1)), 0o644)
			return p
		}, []string{"leds.dir_ccw, leds.uno"}, "SPI0 MISO"},
		{"missing file", func(t *testing.T) string { return filepath.Join(t.TempDir(), "nope.toml") },
			[]string{"no pin map file", "nope.toml"}, "no such file"},
		{"not TOML", func(t *testing.T) string { return writePinMap(t, "[leds]", "[leds") },
			[]string{"cannot be read", "TOML"}, "hardware:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := healthy(boardtest.Opts{})
			rep := doctor.Run(context.Background(), envOf(b), doctor.Options{PinMap: tt.path(t)})
			if len(rep.Checks) != 1 || rep.OK || rep.Problems != 1 {
				t.Fatalf("Run() = %d checks (%s), OK %v, want only the pin map's problem", len(rep.Checks), names(rep), rep.OK)
			}
			checkReport(t, rep, map[string]want{"pin map": {status: doctor.Problem, says: tt.says, detail: tt.detail}})
			if b.Play.Stats().Tx != 0 {
				t.Errorf("the reader was used with an invalid pin map")
			}
		})
	}
}

func TestBlink(t *testing.T) {
	b := healthy(boardtest.Opts{})
	var said []string
	rep := doctor.Run(context.Background(), envOf(b), doctor.Options{Blink: true, Say: func(s string) { said = append(said, s) }})
	if len(said) != 10 || said[0] != "now on: LED colour green (GPIO14, pin 8)" {
		t.Errorf("Blink said %q, want 10 lines, the first for GPIO14", said)
	}
	checkReport(t, rep, map[string]want{
		"blink": {status: doctor.OK, says: []string{"LED legal (green) (pin 33)", "buzzer (transistor base) (pin 12)"}, pins: []int{33, 12, 37}},
	})
	pm := hardware.Default()
	for _, p := range []hardware.Pin{pm.LEDs.DirCW, pm.LEDs.Legal, pm.LEDs.UNO, pm.LEDs.Blue, pm.Buzzer.Pin} {
		if got := b.Values(int(p)); !slices.Equal(got, []int{0, 1, 0}) {
			t.Errorf("GPIO%d values %v, want [0 1 0] (off, on, off)", p, got)
		}
	}
	for _, p := range []hardware.Pin{pm.Buttons.UNO} {
		if got := b.Values(int(p)); got != nil {
			t.Errorf("button GPIO%d driven %v", p, got)
		}
	}
	// Without --blink nothing lights.
	b = healthy(boardtest.Opts{})
	doctor.Run(context.Background(), envOf(b), doctor.Options{})
	if got := b.Values(int(pm.LEDs.Legal)); !slices.Equal(got, []int{0}) {
		t.Errorf("LED legal values %v without Blink, want [0]", got)
	}
}

func TestInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rep := doctor.Run(ctx, envOf(healthy(boardtest.Opts{})), doctor.Options{})
	if rep.OK || rep.Find("interrupted") == nil {
		t.Errorf("Run(cancelled) = OK %v, checks %s, want an interrupted problem", rep.OK, names(rep))
	}
}

func TestReportOutput(t *testing.T) {
	b := healthy(boardtest.Opts{})
	b.Play.Unplug()
	rep := doctor.Run(context.Background(), envOf(b), doctor.Options{})
	var txt bytes.Buffer
	if err := rep.WriteText(&txt); err != nil {
		t.Fatal(err)
	}
	s := txt.String()
	for _, w := range []string{
		"pin map: built-in reference build",
		"PROBLEM  play pad reader ",
		"OK       OLED ",
		"SKIP     play pad RF field ",
		"(VersionReg read 0x00;",
		"1 problem found",
	} {
		if !strings.Contains(s, w) {
			t.Errorf("text report lacks %q:\n%s", w, s)
		}
	}
	var js bytes.Buffer
	if err := rep.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var got struct {
		OK       bool `json:"ok"`
		Problems int  `json:"problems"`
		Checks   []struct {
			Name, Status, Message string
			Pins                  []int
		} `json:"checks"`
	}
	if err := json.Unmarshal(js.Bytes(), &got); err != nil {
		t.Fatalf("WriteJSON: %v\n%s", err, js.String())
	}
	if got.OK || got.Problems != 1 {
		t.Errorf("JSON ok %v problems %d, want false 1", got.OK, got.Problems)
	}
	i := slices.IndexFunc(got.Checks, func(c struct {
		Name, Status, Message string
		Pins                  []int
	}) bool {
		return c.Name == "play pad reader"
	})
	if i < 0 || got.Checks[i].Status != "problem" || !slices.Contains(got.Checks[i].Pins, 21) {
		t.Errorf("JSON play pad reader = %+v, want status problem with pin 21", got.Checks)
	}
}

func TestStatusString(t *testing.T) {
	for _, tt := range []struct {
		s    doctor.Status
		want string
	}{{doctor.OK, "OK"}, {doctor.Warn, "WARN"}, {doctor.Problem, "PROBLEM"}, {doctor.Skipped, "SKIP"}, {doctor.Status(9), "Status(9)"}} {
		if got := tt.s.String(); got != tt.want {
			t.Errorf("Status(%d).String() = %q, want %q", int(tt.s), got, tt.want)
		}
	}
}

// TestStep (issue 23 point 5): doctor follows the guide's order. At each
// step the parts the guide has not fitted yet are "not fitted yet", not a
// problem; a part it has fitted and that does not answer is one.
func TestStep(t *testing.T) {
	tests := []struct {
		name     string
		step     hardware.Step
		unplug   func(b *boardtest.Sim)
		problems int
		wants    map[string]want
		closing  string
	}{
		{"step 1: the Pi alone", hardware.StepPi, func(b *boardtest.Sim) { b.Play.Unplug(); b.OLED.Unplug() }, 0, map[string]want{
			"SPI":                {status: doctor.OK},
			"play pad reader":    {status: doctor.Skipped, says: []string{"not fitted yet", "step 3 (The play pad reader)", "unoref doctor --step 3"}},
			"play pad RF field":  {status: doctor.Skipped, says: []string{"not fitted yet"}},
			"OLED":               {status: doctor.Skipped, says: []string{"not fitted yet", "step 2 (The OLED)"}},
			"LED UNO (amber)":    {status: doctor.OK, says: []string{"is free", "comes at step 4 (The LEDs)"}},
			"RC522 RST (NRSTPD)": {status: doctor.OK, says: []string{"is free", "step 3"}},
			"button UNO":         {status: doctor.OK, says: []string{"is free", "step 6 (The buttons)"}},
		}, "No problem found up to step 1: go on with step 2 of the guide (The OLED)."},
		{"step 2: the OLED, no reader yet", hardware.StepOLED, func(b *boardtest.Sim) { b.Play.Unplug() }, 0, map[string]want{
			"OLED":            {status: doctor.OK},
			"play pad reader": {status: doctor.Skipped, says: []string{"not fitted yet"}},
		}, "go on with step 3 of the guide (The play pad reader)."},
		{"step 3: the reader fitted but silent", hardware.StepPlayReader, func(b *boardtest.Sim) { b.Play.Unplug() }, 1, map[string]want{
			"play pad reader": {status: doctor.Problem, says: []string{"no answer from the RC522"}},
		}, "1 problem found"},
		{"the whole build, no --step: the silent reader is a problem", 0, func(b *boardtest.Sim) { b.Play.Unplug() }, 1, map[string]want{
			"play pad reader": {status: doctor.Problem},
		}, "1 problem found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := healthy(boardtest.Opts{Pads: []uint16{}})
			b.Draw.Unplug()
			tt.unplug(b)
			rep := doctor.Run(context.Background(), envOf(b), doctor.Options{Step: tt.step})
			checkReport(t, rep, tt.wants)
			if rep.Problems != tt.problems {
				t.Errorf("%d problems (%s), want %d", rep.Problems, names(rep), tt.problems)
			}
			var buf bytes.Buffer
			if err := rep.WriteText(&buf); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(buf.String(), tt.closing) {
				t.Errorf("report ends %q, want it to say %q", buf.String()[max(0, buf.Len()-200):], tt.closing)
			}
		})
	}
}

// TestStepWalk: at step 2 the walk asks for nothing the guide has not
// fitted: no button, LED or buzzer, no card; it shows the OLED's test
// pattern.
func TestStepWalk(t *testing.T) {
	b := healthy(boardtest.Opts{Pads: []uint16{}})
	b.Draw.Unplug()
	b.Play.Unplug()
	var asked []string
	rep := doctor.Run(context.Background(), envOf(b), doctor.Options{Step: hardware.StepOLED, Walk: true,
		Say: func(s string) { asked = append(asked, s) },
		Ask: func(q string) bool { asked = append(asked, q); return true }})
	if len(asked) != 1 || !strings.Contains(asked[0], "frame") {
		t.Errorf("asked %q at step 2, want only the OLED's test pattern", asked)
	}
	if !rep.OK {
		t.Errorf("%d problems at step 2 (%s)", rep.Problems, names(rep))
	}
}

// TestConfigSim (issue 23 point 10): a configuration that runs the virtual
// table is said, with the section and key to change.
func TestConfigSim(t *testing.T) {
	b := healthy(boardtest.Opts{})
	rep := doctor.Run(context.Background(), envOf(b), doctor.Options{Map: hardware.Full(), Config: "/etc/unoref/unoref.toml", Sim: true})
	checkReport(t, rep, map[string]want{
		"config": {status: doctor.Warn, says: []string{"/etc/unoref/unoref.toml", "sim = true in its [devices] section", "virtual table", "set sim = false", "sudo systemctl restart unoref"}},
	})
	if rep := doctor.Run(context.Background(), envOf(healthy(boardtest.Opts{})), full); rep.Find("config") != nil {
		t.Errorf("a config check without devices.sim")
	}
}
