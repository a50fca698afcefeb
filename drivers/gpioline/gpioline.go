package gpioline

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"syscall"
	"time"

	"github.com/warthog618/go-gpiocdev"

	"github.com/unoref/unoref/drivers/button"
)

// DefaultChip is the GPIO character device of the 40-pin header on the
// Raspberry Pi 1–4 and on the Pi 5 with current kernels.
const DefaultChip = "gpiochip0"

// Opts selects the chip and how lines are labelled.
type Opts struct {
	// Chip is the gpiochip name or path. Default DefaultChip. On a Pi 5 the
	// header (RP1, label "pinctrl-rp1") is gpiochip4 on early kernels and
	// gpiochip0 on later ones; HeaderChip finds it by label.
	Chip string
	// Consumer labels the lines in gpioinfo. Default DefaultConsumer.
	Consumer string
}

// DefaultConsumer labels the daemon's lines in gpioinfo.
const DefaultConsumer = "unoref"

func (o *Opts) defaults() Opts {
	r := Opts{Chip: DefaultChip, Consumer: DefaultConsumer}
	if o != nil {
		if o.Chip != "" {
			r.Chip = o.Chip
		}
		if o.Consumer != "" {
			r.Consumer = o.Consumer
		}
	}
	return r
}

// headerLabels are the gpiochip labels of the 40-pin header's controller.
var headerLabels = []string{"pinctrl-rp1", "pinctrl-bcm2711", "pinctrl-bcm2835"}

// HeaderChip returns the name of the gpiochip that drives the 40-pin header,
// found by its label, so the same pin map works on every Pi model and
// kernel.
func HeaderChip() (string, error) {
	return headerChip(gpiocdev.Chips(), chipLabel)
}

// chipLabel reads the label of the gpiochip name.
func chipLabel(name string) (string, error) {
	c, err := gpiocdev.NewChip(name)
	if err != nil {
		return "", err
	}
	defer c.Close()
	return c.Label, nil
}

// headerChip is the first of chips whose label is a header controller's;
// a chip whose label can't be read is passed over.
func headerChip(chips []string, label func(string) (string, error)) (string, error) {
	for _, name := range chips {
		l, err := label(name)
		if err == nil && slices.Contains(headerLabels, l) {
			return name, nil
		}
	}
	return "", fmt.Errorf("gpioline: no gpiochip labelled %v: %w", headerLabels, gpiocdev.ErrNotFound)
}

// Output is a GPIO line driven by a driver (led, buzzer): 1 is on.
// *gpiocdev.Line implements it; gpiolinetest.Line fakes it.
type Output interface {
	SetValue(v int) error
}

// OutputCloser is an Output that whoever requested it releases.
type OutputCloser interface {
	Output
	Close() error
}

// The kernel's lines are Outputs.
var _ OutputCloser = (*gpiocdev.Line)(nil)

// RequestOutput requests line offset (the BCM GPIO number on a Pi) as an output,
// driven to its inactive level. activeLow inverts the line in the kernel, so
// SetValue(1) always means "on". The returned line satisfies the Output
// interfaces of led and buzzer; Close releases it.
func RequestOutput(offset int, activeLow bool, o *Opts) (*gpiocdev.Line, error) {
	opts := o.defaults()
	level := gpiocdev.AsActiveHigh
	if activeLow {
		level = gpiocdev.AsActiveLow
	}
	l, err := gpiocdev.RequestLine(opts.Chip, offset, gpiocdev.AsOutput(0), level, gpiocdev.WithConsumer(opts.Consumer))
	if err != nil {
		return nil, holder(opts.Chip, offset, fmt.Errorf("gpioline: %s line %d: %w", opts.Chip, offset, err))
	}
	return l, nil
}

// RequestInput requests line offset as an input to read its level, with
// the pull-up when pullUp. Close releases it.
func RequestInput(offset int, pullUp bool, o *Opts) (*gpiocdev.Line, error) {
	opts := o.defaults()
	req := []gpiocdev.LineReqOption{gpiocdev.AsInput, gpiocdev.WithConsumer(opts.Consumer)}
	if pullUp {
		req = append(req, gpiocdev.WithPullUp)
	}
	l, err := gpiocdev.RequestLine(opts.Chip, offset, req...)
	if err != nil {
		return nil, holder(opts.Chip, offset, fmt.Errorf("gpioline: %s line %d: %w", opts.Chip, offset, err))
	}
	return l, nil
}

// CheckChip returns nil when the gpiochip name can be opened; else the
// kernel's reason (gpiocdev.ErrNotFound, gpiocdev.ErrPermissionDenied).
func CheckChip(name string) error {
	c, err := gpiocdev.NewChip(name)
	if err != nil {
		return fmt.Errorf("gpioline: %w", err)
	}
	return c.Close()
}

// holder adds the name of the program that holds a busy line to err: the
// line is most likely the running service's.
func holder(chip string, offset int, err error) error {
	if !errors.Is(err, syscall.EBUSY) {
		return err
	}
	c, cerr := gpiocdev.NewChip(chip)
	if cerr != nil {
		return err
	}
	defer c.Close()
	info, ierr := c.LineInfo(offset)
	if ierr != nil || info.Consumer == "" {
		return err
	}
	return fmt.Errorf("%w (held by %q)", err, info.Consumer)
}

