package mfrc522

import (
	"bytes"
	"fmt"
	"time"
)

// ComIrqReg bits (datasheet table 30; ComIEnReg, table 26, uses the same
// positions with IRqInv in bit 7). Writing 0x7F clears them all: Set1 = 0
// clears the marked bits.
const (
	irqTx    = 0x40
	irqRx    = 0x20
	irqIdle  = 0x10
	irqErr   = 0x02
	irqTimer = 0x01
	irqClear = 0x7F
	irqInv   = 0x80
)

// ErrorReg bits (datasheet table 34).
const (
	errProtocol = 0x01
	errParity   = 0x02
	errCRC      = 0x04
	errColl     = 0x08
	errOvfl     = 0x10
	errTemp     = 0x40
	errWr       = 0x80
)

// Other register bits, each from its table in the datasheet.
const (
	cmdMask         = 0x0F // CommandReg Command[3:0], table 24
	cmdPowerDown    = 0x10 // CommandReg PowerDown, table 24
	crcEn           = 0x80 // TxModeReg TxCRCEn, table 58
	flushBuffer     = 0x80 // FIFOLevelReg FlushBuffer, table 42
	levelMask       = 0x7F // FIFOLevelReg FIFOLevel[6:0], table 42
	startSend       = 0x80 // BitFramingReg StartSend, table 48
	tStopNow        = 0x80 // ControlReg TStopNow, table 46
	lastBitsMask    = 0x07 // ControlReg RxLastBits[2:0], table 46
	collPosMask     = 0x1F // CollReg CollPos[4:0], table 50
	collPosNotValid = 0x20 // CollReg CollPosNotValid, table 50
)

// write writes one register in one SPI transaction. Several values all go
// to that register (datasheet §8.1.2.2, table 7), which is how the FIFO is
// filled; any other register gets one value per transaction, as NXP's
// reader library and the Arduino library write them: a clone that advances
// the address within a transaction would put a second value into the next
// register (Transceive into ComIEnReg, StartSend into CollReg).
func (d *Dev) write(reg byte, v ...byte) error {
	w := append(d.spiBuf[:0], reg<<1)
	w = append(w, v...)
	d.spiBuf = w
	if err := d.c.Tx(w, nil); err != nil {
		return fmt.Errorf("mfrc522: write 0x%02X: %w", reg, err)
	}
	return nil
}

// read reads several registers (any addresses, repeats allowed) in one SPI
// transaction into dst, one byte per register: MOSI carries one address
// per byte and a trailing 0, MISO answers each address one byte later
// (datasheet §8.1.2.1, table 6). The caller owns dst (often an array on
// its stack), so nothing it keeps aliases the driver's scratch buffer.
func (d *Dev) read(dst []byte, regs ...byte) error {
	n := len(regs) + 1
	if cap(d.spiBuf) < 2*n {
		d.spiBuf = make([]byte, 2*n)
	}
	w, r := d.spiBuf[:n], d.spiBuf[n:2*n]
	for i, reg := range regs {
		w[i] = 0x80 | reg<<1
	}
	w[n-1] = 0
	if err := d.c.Tx(w, r); err != nil {
		return fmt.Errorf("mfrc522: read: %w", err)
	}
	copy(dst, r[1:])
	return nil
}

func (d *Dev) read1(reg byte) (byte, error) {
	var r [1]byte
	err := d.read(r[:], reg)
	return r[0], err
}

// Answer time limits: how long after our frame an answer may start.
type limit int

const (
	limitISO   limit = iota // anticollision, SELECT: the fixed FDT of ISO/IEC 14443-3 §6.2.1.1
	limitRead               // READ, GET_VERSION: T_TimeOut 5 ms (NTAG21x §10.1, §10.2)
	limitWrite              // WRITE: T_TimeOut 10 ms (NTAG21x §10.4)
)

