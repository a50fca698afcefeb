// Package button debounces the referee's push buttons (UNO, DRAW, PASS/OK,
// CHALLENGE and the four colour buttons) and turns their raw edges into
// press, release and long-press events.
//
// Debouncing is done here in software, from edge timestamps only (never the
// wall clock), so it works the same for kernel edge events and for inputs
// polled on an I²C expander (see seatpad). A level counts once it has held
// for Opts.Debounce; shorter pulses are ignored. In production the lines
// come from gpioline.RequestInputs, which asks the kernel for pull-ups, both
// edges and, on Linux 5.10+ (GPIO uAPI v2), hardware-timed debounce too; its
// event handler only hands the event to a channel that Dev.Run reads.
//
// # Wiring
//
// Each button connects its GPIO to ground (GND pins 6, 9, 14, 20, 25, 30,
// 34, 39); the internal pull-up holds the line high, so pressed reads low.
// No external resistor is needed. Pins are listed in hardware/WIRING.md.
package button
