package draw

import (
	"github.com/unoref/unoref/hardware"

	"fmt"
	"strings"
)

// Circuit is one generated drawing of hardware/circuits/.
type Circuit struct {
	Name string // file name in circuits/, "led.svg"
	SVG  []byte
}

// Circuits draws every circuit of the build of m: the LEDs, the buzzer
// stage, a button, the RC522 reader, the OLED, the MCP23017 seat pads,
// the transistor pinouts and the box layout. Optional parts the map
// leaves out are drawn with their documented defaults, so the drawings
// show how to add them.
func Circuits(m *hardware.PinMap) []Circuit {
	return []Circuit{
		{"led.svg", drawLEDs(m)},
		{"buzzer.svg", drawBuzzer(m)},
		{"button.svg", drawButtons(m)},
		{"rc522.svg", drawReader(m)},
		{"oled.svg", drawOLED(m)},
		{"mcp23017.svg", drawSeatPads(m)},
		{"transistors.svg", drawTransistors()},
		{"rail.svg", drawRail(m)},
		{"panel.svg", drawPanel(referencePanel)},
	}
}

// gpio labels a GPIO's terminal: "GPIO 13", "pin 33".
func gpio(p hardware.Pin) []string {
	return []string{fmt.Sprintf("GPIO %d", p), fmt.Sprintf("pin %d", hardware.PhysOf(int(p)))}
}

// onHeader labels a header connection in one line: "GPIO 13 · pin 33".
func onHeader(bcm int) string {
	return fmt.Sprintf("GPIO %d · pin %d", bcm, hardware.PhysOf(bcm))
}

// Rails, as labelled in the drawings.
var (
	v33Label = []string{"3.3 V", "pin " + joinPins(hardware.PowerPins("3V3"))}
	v5Label  = []string{"5 V", "pin " + joinPins(hardware.PowerPins("5V"))}
)

// --- LEDs -------------------------------------------------------------

func drawLEDs(m *hardware.PinMap) []byte {
	d := newDrawing(1040, 490, "Panel LEDs: GPIO → resistor → LED → GND",
		"One column per LED of the pin map; classic LEDs straight off the 3.3 V GPIO, blue switched from 5 V by an NPN")
	x := 60
	for _, u := range m.Pins() {
		p, ok := hardware.LEDPartOf(u.Key)
		if !ok || u.Pin == hardware.NoPin {
			continue
		}
		if p.Base > 0 {
			x = drawNPNLED(d, x, u.Pin, p) + 40
			continue
		}
		x = drawDirectLED(d, x, u.Pin, p) + 96
	}
	d.lines(40, 420, "start", ledNotes(m))
	return d.bytes()
}

// drawDirectLED draws GPIO → resistor → LED → GND at column x.
func drawDirectLED(d *drawing, x int, pin hardware.Pin, p hardware.LEDPart) int {
	_, bot := d.terminal(x, 200, sigGreen, gpio(pin)...)
	d.part("resistor", x, bot, "", hardware.Ohms(p.Ohms))
	d.part("led", x, bot+60, p.Fill, "")
	d.ground(x, bot+120)
	d.lines(x, 370, "middle", []string{p.Key, ledColour(p)}, "fill=\""+grey+"\"")
	return x
}

// drawNPNLED draws the NPN stage of a blue LED at column x and returns
// the column of its collector.
func drawNPNLED(d *drawing, x int, pin hardware.Pin, p hardware.LEDPart) int {
	_, bot := d.terminal(x, 200, sigGreen, gpio(pin)...)
	d.part("resistor", x, bot, "", hardware.Ohms(p.Base))
	d.wire(ink, x, bot+60, x, bot+80)
	cx, cy, ex, ey := d.npn(x, bot+80, hardware.NPN, "legs: transistors.svg")
	_, vbot := d.terminal(cx, 80, rail5V, v5Label...)
	d.part("resistor", cx, vbot, "", hardware.Ohms(p.Ohms))
	d.part("led", cx, vbot+60, p.Fill, "")
	d.wire(ink, cx, vbot+120, cx, cy)
	d.ground(ex, ey)
	d.lines(x+24, 370, "middle", []string{p.Key, ledColour(p)}, "fill=\""+grey+"\"")
	return cx
}

// ledColour is the first word of an LED's description after its size.
func ledColour(p hardware.LEDPart) string {
	return strings.Fields(strings.TrimPrefix(p.LED, "5 mm "))[0]
}

// ledNotes explain the currents and the headroom under the LED drawing.
func ledNotes(m *hardware.PinMap) []string {
	red, _ := hardware.LEDPartOf("leds.illegal")
	blue, _ := hardware.LEDPartOf("leds.blue")
	notes := []string{
		fmt.Sprintf("Classic LEDs (Vf ≈ 2.0–2.1 V) with %s: (3.3 − 2.0) V / %s ≈ %.1f mA, clearly lit indoors; still about 2 mA at the 2.6 V a Pi 4 pin guarantees under load.",
			hardware.Ohms(red.Ohms), hardware.Ohms(red.Ohms), red.MilliAmps()),
		fmt.Sprintf("Blue (InGaN, Vf ≈ 3.0 V) would keep 0.3 V of headroom on a 3.3 V pin and none at 2.6 V: from 5 V through %s it gets (5 − 3.0 − 0.1) V / %s ≈ %.1f mA.",
			hardware.Ohms(blue.Ohms), hardware.Ohms(blue.Ohms), blue.MilliAmps()),
		fmt.Sprintf("The GPIO only feeds the base: (3.3 − 0.7) V / %s ≈ 0.55 mA. Transistor legs: transistors.svg. Buy \"green\" as GaP (565–570 nm), not true green (InGaN).", hardware.Ohms(blue.Base)),
		"All nine lit draw under 35 mA from the GPIOs together (the Pi's limit is about 50 mA). Cathode: the short leg, the flat side of the rim.",
	}
	if m.LEDs.ActiveLow {
		notes = append(notes, "leds.active_low = true: each LED hangs from 3.3 V through its resistor into the GPIO instead (the blue stage then needs a PNP: keep active_low false).")
	}
	return notes
}

