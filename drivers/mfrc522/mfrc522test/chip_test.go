package mfrc522test

import (
	"bytes"
	"testing"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
)

// Reset values as printed in the datasheet register tables (rev 3.9 §9.3),
// written out again here rather than taken from resetValues.
var datasheetResets = map[byte]byte{
	0x01: 0x20, 0x02: 0x80, 0x03: 0x00, 0x04: 0x14, 0x05: 0x00, 0x06: 0x00, 0x07: 0x21, 0x08: 0x00,
	0x0A: 0x00, 0x0B: 0x08, 0x0C: 0x10, 0x0D: 0x00, 0x0E: 0xA0,
	0x11: 0x3F, 0x12: 0x00, 0x13: 0x00, 0x14: 0x80, 0x15: 0x00, 0x16: 0x10, 0x17: 0x84, 0x18: 0x84,
	0x19: 0x4D, 0x1C: 0x62, 0x1D: 0x00, 0x1F: 0xEB,
	0x21: 0xFF, 0x22: 0xFF, 0x24: 0x26, 0x26: 0x48, 0x27: 0x88, 0x28: 0x20, 0x29: 0x20,
	0x2A: 0x00, 0x2B: 0x00, 0x2C: 0x00, 0x2D: 0x00,
	0x31: 0x00, 0x32: 0x00, 0x33: 0x80, 0x34: 0x00, 0x36: 0x40, 0x37: 0x92, 0x38: 0x00,
}

func checkResets(t *testing.T, p *pcd, when string) {
	t.Helper()
	for reg, want := range datasheetResets {
		if got := p.r(reg); got != want {
			t.Errorf("%s: register %#02x = %#02x, want %#02x", when, reg, got, want)
		}
	}
}

func TestResetValues(t *testing.T) {
	p := newPCD(t, nil)
	checkResets(t, p, "power-on")
	for _, reg := range []byte{regMode, regTxControl, regTMode, regTReloadL, regRFCfg, regComIEn, regWaterLevel} {
		p.w(reg, 0x5A)
	}
	p.w(regFIFOData, 1, 2, 3)
	p.softReset()
	checkResets(t, p, "after SoftReset")
	if n := p.r(regFIFOLevel); n != 0 {
		t.Errorf("FIFOLevel after SoftReset = %d, want 0", n)
	}
	p.w(regTReloadL, 0x5A)
	_ = p.s.Reset().Out(gpio.Low)
	_ = p.s.Reset().Out(gpio.High)
	p.s.Sleep(5 * time.Millisecond) // oscillator start-up, §8.8.2
	checkResets(t, p, "after NRSTPD pulse")
}

func TestSPIFraming(t *testing.T) {
	p := newPCD(t, nil)
	// A burst write puts every data byte into the same register.
	p.w(regFIFOData, 0xA1, 0xB2, 0xC3)
	// A burst read: one address per byte, each answered one byte later.
	w := []byte{0x80 | regFIFOLevel<<1, 0x80 | regVersion<<1, 0x80 | regFIFOData<<1, 0x80 | regFIFOData<<1, 0x80 | regFIFOLevel<<1, 0}
	r := make([]byte, len(w))
	p.s.ResetStats()
	if err := p.c.Tx(w, r); err != nil {
		t.Fatal(err)
	}
	if want := []byte{0, 3, 0x92, 0xA1, 0xB2, 1}; !bytes.Equal(r, want) {
		t.Errorf("burst read = % X, want % X", r, want)
	}
	st := p.s.Stats()
	if want := 15*time.Microsecond + 6*900*time.Nanosecond; st.Tx != 1 || st.Bytes != 6 || st.Modelled != want || st.Bus != want {
		t.Errorf("Stats = %+v, want 1 Tx, 6 bytes, %v", st, want)
	}
	if err := p.c.Tx([]byte{0x80, 0}, make([]byte, 1)); err == nil {
		t.Error("Tx with r shorter than w: no error")
	}
	if _, err := p.s.Connect(20*physic.MegaHertz, spi.Mode0, 8); err == nil {
		t.Error("Connect at 20 MHz: no error")
	}
}