// frame is one PCD→PICC frame and what is expected back.
type frame struct {
	data    []byte
	txBits  int   // valid bits of the last byte sent, 0 = 8 (BitFramingReg TxLastBits)
	rxAlign int   // bit position of the first received bit (BitFramingReg RxAlign)
	txCRC   bool  // chip appends CRC_A (TxModeReg TxCRCEn)
	rxCRC   bool  // the answer ends in a CRC_A, checked and stripped here
	rxLen   int   // expected answer length in bytes, CRC_A excluded; 0 = no answer wanted
	limit   limit // how late the answer may start
	coll    bool  // a bit collision is a result, not an error (anticollision)
}

// reply is what came back.
type reply struct {
	data     []byte
	lastBits int  // valid bits of the last byte, 0 = 8 (ControlReg RxLastBits)
	coll     bool // ErrorReg CollErr
	collPos  int  // CollReg CollPos: 1..32, 0 when not valid
}

// nak reports whether the reply is a 4-bit ACK/NAK (NTAG21x §9.3).
func (r reply) nak() bool { return len(r.data) == 1 && r.lastBits == 4 }

// ISO/IEC 14443-2 at 106 kbit/s: one bit is 128/fc; ISO/IEC 14443-3 §6.2.1.1
// frame delay time PCD→PICC is 1236/fc at most.
const (
	bitTime = 128 * time.Second / 13_560_000
	fdt     = 1236 * time.Second / 13_560_000
)

// air is the duration of a frame of n bytes whose last byte has lastBits
// bits (0 = 8): start bit, 8 data bits + parity per byte, end of frame.
func air(n, lastBits int) time.Duration {
	if n == 0 {
		return 0
	}
	bits := 9*n + 2
	if lastBits != 0 {
		bits -= 9 - lastBits
	}
	return time.Duration(bits) * bitTime
}

// exchange sends f and returns the answer, in three steps: prepare the
// chip and start the frame, await the chip's word that it is done, decode
// what it received. Every exchange writes Idle and Transceive again and
// raises StartSend from 0, as NXP's reader library and the Arduino library
// do (datasheet §10.3.1.8), and only an answer the chip reports complete
// (RxIRq) is ever read.
func (d *Dev) exchange(f frame) (reply, error) {
	d.guard()
	if err := d.prepare(f); err != nil {
		return reply{}, err
	}
	start := d.o.Now()
	irq, err := d.await(f, start)
	if err != nil {
		return reply{}, err
	}
	if f.rxLen == 0 {
		return reply{}, nil
	}
	return d.decode(f, irq)
}

// prepare sets the modes and the timeout for f, stops whatever the chip
// does, empties and loads the FIFO and starts the frame: at least seven
// SPI writes, each of one register, in the Arduino library's order.
func (d *Dev) prepare(f frame) error {
	if err := d.setModes(f); err != nil {
		return err
	}
	// Idle stops a receiver still waiting after a timeout or HLTA, so
	// that loading the FIFO is no WrErr (table 34); the new Transceive
	// then waits for StartSend (§10.3.1.8).
	if err := d.write(regCommand, cmdIdle); err != nil {
		return err
	}
	// Flushed on every exchange: an answer that came after its timeout
	// lies in the FIFO and would go out with the next frame.
	if err := d.write(regFIFOLevel, flushBuffer); err != nil {
		return err
	}
	if d.timerLive {
		// A frame without answer started the timer (TAuto) and nothing
		// stopped it: it would expire during this exchange.
		if err := d.write(regControl, tStopNow); err != nil {
			return err
		}
		d.timerLive = false
	}
	if err := d.write(regComIrq, irqClear); err != nil {
		return err
	}
	if d.irq != nil {
		// Drop edges latched by earlier events (the timer after HLTA).
		for i := 0; i < 4 && d.irq.WaitForEdge(0); i++ {
		}
	}
	if err := d.write(regFIFOData, f.data...); err != nil {
		return err
	}
	// BitFramingReg (table 48): RxAlign[6:4], TxLastBits[2:0], and
	// StartSend written 0 then 1, so the chip sees a 0→1 edge.
	framing := byte(f.rxAlign)<<4 | byte(f.txBits)
	if err := d.write(regBitFraming, framing); err != nil {
		return err
	}
	if err := d.write(regCommand, cmdTransceive); err != nil {
		return err
	}
	d.timerLive = f.rxLen == 0
	return d.write(regBitFraming, framing|startSend)
}