// --- buzzer -----------------------------------------------------------

func drawBuzzer(m *hardware.PinMap) []byte {
	d := newDrawing(900, 560, "Buzzer: an NPN switches the active buzzer's − side",
		"Active buzzer (its own oscillator: it sounds on DC), 5 V, up to 40 mA: far too much for a GPIO")
	pin := m.Buzzer.Pin
	if pin == hardware.NoPin {
		pin = 18 // the reference build's, for a map without a buzzer
	}
	_, bot := d.terminal(100, 270, sigGreen, gpio(pin)...)
	d.wire(ink, 100, bot, 100, 340, 150, 340)
	d.hpart("resistor", 150, 340, "", hardware.Ohms(hardware.BuzzerBaseOhms)+" base resistor")
	d.wire(ink, 210, 340, 252, 340)
	cx, cy, ex, ey := d.npn(252, 340, "NPN: "+hardware.NPN, "(legs: transistors.svg)")
	_, vbot := d.terminal(cx, 100, rail5V, v5Label...)
	d.wire(ink, cx, vbot, cx, 150)
	d.part("buzzer", cx, 150, "", "active buzzer", "(+ leg up)")
	d.wire(ink, cx, 210, cx, cy)
	d.wire(ink, cx, 150, cx+150, 150, cx+150, 170)
	d.part("diode", cx+150, 170, "", "1N4148", "band (cathode)", "to + 5 V")
	d.wire(ink, cx+150, 230, cx+150, 260, cx, 260)
	d.dot(cx, 150)
	d.dot(cx, 260)
	d.ground(ex, ey)
	d.lines(560, 140, "start", []string{
		fmt.Sprintf("Base current (3.3 − 0.7) V / %s ≈ 2.6 mA:", hardware.Ohms(hardware.BuzzerBaseOhms)),
		"enough to saturate the transistor at 40 mA.",
		"The diode clamps a magnetic buzzer's kick",
		"at switch-off; harmless on a piezo one.",
		"Only the base resistor touches the GPIO:",
		"5 V never reaches the Pi's pins.",
	})
	d.warn(40, 470, "start", "buzzer.active_low (a PNP stage, or a 3-pin buzzer module with inverted input) must be powered from 3.3 V:")
	d.warn(40, 488, "start", "at 5 V a 3.3 V GPIO cannot switch it off, and about 1 mA flows from 5 V into the pin. This NPN stage needs active_low = false.")
	return d.bytes()
}

// --- buttons ----------------------------------------------------------

func drawButtons(m *hardware.PinMap) []byte {
	d := newDrawing(900, 520, "Buttons: GPIO → button → GND, no resistor",
		"The driver turns on the Pi's internal pull-up (about 50 kΩ to 3.3 V): at rest the line reads 1, pressed 0")
	d.dashed(40, 80, 300, 330)
	d.text(60, 100, "start", "inside the Raspberry Pi", "fill=\""+grey+"\"")
	_, bot := d.terminal(200, 140, rail3V3, "3.3 V")
	d.part("resistor", 200, bot, "", "≈ 50 kΩ pull-up,", "turned on by", "the driver")
	d.wire(ink, 200, bot+60, 200, 280, 420, 280)
	d.dot(200, 280)
	d.text(210, 300, "start", "GPIO (input)")
	d.part("button", 420, 280, "", "push button", "(12 mm tactile)")
	d.ground(420, 340)
	d.lines(560, 110, "start", buttonRows(m))
	d.lines(40, 450, "start", []string{
		"A 4-leg tactile button has two pairs of legs joined inside: use two diagonal legs, then it works whichever way it sits.",
		"Debouncing is done in software (drivers/button); no capacitor needed on panel buttons with short wires.",
	})
	return d.bytes()
}

// buttonRows lists the buttons of m with their pins.
func buttonRows(m *hardware.PinMap) []string {
	rows := []string{"Buttons of the pin map:"}
	for _, u := range m.Pins() {
		if strings.HasPrefix(u.Key, "buttons.") && u.Pin != hardware.NoPin {
			rows = append(rows, fmt.Sprintf("%-10s %s", strings.TrimPrefix(u.Signal, "button "), onHeader(int(u.Pin))))
		}
	}
	return rows
}

// --- RC522 ------------------------------------------------------------

// readerRow is one pin of the RC522 module and where it goes.
type readerRow struct {
	pin, to, fill string
}