func TestFIFO(t *testing.T) {
	p := newPCD(t, nil)
	if got := p.r(regStatus1) & (st1LoAlert | st1HiAlert); got != st1LoAlert {
		t.Errorf("empty FIFO Status1 alerts = %#02x, want LoAlert", got)
	}
	p.w(regComIrq, 0x7F)
	data := make([]byte, 70)
	for i := range data {
		data[i] = byte(i)
	}
	p.w(regFIFOData, data[:60]...)
	if got := p.r(regStatus1) & (st1LoAlert | st1HiAlert); got != st1HiAlert {
		t.Errorf("60 bytes (WaterLevel 8) alerts = %#02x, want HiAlert", got)
	}
	if got := p.r(regComIrq); got&irqHiAlert == 0 {
		t.Errorf("ComIrq = %#02x, want HiAlertIRq", got)
	}
	p.w(regFIFOData, data[60:64]...)
	if got := p.r(regError); got != 0 {
		t.Errorf("64 bytes: ErrorReg = %#02x, want 0", got)
	}
	p.w(regFIFOData, data[64])
	if got, lvl := p.r(regError), p.r(regFIFOLevel); got != errOvfl || lvl != 64 {
		t.Errorf("65th byte: ErrorReg = %#02x, level %d; want BufferOvfl, 64", got, lvl)
	}
	if got := p.r(regComIrq); got&irqErr == 0 {
		t.Errorf("overflow: ComIrq = %#02x, want ErrIRq", got)
	}
	for i := range 3 {
		if got := p.r(regFIFOData); got != byte(i) {
			t.Errorf("FIFO read %d = %d, want %d", i, got, i)
		}
	}
	if lvl := p.r(regFIFOLevel); lvl != 61 {
		t.Errorf("level after 3 reads = %d, want 61", lvl)
	}
	p.w(regFIFOLevel, bitFlushBuffer)
	if lvl, e := p.r(regFIFOLevel), p.r(regError); lvl != 0 || e != 0 {
		t.Errorf("after FlushBuffer level %d, ErrorReg %#02x; want 0, 0", lvl, e)
	}
}

// crcBitwise is an independent CRC_A: the ISO/IEC 14443-3 Annex B
// definition bit by bit.
func crcBitwise(data []byte) [2]byte {
	crc := uint16(0x6363)
	for _, b := range data {
		for i := range 8 {
			bit := uint16(b>>i) & 1
			if (crc^bit)&1 != 0 {
				crc = crc>>1 ^ 0x8408
			} else {
				crc >>= 1
			}
		}
	}
	return [2]byte{byte(crc), byte(crc >> 8)}
}

func TestCRCA(t *testing.T) {
	tests := []struct {
		name string
		in   []byte
		want [2]byte
	}{
		{"ISO 14443-3 Annex B 00 00", []byte{0x00, 0x00}, [2]byte{0xA0, 0x1E}},
		{"ISO 14443-3 Annex B 12 34", []byte{0x12, 0x34}, [2]byte{0x26, 0xCF}},
		{"HLTA", []byte{0x50, 0x00}, [2]byte{0x57, 0xCD}},
		{"READ page 0", []byte{0x30, 0x00}, [2]byte{0x02, 0xA8}},
		{"SELECT CL1 CT 04 11 22", []byte{0x93, 0x70, 0x88, 0x04, 0x11, 0x22, 0x88 ^ 0x04 ^ 0x11 ^ 0x22}, crcBitwise([]byte{0x93, 0x70, 0x88, 0x04, 0x11, 0x22, 0x88 ^ 0x04 ^ 0x11 ^ 0x22})},
		{"SELECT CL1 DE AD BE EF", []byte{0x93, 0x70, 0xDE, 0xAD, 0xBE, 0xEF, 0x22}, crcBitwise([]byte{0x93, 0x70, 0xDE, 0xAD, 0xBE, 0xEF, 0x22})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CRCA(tt.in); got != tt.want {
				t.Errorf("CRCA(% X) = % X, want % X", tt.in, got, tt.want)
			}
			// The chip's CalcCRC with CRCPreset 0x6363 (ModeReg 0x3D).
			p := newPCD(t, nil)
			p.w(regMode, 0x3D)
			p.w(regDivIrq, divCRC)
			p.w(regFIFOData, tt.in[:1]...)
			p.w(regCommand, cmdCalcCRC)
			p.w(regFIFOData, tt.in[1:]...) // bytes written later are added
			if p.r(regDivIrq)&divCRC == 0 || p.r(regStatus1)&st1CRCReady == 0 {
				t.Fatal("CalcCRC: no CRCIRq / CRCReady")
			}
			got := [2]byte{p.r(regCRCResultLSB), p.r(regCRCResultMSB)}
			if got != tt.want {
				t.Errorf("CalcCRC(% X) = % X, want % X", tt.in, got, tt.want)
			}
		})
	}
	// The default preset is 0xFFFF (ModeReg reset 0x3F).
	p := newPCD(t, nil)
	p.w(regFIFOData, 0x12, 0x34)
	p.w(regCommand, cmdCalcCRC)
	want := uint16(0xFFFF)
	for _, b := range []byte{0x12, 0x34} {
		want = crcUpdate(want, b)
	}
	if got := uint16(p.r(regCRCResultMSB))<<8 | uint16(p.r(regCRCResultLSB)); got != want {
		t.Errorf("CalcCRC with preset FFFF = %#04x, want %#04x", got, want)
	}
}

