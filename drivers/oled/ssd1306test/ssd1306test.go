package ssd1306test

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"sync"
	"time"

	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/devices/v3/ssd1306/image1bit"
)

// Panel geometry of the simulated module.
const (
	Width  = 128
	Height = 64
	pages  = Height / 8
	// ramCols is the widest RAM, the SH1106's 132 columns.
	ramCols = 132
)

// Chip selects the controller the Sim models.
type Chip int

// Controllers. The zero value is the SSD1306.
const (
	SSD1306 Chip = iota
	SH1106
)

func (c Chip) String() string {
	if c == SH1106 {
		return "sh1106"
	}
	return "ssd1306"
}

// Errors returned by Sim.Tx. A real Linux I²C adapter reports an
// unacknowledged address as an error too (EREMOTEIO), never as silence.
var (
	// ErrNAK is returned when nothing acknowledges the address: wrong
	// address, or the module is unplugged.
	ErrNAK = errors.New("ssd1306test: address not acknowledged")
	// ErrInjected is the default error of a failure armed with FailNext.
	ErrInjected = errors.New("ssd1306test: injected bus error")
	// ErrRead is returned for a read: the SSD1306 is write-only over I²C.
	ErrRead = errors.New("ssd1306test: read not supported by ssd1306 over i2c")
	// ErrClosed is returned after Close.
	ErrClosed = errors.New("ssd1306test: bus closed")
)

// AddrMode is the GDDRAM addressing mode set by command 0x20 (datasheet
// rev 1.1 §10.1.3, p.34-35).
type AddrMode byte

// Addressing modes, as encoded in the 0x20 parameter.
const (
	Horizontal AddrMode = 0
	Vertical   AddrMode = 1
	Page       AddrMode = 2
)

func (m AddrMode) String() string {
	switch m {
	case Horizontal:
		return "horizontal"
	case Vertical:
		return "vertical"
	case Page:
		return "page"
	}
	return fmt.Sprintf("AddrMode(%d)", byte(m))
}

// Opts configures a Sim.
type Opts struct {
	// Addr is the 7-bit address the chip acknowledges; 0 means 0x3C (SA0
	// low). 0x3D is the other strap.
	Addr uint16
	// StrictPageCommands makes the chip follow the datasheet literally: the
	// page-mode pointer commands 0xB0-0xB7, 0x00-0x0F and 0x10-0x1F are
	// ignored outside page addressing mode (rev 1.1 §10.1.1-10.1.3, p.34).
	// Real chips honour them in every mode (u8g2 and periph's differential
	// updates rely on it), so the default is false.
	StrictPageCommands bool
	// Chip is the controller: SSD1306 (the default) or SH1106, modelled as
	// the package documentation says.
	Chip Chip
}

// Scroll is the last scroll setup recorded (rev 1.1 §10.2, p.44-46). The
// simulator records scrolling but does not animate it.
type Scroll struct {
	Active    bool
	Kind      byte // 0x26 right, 0x27 left, 0x29 up-right, 0x2A up-left; 0 if none
	StartPage byte
	Interval  byte
	EndPage   byte
	VOffset   byte // vertical offset for 0x29/0x2A
	AreaTop   byte // 0xA3 vertical scroll area
	AreaRows  byte
}

// State is a snapshot of the chip's registers.
type State struct {
	DisplayOn  bool // 0xAE/0xAF
	Contrast   byte // 0x81
	Inverted   bool // 0xA6/0xA7
	EntireOn   bool // 0xA4/0xA5
	SegRemap   bool // 0xA0/0xA1: true maps column 127 to SEG0
	COMRemap   bool // 0xC0/0xC8: true scans COM[N-1] to COM0
	Mux        int  // 0xA8: number of active COM lines (16..64)
	Offset     int  // 0xD3
	StartLine  int  // 0x40-0x7F
	ChargePump bool // 0x8D; on an SH1106 the DC-DC converter, 0xAD
	ClockDiv   byte // 0xD5
	Precharge  byte // 0xD9
	COMPins    byte // 0xDA
	VCOMH      byte // 0xDB
	Mode       AddrMode
	ColStart   int // 0x21 window
	ColEnd     int
	PageStart  int // 0x22 window
	PageEnd    int
	Col        int // GDDRAM pointer
	Page       int
	Scroll     Scroll
	// Unknown counts command bytes the chip does not know.
	Unknown int
	// IgnoredPageCmds counts page-mode pointer commands dropped because of
	// Opts.StrictPageCommands.
	IgnoredPageCmds int
	// Overflow counts SH1106 data bytes written past column 131, dropped.
	Overflow int
}

