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
// Nothing sleeps. Every SPI transaction costs Opts.TxCost (15 µs by
// default; the driver's benchmarks also run at 40 and 100 µs) plus a per-byte
// cost (8 clocks at the speed the driver connected at, plus 100 ns) of
// modelled time; Sleep and IRQ().WaitForEdge advance the modelled clock,
// and frames, the FDT and the timer progress with it. A frame sent at
// StartSend is answered at start + tx air + FDT (86.4 µs for anticollision;
// a tag's answer delay for READ, WRITE, GET_VERSION) + rx air, at 9.44 µs
// per bit (start bit, data, one parity bit per byte, end). Until then reads
// show the chip busy: no RxIRq, Status2Reg ModemState transmitting, waiting
// or receiving. Drivers under test must take Sim.Now and Sim.Sleep as their
// clock.
//
// Sim.Sleep is honest about the host (Opts.Host, default LinuxGo): Go's
// timers on Linux wake through the netpoller, which waits in whole
// milliseconds. Measured on this development VM (Go 1.26, 200 sleeps each,
// medians; the arm figures under qemu-arm-static with GOARCH=arm GOARM=6):
//
//	asked     amd64      arm (qemu)
//	10 µs     1.047 ms   0.056 ms (p90 1.06 ms)
//	50 µs     1.084 ms   1.138 ms
//	150 µs    1.087 ms   1.139 ms
//	500 µs    1.086 ms   1.140 ms
//	1 ms      1.085 ms   1.142 ms
//	1.5 ms    2.161 ms   2.238 ms
//	2 ms      2.159 ms   2.238 ms
//	5 ms      5.164 ms   5.288 ms
//	20 ms     20.185 ms  20.390 ms
//
// So LinuxGo rounds every sleep up to the next millisecond and adds 0.1 ms.
// A driver that sleeps 150 µs to wait for an answer loses almost a
// millisecond each time; mfrc522 polls the chip instead for short waits.
// IRQ().WaitForEdge wakes at the edge, without that latency.
//
// IRQ().WaitForEdge returns at once with an edge latched since the last
// call; otherwise it advances the modelled clock through the scheduled events
// to the next edge in the In() direction, or by the timeout. When the chip
// has nothing scheduled at all it waits up to Opts.IRQGrace of wall-clock
// time for another goroutine to start something (periph's stock driver waits
// for the IRQ in one goroutine and talks SPI in another), then gives up.
//
// # Readings
//
// Where a datasheet is explicit the simulator follows it. Where it is
// silent, the simulator takes the strictest reading that NXP's NFC Reader
// Library (phhalHw_Rc523) and the Arduino MFRC522 library (miguelbalboa/rfid:
// PCD_Init, PCD_Reset, PCD_CommunicateWithPICC) both satisfy, so a driver
// tested here relies only on what every proven driver relies on. Section
// numbers are those of the MFRC522 datasheet rev. 3.9 unless named. The
// strict readings that periph's stock driver does not satisfy (SoftReset
// and the field guard time) can be turned off (Lenient), and a clone that
// auto-increments the register address is a mode (Opts.AutoIncrement).
//
//	behaviour            datasheet says                 simulator does                   why
//	-------------------  -----------------------------  -------------------------------  --------------------------------
//	StartSend            §10.3.1.8, table 47: each      starts a frame only on a 0→1     NXP, Arduino and periph write it
//	                     transmission is started by     write while Transceive runs;     0 (or clear it) before setting
//	                     setting StartSend; edge or     a 1 written over 1 sends         it; none relies on a level
//	                     level not said                 nothing
//	one frame per        §10.3.1.8: Transceive          a Transceive sends one frame;    both libraries write Idle and
//	Transceive           "continuously repeats";        after it, StartSend does         Transceive for every exchange;
//	                     re-arming after a reception    nothing (ModemState 001 shows    none re-uses a finished one
//	                     not promised                   waiting) until Transceive is
//	                                                    written again
//	command while        table 149: Transceive is       writing Transceive does not      both set StartSend after the
//	StartSend is 1       started by StartSend           send by itself                   command
//	FIFO write while     table 33 WrErr: explicit       WrErr, until a command is        datasheet
//	receiving                                           written
//	answer complete      table 29 RxIRq: end of a       the frame enters the FIFO at     both wait for RxIRq/IdleIRq (or
//	                     valid data stream              its end, with RxIRq; earlier     TimerIRq) before reading
//	                                                    reads see it busy, FIFO empty
//	timer stop after an  table 105 TAuto: stops         Opts.TimerStop (default 25 µs)   NXP allows 4.8 etu (45 µs) of
//	answer               "immediately after the 5th     after the 5th bit: a 150 µs      timer shift on top of its
//	                     bit"; no figure                timeout loses every              timeouts; Arduino waits 25 ms
//	                                                    anticollision answer
//	FIFO read while      §8.3: FIFOLevel bytes may be   garbage; the ring's read         NXP and Arduino read
//	empty                read; more: not said           pointer passes its write one,    FIFOLevelReg first, then that
//	                                                    so 63 stale bytes seem to wait   many bytes
//	                                                    until FlushBuffer;
//	                                                    Stats.Undefined counts it
//	several bytes in     §8.1.2.2, table 7: all to the  all to the register; with        both write one value per
//	one write            addressed register             Opts.AutoIncrement (a clone)     register, the FIFO in bursts
//	                                                    to the next ones, the FIFO
//	                                                    excepted
//	timer after a frame  §8.5, table 105 TAuto:         starts at the end of every       NXP stops it (TStopNow) or sets
//	without answer       starts at end of TX, stops     frame; writing a command does    it per exchange; Arduino waits
//	                     at the 5th received bit;       not stop it: it may fire in      out HLTA's timeout
//	                     commands: not said             the next exchange
//	4-bit frame with     table 59 RxCRCEn: not said     CRCErr, nothing in the FIFO,     NXP receives NTAG/Ultralight
//	RxCRCEn on           for frames shorter than a      RxLastBits 0                     answers with RxCRCEn off and
//	                     CRC                                                             checks in software; Arduino
//	                                                                                     never sets RxCRCEn
//	oscillator start-up  §8.8.2: crystal start-up +     after NRSTPD rises or power      Arduino waits 50 ms after a hard
//	                     37.74 µs; crystal time not     returns, SPI reads 0x00 and      reset; NXP polls before use
//	                     given                          writes are lost for
//	                                                    Opts.StartUp (default 5 ms)
//	SoftReset            §10.3.1.10: duration not       registers reset at once; the     Arduino waits 50 ms and for
//	                     given; "terminates             command runs Opts.SoftReset      PowerDown to clear; periph's
//	                     automatically when finished"   (default 1 ms): CommandReg       stock driver writes straight
//	                                                    shows it, writes are lost        after it (Lenient)
//	tags after the       ISO/IEC 14443-3 §5: a PICC     tags powered by the field        NXP's discovery loop waits the
//	field comes on       accepts a request within 5 ms  coming on ignore frames for      guard time; Arduino polls
//	                                                    Opts.FieldGuard (default 5 ms)   again; periph does not wait
//	                                                                                     (Lenient)
//	VersionReg           §9.3.4.8 table 132: 0x91,      Opts.Version, any value          0x90 is NXP's v0.0; clones
//	                     0x92                                                            report 0x88 (FM17522), 0x12,
//	                                                                                     0x15, 0x18, 0x1C, 0x89, 0xB2
//	                                                                                     (Arduino library and issues)
//	NTAG answer delay    NTAG21x §9.2 and the timing    SetAnswerDelay anywhere in       the datasheet; a driver must
//	                     tables of §10.1–10.5: at       MinAnswerDelay..MaxAnswerDelay   wait for RxIRq, not a
//	                     least n = 9, at most           (panics outside); WRITE waits    computed time
//	                     T_TimeOut: 5 ms READ,          WriteTime (4.1 ms) to program
//	                     GET_VERSION; 10 ms WRITE       by default
//	anticollision        ISO/IEC 14443-3 §6.2.1.1:      answered at FDT = 86.4 µs        the standard
//	answers              fixed FDT
//	CollPos              table 49: position of the      counts the bits as stored in     matches the Arduino library's
//	                     first collision                the FIFO, RxAlign included,      use (ISO bit k of the 40-bit
//	                                                    from 1 (32 reads 0; beyond 32    CLn+BCC is (k/8)*8+CollPos-1)
//	                                                    CollPosNotValid); collided bit
//	                                                    reads 1, later bits 0 with
//	                                                    ValuesAfterColl clear; a
//	                                                    collision suppresses ParityErr
//	after a frame        §10.3.1.8: the receiver        Transceive stays receiving; a    datasheet
//	without answer       waits                          FIFO write is WrErr until a
//	                                                    command is written
//	CalcCRC              §10.3.1.4: duration not given  completes instantly              no driver relies on it here
//	READY tag and a      ISO/IEC 14443-3 §6.3           stays READY and silent for a     the standard; any other frame
//	foreign prefix                                      non-matching ANTICOLLISION/      sends READY/ACTIVE tags back
//	                                                    SELECT                           to IDLE (or HALT), NAKs too
//
// Not modelled: MIFARE Classic Crypto1 (MFAuthent fails with ProtocolErr),
// NTAG password protection, the self test, MSBFirst, the AUX/MFIN/MFOUT
// pins, Force100ASK and the analog settings (RxGain is stored, not
// simulated).
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
