package screen

import (
	"context"
	"errors"
	"image"
	"runtime"
	"sync"
	"testing"

	"periph.io/x/conn/v3/physic"
	"periph.io/x/devices/v3/ssd1306"

	"github.com/unoref/unoref/drivers/oled"
	"github.com/unoref/unoref/drivers/oled/ssd1306test"
)

// runningDisplay is a Display on our driver on an SSD1306 simulator, its
// loop running until the test ends.
func runningDisplay(t *testing.T) (*ssd1306test.Sim, *Display) {
	t.Helper()
	sim := ssd1306test.New(nil)
	dev, err := oled.NewI2C(sim, nil)
	if err != nil {
		t.Fatal(err)
	}
	d := NewDisplay(dev, nil)
	run(t, d)
	return sim, d
}

// counting wraps a Drawer and counts draws that reached it.
type counting struct {
	Drawer
	mu    sync.Mutex
	draws int
}

func (c *counting) Draw(r image.Rectangle, src image.Image, sp image.Point) error {
	c.mu.Lock()
	c.draws++
	c.mu.Unlock()
	return c.Drawer.Draw(r, src, sp)
}

func (c *counting) n() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.draws
}

// run starts d.Run and stops it when the test ends.
func run(t *testing.T, d *Display) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- d.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; !errors.Is(err, context.Canceled) {
			t.Errorf("Run = %v, want context.Canceled", err)
		}
	})
}

// showsExactly checks the panel shows what Render(s) draws.
func showsExactly(t *testing.T, sim *ssd1306test.Sim, s Screen) {
	t.Helper()
	if n := differ(sim.Image(), ssd1306test.Gray(Render(s))); n != 0 {
		t.Errorf("panel differs from %q's screen by %d pixels", s.Turn, n)
	}
}

func turn(name string, count int) Screen {
	return Screen{Phase: "turn", Turn: name, Direction: "cw", Color: "R", Top: "R5",
		Hands: []Seat{{"Ann", count}, {"Ben", 4}}, Message: name + " to play"}
}

func TestDisplayShow(t *testing.T) {
	sim, d := runningDisplay(t)
	s := turn("Ann", 7)
	d.Show(s)
	if err := d.Sync(context.Background()); err != nil {
		t.Fatal(err)
	}
	showsExactly(t, sim, s)
	mustFind(t, sim.Image(), big, "Ann", false)
	if got, want := d.String(), "screen.Display{oled.Dev{ssd1306test.Sim{0x3c}, ssd1306 at 0x3c, 128x64}}"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	// The caller may reuse its slices after Show.
	s.Hands[0].Count = 99
	d.Show(turn("Ben", 6))
	d.Sync(context.Background())
	showsExactly(t, sim, turn("Ben", 6))
}

func TestDisplayStalledBusNeverBlocksShow(t *testing.T) {
	sim := ssd1306test.New(nil)
	dev, err := ssd1306.NewI2C(sim, &ssd1306.DefaultOpts)
	if err != nil {
		t.Fatal(err)
	}
	c := &counting{Drawer: dev}
	d := NewDisplay(c, nil)
	run(t, d)

	sim.Stall()
	d.Show(turn("First", 1))
	for sim.Waiting() == 0 {
		runtime.Gosched() // Run is now stuck in the bus
	}
	// A hung bus must not hold the referee: every Show returns.
	for i := range 500 {
		d.Show(turn("Mid", i))
	}
	last := turn("Last", 3)
	d.Show(last)
	if d.String() == "" { // must not wait for the bus either
		t.Error("String() empty")
	}
	sim.Resume()
	if err := d.Sync(context.Background()); err != nil {
		t.Fatal(err)
	}
	showsExactly(t, sim, last)
	// Latest wins: the first screen, then only the newest.
	if got := c.n(); got != 2 {
		t.Errorf("draws = %d, want 2 (first, then last)", got)
	}
}

func TestDisplayErrorThenRetry(t *testing.T) {
	for _, tt := range []struct {
		name string
		open func(*ssd1306test.Sim, *Opts) (Drawer, error)
	}{
		// Our driver sets the chip up again after a failed transfer.
		{"oled.Dev", func(sim *ssd1306test.Sim, o *Opts) (Drawer, error) { return oled.NewI2C(sim, nil) }},
		// Opts.Reopen hands the Display a fresh panel.
		{"reopen", func(sim *ssd1306test.Sim, o *Opts) (Drawer, error) {
			o.Reopen = func() (Drawer, error) { return oled.NewI2C(sim, nil) }
			return o.Reopen()
		}},
		// periph's driver needs the Display to force a full frame.
		{"resync", func(sim *ssd1306test.Sim, o *Opts) (Drawer, error) { return ssd1306.NewI2C(sim, &ssd1306.DefaultOpts) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sim := ssd1306test.New(nil)
			var reported []error
			var mu sync.Mutex
			o := &Opts{OnError: func(err error) { mu.Lock(); reported = append(reported, err); mu.Unlock() }}
			dev, err := tt.open(sim, o)
			if err != nil {
				t.Fatal(err)
			}
			d := NewDisplay(dev, o)
			run(t, d)
			ctx := context.Background()

			d.Show(turn("Ann", 7))
			if err := d.Sync(ctx); err != nil {
				t.Fatal(err)
			}
			// The second page's transfer fails: the driver believes the panel
			// holds Ben's screen, the panel holds half of it.
			sim.FailNext(1, nil)
			sim.ResetStats()
			ben := turn("Ben", 2)
			d.Show(ben)
			if err := d.Sync(ctx); !errors.Is(err, ssd1306test.ErrInjected) {
				t.Fatalf("Sync = %v, want ErrInjected", err)
			}
			if !errors.Is(d.Err(), ssd1306test.ErrInjected) {
				t.Errorf("Err() = %v", d.Err())
			}
			mu.Lock()
			if len(reported) != 1 {
				t.Errorf("OnError called %d times, want 1", len(reported))
			}
			mu.Unlock()

			// The same screen again: it must reach the panel in full.
			d.Show(ben)
			if err := d.Sync(ctx); err != nil {
				t.Fatalf("retry: %v", err)
			}
			if d.Err() != nil {
				t.Errorf("Err() after success = %v", d.Err())
			}
			showsExactly(t, sim, ben)
		})
	}
}