// Stats counts bus traffic. Take two snapshots and Sub them to measure one
// update.
type Stats struct {
	Tx           int // acknowledged write transactions
	Bytes        int // payload bytes written (control + command + data), address excluded
	ControlBytes int // I²C control bytes (0x00, 0x40, 0x80, 0xC0)
	CommandBytes int
	DataBytes    int
	Failed       int // transactions that returned an error
}

// Sub returns s - o.
func (s Stats) Sub(o Stats) Stats {
	return Stats{
		Tx:           s.Tx - o.Tx,
		Bytes:        s.Bytes - o.Bytes,
		ControlBytes: s.ControlBytes - o.ControlBytes,
		CommandBytes: s.CommandBytes - o.CommandBytes,
		DataBytes:    s.DataBytes - o.DataBytes,
		Failed:       s.Failed - o.Failed,
	}
}

// BusTime estimates the wire time of the counted traffic at bus speed f:
// 9 clocks per byte (8 bits + ACK), the address byte of each transaction,
// and about 2 clocks for start and stop.
func (s Stats) BusTime(f physic.Frequency) time.Duration {
	hz := int64(f / physic.Hertz)
	if hz <= 0 {
		return 0
	}
	clocks := int64(9*(s.Bytes+s.Tx) + 2*s.Tx)
	return time.Duration(clocks * int64(time.Second) / hz)
}

// Reporter is what ReportPerOp reports to: a *testing.B.
type Reporter interface {
	ReportMetric(n float64, unit string)
}

// ReportPerOp reports s, counted over ops drawings, as a benchmark's
// bytes/op, tx/op and µs@400kHz/op (the bus time at the OLED's 400 kHz).
func (s Stats) ReportPerOp(b Reporter, ops int) {
	if ops <= 0 {
		return
	}
	b.ReportMetric(float64(s.Bytes)/float64(ops), "bytes/op")
	b.ReportMetric(float64(s.Tx)/float64(ops), "tx/op")
	per := Stats{Tx: s.Tx / ops, Bytes: s.Bytes / ops}
	b.ReportMetric(float64(per.BusTime(400*physic.KiloHertz).Microseconds()), "µs@400kHz/op")
}

// Sim is a stateful SSD1306 on an I²C bus. It implements i2c.BusCloser so
// periph's real ssd1306 driver can run against it. It is safe for concurrent
// use.
type Sim struct {
	addr   uint16
	strict bool
	chip   Chip
	cols   int // RAM columns: 128, or 132 on an SH1106

	mu     sync.Mutex
	ram    [pages * ramCols]byte // page p, column c at p*cols+c
	st     State
	cmd    byte // command waiting for parameters
	params []byte
	need   int
	speed  physic.Frequency
	stats  Stats

	unplugged bool
	closed    bool
	failNext  int
	failErr   error
	gate      chan struct{} // non-nil while stalled
	waiting   int           // Tx calls blocked by Stall
}

// New returns a powered-up chip in its reset state. o may be nil.
func New(o *Opts) *Sim {
	s := &Sim{addr: 0x3C, cols: Width}
	if o != nil {
		if o.Addr != 0 {
			s.addr = o.Addr
		}
		s.strict = o.StrictPageCommands
		s.chip = o.Chip
	}
	if s.chip == SH1106 {
		s.cols = ramCols
	}
	s.reset()
	return s
}

