package oled

import (
	"errors"
	"image"
	"math/rand/v2"
	"testing"

	"periph.io/x/devices/v3/ssd1306/image1bit"

	"github.com/unoref/unoref/drivers/oled/ssd1306test"
)

var chips = []struct {
	chip Chip
	sim  ssd1306test.Chip
}{{SSD1306, ssd1306test.SSD1306}, {SH1106, ssd1306test.SH1106}}

// pattern returns a deterministic frame with structure in every page and
// column, and a solid top-left block, so shifts and flips show.
func pattern(seed uint64) *image1bit.VerticalLSB {
	img := image1bit.NewVerticalLSB(Bounds)
	r := rand.New(rand.NewPCG(seed, 1))
	for i := range img.Pix {
		img.Pix[i] = byte(r.Uint32())
	}
	for y := range 10 {
		for x := range 20 {
			img.SetBit(x, y, image1bit.On)
		}
	}
	return img
}

func open(t testing.TB, chip Chip, simChip ssd1306test.Chip) (*Dev, *ssd1306test.Sim) {
	t.Helper()
	sim := ssd1306test.New(&ssd1306test.Opts{Chip: simChip})
	d, err := NewI2C(sim, &Opts{Chip: chip})
	if err != nil {
		t.Fatalf("NewI2C(%v): %v", chip, err)
	}
	return d, sim
}

// differ counts the panel pixels that are not img's.
func differ(sim *ssd1306test.Sim, img *image1bit.VerticalLSB) int {
	got := sim.Image()
	n := 0
	for y := range Height {
		for x := range Width {
			if ssd1306test.Lit(got, x, y) != bool(img.BitAt(x, y)) {
				n++
			}
		}
	}
	return n
}

func TestDrawBothChips(t *testing.T) {
	for _, c := range chips {
		t.Run(c.chip.String(), func(t *testing.T) {
			d, sim := open(t, c.chip, c.sim)
			if st := sim.State(); st.DisplayOn {
				t.Error("display on before the first frame: it would show the RAM's noise")
			}
			want := pattern(1)
			if err := d.Draw(Bounds, want, image.Point{}); err != nil {
				t.Fatal(err)
			}
			if n := differ(sim, want); n != 0 {
				t.Errorf("%v: %d pixels differ from the frame", c.chip, n)
			}
			st := sim.State()
			if !st.DisplayOn || st.Unknown != 0 || st.Overflow != 0 {
				t.Errorf("%v: DisplayOn %v, Unknown %d, Overflow %d, want on, 0, 0", c.chip, st.DisplayOn, st.Unknown, st.Overflow)
			}
		})
	}
}

// TestWrongChip shows why the pin map names the chip: an SSD1306 set-up on
// an SH1106 module shifts the picture, and an SH1106 set-up on an SSD1306
// leaves it dark (no charge pump).
func TestWrongChip(t *testing.T) {
	want := pattern(2)
	d, sim := open(t, SSD1306, ssd1306test.SH1106)
	if err := d.Draw(Bounds, want, image.Point{}); err != nil {
		t.Fatal(err)
	}
	if n := differ(sim, want); n < 1000 {
		t.Errorf("SSD1306 set-up on an SH1106 differs by %d pixels, want a shifted picture", n)
	}
	d, sim = open(t, SH1106, ssd1306test.SSD1306)
	if err := d.Draw(Bounds, want, image.Point{}); err != nil {
		t.Fatal(err)
	}
	if st := sim.State(); st.ChargePump {
		t.Error("SH1106 set-up turned an SSD1306's charge pump on")
	}
}

// TestDifferential checks that a change sends only the changed columns of
// the changed pages, and that the panel ends up right.
func TestDifferential(t *testing.T) {
	for _, c := range chips {
		t.Run(c.chip.String(), func(t *testing.T) {
			d, sim := open(t, c.chip, c.sim)
			img := pattern(3)
			if _, err := d.Write(img.Pix); err != nil {
				t.Fatal(err)
			}
			sim.ResetStats()
			if _, err := d.Write(img.Pix); err != nil {
				t.Fatal(err)
			}
			if st := sim.Stats(); st.Tx != 0 {
				t.Errorf("same frame again: %+v, want no traffic", st)
			}
			for _, p := range []image.Point{{10, 12}, {14, 13}, {100, 60}} {
				img.SetBit(p.X, p.Y, !img.BitAt(p.X, p.Y))
			}
			sim.ResetStats()
			if err := d.Draw(Bounds, img, image.Point{}); err != nil {
				t.Fatal(err)
			}
			// Page 1: columns 10-14 (5 bytes); page 7: column 100 (1 byte).
			want := ssd1306test.Stats{Tx: 4, Bytes: 4 + 6 + 4 + 2, ControlBytes: 4, CommandBytes: 6, DataBytes: 6}
			if got := sim.Stats(); got != want {
				t.Errorf("stats = %+v, want %+v", got, want)
			}
			if n := differ(sim, img); n != 0 {
				t.Errorf("%d pixels differ after the update", n)
			}
		})
	}
}

