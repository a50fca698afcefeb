// Package mfrc522test is a register-level MFRC522 (RC522) simulator with
// ISO/IEC 14443-3 type A tags in its field, for testing MFRC522 drivers
// without hardware.
//
// A *Sim is an spi.PortCloser: a driver connects to it and talks SPI as to
// the real chip. Behind the registers run the FIFO, the commands (Idle, Mem,
// GenerateRandomID, CalcCRC, Transmit, Receive, Transceive, SoftReset), the
// timer, the interrupt logic with its IRQ pin, and an air interface where
// NTAG213/215/216, MIFARE Ultralight and MIFARE Classic 1K tags answer,
// collide and change state as the standards say. Faults can be injected into
// the tags' answers; the chip can be unplugged, reset and overheated.
//
// # Time
//
// Nothing sleeps. Every SPI transaction costs Opts.TxCost plus Opts.ByteCost
// per byte of modelled time; Sleep and IRQ().WaitForEdge advance the modelled
// clock, and frames, the FDT and the timer progress with it. A frame sent at
// StartSend is answered at start + tx air + FDT (86.4µs) + rx air, at 9.44µs
// per bit (start bit, data, one parity bit per byte, end). Until then reads
// show the chip busy: no RxIRq, Status2Reg ModemState transmitting, waiting
// or receiving. Drivers under test must take Sim.Now and Sim.Sleep as their
// clock.
//
// IRQ().WaitForEdge returns at once with an edge latched since the last
// call; otherwise it advances the modelled clock through the scheduled events
// to the next edge in the In() direction, or by the timeout. When the chip
// has nothing scheduled at all it waits up to Opts.IRQGrace of wall-clock
// time for another goroutine to start something (periph's stock driver waits
// for the IRQ in one goroutine and talks SPI in another), then gives up.
//
// # Modelling choices
//
// Where the datasheets leave a detail open the simulator decides, as follows:
//
//   - CollReg CollPos counts the received bits as they are stored in the
//     FIFO, RxAlign included, from 1 (32 reads 0; beyond 32 CollPosNotValid).
//     With k UID bits sent, the collided bit of the 40-bit UID CLn+BCC is
//     bit (k/8)*8 + CollPos - 1 (0-based). The collided bit reads 1; with
//     CollReg ValuesAfterColl clear the bits after it read 0. A collision
//     suppresses ParityErr.
//   - RxModeReg RxCRCEn checks and strips the last two bytes; an answer too
//     short for a CRC (the 4-bit ACK/NAK) sets CRCErr and is kept as is.
//   - After an exchange without answer, Transceive stays receiving: a FIFO
//     write then sets ErrorReg WrErr (Table 33) until a command is written
//     to CommandReg.
//   - CalcCRC completes instantly; SoftReset and wake-up from PowerDown too.
//   - Tags answer once the field is on, with no power-up delay; they answer
//     WRITE after the same FDT as anything else (no EEPROM programming time).
//   - A tag in READY that does not match an ANTICOLLISION/SELECT prefix
//     stays READY and silent; any other frame sends READY/ACTIVE tags back
//     to IDLE (or HALT if woken from there), NTAG NAKs included.
//   - Not modelled: MIFARE Classic Crypto1 (MFAuthent fails with
//     ProtocolErr), NTAG password protection, the self test, MSBFirst, the
//     AUX/MFIN/MFOUT pins, Force100ASK and the analog settings.
//
// # Datasheets
//
// NXP MFRC522 Standard performance MIFARE and NTAG frontend, product data
// sheet rev. 3.9 (27 April 2016): §8.1.2 SPI, §8.3 FIFO, §8.4 interrupts,
// §8.5 timer, §8.8 power reduction, §9.3 registers (Table 20 overview, each
// register's table gives its reset value), §10.3 commands (Table 149).
// https://www.nxp.com/docs/en/data-sheet/MFRC522.pdf
//
// NXP NTAG213/215/216 NFC Forum Type 2 Tag compliant IC, product data sheet
// rev. 3.2: §8.5 memory organisation, §10 commands (GET_VERSION Table 28,
// READ rollover §10.2, ACK/NAK Table 23).
// https://www.nxp.com/docs/en/data-sheet/NTAG213_215_216.pdf
//
// NXP MF0ICU1 MIFARE Ultralight contactless single-ticket IC, rev. 3.9.
// https://www.nxp.com/docs/en/data-sheet/MF0ICU1.pdf
//
// ISO/IEC 14443-3:2018 Type A initialization and anticollision: §6.2 frames
// and CRC_A (Annex B), §6.3 PICC states, §6.4 REQA/WUPA/HLTA, §6.5
// anticollision, NVB, cascade levels and SAK.
package mfrc522test
