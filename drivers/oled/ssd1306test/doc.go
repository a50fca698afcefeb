// Package ssd1306test simulates an SSD1306 OLED controller on an I²C bus so
// periph's real ssd1306 driver, and code above it, can be tested on a PC.
//
// Sim implements i2c.BusCloser. It decodes the control-byte framing (Co and
// D/C# bits), keeps the chip's registers and its 128×64 GDDRAM, and renders
// what a person would see on the panel with Image and WritePNG. Stats counts
// transactions and bytes so tests and benchmarks can measure an update.
// Unplug, FailNext, PowerCycle and Stall inject the faults a real bus has.
//
// The model follows the datasheet, with two documented choices: the
// page-mode pointer commands are honoured in every addressing mode, as real
// chips do (Opts.StrictPageCommands turns that off), and scrolling is
// recorded but not animated. The panel is wired like the common 0.96"
// modules: upright with segment remap 0xA1, COM scan 0xC8 and alternative
// COM pins 0x12. The charge pump must be on for anything to light.
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
package ssd1306test
