package main

import (
	"fmt"
	"io"
	"strings"
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
		p = &barProgress{w: w, total: total, label: label, width: terminalWidth(w)}
	}
	p.Set(done)
	return p
}

// barProgress is the bar of a terminal, one line redrawn in place:
// "home  45% |█████████████             | (49/108) Tap Red 7". It is ours
// rather than a progress-bar module's (schollz/progressbar brought three
// modules for this one line): the line is cut to the terminal's width,
// so that \r always redraws it whole.
type barProgress struct {
	w           io.Writer
	total, done int
	label, text string
	width       int // the terminal's columns, 0 if unknown
}

// barCells is the bar's length in characters.
const barCells = 30

func (b *barProgress) Describe(text string) { b.text = text; b.draw() }
func (b *barProgress) Set(done int)         { b.done = done; b.draw() }
func (b *barProgress) Clear()               { fmt.Fprint(b.w, "\r\x1b[K") }
func (b *barProgress) End()                 { fmt.Fprintln(b.w) }

// draw redraws the line: carriage return, the line, then erase to its end
// (ECMA-48 EL, CSI K) what a longer line before it left.
func (b *barProgress) draw() {
	pct, fill := 0, 0
	if b.total > 0 {
		pct, fill = b.done*100/b.total, min(barCells, b.done*barCells/b.total)
	}
	line := []rune(fmt.Sprintf("%s %3d%% |%s%s| (%d/%d) %s", b.label, pct,
		strings.Repeat("█", fill), strings.Repeat(" ", barCells-fill), b.done, b.total, b.text))
	if b.width > 0 && len(line) >= b.width {
		line = line[:b.width-1]
	}
	fmt.Fprintf(b.w, "\r%s\x1b[K", string(line))
}

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
