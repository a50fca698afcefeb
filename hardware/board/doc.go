// Package board opens the devices of a unoref build from its pin map: the
// RC522 readers on SPI0, the OLED and the seat-pad expanders on I²C, the
// LEDs, the buzzer and the buttons on GPIO lines. It is the one place that
// turns a hardware.PinMap into open buses and running drivers, as periph's
// host does for its chip packages: the drivers keep taking open buses.
//
// Open runs one opener per device (reset line, readers, I²C devices, LEDs,
// buzzer, buttons); the play-pad reader waits on its IRQ line (Host.Edge)
// when the pin map wires nfc.irq, and polls over SPI otherwise; when one fails, what the others opened is closed again
// in reverse order. A Host supplies the buses, lines and files: the one
// seam through which unoref reaches hardware, used by the daemon (on a Pi
// and on the virtual table), the doctor, enroll and tag. PiHost opens a
// Raspberry Pi's (the kernel's spidev and i2c-dev through periph's sysfs
// drivers, and the GPIO character device); boardtest.Sim.Host a simulated
// board's (mfrc522test, ssd1306test, mcp23017test, gpiolinetest).
//
// The required parts (the play-pad reader, the OLED, the LEDs, the buzzer
// and the buttons) must open. The optional parts switched on in the pin map
// (the draw-pad reader, the seat-pad expanders) are looked for: a reader
// that answers (VersionReg neither 0x00 nor 0xFF) and an expander that
// acknowledges its address are used, the others are left out. Board.Parts
// says which were found, for the OLED, the log and the page; a part that
// vanishes later is marked so (Parts.Vanish; Parts.Lose also lists a
// required output that dies: the LEDs, the buzzer, the OLED), and only
// that is a problem.
//
// EnrollReader adapts an opened reader to cards/enroll's Reader, so that
// enrolment knows UIDs and bytes, not the driver.
//
// # Wiring
//
// See hardware/WIRING.md; SPIDev and I2CBus name the devices of the pin
// map's buses.
package board
