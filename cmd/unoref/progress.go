package main

import (
	"fmt"
	"io"

	"github.com/schollz/progressbar/v3"
)

// progress shows how far a long task has gone. On a terminal it is a bar
// redrawn in place; anywhere else (a pipe, a file, the system journal),
// where every redraw would stay as a line of \r frames, it is a plain line
// at 0, 25, 50, 75 and 100 % and nothing between.
type progress interface {
	// Describe says what is being waited for ("Tap Red 7"): on the bar
	// only, since a person watches it.
	Describe(text string)
	// Set is the number done.
	Set(done int)
	// Clear makes room for a line of its own.
	Clear()
	// End finishes the bar's line.
	End()
}

// newProgress shows total steps named label on w, done already.
func newProgress(w io.Writer, total, done int, label string) progress {
	var p progress = &plainProgress{w: w, total: total, label: label}
	if isTerminal(w) {
		p = &barProgress{progressbar.NewOptions(total,
			progressbar.OptionSetWriter(w),
			progressbar.OptionShowCount(),
			progressbar.OptionSetWidth(30),
			progressbar.OptionSetPredictTime(false),
			progressbar.OptionSetDescription(label)), w}
	}
	p.Set(done)
	return p
}

// barProgress is the bar of a terminal.
type barProgress struct {
	bar *progressbar.ProgressBar
	w   io.Writer
}

func (b *barProgress) Describe(text string) { b.bar.Describe(text) }
func (b *barProgress) Set(done int)         { b.bar.Set(done) }
func (b *barProgress) Clear()               { b.bar.Clear() }
func (b *barProgress) End()                 { fmt.Fprintln(b.w) }

// plainProgress is a line per quarter reached.
type plainProgress struct {
	w           io.Writer
	total       int
	label       string
	nextQuarter int // the first quarter (0 to 4) not printed yet
}

func (p *plainProgress) Describe(string) {}
func (p *plainProgress) Clear()          {}
func (p *plainProgress) End()            {}

func (p *plainProgress) Set(done int) {
	if p.total <= 0 {
		return
	}
	q := min(4, done*4/p.total)
	if q < p.nextQuarter {
		return
	}
	p.nextQuarter = q + 1
	fmt.Fprintf(p.w, "%s: %d/%d done (%d%%)\n", p.label, done, p.total, done*100/p.total)
}
