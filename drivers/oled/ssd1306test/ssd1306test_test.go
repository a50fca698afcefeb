package ssd1306test

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/google/go-cmp/cmp"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/devices/v3/ssd1306"
	"periph.io/x/devices/v3/ssd1306/image1bit"
)

// pattern returns a deterministic image with structure in every page and
// every column, so a transposition or flip cannot go unnoticed.
func pattern(seed uint64) *image1bit.VerticalLSB {
	img := image1bit.NewVerticalLSB(image.Rect(0, 0, Width, Height))
	r := rand.New(rand.NewPCG(seed, 1))
	for i := range img.Pix {
		img.Pix[i] = byte(r.Uint32())
	}
	// A solid corner block makes orientation errors obvious in diffs.
	for y := 0; y < 10; y++ {
		for x := 0; x < 20; x++ {
			img.SetBit(x, y, image1bit.On)
		}
	}
	return img
}

func open(t testing.TB, s *Sim, o ssd1306.Opts) *ssd1306.Dev {
	t.Helper()
	dev, err := ssd1306.NewI2C(s, &o)
	if err != nil {
		t.Fatalf("ssd1306.NewI2C: %v", err)
	}
	return dev
}

// diff returns the number of pixels where the panel differs from want,
// transformed by f (identity if nil).
func diff(got *image.Gray, want image.Image, f func(x, y int) (int, int)) int {
	n := 0
	for y := 0; y < Height; y++ {
		for x := 0; x < Width; x++ {
			sx, sy := x, y
			if f != nil {
				sx, sy = f(x, y)
			}
			w := image1bit.BitModel.Convert(want.At(sx, sy)).(image1bit.Bit)
			if Lit(got, x, y) != bool(w) {
				n++
			}
		}
	}
	return n
}

func TestResetStateIsDark(t *testing.T) {
	s := New(nil)
	// Write data in page mode (the reset mode) without turning anything on.
	if err := s.Tx(0x3C, []byte{0x40, 0xFF, 0xFF, 0xFF}, nil); err != nil {
		t.Fatal(err)
	}
	if got := s.RAM().Pix[:4]; !bytes.Equal(got, []byte{0xFF, 0xFF, 0xFF, 0}) {
		t.Errorf("RAM = %x, want ffffff00", got)
	}
	if n := diff(s.Image(), image1bit.NewVerticalLSB(image.Rect(0, 0, Width, Height)), nil); n != 0 {
		t.Errorf("display off: %d lit pixels, want 0", n)
	}
	// Display on without the charge pump: the panel stays dark.
	s.Tx(0x3C, []byte{0x00, 0xAF}, nil)
	if st := s.State(); !st.DisplayOn || st.ChargePump {
		t.Fatalf("state = %+v", st)
	}
	if n := diff(s.Image(), image1bit.NewVerticalLSB(image.Rect(0, 0, Width, Height)), nil); n != 0 {
		t.Errorf("no charge pump: %d lit pixels, want 0", n)
	}
	s.Tx(0x3C, []byte{0x00, 0x8D, 0x14}, nil)
	img := s.Image()
	// Reset: A0 and C0, so RAM column 0 is on the right and row 0 at the bottom.
	for _, p := range []image.Point{{127, 63}, {126, 63}, {125, 60}} {
		if !Lit(img, p.X, p.Y) {
			t.Errorf("pixel %v dark, want lit", p)
		}
	}
	if Lit(img, 124, 63) || Lit(img, 0, 0) {
		t.Error("unexpected lit pixel")
	}
}

func TestPeriphRoundTrip(t *testing.T) {
	for _, tt := range []struct {
		name string
		opts ssd1306.Opts
		f    func(x, y int) (int, int)
	}{
		{"default", ssd1306.DefaultOpts, nil},
		{"mirror-h", ssd1306.Opts{W: 128, H: 64, MirrorHorizontal: true}, func(x, y int) (int, int) { return 127 - x, y }},
		{"mirror-v", ssd1306.Opts{W: 128, H: 64, MirrorVertical: true}, func(x, y int) (int, int) { return x, 63 - y }},
		{"rotated", ssd1306.Opts{W: 128, H: 64, Rotated: true}, func(x, y int) (int, int) { return 127 - x, 63 - y }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := New(nil)
			dev := open(t, s, tt.opts)
			want := pattern(7)
			if err := dev.Draw(want.Bounds(), want, image.Point{}); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(s.RAM().Pix, want.Pix) {
				t.Error("GDDRAM differs from the drawn image")
			}
			if n := diff(s.Image(), want, tt.f); n != 0 {
				t.Errorf("%d pixels differ from the drawn image", n)
			}
		})
	}
}