// InputOpts configures Inputs.
type InputOpts struct {
	Opts
	// Debounce asks the kernel to debounce the lines. It needs the GPIO uAPI
	// v2, Linux 5.10 or later; on older kernels Inputs falls back to no kernel
	// debounce and the button package's software debouncer does the work.
	Debounce time.Duration
	// NoPullUp leaves the bias alone (for boards with external pull-ups).
	NoPullUp bool
	// Buffer is the capacity of the event queue. Default 64.
	Buffer int
}

// Inputs is a set of input lines requested with edge detection. It is a
// button.Source: Next returns the kernel's edge events with their kernel
// timestamps (CLOCK_MONOTONIC).
type Inputs struct {
	lines  *gpiocdev.Lines
	events chan button.Edge
}

var _ button.Source = (*Inputs)(nil)

// RequestInputs requests offsets as inputs with pull-ups and both-edge
// detection.
func RequestInputs(offsets []int, o *InputOpts) (*Inputs, error) {
	var io InputOpts
	if o != nil {
		io = *o
	}
	opts := io.Opts.defaults()
	if io.Buffer <= 0 {
		io.Buffer = 64
	}
	in := &Inputs{events: make(chan button.Edge, io.Buffer)}
	req := []gpiocdev.LineReqOption{
		gpiocdev.AsInput,
		gpiocdev.WithBothEdges,
		gpiocdev.WithConsumer(opts.Consumer),
		gpiocdev.WithEventHandler(in.handle),
	}
	if !io.NoPullUp {
		req = append(req, gpiocdev.WithPullUp)
	}
	var err error
	if io.Debounce > 0 {
		in.lines, err = gpiocdev.RequestLines(opts.Chip, offsets, append(req, gpiocdev.WithDebounce(io.Debounce))...)
		var uerr gpiocdev.ErrUapiIncompatibility
		if errors.As(err, &uerr) {
			// Kernel before 5.10 (uAPI v1): debounce in software only.
			in.lines, err = gpiocdev.RequestLines(opts.Chip, offsets, req...)
		}
	} else {
		in.lines, err = gpiocdev.RequestLines(opts.Chip, offsets, req...)
	}
	if err != nil {
		return nil, fmt.Errorf("gpioline: %s lines %v: %w", opts.Chip, offsets, err)
	}
	return in, nil
}

// handle runs on gpiocdev's watcher goroutine: it only hands the event off.
// The queue is buffered; when full the watcher waits, and the kernel keeps
// queueing events meanwhile.
func (in *Inputs) handle(ev gpiocdev.LineEvent) {
	in.events <- button.Edge{Line: ev.Offset, At: ev.Timestamp, High: ev.Type == gpiocdev.LineEventRisingEdge}
}

// Next returns the next edge, or ctx.Err() when ctx is done first.
func (in *Inputs) Next(ctx context.Context) (button.Edge, error) {
	select {
	case e := <-in.events:
		return e, nil
	case <-ctx.Done():
		return button.Edge{}, ctx.Err()
	}
}

// Close releases the lines.
func (in *Inputs) Close() error {
	if err := in.lines.Close(); err != nil {
		return fmt.Errorf("gpioline: %w", err)
	}
	return nil
}

// Edge is an input line that reports falling edges: the RC522's IRQ
// output (active low, push-pull), for mfrc522.Opts.IRQ, so that the
// reader's driver waits for the chip instead of polling it over SPI.
type Edge struct {
	line  *gpiocdev.Line
	edges chan struct{}
	// timer serves every timed wait: the reader's driver waits once per
	// exchange, 50 polls a second, and a new timer per wait was garbage
	// an idle table made for nothing (issue 21). Go 1.23's timers need no
	// draining before Reset.
	timer *time.Timer
}

// RequestEdge requests line offset as an input with its pull-up and
// falling-edge detection.
func RequestEdge(offset int, o *Opts) (*Edge, error) {
	opts := o.defaults()
	e := newEdge()
	l, err := gpiocdev.RequestLine(opts.Chip, offset, gpiocdev.AsInput, gpiocdev.WithPullUp,
		gpiocdev.WithFallingEdge, gpiocdev.WithConsumer(opts.Consumer), gpiocdev.WithEventHandler(e.handle))
	if err != nil {
		return nil, fmt.Errorf("gpioline: %s line %d: %w", opts.Chip, offset, err)
	}
	e.line = l
	return e, nil
}

func newEdge() *Edge { return &Edge{edges: make(chan struct{}, 1)} }

// handle runs on gpiocdev's watcher goroutine. One pending edge is all a
// waiter needs to know: more are folded into it.
func (e *Edge) handle(gpiocdev.LineEvent) {
	select {
	case e.edges <- struct{}{}:
	default:
	}
}

// WaitForEdge waits up to timeout (forever if negative, not at all if 0)
// for a falling edge, and reports whether one came since the last call.
// It is for one waiter at a time, as mfrc522 waits (under its lock).
func (e *Edge) WaitForEdge(timeout time.Duration) bool {
	select {
	case <-e.edges:
		return true
	default:
	}
	switch {
	case timeout == 0:
		return false
	case timeout < 0:
		<-e.edges
		return true
	}
	if e.timer == nil {
		e.timer = time.NewTimer(timeout)
	} else {
		e.timer.Reset(timeout)
	}
	select {
	case <-e.edges:
		e.timer.Stop()
		return true
	case <-e.timer.C:
		return false
	}
}

// Close releases the line.
func (e *Edge) Close() error {
	if e.line == nil {
		return nil
	}
	if err := e.line.Close(); err != nil {
		return fmt.Errorf("gpioline: %w", err)
	}
	return nil
}
