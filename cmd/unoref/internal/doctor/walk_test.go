package doctor_test

import (
	"context"
	"fmt"
	"image"
	"strings"
	"testing"
	"testing/fstest"

	"periph.io/x/conn/v3/physic"

	"github.com/unoref/unoref/cmd/unoref/internal/doctor"
	"github.com/unoref/unoref/drivers/mfrc522/mfrc522test"
	"github.com/unoref/unoref/drivers/oled/ssd1306test"
	"github.com/unoref/unoref/drivers/seatpad/mcp23017test"
	"github.com/unoref/unoref/hardware"
	"github.com/unoref/unoref/hardware/board/boardtest"
)

func TestMinimalBuildDoctor(t *testing.T) {
	// The parts list's required parts only: no draw-pad reader, no
	// expanders, and the shipped pin map.
	b := healthy(boardtest.Opts{Pads: []uint16{}})
	b.Draw.Unplug()
	rep := doctor.Run(context.Background(), envOf(b), doctor.Options{})
	if !rep.OK {
		t.Errorf("Run(minimal build) = %d problems (%s), want none", rep.Problems, names(rep))
	}
	for _, c := range rep.Checks {
		if c.Status != doctor.OK {
			t.Errorf("%s: %v %q, want OK", c.Name, c.Status, c.Message)
		}
		if strings.Contains(c.Name, "draw pad") || c.Name == "seat pads" {
			t.Errorf("check %q on the minimal build: optional parts are off", c.Name)
		}
	}
	checkReport(t, rep, map[string]want{"pin map": {status: doctor.OK, says: []string{"the minimal build"}}})
}

func TestNotAPi(t *testing.T) {
	tests := []struct {
		name   string
		root   fstest.MapFS
		detail string
	}{
		{"laptop", fstest.MapFS{}, "no device tree model in /proc/device-tree/model or /sys/firmware/devicetree/base/model"},
		{"another board", fstest.MapFS{"proc/device-tree/model": {Data: []byte("Pine64 RockPro64 v2.1\x00")}}, "Pine64"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := healthy(boardtest.Opts{})
			b.Files = tt.root
			delete(b.Files, "dev/spidev0.0")
			rep := doctor.Run(context.Background(), envOf(b), doctor.Options{})
			checkReport(t, rep, map[string]want{"Raspberry Pi": {status: doctor.Problem, says: []string{"this is not a Raspberry Pi", "unoref run --sim"}, detail: tt.detail}})
			if rep.Find("SPI") != nil || len(rep.Checks) != 2 {
				t.Errorf("Run() on a non-Pi = %s, want only the pin map and the machine (no \"SPI is off\")", names(rep))
			}
		})
	}
}

func TestReaderSettings(t *testing.T) {
	tests := []struct {
		name   string
		board  func() *boardtest.Sim
		o      doctor.Options
		status doctor.Status
		says   []string
	}{
		{"answers only at 1 MHz", func() *boardtest.Sim {
			b := healthy(boardtest.Opts{})
			b.MaxSPI["/dev/spidev0.0"] = physic.MegaHertz
			return b
		}, doctor.Options{}, doctor.Problem, []string{"answered only at 1 MHz, not at 4 MHz", "set reader.spi_hz = 1000000"}},
		{"slow clock and high gain in the pin map", func() *boardtest.Sim { return healthy(boardtest.Opts{}) },
			doctor.Options{Map: edited(t, "spi_hz = 4000000", "spi_hz = 500000", "gain_db = 33", "gain_db = 48")},
			doctor.OK, []string{"(MFRC522 v2.0) answers", "at 0.5 MHz", "48 dB gain"}},
		{"driver defaults", func() *boardtest.Sim { return healthy(boardtest.Opts{}) },
			doctor.Options{Map: edited(t, "spi_hz = 4000000", "", "gain_db = 33", "")},
			doctor.OK, []string{"at 4 MHz", "33 dB gain, the default"}},
		{"a clone chip", func() *boardtest.Sim {
			return healthy(boardtest.Opts{Play: &mfrc522test.Opts{Version: 0x88}})
		}, doctor.Options{}, doctor.Warn, []string{"(FM17522 clone) answered 0x88", "range may be shorter"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := doctor.Run(context.Background(), envOf(tt.board()), tt.o)
			checkReport(t, rep, map[string]want{
				"play pad reader":   {status: tt.status, says: tt.says},
				"play pad RF field": {status: doctor.OK},
			})
		})
	}
}