func TestPeriphSequentialScramblesRows(t *testing.T) {
	s := New(nil)
	dev := open(t, s, ssd1306.Opts{W: 128, H: 64, Sequential: true})
	want := pattern(3)
	dev.Draw(want.Bounds(), want, image.Point{})
	if n := diff(s.Image(), want, nil); n < 1000 {
		t.Errorf("sequential COM pins on an alternative panel: %d pixels differ, want many", n)
	}
}

func TestPeriphDifferentialUpdate(t *testing.T) {
	s := New(nil)
	dev := open(t, s, ssd1306.DefaultOpts)
	img := pattern(1)
	s.ResetStats()
	dev.Draw(img.Bounds(), img, image.Point{})
	full := s.Stats()
	if full.DataBytes != Width*Height/8 {
		t.Errorf("first draw: %d data bytes, want %d", full.DataBytes, Width*Height/8)
	}

	// Same image: nothing on the bus.
	s.ResetStats()
	dev.Draw(img.Bounds(), img, image.Point{})
	if got := s.Stats(); got.Tx != 0 {
		t.Errorf("unchanged image: %+v, want no traffic", got)
	}

	// One small change in one page: only that rectangle.
	next := pattern(1)
	for x := 40; x < 48; x++ {
		next.SetBit(x, 20, !next.BitAt(x, 20))
	}
	s.ResetStats()
	dev.Draw(next.Bounds(), next, image.Point{})
	small := s.Stats()
	if small.DataBytes != 8 {
		t.Errorf("8-pixel change: %d data bytes, want 8", small.DataBytes)
	}
	if small.Bytes*10 > full.Bytes {
		t.Errorf("small change cost %d bytes, full frame %d: want < 10%%", small.Bytes, full.Bytes)
	}
	if n := diff(s.Image(), next, nil); n != 0 {
		t.Errorf("after partial update: %d pixels differ", n)
	}
}

func TestStrictPageCommandsBreakPartialUpdates(t *testing.T) {
	// With a datasheet-literal chip periph's partial update lands at the
	// wrong place: the simulator can show why the default is lenient.
	s := New(&Opts{StrictPageCommands: true})
	dev := open(t, s, ssd1306.DefaultOpts)
	img := pattern(1)
	dev.Draw(img.Bounds(), img, image.Point{})
	if n := diff(s.Image(), img, nil); n != 0 {
		t.Fatalf("full frame: %d pixels differ, want 0", n)
	}
	next := pattern(1)
	next.SetBit(60, 30, !next.BitAt(60, 30))
	dev.Draw(next.Bounds(), next, image.Point{})
	if n := diff(s.Image(), next, nil); n == 0 {
		t.Error("strict chip shows the partial update correctly; want corruption")
	}
	if s.State().IgnoredPageCmds == 0 {
		t.Error("IgnoredPageCmds = 0, want > 0")
	}
}

func TestAddressingModes(t *testing.T) {
	for _, tt := range []struct {
		name string
		w    [][]byte
		want map[int]byte // RAM index -> value
		col  int
		page int
	}{
		{
			name: "horizontal window wraps to next page",
			w:    [][]byte{{0x00, 0x20, 0x00, 0x21, 10, 11, 0x22, 2, 3}, {0x40, 1, 2, 3, 4, 5}},
			want: map[int]byte{2*128 + 10: 5, 2*128 + 11: 2, 3*128 + 10: 3, 3*128 + 11: 4, 2*128 + 12: 0},
			col:  11, page: 2, // wrapped past page 3 back to page 2
		},
		{
			name: "vertical",
			w:    [][]byte{{0x00, 0x20, 0x01, 0x21, 5, 6, 0x22, 0, 1}, {0x40, 1, 2, 3}},
			want: map[int]byte{5: 1, 128 + 5: 2, 6: 3},
			col:  6, page: 1,
		},
		{
			name: "page mode start column and page",
			w:    [][]byte{{0x00, 0x20, 0x02, 0xB5, 0x0A, 0x17}, {0x40, 9, 8}},
			want: map[int]byte{5*128 + 0x7A: 9, 5*128 + 0x7B: 8},
			col:  0x7C, page: 5,
		},
		{
			name: "page mode wraps the column only",
			w:    [][]byte{{0x00, 0x20, 0x02, 0xB1, 0x0F, 0x17}, {0x40, 1, 2}},
			want: map[int]byte{128 + 127: 1, 128: 2},
			col:  1, page: 1,
		},
		{
			name: "Co bit: command, command, then data",
			w:    [][]byte{{0x80, 0xB3, 0x80, 0x02, 0xC0, 0x55, 0x40, 0x66, 0x77}},
			want: map[int]byte{3*128 + 2: 0x55, 3*128 + 3: 0x66, 3*128 + 4: 0x77},
			col:  5, page: 3,
		},
		{
			name: "parameters split across transactions",
			w:    [][]byte{{0x00, 0x20}, {0x00, 0x00, 0x21}, {0x00, 120, 127, 0x22, 7, 7}, {0x40, 0xAA}},
			want: map[int]byte{7*128 + 120: 0xAA},
			col:  121, page: 7,
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := New(nil)
			for _, w := range tt.w {
				if err := s.Tx(0x3C, w, nil); err != nil {
					t.Fatal(err)
				}
			}
			ram := s.RAM().Pix
			for i, v := range tt.want {
				if ram[i] != v {
					t.Errorf("RAM[page %d col %d] = %#x, want %#x", i/128, i%128, ram[i], v)
				}
			}
			if st := s.State(); st.Col != tt.col || st.Page != tt.page {
				t.Errorf("pointer = col %d page %d, want col %d page %d", st.Col, st.Page, tt.col, tt.page)
			}
		})
	}
}

