// Package hardware describes the unoref reference build: which Raspberry Pi
// GPIO, bus and I²C address carries each signal (the pin map), and the
// 40-pin header it is checked against.
//
// The default pin map is pinmap.toml, embedded: the minimal build (one
// reader, the OLED, the LEDs, the buzzer and the buttons). Its optional
// parts, the draw-pad reader and the seat pads, are written there switched
// off ("#" right before their lines); Full is the map with them switched
// on. LoadFile reads a custom map with the same keys. Decoding is strict:
// an unknown key is an error naming it and the keys allowed there.
// Validate refuses device names that are not one (gpio.chip must look like
// "gpiochip0", nfc.spi "spi0", oled.bus "i2c1": a pin map never names a
// path), reader settings the RC522 does not have (reader.spi_hz 100 kHz to
// 10 MHz, reader.gain_db 18/23/33/38/43/48), an unknown oled.chip, a GPIO
// used twice, the SPI0 (GPIO 7–11) and I2C1 (GPIO 2, 3) pins for anything
// but their buses, GPIO 0/1 (HAT ID EEPROM), numbers off the header (BCM
// 0–27) and bad or clashing I²C addresses. hardware/board opens the
// devices of a pin map.
//
// WIRING.md, wiring.svg and the circuit drawings of circuits/ (LEDs,
// buzzer stage, button, RC522, OLED, MCP23017 seat pad, transistor legs,
// the 3.3 V strip board, the box) are generated from the default pin map
// and the parts of LEDParts by hardware/internal/draw, which only the
// generator (gen.go) and the tests link, not the daemon: after editing
// pinmap.toml or the parts run "go generate ./hardware"; a test fails when
// the checked-in files differ. WIRING.md lists the optional parts the
// default leaves off and how to switch each on. README.md is the build:
// safety, parts list, assembly steps.
//
// # Wiring
//
// See WIRING.md (the table), wiring.svg (the header diagram) and
// circuits/*.svg (each circuit). labels/*.svg are the button labels to
// print, one sheet per language, made from the catalogs of package lang
// (LabelSheet): the words on the box are the ones the voice says.
package hardware

//go:generate go run gen.go