func TestIrqBits(t *testing.T) {
	p := newPCD(t, nil)
	p.w(regComIrq, 0x7F)
	if got := p.r(regComIrq); got != 0 {
		t.Fatalf("after clearing all: ComIrq = %#02x, want 0", got)
	}
	p.w(regComIrq, irqSet1|irqRx|irqTimer)
	if got := p.r(regComIrq); got != irqRx|irqTimer {
		t.Errorf("Set1 write: ComIrq = %#02x, want %#02x", got, irqRx|irqTimer)
	}
	p.w(regComIrq, irqTimer)
	if got := p.r(regComIrq); got != irqRx {
		t.Errorf("clear TimerIRq: ComIrq = %#02x, want %#02x", got, irqRx)
	}
	p.w(regDivIrq, divSet2|divCRC)
	p.w(regDivIrq, divMfinAct) // clears nothing set
	if got := p.r(regDivIrq); got != divCRC {
		t.Errorf("DivIrq = %#02x, want CRCIRq", got)
	}
	if got := p.r(regStatus1) & st1IRq; got != 0 {
		t.Errorf("Status1 IRq with nothing enabled = %#02x, want 0", got)
	}
	p.w(regDivIEn, divCRC)
	if got := p.r(regStatus1) & st1IRq; got == 0 {
		t.Error("Status1 IRq with CRCIEn: not set")
	}
}

func TestIRQPin(t *testing.T) {
	tests := []struct {
		name        string
		comIEn      byte // IRqInv in bit 7, RxIEn enabled
		divIEn      byte // IRQPushPull in bit 7
		pull        gpio.Pull
		idle, alarm gpio.Level
	}{
		{"inverted open drain pull-up (reset)", 0x80 | irqRx, 0x00, gpio.PullUp, gpio.High, gpio.Low},
		{"inverted push-pull", 0x80 | irqRx, 0x80, gpio.PullDown, gpio.High, gpio.Low},
		{"active high push-pull", irqRx, 0x80, gpio.PullUp, gpio.Low, gpio.High},
		{"active high open drain pull-down", irqRx, 0x00, gpio.PullDown, gpio.Low, gpio.Low},
		{"active high open drain pull-up", irqRx, 0x00, gpio.PullUp, gpio.Low, gpio.High},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPCD(t, nil)
			pin := p.s.IRQ()
			if err := pin.In(tt.pull, gpio.BothEdges); err != nil {
				t.Fatal(err)
			}
			p.w(regComIEn, tt.comIEn)
			p.w(regDivIEn, tt.divIEn)
			p.w(regComIrq, 0x7F)
			if got := pin.Read(); got != tt.idle {
				t.Errorf("idle level = %v, want %v", got, tt.idle)
			}
			p.w(regComIrq, irqSet1|irqTimer) // not enabled: no change
			if got := pin.Read(); got != tt.idle {
				t.Errorf("TimerIRq (not enabled) level = %v, want %v", got, tt.idle)
			}
			p.w(regComIrq, irqSet1|irqRx)
			if got := pin.Read(); got != tt.alarm {
				t.Errorf("RxIRq level = %v, want %v", got, tt.alarm)
			}
			if got := pin.WaitForEdge(0); got != (tt.idle != tt.alarm) {
				t.Errorf("WaitForEdge(0) after the change = %v, want %v", got, tt.idle != tt.alarm)
			}
		})
	}
}