func TestRegisters(t *testing.T) {
	s := New(nil)
	dev := open(t, s, ssd1306.DefaultOpts)
	st := s.State()
	if !st.DisplayOn || !st.ChargePump || st.Contrast != 0xFF || st.Mode != Horizontal || st.Mux != 64 ||
		!st.SegRemap || !st.COMRemap || st.COMPins != 0x12 || st.ClockDiv != 0xF0 || st.Precharge != 0xF1 ||
		st.VCOMH != 0x40 || st.Unknown != 0 {
		t.Errorf("after periph init: %+v", st)
	}
	img := pattern(5)
	dev.Draw(img.Bounds(), img, image.Point{})

	if err := dev.SetContrast(0x10); err != nil {
		t.Fatal(err)
	}
	if got := s.State().Contrast; got != 0x10 {
		t.Errorf("Contrast = %#x, want 0x10", got)
	}

	dev.Invert(true)
	if n := diff(s.Image(), img, nil); n != Width*Height {
		t.Errorf("inverted: %d pixels differ, want all", n)
	}
	dev.Invert(false)

	dev.SetDisplayStartLine(8)
	if n := diff(s.Image(), img, func(x, y int) (int, int) { return x, (y + 8) % 64 }); n != 0 {
		t.Errorf("start line 8: %d pixels differ from image shifted up", n)
	}
	dev.SetDisplayStartLine(0)

	if err := dev.Scroll(ssd1306.Left, ssd1306.FrameRate2, 16, 48); err != nil {
		t.Fatal(err)
	}
	if sc := s.State().Scroll; !sc.Active || sc.Kind != 0x27 || sc.StartPage != 2 || sc.EndPage != 5 || sc.Interval != 7 {
		t.Errorf("scroll = %+v", sc)
	}
	dev.StopScroll()
	if s.State().Scroll.Active {
		t.Error("scroll still active after StopScroll")
	}

	if err := dev.Halt(); err != nil {
		t.Fatal(err)
	}
	if n := diff(s.Image(), image1bit.NewVerticalLSB(image.Rect(0, 0, Width, Height)), nil); n != 0 {
		t.Errorf("halted: %d lit pixels", n)
	}
	// Periph turns the display back on with the next command.
	next := pattern(6)
	dev.Draw(next.Bounds(), next, image.Point{})
	if n := diff(s.Image(), next, nil); n != 0 {
		t.Errorf("after halt and draw: %d pixels differ", n)
	}

	s.Tx(0x3C, []byte{0x00, 0xA5}, nil)
	if n := diff(s.Image(), next, func(x, y int) (int, int) { return -1, -1 }); n != Width*Height {
		t.Errorf("entire display on: %d of %d pixels lit", Width*Height-n, Width*Height)
	}
	s.Tx(0x00, nil, nil)
	s.Tx(0x3C, []byte{0x00, 0xA4, 0xA8, 31, 0xF0}, nil)
	st = s.State()
	if st.Mux != 32 || st.Unknown != 1 || st.EntireOn {
		t.Errorf("mux/unknown: %+v", st)
	}
	// With 32 lines muxed half the panel is dark.
	dark := 0
	img2 := s.Image()
	for y := 0; y < Height; y++ {
		if !Lit(img2, 0, y) && !Lit(img2, 1, y) && !Lit(img2, 2, y) && !Lit(img2, 3, y) {
			dark++
		}
	}
	if dark < 32 {
		t.Errorf("mux 32: %d dark rows, want >= 32", dark)
	}
}

