package ndef

import "fmt"

// Model is an NXP NTAG21x chip that card stickers use.
type Model uint8

// The NTAG21x models.
const (
	NTAG213 Model = iota + 1
	NTAG215
	NTAG216
)

var models = [...]struct {
	name      string
	userBytes int  // user memory, NTAG21x §8.5: pages 4–39, 4–129, 4–225
	size      byte // CC byte 2 as delivered: data area size / 8
}{
	{},
	{"NTAG213", 144, 0x12},
	{"NTAG215", 504, 0x3E},
	{"NTAG216", 888, 0x6D},
}

func (m Model) String() string {
	if m > 0 && int(m) < len(models) {
		return models[m].name
	}
	return fmt.Sprintf("Model(%d)", uint8(m))
}

// UserBytes is the size of m's user memory, pages 4 on (NTAG21x §8.5).
// The CC announces a little less for NTAG215 (496) and NTAG216 (872): a
// multiple of 8.
func (m Model) UserBytes() int {
	if m > 0 && int(m) < len(models) {
		return models[m].userBytes
	}
	return 0
}

// Capability Container bytes (T2TOP §2.1.3).
const (
	ccMagic      = 0xE1 // byte 0: NDEF data is present
	ccVersion    = 0x10 // byte 1: mapping version 1.0 (major in the high nibble)
	ccAccessOpen = 0x0  // byte 3 nibble: access granted (0xF: denied)
)

// CapabilityContainer returns the page-3 bytes of m as NXP delivers it and
// as a tag to be written needs them: E1h 10h then 12h, 3Eh or 6Dh, then 00h
// (read and write access). An unknown model gives zeros, which CheckCC
// refuses.
func CapabilityContainer(m Model) [4]byte {
	if m == 0 || int(m) >= len(models) {
		return [4]byte{}
	}
	return [4]byte{ccMagic, ccVersion, models[m].size, ccAccessOpen<<4 | ccAccessOpen}
}

// CheckCC reads a Capability Container (page 3; T2TOP §2.1.3):
//
//	byte 0  E1h: NDEF magic number
//	byte 1  mapping version; major (high nibble) must be 1 (§6.1.1)
//	byte 2  data area size / 8
//	byte 3  access: high nibble read, low nibble write; 0 = granted
//
// userBytes is the data area size it announces. ErrNotNDEF means the tag is
// not NDEF or cannot be read. ErrReadOnly (a low nibble other than 0, e.g.
// the 0Fh of a locked tag) refuses writing, but userBytes is still valid
// and the tag can be read: a reader may go on after errors.Is(err,
// ErrReadOnly); writable is false then.
func CheckCC(cc [4]byte) (userBytes int, writable bool, err error) {
	if cc[0] != ccMagic {
		return 0, false, fmt.Errorf("ndef: %w: CC magic 0x%02x, want 0xE1", ErrNotNDEF, cc[0])
	}
	if major := cc[1] >> 4; major != ccVersion>>4 {
		return 0, false, fmt.Errorf("ndef: %w: mapping version %d.%d, want 1.x", ErrNotNDEF, major, cc[1]&0x0F)
	}
	if cc[2] == 0 {
		return 0, false, fmt.Errorf("ndef: %w: CC announces no data area", ErrNotNDEF)
	}
	if r := cc[3] >> 4; r != ccAccessOpen {
		return 0, false, fmt.Errorf("ndef: %w: read access 0x%x, want 0x0", ErrNotNDEF, r)
	}
	userBytes = int(cc[2]) * 8
	if w := cc[3] & 0x0F; w != ccAccessOpen {
		return userBytes, false, fmt.Errorf("ndef: %w: write access 0x%x, want 0x0", ErrReadOnly, w)
	}
	return userBytes, true, nil
}
