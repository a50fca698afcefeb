package mfrc522test

import (
	"testing"

	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
)

// pcd is a minimal host for the tests: raw register access over the Sim's
// SPI, nothing clever, so the tests see what a driver sees.
type pcd struct {
	t *testing.T
	s *Sim
	c spi.Conn
}

func newPCD(t *testing.T, o *Opts) *pcd {
	t.Helper()
	s := New(o)
	c, err := s.Connect(10*physic.MegaHertz, spi.Mode0, 8)
	if err != nil {
		t.Fatalf("Connect: %v", err)
	}
	return &pcd{t: t, s: s, c: c}
}

func (p *pcd) w(reg byte, v ...byte) {
	p.t.Helper()
	if err := p.c.Tx(append([]byte{reg << 1}, v...), nil); err != nil {
		p.t.Fatalf("write %#02x: %v", reg, err)
	}
}

// softReset runs SoftReset and waits until CommandReg no longer shows it.
func (p *pcd) softReset() {
	p.t.Helper()
	p.w(regCommand, cmdSoftReset)
	for p.r(regCommand)&0x0F == cmdSoftReset {
	}
}

func (p *pcd) r(reg byte) byte {
	p.t.Helper()
	rx := make([]byte, 2)
	if err := p.c.Tx([]byte{0x80 | reg<<1, 0}, rx); err != nil {
		p.t.Fatalf("read %#02x: %v", reg, err)
	}
	return rx[1]
}

// on turns the antenna on and sets a 25 ms TAuto timeout (prescaler 169:
// 40 kHz ticks, reload 999), like most drivers, then waits out the tags'
// power-up (ISO/IEC 14443-3 §5), as NXP's library does.
func (p *pcd) on() {
	defer p.s.Sleep(p.s.o.FieldGuard)
	p.w(regTxControl, 0x83)
	p.w(regTxASK, 0x40)
	p.w(regMode, 0x3D)
	p.w(regTMode, 0x80)
	p.w(regTPrescaler, 0xA9)
	p.w(regTReloadH, 0x03)
	p.w(regTReloadL, 0xE7)
}

type result struct {
	data     []byte
	lastBits int
	err      byte // ErrorReg
	irq      byte // ComIrqReg
	coll     byte // CollReg
}

func (r result) answered() bool { return r.irq&irqRx != 0 }

// transceive sends data (txLast valid bits in the last byte, 0 = 8) with
// the reference sequence of NXP's and the Arduino library (Idle, clear the
// IRQ bits, flush, load the FIFO, Transceive, StartSend 0→1) and polls
// ComIrqReg, each read costing its SPI time, until RxIRq or TimerIRq.
func (p *pcd) transceive(data []byte, txLast, rxAlign int) result {
	p.t.Helper()
	p.w(regCommand, cmdIdle)
	p.w(regComIrq, 0x7F)
	p.w(regFIFOLevel, bitFlushBuffer)
	p.w(regFIFOData, data...)
	p.w(regCommand, cmdTransceive)
	p.w(regBitFraming, bitStartSend|byte(rxAlign)<<4|byte(txLast))
	var irq byte
	for i := 0; ; i++ {
		irq = p.r(regComIrq)
		if irq&(irqRx|irqTimer) != 0 {
			break
		}
		if i > 100000 {
			p.t.Fatalf("transceive % X: no RxIRq nor TimerIRq", data)
		}
	}
	res := result{irq: irq, err: p.r(regError), coll: p.r(regColl), lastBits: int(p.r(regControl) & 7)}
	for n := p.r(regFIFOLevel); n > 0; n-- {
		res.data = append(res.data, p.r(regFIFOData))
	}
	p.w(regBitFraming, 0)
	return res
}

func (p *pcd) reqa() result { return p.transceive([]byte{piccREQA}, 7, 0) }
func (p *pcd) wupa() result { return p.transceive([]byte{piccWUPA}, 7, 0) }

// selectLevel runs a full anticollision + SELECT on one cascade level and
// returns the SAK.
func (p *pcd) selectLevel(sel byte) (cl []byte, sak byte) {
	p.t.Helper()
	r := p.transceive([]byte{sel, 0x20}, 0, 0)
	if len(r.data) != 5 || r.err != 0 {
		p.t.Fatalf("anticollision %#02x: % X err %#02x", sel, r.data, r.err)
	}
	s := p.transceive(appendCRC(append([]byte{sel, nvbSel}, r.data...)), 0, 0)
	if len(s.data) != 3 || !crcOK(s.data) {
		p.t.Fatalf("select %#02x: answer % X err %#02x", sel, s.data, s.err)
	}
	return r.data, s.data[0]
}

// activate wakes and selects the only tag in the field. A tag still ACTIVE
// from before takes the first WUPA as an error and drops to IDLE, so a
// silent WUPA is repeated once.
func (p *pcd) activate() {
	p.t.Helper()
	r := p.wupa()
	if !r.answered() {
		r = p.wupa()
	}
	if len(r.data) != 2 {
		p.t.Fatalf("WUPA: % X", r.data)
	}
	for _, sel := range []byte{selCL1, selCL2, selCL3} {
		if _, sak := p.selectLevel(sel); sak&sakCasc == 0 {
			return
		}
	}
}

func (p *pcd) cmd(data ...byte) result {
	p.t.Helper()
	return p.transceive(appendCRC(data), 0, 0)
}

func uid7(last byte) []byte { return []byte{0x04, 0x11, 0x22, 0x33, 0x44, 0x55, last} }