func TestErrors(t *testing.T) {
	t.Run("wrong address", func(t *testing.T) {
		s := New(&Opts{Addr: 0x3D})
		if _, err := ssd1306.NewI2C(s, &ssd1306.DefaultOpts); !errors.Is(err, ErrNAK) {
			t.Errorf("NewI2C on 0x3D chip = %v, want ErrNAK", err)
		}
		if got := s.Stats(); got.Failed != 1 || got.Tx != 0 {
			t.Errorf("stats = %+v", got)
		}
	})
	t.Run("unplug", func(t *testing.T) {
		s := New(nil)
		dev := open(t, s, ssd1306.DefaultOpts)
		s.Unplug()
		img := pattern(2)
		if err := dev.Draw(img.Bounds(), img, image.Point{}); !errors.Is(err, ErrNAK) {
			t.Errorf("Draw unplugged = %v, want ErrNAK", err)
		}
		if err := dev.Halt(); err == nil {
			t.Error("Halt unplugged = nil, want error")
		}
		s.Plug()
		if err := dev.Halt(); err != nil {
			t.Errorf("Halt after Plug = %v", err)
		}
	})
	t.Run("fail next", func(t *testing.T) {
		s := New(nil)
		dev := open(t, s, ssd1306.DefaultOpts)
		s.FailNext(2, nil)
		for i := 0; i < 2; i++ {
			if err := dev.SetContrast(1); !errors.Is(err, ErrInjected) {
				t.Errorf("call %d = %v, want ErrInjected", i, err)
			}
		}
		if err := dev.SetContrast(1); err != nil {
			t.Errorf("third call = %v, want nil", err)
		}
	})
	t.Run("read", func(t *testing.T) {
		s := New(nil)
		if err := s.Tx(0x3C, []byte{0x00}, make([]byte, 1)); !errors.Is(err, ErrRead) {
			t.Errorf("read = %v, want ErrRead", err)
		}
	})
	t.Run("close", func(t *testing.T) {
		s := New(nil)
		s.Close()
		if err := s.Tx(0x3C, []byte{0x00, 0xAF}, nil); !errors.Is(err, ErrClosed) {
			t.Errorf("after Close = %v, want ErrClosed", err)
		}
	})
	t.Run("power cycle", func(t *testing.T) {
		s := New(nil)
		dev := open(t, s, ssd1306.DefaultOpts)
		img := pattern(4)
		dev.Draw(img.Bounds(), img, image.Point{})
		s.PowerCycle()
		if st := s.State(); st.DisplayOn || st.Mode != Page {
			t.Errorf("after power cycle: %+v", st)
		}
	})
}

func TestStall(t *testing.T) {
	s := New(nil)
	s.Stall()
	done := make(chan error)
	go func() { done <- s.Tx(0x3C, []byte{0x00, 0xAF}, nil) }()
	for s.Waiting() == 0 {
		runtime.Gosched()
	}
	if got := s.Stats().Tx; got != 0 {
		t.Errorf("Tx while stalled = %d, want 0", got)
	}
	s.Resume()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if !s.State().DisplayOn {
		t.Error("command lost across the stall")
	}
}

func TestWritePNG(t *testing.T) {
	s := New(nil)
	dev := open(t, s, ssd1306.DefaultOpts)
	img := pattern(9)
	dev.Draw(img.Bounds(), img, image.Point{})
	var buf bytes.Buffer
	if err := s.WritePNG(&buf); err != nil {
		t.Fatal(err)
	}
	dec, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if n := diff(Gray(dec), img, nil); n != 0 {
		t.Errorf("PNG: %d pixels differ", n)
	}
}

func TestStatsBusTime(t *testing.T) {
	st := Stats{Tx: 1, Bytes: 3}
	// (3+1)*9 + 2 = 38 clocks at 100 kHz = 380 µs.
	if got, want := st.BusTime(100*physic.KiloHertz).Microseconds(), int64(380); got != want {
		t.Errorf("BusTime = %d µs, want %d", got, want)
	}
}

// metrics records what a benchmark would report.
type metrics map[string]float64

func (m metrics) ReportMetric(n float64, unit string) { m[unit] = n }

func TestStatsReportPerOp(t *testing.T) {
	tests := []struct {
		name string
		st   Stats
		ops  int
		want metrics
	}{
		// Per drawing: 2 transactions, 20 bytes: (20+2)*9 + 2*2 = 202
		// clocks at 400 kHz = 505 µs.
		{"ten drawings", Stats{Tx: 20, Bytes: 200}, 10, metrics{"bytes/op": 20, "tx/op": 2, "µs@400kHz/op": 505}},
		{"no drawing", Stats{Tx: 20, Bytes: 200}, 0, metrics{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := metrics{}
			tt.st.ReportPerOp(got, tt.ops)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%+v.ReportPerOp(%d) mismatch (-want +got):\n%s", tt.st, tt.ops, diff)
			}
		})
	}
}
