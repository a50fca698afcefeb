package mfrc522test

import (
	"fmt"
	"time"
)

// NTAG type 2 commands (NTAG213/215/216 datasheet Rev. 3.2 §10, Table 22).
const (
	ntagGetVersion = 0x60
	ntagRead       = 0x30
	ntagFastRead   = 0x3A
	ntagWrite      = 0xA2
	ntagCompWrite  = 0xA0
	ntagACK        = 0xA // 4-bit answers, §10 Table 23
	ntagNAKArg     = 0x0 // invalid argument (page address, locked page)
	ntagNAKCRC     = 0x1 // parity or CRC error
)

// NTAG is an NXP NFC Forum type 2 tag: NTAG213, NTAG215, NTAG216 or a MIFARE
// Ultralight (MF0ICU1). It answers READ, FAST_READ, WRITE, COMPATIBILITY
// WRITE, GET_VERSION (not Ultralight) and HLTA. Password protection and the
// originality signature are not modelled.
type NTAG struct {
	isoTag
	name    string
	mem     [][4]byte
	dynPage int    // dynamic lock page, 0 for none
	dynSpan int    // pages locked by one dynamic lock bit
	pwdPage int    // first of PWD, PACK (read as zeros), 0 for none
	version []byte // GET_VERSION answer; nil: not supported
	compat  int    // page of a pending COMPATIBILITY WRITE, -1 none
}

// NewNTAG213 returns an NTAG213 as delivered (45 pages, NTAG21x datasheet
// §8.5 Figure 8 and §8.5.6: CC E1 10 12 00, an empty NDEF message, dynamic
// lock bytes at page 0x28, CFG0/CFG1 at 0x29/0x2A). uid must be 7 bytes.
func NewNTAG213(uid []byte) *NTAG {
	t := newNTAG("NTAG213", uid, 45, [4]byte{0xE1, 0x10, 0x12, 0x00}, 0x0F, 2)
	t.mem[4] = [4]byte{0x01, 0x03, 0xA0, 0x0C} // lock control TLV
	t.mem[5] = [4]byte{0x34, 0x03, 0x00, 0xFE} // empty NDEF TLV, terminator
	return t
}

// NewNTAG215 returns an NTAG215 as delivered (135 pages, CC E1 10 3E 00,
// dynamic lock bytes at page 0x82). uid must be 7 bytes.
func NewNTAG215(uid []byte) *NTAG {
	return newNTAG("NTAG215", uid, 135, [4]byte{0xE1, 0x10, 0x3E, 0x00}, 0x11, 16)
}

// NewNTAG216 returns an NTAG216 as delivered (231 pages, CC E1 10 6D 00,
// dynamic lock bytes at page 0xE2). uid must be 7 bytes.
func NewNTAG216(uid []byte) *NTAG {
	return newNTAG("NTAG216", uid, 231, [4]byte{0xE1, 0x10, 0x6D, 0x00}, 0x13, 16)
}

// NewUltralight returns a MIFARE Ultralight (MF0ICU1 datasheet §7.5: 16
// pages, OTP page 3, no GET_VERSION). uid must be 7 bytes.
func NewUltralight(uid []byte) *NTAG {
	t := &NTAG{name: "Ultralight", mem: make([][4]byte, 16), compat: -1}
	t.delays = writeDelays()
	t.init(checkUID7("Ultralight", uid), 0x00, 0x04)
	t.initUID()
	return t
}

func writeDelays() map[byte]time.Duration {
	return map[byte]time.Duration{ntagWrite: WriteTime, ntagCompWrite: WriteTime}
}

func checkUID7(name string, uid []byte) []byte {
	if len(uid) != 7 {
		panic(fmt.Sprintf("mfrc522test: %s needs a 7-byte UID, got %d bytes", name, len(uid)))
	}
	return uid
}

func newNTAG(name string, uid []byte, pages int, cc [4]byte, storage byte, dynSpan int) *NTAG {
	// ATQA 0x0044, SAK 0x00 (NTAG21x §10.3 Table 24, Table 25).
	t := &NTAG{name: name, mem: make([][4]byte, pages), compat: -1}
	t.delays = writeDelays()
	t.init(checkUID7(name, uid), 0x00, 0x04)
	t.initUID()
	t.mem[3] = cc
	t.dynPage = pages - 5
	t.dynSpan = dynSpan
	t.pwdPage = pages - 2
	t.mem[t.dynPage] = [4]byte{0x00, 0x00, 0x00, 0xBD} // §8.5.2: byte 3 RFUI reads 0xBD
	t.mem[pages-4] = [4]byte{0x04, 0x00, 0x00, 0xFF}   // CFG0: MIRROR, RFUI, MIRROR_PAGE, AUTH0 (§8.5.7)
	t.mem[pages-3] = [4]byte{0x00, 0x05, 0x00, 0x00}   // CFG1: ACCESS, RFUI...
	t.mem[pages-2] = [4]byte{0xFF, 0xFF, 0xFF, 0xFF}   // PWD
	// GET_VERSION: fixed header, vendor NXP, type NTAG, subtype, major,
	// minor, storage size, protocol (§10.1 Table 28).
	t.version = []byte{0x00, 0x04, 0x04, 0x02, 0x01, 0x00, storage, 0x03}
	return t
}