func drawReader(m *hardware.PinMap) []byte {
	d := newDrawing(960, 500, "RC522 reader (MFRC522 module) on SPI0",
		"Module pins in their order on the board; the play pad's reader (the draw pad's differs only in SDA)")
	d.warn(480, 74, "middle", "3.3 V ONLY, never 5 V: the MFRC522 is a 3.3 V chip (3.6 V max) and its SPI lines go straight to the Pi")
	rows := readerRows(m)
	d.box(640, 90, 150, 34*len(rows)+20, "#1f4fa0", ink)
	d.text(715, 112, "middle", "RC522", "fill=\"#ffffff\"", "font-weight=\"bold\"")
	for i, r := range rows {
		y := 130 + 34*i
		d.tag(60, y, 380, r.fill, r.to)
		if r.fill != "" && r.fill != unwired {
			d.wire(ink, 440, y, 640, y)
		}
		d.text(650, y+4, "start", r.pin, "fill=\"#ffffff\"")
	}
	d.lines(60, 430, "start", readerNotes(m))
	return d.bytes()
}

// readerRows are the module's pins, SDA to 3.3V, for the play pad.
func readerRows(m *hardware.PinMap) []readerRow {
	ce := m.NFC.Play.CE
	irq := readerRow{"IRQ", "not connected: the driver polls", unwired}
	if m.NFC.IRQ != hardware.NoPin {
		irq = readerRow{"IRQ", onHeader(int(m.NFC.IRQ)) + " (nfc.irq)", sigGreen}
	}
	rst := readerRow{"RST", "not connected", unwired}
	if m.NFC.RST != hardware.NoPin {
		rst = readerRow{"RST", onHeader(int(m.NFC.RST)) + " (nfc.rst, both readers)", sigGreen}
	}
	return []readerRow{
		{"SDA (SS)", fmt.Sprintf("%s, SPI0 CE%d (nfc.play.ce)", onHeader(8-ce), ce), busBlue},
		{"SCK", onHeader(11) + ", SPI0 SCLK", busBlue},
		{"MOSI", onHeader(10) + ", SPI0 MOSI", busBlue},
		{"MISO", onHeader(9) + ", SPI0 MISO", busBlue},
		irq,
		{"GND", "GND, pin " + joinPins(hardware.PowerPins("GND")), ink},
		rst,
		{"3.3V", fmt.Sprintf("3.3 V, pin %d   NEVER 5 V", hardware.ReaderPower), rail3V3},
	}
}

// readerNotes say how the draw pad's reader differs.
func readerNotes(m *hardware.PinMap) []string {
	ce, state := 1-m.NFC.Play.CE, "optional, not in this pin map"
	if m.NFC.Draw != nil {
		ce, state = m.NFC.Draw.CE, "fitted in this pin map"
	}
	return []string{
		fmt.Sprintf("Draw pad reader (%s): the same wires, except SDA (SS) → %s, SPI0 CE%d.", state, onHeader(8-ce), ce),
		fmt.Sprintf("SCK, MOSI, MISO, RST, 3.3 V (pin %d) and GND are shared: each goes through its strip of the strip board (rail.svg).", hardware.ReaderPower),
		"Keep each SPI wire short (under 20 cm) and the two readers at least 20 cm apart (panel.svg).",
		"If reads fail with long wires, lower the SPI clock: reader.spi_hz in the pin map.",
	}
}

// --- OLED -------------------------------------------------------------

func drawOLED(m *hardware.PinMap) []byte {
	d := newDrawing(960, 380, fmt.Sprintf("OLED: %s 128×64 on I2C1, address 0x%02X", strings.ToUpper(chipOf(m)), m.OLED.Addr),
		"Two pin orders are sold: wire by the labels printed on YOUR module, not by position")
	d.warn(480, 74, "middle", "VCC and GND swap places between makers: reversed power destroys the module. Read the labels first.")
	orders := [][]string{{"GND", "VCC", "SCL", "SDA"}, {"VCC", "GND", "SCL", "SDA"}}
	for i, order := range orders {
		drawOLEDModule(d, 60+460*i, 110, order)
	}
	d.lines(60, 320, "start", []string{
		"VCC to 3.3 V, never 5 V: the module's pull-ups would then lift SDA and SCL above what the Pi's pins take.",
		fmt.Sprintf("Modules print their address as 0x%02X (or 0x%02X with the jumper moved): that is 0x3C (0x3D) shifted left by one bit, the same address;", 0x3C<<1, 0x3D<<1),
		"the pin map and i2cdetect say 0x3C (0x3D). With seat pads the bus is shared: their SDA and SCL go to the same strips of the strip board (rail.svg).",
	})
	return d.bytes()
}

// drawOLEDModule draws a 4-pin module at (x, y) with pins in order.
func drawOLEDModule(d *drawing, x, y int, order []string) {
	to := map[string]readerRow{
		"GND": {"GND", "GND, pin " + joinPins(hardware.PowerPins("GND")[:2]), ink},
		"VCC": {"VCC", fmt.Sprintf("3.3 V, pin %d", hardware.I2CPower), rail3V3},
		"SCL": {"SCL", onHeader(3) + ", I2C1 SCL", busBlue},
		"SDA": {"SDA", onHeader(2) + ", I2C1 SDA", busBlue},
	}
	d.text(x, y+4, "start", "module pins: "+strings.Join(order, " "), "font-weight=\"bold\"")
	d.box(x+280, y+20, 90, 34*4+10, "#202020", ink)
	for i, p := range order {
		yy := y + 40 + 34*i
		d.tag(x, yy, 230, to[p].fill, to[p].to)
		d.wire(ink, x+230, yy, x+280, yy)
		d.text(x+290, yy+4, "start", p, "fill=\"#ffffff\"")
	}
}

