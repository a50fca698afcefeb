package mfrc522

// crcA is the CRC_A of ISO/IEC 14443-3 Annex B (polynomial x^16+x^12+x^5+1,
// reflected, preset 0x6363, no final XOR), low byte first as sent on air.
// The driver checks answers in software as NXP's reader library does; the
// simulator has its own, independent copy, so that one cannot hide a
// mistake of the other.
func crcA(data []byte) [2]byte {
	crc := uint16(0x6363)
	for _, b := range data {
		crc ^= uint16(b)
		for range 8 {
			if crc&1 != 0 {
				crc = crc>>1 ^ 0x8408
			} else {
				crc >>= 1
			}
		}
	}
	return [2]byte{byte(crc), byte(crc >> 8)}
}
