package ndef

import (
	"encoding/binary"
	"errors"
	"fmt"
	"unicode/utf16"
	"unicode/utf8"
)

// Flags of the first byte of an NDEF record header (NDEF 1.0 §3.2).
const (
	flagMB  = 0x80 // Message Begin: first record of the message (§3.2.1)
	flagME  = 0x40 // Message End: last record of the message (§3.2.2)
	flagCF  = 0x20 // Chunk Flag: payload continues in the next record (§3.2.3)
	flagSR  = 0x10 // Short Record: PAYLOAD_LENGTH is one byte, not four (§3.2.4)
	flagIL  = 0x08 // ID_LENGTH field present (§3.2.5)
	maskTNF = 0x07 // Type Name Format (§3.2.6)
)

// Type Name Format values (NDEF 1.0 §3.2.6).
const (
	tnfEmpty     = 0x00 // no type, no ID, no payload
	tnfWellKnown = 0x01 // NFC Forum well-known type (RTD): "T", "U", "Sp"
	tnfMedia     = 0x02 // media type, RFC 2046: "text/plain"
	tnfAbsURI    = 0x03 // absolute URI, RFC 3986, as the type
	tnfExternal  = 0x04 // NFC Forum external type: "android.com:pkg"
	tnfUnknown   = 0x05 // no type
	tnfUnchanged = 0x06 // middle and last chunks of a chunked payload (§3.3)
	tnfReserved  = 0x07
)

// Well-known record types (RTD names without the urn:nfc:wkt: prefix).
const (
	rtdText = "T" // RTD-Text 1.0
	rtdURI  = "U" // RTD-URI 1.0
)

// Text record status byte (RTD-Text 1.0 §3.2.1). Bit 6 is RFU: written 0,
// ignored when read.
const (
	textUTF16   = 0x80
	textLangLen = 0x3F
)

// record is one parsed NDEF record; the slices alias the tag data.
type record struct {
	tnf     byte
	typ     []byte
	payload []byte
	chunk   bool // CF set, or an Unchanged continuation chunk
}

// message is what DecodeCard needs of an NDEF message: its first record and
// how many records it holds, after every record has been checked.
type message struct {
	first   record
	records int
}

// parseMessage checks the whole record structure of msg (NDEF 1.0 §3.2,
// §3.3) and keeps the first record. Any fault is ErrCorrupt.
func parseMessage(msg []byte) (message, error) {
	var m message
	inChunk := false
	for off := 0; ; m.records++ {
		r, n, hdr, err := parseRecord(msg[off:])
		if err != nil {
			return m, fmt.Errorf("ndef: %w: record %d at byte %d: %w", ErrCorrupt, m.records+1, off, err)
		}
		if first := m.records == 0; first != (hdr&flagMB != 0) {
			return m, fmt.Errorf("ndef: %w: record %d: MB flag %t", ErrCorrupt, m.records+1, !first)
		}
		// §3.3: the chunks after the first carry TNF Unchanged and
		// nothing else does; a chunked payload ends inside the message.
		if inChunk != (r.tnf == tnfUnchanged) {
			return m, fmt.Errorf("ndef: %w: record %d: TNF 0x%x in a chunk sequence %t", ErrCorrupt, m.records+1, r.tnf, inChunk)
		}
		inChunk = hdr&flagCF != 0
		if m.records == 0 {
			m.first = r
		}
		off += n
		if hdr&flagME != 0 {
			switch {
			case inChunk:
				return m, fmt.Errorf("ndef: %w: message ends inside a chunked record", ErrCorrupt)
			case off != len(msg):
				return m, fmt.Errorf("ndef: %w: %d bytes after the ME record", ErrCorrupt, len(msg)-off)
			}
			m.records++
			return m, nil
		}
		if off == len(msg) {
			return m, fmt.Errorf("ndef: %w: no record with the ME flag", ErrCorrupt)
		}
	}
}

