package mfrc522test

import (
	"bytes"
	"testing"
)

func TestStateMachine(t *testing.T) {
	p := newPCD(t, nil)
	tag := NewNTAG213(uid7(1))
	p.s.Place(tag)
	if tag.State() != StateOff {
		t.Fatalf("placed with the antenna off: %v, want POWER-OFF", tag.State())
	}
	p.on()
	if tag.State() != StateIdle {
		t.Fatalf("antenna on: %v, want IDLE", tag.State())
	}
	r := p.reqa()
	if !bytes.Equal(r.data, []byte{0x44, 0x00}) || r.lastBits != 0 || r.err != 0 {
		t.Fatalf("REQA: % X lastBits %d err %#02x, want 44 00", r.data, r.lastBits, r.err)
	}
	if tag.State() != StateReady {
		t.Fatalf("after REQA: %v, want READY", tag.State())
	}
	// REQA in READY is not for it: back to IDLE, silent.
	if r := p.reqa(); r.answered() || tag.State() != StateIdle {
		t.Errorf("REQA in READY: answered %v, state %v; want silent, IDLE", r.answered(), tag.State())
	}
	p.activate()
	if tag.State() != StateActive {
		t.Fatalf("after SELECT CL2: %v, want ACTIVE", tag.State())
	}
	if r := p.cmd(piccHLTA, 0x00); r.answered() {
		t.Errorf("HLTA answered % X", r.data)
	}
	if tag.State() != StateHalt {
		t.Fatalf("after HLTA: %v, want HALT", tag.State())
	}
	if r := p.reqa(); r.answered() {
		t.Errorf("REQA to a halted tag answered % X", r.data)
	}
	if r := p.wupa(); !bytes.Equal(r.data, []byte{0x44, 0x00}) {
		t.Errorf("WUPA to a halted tag: % X, want 44 00", r.data)
	}
	// Woken from HALT, an error sends it back to HALT, not IDLE.
	p.transceive([]byte{0x12, 0x34}, 0, 0)
	if tag.State() != StateHalt {
		t.Errorf("garbage after WUPA from HALT: %v, want HALT", tag.State())
	}
	// A READ in ACTIVE is answered, an unknown command drops to IDLE.
	p.s.Remove(tag)
	p.s.Place(tag)
	p.activate()
	if r := p.cmd(ntagRead, 0); len(r.data) != 18 || !crcOK(r.data) {
		t.Errorf("READ 0: % X, want 16 bytes + CRC", r.data)
	}
	if r := p.cmd(0x55); r.answered() || tag.State() != StateIdle {
		t.Errorf("unknown command: answered %v, state %v; want silent, IDLE", r.answered(), tag.State())
	}
}

