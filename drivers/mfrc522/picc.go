package mfrc522

import (
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
)

// PICC commands (ISO/IEC 14443-3 §6.4, NTAG213/215/216 datasheet §10).
const (
	piccREQA       = 0x26
	piccWUPA       = 0x52
	piccHLTA       = 0x50
	piccCT         = 0x88 // cascade tag
	piccRead       = 0x30
	piccWrite      = 0xA2
	piccGetVersion = 0x60
	piccACK        = 0x0A
)

// selCmd is the SEL code of cascade levels 1, 2 and 3.
var selCmd = [3]byte{0x93, 0x95, 0x97}

// UID is a tag's unique identifier: 4, 7 or 10 bytes.
type UID []byte

// String returns the UID in upper-case hex, like "04A1B2C3D4E5F6".
func (u UID) String() string { return strings.ToUpper(hex.EncodeToString(u)) }

// Equal reports whether u and v are the same UID.
func (u UID) Equal(v UID) bool { return string(u) == string(v) }

// Type is the kind of tag, from its SAK and, for NTAG/Ultralight, GET_VERSION.
type Type int

// Tag types.
const (
	TypeUnknown Type = iota
	// TypeUltralightFamily is SAK 0x00 before GET_VERSION: an NTAG or a
	// MIFARE Ultralight.
	TypeUltralightFamily
	TypeUltralight
	TypeUltralightEV1
	TypeNTAG213
	TypeNTAG215
	TypeNTAG216
	TypeClassicMini
	TypeClassic1K
	TypeClassic4K
)

var typeNames = [...]string{"unknown", "Ultralight/NTAG", "MIFARE Ultralight", "MIFARE Ultralight EV1", "NTAG213", "NTAG215", "NTAG216", "MIFARE Mini", "MIFARE Classic 1K", "MIFARE Classic 4K"}

func (t Type) String() string {
	if t < 0 || int(t) >= len(typeNames) {
		return fmt.Sprintf("Type(%d)", int(t))
	}
	return typeNames[t]
}

// typeFromSAK decodes the final SAK (ISO/IEC 14443-3 §6.5.3.4, NXP AN10833).
func typeFromSAK(sak byte) Type {
	switch sak & 0x7F {
	case 0x00:
		return TypeUltralightFamily
	case 0x09:
		return TypeClassicMini
	case 0x08, 0x88:
		return TypeClassic1K
	case 0x18:
		return TypeClassic4K
	}
	return TypeUnknown
}

// Tag is a tag found in the field.
type Tag struct {
	UID  UID
	ATQA uint16 // as received, byte 0 in the low half
	SAK  byte   // final SAK
	Type Type
	// Data holds 16 bytes read from Opts.ReadPage, when set and the tag is
	// an NTAG or Ultralight.
	Data []byte
}

func (t Tag) String() string {
	return fmt.Sprintf("%s %s", t.Type, t.UID)
}

// levels splits a UID into its cascade levels (ISO/IEC 14443-3 §6.5.4):
// 4 bytes: [u0..u3]; 7: [CT u0 u1 u2][u3..u6]; 10: [CT u0 u1 u2][CT u3 u4 u5][u6..u9].
func levels(u UID) ([][4]byte, error) {
	switch len(u) {
	case 4:
		return [][4]byte{{u[0], u[1], u[2], u[3]}}, nil
	case 7:
		return [][4]byte{{piccCT, u[0], u[1], u[2]}, {u[3], u[4], u[5], u[6]}}, nil
	case 10:
		return [][4]byte{{piccCT, u[0], u[1], u[2]}, {piccCT, u[3], u[4], u[5]}, {u[6], u[7], u[8], u[9]}}, nil
	}
	return nil, fmt.Errorf("mfrc522: UID of %d bytes, want 4, 7 or 10", len(u))
}

func bcc(b [4]byte) byte { return b[0] ^ b[1] ^ b[2] ^ b[3] }

