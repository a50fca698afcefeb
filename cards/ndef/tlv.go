package ndef

import "fmt"

// The pages of a Type 2 Tag that this package deals with (T2TOP §2.1).
const (
	// CCPage is the page holding the Capability Container.
	CCPage = 3
	// FirstPage is the first page of the data area (user memory): the
	// bytes EncodeCard returns go here, and DecodeCard reads from here.
	FirstPage = 4
	// PageSize is the size of a page; WRITE writes one page at a time.
	PageSize = 4
	// ReadSize is what one READ returns: four pages (NTAG21x §10.2).
	ReadSize = 16
)

// TLV block types (T2TOP §2.3, Table 2). Every other value is reserved.
const (
	tlvNull        = 0x00 // §2.3.1: a single byte of padding, no L or V
	tlvLock        = 0x01 // §2.3.2: position of dynamic lock bits, L = 3
	tlvMemory      = 0x02 // §2.3.3: a reserved memory area, L = 3
	tlvNDEF        = 0x03 // §2.3.4: the NDEF message
	tlvProprietary = 0xFD // §2.3.5: vendor data, skipped
	tlvTerminator  = 0xFE // §2.3.6: last TLV, a single byte, no L or V
)

// The L field (T2TOP §2.3): one byte 0x00–0xFE, or 0xFF followed by a
// big-endian 16-bit length (meant for 0x00FF–0xFFFE; 0xFFFF is RFU).
const (
	lenLong    = 0xFF
	lenLongMax = 0xFFFE
)

// findMessage walks the TLV blocks of a data area read from page 4 on and
// returns the value of the first NDEF Message TLV and the offset just past
// it. NULL, Lock Control, Memory Control and Proprietary TLVs are skipped:
// the lock and reserved bytes they describe lie beyond any card message
// (NTAG21x puts them after the data area). It fails with
//   - *TruncatedError when a TLV runs past mem (Need says how far to read),
//   - ErrBlank when a Terminator TLV comes first or mem holds only NULL
//     TLVs (a tag never written, or erased to zeros),
//   - ErrCorrupt on a reserved TLV type or an impossible length.
func findMessage(mem []byte) (msg []byte, end int, err error) {
	if len(mem) == 0 {
		return nil, 0, &TruncatedError{Have: 0, Need: 2}
	}
	onlyNull := true
	pos := 0
	for {
		if pos >= len(mem) {
			if onlyNull {
				return nil, 0, fmt.Errorf("ndef: %w: %d bytes of NULL TLVs", ErrBlank, len(mem))
			}
			// The data area goes on past what was read; the next TLV
			// needs at least its T and L bytes.
			return nil, 0, &TruncatedError{Have: len(mem), Need: pos + 2}
		}
		t := mem[pos]
		switch t {
		case tlvNull:
			pos++
			continue
		case tlvTerminator:
			return nil, 0, fmt.Errorf("ndef: %w: terminator TLV at byte %d before any NDEF message", ErrBlank, pos)
		case tlvLock, tlvMemory, tlvNDEF, tlvProprietary:
		default:
			return nil, 0, fmt.Errorf("ndef: %w: reserved TLV type 0x%02x at byte %d", ErrCorrupt, t, pos)
		}
		onlyNull = false

		if pos+1 >= len(mem) {
			return nil, 0, &TruncatedError{Have: len(mem), Need: pos + 2}
		}
		l, hdr := int(mem[pos+1]), 2
		if l == lenLong {
			if pos+3 >= len(mem) {
				return nil, 0, &TruncatedError{Have: len(mem), Need: pos + 4}
			}
			// Read leniently: a writer may use the long form for a
			// short message; only the RFU value 0xFFFF is refused.
			l, hdr = int(mem[pos+2])<<8|int(mem[pos+3]), 4
			if l > lenLongMax {
				return nil, 0, fmt.Errorf("ndef: %w: TLV length 0xFFFF (RFU) at byte %d", ErrCorrupt, pos+1)
			}
		}
		if (t == tlvLock || t == tlvMemory) && l != 3 {
			return nil, 0, fmt.Errorf("ndef: %w: control TLV 0x%02x with length %d, want 3", ErrCorrupt, t, l)
		}
		end := pos + hdr + l
		if end > len(mem) {
			return nil, 0, &TruncatedError{Have: len(mem), Need: end}
		}
		if t == tlvNDEF {
			return mem[pos+hdr : end], end, nil
		}
		pos = end
	}
}

// appendTLVHeader appends the T and L fields of an NDEF Message TLV whose
// value is n bytes long, using the short L form when it fits.
func appendTLVHeader(b []byte, n int) []byte {
	if n < lenLong {
		return append(b, tlvNDEF, byte(n))
	}
	return append(b, tlvNDEF, lenLong, byte(n>>8), byte(n))
}

// NeedBytes reports how many bytes of the data area, counted from page 4,
// hold the NDEF Message TLV: read pages until len(mem) >= the answer, then
// call DecodeCard. The answer can grow as more is read (a Lock Control TLV
// first, then the message's length), so ask again after each READ:
//
//	mem := read(ndef.FirstPage) // 16 bytes
//	for {
//		n, err := ndef.NeedBytes(mem)
//		if err != nil { ... }          // ErrBlank or ErrCorrupt
//		if n <= len(mem) { break }
//		if n > userBytes { ... }       // runs past the tag: corrupt
//		mem = append(mem, read(ndef.FirstPage+len(mem)/ndef.PageSize)...)
//	}
//	card, err := ndef.DecodeCard(mem)
//
// It never returns ErrTruncated; it returns ErrBlank and ErrCorrupt as
// DecodeCard does for the TLV layer (records are not looked at). A caller
// must stop at the tag's user memory size (CheckCC): a data area of NULL
// TLVs after a Lock Control TLV keeps asking for more.
func NeedBytes(mem []byte) (int, error) {
	_, end, err := findMessage(mem)
	if te, ok := err.(*TruncatedError); ok {
		return te.Need, nil
	}
	return end, err
}