// reset loads the power-on values of the command table (rev 1.1 §9, p.28-32).
// GDDRAM content is undefined at power-up; the simulator clears it.
func (s *Sim) reset() {
	s.need = 0
	s.params = s.params[:0]
	if s.chip == SH1106 {
		s.resetSH1106()
		return
	}
	s.ram = [pages * ramCols]byte{}
	s.st = State{
		Contrast:  0x7F,
		Mux:       64,
		ClockDiv:  0x80,
		Precharge: 0x22,
		COMPins:   0x12,
		VCOMH:     0x20,
		Mode:      Page,
		ColEnd:    Width - 1,
		PageEnd:   pages - 1,
	}
}

// PowerCycle simulates the module losing power: every register and the
// GDDRAM go back to reset values, so the screen goes dark until a driver
// initialises it again.
func (s *Sim) PowerCycle() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reset()
}

func (s *Sim) String() string {
	if s.chip == SH1106 {
		return fmt.Sprintf("ssd1306test.Sim{sh1106 %#x}", s.addr)
	}
	return fmt.Sprintf("ssd1306test.Sim{%#x}", s.addr)
}

// SetSpeed implements i2c.Bus. The SSD1306 is specified up to 400 kHz
// (rev 1.1 §13, p.54); higher speeds are accepted and recorded, as a
// controller would not notice.
func (s *Sim) SetSpeed(f physic.Frequency) error {
	if f <= 0 {
		return fmt.Errorf("ssd1306test: invalid speed %s", f)
	}
	s.mu.Lock()
	s.speed = f
	s.mu.Unlock()
	return nil
}

// Speed returns the last speed set, 0 if never set.
func (s *Sim) Speed() physic.Frequency {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.speed
}

// Close implements i2c.BusCloser. Later Tx calls fail with ErrClosed.
func (s *Sim) Close() error {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	return nil
}

// Unplug disconnects the module: every Tx fails with ErrNAK until Plug.
func (s *Sim) Unplug() {
	s.mu.Lock()
	s.unplugged = true
	s.mu.Unlock()
}

// Plug reconnects the module. The chip kept its state (it stayed powered);
// use PowerCycle to model a module that lost power too.
func (s *Sim) Plug() {
	s.mu.Lock()
	s.unplugged = false
	s.mu.Unlock()
}

// FailNext makes the next n transactions fail with err (ErrInjected if nil)
// without reaching the chip.
func (s *Sim) FailNext(n int, err error) {
	if err == nil {
		err = ErrInjected
	}
	s.mu.Lock()
	s.failNext = n
	s.failErr = err
	s.mu.Unlock()
}

// Stall makes every Tx block until Resume, like a bus held by clock
// stretching or a hung adapter.
func (s *Sim) Stall() {
	s.mu.Lock()
	if s.gate == nil {
		s.gate = make(chan struct{})
	}
	s.mu.Unlock()
}

// Resume releases the transactions blocked by Stall.
func (s *Sim) Resume() {
	s.mu.Lock()
	if s.gate != nil {
		close(s.gate)
		s.gate = nil
	}
	s.mu.Unlock()
}

// Waiting returns how many Tx calls are blocked by Stall right now.
func (s *Sim) Waiting() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.waiting
}

