package mfrc522test

import (
	"bytes"
	"fmt"
	"sync"
	"time"
)

// Tag is a PICC that can be placed in the simulator's field: *NTAG or
// *Classic.
type Tag interface {
	UID() []byte
}

// TagState is a PICC state of ISO/IEC 14443-3 §6.3 (Figure 7).
type TagState int

// Tag states.
const (
	StateOff    TagState = iota // POWER-OFF: out of the field, or the field is off
	StateIdle                   // powered; answers REQA and WUPA
	StateReady                  // woken; answers anticollision/SELECT of its cascade level
	StateActive                 // selected; answers application commands
	StateHalt                   // halted by HLTA; answers only WUPA
)

func (s TagState) String() string {
	switch s {
	case StateOff:
		return "POWER-OFF"
	case StateIdle:
		return "IDLE"
	case StateReady:
		return "READY"
	case StateActive:
		return "ACTIVE"
	case StateHalt:
		return "HALT"
	}
	return fmt.Sprintf("TagState(%d)", int(s))
}

// ISO/IEC 14443-3 command codes (§6.4, Table 3).
const (
	piccREQA = 0x26
	piccWUPA = 0x52
	piccHLTA = 0x50
	selCL1   = 0x93
	selCL2   = 0x95
	selCL3   = 0x97
	nvbSel   = 0x70 // NVB of a SELECT: 7 full bytes
	cascadeT = 0x88 // cascade tag CT, §6.5.4
	sakCasc  = 0x04 // SAK cascade bit: UID not complete, §6.5.3.4
)

// picc is what the simulator needs from a tag.
type picc interface {
	Tag
	iso() *isoTag
	power(on bool)
	// answerDelay is the FDT of the answer to frame b in ACTIVE state,
	// with iso().mu held, before command sees it.
	answerDelay(b []byte) time.Duration
	// command handles a frame in ACTIVE state other than HLTA, with
	// iso().mu held; it returns the answer bits or nil for silence.
	command(b []byte, n int) []uint8
}

// isoTag is the ISO/IEC 14443-3 type A layer shared by all tags.
type isoTag struct {
	mu       sync.Mutex
	uid      []byte
	atqa     [2]byte
	sak      byte // SAK once the UID is complete
	state    TagState
	level    int                    // cascade level being resolved in READY, 1..3
	fromHalt bool                   // woken from HALT: errors send it back there
	delays   map[byte]time.Duration // answer delay per command; fdt if absent
}

func (t *isoTag) init(uid []byte, sak byte, atqa0 byte) {
	t.uid, t.sak = append([]byte(nil), uid...), sak
	// ATQA b8b7 code the UID size: single, double, triple (§6.5.2.1).
	t.atqa = [2]byte{atqa0 | byte(t.levels()-1)<<6, 0x00}
}

func (t *isoTag) iso() *isoTag { return t }

// UID returns the tag's UID.
func (t *isoTag) UID() []byte { return append([]byte(nil), t.uid...) }

// State returns the tag's ISO/IEC 14443-3 state.
func (t *isoTag) State() TagState {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.state
}

func (t *isoTag) power(on bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case on && t.state == StateOff:
		t.state = StateIdle
	case !on:
		t.state, t.level, t.fromHalt = StateOff, 0, false
	}
}

func (t *isoTag) levels() int {
	switch len(t.uid) {
	case 7:
		return 2
	case 10:
		return 3
	}
	return 1
}

// clField is UID CLn followed by its BCC (§6.5.4, Figure 11): a cascade tag
// precedes the first UID bytes on every level but the last.
func (t *isoTag) clField(level int) [5]byte {
	var f [5]byte
	u := t.uid
	switch {
	case level == t.levels():
		copy(f[:4], u[3*(level-1):])
	default:
		f[0] = cascadeT
		copy(f[1:4], u[3*(level-1):])
	}
	f[4] = f[0] ^ f[1] ^ f[2] ^ f[3]
	return f
}

// fail is the answer to an unexpected frame in READY or ACTIVE: back to
// IDLE, or HALT if woken from there (§6.3.4, §6.3.5).
func (t *isoTag) fail() {
	if t.state == StateReady || t.state == StateActive {
		if t.fromHalt {
			t.state = StateHalt
		} else {
			t.state = StateIdle
		}
	}
}

// answer is a tag's reply: its bits, first on air first (nil for silence),
// and the frame delay from the end of the command to its first bit.
type answer struct {
	bits  []uint8
	delay time.Duration
}