// parseRecord reads the record at the start of b and returns it, its size
// and its header byte. Layout (NDEF 1.0 §3.2, Figure 3):
//
//	header  MB ME CF SR IL TNF
//	TYPE_LENGTH     1 byte
//	PAYLOAD_LENGTH  1 byte if SR, else 4 bytes big-endian
//	ID_LENGTH       1 byte if IL
//	TYPE, ID, PAYLOAD
func parseRecord(b []byte) (r record, n int, hdr byte, err error) {
	if len(b) < 2 {
		return r, 0, 0, errors.New("header cut short")
	}
	hdr, typeLen := b[0], int(b[1])
	n = 2
	var payLen uint64
	if hdr&flagSR != 0 {
		if len(b) < n+1 {
			return r, 0, hdr, errors.New("payload length cut short")
		}
		payLen, n = uint64(b[n]), n+1
	} else {
		if len(b) < n+4 {
			return r, 0, hdr, errors.New("payload length cut short")
		}
		payLen, n = uint64(binary.BigEndian.Uint32(b[n:])), n+4
	}
	idLen := 0
	if hdr&flagIL != 0 {
		if len(b) < n+1 {
			return r, 0, hdr, errors.New("ID length cut short")
		}
		idLen, n = int(b[n]), n+1
	}
	// uint64 so a 4-byte length cannot overflow int on 32-bit ARM.
	if uint64(len(b)-n) < uint64(typeLen)+uint64(idLen)+payLen {
		return r, 0, hdr, fmt.Errorf("type %d + ID %d + payload %d bytes run past the message", typeLen, idLen, payLen)
	}
	r.tnf = hdr & maskTNF
	r.chunk = hdr&flagCF != 0 || r.tnf == tnfUnchanged
	r.typ = b[n : n+typeLen]
	n += typeLen + idLen
	r.payload = b[n : n+int(payLen)]
	n += int(payLen)

	switch r.tnf {
	case tnfEmpty:
		if typeLen != 0 || idLen != 0 || payLen != 0 {
			return r, 0, hdr, errors.New("empty record (TNF 0) with type, ID or payload")
		}
	case tnfUnknown, tnfUnchanged:
		if typeLen != 0 {
			return r, 0, hdr, fmt.Errorf("TNF 0x%x with a type", r.tnf)
		}
	case tnfReserved:
		return r, 0, hdr, errors.New("reserved TNF 0x7")
	}
	return r, n, hdr, nil
}

// isText reports whether r is a whole well-known Text record.
func (r record) isText() bool {
	return r.tnf == tnfWellKnown && string(r.typ) == rtdText && !r.chunk
}

// text returns the text of a Text record payload (RTD-Text 1.0 §3.2.1):
//
//	status   UTF-16 flag (bit 7), RFU (bit 6), language length (bits 5–0)
//	language IANA language code, ASCII ("en")
//	text     UTF-8, or UTF-16 with an optional BOM (big-endian without, §3.4)
//
// UTF-8 text comes back as a slice of the payload, without copying.
func text(payload []byte) ([]byte, error) {
	if len(payload) == 0 {
		return nil, fmt.Errorf("ndef: %w: text record without status byte", ErrCorrupt)
	}
	status := payload[0]
	langLen := int(status & textLangLen)
	if 1+langLen > len(payload) {
		return nil, fmt.Errorf("ndef: %w: text record language length %d runs past %d-byte payload", ErrCorrupt, langLen, len(payload))
	}
	t := payload[1+langLen:]
	if status&textUTF16 == 0 {
		if !utf8.Valid(t) {
			return nil, fmt.Errorf("ndef: %w: text record is not valid UTF-8", ErrCorrupt)
		}
		return t, nil
	}
	if len(t)%2 != 0 {
		return nil, fmt.Errorf("ndef: %w: UTF-16 text record of odd length %d", ErrCorrupt, len(t))
	}
	var order binary.ByteOrder = binary.BigEndian
	if len(t) >= 2 {
		switch {
		case t[0] == 0xFE && t[1] == 0xFF:
			t = t[2:]
		case t[0] == 0xFF && t[1] == 0xFE:
			order, t = binary.LittleEndian, t[2:]
		}
	}
	u := make([]uint16, len(t)/2)
	for i := range u {
		u[i] = order.Uint16(t[2*i:])
	}
	// Unpaired surrogates become U+FFFD, which no card code holds.
	return []byte(string(utf16.Decode(u))), nil
}

// appendTextRecord appends a single-record NDEF message: one well-known
// Text record, UTF-8, holding s in language lang (at most 63 bytes).
func appendTextRecord(b []byte, s, lang string) []byte {
	payLen := 1 + len(lang) + len(s)
	if payLen <= 0xFF {
		b = append(b, flagMB|flagME|flagSR|tnfWellKnown, byte(len(rtdText)), byte(payLen))
	} else {
		b = append(b, flagMB|flagME|tnfWellKnown, byte(len(rtdText)))
		b = binary.BigEndian.AppendUint32(b, uint32(payLen))
	}
	b = append(b, rtdText...)
	b = append(b, byte(len(lang))&textLangLen) // UTF-8, RFU bit 0
	b = append(b, lang...)
	return append(b, s...)
}

// textRecordSize is the size of the message appendTextRecord writes.
func textRecordSize(s, lang string) int {
	payLen := 1 + len(lang) + len(s)
	if payLen <= 0xFF {
		return 3 + len(rtdText) + payLen
	}
	return 6 + len(rtdText) + payLen
}