// --- transistor pinouts -------------------------------------------------

func drawTransistors() []byte {
	d := newDrawing(900, 560, fmt.Sprintf("Transistor legs: buy the %s, and check the legs of any other", hardware.NPN),
		"TO-92 seen from the flat face (the printing towards you), legs down; both orders are NPN with the base in the middle")
	for i, p := range hardware.TO92Pinouts {
		x := 220 + 460*i
		buy := ""
		if p.Named == hardware.NPN {
			buy = " (the one to buy)"
		}
		drawTO92(d, x, p.Named+buy, p.Legs)
		d.text(x, 380, "middle", "legs "+strings.Join(p.Legs[:], "-")+", the same as:", "font-weight=\"bold\"")
		d.lines(x, 398, "middle", p.Same)
	}
	d.lines(60, 470, "start", []string{
		"E = emitter (to GND), B = base (through the resistor to the GPIO), C = collector (to the buzzer's or the LED's − side).",
		"A part printed just \"2N2222\" may have either order (onsemi's PN2222A is E-B-C, its P2N2222A C-B-E): read its maker's datasheet.",
		"Fitted the wrong way round, it barely switches: the buzzer stays silent, the blue LED dim. Nothing is harmed: turn it round.",
	})
	return d.bytes()
}

// drawTO92 draws a TO-92 package centred on x with its legs named.
func drawTO92(d *drawing, x int, name string, legs [3]string) {
	d.text(x, 100, "middle", name, "font-weight=\"bold\"")
	fmt.Fprintf(&d.b, "<path d=\"M%d 240V150A60 40 0 0 1 %d 150V240Z\" fill=\"#303030\" stroke=\"%s\" stroke-width=\"2\"/>\n", x-60, x+60, ink)
	d.text(x, 190, "middle", "flat face", "fill=\"#ffffff\"")
	d.text(x, 208, "middle", strings.SplitN(name, " ", 2)[0], "fill=\"#ffffff\"", "font-size=\"11\"")
	for i, l := range legs {
		lx := x - 36 + 36*i
		d.wire("#909090", lx, 240, lx, 320)
		d.text(lx, 345, "middle", l, "font-size=\"22\"", "font-weight=\"bold\"")
	}
}

// --- the strip board: 3.3 V rail and shared wires ------------------------

// strip is one copper strip of the strip board: a net, the header pin that
// feeds it and the parts it feeds.
type strip struct {
	net   string
	pin   int
	fill  string
	loads []string
}

// strips are the strip board's strips for the full build of m: optional
// parts the map leaves off are counted in, as the drawing shows how to add
// them.
func strips(m *hardware.PinMap) []strip {
	readers := []string{"play pad RC522", "draw pad RC522"}
	i2c := []string{"OLED", "seat pads (MCP23017 board)"}
	on := func(ps []string, pin string) []string {
		out := make([]string, len(ps))
		for i, p := range ps {
			out[i] = p + " " + pin
		}
		return out
	}
	ss := []strip{
		{"3.3 V, readers", hardware.ReaderPower, rail3V3, on(readers, "3.3V")},
		{"3.3 V, I²C parts", hardware.I2CPower, rail3V3, []string{"OLED VCC", "seat pads: VDD, RESET, 10 kΩ pull-ups"}},
		{"GND", gndPin, ink, append(on(readers, "GND"), "OLED GND", "seat pads GND")},
		{"SPI0 SCLK", hardware.PhysOf(11), busBlue, on(readers, "SCK")},
		{"SPI0 MOSI", hardware.PhysOf(10), busBlue, on(readers, "MOSI")},
		{"SPI0 MISO", hardware.PhysOf(9), busBlue, on(readers, "MISO")},
	}
	if m.NFC.RST != hardware.NoPin {
		ss = append(ss, strip{"RC522 RST", hardware.PhysOf(int(m.NFC.RST)), sigGreen, on(readers, "RST")})
	}
	return append(ss,
		strip{"I2C1 SDA", hardware.PhysOf(2), busBlue, on(i2c, "SDA")},
		strip{"I2C1 SCL", hardware.PhysOf(3), busBlue, on(i2c, "SCL")},
	)
}

// gndPin is the ground pin the strip board takes: pin 20, between MOSI and
// MISO.
const gndPin = 20

// Strip board geometry in the drawing: each strip's leads rise to their
// labels, 16 px apart, so a strip takes 40 px plus 16 per part after the
// first.
const (
	boardX, boardW, stripTop, stripGap, leadGap = 330, 300, 120, 40, 16
)

// stripYs are the strips' y in the drawing, and the board's bottom.
func stripYs(ss []strip) ([]int, int) {
	ys := make([]int, len(ss))
	y := stripTop
	for i, st := range ss {
		y += leadGap * (len(st.loads) - 1)
		ys[i] = y
		y += stripGap
	}
	return ys, y - stripGap
}

