// Package doctor checks a unoref build part by part against its pin map and
// says in plain words what is wrong and which wire to look at: the pin map
// itself, SPI and I²C being switched on, the RC522 readers' VersionReg and
// RF field, the OLED's acknowledge, the seat-pad expanders, every GPIO line
// of the pin map (present, not held by another program) and the buttons'
// idle level. With Options.Blink it also lights each LED in turn and beeps,
// for a person to watch.
//
// The checks use the real drivers (mfrc522, oled, seatpad) over the buses
// and lines an Env opens; PiEnv opens the Raspberry Pi's, tests open the
// simulators (mfrc522test, ssd1306test, mcp23017test) and fake lines, with
// faults.
//
// # Wiring
//
// Physical pins are named from the pin map with hardware.PhysOf; see
// hardware/WIRING.md.
package doctor