// handle runs one received frame of n bits through the tag's state machine.
// Anticollision answers come at the fixed FDT (ISO/IEC 14443-3 §6.2.1.1);
// application commands after the tag's delay for that command.
func handle(p picc, data []byte, n int) answer {
	t := p.iso()
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.state == StateActive && n != 7 && n != 0 && !isHLTA(data, n) {
		d := p.answerDelay(data)
		return answer{p.command(data, n), d}
	}
	return answer{t.step(data, n), fdt}
}

// step is the ISO/IEC 14443-3 state machine up to ACTIVE and HLTA.
func (t *isoTag) step(data []byte, n int) []uint8 {
	if t.state == StateOff || n == 0 {
		return nil
	}
	if n == 7 { // short frame, §6.2.3.1
		cmd := data[0] & 0x7F
		if cmd == piccREQA && t.state == StateIdle || cmd == piccWUPA && (t.state == StateIdle || t.state == StateHalt) {
			t.fromHalt = t.state == StateHalt
			t.state, t.level = StateReady, 1
			return toBits(t.atqa[:], 16)
		}
		t.fail()
		return nil
	}
	switch t.state {
	case StateReady:
		if n >= 16 && data[0] == [3]byte{selCL1, selCL2, selCL3}[t.level-1] {
			return t.anticoll(data, n)
		}
		t.fail()
	case StateActive:
		if isHLTA(data, n) {
			t.state = StateHalt // HLTA is never answered (§6.4.3)
		}
	}
	return nil
}

func isHLTA(data []byte, n int) bool {
	return n == 32 && data[0] == piccHLTA && data[1] == 0x00 && crcOK(data[:4])
}

// answerDelay is the frame delay of the answer to application frame b.
func (t *isoTag) answerDelay(b []byte) time.Duration {
	if d, ok := t.delays[b[0]]; ok {
		return d
	}
	return fdt
}

// anticoll answers an ANTICOLLISION or SELECT of the current cascade level
// (§6.5.3): NVB gives the bits sent; a tag whose UID CLn starts with them
// sends the rest, the others keep silent.
func (t *isoTag) anticoll(data []byte, n int) []uint8 {
	cl := t.clField(t.level)
	nvb := data[1]
	if nvb == nvbSel {
		if n != 72 || !crcOK(data[:9]) {
			t.fail()
			return nil
		}
		if !bytes.Equal(data[2:7], cl[:]) {
			return nil
		}
		sak := t.sak
		if t.level < t.levels() {
			sak = sakCasc
			t.level++
		} else {
			t.state = StateActive
		}
		return toBits(appendCRC([]byte{sak}), 24)
	}
	hi, lo := int(nvb>>4), int(nvb&0x0F)
	if hi < 2 || hi > 6 || lo > 7 || n != 8*hi+lo {
		t.fail()
		return nil
	}
	known := n - 16
	all := toBits(cl[:], 40)
	sent := toBits(data[2:], known)
	if !bytes.Equal(sent, all[:known]) {
		return nil
	}
	return all[known:]
}

// toBits unpacks the first n bits of b, LSB of each byte first (§6.2.3).
func toBits(b []byte, n int) []uint8 {
	out := make([]uint8, n)
	for i := range out {
		out[i] = b[i/8] >> (i % 8) & 1
	}
	return out
}

// Classic is a MIFARE Classic 1K. It answers up to SELECT and HLTA; its
// Crypto1 memory access is not modelled (commands in ACTIVE are ignored).
type Classic struct {
	isoTag
}

// NewClassic1K returns a MIFARE Classic 1K with a 4-, 7- or 10-byte UID
// (ATQA 0x0004/0x0044/0x0084, SAK 0x08: MF1S50yyX datasheet §9.4, AN10833
// Table 5). It panics on another UID length.
func NewClassic1K(uid []byte) *Classic {
	if n := len(uid); n != 4 && n != 7 && n != 10 {
		panic(fmt.Sprintf("mfrc522test: NewClassic1K: UID of %d bytes, want 4, 7 or 10", n))
	}
	c := &Classic{}
	c.init(uid, 0x08, 0x04)
	return c
}

func (c *Classic) String() string { return fmt.Sprintf("Classic1K[% X]", c.uid) }

func (c *Classic) command(b []byte, n int) []uint8 {
	c.fail()
	return nil
}