// Tx implements i2c.Bus.
func (s *Sim) Tx(addr uint16, w, r []byte) error {
	s.mu.Lock()
	gate := s.gate
	if gate != nil {
		s.waiting++
	}
	s.mu.Unlock()
	if gate != nil {
		<-gate
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if gate != nil {
		s.waiting--
	}
	switch {
	case s.closed:
		s.stats.Failed++
		return ErrClosed
	case s.failNext > 0:
		s.failNext--
		s.stats.Failed++
		return fmt.Errorf("ssd1306test: tx to %#x: %w", addr, s.failErr)
	case s.unplugged:
		s.stats.Failed++
		return fmt.Errorf("ssd1306test: tx to %#x (unplugged): %w", addr, ErrNAK)
	case addr != s.addr:
		s.stats.Failed++
		return fmt.Errorf("ssd1306test: tx to %#x: %w", addr, ErrNAK)
	case len(r) != 0:
		s.stats.Failed++
		return ErrRead
	}
	s.stats.Tx++
	s.stats.Bytes += len(w)
	s.write(w)
	return nil
}

// write decodes one I²C write after the address byte: a control byte whose
// Co bit (7) says whether another control byte follows the next byte, and
// whose D/C# bit (6) says data or command (rev 1.1 §8.1.5.2, p.20, fig 8-7).
func (s *Sim) write(w []byte) {
	for i := 0; i < len(w); {
		ctrl := w[i]
		s.stats.ControlBytes++
		i++
		data := ctrl&0x40 != 0
		if ctrl&0x80 != 0 {
			if i < len(w) {
				s.byte(data, w[i])
				i++
			}
			continue
		}
		for ; i < len(w); i++ {
			s.byte(data, w[i])
		}
	}
}

func (s *Sim) byte(data bool, b byte) {
	switch {
	case data && s.chip == SH1106:
		s.stats.DataBytes++
		s.dataSH1106(b)
	case data:
		s.stats.DataBytes++
		s.data(b)
	case s.chip == SH1106:
		s.stats.CommandBytes++
		s.commandSH1106(b)
	default:
		s.stats.CommandBytes++
		s.command(b)
	}
}

// data stores one GDDRAM byte and advances the pointer as the addressing
// mode says (rev 1.1 §10.1.3, p.34-35, fig 10-2..10-4).
func (s *Sim) data(b byte) {
	st := &s.st
	s.page(st.Page)[st.Col] = b
	switch st.Mode {
	case Horizontal:
		st.Col++
		if st.Col > st.ColEnd {
			st.Col = st.ColStart
			st.Page++
			if st.Page > st.PageEnd {
				st.Page = st.PageStart
			}
		}
	case Vertical:
		st.Page++
		if st.Page > st.PageEnd {
			st.Page = st.PageStart
			st.Col++
			if st.Col > st.ColEnd {
				st.Col = st.ColStart
			}
		}
	default:
		// Page mode: the column wraps, the page does not change.
		st.Col = (st.Col + 1) % Width
	}
}

// paramCount is the number of parameter bytes following a command byte
// (rev 1.1 Table 9-1, p.28-32).
func paramCount(b byte) int {
	switch b {
	case 0x20, 0x81, 0x8D, 0xA8, 0xD3, 0xD5, 0xD9, 0xDA, 0xDB:
		return 1
	case 0x21, 0x22, 0xA3:
		return 2
	case 0x29, 0x2A:
		return 5
	case 0x26, 0x27:
		return 6
	}
	return 0
}

// command feeds one command byte. Parameters may arrive in later
// transactions: the chip's parser keeps its state across them.
func (s *Sim) command(b byte) {
	if s.need > 0 {
		s.params = append(s.params, b)
		s.need--
		if s.need == 0 {
			s.exec(s.cmd, s.params)
			s.params = s.params[:0]
		}
		return
	}
	if n := paramCount(b); n > 0 {
		s.cmd, s.need = b, n
		return
	}
	s.exec(b, nil)
}

func (s *Sim) pageCmd() bool {
	if s.strict && s.st.Mode != Page {
		s.st.IgnoredPageCmds++
		return false
	}
	return true
}

func (s *Sim) exec(c byte, p []byte) {
	st := &s.st
	switch {
	case c <= 0x0F: // lower column start nibble, p.34
		if s.pageCmd() {
			st.Col = st.Col&0x70 | int(c&0x0F)
		}
	case c <= 0x1F: // higher column start nibble
		if s.pageCmd() {
			st.Col = int(c&0x07)<<4 | st.Col&0x0F
		}
	case c == 0x20: // memory addressing mode, p.34
		if m := AddrMode(p[0] & 3); m != 3 {
			st.Mode = m
		}
	case c == 0x21: // column address window, p.35
		st.ColStart, st.ColEnd = int(p[0]&0x7F), int(p[1]&0x7F)
		st.Col = st.ColStart
	case c == 0x22: // page address window, p.36
		st.PageStart, st.PageEnd = int(p[0]&7), int(p[1]&7)
		st.Page = st.PageStart
	case c == 0x26 || c == 0x27: // horizontal scroll setup, p.44
		st.Scroll = Scroll{Kind: c, StartPage: p[1] & 7, Interval: p[2] & 7, EndPage: p[3] & 7, AreaTop: st.Scroll.AreaTop, AreaRows: st.Scroll.AreaRows}
	case c == 0x29 || c == 0x2A: // vertical+horizontal scroll setup, p.45
		st.Scroll = Scroll{Kind: c, StartPage: p[1] & 7, Interval: p[2] & 7, EndPage: p[3] & 7, VOffset: p[4] & 0x3F, AreaTop: st.Scroll.AreaTop, AreaRows: st.Scroll.AreaRows}
	case c == 0x2E: // deactivate scroll, p.46
		st.Scroll.Active = false
	case c == 0x2F: // activate scroll
		st.Scroll.Active = st.Scroll.Kind != 0
	case c >= 0x40 && c <= 0x7F: // display start line, p.36
		st.StartLine = int(c & 0x3F)
	case c == 0x81: // contrast, p.36
		st.Contrast = p[0]
	case c == 0x8D: // charge pump, application note p.62
		st.ChargePump = p[0]&0x04 != 0
	case c == 0xA0 || c == 0xA1: // segment remap, p.36
		st.SegRemap = c == 0xA1
	case c == 0xA3: // vertical scroll area, p.46
		st.Scroll.AreaTop, st.Scroll.AreaRows = p[0]&0x3F, p[1]&0x7F
	case c == 0xA4 || c == 0xA5: // entire display on, p.37
		st.EntireOn = c == 0xA5
	case c == 0xA6 || c == 0xA7: // normal/inverse, p.37
		st.Inverted = c == 0xA7
	case c == 0xA8: // multiplex ratio, p.37; values below 15 are invalid
		if m := int(p[0]&0x3F) + 1; m >= 16 {
			st.Mux = m
		}
	case c == 0xAE || c == 0xAF: // display off/on, p.37
		st.DisplayOn = c == 0xAF
	case c >= 0xB0 && c <= 0xB7: // page start for page mode, p.38
		if s.pageCmd() {
			st.Page = int(c & 7)
		}
	case c >= 0xC0 && c <= 0xCF: // COM output scan direction, p.38; only bit 3 counts
		st.COMRemap = c&0x08 != 0
	case c == 0xD3: // display offset, p.39
		st.Offset = int(p[0] & 0x3F)
	case c == 0xD5: // clock divide / oscillator, p.40
		st.ClockDiv = p[0]
	case c == 0xD9: // pre-charge period, p.40
		st.Precharge = p[0]
	case c == 0xDA: // COM pins hardware configuration, p.40 table 10-3
		st.COMPins = p[0] & 0x32
	case c == 0xDB: // VCOMH deselect level, p.43
		st.VCOMH = p[0] & 0x70
	case c == 0xE3: // NOP
	default:
		st.Unknown++
	}
}

func (s *Sim) page(p int) []byte { return s.ram[p*s.cols : (p+1)*s.cols] }

// State returns a snapshot of the registers.
func (s *Sim) State() State {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.st
}

// Stats returns the traffic counted since New or ResetStats.
func (s *Sim) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stats
}