func TestSelectCascade(t *testing.T) {
	tests := []struct {
		name string
		tag  picc
		atqa []byte
		cls  [][]byte // UID CLn + BCC per level
		saks []byte
	}{
		{"Classic 4-byte", NewClassic1K([]byte{0xDE, 0xAD, 0xBE, 0xEF}), []byte{0x04, 0x00},
			[][]byte{{0xDE, 0xAD, 0xBE, 0xEF, 0xDE ^ 0xAD ^ 0xBE ^ 0xEF}}, []byte{0x08}},
		{"Classic 7-byte", NewClassic1K(uid7(9)), []byte{0x44, 0x00},
			[][]byte{{0x88, 0x04, 0x11, 0x22, 0x88 ^ 0x04 ^ 0x11 ^ 0x22}, {0x33, 0x44, 0x55, 0x09, 0x33 ^ 0x44 ^ 0x55 ^ 0x09}}, []byte{0x04, 0x08}},
		{"Classic 10-byte", NewClassic1K([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}), []byte{0x84, 0x00},
			[][]byte{{0x88, 1, 2, 3, 0x88 ^ 1 ^ 2 ^ 3}, {0x88, 4, 5, 6, 0x88 ^ 4 ^ 5 ^ 6}, {7, 8, 9, 10, 7 ^ 8 ^ 9 ^ 10}}, []byte{0x04, 0x04, 0x08}},
		{"NTAG213", NewNTAG213(uid7(1)), []byte{0x44, 0x00},
			[][]byte{{0x88, 0x04, 0x11, 0x22, 0x88 ^ 0x04 ^ 0x11 ^ 0x22}, {0x33, 0x44, 0x55, 0x01, 0x33 ^ 0x44 ^ 0x55 ^ 0x01}}, []byte{0x04, 0x00}},
		{"Ultralight", NewUltralight(uid7(2)), []byte{0x44, 0x00},
			[][]byte{{0x88, 0x04, 0x11, 0x22, 0x88 ^ 0x04 ^ 0x11 ^ 0x22}, {0x33, 0x44, 0x55, 0x02, 0x33 ^ 0x44 ^ 0x55 ^ 0x02}}, []byte{0x04, 0x00}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPCD(t, nil)
			p.s.Place(tt.tag)
			p.on()
			if r := p.reqa(); !bytes.Equal(r.data, tt.atqa) {
				t.Fatalf("ATQA = % X, want % X", r.data, tt.atqa)
			}
			for i, sel := range []byte{selCL1, selCL2, selCL3}[:len(tt.cls)] {
				cl, sak := p.selectLevel(sel)
				if !bytes.Equal(cl, tt.cls[i]) || sak != tt.saks[i] {
					t.Errorf("level %d: UID CLn % X SAK %#02x, want % X, %#02x", i+1, cl, sak, tt.cls[i], tt.saks[i])
				}
			}
			if got := tt.tag.iso().State(); got != StateActive {
				t.Errorf("after the last SELECT: %v, want ACTIVE", got)
			}
		})
	}
}

func TestNTAGMemoryMap(t *testing.T) {
	tests := []struct {
		name    string
		tag     *NTAG
		pages   int
		cc      [4]byte
		version []byte
	}{
		{"NTAG213", NewNTAG213(uid7(1)), 45, [4]byte{0xE1, 0x10, 0x12, 0x00}, []byte{0, 4, 4, 2, 1, 0, 0x0F, 3}},
		{"NTAG215", NewNTAG215(uid7(1)), 135, [4]byte{0xE1, 0x10, 0x3E, 0x00}, []byte{0, 4, 4, 2, 1, 0, 0x11, 3}},
		{"NTAG216", NewNTAG216(uid7(1)), 231, [4]byte{0xE1, 0x10, 0x6D, 0x00}, []byte{0, 4, 4, 2, 1, 0, 0x13, 3}},
		{"Ultralight", NewUltralight(uid7(1)), 16, [4]byte{}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.tag.Pages() != tt.pages {
				t.Errorf("Pages() = %d, want %d", tt.tag.Pages(), tt.pages)
			}
			// UID 04 11 22 33 44 55 01: BCC0 = 88^04^11^22, BCC1 = 33^44^55^01.
			want := [][4]byte{{0x04, 0x11, 0x22, 0x88 ^ 0x04 ^ 0x11 ^ 0x22}, {0x33, 0x44, 0x55, 0x01}, {0x33 ^ 0x44 ^ 0x55 ^ 0x01, 0x48, 0, 0}, tt.cc}
			for i, w := range want {
				if got := tt.tag.Page(i); got != w {
					t.Errorf("page %d = % X, want % X", i, got, w)
				}
			}
			p := newPCD(t, nil)
			p.s.Place(tt.tag)
			p.on()
			p.activate()
			r := p.cmd(ntagGetVersion)
			if tt.version == nil {
				if r.answered() || tt.tag.State() != StateIdle {
					t.Errorf("GET_VERSION: % X state %v, want silence, IDLE", r.data, tt.tag.State())
				}
				return
			}
			if len(r.data) != 10 || !crcOK(r.data) || !bytes.Equal(r.data[:8], tt.version) {
				t.Errorf("GET_VERSION = % X, want % X + CRC", r.data, tt.version)
			}
		})
	}
}

