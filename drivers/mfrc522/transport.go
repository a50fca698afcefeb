package mfrc522

import (
	"fmt"
	"time"
)

// ComIrqReg bits (datasheet table 30).
const (
	irqTimer = 0x01
	irqErr   = 0x02
	irqIdle  = 0x10
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

// exchange sends f and returns the answer. It costs, in SPI transactions:
// changed mode/timer registers (usually none), clear ComIrqReg, fill the FIFO,
// StartSend, then one read of the status registers together with the expected
// answer bytes from the FIFO.
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
	if d.fifoDirty {
		// FlushBuffer (datasheet table 41).
		if err := d.write(regFIFOLevel, 0x80); err != nil {
			return reply{}, err
		}
		d.fifoDirty = false
	}
	if err := d.write(regComIrq, 0x7F); err != nil {
		return reply{}, err
	}
	if err := d.write(regFIFOData, f.data...); err != nil {
		return reply{}, err
	}
	if err := d.write(regBitFraming, 0x80|byte(f.rxAlign)<<4|byte(f.txBits)); err != nil {
		return reply{}, err
	}
	start := d.o.Now()
	n := len(f.data)
	if f.txCRC {
		n += 2
	}
	txEnd := air(n, f.txBits)
	if f.rxLen == 0 {
		// Nothing to wait for but our own frame: the FIFO must not be
		// written while the chip still sends from it.
		d.o.Sleep(txEnd)
		return reply{}, nil
	}
	rxBytes := f.rxLen
	if f.rxCRC {
		rxBytes += 2
	}
	done := txEnd + fdt + air(rxBytes, 0)
	first := done
	if f.probe {
		first = txEnd + timeout + bitTime
	}
	// Past this the chip is not working: no answer can start later than the
	// timeout and none is longer than a full FIFO.
	deadline := txEnd + timeout + air(64+2, 0) + time.Millisecond

	if d.irq != nil {
		d.irq.WaitForEdge(deadline)
	} else {
		d.sleepUntil(start, first)
	}
	// The FIFO bytes read in the same transaction are valid only if the
	// ComIrqReg read before them shows the reception complete.
	regs := make([]byte, 5+f.rxLen)
	copy(regs, []byte{regComIrq, regError, regFIFOLevel, regControl, regColl})
	for i := 5; i < len(regs); i++ {
		regs[i] = regFIFOData
	}
	r, err := d.read(regs...)
	if err != nil {
		return reply{}, err
	}
	if r[0]&(irqRx|irqErr|irqTimer) == 0 && r[2] != 0 {
		// Bytes were taken from the FIFO of an answer still arriving:
		// drop it below, and let the caller repeat.
		d.fifoDirty = true
	}
	for r[0]&(irqRx|irqErr|irqTimer) == 0 {
		el := d.o.Now().Sub(start)
		if el > deadline {
			return reply{}, d.lost()
		}
		next := done
		if el >= done {
			next = el + 2*bitTime*9
		}
		if d.irq != nil {
			d.irq.WaitForEdge(deadline - el)
		} else {
			d.sleepUntil(start, next)
		}
		if r, err = d.read(regComIrq, regError, regFIFOLevel, regControl, regColl); err != nil {
			return reply{}, err
		}
		if r[0]&(irqRx|irqErr|irqTimer) != 0 {
			if d.fifoDirty {
				return reply{}, fmt.Errorf("%w: answer read before it was complete", ErrProtocol)
			}
			// Only status was read: fetch the FIFO separately.
			r = r[:5]
			break
		}
	}
	irq, e, level, ctl, coll := r[0], r[1], int(r[2]&0x7F), r[3], r[4]
	if e&(errTemp|errWr) != 0 || irq == 0xFF {
		// An unplugged chip reads all ones on some boards; a real one
		// never reports a write error here.
		d.fifoDirty = true
		if err := d.health(); err != nil {
			return reply{}, err
		}
		return reply{}, fmt.Errorf("%w: ErrorReg 0x%02X", ErrProtocol, e)
	}
	if irq&irqRx == 0 {
		if irq&irqTimer != 0 && e == 0 {
			return reply{}, ErrTimeout
		}
	}
	var data []byte
	if len(r) > 5 {
		got := min(level, f.rxLen)
		data = append(data, r[5:5+got]...)
		level -= got
	}
	if level > 0 {
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
	if irq&irqRx == 0 {
		return rep, ErrTimeout
	}
	return rep, nil
}

// lost is called when the chip never signalled completion.
func (d *Dev) lost() error {
	d.fifoDirty = true
	if err := d.health(); err != nil {
		return err
	}
	return fmt.Errorf("%w: chip did not complete the exchange", ErrTimeout)
}

func (d *Dev) sleepUntil(start time.Time, at time.Duration) {
	if w := at - d.o.Now().Sub(start); w > 0 {
		d.o.Sleep(w)
	}
}