// request sends REQA or WUPA (a 7-bit short frame) and returns the ATQA.
// A collision in the ATQA still means tags are there.
func (d *Dev) request(cmd byte) (uint16, error) {
	r, err := d.exchange(frame{data: []byte{cmd}, txBits: 7, rxLen: 2, coll: true})
	if err != nil {
		return 0, err
	}
	if len(r.data) != 2 && !r.coll {
		return 0, fmt.Errorf("%w: ATQA of %d bytes", ErrProtocol, len(r.data))
	}
	var atqa uint16
	if len(r.data) == 2 {
		atqa = uint16(r.data[0]) | uint16(r.data[1])<<8
	}
	return atqa, nil
}

// wake sends WUPA. After an attempt that failed half-way, or a WUPA whose
// answer was lost, tags may be left READY or ACTIVE, where a WUPA only sends
// them back to IDLE or HALT (ISO/IEC 14443-3 §6.3): then another WUPA wakes
// them. Those are sent when a tag is expected, or after a failed attempt; an
// empty field costs one WUPA.
func (d *Dev) wake(expect bool) (uint16, error) {
	atqa, err := d.request(piccWUPA)
	// A tag whose ATQA was lost is READY: the next WUPA sends it back to
	// IDLE silently, the one after wakes it.
	for i := 0; i < 2 && errors.Is(err, ErrTimeout) && (d.unsettled || expect); i++ {
		atqa, err = d.request(piccWUPA)
	}
	d.unsettled = err == nil
	return atqa, err
}

// selectLevel sends SELECT for one complete cascade level and returns SAK.
func (d *Dev) selectLevel(level int, cl [4]byte) (byte, error) {
	r, err := d.exchange(frame{
		data:  []byte{selCmd[level], 0x70, cl[0], cl[1], cl[2], cl[3], bcc(cl)},
		txCRC: true, rxCRC: true, rxLen: 1,
	})
	if err != nil {
		return 0, err
	}
	if len(r.data) != 1 || r.lastBits != 0 {
		return 0, fmt.Errorf("%w: SAK of %d bytes", ErrProtocol, len(r.data))
	}
	return r.data[0], nil
}

// hlta sends HLTA. The PICC never answers it (ISO/IEC 14443-3 §6.4.3).
func (d *Dev) hlta() error {
	_, err := d.exchange(frame{data: []byte{piccHLTA, 0x00}, txCRC: true})
	if err == nil {
		d.unsettled = false
	}
	return err
}

// branch is a point of the binary anticollision tree still to explore:
// complete levels already resolved, plus the known bits of the current one.
type branch struct {
	done  [][4]byte
	cur   [5]byte // UID CLn bytes and BCC
	known int     // known bits of cur, 0..32
}

// collisionBit converts CollReg's CollPos into the position of the colliding
// bit in the 40-bit UID CLn+BCC. CollPos counts received bits from 1,
// starting at the first bit of the first FIFO byte, so with RxAlign the
// bits we sent ourselves in that byte count as well.
func collisionBit(known, collPos int) int {
	return (known/8)*8 + collPos - 1
}

