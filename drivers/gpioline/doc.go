// Package gpioline opens the Raspberry Pi's GPIO lines through the Linux
// GPIO character device (go-gpiocdev). It is the only package that calls
// gpiocdev.RequestLine: drivers take the small interfaces they need
// (Output, button.Source, mfrc522.IRQ: Edge) and tests use the fakes in
// gpiolinetest.
//
// # Wiring
//
// Offsets are BCM GPIO numbers on the header's gpiochip: gpiochip0 on the
// Pi Zero 2 W and Pi 1–4 ("pinctrl-bcm2835"/"pinctrl-bcm2711"), and on the
// Pi 5 ("pinctrl-rp1") gpiochip4 with its early kernels and gpiochip0 with
// later ones, so the chip name is configurable (Opts.Chip, the pin map's
// gpio.chip) and HeaderChip finds it by label. See hardware/WIRING.md for
// the reference pin map.
//
// # Kernel requirements
//
// Edge events with timestamps need the GPIO character device (Linux 4.8);
// WithPullUp needs Linux 5.5; kernel debounce (InputOpts.Debounce) needs the
// uAPI v2 of Linux 5.10, and RequestInputs falls back to none on older
// kernels. The user needs read/write access to /dev/gpiochipN (group gpio
// on Raspberry Pi OS).
package gpioline
