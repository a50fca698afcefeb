package oled

import (
	"context"
	"testing"

	"github.com/unoref/unoref/drivers/oled/ssd1306test"
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
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			go d.Run(ctx)
			d.Show(Screen{Phase: "turn", Turn: "Ann", Color: "R", Top: "R7", Direction: "cw"})
			if err := d.Sync(ctx); err != nil {
				t.Fatal(err)
			}
			if lit := countLit(sim); lit == 0 {
				t.Errorf("panel at %#x shows nothing after a Show", tt.chip)
			}
		})
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