// TestDrawRegion draws a sub-image: the rest of the panel keeps its frame.
func TestDrawRegion(t *testing.T) {
	d, sim := open(t, SH1106, ssd1306test.SH1106)
	img := pattern(4)
	if err := d.Draw(Bounds, img, image.Point{}); err != nil {
		t.Fatal(err)
	}
	patch := image1bit.NewVerticalLSB(image.Rect(0, 0, 8, 8))
	r := image.Rect(40, 20, 48, 28)
	if err := d.Draw(r, patch, image.Point{}); err != nil {
		t.Fatal(err)
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			img.SetBit(x, y, image1bit.Off)
		}
	}
	if n := differ(sim, img); n != 0 {
		t.Errorf("%d pixels differ after drawing a region", n)
	}
}

// TestRecoversPowerLoss: a failed transfer makes the next draw set the chip
// up again and send the whole frame.
func TestRecoversPowerLoss(t *testing.T) {
	for _, c := range chips {
		t.Run(c.chip.String(), func(t *testing.T) {
			d, sim := open(t, c.chip, c.sim)
			if _, err := d.Write(pattern(5).Pix); err != nil {
				t.Fatal(err)
			}
			sim.Unplug()
			if _, err := d.Write(pattern(6).Pix); !errors.Is(err, ssd1306test.ErrNAK) {
				t.Fatalf("Write unplugged = %v, want ErrNAK", err)
			}
			sim.PowerCycle()
			sim.Plug()
			last := pattern(6)
			if _, err := d.Write(last.Pix); err != nil {
				t.Fatal(err)
			}
			if n := differ(sim, last); n != 0 {
				t.Errorf("%d pixels differ after power came back", n)
			}
		})
	}
}

func TestHalt(t *testing.T) {
	d, sim := open(t, SH1106, ssd1306test.SH1106)
	if _, err := d.Write(pattern(7).Pix); err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		if err := d.Halt(); err != nil {
			t.Fatalf("Halt #%d = %v", i+1, err)
		}
	}
	if sim.State().DisplayOn {
		t.Error("display on after Halt")
	}
	if _, err := d.Write(pattern(8).Pix); err != nil {
		t.Fatal(err)
	}
	if !sim.State().DisplayOn {
		t.Error("display still off after a Write following Halt")
	}
}

func TestErrors(t *testing.T) {
	d, _ := open(t, SSD1306, ssd1306test.SSD1306)
	if _, err := d.Write(make([]byte, 100)); !errors.Is(err, ErrLength) {
		t.Errorf("Write(100 bytes) = %v, want ErrLength", err)
	}
	if _, err := NewI2C(ssd1306test.New(nil), &Opts{Chip: Chip(7)}); !errors.Is(err, ErrChip) {
		t.Errorf("NewI2C(Chip 7) = %v, want ErrChip", err)
	}
	for _, tt := range []struct {
		in   string
		want Chip
		err  error
	}{{"", SSD1306, nil}, {"ssd1306", SSD1306, nil}, {"SH1106", SH1106, nil}, {" sh1106 ", SH1106, nil}, {"sh1107", 0, ErrChip}} {
		got, err := ParseChip(tt.in)
		if got != tt.want || !errors.Is(err, tt.err) {
			t.Errorf("ParseChip(%q) = %v, %v, want %v, %v", tt.in, got, err, tt.want, tt.err)
		}
	}
	if got, want := d.String(), "oled.Dev{ssd1306test.Sim{0x3c}, ssd1306 at 0x3c, 128x64}"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

// BenchmarkFrame measures the I²C cost of a full frame and of a one-pixel
// change on each chip.
func BenchmarkFrame(b *testing.B) {
	for _, c := range chips {
		for _, name := range []string{"full", "pixel"} {
			b.Run(c.chip.String()+"/"+name, func(b *testing.B) {
				d, sim := open(b, c.chip, c.sim)
				frames := [2]*image1bit.VerticalLSB{pattern(1), pattern(2)}
				if name == "pixel" {
					frames[1] = pattern(1)
					frames[1].SetBit(64, 32, !frames[1].BitAt(64, 32))
				}
				d.Write(frames[0].Pix)
				sim.ResetStats()
				i := 0
				for b.Loop() {
					i++
					if _, err := d.Write(frames[i%2].Pix); err != nil {
						b.Fatal(err)
					}
				}
				sim.Stats().ReportPerOp(b, i)
			})
		}
	}
}
