// Package buzzer plays the referee's sounds on an active buzzer: a buzzer
// with its own oscillator that sounds while its input is driven, so one
// GPIO output is enough and patterns are just on/off durations.
//
// Play never blocks: each step is scheduled on an injected clock.Clock
// (time.AfterFunc in production), and a new pattern pre-empts the one
// playing. The sounds:
//
//	Legal      one 50 ms chirp
//	Illegal    two 400 ms buzzes
//	MissedUNO  three 100 ms beeps
//	RoundOver  two 120 ms beeps and a 600 ms one
//	GameOver   four 100 ms beeps and a 1 s buzz
//
// # Wiring
//
// Drive the buzzer through an NPN transistor; a GPIO must not power it
// directly (most active buzzers draw 25–40 mA):
//
//	GPIO ── 1 kΩ ── base   (2N2222 or BC547)
//	emitter ── GND
//	collector ── buzzer − ; buzzer + ── 5 V (pin 2/4) or 3.3 V for a 3 V part
//	1N4148 across the buzzer (cathode to +) for magnetic buzzers
//
// The 1 kΩ base resistor gives about 2.6 mA of base current, plenty to
// saturate the transistor at 40 mA. The 2N2222 (TO-92) has its legs E-B-C,
// the BC547 C-B-E (hardware/circuits/transistors.svg). An active-low stage
// (Opts.ActiveLow: a PNP, a module with inverted input) must be powered
// from 3.3 V, never 5 V. GPIO numbers are in hardware/WIRING.md; the
// drawing is hardware/circuits/buzzer.svg.
package buzzer