// edited is the default pin map with each old, new pair replaced.
func edited(t *testing.T, pairs ...string) *hardware.PinMap {
	t.Helper()
	s := string(hardware.DefaultTOML())
	for i := 0; i < len(pairs); i += 2 {
		if !strings.Contains(s, pairs[i]) {
			t.Fatalf("pinmap.toml has no %q", pairs[i])
		}
		s = strings.Replace(s, pairs[i], pairs[i+1], 1)
	}
	m, err := hardware.Load(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestActiveLowBuzzer(t *testing.T) {
	o := doctor.Options{Map: edited(t, "active_low = false          # true only", "active_low = true # true only")}
	rep := doctor.Run(context.Background(), envOf(healthy(boardtest.Opts{})), o)
	checkReport(t, rep, map[string]want{
		"buzzer (transistor base)": {status: doctor.Warn, says: []string{"buzzer.active_low", "from 3.3 V, never 5 V", "feeds current into the GPIO"}},
	})
}

// person is who walks the build: they press the buttons (or another
// line, for a wrong wire), answer what they see and tap cards.
type person struct {
	b        *boardtest.Sim
	wires    map[int]int  // button GPIO → the GPIO its wire really is on
	dark     map[int]bool // GPIOs whose LED stays dark
	noCard   bool
	darkSeat map[int]bool // seats whose LED stays dark
	said     []string
	offsets  map[string]int // button name → GPIO
}

func (p *person) say(s string) {
	p.said = append(p.said, s)
	switch {
	case strings.HasPrefix(s, "press "):
		for name, off := range p.offsets {
			if strings.HasPrefix(s, "press "+name+" (") {
				if w, ok := p.wires[off]; ok {
					off = w
				}
				p.b.PressFor(off, 3)
			}
		}
	case strings.HasPrefix(s, "tap a card on the play pad") && !p.noCard:
		p.b.Play.Place(mfrc522test.NewNTAG213([]byte{0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66}))
	}
}

// ask answers from what the lines show: an LED is lit when its line is 1
// and it is not dark; a seat LED when its MCP23017 pin drives high.
func (p *person) ask(q string) bool {
	if strings.Contains(q, "frame along all four edges") {
		return wholeFrame(p.b.OLED.Image())
	}
	var seat int
	if _, err := fmt.Sscanf(q, "Is the LED of seat %d lit?", &seat); err == nil {
		c, pin := p.b.SeatLED(seat - 1)
		return c.IsOutput(pin) && c.Level(pin) && !p.darkSeat[seat]
	}
	for _, c := range []struct {
		gpio int
		what string
	}{{14, "LED colour green"}, {13, "LED legal (green)"}, {18, "buzzer"}} {
		if strings.Contains(q, c.what) {
			v := p.b.Values(c.gpio)
			return v[len(v)-1] == 1 && !p.dark[c.gpio]
		}
	}
	return true
}

// wholeFrame tells whether a person sees the doctor's test pattern: every
// pixel of the four edges lit, none inside.
func wholeFrame(img *image.Gray) bool {
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			edge := x == r.Min.X || x == r.Max.X-1 || y == r.Min.Y || y == r.Max.Y-1
			if lit := img.GrayAt(x, y).Y != 0; lit != edge {
				return false
			}
		}
	}
	return true
}

