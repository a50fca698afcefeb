// Package mcp23017test simulates MCP23017 16-bit I²C I/O expanders behind
// a periph i2c.Bus, so the real periph.io/x/devices/v3/mcp23xxx driver (and
// seatpad above it) run in tests.
//
// The simulator keeps state like the chip: IODIR, IPOL, GPINTEN, DEFVAL,
// INTCON, IOCON, GPPU, INTF, INTCAP, GPIO and OLAT for both ports, in the
// IOCON.BANK=0 map (and BANK=1 when a driver switches to it), with
// sequential addressing (IOCON.SEQOP). A test wires the outside world with
// Drive and Release (a floating input reads high only with its pull-up on),
// and reads the outputs with Level and Latch. Setting Chip.Err makes every
// transaction to that chip fail; a missing address returns ErrNoDevice.
//
// # Datasheets
//
// https://ww1.microchip.com/downloads/en/devicedoc/20001952c.pdf
// (register maps: tables 3-4 and 3-5; interrupt logic: section 3.6).
package mcp23017test