// ResetStats zeroes the traffic counters.
func (s *Sim) ResetStats() {
	s.mu.Lock()
	s.stats = Stats{}
	s.mu.Unlock()
}

// RAM returns a copy of the GDDRAM as an image whose (x, y) is (column,
// row), before any remap: what the driver wrote, not what is seen. It is
// 128 columns wide, 132 on an SH1106.
func (s *Sim) RAM() *image1bit.VerticalLSB {
	s.mu.Lock()
	defer s.mu.Unlock()
	img := image1bit.NewVerticalLSB(image.Rect(0, 0, s.cols, Height))
	copy(img.Pix, s.ram[:pages*s.cols])
	return img
}

// Image returns what a person looking at the panel sees: 255 for a lit
// pixel, 0 for a dark one. It applies display on/off and the charge pump
// (the panel has no external VCC), entire-display-on, inversion, segment
// remap, COM scan direction, COM pin configuration, multiplex ratio,
// display offset and start line. Scrolling is recorded, not animated.
//
// The panel is wired like the common 0.96" modules: it shows RAM upright
// with 0xA1, 0xC8 and COM pins 0x12, the settings periph's driver sends.
func (s *Sim) Image() *image.Gray {
	img := image.NewGray(image.Rect(0, 0, Width, Height))
	s.mu.Lock()
	defer s.mu.Unlock()
	st := &s.st
	if !st.DisplayOn || !st.ChargePump {
		return img
	}
	for y := 0; y < Height; y++ {
		row, driven := s.ramRow(y)
		if !driven {
			continue
		}
		for x := 0; x < Width; x++ {
			on := s.ram[row/8*s.cols+s.column(x)]&(1<<(row&7)) != 0
			if st.Inverted {
				on = !on
			}
			if st.EntireOn {
				on = true
			}
			if on {
				img.Pix[y*img.Stride+x] = 0xFF
			}
		}
	}
	return img
}

