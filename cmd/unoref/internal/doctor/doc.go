// Package doctor checks a unoref build part by part against its pin map and
// says in plain words what is wrong and which wire to look at: the pin map
// itself, that the machine is a Raspberry Pi (elsewhere it says so and
// stops), SPI and I²C being switched on, the RC522 readers' chip (named
// with mfrc522.ChipName, unknown ones warned about), their SPI clock and
// gain in words, their RF field, the OLED's acknowledge, the seat-pad
// expanders, every GPIO line of the pin map (present, not held by another
// program) and the buttons' idle level. A reader that does not answer at
// the pin map's SPI clock is tried again at 1 MHz, and the report says to
// set reader.spi_hz. Optional parts switched on but never fitted (a
// draw-pad reader, seat-pad expanders that do not answer) are SKIP, not
// PROBLEM. With Options.Step the checks follow the assembly guide
// (hardware.Step, the order of hardware/README.md): a part the guide fits
// after that step is "not fitted yet" (SKIP), its lines only checked free.
// A configuration whose [devices] sim runs the virtual table is a WARN
// (Options.Sim). The OLED check names oled.chip's set-up, since an
// SSD1306 and an SH1106 acknowledge alike. The optional speaker ([voice], Env.Speaker) is checked with
// the real espeak-ng and aplay: missing espeak-ng, aplay, a sound card or
// a voice for the language is a WARN, never a PROBLEM, since the referee
// goes on without its voice. With Options.Blink it also lights each LED in
// turn and beeps, for a person to watch; with Options.Walk it walks the build with the
// person (Say, Ask): press each button (a wire on another button's pin is
// found), look at each LED and each seat LED, listen to the buzzer, look
// at a frame drawn along the OLED's four edges (whole only with the right
// oled.chip), tap a card on each reader, and it checks that the serial
// console has left GPIO 14/15 (Host.Files: boot/firmware/cmdline.txt and
// proc/cmdline).
//
// The checks use the real drivers (mfrc522, oled, seatpad) over the buses
// and lines of the Env's board.Host, the one seam through which unoref
// reaches hardware: board.PiHost opens the Raspberry Pi's, tests open the
// simulated board (hardware/board/boardtest), with faults.
//
// # Wiring
//
// Physical pins are named from the pin map with hardware.PhysOf; see
// hardware/WIRING.md.
package doctor
