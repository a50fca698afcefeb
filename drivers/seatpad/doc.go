// Package seatpad drives the optional seat pads: one button and one LED in
// front of each player, up to 10 seats, on MCP23017 I²C expanders (periph's
// mcp23xxx driver). A press tells the referee who acts (a jump-in, a catch,
// a challenge); the lit LED shows whose turn it is.
//
// Inputs are polled (Poll is one attempt, Run the loop, every 10 ms by
// default) and debounced with button.Debouncer from the poll timestamps.
// Two I²C reads per expander and poll: 3 for 10 seats.
//
// # Wiring
//
// Seats are numbered from 0 clockwise, as the players are listed. One
// expander serves 8 seats; seats 8 and 9 use a second one (A0 high, 0x21).
//
//	seat   button      LED          seat   button      LED
//	0      GPA0 (21)   GPA4 (25)    4      GPB0 (1)    GPB4 (5)
//	1      GPA1 (22)   GPA5 (26)    5      GPB1 (2)    GPB5 (6)
//	2      GPA2 (23)   GPA6 (27)    6      GPB2 (3)    GPB6 (7)
//	3      GPA3 (24)   GPA7 (28)    7      GPB3 (4)    GPB7 (8)
//
// (DIP-28 pin numbers in brackets.) Buttons go from the pin to VSS; the
// chip's 100 kΩ pull-ups are enabled. LEDs go pin → 330 Ω → LED → VSS. The
// inputs stay on bits 0–3 because later MCP23017 datasheet revisions make
// GPA7 and GPB7 output-only. VDD (pin 9) to 3.3 V (never 5 V: SDA/SCL go
// straight to the Pi), VSS (10) to GND, SCL (12) to GPIO 3, SDA (13) to
// GPIO 2, RESET (18) to 3.3 V, A0–A2 (15–17) to GND (0x20) or A0 to 3.3 V
// (0x21). INTA/INTB are not needed: the pads are polled.
//
// # Datasheets
//
// https://ww1.microchip.com/downloads/en/devicedoc/20001952c.pdf
package seatpad