func TestReadRollover(t *testing.T) {
	tests := []struct {
		name  string
		tag   *NTAG
		page  byte
		pages []int // pages returned; -1 reads as zeros (PWD/PACK)
	}{
		{"NTAG213 0x29", NewNTAG213(uid7(1)), 0x29, []int{0x29, 0x2A, -1, -1}},
		{"NTAG213 0x2B", NewNTAG213(uid7(1)), 0x2B, []int{-1, -1, 0, 1}},
		{"NTAG213 0x2C", NewNTAG213(uid7(1)), 0x2C, []int{-1, 0, 1, 2}},
		{"NTAG215 0x85", NewNTAG215(uid7(1)), 0x85, []int{-1, -1, 0, 1}},
		{"Ultralight 0x0E", NewUltralight(uid7(1)), 0x0E, []int{0x0E, 0x0F, 0, 1}},
		{"Ultralight 0x04", NewUltralight(uid7(1)), 0x04, []int{4, 5, 6, 7}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for i := 4; i < tt.tag.Pages(); i++ {
				tt.tag.SetPage(i, [4]byte{byte(i), 0xA5, byte(i), 0x5A})
			}
			p := newPCD(t, nil)
			p.s.Place(tt.tag)
			p.on()
			p.activate()
			r := p.cmd(ntagRead, tt.page)
			var want []byte
			for _, pg := range tt.pages {
				b := [4]byte{}
				if pg >= 0 {
					b = tt.tag.Page(pg)
				}
				want = append(want, b[:]...)
			}
			if len(r.data) != 18 || !crcOK(r.data) || !bytes.Equal(r.data[:16], want) {
				t.Errorf("READ %#02x = % X, want % X + CRC", tt.page, r.data, want)
			}
		})
	}
	// Past the end: NAK 0x0, back to IDLE.
	tag := NewNTAG213(uid7(1))
	p := newPCD(t, nil)
	p.s.Place(tag)
	p.on()
	p.activate()
	if r := p.cmd(ntagRead, 0x2D); !bytes.Equal(r.data, []byte{ntagNAKArg}) || r.lastBits != 4 || tag.State() != StateIdle {
		t.Errorf("READ 0x2D: % X (%d bits) state %v, want 4-bit NAK 0, IDLE", r.data, r.lastBits, tag.State())
	}
}