// Timeouts of the chip's timer for each limit.
var reloads = [...]uint16{limitISO: reloadShort, limitRead: reloadRead, limitWrite: reloadWrite}

// setModes writes TxModeReg TxCRCEn (table 58) and TReloadReg (tables
// 112, 114) when they have to change.
func (d *Dev) setModes(f frame) error {
	var txm byte
	if f.txCRC {
		txm = crcEn
	}
	if txm != d.txMode {
		if err := d.write(regTxMode, txm); err != nil {
			return err
		}
		d.txMode = txm
	}
	return d.setReload(reloads[f.limit])
}

func (d *Dev) setReload(r uint16) error {
	if hi := byte(r >> 8); hi != byte(d.reload>>8) {
		if err := d.write(regTReloadH, hi); err != nil {
			return err
		}
	}
	if lo := byte(r); lo != byte(d.reload) {
		if err := d.write(regTReloadL, lo); err != nil {
			return err
		}
	}
	d.reload = r
	return nil
}

// expect is when, after StartSend, the answer to f is complete if the tag
// answers at the ISO minimum delay, and deadline is past any answer: the
// timer has expired and no frame is longer than a full FIFO.
func expect(f frame) (done, deadline time.Duration) {
	n := len(f.data)
	if f.txCRC {
		n += 2
	}
	txEnd := air(n, f.txBits)
	if f.rxLen == 0 {
		return txEnd, txEnd + time.Millisecond
	}
	rx := f.rxLen
	if f.rxCRC {
		rx += 2
	}
	timeout := time.Duration(reloads[f.limit]+1) * timerTick
	return txEnd + fdt + air(rx, 0), txEnd + timeout + air(64+2, 0) + time.Millisecond
}

// await waits until the chip reports the exchange done and returns
// ComIrqReg: RxIRq (an answer is complete), TimerIRq (none started in
// time), IdleIRq (the command ended), or TxIRq for a frame without answer.
// A chip that leaves Transceive or never finishes is recovered.
func (d *Dev) await(f frame, start time.Time) (byte, error) {
	doneBits := byte(irqRx | irqIdle | irqTimer)
	if f.rxLen == 0 {
		doneBits = irqTx
	}
	done, deadline := expect(f)
	for {
		d.pace(f, start, done, deadline)
		// ComIrqReg and CommandReg in one transaction (tables 24, 30).
		var r [2]byte
		if err := d.read(r[:], regComIrq, regCommand); err != nil {
			return 0, err
		}
		if r[0]&doneBits != 0 {
			return r[0], nil
		}
		if r[1]&cmdMask != cmdTransceive || d.o.Now().Sub(start) > deadline {
			// Reset, unplugged or upset: Transceive is gone.
			return 0, d.recover()
		}
	}
}

// Host sleeps. Go's timers on Linux wake through the netpoller, which
// counts in whole milliseconds: any sleep up to 1 ms lasts about 1.08 ms,
// 1.5 ms lasts 2.16 ms (measured on amd64 and on arm under qemu; see
// mfrc522test's documentation). So the driver never sleeps for less than
// sleepStep: it sleeps whole steps while nothing can have happened yet, and
// otherwise polls the chip, one SPI read at a time.
const (
	sleepStep    = time.Millisecond
	sleepLatency = 100 * time.Microsecond
	// lateAfter is how long past the expected end an answer is polled for
	// without sleeping; later answers (a slow tag, EEPROM programming)
	// are polled once per sleepStep.
	lateAfter = 500 * time.Microsecond
)

// pace waits before the next poll: with the IRQ pin, for the pin; without,
// whole sleep steps that end before the answer can, or one step while a
// late answer is awaited; else not at all.
func (d *Dev) pace(f frame, start time.Time, done, deadline time.Duration) {
	el := d.o.Now().Sub(start)
	if d.irq != nil && f.rxLen > 0 {
		d.irq.WaitForEdge(max(deadline-el, 0))
		return
	}
	if steps := (done - el - sleepLatency) / sleepStep; steps > 0 {
		d.o.Sleep(steps * sleepStep)
		return
	}
	if el > done+lateAfter {
		d.o.Sleep(sleepStep)
	}
}