// column returns the RAM column shown at panel column x. The panel's SEG0
// is on the right; 0xA1 maps the last column to SEG0. An SH1106 module
// wires SEG2-SEG129 to the glass, so 0xA1 shows column x+2 at x.
func (s *Sim) column(x int) int {
	last := s.cols - 1
	if s.chip == SH1106 {
		x += 2
	}
	if s.st.SegRemap {
		return x
	}
	return last - x
}

// ramRow returns the GDDRAM row shown on panel row y, and false when no
// COM line drives that row (multiplex ratio below 64).
func (s *Sim) ramRow(y int) (int, bool) {
	st := &s.st
	// Panel pins run bottom to top; with the alternative COM pin layout
	// (0xDA bit 4) they are in COM order.
	q := Height - 1 - y
	com := q
	if st.COMPins&0x10 == 0 {
		// Sequential layout: the chip drives COM0-31 then COM32-63 on pins
		// the panel interleaves, so rows come out scrambled (p.40-42).
		if q&1 == 0 {
			com = q / 2
		} else {
			com = 32 + q/2
		}
	}
	if st.COMPins&0x20 != 0 { // left/right swap
		com = (com + 32) % 64
	}
	j := (com - st.Offset + 64) % 64
	if j >= st.Mux {
		return 0, false
	}
	k := j
	if st.COMRemap {
		k = st.Mux - 1 - j
	}
	return (st.StartLine + k) % 64, true
}

// WritePNG encodes Image as PNG.
func (s *Sim) WritePNG(w io.Writer) error {
	if err := png.Encode(w, s.Image()); err != nil {
		return fmt.Errorf("ssd1306test: %w", err)
	}
	return nil
}

// Lit reports whether the panel pixel (x, y) is lit, from Image.
func Lit(img *image.Gray, x, y int) bool {
	return img.GrayAt(x, y).Y > 0x7F
}

// Gray converts a 1-bit image to what Image returns, for comparisons.
func Gray(src image.Image) *image.Gray {
	r := src.Bounds()
	g := image.NewGray(r)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if image1bit.BitModel.Convert(src.At(x, y)).(image1bit.Bit) {
				g.SetGray(x, y, color.Gray{Y: 0xFF})
			}
		}
	}
	return g
}

// Photo is the panel img as a camera sees it from close by: each pixel k×k,
// lit pixels white, in a dark margin (the unlit glass round it). A QR
// decoder reads the panel from it.
func Photo(img *image.Gray, k, margin int) *image.Gray {
	b := img.Bounds()
	out := image.NewGray(image.Rect(0, 0, b.Dx()*k+2*margin, b.Dy()*k+2*margin))
	for y := range out.Rect.Dy() {
		for x := range out.Rect.Dx() {
			px, py := (x-margin)/k, (y-margin)/k
			if x >= margin && y >= margin && px < b.Dx() && py < b.Dy() && Lit(img, b.Min.X+px, b.Min.Y+py) {
				out.SetGray(x, y, color.Gray{Y: 0xFF})
			}
		}
	}
	return out
}

var _ i2c.BusCloser = (*Sim)(nil)