func TestWrite(t *testing.T) {
	tag := NewNTAG213(uid7(1))
	p := newPCD(t, nil)
	p.s.Place(tag)
	p.on()
	p.activate()
	r := p.cmd(ntagWrite, 4, 0xCA, 0xFE, 0xBA, 0xBE)
	if !bytes.Equal(r.data, []byte{ntagACK}) || r.lastBits != 4 {
		t.Fatalf("WRITE 4: % X (%d bits), want 4-bit ACK 0xA", r.data, r.lastBits)
	}
	if got := tag.Page(4); got != [4]byte{0xCA, 0xFE, 0xBA, 0xBE} {
		t.Errorf("page 4 = % X", got)
	}
	tag.Lock(5, 20)
	if got := tag.Page(2)[2]; got != 1<<5 {
		t.Errorf("Lock(5): lock byte 0 = %#02x, want 0x20", got)
	}
	if got := tag.Page(0x28)[0]; got != 1<<2 {
		t.Errorf("Lock(20): dynamic lock byte 0 = %#02x, want 0x04 (pages 20-21)", got)
	}
	for _, pg := range []byte{5, 20, 21, 0, 1, 0x2D} {
		p.activate()
		r := p.cmd(ntagWrite, pg, 1, 2, 3, 4)
		if !bytes.Equal(r.data, []byte{ntagNAKArg}) || r.lastBits != 4 || tag.State() != StateIdle {
			t.Errorf("WRITE %#02x (locked or invalid): % X (%d bits) state %v; want NAK 0x0, IDLE", pg, r.data, r.lastBits, tag.State())
		}
	}
	p.activate()
	if r := p.cmd(ntagWrite, 22, 1, 2, 3, 4); !bytes.Equal(r.data, []byte{ntagACK}) {
		t.Errorf("WRITE 22 (unlocked): % X, want ACK", r.data)
	}
	// Lock bytes and the CC are one-time programmable: bits only get set.
	p.activate()
	p.cmd(ntagWrite, 3, 0x00, 0x00, 0x00, 0x0F)
	if got := tag.Page(3); got != [4]byte{0xE1, 0x10, 0x12, 0x0F} {
		t.Errorf("CC after OR-write = % X", got)
	}
	p.activate()
	p.cmd(ntagWrite, 2, 0xFF, 0xFF, 0x40, 0x00)
	if got := tag.Page(2); got[0] != 0x33^0x44^0x55^0x01 || got[2] != 0x60 {
		t.Errorf("lock write = % X, want BCC1 untouched, lock0 0x60", got)
	}
	// COMPATIBILITY WRITE: ACK, then 16 bytes of which 4 are written.
	p.activate()
	if r := p.cmd(ntagCompWrite, 8); !bytes.Equal(r.data, []byte{ntagACK}) {
		t.Fatalf("COMPATIBILITY WRITE 8: % X, want ACK", r.data)
	}
	if r := p.cmd(9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0); !bytes.Equal(r.data, []byte{ntagACK}) {
		t.Fatalf("COMPATIBILITY WRITE data: % X, want ACK", r.data)
	}
	if got := tag.Page(8); got != [4]byte{9, 8, 7, 6} {
		t.Errorf("page 8 = % X, want 09 08 07 06", got)
	}
	// A command with a bad CRC gets NAK 0x1.
	p.activate()
	if r := p.transceive([]byte{ntagRead, 4, 0, 0}, 0, 0); !bytes.Equal(r.data, []byte{ntagNAKCRC}) {
		t.Errorf("READ with bad CRC: % X, want NAK 0x1", r.data)
	}
}

// TestChipCRC: TxCRCEn appends CRC_A, RxCRCEn checks and strips it.
func TestChipCRC(t *testing.T) {
	tag := NewNTAG213(uid7(1))
	p := newPCD(t, nil)
	p.s.Place(tag)
	p.on()
	p.activate()
	p.w(regTxMode, bitTxCRCEn)
	p.w(regRxMode, bitTxCRCEn)
	r := p.transceive([]byte{ntagRead, 0}, 0, 0)
	if want := tag.read(0); !bytes.Equal(r.data, want) || r.err != 0 {
		t.Errorf("READ with chip CRC: % X err %#02x, want % X", r.data, r.err, want)
	}
	p.s.InjectFault(FaultCRC, 1)
	if r := p.transceive([]byte{ntagRead, 0}, 0, 0); r.err != errCRC || len(r.data) != 16 {
		t.Errorf("READ with a CRC fault: err %#02x, %d bytes; want CRCErr, 16", r.err, len(r.data))
	}
	// A 4-bit ACK carries no CRC: with RxCRCEn the chip flags CRCErr, and
	// the simulator keeps none of it (the datasheet does not say what the
	// chip keeps), so a driver must receive ACK/NAK with RxCRCEn off.
	if r := p.transceive([]byte{ntagWrite, 8, 1, 2, 3, 4}, 0, 0); r.err != errCRC || len(r.data) != 0 || r.lastBits != 0 {
		t.Errorf("WRITE with RxCRCEn: % X (%d bits) err %#02x, want nothing and CRCErr", r.data, r.lastBits, r.err)
	}
}

