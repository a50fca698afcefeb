// Package ssd1306test simulates the OLED controllers of package oled on an
// I²C bus, the SSD1306 and the SH1106, so the real drivers (ours, and
// periph's ssd1306 for comparison) can be tested on a PC.
//
// Sim implements i2c.BusCloser. It decodes the control-byte framing (Co and
// D/C# bits), keeps the chip's registers and its RAM, and renders what a
// person would see on the panel with Image and WritePNG. Stats counts
// transactions and bytes so tests and benchmarks can measure an update.
// Unplug, FailNext, PowerCycle and Stall inject the faults a real bus has.
//
// The SSD1306 model follows the datasheet, with two documented choices: the
// page-mode pointer commands are honoured in every addressing mode, as real
// chips do (Opts.StrictPageCommands turns that off), and scrolling is
// recorded but not animated. The panel is wired like the common 0.96"
// modules: upright with segment remap 0xA1, COM scan 0xC8 and alternative
// COM pins 0x12. The charge pump must be on for anything to light.
//
// # The SH1106 model
//
// Opts.Chip = SH1106 models the 1.3" modules: 132 RAM columns of which the
// glass shows SEG2-SEG129, so with 0xA1 panel column x is RAM column x+2.
// Where the SH1106 datasheet is explicit, the model follows it. Where it is
// silent, it takes the strictest reading that periph's ssd1306 (on the
// SSD1306 model) and the Adafruit SH1106 and U8g2 sh1106_128x64 drivers (on
// this one) still satisfy. U8g2 sends the SSD1306 set-up to the SH1106
// unchanged (0x8D 0x14, 0x20 0x00, 0x2E) and works, so those bytes must be
// harmless; periph's driver, which also sends 0x21 0 127 and 0x22 0 7,
// writes every page from column 0.
//
//	behaviour                  | datasheet (V2.3)                      | simulator                                  | why
//	---------------------------|---------------------------------------|--------------------------------------------|-----------------------------
//	addressing                 | page mode only, no 0x20 (Commands)    | data raises the column, page stays         | explicit
//	RAM width                  | 132 columns, SEG0-SEG131              | 132; the glass shows SEG2-SEG129           | explicit; 1.3" module wiring
//	RAM at power-on            | not defined                           | pseudo-random noise, same on every reset   | the 2 unwritten columns show it
//	DC-DC (0xAD 0x8A/0x8B)     | on at power-on (command 10)           | panel lit only with DC-DC on               | explicit
//	commands it lacks (0x20,   | not listed                            | ignored and counted (State.Unknown);       | strictest: the chip cannot know
//	0x21, 0x22, 0x8D, 0x2E, …) |                                       | their parameters run as commands           | SSD1306 parameter counts
//	0x21 0x00 0x7F (periph)    | not listed                            | 0x00 sets column low 0, 0x7F start line 63 | follows from the row above
//	0x8D 0x14, 0x20 0x00 (U8g2)| not listed                            | 0x14 column high 4, 0x00 column low 0      | harmless: U8g2 sets the column before data
//	writes past column 131     | silent                                | dropped, counted in State.Overflow         | no reference driver writes there
//	reads (status, RAM)        | allowed over I²C                      | refused with ErrRead                       | no driver here reads
//	0xDA parameter             | 0x02 or 0x12                          | only bit 4 (sequential/alternative) counts | explicit
//
// So an SSD1306 driver on an SH1106 shows its picture 2 pixels to the left,
// the panel's last 2 columns show the RAM's power-on noise, and, under the
// strict reading, periph's 0x21 0x00 0x7F leaves the start line at 63, which
// rolls the picture down one row. TestWrongInitOnSH1106 pins that down.
//
// # Datasheets
//
// SSD1306 rev 1.1 (Solomon Systech, April 2008),
// https://cdn-shop.adafruit.com/datasheets/SSD1306.pdf:
//   - §8.1.5 I²C interface, control byte: p.19-21, figure 8-7.
//   - §8.7 GDDRAM pages: p.25.
//   - Table 9-1 command table: p.28-32 (fundamental p.28, scrolling p.29-30,
//     addressing p.30-31, hardware configuration p.31, timing p.32).
//   - §10.1 command descriptions: p.34-43 (addressing modes p.34-35, figures
//     10-1 to 10-4; COM pins p.40-42, table 10-3).
//   - §10.2 scrolling: p.44-46.
//   - Charge pump application note: p.62; initialisation flow: p.64.
//
// SH1106 V2.3 (Sino Wealth), 132 X 64 Dot Matrix OLED/PLED Segment/Common
// Driver with Controller: I²C-bus interface (control byte with Co and D/C),
// Display Data RAM (132 × 8 pages, column address raised after each data
// byte), Commands 1-21 (column address nibbles 0x00-0x1F, pump voltage
// 0x30-0x33, start line 0x40-0x7F, contrast 0x81, segment remap 0xA0/0xA1,
// entire display 0xA4/0xA5, reverse 0xA6/0xA7, multiplex 0xA8, DC-DC 0xAD,
// display 0xAE/0xAF, page 0xB0-0xB7, COM scan 0xC0/0xC8, offset 0xD3, clock
// 0xD5, pre-charge 0xD9, COM pads 0xDA, VCOM 0xDB, read-modify-write
// 0xE0/0xEE, NOP 0xE3).
package ssd1306test