func drawRail(m *hardware.PinMap) []byte {
	ss := strips(m)
	ys, bottom := stripYs(ss)
	d := newDrawing(1160, bottom+160, "The strip board: one 3.3 V rail and the wires two parts share",
		"Each copper strip is one wire: the lead from the Pi plugs in on the left, a lead to each part on the right (male header pins soldered in)")
	d.warn(580, 74, "middle", fmt.Sprintf("Only pins %d and %d give 3.3 V: pin %d feeds the readers, pin %d the OLED and the seat pads. Never 5 V on this board.", hardware.I2CPower, hardware.ReaderPower, hardware.ReaderPower, hardware.I2CPower))
	d.box(boardX, stripTop-36, boardW, bottom-stripTop+60, "#e8d9b0", ink)
	d.text(boardX+boardW/2, bottom+44, "middle", fmt.Sprintf("strip board, %d strips × 24 holes (about 2.5 × 6.5 cm), copper side down", len(ss)), "fill=\""+grey+"\"")
	for i, st := range ss {
		y := ys[i]
		d.tag(40, y, 230, st.fill, fmt.Sprintf("pin %d · %s", st.pin, st.net))
		d.wire(st.fill, 270, y, boardX+20, y)
		fmt.Fprintf(&d.b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"12\" fill=\"#c87533\"/>\n", boardX+8, y-6, boardW-16)
		for hx := boardX + 20; hx < boardX+boardW-8; hx += 12 {
			fmt.Fprintf(&d.b, "<circle cx=\"%d\" cy=\"%d\" r=\"2\" fill=\"#f4ecd8\"/>\n", hx, y)
		}
		headerPin(d, boardX+20, y)
		n := len(st.loads)
		for j, l := range st.loads {
			px := boardX + 140 + 36*j
			ly := y - 12 - leadGap*(n-1-j)
			headerPin(d, px, y)
			d.wire(st.fill, px, y, px, ly, boardX+boardW+40, ly)
			d.text(boardX+boardW+46, ly+4, "start", l, "font-size=\"11\"")
		}
	}
	d.lines(40, bottom+80, "start", []string{
		"Minimal build (one reader, the OLED, no seat pads): no strip board needed; the reader's 3.3 V to pin 17 and the OLED's VCC to pin 1, straight.",
		"Fit it with the draw pad or the seat pads. Its strips run unbroken: check with the multimeter that no two neighbouring strips touch.",
		"The readers' SDA/SS do not go through it: the play pad's to pin 24 (CE0), the draw pad's to pin 26 (CE1). Keep each SPI wire under 20 cm in all.",
	})
	return d.bytes()
}

// headerPin draws a male header pin soldered into the strip board at (x, y).
func headerPin(d *drawing, x, y int) {
	fmt.Fprintf(&d.b, "<rect x=\"%d\" y=\"%d\" width=\"8\" height=\"8\" fill=\"#202020\"/>\n", x-4, y-4)
}

// --- seat pads ----------------------------------------------------------

// DIP-28 pin rows of the MCP23017 drawing.
const (
	chipX, chipY, chipW, pitch = 300, 110, 130, 26
)

// dipY is the y of DIP-28 pin p: 1–14 down the left side, 15–28 up the
// right.
func dipY(p int) int {
	if p <= 14 {
		return chipY + 13 + pitch*(p-1)
	}
	return chipY + 13 + pitch*(28-p)
}

var mcpPinNames = map[int]string{
	1: "GPB0", 2: "GPB1", 3: "GPB2", 4: "GPB3", 5: "GPB4", 6: "GPB5", 7: "GPB6", 8: "GPB7",
	9: "VDD", 10: "VSS", 11: "NC", 12: "SCL", 13: "SDA", 14: "NC",
	15: "A0", 16: "A1", 17: "A2", 18: "RESET", 19: "INTB", 20: "INTA",
	21: "GPA0", 22: "GPA1", 23: "GPA2", 24: "GPA3", 25: "GPA4", 26: "GPA5", 27: "GPA6", 28: "GPA7",
}

func drawSeatPads(m *hardware.PinMap) []byte {
	d := newDrawing(1120, 640, "Seat pads: MCP23017 (DIP-28) on I2C1, 8 seats per chip",
		"One seat drawn (seat 0: button on GPA0, LED on GPA4); the others follow drivers/seatpad")
	drawDIP28(d)
	drawMCPPower(d)
	drawMCPAddress(d, seatAddrs(m))
	drawMCPInt(d, m.SeatPads.INT)
	drawSeat(d)
	d.lines(40, 540, "start", []string{
		"Seats 1–7: buttons on GPA1–GPA3 and GPB0–GPB3, LEDs on GPA5–GPA7 and GPB4–GPB7 (drivers/seatpad); seats 8 and 9 on the second chip.",
		"Each seat's wire runs about 1 m: the 10 kΩ pull-up (the chip's own is 100 kΩ) and the 100 nF to GND at the chip keep it from picking up noise;",
		"with the 10 kΩ they make a 1 ms filter, far below the 10 ms the driver polls at. 100 nF from VDD to VSS on each chip, as close as it goes.",
		"3-core cable per seat (button, LED, GND), a 3-pin plug at the box. VDD and RESET to 3.3 V only: SDA and SCL go straight to the Pi.",
	})
	return d.bytes()
}

