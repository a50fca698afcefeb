package gpioline

import "github.com/warthog618/go-gpiocdev"

// HeaderChipOf finds the header's chip among chips, reading labels with
// label: the machine-free half of HeaderChip.
var HeaderChipOf = headerChip

// EdgeFor returns an Edge with no line behind it and the function that
// delivers a kernel event to it, as gpiocdev's watcher would.
func EdgeFor() (*Edge, func()) {
	e := newEdge()
	return e, func() { e.handle(gpiocdev.LineEvent{Type: gpiocdev.LineEventFallingEdge}) }
}
