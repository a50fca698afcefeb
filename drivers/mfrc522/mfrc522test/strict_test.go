package mfrc522test

import (
	"bytes"
	"testing"
	"time"

	"periph.io/x/conn/v3/gpio"
)

// TestReferenceSequence drives the strict model with the exchange of NXP's
// reader library and the Arduino library — Idle, flush the FIFO, load it,
// Transceive, StartSend 0→1, wait for RxIRq/IdleIRq/TimerIRq, read the
// FIFO — through a whole NTAG213 session: an empty field, WUPA, both
// cascade levels, READ and WRITE with receive CRC off (checked in
// software), HLTA. The strict readings accept a correct driver.
func TestReferenceSequence(t *testing.T) {
	p := newPCD(t, nil)
	p.on()
	if r := p.wupa(); r.answered() || r.irq&irqTimer == 0 {
		t.Fatalf("WUPA on an empty field: ComIrq %#02x, want TimerIRq only", r.irq)
	}
	tag := NewNTAG213(uid7(9))
	tag.SetPage(4, [4]byte{0xCA, 0xFE, 0xBA, 0xBE})
	p.s.Place(tag)
	if r := p.wupa(); !bytes.Equal(r.data, []byte{0x44, 0x00}) {
		t.Fatalf("WUPA: % X, want 44 00", r.data)
	}
	cl1, sak1 := p.selectLevel(selCL1)
	cl2, sak2 := p.selectLevel(selCL2)
	if sak1 != sakCasc || sak2 != 0x00 || cl1[0] != cascadeT || !bytes.Equal(cl2[:4], uid7(9)[3:]) {
		t.Fatalf("selection: CL1 % X SAK %#02x, CL2 % X SAK %#02x", cl1, sak1, cl2, sak2)
	}
	r := p.cmd(ntagRead, 4)
	if len(r.data) != 18 || !crcOK(r.data) || !bytes.Equal(r.data[:4], []byte{0xCA, 0xFE, 0xBA, 0xBE}) || r.err != 0 {
		t.Fatalf("READ 4: % X err %#02x, want CA FE BA BE ... and a good CRC_A", r.data, r.err)
	}
	if r := p.cmd(ntagWrite, 5, 1, 2, 3, 4); len(r.data) != 1 || r.lastBits != 4 || r.data[0] != ntagACK {
		t.Fatalf("WRITE 5: % X (%d bits), want the 4-bit ACK", r.data, r.lastBits)
	}
	if r := p.cmd(piccHLTA, 0); r.answered() || tag.State() != StateHalt {
		t.Fatalf("HLTA: answered %v, tag %v; want silence, HALT", r.answered(), tag.State())
	}
	if got := tag.Page(5); got != [4]byte{1, 2, 3, 4} {
		t.Errorf("page 5 = % X, want 01 02 03 04", got)
	}
}