// initUID writes UID and check bytes to pages 0-2 (NTAG21x §8.5.1):
// BCC0 = CT ^ UID0 ^ UID1 ^ UID2, BCC1 = UID3 ^ UID4 ^ UID5 ^ UID6.
func (t *NTAG) initUID() {
	u := t.uid
	t.mem[0] = [4]byte{u[0], u[1], u[2], cascadeT ^ u[0] ^ u[1] ^ u[2]}
	t.mem[1] = [4]byte{u[3], u[4], u[5], u[6]}
	t.mem[2] = [4]byte{u[3] ^ u[4] ^ u[5] ^ u[6], 0x48, 0x00, 0x00}
}

// Answer delays (NTAG213/215/216 datasheet §9.2 and the timing tables of
// §10.1 GET_VERSION, §10.2 READ, §10.3 FAST_READ, §10.4 WRITE, §10.5
// COMPATIBILITY_WRITE): an answer starts at least n = 9 bit periods after
// the command (MinAnswerDelay, the ISO/IEC 14443-3 FDT) and at most
// T_TimeOut after it: 5 ms for reads and GET_VERSION, 10 ms for writes.
const (
	MinAnswerDelay = fdt
	// WriteTime is the default WRITE answer delay: the EEPROM is
	// programmed before the ACK.
	WriteTime = 4100 * time.Microsecond
)

// MaxAnswerDelay is the datasheet's T_TimeOut for command cmd: 10 ms for
// WRITE and COMPATIBILITY_WRITE, 5 ms for the others.
func MaxAnswerDelay(cmd byte) time.Duration {
	if cmd == ntagWrite || cmd == ntagCompWrite {
		return 10 * time.Millisecond
	}
	return 5 * time.Millisecond
}

// SetAnswerDelay makes the tag answer command cmd (READ 0x30, FAST_READ
// 0x3A, GET_VERSION 0x60, WRITE 0xA2, COMPATIBILITY_WRITE 0xA0, whose
// second part it delays) d after the end of the command frame. It panics
// unless MinAnswerDelay <= d <= MaxAnswerDelay(cmd): a real tag never
// answers outside its datasheet's limits.
func (t *NTAG) SetAnswerDelay(cmd byte, d time.Duration) {
	if d < MinAnswerDelay || d > MaxAnswerDelay(cmd) {
		panic(fmt.Sprintf("mfrc522test: SetAnswerDelay(0x%02X, %v) outside %v..%v", cmd, d, MinAnswerDelay, MaxAnswerDelay(cmd)))
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.delays[cmd] = d
}

// answerDelay delays the second part of COMPATIBILITY WRITE like its
// command, the first part answers at once.
func (t *NTAG) answerDelay(b []byte) time.Duration {
	if t.compat >= 0 {
		return t.isoTag.answerDelay([]byte{ntagCompWrite})
	}
	if b[0] == ntagCompWrite {
		return fdt
	}
	return t.isoTag.answerDelay(b)
}

func (t *NTAG) String() string { return fmt.Sprintf("%s[% X]", t.name, t.uid) }

// Pages returns the number of 4-byte pages.
func (t *NTAG) Pages() int { return len(t.mem) }

// Page returns page n as stored (PWD included). It panics if n is out of
// range.
func (t *NTAG) Page(n int) [4]byte {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.mem[n]
}

// SetPage stores b in page n regardless of lock bits. It panics if n is out
// of range.
func (t *NTAG) SetPage(n int, b [4]byte) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.mem[n] = b
}

// Lock sets the lock bits that make the given pages read-only, as a WRITE to
// the lock bytes would: static lock bits for pages 3-15 (§8.5.2 Figure 9),
// dynamic lock bits above (§8.5.3; one bit covers 2 pages on NTAG213, 16 on
// NTAG215/216, so neighbours lock too). Pages without a lock bit are ignored.
func (t *NTAG) Lock(pages ...int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, p := range pages {
		switch {
		case p >= 3 && p <= 7:
			t.mem[2][2] |= 1 << p
		case p >= 8 && p <= 15:
			t.mem[2][3] |= 1 << (p - 8)
		case t.dynPage != 0 && p >= 16 && p < t.dynPage:
			i := (p - 16) / t.dynSpan
			t.mem[t.dynPage][i/8] |= 1 << (i % 8)
		}
	}
}