// TestIRQWaitForEdge checks the modelled time an IRQ wait lands on: REQA is
// 9 bits on air, the FDT, then ATQA, 16 bits + 2 parity + start + end.
func TestIRQWaitForEdge(t *testing.T) {
	p := newPCD(t, nil)
	p.s.Place(NewNTAG213(uid7(1)))
	p.on()
	pin := p.s.IRQ()
	if err := pin.In(gpio.PullUp, gpio.FallingEdge); err != nil {
		t.Fatal(err)
	}
	p.w(regComIEn, bitIRqInv|irqRx)
	p.w(regComIrq, 0x7F)
	p.w(regFIFOData, piccREQA)
	p.w(regCommand, cmdTransceive)
	p.w(regBitFraming, bitStartSend|7)
	start := p.s.Now()
	if !pin.WaitForEdge(time.Second) {
		t.Fatal("WaitForEdge: no edge")
	}
	want := 9*bitTime + fdt + 20*bitTime
	if got := p.s.Now().Sub(start); got != want {
		t.Errorf("edge after %v, want %v", got, want)
	}
	if got := p.r(regFIFOLevel); got != 2 {
		t.Errorf("FIFO level at the edge = %d, want 2", got)
	}
	// No tag: RxIRq never comes; the wait ends at the timeout in modelled
	// time while the timer runs.
	p.s.Remove(p.s.tags[0])
	p.w(regComIrq, 0x7F)
	p.w(regFIFOData, piccREQA)
	p.w(regCommand, cmdTransceive)
	p.w(regBitFraming, 7, bitStartSend|7)
	start = p.s.Now()
	if pin.WaitForEdge(10 * time.Millisecond) {
		t.Error("WaitForEdge without tag: got an edge")
	}
	if got := p.s.Now().Sub(start); got != 10*time.Millisecond {
		t.Errorf("WaitForEdge without tag advanced %v, want 10ms", got)
	}
}

// TestBusy: while the frame is in the air, reads show it in progress and
// each read costs its transaction.
func TestBusy(t *testing.T) {
	p := newPCD(t, &Opts{Host: Exact})
	p.s.Place(NewNTAG213(uid7(1)))
	p.on()
	p.w(regComIrq, 0x7F)
	p.w(regFIFOData, piccREQA)
	p.w(regCommand, cmdTransceive)
	p.w(regBitFraming, bitStartSend|7)
	start := p.s.Now()
	if got := p.r(regStatus2) & 7; got != modemTransmit {
		t.Errorf("ModemState during REQA = %d, want %d (transmitting)", got, modemTransmit)
	}
	p.s.Sleep(9*bitTime + fdt/4)
	irq, st := p.r(regComIrq), p.r(regStatus2)&7
	if irq&irqTx == 0 || irq&irqRx != 0 || st != modemWaitData {
		t.Errorf("after the REQA: ComIrq %#02x ModemState %d, want TxIRq only, %d", irq, st, modemWaitData)
	}
	if p.r(regFIFOLevel) != 0 {
		t.Error("FIFO not empty before the answer")
	}
	polls := 0
	for p.r(regComIrq)&irqRx == 0 {
		polls++
	}
	el := p.s.Now().Sub(start)
	if done := 9*bitTime + fdt + 20*bitTime; el < done || el > done+20*time.Microsecond {
		t.Errorf("RxIRq seen after %v, want just after %v", el, done)
	}
	if polls < 5 {
		t.Errorf("%d polls while the ATQA was in the air, want several", polls)
	}
	if got := p.r(regStatus2) & 7; got != modemStartSend {
		t.Errorf("ModemState after the answer = %d, want %d", got, modemStartSend)
	}
}

