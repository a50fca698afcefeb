// Package doctortest is a virtual unoref board for testing the doctor: the
// full reference build's devices as simulators (mfrc522test, ssd1306test,
// mcp23017test), a fake gpiochip and the machine's files (a Raspberry Pi
// 4's device-tree model, boot command lines), each of which a test can
// break: unplug a part, hold a line busy, stick a button low, press one for
// a few reads (the walk), slow the SPI wires (MaxSPI), or replace Root with
// another machine's files.
package doctortest