// seatAddrs are the expanders' addresses: the map's, or the defaults.
func seatAddrs(m *hardware.PinMap) []int {
	if len(m.SeatPads.Addrs) > 0 {
		return m.SeatPads.Addrs
	}
	return []int{0x20, 0x21}
}

// drawDIP28 draws the chip with its pins named.
func drawDIP28(d *drawing) {
	d.box(chipX, chipY, chipW, 14*pitch, "#f4f4f4", ink)
	d.text(chipX+chipW/2, chipY-6, "middle", "MCP23017", "font-weight=\"bold\"")
	fmt.Fprintf(&d.b, "<path d=\"M%d %dA10 10 0 0 0 %d %d\" fill=\"none\" stroke=\"%s\"/>\n", chipX+chipW/2-10, chipY, chipX+chipW/2+10, chipY, ink)
	for p := 1; p <= 28; p++ {
		x, anchor, lx := chipX+6, "start", chipX-10
		if p > 14 {
			x, anchor, lx = chipX+chipW-6, "end", chipX+chipW
		}
		d.wire(ink, lx, dipY(p), lx+10, dipY(p))
		d.text(x, dipY(p)+4, anchor, fmt.Sprintf("%d %s", p, mcpPinNames[p]), "font-size=\"11\"")
	}
}

// drawMCPPower wires VDD, VSS, SCL, SDA and RESET.
func drawMCPPower(d *drawing) {
	left := chipX - 10
	for _, r := range []struct {
		pin        int
		to, colour string
	}{
		{9, fmt.Sprintf("3.3 V, pin %d", hardware.I2CPower), rail3V3}, {10, "GND", ink},
		{12, onHeader(3) + " SCL", busBlue}, {13, onHeader(2) + " SDA", busBlue},
	} {
		d.tag(40, dipY(r.pin), 190, r.colour, r.to)
		d.wire(ink, 230, dipY(r.pin), left, dipY(r.pin))
	}
	d.capBetween(260, dipY(9), dipY(10), "")
	d.dot(260, dipY(9))
	d.dot(260, dipY(10))
	d.text(262, dipY(9)-16, "middle", "100 nF", "font-size=\"11\"")
	right := chipX + chipW + 10
	d.wire(ink, right, dipY(18), right+40, dipY(18))
	d.tag(right+40, dipY(18), 80, rail3V3, "3.3 V")
}

// drawMCPAddress ties A2 and A1 to GND and says where A0 goes.
func drawMCPAddress(d *drawing, addrs []int) {
	right := chipX + chipW + 10
	d.wire(ink, right, dipY(17), right+24, dipY(17), right+24, dipY(16))
	d.wire(ink, right, dipY(16), right+24, dipY(16))
	mid := (dipY(17) + dipY(16)) / 2
	d.wire(ink, right+24, mid, right+60, mid)
	d.dot(right+24, mid)
	d.ground(right+60, mid)
	d.wire(ink, right, dipY(15), right+100, dipY(15))
	var choice []string
	for i, a := range addrs {
		level := "GND"
		if a&1 == 1 {
			level = "3.3 V"
		}
		choice = append(choice, fmt.Sprintf("chip %d: A0 to %s → 0x%02X (A2, A1 to GND)", i+1, level, a))
	}
	d.lines(right+106, dipY(15)-4, "start", choice, "font-size=\"11\"")
}

// drawMCPInt says what INTA is wired to.
func drawMCPInt(d *drawing, intPin hardware.Pin) {
	right := chipX + chipW + 10
	s := "INTA: not connected"
	if intPin != hardware.NoPin {
		s = "INTA → " + onHeader(int(intPin))
		d.wire(ink, right, dipY(20), right+20, dipY(20))
	}
	d.text(right+24, dipY(20)+4, "start", s, "font-size=\"11\"")
}

// Columns of the seat pad drawing.
const (
	pullX, filterX, cableX, seatX = 620, 680, 740, 980
)

// drawSeat draws seat 0's LED on GPA4 and button on GPA0, a cable away.
func drawSeat(d *drawing) {
	right := chipX + chipW + 10
	led, btn := dipY(25), dipY(21)
	d.wire(ink, right, led, 490, led)
	d.hpart("resistor", 490, led, "", hardware.Ohms(hardware.SeatLEDOhms))
	d.wire(ink, 550, led, seatX, led)
	d.part("led", seatX, led, "#ffe020", "seat LED")
	d.ground(seatX, led+60)
	d.wire(ink, right, btn, seatX, btn)
	_, tb := d.terminal(pullX, btn-75, rail3V3, "3.3 V")
	d.wire(ink, pullX, tb, pullX, btn-60)
	d.part("resistor", pullX, btn-60, "", hardware.Ohms(hardware.SeatPullUpOhms))
	d.dot(pullX, btn)
	d.part("cap", filterX, btn, "", "100 nF")
	d.dot(filterX, btn)
	d.ground(filterX, btn+60)
	d.part("button", seatX, btn, "", "seat button")
	d.ground(seatX, btn+60)
	fmt.Fprintf(&d.b, "<rect x=\"%d\" y=\"%d\" width=\"160\" height=\"%d\" fill=\"#eeeeee\" opacity=\"0.7\"/>\n", cableX+20, led-16, btn-led+32)
	d.text(cableX+100, (led+btn)/2, "middle", "seat cable ≈ 1 m")
	d.dashed(seatX-50, led-30, 160, btn-led+130)
	d.text(seatX+30, led-40, "middle", "at seat 0")
}

