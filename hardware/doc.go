// Package hardware describes the unoref reference build: which Raspberry Pi
// GPIO, bus and I²C address carries each signal (the pin map), and the
// 40-pin header it is checked against.
//
// The default pin map is pinmap.toml, embedded; LoadFile reads a custom one
// with the same keys. Decoding is strict: an unknown key is an error naming
// it and the keys allowed there. Validate refuses a GPIO used twice, the
// SPI0 (GPIO 7–11) and I2C1 (GPIO 2, 3) pins for anything but their buses,
// GPIO 0/1 (HAT ID EEPROM), numbers off the header (BCM 0–27) and bad or
// clashing I²C addresses.
//
// WIRING.md, wiring.svg and the circuit drawings of circuits/ (LEDs,
// buzzer stage, button, RC522, OLED, MCP23017 seat pad, transistor legs,
// the box) are generated from the default pin map and the parts of
// LEDParts, so they cannot drift: after editing pinmap.toml or the parts
// run "go generate ./hardware"; a test fails when the checked-in files
// differ. README.md is the build: safety, parts list, assembly steps.
//
// # Wiring
//
// See WIRING.md (the table), wiring.svg (the header diagram) and
// circuits/*.svg (each circuit).
package hardware

//go:generate go run gen.go
