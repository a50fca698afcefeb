package oled

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"strings"

	"periph.io/x/conn/v3/display"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/devices/v3/ssd1306/image1bit"
)

// Panel size in pixels, the same on both chips' 128×64 modules.
const (
	Width  = 128
	Height = 64
	pages  = Height / 8
)

// Bounds is the panel's rectangle.
var Bounds = image.Rect(0, 0, Width, Height)

// Chip is the controller on the module.
type Chip int

// Controllers. The zero value is the SSD1306.
const (
	SSD1306 Chip = iota // 0.96" modules: 128-column GDDRAM, three addressing modes, charge pump 0x8D
	SH1106              // most 1.3" modules: 132-column RAM, page addressing only, DC-DC 0xAD
)

func (c Chip) String() string {
	switch c {
	case SSD1306:
		return "ssd1306"
	case SH1106:
		return "sh1106"
	}
	return fmt.Sprintf("Chip(%d)", int(c))
}

// Errors callers can branch on.
var (
	// ErrChip is returned for a controller name or value this package does
	// not drive.
	ErrChip = errors.New("oled: unknown controller")
	// ErrAddr is returned for an address neither chip answers at.
	ErrAddr = errors.New("oled: not an OLED address")
	// ErrLength is returned by Write for a buffer that is not one frame.
	ErrLength = errors.New("oled: not one 128×64 frame")
)

// ParseChip reads a controller name as the pin map writes it: "ssd1306"
// or "sh1106" (any case); "" is the default SSD1306.
func ParseChip(s string) (Chip, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "ssd1306":
		return SSD1306, nil
	case "sh1106":
		return SH1106, nil
	}
	return 0, fmt.Errorf("%w %q: want \"ssd1306\" or \"sh1106\"", ErrChip, s)
}

// DefaultAddr is the address with SA0 low (SSD1306 rev 1.1 §8.1.5.1; SH1106
// V2.3 "I²C-bus interface": 0111 10 SA0).
const DefaultAddr = 0x3C

// Opts configures a Dev. The zero value is an SSD1306 at 0x3C.
type Opts struct {
	// Chip is the controller: SSD1306 (the default) or SH1106.
	Chip Chip
	// Addr is the 7-bit I²C address: 0x3C (when zero) or 0x3D, modules with
	// the address jumper moved.
	Addr uint16
}

// Dev is a 128×64 monochrome OLED on I²C, driven with page addressing,
// which both controllers share. It sends only the columns that changed,
// page by page. After a failed transfer it initialises the chip again and
// sends the whole frame on the next draw, since a module that lost power
// forgot both its set-up and its RAM. A Dev is not safe for concurrent use;
// screen.Display serialises it.
type Dev struct {
	bus  i2c.Bus
	addr uint16
	chip Chip

	shown   [pages * Width]byte // what the panel holds, when synced
	synced  bool                // shown is on the panel
	ready   bool                // the chip holds our set-up
	on      bool                // display on (0xAF) sent since set-up or Halt
	scratch *image1bit.VerticalLSB
	buf     []byte
}

// NewI2C sets up the chip on b and returns a Dev for it. o may be nil. The
// panel stays dark until the first Draw or Write, so it never shows the
// RAM's power-on noise.
func NewI2C(b i2c.Bus, o *Opts) (*Dev, error) {
	var opts Opts
	if o != nil {
		opts = *o
	}
	if opts.Addr == 0 {
		opts.Addr = DefaultAddr
	}
	if opts.Addr != DefaultAddr && opts.Addr != DefaultAddr+1 {
		return nil, fmt.Errorf("%w: %#x; an SSD1306 or SH1106 answers at 0x3c or 0x3d", ErrAddr, opts.Addr)
	}
	if opts.Chip != SSD1306 && opts.Chip != SH1106 {
		return nil, fmt.Errorf("%w: %v", ErrChip, opts.Chip)
	}
	d := &Dev{bus: b, addr: opts.Addr, chip: opts.Chip}
	if err := d.setUp(); err != nil {
		return nil, err
	}
	return d, nil
}

