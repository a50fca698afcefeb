package ndef

import (
	"errors"
	"strings"
	"testing"
)

// TestEncodeTextLong covers the long forms EncodeCard never needs: a 3-byte
// TLV length and a 4-byte payload length, read back by the decoder (whose
// long forms are checked against hand-built bytes in ndef_test.go).
func TestEncodeTextLong(t *testing.T) {
	tests := []struct {
		name   string
		n      int // text length
		tlvHdr int // TLV header size: 2 or 4
		sr     bool
	}{
		{"short record, short TLV", 200, 2, true},
		{"longest short TLV", 254 - 7, 2, true},
		{"3-byte TLV length, short record", 252, 4, true},
		{"long record", 300, 4, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := strings.Repeat("x", tt.n)
			mem := encodeText(s, lang)
			if len(mem)%PageSize != 0 {
				t.Errorf("len = %d, not whole pages", len(mem))
			}
			if hdr := 2 + 2*btoi(mem[1] == lenLong); hdr != tt.tlvHdr {
				t.Errorf("TLV header = %d bytes, want %d", hdr, tt.tlvHdr)
			}
			if sr := mem[tt.tlvHdr]&flagSR != 0; sr != tt.sr {
				t.Errorf("SR = %t, want %t", sr, tt.sr)
			}
			_, err := DecodeCard(mem)
			var fe *ForeignError
			if !errors.As(err, &fe) || fe.Kind != ForeignText || fe.Text != clip(s) {
				t.Errorf("DecodeCard(encodeText(%d × x)) = %v, want foreign text", tt.n, err)
			}
		})
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
