// Package oled shows the referee's state on a 128×64 SSD1306 OLED: whose
// turn it is, the colour to match, the direction, cards owed, hand counts, a
// one-line verdict, prompts, scores and alerts.
//
// Screen is a plain view model the daemon fills from the engine. Render
// turns it into a 1-bit image in the controller's native layout; it is
// pure and cheap (tens of µs, one small allocation with RenderTo). Display
// owns the panel: Show never waits for the bus (a one-slot, latest-wins
// mailbox), Run draws from its own goroutine, a failed draw is reported
// (Err, Opts.OnError) and retried in full, reinitialising the panel, on the
// next Show. Halt blanks the panel and turns it off.
//
// Text uses Terminus Font bitmap faces from package terminus, basicfont
// faces kept in the cells of the x/image faces they replaced: 6×12 in a
// 7×13 cell for body text, bold 12×24 for the name of the player to act,
// bold 8×16 for long names and labels. They draw Latin (Romanian Ș Ț,
// Serbian Đ) and Cyrillic; other runes show as U+FFFD, and Missing lists
// them.
//
// Colours are textures on a monochrome panel: red solid, blue stripes,
// yellow hatch, green dots, always with the letter or the word.
//
// # Wiring
//
// The common 0.96" I²C module: VCC to 3.3 V (pin 1), GND (pin 6), SDA to
// GPIO2 (pin 3), SCL to GPIO3 (pin 5); address 0x3C. The SSD1306 is
// specified to 400 kHz (dtparam=i2c_arm_baudrate=400000): a full frame is
// then about 25 ms on the wire, a hand-count change under 1 ms.
//
// # Datasheets
//
// SSD1306 rev 1.1 (Solomon Systech, April 2008),
// https://cdn-shop.adafruit.com/datasheets/SSD1306.pdf: I²C control byte
// p.20 (figure 8-7), GDDRAM pages p.25, command table p.28-32, addressing
// modes p.34-35, COM pins p.40, charge pump p.62. The bus-level simulator
// is in package ssd1306test.
package oled
