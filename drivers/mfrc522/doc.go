// Package mfrc522 drives an NXP MFRC522 (RC522) contactless reader on SPI:
// ISO/IEC 14443 A tag detection with full bit-wise anticollision (4-, 7- and
// 10-byte UIDs, several tags at once), NTAG213/215/216 and MIFARE Ultralight
// READ, WRITE and GET_VERSION, MIFARE Classic by UID, and a Watch loop that
// turns polls into arrival, removal and reader state events.
//
// It builds on periph (spi.Port, the register names of
// periph.io/x/devices/v3/mfrc522/commands) but not on periph's ReadUID path:
// the chip is initialised once and keeps its field on. Each exchange is
// started as NXP's reader library and the Arduino library start it — Idle,
// the FIFO flushed and loaded, IRQ bits cleared, Transceive written again,
// StartSend raised from 0 (datasheet §10.3.1.8) — with one value per
// register write (§8.1.2.2 lets a transaction write several to one
// register; no reference driver relies on it, and a clone that advances
// the address would scatter them). An answer is read only once the chip
// reports it complete (ComIrqReg RxIRq; TimerIRq means none started in
// time): its status and FIFOLevelReg first, then exactly that many FIFO
// bytes, never the empty FIFO, whose read the datasheet leaves undefined.
// NTAG answers may come up to 5 ms (READ, GET_VERSION) or 10 ms (WRITE)
// late; their CRC_A is checked in software, as NXP's library does, so that
// a 4-bit NAK is received as a NAK.
//
// # Margins
//
// The simulator in mfrc522test takes the strictest readings of the
// datasheet that NXP's and the Arduino library satisfy, and the driver is
// tested against each: the timer stopping 25 µs (and up to 100 µs) after
// an answer's 5th bit, hence a 250 µs timeout for the anticollision
// frames, where an answer's 5th bit ends 138 µs after the frame; SoftReset
// running for an unknown time, awaited until CommandReg no longer shows it
// (and at least 1 ms); tags deaf for the 5 ms ISO/IEC 14443-3 §5 allows
// them after the field comes on, waited out after every initialisation;
// a clone that auto-increments the register address.
//
// # Waiting
//
// Go's sleeps on Linux last whole milliseconds (a 150 µs sleep takes about
// 1.08 ms; measurements in mfrc522test). Most waits here are shorter than
// that, so the driver polls ComIrqReg over SPI and sleeps only whole
// milliseconds that end before the answer can, or while a late tag (EEPROM
// programming) is awaited. With the IRQ pin wired (Opts.IRQ: a
// gpioline.Edge on the pin map's nfc.irq) it waits for the pin's falling
// edge instead: the same latency within half an SPI call, and about half
// the SPI transactions (91 instead of 218 to detect and read a tag at 15 µs
// a call). VersionReg is polled for up to 100 ms at start-up: after NRSTPD
// rises the oscillator needs time (§8.8.2) and the chip answers 0x00
// meanwhile.
//
// Costs, measured against the simulator under its Linux sleep model and
// strict readings, with one SPI call costing 15 µs as on a Pi Zero 2 W (the
// benchmarks also run at 40 and 100 µs): a poll of an empty field is 23
// SPI transactions and 0.48 ms; detecting an NTAG213 and reading page 4 is
// about 7.9 ms, 1.23 times its air time.
//
// A poll of an empty field allocates nothing, polled or on the IRQ pin
// (before issue 21 point 7: 12–27 allocations, 288–312 bytes, the
// simulator's included), and neither does Watch's loop around it: an idle
// table polls 50 times a second for hours, and garbage made for nothing
// kept the daemon's heap regrowing to its goal. The Dev keeps one SPI
// buffer and detect's branch stack between calls (used under its lock),
// read fills the caller's slice, and Watch waits on one timer of its own;
// what callers keep (a Tag, its UID and Data) is still theirs alone.
// TestIdlePollAllocatesNothing and TestIdleWatchAllocatesNothing count.
//
// # Options
//
// Opts.Speed defaults to 4 MHz (DefaultSpeed), not the chip's 10 MHz
// maximum: cheap RC522 modules on 10–20 cm jumper wires often corrupt bits
// at 8–10 MHz, and the bus time hardly matters (a transaction's fixed cost
// of about 15 µs dominates; detecting and reading a tag costs about 0.2 ms
// more than at 10 MHz). Opts.RxGainDB defaults to 33 dB (DefaultRxGainDB),
// the chip's reset value and what the Arduino library leaves (NXP's reader
// library writes RFCfgReg 0x59, 38 dB, and CWGsPReg 0x3F): it reads an
// NTAG213 sticker on a card laid on the pad; 43 or 48 dB help
// stickers read through a thick card or a table top, at the price of more
// noise on long wires. RFCfgReg's reserved bits are kept as the chip has
// them. Any VersionReg but 0x00 and 0xFF (no chip on MISO) is accepted;
// ChipName names the known ones (0x90, 0x91, 0x92 NXP's; 0x88 the FM17522;
// 0x12 a counterfeit that is reported to detect no tags with the Arduino
// library, Counterfeit).
//
// # Wiring
//
// SPI0 (CE0) at 4 MHz by default (up to 10 MHz), mode 0. RST (NRSTPD) must
// be held high; IRQ is optional and, when wired to a GPIO of its own, is
// driven push-pull, active low.
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