// TestStartSendEdge: StartSend starts a frame on its 0→1 edge only, and a
// finished Transceive sends nothing more until it is written again.
func TestStartSendEdge(t *testing.T) {
	p := newPCD(t, nil)
	p.on()
	p.s.Place(NewNTAG213(uid7(1)))
	p.w(regComIrq, 0x7F)
	p.w(regBitFraming, bitStartSend|7) // set before the command: no edge after it
	p.w(regFIFOData, piccWUPA)
	p.w(regCommand, cmdTransceive)
	p.w(regBitFraming, bitStartSend|7) // 1→1
	p.s.Sleep(2 * time.Millisecond)
	if irq := p.r(regComIrq); irq&(irqTx|irqRx) != 0 {
		t.Fatalf("StartSend left set: ComIrq %#02x, want nothing sent", irq)
	}
	p.w(regBitFraming, 7, bitStartSend|7) // 0→1 in one transaction (§8.1.2.3)
	p.s.Sleep(2 * time.Millisecond)
	if irq := p.r(regComIrq); irq&irqRx == 0 || p.r(regFIFOLevel) != 2 {
		t.Fatalf("StartSend 0→1: ComIrq %#02x, want the ATQA in", irq)
	}
	p.r(regFIFOData)
	p.r(regFIFOData)
	// The exchange is finished: ModemState waits for StartSend, but a new
	// edge without writing Transceive again sends nothing.
	if st := p.r(regStatus2) & 7; st != modemStartSend {
		t.Errorf("ModemState after the answer = %d, want %d", st, modemStartSend)
	}
	p.w(regComIrq, 0x7F)
	p.w(regFIFOData, selCL1, 0x20)
	p.w(regBitFraming, 0, bitStartSend)
	p.s.Sleep(2 * time.Millisecond)
	if irq, n := p.r(regComIrq), p.r(regFIFOLevel); irq&(irqTx|irqRx) != 0 || n != 2 {
		t.Fatalf("StartSend after a finished Transceive: ComIrq %#02x, FIFO %d; want nothing sent, our 2 bytes left", irq, n)
	}
	p.w(regCommand, cmdTransceive)
	p.w(regBitFraming, 0, bitStartSend)
	p.s.Sleep(2 * time.Millisecond)
	if irq, n := p.r(regComIrq), p.r(regFIFOLevel); irq&irqRx == 0 || n != 5 {
		t.Errorf("Transceive written again: ComIrq %#02x, FIFO %d; want the 5-byte UID CL1", irq, n)
	}
}

// TestStartUp: after NRSTPD rises (or power returns) the oscillator starts
// (§8.8.2); until then SPI reads 0x00 and writes are lost.
func TestStartUp(t *testing.T) {
	tests := []struct {
		name  string
		start time.Duration
	}{
		{"default", 0},
		{"slow crystal", 90 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPCD(t, &Opts{StartUp: tt.start})
			want := tt.start
			if want == 0 {
				want = 5 * time.Millisecond
			}
			_ = p.s.Reset().Out(gpio.Low)
			_ = p.s.Reset().Out(gpio.High)
			t0 := p.s.Now()
			p.w(regTReloadL, 0x5A) // lost
			for p.r(regVersion) == 0 {
				if p.s.Now().Sub(t0) > want+time.Millisecond {
					t.Fatalf("VersionReg still 0x00 after %v", p.s.Now().Sub(t0))
				}
			}
			if el := p.s.Now().Sub(t0); el < want {
				t.Errorf("VersionReg answered after %v, want %v of start-up", el, want)
			}
			if got := p.r(regTReloadL); got != 0 {
				t.Errorf("TReloadL written during start-up = %#02x, want lost (0)", got)
			}
		})
	}
}

// TestAnswerDelay: tags answer anywhere inside the NTAG21x timing limits,
// and WRITE waits for EEPROM programming by default.
func TestAnswerDelay(t *testing.T) {
	tests := []struct {
		name  string
		cmd   []byte
		delay time.Duration // 0: the tag's default
		want  time.Duration // frame end to first answer bit
	}{
		{"READ at n=9", []byte{ntagRead, 4}, MinAnswerDelay, fdt},
		{"READ at 5 ms", []byte{ntagRead, 4}, 5 * time.Millisecond, 5 * time.Millisecond},
		{"GET_VERSION at 5 ms", []byte{ntagGetVersion}, 5 * time.Millisecond, 5 * time.Millisecond},
		{"WRITE by default", []byte{ntagWrite, 5, 1, 2, 3, 4}, 0, WriteTime},
		{"WRITE at 10 ms", []byte{ntagWrite, 5, 1, 2, 3, 4}, 10 * time.Millisecond, 10 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPCD(t, &Opts{Host: Exact})
			tag := NewNTAG213(uid7(2))
			if tt.delay != 0 {
				tag.SetAnswerDelay(tt.cmd[0], tt.delay)
			}
			p.s.Place(tag)
			p.on()
			p.activate()
			p.s.ResetStats()
			r := p.cmd(tt.cmd...)
			if !r.answered() || r.irq&irqTimer != 0 {
				t.Fatalf("%X: ComIrq %#02x, want RxIRq before the 25 ms timeout", tt.cmd, r.irq)
			}
			tx := airTime(8*len(tt.cmd)+16, 0)
			rx := airTime(8*len(r.data), 0)
			if r.lastBits == 4 {
				rx = airTime(4, 0)
			}
			if got := p.s.Stats().Air; got != tx+tt.want+rx {
				t.Errorf("%X: air time %v, want %v + %v + %v", tt.cmd, got, tx, tt.want, rx)
			}
		})
	}
}

