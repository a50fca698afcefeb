package screen

import (
	"context"
	"errors"
	"fmt"
	"image"
	"sync"

	"periph.io/x/devices/v3/ssd1306/image1bit"
)

// Drawer is what Display needs from a panel. *oled.Dev implements it, and
// so does periph's *ssd1306.Dev.
type Drawer interface {
	Draw(r image.Rectangle, src image.Image, sp image.Point) error
	Halt() error
}

// Errors callers can branch on.
var (
	// ErrRunning is returned by Run when another Run is active.
	ErrRunning = errors.New("screen: display already running")
)

// Opts configures a Display. The zero value is usable.
type Opts struct {
	// Reopen returns a freshly initialised panel. The Display calls it
	// before the draw that follows a failed one. Without it the Display
	// forces the next draw to resend the whole frame; *oled.Dev also sets
	// itself up again after a failed transfer.
	Reopen func() (Drawer, error)
	// OnError, if set, is called from Run's goroutine with each draw error.
	// It must not block.
	OnError func(error)
}

// Display shows Screens on a panel without ever making the caller wait for
// the bus. Show leaves the screen in a one-slot mailbox; Run's goroutine
// draws the newest one. Screens shown while a slow draw is in progress are
// replaced by later ones; the last one is always drawn.
type Display struct {
	opts Opts

	mu      sync.Mutex
	pending Screen
	has     bool          // pending holds a screen not yet drawn
	seq     uint64        // number of accepted Shows
	done    uint64        // seq of the last screen drawn or given up
	idle    chan struct{} // closed and replaced each time done moves
	err     error
	running bool
	halted  bool
	wake    chan struct{} // capacity 1: a Show since the last draw
	name    string        // the panel's String, kept here so String never waits for the bus

	// devMu serialises the panel between Run and Halt. Show never takes it.
	devMu   sync.Mutex
	dev     Drawer
	broken  bool // the last draw failed: the panel may not hold what the driver thinks
	off     bool // Halt succeeded
	frame   *image1bit.VerticalLSB
	scratch *image1bit.VerticalLSB
}

// NewDisplay returns a Display drawing on dev, typically an *oled.Dev.
// o may be nil.
func NewDisplay(dev Drawer, o *Opts) *Display {
	d := &Display{
		dev:     dev,
		idle:    make(chan struct{}),
		wake:    make(chan struct{}, 1),
		frame:   image1bit.NewVerticalLSB(Bounds),
		scratch: image1bit.NewVerticalLSB(Bounds),
	}
	if o != nil {
		d.opts = *o
	}
	d.name = describe(dev)
	return d
}

func describe(dev Drawer) string {
	if s, ok := dev.(fmt.Stringer); ok {
		return "screen.Display{" + s.String() + "}"
	}
	return "screen.Display{}"
}

func (d *Display) String() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.name
}

// Show asks for s to be drawn and returns at once. It copies s. After Halt
// it does nothing.
func (d *Display) Show(s Screen) {
	s.Hands = append([]Seat(nil), s.Hands...)
	s.Scores = append([]Score(nil), s.Scores...)
	d.mu.Lock()
	if d.halted {
		d.mu.Unlock()
		return
	}
	d.pending, d.has = s, true
	d.seq++
	d.mu.Unlock()
	select {
	case d.wake <- struct{}{}:
	default: // a wake-up is already queued; it will pick up this screen
	}
}

// Run draws shown screens until ctx is done, and returns ctx's error. A
// failed draw is reported through Err and Opts.OnError and retried, with
// the newest screen, on the next Show.
func (d *Display) Run(ctx context.Context) error {
	d.mu.Lock()
	if d.running {
		d.mu.Unlock()
		return ErrRunning
	}
	d.running = true
	d.mu.Unlock()
	defer func() {
		d.mu.Lock()
		d.running = false
		d.mu.Unlock()
	}()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-d.wake:
		}
		if err := d.drawPending(); err != nil && d.opts.OnError != nil {
			d.opts.OnError(err)
		}
	}
}

// drawPending makes one attempt at drawing the newest screen.
func (d *Display) drawPending() error {
	d.mu.Lock()
	if !d.has || d.halted {
		d.mu.Unlock()
		return nil
	}
	s, seq := d.pending, d.seq
	d.has = false
	d.mu.Unlock()

	d.devMu.Lock()
	var err error
	if !d.off {
		RenderTo(d.frame, s)
		err = d.draw(d.frame)
	}
	d.devMu.Unlock()

	d.mu.Lock()
	d.err = err
	d.finish(seq)
	d.mu.Unlock()
	return err
}

// finish records that every screen up to seq was dealt with. d.mu held.
func (d *Display) finish(seq uint64) {
	if seq > d.done {
		d.done = seq
	}
	close(d.idle)
	d.idle = make(chan struct{})
}

// draw sends img, resynchronising first if the previous draw failed:
// periph's driver updates its copy of the panel before sending, so after an
// error it would skip regions the panel never received. devMu held.
func (d *Display) draw(img *image1bit.VerticalLSB) error {
	if d.broken {
		if d.opts.Reopen != nil {
			dev, err := d.opts.Reopen()
			if err != nil {
				return fmt.Errorf("screen: reopen: %w", err)
			}
			d.dev = dev
			d.mu.Lock()
			d.name = describe(dev)
			d.mu.Unlock()
		} else {
			// Differ from img in two opposite corners so the driver's
			// dirty rectangle covers the whole panel, twice.
			copy(d.scratch.Pix, img.Pix)
			for _, p := range []image.Point{{0, 0}, {Width - 1, Height - 1}} {
				d.scratch.SetBit(p.X, p.Y, !d.scratch.BitAt(p.X, p.Y))
			}
			if err := d.dev.Draw(Bounds, d.scratch, image.Point{}); err != nil {
				return fmt.Errorf("screen: draw: %w", err)
			}
		}
	}
	if err := d.dev.Draw(Bounds, img, image.Point{}); err != nil {
		d.broken = true
		return fmt.Errorf("screen: draw: %w", err)
	}
	d.broken = false
	return nil
}

// Err returns the error of the last draw attempt, nil once a draw works.
func (d *Display) Err() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.err
}

// Sync waits until every screen shown before the call has been drawn,
// replaced by a newer one, or failed, and returns the last draw's error.
// Run must be running.
func (d *Display) Sync(ctx context.Context) error {
	d.mu.Lock()
	target := d.seq
	d.mu.Unlock()
	for {
		d.mu.Lock()
		done, idle, err := d.done >= target, d.idle, d.err
		d.mu.Unlock()
		if done {
			return err
		}
		select {
		case <-idle:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Halt blanks the panel and turns it off; later Shows are ignored. It waits
// for a draw in progress. Calling it again after success does nothing; after
// a failure it tries again.
func (d *Display) Halt() error {
	d.mu.Lock()
	d.halted = true
	d.has = false
	d.finish(d.seq)
	d.mu.Unlock()

	d.devMu.Lock()
	defer d.devMu.Unlock()
	if d.off {
		return nil
	}
	// Blank first: the driver turns the panel back on with its next
	// command, so an off panel alone could light up with a stale game.
	clear(d.frame.Pix)
	if err := d.draw(d.frame); err != nil {
		return err
	}
	if err := d.dev.Halt(); err != nil {
		return fmt.Errorf("screen: halt: %w", err)
	}
	d.off = true
	return nil
}
