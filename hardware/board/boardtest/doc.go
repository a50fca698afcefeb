// Package boardtest is a unoref board made of simulators, behind the same
// board.Host a Raspberry Pi's is: two RC522 simulators (mfrc522test) on
// SPI0 CE0 and CE1, an SSD1306 simulator (ssd1306test) and MCP23017
// simulators (mcp23017test) on I2C1, output lines, input lines and button
// edges (gpiolinetest) on gpiochip0, and the machine's files (a Raspberry
// Pi 4's). board.Open opens a pin map's devices on it as on a Pi; the
// doctor checks it as it checks a Pi; the virtual table, the tests and
// the tag and enroll commands' --sim run on it. It is the one simulated
// board: nothing above board.Host knows it is not a Pi.
//
// A part that is not fitted is there but unplugged, as on a real board:
// its chip select or address exists and nothing answers. Each part can be
// broken: unplug a chip (mfrc522test, ssd1306test), hold a line busy
// (SetBusy), cut an output line (Cut), stick a button low (SetLevel),
// fail the gpiochip
// (SetChipErr), delete a device file from Files (SPI or I²C off), slow
// the SPI wires (MaxSPI).
//
// The readers' drivers wait between polls until a test allows the next
// ones (Sim.Poll), so a test knows what they have seen without sleeping;
// with Opts.RealTime (the virtual table) they wait in real time instead,
// cut short by Poll. The seat pads' polls move on their own clock, a poll
// at a time (PollPads). Buttons are pressed with Press, as edges on their
// lines; the doctor's level reads see PressFor. A pin map that wires
// nfc.irq gets the play-pad chip's IRQ pin on that line (Host.Edge).
package boardtest
