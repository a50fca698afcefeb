package mfrc522

import (
	"fmt"
	"time"
)

// ComIrqReg bits (datasheet table 30).
const (
	irqTimer = 0x01
	irqErr   = 0x02
	irqRx    = 0x20
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

// write writes one register in one SPI transaction. With several values they
// all go to the same address (datasheet §8.1.2.3, table 8), which is how the
// FIFO is filled in one transaction.
func (d *Dev) write(reg byte, v ...byte) error {
	w := make([]byte, 1+len(v))
	w[0] = reg << 1
	copy(w[1:], v)
	if err := d.c.Tx(w, nil); err != nil {
		return fmt.Errorf("mfrc522: write 0x%02X: %w", reg, err)
	}
	return nil
}

// read reads several registers (any addresses, repeats allowed) in one SPI
// transaction: MOSI carries one address per byte and a trailing 0, MISO
// answers each address one byte later (datasheet §8.1.2.2, table 7).
func (d *Dev) read(regs ...byte) ([]byte, error) {
	n := len(regs) + 1
	if cap(d.rxBuf) < 2*n {
		d.rxBuf = make([]byte, 2*n)
	}
	w, r := d.rxBuf[:n], d.rxBuf[n:2*n]
	for i, reg := range regs {
		w[i] = 0x80 | reg<<1
	}
	w[n-1] = 0
	if err := d.c.Tx(w, r); err != nil {
		return nil, fmt.Errorf("mfrc522: read: %w", err)
	}
	out := make([]byte, len(regs))
	copy(out, r[1:])
	return out, nil
}

func (d *Dev) read1(reg byte) (byte, error) {
	r, err := d.read(reg)
	if err != nil {
		return 0, err
	}
	return r[0], nil
}

// frame is one PCD→PICC frame and what is expected back.
type frame struct {
	data    []byte
	txBits  int  // valid bits of the last byte sent, 0 = 8 (BitFramingReg TxLastBits)
	rxAlign int  // bit position of the first received bit (BitFramingReg RxAlign)
	txCRC   bool // chip appends CRC_A (TxModeReg TxCRCEn)
	rxCRC   bool // chip checks and strips CRC_A (RxModeReg RxCRCEn)
	rxLen   int  // expected answer length in FIFO bytes; 0 = no answer wanted
	probe   bool // REQA/WUPA: look early, at the end of the short timeout
	long    bool // use the long timeout (EEPROM writes)
	coll    bool // a bit collision is a result, not an error (anticollision)
}

// reply is what came back.
type reply struct {
	data     []byte
	lastBits int  // valid bits of the last byte, 0 = 8 (ControlReg RxLastBits)
	coll     bool // ErrorReg CollErr
	collPos  int  // CollReg CollPos: 1..32, 0 when not valid
}

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

// Status1Reg TRunning and Status2Reg ModemState (datasheet tables 35, 37).
const (
	st1TRunning    = 0x08
	modemIdle      = 0
	modemStartSend = 1 // Transceive waits for StartSend: the last answer is complete
	modemWaitData  = 5
)

// exchange sends f and returns the answer. In SPI transactions it costs the
// changed mode/timer registers (usually none), a restart of Transceive when
// the receiver still waits after a timeout or HLTA (writing the FIFO then
// would be a WrErr, datasheet table 33), one FIFO burst, StartSend, and one
// read of the status registers together with the answer from the FIFO.
//
// Completion is read from ModemState rather than ComIrqReg, so the IRQ bits
// never need clearing: Transceive goes back to "wait for StartSend" once a
// frame is received (datasheet §10.3.1.8), and a timeout leaves it "waiting
// for data" with the timer stopped (TAuto, table 105). Only with an IRQ pin
// are the IRQ bits cleared, to get a fresh edge.
func (d *Dev) exchange(f frame) (reply, error) {
	var txm, rxm byte
	if f.txCRC {
		txm = 0x80
	}
	if f.rxCRC {
		rxm = 0x80
	}
	if txm != d.txMode {
		if err := d.write(regTxMode, txm); err != nil {
			return reply{}, err
		}
		d.txMode = txm
	}
	if rxm != d.rxMode {
		if err := d.write(regRxMode, rxm); err != nil {
			return reply{}, err
		}
		d.rxMode = rxm
	}
	reload, timeout := byte(reloadShort), timeoutShort
	if f.long {
		reload, timeout = reloadLong, timeoutLong
	}
	if reload != d.reload {
		if err := d.write(regTReloadL, reload); err != nil {
			return reply{}, err
		}
		d.reload = reload
	}
	if d.rxWaiting {
		// Writing the command again stops the receiver.
		if err := d.write(regCommand, cmdTransceive); err != nil {
			return reply{}, err
		}
		d.rxWaiting = false
	}
	if d.fifoDirty {
		// FlushBuffer (datasheet table 41).
		if err := d.write(regFIFOLevel, 0x80); err != nil {
			return reply{}, err
		}
		d.fifoDirty = false
	}
	if d.irq != nil {
		if err := d.write(regComIrq, 0x7F); err != nil {
			return reply{}, err
		}
		// Drop edges latched by earlier events (the timer after HLTA).
		for i := 0; i < 4 && d.irq.WaitForEdge(0); i++ {
		}
	}
	if err := d.write(regFIFOData, f.data...); err != nil {
		return reply{}, err
	}
	if err := d.write(regBitFraming, 0x80|byte(f.rxAlign)<<4|byte(f.txBits)); err != nil {
		return reply{}, err
	}
	start := d.o.Now()
	d.rxWaiting = true // until an answer is seen complete
	n := len(f.data)
	if f.txCRC {
		n += 2
	}
	txEnd := air(n, f.txBits)
	if f.rxLen == 0 {
		// Nothing to wait for but our own frame: a new command must
		// not cut it short.
		d.o.Sleep(txEnd)
		return reply{}, nil
	}
	rxBytes := f.rxLen
	if f.rxCRC {
		rxBytes += 2
	}
	done := txEnd + fdt + air(rxBytes, 0) + time.Microsecond
	// Past this the chip is not working: no answer starts after the
	// timeout and none is longer than a full FIFO.
	deadline := txEnd + timeout + air(64+2, 0) + time.Millisecond

	// A probe (REQA/WUPA) usually meets an empty field: look first when
	// the timer has expired, reading status only since an answer cannot
	// be complete yet. Otherwise look once the answer should be complete,
	// and take the answer bytes in the same transaction.
	first, withFIFO := done, true
	if f.probe {
		first, withFIFO = txEnd+timeout+time.Microsecond, false
	}
	if d.irq != nil {
		d.irq.WaitForEdge(deadline)
	} else {
		d.sleepUntil(start, first)
	}
	var r []byte
	for {
		regs := []byte{regStatus1, regStatus2, regError, regFIFOLevel, regControl, regColl}
		if withFIFO {
			for range f.rxLen {
				regs = append(regs, regFIFOData)
			}
		}
		var err error
		if r, err = d.read(regs...); err != nil {
			return reply{}, err
		}
		modem := r[1] & 0x07
		if modem == modemStartSend {
			d.rxWaiting = false
			break
		}
		if modem == modemIdle || r[2]&(errTemp|errWr) != 0 {
			// Transceive is gone: reset, unplugged, or upset.
			return reply{}, d.recover()
		}
		if withFIFO && r[3] != 0 {
			// Bytes were taken from the FIFO of an answer still
			// arriving: drop it, the caller repeats.
			d.fifoDirty = true
		}
		if modem == modemWaitData && r[0]&st1TRunning == 0 {
			return reply{}, ErrTimeout
		}
		el := d.o.Now().Sub(start)
		if el > deadline {
			return reply{}, d.recover()
		}
		next := done
		if el >= done {
			next = el + 20*bitTime
		}
		if d.irq != nil {
			d.irq.WaitForEdge(deadline - el)
		} else {
			d.sleepUntil(start, next)
		}
		withFIFO = true
	}
	if d.fifoDirty {
		return reply{}, fmt.Errorf("%w: answer read before it was complete", ErrProtocol)
	}
	e, level, ctl, coll := r[2], int(r[3]&0x7F), r[4], r[5]
	var data []byte
	if len(r) > 6 {
		got := min(level, f.rxLen)
		data = append(data, r[6:6+got]...)
		level -= got
	}
	if level > 0 {
		// Longer than expected: fetch the rest, so the FIFO is empty
		// for the next frame.
		regs := make([]byte, level)
		for i := range regs {
			regs[i] = regFIFOData
		}
		rest, err := d.read(regs...)
		if err != nil {
			return reply{}, err
		}
		data = append(data, rest...)
	}
	rep := reply{data: data, lastBits: int(ctl & 0x07)}
	if d.trace != nil {
		d.trace("tx % X -> % X err %02X coll %02X last %d", f.data, data, e, coll, rep.lastBits)
	}
	switch {
	case e&errColl != 0:
		rep.coll = true
		if coll&0x20 == 0 { // CollPosNotValid clear
			rep.collPos = int(coll & 0x1F)
			if rep.collPos == 0 {
				rep.collPos = 32
			}
		}
		if !f.coll {
			return rep, ErrCollision
		}
	case e&errCRC != 0:
		return rep, ErrCRC
	case e&errParity != 0:
		return rep, ErrParity
	case e&(errProtocol|errOvfl) != 0:
		d.fifoDirty = true
		return rep, fmt.Errorf("%w: ErrorReg 0x%02X", ErrProtocol, e)
	}
	return rep, nil
}

// recover is called when the chip is not in Transceive or never completes:
// it reports a chip that is gone, and re-initialises one that answers.
func (d *Dev) recover() error {
	d.fifoDirty = true
	v, err := d.read1(regVersion)
	if err != nil {
		return err
	}
	if err := checkVersion(v); err != nil {
		return err
	}
	if err := d.init(); err != nil {
		return err
	}
	return fmt.Errorf("%w: chip re-initialised", ErrTimeout)
}

func (d *Dev) sleepUntil(start time.Time, at time.Duration) {
	if w := at - d.o.Now().Sub(start); w > 0 {
		d.o.Sleep(w)
	}
}
