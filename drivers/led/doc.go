// Package led drives the referee's panel LEDs: direction of play
// (clockwise, counter-clockwise), legal (green) and illegal (red) verdict
// flashes, the amber UNO LED and the four colour-to-match LEDs R, Y, G, B.
//
// Each LED sits on one output line (led.Output, satisfied by the
// *gpiocdev.Line that gpioline.Output returns). Flashes are timed with an
// injected Clock and never block.
//
// # Wiring
//
// Default (active high): GPIO → resistor → LED anode, cathode → GND. A Pi
// GPIO should source no more than about 8 mA (16 mA absolute per pin, 50 mA
// for all pins together), so at 3.3 V:
//
//	red, amber, yellow (Vf ≈ 2.0 V): (3.3 − 2.0) V / 4 mA ≈ 330 Ω
//	green, blue (Vf ≈ 3.0 V):        use 100 Ω (≈ 3 mA), or a high-brightness part
//
// Opts.ActiveLow is for LEDs wired from 3.3 V to the GPIO. GPIO numbers are
// in hardware/WIRING.md.
package led
