// Package led drives the referee's panel LEDs: direction of play
// (clockwise, counter-clockwise), legal (green) and illegal (red) verdict
// flashes, the amber UNO LED and the four colour-to-match LEDs R, Y, G, B.
//
// Each LED sits on one output line (gpioline.Output, satisfied by the
// *gpiocdev.Line that gpioline.RequestOutput returns). Flashes are timed
// with an injected clock.Clock and never block.
//
// # Wiring
//
// Default (active high): GPIO → resistor → LED anode, cathode → GND. A Pi
// GPIO should source no more than about 8 mA (16 mA absolute per pin, 50 mA
// for all pins together), so the LEDs run at 3–4 mA:
//
//	red, orange, amber (Vf ≈ 2.0 V):      (3.3 − 2.0) V / 330 Ω ≈ 3.9 mA
//	yellow, green GaP (Vf ≈ 2.1 V):       (3.3 − 2.1) V / 330 Ω ≈ 3.6 mA
//	blue (InGaN, Vf ≈ 3.0 V):             from 5 V through 470 Ω, switched
//	                                      by an NPN whose base takes the GPIO
//	                                      through 4.7 kΩ: ≈ 4 mA
//
// "Green" is a GaP part (565–570 nm): a true-green, blue or white LED
// (InGaN) keeps only 0.3–0.6 V of headroom on a 3.3 V pin and none at the
// 2.6 V a Pi 4 pin guarantees under load. hardware/README.md has the parts
// and circuits/led.svg the drawing; the values live in hardware.LEDParts.
//
// Opts.ActiveLow is for LEDs wired from 3.3 V to the GPIO (sinking); it
// applies to every line. GPIO numbers are in hardware/WIRING.md.
package led
