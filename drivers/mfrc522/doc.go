// Package mfrc522 drives an NXP MFRC522 (RC522) contactless reader on SPI:
// ISO/IEC 14443 A tag detection with full bit-wise anticollision (4-, 7- and
// 10-byte UIDs, several tags at once), NTAG213/215/216 and MIFARE Ultralight
// READ, WRITE and GET_VERSION, MIFARE Classic by UID, and a Watch loop that
// turns polls into arrival, removal and reader state events.
//
// It builds on periph (spi.Port, the register names of
// periph.io/x/devices/v3/mfrc522/commands) but not on periph's ReadUID path:
// the chip is initialised once and keeps its field on. Each exchange is
// started as NXP's reader library and the Arduino library start it — Idle
// and Transceive written again, IRQ bits cleared, one FIFO burst, StartSend
// raised from 0 (datasheet §10.3.1.8) — and an answer is read only once
// the chip reports it complete (ComIrqReg RxIRq; TimerIRq means none
// started in time), with its status in the same SPI transaction. NTAG
// answers may come up to 5 ms (READ, GET_VERSION) or 10 ms (WRITE) late;
// their CRC_A is checked in software, as NXP's library does, so that a
// 4-bit NAK is received as a NAK.
//
// # Waiting
//
// Go's sleeps on Linux last whole milliseconds (a 150 µs sleep takes about
// 1.08 ms; measurements in mfrc522test). Most waits here are shorter than
// that, so the driver polls ComIrqReg over SPI (one read costs about 18 µs
// on a Pi) and sleeps only whole milliseconds that end before the answer
// can, or while a late tag (EEPROM programming) is awaited. With the IRQ
// pin wired it waits for the pin's edge instead. VersionReg is polled for
// up to 100 ms at start-up: after NRSTPD rises the oscillator needs time
// (§8.8.2) and the chip answers 0x00 meanwhile.
//
// Costs, measured against the simulator in mfrc522test under its Linux
// sleep model (see the benchmarks): a poll of an empty field is about 16
// SPI transactions and 0.34 ms; detecting an NTAG213 and reading page 4 is
// about 7.5 ms, 1.16 times its air time.
//
// # Options
//
// Opts.Speed defaults to 4 MHz (DefaultSpeed), not the chip's 10 MHz
// maximum: cheap RC522 modules on 10–20 cm jumper wires often corrupt bits
// at 8–10 MHz, and the bus time hardly matters (a transaction's fixed cost
// of about 15 µs dominates; detecting and reading a tag costs about 0.2 ms
// more than at 10 MHz). Opts.RxGainDB defaults to 33 dB (DefaultRxGainDB),
// the chip's reset value and what NXP's and the Arduino library leave: it
// reads an NTAG213 sticker on a card laid on the pad; 43 or 48 dB help
// stickers read through a thick card or a table top, at the price of more
// noise on long wires. RFCfgReg's reserved bits are kept as the chip has
// them. Any VersionReg but 0x00 and 0xFF (no chip on MISO) is accepted;
// ChipName names the known ones.
//
// # Wiring
//
// SPI0 (CE0) at 4 MHz by default (up to 10 MHz), mode 0. RST (NRSTPD) must
// be held high; IRQ is optional and, when wired, is driven push-pull, active
// low.
//
//	RC522   Raspberry Pi
//	SDA     GPIO8  (CE0, pin 24)
//	SCK     GPIO11 (pin 23)
//	MOSI    GPIO10 (pin 19)
//	MISO    GPIO9  (pin 21)
//	IRQ     any GPIO (optional)
//	RST     3V3 or a GPIO held high
//	3.3V/GND
//
// # Datasheets
//
// NXP MFRC522 product data sheet, rev. 3.9 (27 April 2016):
// https://www.nxp.com/docs/en/data-sheet/MFRC522.pdf
//
// ISO/IEC 14443-3:2011, Type A initialisation and anticollision.
//
// NXP NTAG213/215/216 data sheet, rev. 3.2:
// https://www.nxp.com/docs/en/data-sheet/NTAG213_215_216.pdf
//
// NXP AN10833, MIFARE type identification procedure.
package mfrc522