// anticollision resolves the current level of b, pushing the unexplored
// side of every collision onto stack, and returns the complete level.
func (d *Dev) anticollision(level int, b *branch, stack *[]branch) ([4]byte, error) {
	for range 41 {
		nb, bits := b.known/8, b.known%8
		data := make([]byte, 0, 7)
		data = append(data, selCmd[level], byte((2+nb)<<4|bits))
		data = append(data, b.cur[:nb]...)
		if bits != 0 {
			data = append(data, b.cur[nb]&(1<<bits-1))
		}
		r, err := d.exchange(frame{data: data, txBits: bits, rxAlign: bits, rxLen: 5 - nb, coll: true})
		if err != nil {
			return [4]byte{}, err
		}
		if len(r.data) == 0 || len(r.data) > 5-nb {
			return [4]byte{}, fmt.Errorf("%w: anticollision answer of %d bytes", ErrProtocol, len(r.data))
		}
		// Merge: the first byte holds our own bits below RxAlign.
		mask := byte(1<<bits - 1)
		b.cur[nb] = b.cur[nb]&mask | r.data[0]&^mask
		copy(b.cur[nb+1:], r.data[1:])
		if !r.coll {
			if len(r.data) != 5-nb || r.lastBits != 0 {
				return [4]byte{}, fmt.Errorf("%w: anticollision answer of %d bytes, %d bits", ErrProtocol, len(r.data), r.lastBits)
			}
			cl := [4]byte(b.cur[:4])
			if bcc(cl) != b.cur[4] {
				return [4]byte{}, fmt.Errorf("%w: BCC 0x%02X, want 0x%02X", ErrProtocol, b.cur[4], bcc(cl))
			}
			return cl, nil
		}
		if r.collPos == 0 {
			return [4]byte{}, fmt.Errorf("%w: collision position not valid", ErrCollision)
		}
		p := collisionBit(b.known, r.collPos)
		if p < b.known || p >= 32 {
			// A collision in bits we forced, or in the BCC only: no
			// two genuine tags answer like that.
			return [4]byte{}, fmt.Errorf("%w: collision at bit %d with %d bits known", ErrProtocol, p, b.known)
		}
		if len(*stack) >= maxBranches {
			return [4]byte{}, fmt.Errorf("%w: more than %d tags", ErrCollision, maxBranches)
		}
		// Bits past the collision are not valid: keep bits 0..p-1, then
		// explore bit p = 0 now and remember bit p = 1 for later.
		keep := b.cur
		for i := p; i < 40; i++ {
			keep[i/8] &^= 1 << (i % 8)
		}
		alt := branch{done: append([][4]byte(nil), b.done...), cur: keep, known: p + 1}
		alt.cur[p/8] |= 1 << (p % 8)
		*stack = append(*stack, alt)
		b.cur, b.known = keep, p+1
	}
	return [4]byte{}, fmt.Errorf("%w: anticollision did not converge", ErrProtocol)
}

// maxBranches bounds the tree walk: more tags than this at one reader is
// not a card game.
const maxBranches = 16

// probe wakes the field with WUPA and resolves one leaf of the tree under b.
// It returns ErrNoTag when nothing answers WUPA.
func (d *Dev) probe(b branch, stack *[]branch, readPage uint8, expect bool) (Tag, error) {
	atqa, err := d.wake(expect)
	if err != nil {
		if errors.Is(err, ErrTimeout) {
			return Tag{}, ErrNoTag
		}
		return Tag{}, err
	}
	var uid UID
	resume := len(b.done) // the level b.cur belongs to
	for level := 0; level < 3; level++ {
		var cl [4]byte
		if level < resume {
			cl = b.done[level]
		} else {
			if level > resume {
				b.cur, b.known = [5]byte{}, 0
			}
			if cl, err = d.anticollision(level, &b, stack); err != nil {
				return Tag{}, err
			}
		}
		sak, err := d.selectLevel(level, cl)
		if err != nil {
			return Tag{}, err
		}
		cascade := sak&0x04 != 0
		if cascade != (cl[0] == piccCT) && (cascade || level < 2) {
			// A cascade tag without the cascade bit is legal only for
			// a 4-byte UID whose first byte is 0x88, which ISO/IEC
			// 14443-3 §6.5.4 forbids.
			return Tag{}, fmt.Errorf("%w: SAK 0x%02X with CL%d %X", ErrProtocol, sak, level+1, cl)
		}
		if !cascade {
			uid = append(uid, cl[:]...)
			t := Tag{UID: uid, ATQA: atqa, SAK: sak, Type: typeFromSAK(sak)}
			if readPage != 0 && t.Type == TypeUltralightFamily {
				data, err := d.readPage(readPage)
				if errors.Is(err, ErrNAK) {
					// No such page: the tag is still there, and
					// back in IDLE after its NAK.
					d.unsettled = false
					return t, nil
				}
				if err != nil {
					return Tag{}, err
				}
				t.Data = data
			}
			return t, d.hlta()
		}
		if level == 2 {
			return Tag{}, fmt.Errorf("%w: cascade bit at level 3", ErrProtocol)
		}
		uid = append(uid, cl[1:]...)
		if level >= resume {
			b.done = append(b.done, cl)
		}
	}
	return Tag{}, fmt.Errorf("%w: UID longer than 10 bytes", ErrProtocol)
}

// retryable tells errors worth another attempt from final ones.
func retryable(err error) bool {
	return errors.Is(err, ErrCRC) || errors.Is(err, ErrParity) || errors.Is(err, ErrProtocol) || errors.Is(err, ErrTimeout)
}