// --- panel and box ----------------------------------------------------

// rect is a part's place in the box, in millimetres from the box's back
// left corner: x to the right, y towards the players at the front.
type rect struct {
	X, Y, W, H int
	Label      string
}

func (r rect) centre() (x, y int) { return r.X + r.W/2, r.Y + r.H/2 }

// panel is the top view of the reference box.
type panel struct {
	Box, Pi, Header, Play, Draw, OLED, Expanders, Perfboard, Strip rect
	LEDs, Buttons                                                  []rect
	Keepout                                                        int // metal-free margin around a reader's antenna, mm
}

// referencePanel is the layout the README builds: the Pi at the back in
// the middle with the strip board in front of it, a reader at each end,
// the perfboard and the seat pads' board at the back, the OLED, LEDs and
// buttons in front.
var referencePanel = panel{
	Box:       rect{0, 0, 440, 200, "box, about 44 × 20 cm, wood or plastic lid 2–3 mm"},
	Pi:        rect{178, 5, 85, 56, "Raspberry Pi"},
	Header:    rect{185, 7, 51, 5, "40-pin header"},
	Play:      rect{80, 90, 60, 40, "play pad (RC522)"},
	Draw:      rect{300, 90, 60, 40, "draw pad (RC522, optional)"},
	OLED:      rect{205, 100, 30, 28, "OLED"},
	Expanders: rect{380, 8, 50, 32, "seat pads board"},
	Perfboard: rect{290, 5, 70, 46, "perfboard"},
	Strip:     rect{188, 63, 66, 14, "strip board"},
	LEDs: []rect{
		{172, 106, 6, 6, "cw"}, {262, 106, 6, 6, "ccw"}, {188, 118, 6, 6, "legal"},
		{246, 118, 6, 6, "illegal"}, {217, 86, 6, 6, "uno"},
		{190, 140, 6, 6, "R"}, {210, 140, 6, 6, "Y"}, {230, 140, 6, 6, "G"}, {250, 140, 6, 6, "B"},
	},
	Buttons: []rect{
		{120, 168, 12, 12, "UNO"}, {150, 168, 12, 12, "DRAW"}, {180, 168, 12, 12, "PASS"}, {210, 168, 12, 12, "CHAL"},
		{240, 168, 12, 12, "R"}, {265, 168, 12, 12, "Y"}, {290, 168, 12, 12, "G"}, {315, 168, 12, 12, "B"},
	},
	Keepout: 25,
}

// spiRun is the straight distance from the header to a reader's pins
// through the strip board: from the header to the board's back edge, then
// from the board's end nearest the reader to the reader's edge nearest the
// Pi, where its pins sit. The wires are a little longer.
func (p panel) spiRun(r rect) int {
	hx, hy := p.Header.centre()
	sx, _ := p.Strip.centre()
	in := dist(hx, hy, sx, p.Strip.Y)
	px, ex := r.X+r.W, p.Strip.X
	if r.X > hx {
		px, ex = r.X, p.Strip.X+p.Strip.W
	}
	_, py := r.centre()
	_, sy := p.Strip.centre()
	return in + dist(ex, sy, px, py)
}

func dist(ax, ay, bx, by int) int { return isqrt((ax-bx)*(ax-bx) + (ay-by)*(ay-by)) }

// readerGap is the distance between the readers' centres.
func (p panel) readerGap() int {
	ax, ay := p.Play.centre()
	bx, by := p.Draw.centre()
	return dist(ax, ay, bx, by)
}