func (d *Dev) String() string {
	return fmt.Sprintf("oled.Dev{%s, %s at %#x, %dx%d}", d.bus, d.chip, d.addr, Width, Height)
}

// Chip returns the controller the Dev drives.
func (d *Dev) Chip() Chip { return d.chip }

// ColorModel implements display.Drawer.
func (d *Dev) ColorModel() color.Model { return image1bit.BitModel }

// Bounds implements display.Drawer.
func (d *Dev) Bounds() image.Rectangle { return Bounds }

// Draw implements display.Drawer: it draws src at sp into r and sends the
// changed columns. A full-panel *image1bit.VerticalLSB is sent as is.
func (d *Dev) Draw(r image.Rectangle, src image.Image, sp image.Point) error {
	if img, ok := src.(*image1bit.VerticalLSB); ok && r == Bounds && img.Rect == Bounds && sp == (image.Point{}) {
		return d.send(img.Pix)
	}
	if d.scratch == nil {
		d.scratch = image1bit.NewVerticalLSB(Bounds)
	}
	copy(d.scratch.Pix, d.shown[:])
	draw.Src.Draw(d.scratch, r, src, sp)
	return d.send(d.scratch.Pix)
}

// Write sends one frame in image1bit.VerticalLSB layout: 8 pages of 128
// bytes, bit 0 the top row of a page.
func (d *Dev) Write(pixels []byte) (int, error) {
	if len(pixels) != len(d.shown) {
		return 0, fmt.Errorf("%w: %d bytes, want %d", ErrLength, len(pixels), len(d.shown))
	}
	if err := d.send(pixels); err != nil {
		return 0, err
	}
	return len(pixels), nil
}

// Halt turns the panel off (0xAE). The next Draw turns it back on. Calling
// it twice is safe.
func (d *Dev) Halt() error {
	if err := d.command(displayOff); err != nil {
		return err
	}
	d.on = false
	return nil
}

// send brings the panel to next: set-up if needed, the changed spans, then
// display on.
func (d *Dev) send(next []byte) error {
	if !d.ready {
		if err := d.setUp(); err != nil {
			return err
		}
	}
	for p := range pages {
		if err := d.sendPage(p, next[p*Width:(p+1)*Width]); err != nil {
			d.synced, d.ready = false, false
			return err
		}
	}
	d.synced = true
	if !d.on {
		if err := d.command(displayOn); err != nil {
			return err
		}
		d.on = true
	}
	return nil
}

// sendPage sends the columns of page p that differ from what the panel
// shows, as one span, and records them as shown.
func (d *Dev) sendPage(p int, next []byte) error {
	shown := d.shown[p*Width : (p+1)*Width]
	lo, hi := 0, Width
	if d.synced {
		for lo < hi && shown[lo] == next[lo] {
			lo++
		}
		for hi > lo && shown[hi-1] == next[hi-1] {
			hi--
		}
		if lo == hi {
			return nil
		}
	}
	col := lo + d.colOffset()
	// Page mode pointer commands: page (0xB0-0xB7), column low and high
	// nibble (SSD1306 rev 1.1 §10.1.1-10.1.3, table 9-1; SH1106 V2.3
	// commands 1, 2 and 12).
	if err := d.command(0xB0|byte(p), byte(col&0x0F), 0x10|byte(col>>4)); err != nil {
		return err
	}
	if err := d.data(next[lo:hi]); err != nil {
		return err
	}
	copy(shown[lo:hi], next[lo:hi])
	return nil
}

// colOffset is the RAM column of the panel's left edge. The SH1106 has 132
// columns and the 1.3" modules wire the middle 128 (SEG2-SEG129), so with
// the segment remap (0xA1) panel column x is RAM column x+2.
func (d *Dev) colOffset() int {
	if d.chip == SH1106 {
		return 2
	}
	return 0
}