func (t *NTAG) power(on bool) {
	t.isoTag.power(on)
	t.mu.Lock()
	t.compat = -1
	t.mu.Unlock()
}

// locked reports whether a WRITE to page p is refused.
func (t *NTAG) locked(p int) bool {
	switch {
	case p < 2 || p >= len(t.mem):
		return true // UID pages are read-only
	case p == 2:
		return false
	case p <= 7:
		return t.mem[2][2]>>p&1 != 0
	case p <= 15:
		return t.mem[2][3]>>(p-8)&1 != 0
	case t.dynPage != 0 && p < t.dynPage:
		i := (p - 16) / t.dynSpan
		return t.mem[t.dynPage][i/8]>>(i%8)&1 != 0
	}
	return false
}

// store writes page p the way the EEPROM does: lock bytes and the OTP/CC
// page can only have bits set; the static lock block-lock bits freeze the
// lock bits they cover (§8.5.2).
func (t *NTAG) store(p int, d [4]byte) {
	switch {
	case p == 2:
		l0, l1 := t.mem[2][2], t.mem[2][3]
		m0, m1 := byte(0xFF), byte(0xFF)
		if l0&0x01 != 0 { // BL-CC freezes L-CC
			m0 &^= 0x08
		}
		if l0&0x02 != 0 { // BL 9-4
			m0 &^= 0xF0
			m1 &^= 0x03
		}
		if l0&0x04 != 0 { // BL 15-10
			m1 &^= 0xFC
		}
		t.mem[2][2] = l0 | d[2]&m0
		t.mem[2][3] = l1 | d[3]&m1
	case p == 3:
		for i := range d {
			t.mem[3][i] |= d[i]
		}
	case p == t.dynPage && p != 0:
		for i := range 3 {
			t.mem[p][i] |= d[i]
		}
	default:
		t.mem[p] = d
	}
}

// read returns the 16 bytes of pages p..p+3, rolling over to page 0 past
// the last page (NTAG21x §10.2, MF0ICU1 §9.2); PWD and PACK read as zeros.
func (t *NTAG) read(p int) []byte {
	out := make([]byte, 0, 16)
	for i := range 4 {
		out = append(out, t.pageOut((p+i)%len(t.mem))...)
	}
	return out
}

func (t *NTAG) pageOut(p int) []byte {
	if t.pwdPage != 0 && p >= t.pwdPage {
		return make([]byte, 4)
	}
	b := t.mem[p]
	return b[:]
}

func (t *NTAG) nak(code byte) []uint8 {
	t.fail() // a NAK sends the tag back to IDLE or HALT (§10, Table 23 note)
	return toBits([]byte{code}, 4)
}

func ack() []uint8 { return toBits([]byte{ntagACK}, 4) }

func (t *NTAG) command(b []byte, n int) []uint8 {
	if n%8 != 0 || n < 24 {
		t.fail()
		return nil
	}
	b = b[:n/8]
	if !crcOK(b) {
		t.compat = -1
		return t.nak(ntagNAKCRC)
	}
	args := b[1 : len(b)-2]
	if t.compat >= 0 {
		// Second part of COMPATIBILITY WRITE: 16 bytes, the first four
		// are written (§10.5).
		p := t.compat
		t.compat = -1
		if len(b) != 18 {
			return t.nak(ntagNAKArg)
		}
		t.store(p, [4]byte(b[:4]))
		return ack()
	}
	switch b[0] {
	case ntagRead:
		if len(args) != 1 || int(args[0]) >= len(t.mem) {
			return t.nak(ntagNAKArg)
		}
		return toBits(appendCRC(t.read(int(args[0]))), 18*8)
	case ntagFastRead:
		if t.version == nil || len(args) != 2 || args[0] > args[1] || int(args[1]) >= len(t.mem) {
			return t.nak(ntagNAKArg)
		}
		var out []byte
		for p := int(args[0]); p <= int(args[1]); p++ {
			out = append(out, t.pageOut(p)...)
		}
		out = appendCRC(out)
		return toBits(out, 8*len(out))
	case ntagWrite:
		if len(args) != 5 || t.locked(int(args[0])) {
			return t.nak(ntagNAKArg)
		}
		t.store(int(args[0]), [4]byte(args[1:5]))
		return ack()
	case ntagCompWrite:
		if len(args) != 1 || t.locked(int(args[0])) {
			return t.nak(ntagNAKArg)
		}
		t.compat = int(args[0])
		return ack()
	case ntagGetVersion:
		if t.version == nil || len(args) != 0 {
			break // MF0ICU1 does not know it: silent, back to IDLE
		}
		return toBits(appendCRC(t.version), 10*8)
	}
	t.fail()
	return nil
}
