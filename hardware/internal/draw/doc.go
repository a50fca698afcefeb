// Package draw writes the documents generated from a pin map: the wiring
// table (Markdown), the header diagram (HeaderSVG) and the circuit drawings
// of hardware/circuits (Circuits). Only hardware/gen.go ("go generate
// ./hardware") and the drift tests use it, so the daemon does not carry the
// drawing code.
//
// Drawings are SVG written by hand: wires, parts in the usual symbols (IEC
// resistor boxes), labels; coordinates in pixels, y down. Every pin, part
// value and rail comes from package hardware, so a drawing follows the pin
// map and the parts list.
package draw