func isqrt(n int) int {
	r := 0
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

const mm = 2 // pixels per millimetre in panel.svg

func drawPanel(p panel) []byte {
	d := newDrawing(1000, 660, "The box from above (to scale, 1 square = 1 cm)",
		"Readers at the ends, at least 20 cm apart; the Pi between them so each SPI wire stays short")
	ox, oy := 60, 90
	at := func(r rect) (int, int, int, int) { return ox + mm*r.X, oy + mm*r.Y, mm * r.W, mm * r.H }
	drawGrid(d, ox, oy, p.Box)
	for _, r := range []rect{p.Pi, p.Expanders, p.Perfboard} {
		x, y, w, h := at(r)
		d.box(x, y, w, h, "#d8e8d8", ink)
		d.text(x+w/2, y+h/2+4, "middle", r.Label, "font-size=\"11\"")
	}
	x, y, w, h := at(p.Strip)
	d.box(x, y, w, h, "#e8d9b0", ink)
	d.text(x+w/2, y+h/2+4, "middle", p.Strip.Label, "font-size=\"11\"")
	x, y, w, _ = at(p.Perfboard)
	d.text(x+w/2, y+14, "middle", "resistors, transistors,", "font-size=\"10\"", "fill=\""+grey+"\"")
	d.text(x+w/2, y+26, "middle", "buzzer", "font-size=\"10\"", "fill=\""+grey+"\"")
	x, y, w, h = at(p.Header)
	d.box(x, y, w, h, "#303030", ink)
	drawPanelReaders(d, p, at)
	drawPanelFront(d, p, at)
	drawPanelNotes(d, p, oy+mm*p.Box.H+80)
	return d.bytes()
}

// drawGrid draws the box outline and a 1 cm grid.
func drawGrid(d *drawing, ox, oy int, box rect) {
	for x := 0; x <= box.W; x += 10 {
		d.wire("#eeeeee", ox+mm*x, oy, ox+mm*x, oy+mm*box.H)
	}
	for y := 0; y <= box.H; y += 10 {
		d.wire("#eeeeee", ox, oy+mm*y, ox+mm*box.W, oy+mm*y)
	}
	fmt.Fprintf(&d.b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"%s\" stroke-width=\"3\"/>\n", ox, oy, mm*box.W, mm*box.H, ink)
	d.text(ox, oy-8, "start", "back: seat cables and power leave here", "fill=\""+grey+"\"")
	d.text(ox+mm*box.W, oy+mm*box.H+18, "end", "front: the players' side", "fill=\""+grey+"\"")
	d.text(ox+mm*box.W/2, oy+mm*box.H+18, "middle", box.Label, "fill=\""+grey+"\"")
}

// drawPanelReaders draws the readers, their metal-free zones, the SPI
// runs and the piles beside them.
func drawPanelReaders(d *drawing, p panel, at func(rect) (int, int, int, int)) {
	hx, hy := p.Header.centre()
	for _, r := range []rect{p.Play, p.Draw} {
		x, y, w, h := at(r)
		k := mm * p.Keepout
		fmt.Fprintf(&d.b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"12\" fill=\"none\" stroke=\"%s\" stroke-dasharray=\"5 4\"/>\n", x-k, y-k, w+2*k, h+2*k, warnRed)
		d.box(x, y, w, h, "#1f4fa0", ink)
		d.text(x+w/2, y+h/2+4, "middle", "RC522", "fill=\"#ffffff\"", "font-weight=\"bold\"")
		d.text(x+w/2, y-k-6, "middle", r.Label, "font-size=\"11\"")
		px, ex := x+w, p.Strip.X
		if r.X > hx {
			px, ex = x, p.Strip.X+p.Strip.W
		}
		sx, sy := p.Strip.centre()
		d.wire(busBlue, px, y+h/2, 60+mm*ex, 90+mm*sy)
		d.wire(busBlue, 60+mm*sx, 90+mm*p.Strip.Y, 60+mm*hx, 90+mm*hy)
		d.text(x+w/2, y+h+16, "middle", fmt.Sprintf("SPI wires ≈ %d cm", (p.spiRun(r)+9)/10), "fill=\""+busBlue+"\"", "font-size=\"11\"")
		d.text(x+w/2, y+h+k-6, "middle", "no metal inside the dashed line", "fill=\""+warnRed+"\"", "font-size=\"10\"")
	}
	ax, _, aw, _ := at(p.Play)
	bx, by, bw, _ := at(p.Box)
	dx, _, _, _ := at(p.Draw)
	y := by + mm*p.Box.H + 44
	d.wire(warnRed, ax+aw/2, y-6, ax+aw/2, y+6)
	d.wire(warnRed, dx+aw/2, y-6, dx+aw/2, y+6)
	d.wire(warnRed, ax+aw/2, y, dx+aw/2, y)
	d.text(bx+bw/2, y-6, "middle", fmt.Sprintf("%d cm between the readers' centres (at least 20)", p.readerGap()/10), "fill=\""+warnRed+"\"", "font-weight=\"bold\"")
}

// drawPanelFront draws the OLED, LEDs and buttons.
func drawPanelFront(d *drawing, p panel, at func(rect) (int, int, int, int)) {
	x, y, w, h := at(p.OLED)
	d.box(x, y, w, h, "#101010", ink)
	d.text(x+w/2, y+h/2+4, "middle", p.OLED.Label, "fill=\"#ffffff\"", "font-size=\"11\"")
	for _, l := range p.LEDs {
		x, y, w, _ := at(l)
		fmt.Fprintf(&d.b, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"#ffe6a0\" stroke=\"%s\"/>\n", x+w/2, y+w/2, w/2+1, ink)
		d.text(x+w/2, y-4, "middle", l.Label, "font-size=\"10\"")
	}
	for _, b := range p.Buttons {
		x, y, w, h := at(b)
		d.box(x, y, w, h, "#b0b0b0", ink)
		d.text(x+w/2, y+h+12, "middle", b.Label, "font-size=\"10\"")
	}
}

// drawPanelNotes writes the placement rules under the box.
func drawPanelNotes(d *drawing, p panel, y int) {
	d.lines(60, y, "start", []string{
		fmt.Sprintf("Readers: centres %d cm apart (at least 20, or their fields disturb each other); SPI runs %d and %d cm through the strip board: keep every SPI wire under 20 cm.",
			p.readerGap()/10, (p.spiRun(p.Play)+9)/10, (p.spiRun(p.Draw)+9)/10),
		fmt.Sprintf("Each reader sits under 2–3 mm of wood or plastic with its tap spot marked, %d mm clear of screws, the Pi, wire bundles and metal.", p.Keepout),
		"The discard pile goes on the table beside the play pad, the draw pile beside the draw pad: never a pile on a reader.",
		"Without the draw pad, keep the same box: the play pad's place does not change.",
	})
}