func TestSetAnswerDelayLimits(t *testing.T) {
	tests := []struct {
		cmd byte
		d   time.Duration
	}{
		{ntagRead, MinAnswerDelay - time.Nanosecond},
		{ntagRead, 5*time.Millisecond + time.Nanosecond},
		{ntagGetVersion, 6 * time.Millisecond},
		{ntagWrite, 10*time.Millisecond + time.Nanosecond},
	}
	for _, tt := range tests {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("SetAnswerDelay(%#02x, %v) did not panic", tt.cmd, tt.d)
				}
			}()
			NewNTAG213(uid7(3)).SetAnswerDelay(tt.cmd, tt.d)
		}()
	}
}

func TestHostSleepLasts(t *testing.T) {
	tests := []struct {
		h    HostSleep
		d    time.Duration
		want time.Duration
	}{
		{LinuxGo, 0, 0},
		{LinuxGo, 10 * time.Microsecond, 1100 * time.Microsecond},
		{LinuxGo, 150 * time.Microsecond, 1100 * time.Microsecond},
		{LinuxGo, time.Millisecond, 1100 * time.Microsecond},
		{LinuxGo, 1500 * time.Microsecond, 2100 * time.Microsecond},
		{LinuxGo, 20 * time.Millisecond, 20100 * time.Microsecond},
		{Exact, 150 * time.Microsecond, 150 * time.Microsecond},
	}
	for _, tt := range tests {
		if got := tt.h.Lasts(tt.d); got != tt.want {
			t.Errorf("%s.Lasts(%v) = %v, want %v", tt.h.Name, tt.d, got, tt.want)
		}
	}
	s := New(nil)
	t0 := s.Now()
	s.Sleep(150 * time.Microsecond)
	if got := s.Now().Sub(t0); got != LinuxGo.Lasts(150*time.Microsecond) {
		t.Errorf("Sim.Sleep(150µs) advanced %v, want the LinuxGo model's %v", got, LinuxGo.Lasts(150*time.Microsecond))
	}
}

// TestTimerStopsLate: TAuto stops the timer Opts.TimerStop after an
// answer's 5th bit. A 150 µs timeout (reload 5 at 25 µs ticks) then fires
// before a WUPA's ATQA stops it (86.4 + 47.2 + 25 µs); 250 µs does not.
func TestTimerStopsLate(t *testing.T) {
	tests := []struct {
		name     string
		stop     time.Duration
		reload   byte
		wantTime bool
	}{
		{"default 25 µs, 150 µs timeout", 0, 5, true},
		{"default 25 µs, 250 µs timeout", 0, 9, false},
		{"at once, 150 µs timeout", -1, 5, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPCD(t, &Opts{TimerStop: tt.stop})
			p.s.Place(NewNTAG213(uid7(4)))
			p.on()
			p.w(regTReloadH, 0)
			p.w(regTReloadL, tt.reload)
			r := p.wupa()
			if got := r.irq&irqTimer != 0; got != tt.wantTime {
				t.Errorf("TimerIRq = %v, want %v (ComIrq %#02x)", got, tt.wantTime, r.irq)
			}
		})
	}
}