// Detect returns every tag in the field now, or none. Tags are found by a
// bit-wise anticollision tree walk (ISO/IEC 14443-3 §6.5.3): one WUPA and
// one full selection per tag, HLTA after each. When no bit ever collided
// there is exactly one tag and Detect stops after it. Each tag is left
// halted; WUPA wakes it again.
//
// With several tags Detect returns all of them; ErrCollision means tags
// answered that could not be told apart (the tags found so far are
// returned with it).
func (d *Dev) Detect() ([]Tag, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.halted {
		return nil, ErrHalted
	}
	return d.detect(false)
}

// detect walks the tree; expect says a tag is believed present.
func (d *Dev) detect(expect bool) ([]Tag, error) {
	var tags []Tag
	stack := append(d.stack[:0], branch{})
	defer func() { d.stack = stack[:0] }()
	retries := d.o.Retries
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		mark := len(stack)
		t, err := d.probe(b, &stack, d.o.ReadPage, expect || len(stack) > 0 || b.known > 0 || len(b.done) > 0)
		switch {
		case err == nil:
			if !containsUID(tags, t.UID) {
				tags = append(tags, t)
			}
		case errors.Is(err, ErrNoTag):
			// The field is empty (or the tags of this branch left).
		case retryable(err) && retries > 0:
			retries--
			stack = append(stack[:mark], b)
		default:
			return tags, err
		}
	}
	return tags, nil
}

func containsUID(tags []Tag, u UID) bool {
	for _, t := range tags {
		if t.UID.Equal(u) {
			return true
		}
	}
	return false
}

// activate wakes the field and selects the tag with this UID at every
// cascade level, without anticollision. It returns ErrNoTag if the tag does
// not answer.
func (d *Dev) activate(uid UID) (byte, error) {
	cls, err := levels(uid)
	if err != nil {
		return 0, err
	}
	if _, err := d.wake(true); err != nil {
		if errors.Is(err, ErrTimeout) {
			return 0, fmt.Errorf("%w: %s", ErrNoTag, uid)
		}
		return 0, err
	}
	var sak byte
	for level, cl := range cls {
		if sak, err = d.selectLevel(level, cl); err != nil {
			if errors.Is(err, ErrTimeout) {
				// Another tag answered WUPA, or our SAK was lost:
				// retryable, and ErrNoTag once retries are spent.
				return 0, fmt.Errorf("%w: %s at CL%d: %w", ErrNoTag, uid, level+1, err)
			}
			return 0, err
		}
		if last := level == len(cls)-1; last == (sak&0x04 != 0) {
			return 0, fmt.Errorf("%w: SAK 0x%02X at CL%d of %s", ErrProtocol, sak, level+1, uid)
		}
	}
	return sak, nil
}

// Present reports whether the tag with this UID answers WUPA and SELECT.
func (d *Dev) Present(uid UID) (bool, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.halted {
		return false, ErrHalted
	}
	err := d.retry(func() error {
		if _, err := d.activate(uid); err != nil {
			return err
		}
		return d.hlta()
	})
	if errors.Is(err, ErrNoTag) {
		return false, nil
	}
	return err == nil, err
}

// retry runs one attempt and repeats it after retryable errors.
func (d *Dev) retry(f func() error) error {
	var err error
	for i := 0; i <= d.o.Retries; i++ {
		if err = f(); err == nil || !retryable(err) {
			return err
		}
	}
	return err
}

// readPage sends READ to the selected tag: 16 bytes from page on (NTAG213
// datasheet §10.2), answered up to 5 ms later; a 4-bit NAK is ErrNAK.
func (d *Dev) readPage(page uint8) ([]byte, error) {
	r, err := d.exchange(frame{data: []byte{piccRead, page}, txCRC: true, rxCRC: true, rxLen: 16, limit: limitRead})
	if err != nil {
		return nil, err
	}
	if r.nak() {
		return nil, fmt.Errorf("%w: READ page %d: 0x%X", ErrNAK, page, r.data[0]&0x0F)
	}
	if len(r.data) != 16 || r.lastBits != 0 {
		return nil, fmt.Errorf("%w: READ answer of %d bytes", ErrProtocol, len(r.data))
	}
	return r.data, nil
}