func TestTimer(t *testing.T) {
	p := newPCD(t, &Opts{Host: Exact})
	// Prescaler 0xD3E = 3390: ticks of 6781/13.56 MHz = 500.07µs; reload 29.
	p.w(regTMode, 0x0D)
	p.w(regTPrescaler, 0x3E)
	p.w(regTReloadH, 0)
	p.w(regTReloadL, 29)
	p.w(regComIrq, 0x7F)
	p.w(regControl, bitTStartNow)
	start := p.s.Now()
	if p.r(regStatus1)&st1TRunning == 0 {
		t.Fatal("TStartNow: TRunning not set")
	}
	period := clocksDur(6781 * 30)
	p.s.Sleep(period / 2)
	v := int(p.r(regTCounterValH))<<8 | int(p.r(regTCounterValL))
	if v < 13 || v > 15 || p.r(regComIrq)&irqTimer != 0 {
		t.Errorf("half way: TCounterVal %d, TimerIRq %v; want ~14, false", v, p.r(regComIrq)&irqTimer != 0)
	}
	p.s.Sleep(start.Add(period).Sub(p.s.Now()) - time.Nanosecond)
	if p.s.Reg(regComIrq)&irqTimer != 0 {
		t.Error("TimerIRq before the period")
	}
	p.s.Sleep(time.Nanosecond)
	if p.s.Reg(regComIrq)&irqTimer == 0 || p.s.Reg(regStatus1)&st1TRunning != 0 {
		t.Errorf("at %v: ComIrq %#02x Status1 %#02x, want TimerIRq, stopped", period, p.s.Reg(regComIrq), p.s.Reg(regStatus1))
	}
	if period < 15002*time.Microsecond || period > 15003*time.Microsecond {
		t.Errorf("period = %v, want 6781*30/13.56MHz = 15.0022ms", period)
	}

	// TAutoRestart: fires again once TimerIRq is cleared, IRQ pin included.
	p.w(regTMode, 0x10)
	p.w(regTPrescaler, 0)
	p.w(regTReloadL, 99) // 100 ticks of one clock
	p.w(regComIEn, bitIRqInv|irqTimer)
	pin := p.s.IRQ()
	_ = pin.In(gpio.PullUp, gpio.FallingEdge)
	p.w(regComIrq, 0x7F)
	p.w(regControl, bitTStartNow)
	for i := range 3 {
		if !pin.WaitForEdge(time.Millisecond) {
			t.Fatalf("auto-restart expiry %d: no IRQ edge", i)
		}
		p.w(regComIrq, irqTimer)
	}
	p.w(regControl, bitTStopNow)
	if p.r(regStatus1)&st1TRunning != 0 {
		t.Error("TStopNow: still running")
	}
	// It may have fired again while TStopNow was being written.
	p.w(regComIrq, irqTimer)
	pin.WaitForEdge(0)
	if pin.WaitForEdge(time.Millisecond) {
		t.Error("stopped timer: IRQ edge")
	}
}

// TestTimerTAuto: TAuto starts the timer at the end of transmission and a
// tag answer stops it; with no tag TimerIRq ends the wait.
func TestTimerTAuto(t *testing.T) {
	p := newPCD(t, nil)
	p.on()
	r := p.reqa()
	if r.irq&irqTimer == 0 || r.answered() {
		t.Fatalf("REQA with no tag: ComIrq %#02x, want TimerIRq only", r.irq)
	}
	p.s.Place(NewNTAG213(uid7(1)))
	r = p.reqa()
	if !r.answered() || p.s.Reg(regStatus1)&st1TRunning != 0 {
		t.Errorf("REQA with a tag: ComIrq %#02x, timer running %v; want RxIRq, stopped", r.irq, p.s.Reg(regStatus1)&st1TRunning != 0)
	}
	if r.irq&irqTimer != 0 {
		t.Errorf("answered REQA: TimerIRq set")
	}
}

func TestMemCommand(t *testing.T) {
	p := newPCD(t, nil)
	data := make([]byte, memSize)
	for i := range data {
		data[i] = byte(0xC0 + i)
	}
	p.w(regFIFOData, data...)
	p.w(regFIFOData, 0xEE) // the 26th byte stays
	p.w(regCommand, cmdMem)
	if lvl := p.r(regFIFOLevel); lvl != 1 || p.r(regComIrq)&irqIdle == 0 {
		t.Errorf("Mem store: FIFO level %d, want 1, and IdleIRq", lvl)
	}
	p.w(regFIFOLevel, bitFlushBuffer)
	p.softReset() // the buffer survives a soft reset
	p.w(regCommand, cmdMem)
	var got []byte
	for p.r(regFIFOLevel) > 0 {
		got = append(got, p.r(regFIFOData))
	}
	if !bytes.Equal(got, data) {
		t.Errorf("Mem read back % X, want % X", got, data)
	}
	p.s.Unplug()
	p.s.Plug()
	p.w(regCommand, cmdMem)
	if p.r(regFIFOData) != 0 {
		t.Error("Mem buffer survived a power cycle")
	}
}

