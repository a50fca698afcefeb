package oled

import (
	"errors"
	"testing"

	"github.com/unoref/unoref/drivers/oled/ssd1306test"
	"periph.io/x/devices/v3/ssd1306/image1bit"
)

func TestNewI2CAddr(t *testing.T) {
	tests := []struct {
		name    string
		chip    uint16 // where the simulated panel answers
		addr    uint16 // Opts.Addr
		wantErr bool
	}{
		{"default", 0x3C, 0, false},
		{"0x3c", 0x3C, 0x3C, false},
		{"0x3d", 0x3D, 0x3D, false},
		{"0x3d panel, default address", 0x3D, 0, true},
		{"not an ssd1306 address", 0x3C, 0x27, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sim := ssd1306test.New(&ssd1306test.Opts{Addr: tt.chip})
			d, err := NewI2C(sim, &Opts{Addr: tt.addr})
			if (err != nil) != tt.wantErr {
				t.Fatalf("NewI2C(panel at %#x, Addr %#x) error %v, want error %v", tt.chip, tt.addr, err, tt.wantErr)
			}
			if err != nil {
				return
			}
			img := image1bit.NewVerticalLSB(Bounds)
			img.SetBit(5, 5, image1bit.On)
			if err := d.Draw(Bounds, img, img.Rect.Min); err != nil {
				t.Fatal(err)
			}
			if lit := countLit(sim); lit != 1 {
				t.Errorf("panel at %#x lights %d pixels, want 1", tt.chip, lit)
			}
		})
	}
	if _, err := NewI2C(ssd1306test.New(nil), &Opts{Addr: 0x27}); !errors.Is(err, ErrAddr) {
		t.Errorf("NewI2C(Addr 0x27) = %v, want ErrAddr", err)
	}
}

func countLit(sim *ssd1306test.Sim) int {
	img := sim.Image()
	n := 0
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			if img.GrayAt(x, y).Y > 0 {
				n++
			}
		}
	}
	return n
}
