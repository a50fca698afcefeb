package ssd1306test

import (
	"image"
	"testing"

	"periph.io/x/devices/v3/ssd1306"
	"periph.io/x/devices/v3/ssd1306/image1bit"
)

// cmds sends command bytes in one transaction, as the reference drivers do.
func cmds(t *testing.T, s *Sim, b ...byte) {
	t.Helper()
	if err := s.Tx(0x3C, append([]byte{0x00}, b...), nil); err != nil {
		t.Fatal(err)
	}
}

// pagesAt writes img page by page from RAM column off, setting the column
// and then the page as U8g2 does, or the page first as Adafruit does.
func pagesAt(t *testing.T, s *Sim, img *image1bit.VerticalLSB, off int, pageFirst bool) {
	t.Helper()
	for p := range pages {
		ptr := []byte{0x10 | byte(off>>4), byte(off & 0x0F), 0xB0 | byte(p)}
		if pageFirst {
			ptr = []byte{0xB0 | byte(p), byte(off & 0x0F), 0x10 | byte(off>>4)}
		}
		cmds(t, s, ptr...)
		if err := s.Tx(0x3C, append([]byte{0x40}, img.Pix[p*Width:(p+1)*Width]...), nil); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSH1106ReferenceDrivers proves the strict SH1106 model accepts the
// proven drivers: U8g2's sh1106_128x64_noname (the SSD1306 set-up sent
// unchanged, column offset 2) and Adafruit's SH1106 (its own set-up).
func TestSH1106ReferenceDrivers(t *testing.T) {
	u8g2 := []byte{0xAE, 0xD5, 0x80, 0xA8, 0x3F, 0xD3, 0x00, 0x40, 0x8D, 0x14, 0x20, 0x00,
		0xA1, 0xC8, 0xDA, 0x12, 0x81, 0xCF, 0xD9, 0xF1, 0xDB, 0x40, 0x2E, 0xA4, 0xA6}
	adafruit := []byte{0xAE, 0xD5, 0x80, 0xA8, 0x3F, 0xD3, 0x00, 0x40, 0xAD, 0x8B,
		0xA1, 0xC8, 0xDA, 0x12, 0x81, 0xCF, 0xD9, 0xF1, 0xDB, 0x40, 0xA4, 0xA6}
	for _, tt := range []struct {
		name      string
		init      []byte
		pageFirst bool
		unknown   int
	}{
		{"u8g2", u8g2, false, 3},
		{"adafruit", adafruit, true, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := New(&Opts{Chip: SH1106})
			want := pattern(7)
			cmds(t, s, tt.init...)
			pagesAt(t, s, want, 2, tt.pageFirst)
			cmds(t, s, 0xAF)
			if n := diff(s.Image(), want, nil); n != 0 {
				t.Errorf("%s on the SH1106: %d pixels differ, want 0", tt.name, n)
			}
			if st := s.State(); st.Unknown != tt.unknown || st.Overflow != 0 {
				t.Errorf("Unknown, Overflow = %d, %d, want %d, 0", st.Unknown, st.Overflow, tt.unknown)
			}
		})
	}
}

// TestWrongInitOnSH1106 shows what an SSD1306 driver does to an SH1106:
// periph's ssd1306 writes every page from column 0, so the picture sits 2
// pixels to the left and the last 2 columns show the RAM's power-on noise;
// its 0x21 0x00 0x7F leaves the start line at 63, rolling it down a row.
func TestWrongInitOnSH1106(t *testing.T) {
	s := New(&Opts{Chip: SH1106})
	want := pattern(3)
	dev := open(t, s, ssd1306.DefaultOpts)
	if err := dev.Draw(want.Rect, want, image.Point{}); err != nil {
		t.Fatal(err)
	}
	got := s.Image()
	if n := diff(got, want, nil); n < 1000 {
		t.Errorf("periph's ssd1306 on an SH1106 differs by %d pixels, want a visibly wrong picture", n)
	}
	shifted := func(x, y int) (int, int) { return x + 2, (y + Height - 1) % Height }
	bad := 0
	for y := range Height {
		for x := range Width - 2 {
			sx, sy := shifted(x, y)
			if Lit(got, x, y) != bool(want.BitAt(sx, sy)) {
				bad++
			}
		}
	}
	if bad != 0 {
		t.Errorf("%d pixels of the first 126 columns are not the picture 2 px left, 1 row down", bad)
	}
	noise := s.RAM()
	for y := range Height {
		for x := Width - 2; x < Width; x++ {
			ry := (y + Height - 1) % Height
			if Lit(got, x, y) != bool(noise.BitAt(x+2, ry)) {
				t.Fatalf("panel column %d row %d is not RAM column %d's power-on content", x, y, x+2)
			}
		}
	}
	st := s.State()
	if st.Unknown != 5 || st.StartLine != 63 {
		t.Errorf("Unknown, StartLine = %d, %d, want 5 ignored commands (0x2E 0x20 0x21 0x22 0x8D), start line 63", st.Unknown, st.StartLine)
	}
}

func TestSH1106Registers(t *testing.T) {
	s := New(&Opts{Chip: SH1106})
	if st := s.State(); !st.ChargePump || st.DisplayOn || st.VCOMH != 0x35 || st.Mode != Page {
		t.Errorf("power-on state = %+v, want DC-DC on, display off, VCOM 0x35, page mode", st)
	}
	cmds(t, s, 0xAD, 0x8A, 0xAF, 0xB3, 0x18, 0x03, 0xDA, 0x32, 0x30, 0xA8, 0x1F)
	st := s.State()
	if st.ChargePump || !st.DisplayOn || st.Page != 3 || st.Col != 0x83 || st.COMPins != 0x32&0x10|0x02 || st.Mux != 32 || st.Unknown != 0 {
		t.Errorf("state = %+v, want DC-DC off, on, page 3, column 131, COM pads 0x12, mux 32", st)
	}
	if s.Image() != nil && countLitGray(s.Image()) != 0 {
		t.Error("panel lit with the DC-DC converter off")
	}
	if err := s.Tx(0x3C, []byte{0x40, 1, 2, 3}, nil); err != nil {
		t.Fatal(err)
	}
	if st := s.State(); st.Overflow != 2 || st.Col != 132 {
		t.Errorf("Overflow, Col = %d, %d after 3 bytes at column 131, want 2, 132", st.Overflow, st.Col)
	}
	if got := s.RAM().Bounds().Dx(); got != 132 {
		t.Errorf("RAM width = %d, want 132", got)
	}
	if got, want := s.String(), "ssd1306test.Sim{sh1106 0x3c}"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func countLitGray(img *image.Gray) int {
	n := 0
	for _, v := range img.Pix {
		if v > 0x7F {
			n++
		}
	}
	return n
}
