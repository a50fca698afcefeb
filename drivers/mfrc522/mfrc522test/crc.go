package mfrc522test

// CRC_A is the ISO/IEC 14443-3 Annex B CRC: polynomial x^16+x^12+x^5+1,
// processed LSB first (reflected, 0x8408), no final XOR. Over the air it is
// sent low byte first.
const crcAPreset = 0x6363

// crcUpdate feeds one byte into a CRC_A register (ISO/IEC 14443-3 Annex B.3,
// the byte-wise form of the reflected CCITT polynomial).
func crcUpdate(crc uint16, b byte) uint16 {
	b ^= byte(crc)
	b ^= b << 4
	return crc>>8 ^ uint16(b)<<8 ^ uint16(b)<<3 ^ uint16(b)>>4
}

// CRCA returns the CRC_A of data as it is sent on air: low byte first.
func CRCA(data []byte) [2]byte {
	crc := uint16(crcAPreset)
	for _, b := range data {
		crc = crcUpdate(crc, b)
	}
	return [2]byte{byte(crc), byte(crc >> 8)}
}

// appendCRC returns data followed by its CRC_A.
func appendCRC(data []byte) []byte {
	c := CRCA(data)
	out := make([]byte, 0, len(data)+2)
	out = append(out, data...)
	return append(out, c[0], c[1])
}

// crcOK reports whether the last two bytes of b are the CRC_A of the rest.
func crcOK(b []byte) bool {
	if len(b) < 3 {
		return false
	}
	c := CRCA(b[:len(b)-2])
	return c[0] == b[len(b)-2] && c[1] == b[len(b)-1]
}