func TestWalk(t *testing.T) {
	tests := []struct {
		name  string
		setup func(b *boardtest.Sim, p *person)
		wants map[string]want
	}{
		{"all good", nil, map[string]want{
			"serial console":                {status: doctor.OK, says: []string{"GPIO 14 and 15 are free"}},
			"press button UNO":              {status: doctor.OK, says: []string{"GPIO17, pin 11 went low"}},
			"press button DRAW":             {status: doctor.OK},
			"see LED colour green":          {status: doctor.OK},
			"hear buzzer (transistor base)": {status: doctor.OK, says: []string{"heard by you"}},
			"see LED colour blue":           {status: doctor.OK, says: []string{"seen by you"}},
			"see the OLED's test pattern":   {status: doctor.OK, says: []string{"seen by you", `oled.chip = "ssd1306" fits`}},
			"tap on play pad":               {status: doctor.OK, says: []string{"04112233445566"}},
		}},
		{"button on the wrong pin", func(b *boardtest.Sim, p *person) { p.wires[17] = 27 }, map[string]want{
			"press button UNO":  {status: doctor.Problem, says: []string{"you pressed button UNO, but GPIO27, pin 13 (button DRAW) went low", "on pin 13, not pin 11"}, pins: []int{11}},
			"press button DRAW": {status: doctor.OK},
		}},
		{"button stuck", func(b *boardtest.Sim, p *person) { b.SetLevel(22, 0) }, map[string]want{
			"button PASS/OK":       {status: doctor.Problem, says: []string{"reads pressed"}},
			"press button PASS/OK": {status: doctor.Skipped, says: []string{"reads pressed at rest"}},
			"press button UNO":     {status: doctor.OK},
		}},
		{"button not wired", func(b *boardtest.Sim, p *person) { p.wires[23] = -1 }, map[string]want{
			"press button CHALLENGE": {status: doctor.Problem, says: []string{"no press seen on GPIO23, pin 16"}},
		}},
		{"LED missing", func(b *boardtest.Sim, p *person) { p.dark[13] = true }, map[string]want{
			"see LED legal (green)": {status: doctor.Problem, says: []string{"you did not see it", "polarity"}},
			"see LED colour green":  {status: doctor.OK},
		}},
		{"no card", func(b *boardtest.Sim, p *person) { p.noCard = true }, map[string]want{
			"tap on play pad": {status: doctor.Problem, says: []string{"no card seen on the play pad", "20 cm"}},
		}},
		{"serial console on", func(b *boardtest.Sim, p *person) {
			b.Files["boot/firmware/cmdline.txt"] = &fstest.MapFile{Data: []byte("console=serial0,115200 console=tty1 root=PARTUUID=6c586e13-02 rootwait\n")}
		}, map[string]want{
			"serial console": {status: doctor.Problem, says: []string{"GPIO 14 and 15", "remove console=serial0,115200 from /boot/firmware/cmdline.txt", "reboot"}, pins: []int{8, 10}},
		}},
		{"serial console removed, not rebooted", func(b *boardtest.Sim, p *person) {
			b.Files["proc/cmdline"] = &fstest.MapFile{Data: []byte("console=ttyS0,115200 console=tty1 rootwait\n")}
		}, map[string]want{
			"serial console": {status: doctor.Problem, says: []string{"still runs with console=ttyS0,115200: reboot"}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := healthy(boardtest.Opts{Pads: []uint16{}})
			b.Draw.Unplug()
			pm := hardware.Default()
			p := &person{b: b, wires: map[int]int{}, dark: map[int]bool{}, darkSeat: map[int]bool{}, offsets: map[string]int{}}
			for _, bt := range []struct {
				name string
				pin  hardware.Pin
			}{{"button UNO", pm.Buttons.UNO}, {"button DRAW", pm.Buttons.Draw}, {"button PASS/OK", pm.Buttons.Pass},
				{"button CHALLENGE", pm.Buttons.Challenge}, {"button red", pm.Buttons.Red}, {"button yellow", pm.Buttons.Yellow},
				{"button green", pm.Buttons.Green}, {"button blue", pm.Buttons.Blue}} {
				p.offsets[bt.name] = int(bt.pin)
			}
			if tt.setup != nil {
				tt.setup(b, p)
			}
			rep := doctor.Run(context.Background(), envOf(b), doctor.Options{Walk: true, Say: p.say, Ask: p.ask})
			checkReport(t, rep, tt.wants)
			problems := 0
			for _, w := range tt.wants {
				if w.status == doctor.Problem {
					problems++
				}
			}
			if rep.Problems != problems {
				t.Errorf("Run(walk): %d problems, want %d (%s)", rep.Problems, problems, names(rep))
			}
			if open := b.Held(); len(open) != 0 {
				t.Errorf("lines %v still requested after the walk", open)
			}
		})
	}
}

func TestWalkSeats(t *testing.T) {
	b := healthy(boardtest.Opts{})
	p := &person{b: b, dark: map[int]bool{}, darkSeat: map[int]bool{7: true}, offsets: map[string]int{}}
	rep := doctor.Run(context.Background(), envOf(b), doctor.Options{Map: hardware.Full(), Walk: true, Say: p.say, Ask: p.ask})
	checkReport(t, rep, map[string]want{
		"see seat 1 LED":  {status: doctor.OK},
		"see seat 7 LED":  {status: doctor.Problem, says: []string{"seat cable"}},
		"see seat 10 LED": {status: doctor.OK},
		"tap on draw pad": {status: doctor.Problem, says: []string{"no card seen on the draw pad"}},
	})
	if lit := b.Pads.Chip(0x21).Level(mcp23017test.Pin(5)); lit {
		t.Errorf("seat 10's LED left on after the walk")
	}
}

// TestWalkOLEDChip (issue 23 point 9): the walk shows a frame on the OLED
// and asks whether it is whole, the one sign of a wrong oled.chip; the
// person here looks at the simulated panel.
func TestWalkOLEDChip(t *testing.T) {
	tests := []struct {
		name   string
		fitted ssd1306test.Chip
		chip   string // oled.chip in the pin map
		want   want
	}{
		{"SSD1306 as ssd1306", ssd1306test.SSD1306, "ssd1306", want{status: doctor.OK, says: []string{"seen by you"}}},
		{"SH1106 as sh1106", ssd1306test.SH1106, "sh1106", want{status: doctor.OK, says: []string{"seen by you", `oled.chip = "sh1106" fits`}}},
		{"SH1106 as ssd1306: shifted, noise on the right", ssd1306test.SH1106, "ssd1306", want{status: doctor.Problem, says: []string{`set oled.chip = "sh1106"`, "left edge", "dots along the right"}}},
		{"SSD1306 as sh1106: dark", ssd1306test.SSD1306, "sh1106", want{status: doctor.Problem, says: []string{`set oled.chip = "ssd1306"`, "dark screen"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := healthy(boardtest.Opts{Pads: []uint16{}, OLED: &ssd1306test.Opts{Chip: tt.fitted}})
			b.Draw.Unplug()
			p := &person{b: b, wires: map[int]int{}, dark: map[int]bool{}, darkSeat: map[int]bool{}, offsets: map[string]int{}}
			pm := hardware.Default()
			pm.OLED.Chip = tt.chip
			rep := doctor.Run(context.Background(), envOf(b), doctor.Options{Map: pm, Walk: true, Say: p.say, Ask: p.ask})
			checkReport(t, rep, map[string]want{"see the OLED's test pattern": tt.want})
			if c := rep.Find("OLED"); c == nil || !strings.Contains(c.Message, strings.ToUpper(tt.chip)+" set-up of oled.chip") || strings.Contains(c.Message, "an "+strings.ToUpper(tt.chip)+" acknowledges") {
				t.Errorf("OLED check %v: want it to name oled.chip's set-up, not claim which chip answered", c)
			}
		})
	}
}