// TestFIFOUnderflow: a read of the empty FIFO is undefined (§8.3): it gives
// garbage, is counted in Stats.Undefined, and leaves the FIFO looking full
// of stale bytes until FlushBuffer.
func TestFIFOUnderflow(t *testing.T) {
	p := newPCD(t, nil)
	p.w(regFIFOData, 0xAB)
	if got := p.r(regFIFOData); got != 0xAB {
		t.Fatalf("FIFO read = %#02x, want 0xAB", got)
	}
	if n := p.s.Stats().Undefined; n != 0 {
		t.Fatalf("Undefined = %d after a defined read", n)
	}
	p.r(regFIFOData)
	if n, lvl := p.s.Stats().Undefined, p.r(regFIFOLevel); n != 1 || lvl != fifoSize-1 {
		t.Errorf("after reading the empty FIFO: Undefined %d, level %d; want 1, %d", n, lvl, fifoSize-1)
	}
	p.w(regFIFOLevel, bitFlushBuffer)
	if lvl := p.r(regFIFOLevel); lvl != 0 {
		t.Errorf("level after FlushBuffer = %d, want 0", lvl)
	}
}

// TestSoftResetRuns: SoftReset resets the registers at once and runs for
// Opts.SoftReset; CommandReg shows it meanwhile and writes are lost.
func TestSoftResetRuns(t *testing.T) {
	p := newPCD(t, &Opts{Host: Exact, SoftReset: 2 * time.Millisecond})
	p.w(regTReloadL, 0x11)
	p.w(regCommand, cmdSoftReset)
	if got := p.r(regCommand); got&0x0F != cmdSoftReset {
		t.Errorf("CommandReg during the reset = %#02x, want SoftReset", got)
	}
	if got := p.r(regVersion); got != 0x92 {
		t.Errorf("VersionReg during the reset = %#02x, want 0x92", got)
	}
	p.w(regTReloadL, 0x22) // lost
	p.s.Sleep(2 * time.Millisecond)
	if got := p.r(regCommand); got != 0x20 {
		t.Errorf("CommandReg after the reset = %#02x, want 0x20 (Idle)", got)
	}
	if got := p.r(regTReloadL); got != 0 {
		t.Errorf("TReloadL = %#02x, want its reset value: a write during the reset is lost", got)
	}
}

// TestFieldGuardDeaf: tags powered by the field coming on ignore requests
// for Opts.FieldGuard (ISO/IEC 14443-3 §5).
func TestFieldGuardDeaf(t *testing.T) {
	p := newPCD(t, &Opts{Host: Exact})
	p.s.Place(NewNTAG213(uid7(5)))
	p.w(regTxControl, 0x83)
	p.w(regMode, 0x3D)
	p.w(regTMode, 0x80)
	p.w(regTPrescaler, 0xA9)
	p.w(regTReloadL, 99) // 2.5 ms
	if r := p.wupa(); r.answered() {
		t.Fatalf("WUPA right after the field came on answered: % X", r.data)
	}
	p.s.Sleep(DefaultFieldGuard)
	if r := p.wupa(); !r.answered() {
		t.Fatalf("WUPA 5 ms after the field came on: ComIrq %#02x, want the ATQA", r.irq)
	}
}

// TestAutoIncrementClone: the clone writes a transaction's bytes to
// consecutive registers, but keeps the FIFO a port.
func TestAutoIncrementClone(t *testing.T) {
	p := newPCD(t, &Opts{AutoIncrement: true})
	p.w(regCommand, cmdIdle, 0x33)
	if got := p.r(regComIEn); got != 0x33 {
		t.Errorf("ComIEnReg = %#02x, want the second byte 0x33", got)
	}
	p.w(regFIFOData, 1, 2, 3)
	if lvl := p.r(regFIFOLevel); lvl != 3 {
		t.Errorf("FIFO level after a 3-byte burst = %d, want 3", lvl)
	}
}