// ReadPages reads 16 bytes (4 pages) from page on of the NTAG or Ultralight
// with this UID. It returns ErrNoTag when that tag is not in the field.
func (d *Dev) ReadPages(uid UID, page uint8) ([]byte, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.halted {
		return nil, ErrHalted
	}
	var data []byte
	err := d.retry(func() error {
		if _, err := d.activate(uid); err != nil {
			return err
		}
		var err error
		if data, err = d.readPage(page); err != nil {
			return err
		}
		return d.hlta()
	})
	return data, err
}

// WritePage writes one 4-byte page of the NTAG or Ultralight with this UID
// (WRITE 0xA2, NTAG213 datasheet §10.4). A NAK, for example on a locked
// page, is returned as ErrNAK and not retried.
func (d *Dev) WritePage(uid UID, page uint8, data [4]byte) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.halted {
		return ErrHalted
	}
	return d.retry(func() error {
		if _, err := d.activate(uid); err != nil {
			return err
		}
		// The ACK/NAK is a 4-bit frame without CRC_A, sent once the
		// EEPROM is programmed: up to 10 ms.
		r, err := d.exchange(frame{
			data:  []byte{piccWrite, page, data[0], data[1], data[2], data[3]},
			txCRC: true, rxLen: 1, limit: limitWrite,
		})
		if err != nil {
			return err
		}
		if !r.nak() {
			return fmt.Errorf("%w: WRITE answer of %d bytes, %d bits", ErrProtocol, len(r.data), r.lastBits)
		}
		if code := r.data[0] & 0x0F; code != piccACK {
			// After a NAK the tag is back in IDLE: no HLTA needed. NAK
			// 0 (invalid argument, locked page) is final; the others
			// (1: CRC or parity, 5: EEPROM write error) and a garbled
			// ACK are worth another attempt.
			if code == 0 {
				return fmt.Errorf("%w: WRITE page %d refused", ErrNAK, page)
			}
			return fmt.Errorf("%w: WRITE page %d: 0x%X: %w", ErrNAK, page, code, ErrProtocol)
		}
		return d.hlta()
	})
}

// Version is the answer to GET_VERSION (NTAG213/215/216 datasheet §10.1).
type Version [8]byte

// Identify tells NTAG213, NTAG215, NTAG216 and MIFARE Ultralight (EV1)
// apart with GET_VERSION; MIFARE Classic and others are typed by SAK.
func (d *Dev) Identify(uid UID) (Type, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.halted {
		return TypeUnknown, ErrHalted
	}
	var typ Type
	err := d.retry(func() error {
		sak, err := d.activate(uid)
		if err != nil {
			return err
		}
		if typ = typeFromSAK(sak); typ != TypeUltralightFamily {
			return d.hlta()
		}
		r, err := d.exchange(frame{data: []byte{piccGetVersion}, txCRC: true, rxCRC: true, rxLen: 8, limit: limitRead})
		switch {
		case errors.Is(err, ErrTimeout) || err == nil && r.nak():
			// The first MIFARE Ultralight does not know GET_VERSION:
			// it stays silent or NAKs, and goes back to IDLE.
			typ = TypeUltralight
			return nil
		case err != nil:
			return err
		case len(r.data) != 8:
			return fmt.Errorf("%w: GET_VERSION answer of %d bytes", ErrProtocol, len(r.data))
		}
		typ = typeFromVersion(Version(r.data))
		return d.hlta()
	})
	return typ, err
}

// typeFromVersion decodes GET_VERSION: byte 2 product type (0x03
// Ultralight, 0x04 NTAG), byte 6 storage size.
func typeFromVersion(v Version) Type {
	switch {
	case v[1] != 0x04:
		return TypeUnknown
	case v[2] == 0x04 && v[6] == 0x0F:
		return TypeNTAG213
	case v[2] == 0x04 && v[6] == 0x11:
		return TypeNTAG215
	case v[2] == 0x04 && v[6] == 0x13:
		return TypeNTAG216
	case v[2] == 0x03:
		return TypeUltralightEV1
	}
	return TypeUnknown
}
