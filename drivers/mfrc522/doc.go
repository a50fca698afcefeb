// Package mfrc522 drives an NXP MFRC522 (RC522) contactless reader on SPI:
// ISO/IEC 14443 A tag detection with full bit-wise anticollision (4-, 7- and
// 10-byte UIDs, several tags at once), NTAG213/215/216 and MIFARE Ultralight
// READ, WRITE and GET_VERSION, MIFARE Classic by UID, and a Watch loop that
// turns polls into arrival, removal and reader state events.
//
// It builds on periph (spi.Port, the register names of
// periph.io/x/devices/v3/mfrc522/commands) but not on periph's ReadUID path:
// the chip is initialised once and keeps its field on, the Transceive command
// stays active so each exchange is clear-IRQ, one FIFO burst, StartSend and
// one read of status and answer together; the CRC_A is computed by the chip
// (TxModeReg/RxModeReg); waiting follows the modelled air time through the
// injected clock, or the IRQ pin when one is given.
//
// Costs, measured against the simulator in mfrc522test (see the benchmarks):
// a poll of an empty field is 4 SPI transactions and about 0.3 ms; detecting
// an NTAG213 and reading page 4 is about 30 transactions.
//
// # Wiring
//
// SPI0 (CE0) at up to 10 MHz, mode 0. RST (NRSTPD) must be held high; IRQ is
// optional and, when wired, is driven push-pull, active low.
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