func TestUnplugPlug(t *testing.T) {
	p := newPCD(t, nil)
	tag := NewNTAG213(uid7(1))
	p.s.Place(tag)
	p.on()
	if r := p.reqa(); !r.answered() {
		t.Fatal("REQA: no answer")
	}
	p.s.Unplug()
	if got := p.r(regVersion); got != 0 {
		t.Errorf("unplugged VersionReg = %#02x, want 0", got)
	}
	if p.s.Field() || tag.State() != StateOff {
		t.Errorf("unplugged: field %v, tag %v; want off", p.s.Field(), tag.State())
	}
	p.w(regTReloadL, 0x77) // lost
	p.s.Plug()
	p.s.Sleep(5 * time.Millisecond) // oscillator start-up, §8.8.2
	checkResets(t, p, "after Plug")
	if tag.State() != StateOff {
		t.Errorf("after Plug (antenna off) tag %v, want POWER-OFF", tag.State())
	}
	p.on()
	if r := p.reqa(); !r.answered() || !bytes.Equal(r.data, []byte{0x44, 0x00}) {
		t.Errorf("REQA after Plug: % X, want 44 00", r.data)
	}
	// Hard power-down through NRSTPD.
	_ = p.s.Reset().Out(gpio.Low)
	if got := p.r(regVersion); got != 0 || p.s.Field() {
		t.Errorf("NRSTPD low: VersionReg %#02x, field %v; want 0, off", got, p.s.Field())
	}
	_ = p.s.Reset().Out(gpio.High)
	p.s.Sleep(5 * time.Millisecond)
	if got := p.r(regVersion); got != 0x92 {
		t.Errorf("NRSTPD high: VersionReg %#02x, want 0x92", got)
	}
}

func TestPowerDownAndOverheat(t *testing.T) {
	p := newPCD(t, nil)
	p.on()
	p.w(regCommand, bitPowerDown)
	if p.s.Field() {
		t.Error("PowerDown: field still on")
	}
	p.w(regCommand, cmdIdle)
	if !p.s.Field() {
		t.Error("PowerDown cleared: field off")
	}
	p.s.Overheat(true)
	if e := p.r(regError); e&errTemp == 0 || p.s.Field() {
		t.Errorf("overheat: ErrorReg %#02x, field %v; want TempErr, off", e, p.s.Field())
	}
	p.s.Overheat(false)
	p.w(regStatus2, st2TempSensClear)
	if e := p.r(regError); e != 0 {
		t.Errorf("cooled + TempSensClear: ErrorReg %#02x, want 0", e)
	}
}

func TestAntennaOffNoAnswer(t *testing.T) {
	p := newPCD(t, nil)
	tag := NewNTAG213(uid7(1))
	p.s.Place(tag)
	p.on()
	p.w(regMode, 0x1D) // TxWaitRF off: send into no field
	p.w(regTxControl, 0x80)
	if r := p.reqa(); r.answered() || r.irq&irqTimer == 0 {
		t.Errorf("antenna off: ComIrq %#02x, want TimerIRq, no answer", r.irq)
	}
	if tag.State() != StateOff {
		t.Errorf("antenna off: tag %v, want POWER-OFF", tag.State())
	}
}

func BenchmarkReadPage(b *testing.B) {
	t := &testing.T{}
	p := newPCD(t, nil)
	p.s.Place(NewNTAG213(uid7(1)))
	p.on()
	p.activate()
	b.ResetTimer()
	for range b.N {
		if r := p.cmd(ntagRead, 4); len(r.data) != 18 {
			b.Fatalf("READ: % X", r.data)
		}
	}
	st := p.s.Stats()
	b.ReportMetric(float64(st.Modelled.Microseconds())/float64(b.N), "modelled-µs/op")
	b.ReportMetric(float64(st.Tx)/float64(b.N), "spi-tx/op")
}