// decode reads the status of what the chip received (ErrorReg,
// FIFOLevelReg, ControlReg, CollReg) in one transaction, then exactly the
// bytes FIFOLevelReg counts in another, as the Arduino library does: a
// read of the empty FIFO is undefined (§8.3), and a NAK, a short or an
// empty answer holds fewer bytes than expected. It turns the status into
// the errors of this package.
func (d *Dev) decode(f frame, irq byte) (reply, error) {
	if irq&irqRx == 0 {
		if irq&irqTimer != 0 {
			return reply{}, ErrTimeout
		}
		return reply{}, d.recover()
	}
	var r [4]byte
	if err := d.read(r[:], regError, regFIFOLevel, regControl, regColl); err != nil {
		return reply{}, err
	}
	e, level, coll := r[0], int(r[1]&levelMask), r[3]
	var data []byte // the reply's own: callers keep it (Tag.Data, ReadPages)
	if level > 0 {
		data = make([]byte, level)
		if err := d.read(data, repeat(regFIFOData, level)...); err != nil {
			return reply{}, err
		}
	}
	rep := reply{data: data, lastBits: int(r[2] & lastBitsMask)}
	if d.trace != nil {
		// A copy of f.data: handing trace the frame's own bytes would
		// move every frame's bytes to the heap, traced or not.
		d.trace("tx % X -> % X err %02X coll %02X last %d", bytes.Clone(f.data), data, e, coll, rep.lastBits)
	}
	if err := d.errorOf(f, e, coll, &rep); err != nil {
		return rep, err
	}
	if f.rxCRC && !rep.nak() {
		return rep, checkCRC(&rep)
	}
	return rep, nil
}

func repeat(reg byte, n int) []byte {
	regs := make([]byte, n)
	for i := range regs {
		regs[i] = reg
	}
	return regs
}

// errorOf turns ErrorReg (table 34) and CollReg (table 50) into an error,
// noting a collision's position in rep.
func (d *Dev) errorOf(f frame, e, coll byte, rep *reply) error {
	switch {
	case e&(errTemp|errWr) != 0:
		// Overheated, or our FIFO write came while the chip received:
		// the chip is not in the state we put it in.
		return d.recover()
	case e&errColl != 0:
		rep.coll = true
		if coll&collPosNotValid == 0 {
			rep.collPos = int(coll & collPosMask)
			if rep.collPos == 0 {
				rep.collPos = 32
			}
		}
		if !f.coll {
			return ErrCollision
		}
	case e&errCRC != 0:
		return ErrCRC
	case e&errParity != 0:
		return ErrParity
	case e&(errProtocol|errOvfl) != 0:
		return fmt.Errorf("%w: ErrorReg 0x%02X", ErrProtocol, e)
	}
	return nil
}

// checkCRC checks and strips the CRC_A that ends rep. NXP's reader library
// receives NTAG/Ultralight answers with RxCRCEn off and checks in software,
// so that a 4-bit NAK arrives as a NAK: with RxCRCEn the chip would flag it
// as a CRC error (and what it keeps of it is not documented).
func checkCRC(rep *reply) error {
	n := len(rep.data)
	if n < 3 || rep.lastBits != 0 {
		return fmt.Errorf("%w: answer of %d bytes, %d bits, too short for its CRC_A", ErrProtocol, n, rep.lastBits)
	}
	if crcA(rep.data[:n-2]) != [2]byte(rep.data[n-2:]) {
		return ErrCRC
	}
	rep.data = rep.data[:n-2]
	return nil
}

// recover is called when the chip is not in Transceive or never completes:
// it reports a chip that is gone, and re-initialises one that answers.
func (d *Dev) recover() error {
	v, err := d.read1(regVersion)
	if err != nil {
		return err
	}
	if err := checkVersion(v); err != nil {
		return err
	}
	if err := d.configure(); err != nil {
		return err
	}
	return fmt.Errorf("%w: chip re-initialised", ErrTimeout)
}