func TestDisplayRecoversPowerLoss(t *testing.T) {
	sim, d := runningDisplay(t)
	ctx := context.Background()
	d.Show(turn("Ann", 7))
	d.Sync(ctx)

	sim.Unplug()
	d.Show(turn("Ben", 5))
	if err := d.Sync(ctx); !errors.Is(err, ssd1306test.ErrNAK) {
		t.Fatalf("unplugged: %v, want ErrNAK", err)
	}
	sim.PowerCycle() // came back without its configuration
	sim.Plug()
	last := turn("Chloe", 1)
	d.Show(last)
	if err := d.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	showsExactly(t, sim, last)
}

func TestDisplayHalt(t *testing.T) {
	sim, d := runningDisplay(t)
	ctx := context.Background()
	d.Show(turn("Ann", 7))
	d.Sync(ctx)

	sim.Unplug()
	if err := d.Halt(); !errors.Is(err, ssd1306test.ErrNAK) {
		t.Errorf("Halt unplugged = %v, want ErrNAK", err)
	}
	sim.Plug()
	for i := range 2 {
		if err := d.Halt(); err != nil {
			t.Errorf("Halt #%d = %v", i+1, err)
		}
	}
	st := sim.State()
	if st.DisplayOn {
		t.Error("display still on after Halt")
	}
	if !isBlank(sim.RAM().Pix) {
		t.Error("GDDRAM not blank after Halt: the panel would light up stale")
	}
	before := sim.Stats()
	if err := d.Halt(); err != nil {
		t.Errorf("third Halt = %v", err)
	}
	d.Show(turn("Ben", 1))
	if err := d.Sync(ctx); err != nil {
		t.Errorf("Sync after Halt = %v", err)
	}
	if got := sim.Stats().Sub(before); got.Tx != 0 {
		t.Errorf("bus traffic after Halt: %+v, want none", got)
	}
}

func isBlank(b []byte) bool {
	for _, v := range b {
		if v != 0 {
			return false
		}
	}
	return true
}

func TestDisplayRunTwice(t *testing.T) {
	d := NewDisplay(&counting{}, nil)
	run(t, d)
	// Wait for the first Run to hold the display.
	for {
		d.mu.Lock()
		r := d.running
		d.mu.Unlock()
		if r {
			break
		}
		runtime.Gosched()
	}
	if err := d.Run(context.Background()); !errors.Is(err, ErrRunning) {
		t.Errorf("second Run = %v, want ErrRunning", err)
	}
}

func TestDisplaySyncCancelled(t *testing.T) {
	d := NewDisplay(&counting{}, nil) // nobody runs it
	d.Show(turn("Ann", 1))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := d.Sync(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Sync = %v, want context.Canceled", err)
	}
}

// BenchmarkUpdate measures the I²C cost of one screen change through our
// driver, which sends the changed columns of each changed page.
func BenchmarkUpdate(b *testing.B) {
	for _, bb := range []struct {
		name string
		a, c Screen
	}{
		{"hand-count", turn("Ann", 7), turn("Ann", 8)},
		{"message", turn("Ann", 7), func() Screen { s := turn("Ann", 7); s.Message = "Ben played R9"; return s }()},
		{"next-turn", turn("Ann", 7), turn("Ben", 7)},
		{"full-screen", turn("Ann", 7), samples[10].s},
	} {
		b.Run(bb.name, func(b *testing.B) {
			sim := ssd1306test.New(nil)
			dev, err := oled.NewI2C(sim, nil)
			if err != nil {
				b.Fatal(err)
			}
			imgs := [2]image.Image{Render(bb.a), Render(bb.c)}
			dev.Draw(Bounds, imgs[0], image.Point{})
			sim.ResetStats()
			i := 0
			for b.Loop() {
				i++
				if err := dev.Draw(Bounds, imgs[i%2], image.Point{}); err != nil {
					b.Fatal(err)
				}
			}
			st := sim.Stats()
			b.ReportMetric(float64(st.Bytes)/float64(i), "bytes/op")
			b.ReportMetric(float64(st.Tx)/float64(i), "tx/op")
			per := ssd1306test.Stats{Tx: st.Tx / i, Bytes: st.Bytes / i}
			b.ReportMetric(float64(per.BusTime(400*physic.KiloHertz).Microseconds()), "µs@400kHz/op")
		})
	}
}