func TestFaults(t *testing.T) {
	tests := []struct {
		fault Fault
		check func(t *testing.T, r result, want []byte)
	}{
		{FaultCRC, func(t *testing.T, r result, want []byte) {
			if r.err != 0 || len(r.data) != 18 || crcOK(r.data) || !bytes.Equal(r.data[:16], want[:16]) {
				t.Errorf("got % X err %#02x, want the data with a wrong CRC", r.data, r.err)
			}
		}},
		{FaultNoAnswer, func(t *testing.T, r result, want []byte) {
			if r.answered() || r.irq&irqTimer == 0 {
				t.Errorf("got ComIrq %#02x % X, want a timeout", r.irq, r.data)
			}
		}},
		{FaultTruncated, func(t *testing.T, r result, want []byte) {
			if !bytes.Equal(r.data, want[:9]) || r.lastBits != 0 {
				t.Errorf("got % X, want the first 9 bytes % X", r.data, want[:9])
			}
		}},
		{FaultGarbage, func(t *testing.T, r result, want []byte) {
			if len(r.data) != 18 || bytes.Equal(r.data, want) || crcOK(r.data) {
				t.Errorf("got % X, want 18 garbage bytes", r.data)
			}
		}},
		{FaultParity, func(t *testing.T, r result, want []byte) {
			if r.err != errParity || r.irq&irqErr == 0 || !bytes.Equal(r.data, want) {
				t.Errorf("got % X err %#02x irq %#02x, want data intact and ParityErr", r.data, r.err, r.irq)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.fault.String(), func(t *testing.T) {
			tag := NewNTAG213(uid7(1))
			p := newPCD(t, nil)
			p.s.Place(tag)
			p.on()
			p.activate()
			want := appendCRC(tag.read(4))
			p.s.InjectFault(tt.fault, 1)
			tt.check(t, p.cmd(ntagRead, 4), want)
			if tt.fault == FaultNoAnswer {
				p.activate() // the tag did answer, into the void; it is still ACTIVE
			}
			if r := p.cmd(ntagRead, 4); !bytes.Equal(r.data, want) || r.err != 0 {
				t.Errorf("next READ: % X err %#02x, want clean % X", r.data, r.err, want)
			}
		})
	}
}

// TestCollisions: two or more tags in READY answer together; the chip ORs
// the bits and reports the first difference in CollReg.
func TestCollisions(t *testing.T) {
	t.Run("ATQA single vs double size", func(t *testing.T) {
		p := newPCD(t, nil)
		p.s.Place(NewClassic1K([]byte{0x11, 0x22, 0x33, 0x44}))
		p.s.Place(NewNTAG213(uid7(1)))
		p.on()
		// 04 00 and 44 00 differ in bit 7 of the first byte.
		r := p.reqa()
		if !bytes.Equal(r.data, []byte{0x44, 0x00}) || r.err != errColl || r.coll != bitValuesAfterCol|7 {
			t.Errorf("REQA: % X err %#02x CollReg %#02x, want 44 00, CollErr, CollPos 7", r.data, r.err, r.coll)
		}
	})
	t.Run("anticollision tree", func(t *testing.T) {
		a := NewClassic1K([]byte{0x11, 0x22, 0x33, 0x44})
		b := NewClassic1K([]byte{0x11, 0x26, 0x33, 0x44})
		p := newPCD(t, nil)
		p.s.Place(a)
		p.s.Place(b)
		p.on()
		p.reqa()
		// 0x22 vs 0x26: first difference in UID bit 11 (byte 1, bit 2).
		r := p.transceive([]byte{selCL1, 0x20}, 0, 0)
		if r.err != errColl || r.coll&0x3F != 11 || r.data[0] != 0x11 || r.data[1] != 0x26 {
			t.Fatalf("ANTICOLLISION: % X err %#02x CollReg %#02x, want CollErr at 11, 11 26 ...", r.data, r.err, r.coll)
		}
		// Resolve with the bit set: 11 bits known (NVB 0x33), the tags
		// answer from bit 11, stored from RxAlign 3 on.
		r = p.transceive([]byte{selCL1, 0x33, 0x11, 0x06}, 3, 3)
		if r.err != 0 || r.lastBits != 0 || !bytes.Equal(r.data, []byte{0x20, 0x33, 0x44, 0x11 ^ 0x26 ^ 0x33 ^ 0x44}) {
			t.Fatalf("ANTICOLLISION 11 bits: % X err %#02x lastBits %d, want 20 33 44 BCC", r.data, r.err, r.lastBits)
		}
		if a.State() != StateReady {
			t.Errorf("non-matching tag: %v, want READY (silent)", a.State())
		}
		s := p.cmd(selCL1, nvbSel, 0x11, 0x26, 0x33, 0x44, 0x11^0x26^0x33^0x44)
		if len(s.data) != 3 || s.data[0] != 0x08 || b.State() != StateActive || a.State() != StateReady {
			t.Fatalf("SELECT b: % X, states %v %v", s.data, a.State(), b.State())
		}
		p.cmd(piccHLTA, 0)
		// HLTA was "another command" for a in READY: it went back to
		// IDLE (ISO/IEC 14443-3 §6.3.4). b is halted, so REQA wakes a alone.
		if a.State() != StateIdle || b.State() != StateHalt {
			t.Fatalf("after HLTA: a %v, b %v; want IDLE, HALT", a.State(), b.State())
		}
		p.reqa()
		r = p.transceive([]byte{selCL1, 0x20}, 0, 0)
		if r.err != 0 || !bytes.Equal(r.data, []byte{0x11, 0x22, 0x33, 0x44, 0x11 ^ 0x22 ^ 0x33 ^ 0x44}) {
			t.Errorf("ANTICOLLISION after HLTA of b: % X err %#02x, want a alone", r.data, r.err)
		}
	})
	t.Run("collision in bit 32 and ValuesAfterColl", func(t *testing.T) {
		p := newPCD(t, nil)
		p.s.Place(NewClassic1K([]byte{0x11, 0x22, 0x33, 0x44}))
		p.s.Place(NewClassic1K([]byte{0x11, 0x22, 0x33, 0xC4}))
		p.on()
		p.reqa()
		p.w(regColl, 0x00) // ValuesAfterColl off: bits after the collision read 0
		r := p.transceive([]byte{selCL1, 0x20}, 0, 0)
		if r.coll != 0x00 || r.err != errColl || !bytes.Equal(r.data, []byte{0x11, 0x22, 0x33, 0xC4, 0x00}) {
			t.Errorf("collision at bit 32: % X err %#02x CollReg %#02x, want CollPos 0 (=32), BCC cleared", r.data, r.err, r.coll)
		}
	})
	t.Run("two NTAGs, cascade level 2", func(t *testing.T) {
		a, b := NewNTAG213(uid7(0x10)), NewNTAG215(uid7(0x30))
		p := newPCD(t, nil)
		p.s.Place(a)
		p.s.Place(b)
		p.on()
		p.reqa()
		// Same CL1 (CT 04 11 22): no collision; both go to level 2.
		cl, sak := p.selectLevel(selCL1)
		if cl[0] != cascadeT || sak != sakCasc {
			t.Fatalf("CL1: % X SAK %#02x", cl, sak)
		}
		// Last UID byte 0x10 vs 0x30: bit 5 of byte 3 → UID bit 30.
		r := p.transceive([]byte{selCL2, 0x20}, 0, 0)
		if r.err != errColl || r.coll != bitValuesAfterCol|30 {
			t.Errorf("CL2: % X err %#02x CollReg %#02x, want CollPos 30", r.data, r.err, r.coll)
		}
	})
}

func TestPlaceRemove(t *testing.T) {
	p := newPCD(t, nil)
	p.on()
	tag := NewUltralight(uid7(1))
	p.s.Place(tag)
	p.s.Place(tag) // twice is once
	if len(p.s.tags) != 1 || tag.State() != StateIdle {
		t.Fatalf("placed: %d tags, %v", len(p.s.tags), tag.State())
	}
	p.s.Remove(tag)
	if r := p.reqa(); r.answered() || tag.State() != StateOff {
		t.Errorf("removed: answered %v, state %v", r.answered(), tag.State())
	}
}
