// Package oled drives the 128×64 monochrome I²C OLED modules the referee
// uses: the SSD1306 (most 0.96" modules) and the SH1106 (most 1.3"
// modules). Dev draws an image, like periph's ssd1306 driver: NewI2C on an
// open bus, Draw or Write a 128×64 frame, Halt, String. What goes on the
// screen is the business of the daemon's screen package.
//
// Both chips are driven in page addressing mode, the only mode the SH1106
// has: for each 8-row page that changed, one command transaction sets the
// page and start column, one data transaction sends the changed columns.
// The SH1106's RAM is 132 columns wide and the modules show the middle
// 128, so its frames start at column 2; its set-up sends none of the
// SSD1306-only commands (charge pump 0x8D, addressing mode 0x20, windows
// 0x21/0x22, scrolling). A driver written for the SSD1306 shows its picture
// two pixels to the left on an SH1106, with two columns of noise on the
// right: set the chip in the pin map (oled.chip).
//
// # Wiring
//
// VCC to 3.3 V (pin 1), GND (pin 6), SDA to GPIO2 (pin 3), SCL to GPIO3
// (pin 5); address 0x3C, or 0x3D with the module's SA0 jumper moved. Both
// chips are specified to 400 kHz (dtparam=i2c_arm_baudrate=400000): a full
// frame is then about 25 ms on the wire, a hand-count change under 1 ms.
//
// # Datasheets
//
// SSD1306 rev 1.1 (Solomon Systech, April 2008),
// https://cdn-shop.adafruit.com/datasheets/SSD1306.pdf: I²C control byte
// §8.1.5.2 p.20 (figure 8-7), GDDRAM pages §8.7 p.25, command table 9-1
// p.28-32, command descriptions §10.1 p.34-43 (page addressing §10.1.1-
// 10.1.3), charge pump application note p.62, initialisation flow p.64.
//
// SH1106 V2.3 (Sino Wealth), "132 X 64 Dot Matrix OLED/PLED Segment/Common
// Driver with Controller": I²C-bus interface (the same control byte, Co and
// D/C), display data RAM of 132 × 8 pages, and "Commands" 1-21: column
// address nibbles (1, 2), start line (4), contrast (5), segment remap (6),
// multiplex ratio (9), DC-DC on/off 0xAD (10), display on/off (11), page
// address (12), COM scan (13), offset (14), clock (15), pre-charge (16),
// COM pads (17), VCOM (18). There is no addressing-mode command: the
// column address increases after each data byte and the page stays.
//
// The bus-level simulator of both chips is package ssd1306test.
package oled