// setUp sends the chip's initialisation, display still off.
func (d *Dev) setUp() error {
	seq := ssd1306Init
	if d.chip == SH1106 {
		seq = sh1106Init
	}
	if err := d.command(seq...); err != nil {
		d.ready = false
		return err
	}
	d.ready, d.synced, d.on = true, false, false
	return nil
}

// Command bytes both chips share (SSD1306 rev 1.1 table 9-1; SH1106 V2.3
// commands 11).
const (
	displayOff = 0xAE
	displayOn  = 0xAF
)

// ssd1306Init follows the datasheet's initialisation flow (rev 1.1
// application note p.64) for the common 0.96" module: 64 rows, alternative
// COM pins, internal charge pump, page addressing.
var ssd1306Init = []byte{
	displayOff,
	0xD5, 0x80, // clock divide ratio and oscillator (§10.1.16, reset value)
	0xA8, 0x3F, // multiplex ratio 64 (§10.1.11)
	0xD3, 0x00, // display offset 0 (§10.1.15)
	0x40,       // display start line 0 (§10.1.6)
	0x8D, 0x14, // charge pump on (application note p.62)
	0x20, 0x02, // page addressing mode (§10.1.3), whatever a previous driver chose
	0x2E,       // scrolling off (§10.2.3), in case a previous driver left it on
	0xA1,       // segment remap: column 127 to SEG0 (§10.1.8)
	0xC8,       // COM scan from COM63 (§10.1.14)
	0xDA, 0x12, // alternative COM pins (§10.1.18, table 10-3)
	0x81, 0xCF, // contrast (§10.1.7)
	0xD9, 0xF1, // pre-charge 15/1 clocks for the internal pump (§10.1.17)
	0xDB, 0x40, // VCOMH deselect level (§10.1.19)
	0xA4, // show RAM (§10.1.9)
	0xA6, // not inverted (§10.1.10)
}

// sh1106Init is the same set-up in the SH1106's own commands (V2.3
// "Commands" 1-21): no charge pump (0x8D), no addressing mode (0x20) nor
// windows (0x21, 0x22), no scrolling (0x2E); the DC-DC converter is 0xAD.
var sh1106Init = []byte{
	displayOff,
	0xD5, 0x80, // clock divide ratio and oscillator (command 15)
	0xA8, 0x3F, // multiplex ratio 64 (command 9)
	0xD3, 0x00, // display offset 0 (command 14)
	0x40,       // display start line 0 (command 4)
	0xAD, 0x8B, // DC-DC on (command 10, its power-on value)
	0xA1,       // segment remap: column 131 to SEG0 (command 6)
	0xC8,       // COM scan from COM63 (command 13)
	0xDA, 0x12, // alternative COM pads (command 17, its power-on value)
	0x81, 0xCF, // contrast (command 5)
	0xD9, 0x22, // discharge/pre-charge 2/2 clocks (command 16, power-on value)
	0xDB, 0x35, // VCOM deselect level (command 18, power-on value)
	0xA4, // show RAM (command 7)
	0xA6, // not inverted (command 8)
}

// command sends command bytes in one transaction: control byte 0x00 (Co 0,
// D/C# 0) then the stream (SSD1306 rev 1.1 §8.1.5.2, figure 8-7; SH1106
// V2.3 "I²C-bus interface", the same framing).
func (d *Dev) command(c ...byte) error {
	return d.tx(0x00, c)
}

// data sends display data in one transaction: control byte 0x40 (D/C# 1).
func (d *Dev) data(b []byte) error {
	return d.tx(0x40, b)
}

func (d *Dev) tx(ctrl byte, b []byte) error {
	d.buf = append(append(d.buf[:0], ctrl), b...)
	if err := d.bus.Tx(d.addr, d.buf, nil); err != nil {
		d.ready, d.synced = false, false
		return fmt.Errorf("oled: %s at %#x: %w", d.chip, d.addr, err)
	}
	return nil
}

var _ display.Drawer = (*Dev)(nil)
