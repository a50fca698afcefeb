package ndef_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cards/ndef"
)

// h turns "03 09 D1" into bytes; tests spell tag images out in hex.
func h(s string) []byte {
	b, err := hex.DecodeString(strings.Join(strings.Fields(s), ""))
	if err != nil {
		panic(err)
	}
	return b
}

// read16 pads b with zeros to whole READs of 16 bytes, as a tag returns it
// (the rest of a written tag is zeros, or old data past the Terminator).
func read16(b []byte) []byte {
	out := append([]byte(nil), b...)
	for len(out)%ndef.ReadSize != 0 || len(out) == 0 {
		out = append(out, 0)
	}
	return out
}

func mustParse(t testing.TB, code string) cards.Card {
	t.Helper()
	c, err := cards.Parse(code)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestEncodeR7Bytes checks EncodeCard against an image worked out by hand
// from the specifications, byte by byte.
func TestEncodeR7Bytes(t *testing.T) {
	want := []byte{
		// T2TOP §2.3.4 NDEF Message TLV
		0x03, // T: NDEF Message
		0x09, // L: 9 bytes of message follow (one-byte length form)
		// NDEF 1.0 §3.2 record header
		0xD1, // 1101 0001: MB=1 ME=1 CF=0 SR=1 IL=0, TNF=001 well-known
		0x01, // TYPE_LENGTH: 1
		0x05, // PAYLOAD_LENGTH (short record, 1 byte): 5
		0x54, // TYPE: 'T', the Text RTD
		// RTD-Text 1.0 §3.2.1 payload
		0x02,       // status: bit 7 = 0 UTF-8, bit 6 RFU = 0, language length 2
		0x65, 0x6E, // "en"
		0x52, 0x37, // "R7"
		// T2TOP §2.3.6
		0xFE, // Terminator TLV
		// 12 bytes: already whole pages, no padding
	}
	got := ndef.EncodeCard(mustParse(t, "R7"))
	if !bytes.Equal(got, want) {
		t.Errorf("EncodeCard(R7) = % X, want % X", got, want)
	}
}

// TestEncodeSizes pins the size of each shape of code: every one fits the
// 16 bytes of a single READ from page 4.
func TestEncodeSizes(t *testing.T) {
	tests := []struct {
		code string
		want int
	}{
		{"W", 12},     // 10 + 1 = 11, padded
		{"R7", 12},    // 10 + 2
		{"GS", 12},    // 10 + 2
		{"BR", 12},    // 10 + 2
		{"WX", 12},    // 10 + 2
		{"Y+2", 16},   // 10 + 3 = 13, padded
		{"W+4", 16},   // 10 + 3
		{"BLANK", 16}, // 10 + 5 = 15, padded
		{"W+4:B", 16}, // written as its face, W+4
	}
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			got := ndef.EncodeCard(mustParse(t, tt.code))
			if len(got) != tt.want {
				t.Errorf("len(EncodeCard(%s)) = %d, want %d", tt.code, len(got), tt.want)
			}
			if len(got)%ndef.PageSize != 0 {
				t.Errorf("len(EncodeCard(%s)) = %d, not whole pages", tt.code, len(got))
			}
		})
	}
}

// TestRoundTripDecks encodes every card of every deck and reads it back
// from a single 16-byte READ, and proves it fits NTAG213 with room to spare.
func TestRoundTripDecks(t *testing.T) {
	largest := 0
	for _, name := range cards.DeckNames {
		t.Run(name, func(t *testing.T) {
			d, err := cards.Deck(name)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range d {
				mem := ndef.EncodeCard(c)
				largest = max(largest, len(mem))
				if len(mem) > ndef.ReadSize {
					t.Errorf("EncodeCard(%v) is %d bytes, more than one READ", c, len(mem))
				}
				if len(mem) > ndef.NTAG213.UserBytes() {
					t.Errorf("EncodeCard(%v) is %d bytes, NTAG213 holds %d", c, len(mem), ndef.NTAG213.UserBytes())
				}
				got, err := ndef.DecodeCard(read16(mem))
				if err != nil || got != c.Face() {
					t.Errorf("DecodeCard(EncodeCard(%v)) = %v, %v, want %v", c, got, err, c.Face())
				}
				if n, err := ndef.NeedBytes(mem); err != nil || n > len(mem) {
					t.Errorf("NeedBytes(EncodeCard(%v)) = %d, %v, want <= %d", c, n, err, len(mem))
				}
			}
		})
	}
	if largest != 16 {
		t.Errorf("largest encoding = %d bytes, want 16", largest)
	}
}

func TestEncodeWildWithoutNamedColour(t *testing.T) {
	for _, code := range []string{"W", "W+4", "WX"} {
		for _, col := range cards.Colors {
			named := mustParse(t, code+":"+col.Code())
			got, want := ndef.EncodeCard(named), ndef.EncodeCard(named.Face())
			if !bytes.Equal(got, want) {
				t.Errorf("EncodeCard(%v) = % X, want % X (%v)", named, got, want, named.Face())
			}
		}
	}
}

// Hand-built tag images for the decoder. Records are spelled out; lengths
// are counted in the comments.
const (
	// Text record "R7": D1 01 05 54 | 02 "en" "R7" (9 bytes).
	recR7 = "D1 01 05 54 02 65 6E 52 37"
	// NTAG213 memory content at delivery (NTAG213F data sheet, Table 18
	// shows the same first bytes): Lock Control TLV for the dynamic lock
	// bytes at page 28h, then an empty NDEF Message TLV.
	lockTLV213 = "01 03 A0 0C 34"
	// NTAG203 delivery content (NTAG203 data sheet §8.5.5, Table 7).
	lockTLV203 = "01 03 A0 10 44"
	// Memory Control TLV: a reserved area of 4 bytes at page 30h.
	memTLV = "02 03 C0 04 44"
)

func TestDecodeCard(t *testing.T) {
	r7 := mustParse(t, "R7")
	tests := []struct {
		name    string
		mem     []byte
		want    cards.Card
		err     error                // sentinel for errors.Is, nil for success
		foreign *ndef.ForeignError   // when err is ErrForeign
		trunc   *ndef.TruncatedError // when err is ErrTruncated
		reason  string               // in the message, when err is ErrCorrupt
	}{
		{name: "R7", mem: h("03 09 " + recR7 + " FE 00 00 00 00"), want: r7},
		{name: "R7 without terminator", mem: h("03 09 " + recR7), want: r7},
		{name: "BLANK card", mem: h("03 0C D1 01 08 54 02 65 6E 42 4C 41 4E 4B FE 00"), want: cards.Card{Kind: cards.Blank}},
		{name: "language fr", mem: h("03 09 D1 01 05 54 02 66 72 52 37 FE"), want: r7},
		{name: "no language", mem: h("03 07 D1 01 03 54 00 52 37 FE"), want: r7},
		{name: "RFU status bit set", mem: h("03 09 D1 01 05 54 42 65 6E 52 37 FE"), want: r7},
		{name: "lock and memory control TLVs first", mem: h(lockTLV213 + memTLV + "03 09 " + recR7 + " FE"), want: r7},
		{name: "NTAG203 lock control TLV", mem: h(lockTLV203 + "03 09 " + recR7 + " FE"), want: r7},
		{name: "proprietary TLV first", mem: h("FD 02 AA BB 03 09 " + recR7 + " FE"), want: r7},
		{name: "NULL padding", mem: h("00 00 00 03 09 " + recR7 + " FE"), want: r7},
		{name: "3-byte length", mem: h("03 FF 00 09 " + recR7 + " FE"), want: r7},
		{name: "record with ID", mem: h("03 0B D9 01 05 01 54 49 02 65 6E 52 37 FE"), want: r7},
		{name: "long payload length", mem: h("03 0C C1 01 00 00 00 05 54 02 65 6E 52 37 FE"), want: r7},
		{name: "UTF-16 big-endian with BOM", mem: h("03 0F D1 01 0B 54 82 65 6E FE FF 00 52 00 2B 00 32 FE"), want: mustParse(t, "R+2")},
		{name: "UTF-16 little-endian with BOM", mem: h("03 0D D1 01 09 54 82 65 6E FF FE 52 00 37 00 FE"), want: r7},
		{name: "UTF-16 without BOM is big-endian", mem: h("03 0B D1 01 07 54 82 65 6E 00 52 00 37 FE"), want: r7},

		// Blank tags.
		{name: "all-zero page", mem: make([]byte, 16), err: ndef.ErrBlank},
		{name: "all-zero tag", mem: make([]byte, 144), err: ndef.ErrBlank},
		{name: "NTAG213 as delivered", mem: read16(h(lockTLV213 + "03 00 FE")), err: ndef.ErrBlank},
		{name: "NTAG203 as delivered", mem: read16(h(lockTLV203 + "03 00 FE")), err: ndef.ErrBlank},
		{name: "NTAG215 as delivered", mem: read16(h("03 00 FE")), err: ndef.ErrBlank},
		{name: "terminator first", mem: read16(h("FE")), err: ndef.ErrBlank},
		{name: "terminator after lock control", mem: read16(h(lockTLV213 + "FE")), err: ndef.ErrBlank},
		{name: "one empty record", mem: read16(h("03 03 D0 00 00 FE")), err: ndef.ErrBlank},

		// Someone else's data.
		{name: "URI record", err: ndef.ErrForeign,
			// D1 01 0C 55 | 04 "example.com": 04 = "https://"
			mem:     read16(h("03 10 D1 01 0C 55 04 65 78 61 6D 70 6C 65 2E 63 6F 6D FE")),
			foreign: &ndef.ForeignError{Kind: ndef.ForeignURI, Text: "https://example.com", Records: 1}},
		{name: "URI record with RFU prefix", err: ndef.ErrForeign,
			mem:     read16(h("03 07 D1 01 03 55 FF 61 62 FE")),
			foreign: &ndef.ForeignError{Kind: ndef.ForeignURI, Text: "ab", Records: 1}},
		{name: "text hello", err: ndef.ErrForeign,
			mem:     read16(h("03 0C D1 01 08 54 02 65 6E 68 65 6C 6C 6F FE")),
			foreign: &ndef.ForeignError{Kind: ndef.ForeignText, Text: "hello", Records: 1}},
		{name: "text elephant (NXP community example)", err: ndef.ErrForeign,
			mem:     h("03 0F D1 01 0B 54 02 65 6E 65 6C 65 70 68 61 6E 74 FE 00 00"),
			foreign: &ndef.ForeignError{Kind: ndef.ForeignText, Text: "elephant", Records: 1}},
		{name: "wild with named colour", err: ndef.ErrForeign,
			mem:     read16(h("03 0A D1 01 06 54 02 65 6E 57 3A 47 FE")),
			foreign: &ndef.ForeignError{Kind: ndef.ForeignText, Text: "W:G", Records: 1}},
		{name: "lower-case code", err: ndef.ErrForeign,
			mem:     read16(h("03 09 D1 01 05 54 02 65 6E 72 37 FE")),
			foreign: &ndef.ForeignError{Kind: ndef.ForeignText, Text: "r7", Records: 1}},
		{name: "UTF-16 text that is no code", err: ndef.ErrForeign,
			mem:     read16(h("03 0B D1 01 07 54 82 65 6E 00 68 00 69 FE")),
			foreign: &ndef.ForeignError{Kind: ndef.ForeignText, Text: "hi", Records: 1}},
		{name: "card text plus app record", err: ndef.ErrForeign,
			// 91 01 05 54 ... (MB, SR) then 54 0F 03 "android.com:pkg" "abc" (ME, SR, TNF 4)
			mem: h("03 1E 91 01 05 54 02 65 6E 52 37" +
				"54 0F 03 61 6E 64 72 6F 69 64 2E 63 6F 6D 3A 70 6B 67 61 62 63 FE"),
			foreign: &ndef.ForeignError{Kind: ndef.ForeignText, Text: "R7", Records: 2}},
		{name: "external type", err: ndef.ErrForeign,
			mem:     h("03 15 D4 0F 03 61 6E 64 72 6F 69 64 2E 63 6F 6D 3A 70 6B 67 61 62 63 FE"),
			foreign: &ndef.ForeignError{Kind: ndef.ForeignOther, Text: "urn:nfc:ext:android.com:pkg", Records: 1}},
		{name: "media type", err: ndef.ErrForeign,
			mem:     read16(h("03 0F D2 0A 02 74 65 78 74 2F 70 6C 61 69 6E 52 37 FE")),
			foreign: &ndef.ForeignError{Kind: ndef.ForeignMedia, Text: "text/plain", Records: 1}},
		{name: "smart poster", err: ndef.ErrForeign,
			mem:     read16(h("03 05 D1 02 00 53 70 FE")),
			foreign: &ndef.ForeignError{Kind: ndef.ForeignOther, Text: "urn:nfc:wkt:Sp", Records: 1}},
		{name: "unknown type", err: ndef.ErrForeign,
			mem:     read16(h("03 05 D5 00 02 52 37 FE")),
			foreign: &ndef.ForeignError{Kind: ndef.ForeignOther, Text: "unknown type", Records: 1}},
		{name: "absolute URI type", err: ndef.ErrForeign,
			mem:     read16(h("03 0B D3 08 00 68 74 74 70 3A 2F 2F 78 FE")),
			foreign: &ndef.ForeignError{Kind: ndef.ForeignOther, Text: "http://x", Records: 1}},
		{name: "empty URI record", err: ndef.ErrForeign,
			mem:     read16(h("03 04 D1 01 00 55 FE")),
			foreign: &ndef.ForeignError{Kind: ndef.ForeignURI, Text: "", Records: 1}},
		{name: "empty record first of two", err: ndef.ErrForeign,
			mem:     read16(h("03 07 90 00 00 51 01 00 55 FE")),
			foreign: &ndef.ForeignError{Kind: ndef.ForeignOther, Text: "empty record", Records: 2}},
		{name: "chunked text", err: ndef.ErrForeign,
			// B1 01 01 54 02 (MB CF SR, status only) 56 00 04 "enR7" (ME SR, Unchanged)
			mem:     read16(h("03 0C B1 01 01 54 02 56 00 04 65 6E 52 37 FE")),
			foreign: &ndef.ForeignError{Kind: ndef.ForeignOther, Text: "chunked record", Records: 2}},
		{name: "long text with 3-byte TLV length and 4-byte payload length", err: ndef.ErrForeign,
			mem: h("03 FF 01 33 C1 01 00 00 01 2C 54 02 65 6E" + strings.Repeat("61", 297) + "FE"),
			// 0x133 = 307 = 7 header + 300 payload (0x12C) = status + "en" + 297 × "a"
			foreign: &ndef.ForeignError{Kind: ndef.ForeignText, Text: strings.Repeat("a", 100) + "…", Records: 1}},

		// Read more.
		{name: "empty read", mem: nil, err: ndef.ErrTruncated, trunc: &ndef.TruncatedError{Have: 0, Need: 2}},
		{name: "message cut", mem: h("03 09 D1 01 05 54 02 65"), err: ndef.ErrTruncated, trunc: &ndef.TruncatedError{Have: 8, Need: 11}},
		{name: "length missing", mem: h("00 03"), err: ndef.ErrTruncated, trunc: &ndef.TruncatedError{Have: 2, Need: 3}},
		{name: "3-byte length cut", mem: h("03 FF 01"), err: ndef.ErrTruncated, trunc: &ndef.TruncatedError{Have: 3, Need: 4}},
		{name: "lock control cut", mem: h("01 03 A0"), err: ndef.ErrTruncated, trunc: &ndef.TruncatedError{Have: 3, Need: 5}},
		{name: "after lock control", mem: h(lockTLV213), err: ndef.ErrTruncated, trunc: &ndef.TruncatedError{Have: 5, Need: 7}},
		{name: "lock, memory control, BLANK past one READ", err: ndef.ErrTruncated,
			// 10 + 2 + 12 = 24 bytes
			mem:   h(lockTLV213 + memTLV + "03 0C D1 01 08 54"),
			trunc: &ndef.TruncatedError{Have: 16, Need: 24}},
		{name: "long message in one READ", err: ndef.ErrTruncated,
			mem: h("03 FF 01 33 C1 01 00 00 01 2C 54 02 65 6E 61 61"), trunc: &ndef.TruncatedError{Have: 16, Need: 311}},

		// Broken.
		{name: "garbage", mem: h("5A A5 13 37 DE AD BE EF 00 11 22 33 44 55 66 77"), err: ndef.ErrCorrupt, reason: "reserved TLV type 0x5a"},
		{name: "all 0xFF (reserved TLV type)", mem: h(strings.Repeat("FF", 16)), err: ndef.ErrCorrupt, reason: "reserved TLV type 0xff"},
		{name: "TLV length 0xFFFF", mem: read16(h("03 FF FF FF")), err: ndef.ErrCorrupt, reason: "RFU"},
		{name: "lock control of length 4", mem: read16(h("01 04 A0 0C 34 00 03 00 FE")), err: ndef.ErrCorrupt, reason: "length 4, want 3"},
		{name: "record runs past the TLV", mem: read16(h("03 05 D1 01 05 54 02 FE")), err: ndef.ErrCorrupt, reason: "run past the message"},
		{name: "record header cut", mem: read16(h("03 01 D1 FE")), err: ndef.ErrCorrupt, reason: "header cut short"},
		{name: "4-byte payload length cut", mem: read16(h("03 04 C1 01 00 00 FE")), err: ndef.ErrCorrupt, reason: "payload length cut short"},
		{name: "4-byte payload length past the message", mem: read16(h("03 0C C1 01 FF FF FF FF 54 02 65 6E 52 37 FE")), err: ndef.ErrCorrupt, reason: "payload 4294967295 bytes run past"},
		{name: "ID length cut", mem: read16(h("03 03 D9 01 05 FE")), err: ndef.ErrCorrupt, reason: "ID length cut short"},
		{name: "no MB", mem: read16(h("03 09 51 01 05 54 02 65 6E 52 37 FE")), err: ndef.ErrCorrupt, reason: "MB flag false"},
		{name: "no ME", mem: read16(h("03 09 91 01 05 54 02 65 6E 52 37 FE")), err: ndef.ErrCorrupt, reason: "no record with the ME flag"},
		{name: "MB on second record", mem: read16(h("03 08 91 01 00 54 D1 01 00 54 FE")), err: ndef.ErrCorrupt, reason: "record 2: MB flag true"},
		{name: "bytes after ME", mem: read16(h("03 0A " + recR7 + " 00 FE")), err: ndef.ErrCorrupt, reason: "1 bytes after the ME record"},
		{name: "reserved TNF", mem: read16(h("03 03 D7 00 00 FE")), err: ndef.ErrCorrupt, reason: "reserved TNF"},
		{name: "empty record with payload", mem: read16(h("03 04 D0 00 01 52 FE")), err: ndef.ErrCorrupt, reason: "empty record (TNF 0) with"},
		{name: "unknown TNF with a type", mem: read16(h("03 04 D5 01 00 54 FE")), err: ndef.ErrCorrupt, reason: "TNF 0x5 with a type"},
		{name: "unchanged TNF outside a chunk", mem: read16(h("03 05 D6 00 02 52 37 FE")), err: ndef.ErrCorrupt, reason: "TNF 0x6 in a chunk sequence false"},
		{name: "chunk not continued", mem: read16(h("03 0A B1 01 01 54 02 51 01 00 54 00 FE")), err: ndef.ErrCorrupt, reason: "TNF 0x1 in a chunk sequence true"},
		{name: "message ends in a chunk", mem: read16(h("03 05 F1 01 01 54 02 FE")), err: ndef.ErrCorrupt, reason: "ends inside a chunked record"},
		{name: "text without status byte", mem: read16(h("03 04 D1 01 00 54 FE")), err: ndef.ErrCorrupt, reason: "without status byte"},
		{name: "language past payload", mem: read16(h("03 09 D1 01 05 54 05 65 6E 52 37 FE")), err: ndef.ErrCorrupt, reason: "language length 5 runs past 5-byte payload"},
		{name: "invalid UTF-8", mem: read16(h("03 09 D1 01 05 54 02 65 6E C3 28 FE")), err: ndef.ErrCorrupt, reason: "not valid UTF-8"},
		{name: "UTF-16 of odd length", mem: read16(h("03 0A D1 01 06 54 82 65 6E 00 52 00 FE")), err: ndef.ErrCorrupt, reason: "odd length 3"},
		{name: "malformed text in a foreign message", mem: h("03 09 91 01 01 54 05 51 01 00 54 FE"), err: ndef.ErrCorrupt, reason: "language length 5 runs past 1-byte payload"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ndef.DecodeCard(tt.mem)
			if got != tt.want || !errors.Is(err, tt.err) || (err == nil) != (tt.err == nil) {
				t.Fatalf("DecodeCard(% X) = %v, %v; want %v, %v", tt.mem, got, err, tt.want, tt.err)
			}
			if tt.foreign != nil {
				var fe *ndef.ForeignError
				if !errors.As(err, &fe) || *fe != *tt.foreign {
					t.Errorf("DecodeCard(% X) error = %#v, want %#v", tt.mem, fe, tt.foreign)
				}
			}
			if tt.trunc != nil {
				var te *ndef.TruncatedError
				if !errors.As(err, &te) || *te != *tt.trunc {
					t.Errorf("DecodeCard(% X) error = %#v, want %#v", tt.mem, te, tt.trunc)
				}
			}
			if !strings.Contains(fmt.Sprint(err), tt.reason) {
				t.Errorf("DecodeCard(% X) error = %q, want it to say %q", tt.mem, err, tt.reason)
			}
			if err != nil && !strings.HasPrefix(err.Error(), "ndef: ") {
				t.Errorf("error %q does not start with the package name", err)
			}
		})
	}
}

func TestErrorText(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{&ndef.ForeignError{Kind: ndef.ForeignURI, Text: "https://example.com", Records: 1}, `ndef: not a card tag: URI "https://example.com"`},
		{&ndef.ForeignError{Kind: ndef.ForeignText, Text: "R7", Records: 3}, `ndef: not a card tag: text "R7" and 2 more records`},
		{&ndef.TruncatedError{Have: 16, Need: 24}, "ndef: message runs past the bytes read: have 16 bytes, need 24"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}
}

func TestNeedBytes(t *testing.T) {
	tests := []struct {
		name string
		mem  []byte
		want int
		err  error
	}{
		{"R7 in one READ", read16(ndef.EncodeCard(mustParse(t, "R7"))), 11, nil},
		{"BLANK in one READ", read16(ndef.EncodeCard(cards.Card{Kind: cards.Blank})), 14, nil},
		{"first page only", h("03 09 D1 01"), 11, nil},
		{"behind lock control", h(lockTLV213 + "03 09 " + recR7), 16, nil},
		{"behind two control TLVs", h(lockTLV213 + memTLV + "03 0C D1 01 08 54"), 24, nil},
		{"inside lock control", h("01 03"), 5, nil},
		{"3-byte length", h("03 FF 01 00 D1"), 260, nil},
		{"nothing read", nil, 2, nil},
		{"all zeros", make([]byte, 16), 0, ndef.ErrBlank},
		{"as delivered", read16(h("03 00 FE")), 2, nil},
		{"terminator", read16(h("FE")), 0, ndef.ErrBlank},
		{"garbage", h("42 42 42 42"), 0, ndef.ErrCorrupt},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ndef.NeedBytes(tt.mem)
			if got != tt.want || !errors.Is(err, tt.err) || (err == nil) != (tt.err == nil) {
				t.Errorf("NeedBytes(% X) = %d, %v; want %d, %v", tt.mem, got, err, tt.want, tt.err)
			}
		})
	}
}

// TestReadLoop runs the loop NeedBytes documents against tag memories and
// counts the READs: one for every card we write.
func TestReadLoop(t *testing.T) {
	long := h("03 FF 01 33 C1 01 00 00 01 2C 54 02 65 6E" + strings.Repeat("61", 297) + "FE")
	tests := []struct {
		name  string
		data  []byte // written from page 4
		reads int
		err   error
	}{
		{"R7", ndef.EncodeCard(mustParse(t, "R7")), 1, nil},
		{"BLANK", ndef.EncodeCard(cards.Card{Kind: cards.Blank}), 1, nil},
		{"W+4 behind lock control", h(lockTLV213 + "03 0A D1 01 06 54 02 65 6E 57 2B 34 FE"), 2, nil},
		{"long foreign text", long, 20, ndef.ErrForeign},
		{"lock control, then zeros to the end", h(lockTLV213), 31, ndef.ErrTruncated},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tag := make([]byte, 496) // NTAG215 data area, zeros when delivered
			copy(tag, tt.data)
			read := func(page int) []byte { // READ: 4 pages from page
				off := (page - ndef.FirstPage) * ndef.PageSize
				return tag[off : off+ndef.ReadSize]
			}
			mem, reads := read(ndef.FirstPage), 1
			for {
				n, err := ndef.NeedBytes(mem)
				if err != nil {
					t.Fatalf("NeedBytes after %d READs: %v", reads, err)
				}
				if n <= len(mem) || n > len(tag) { // stop at the tag's size
					break
				}
				mem = append(mem, read(ndef.FirstPage+len(mem)/ndef.PageSize)...)
				reads++
			}
			if reads != tt.reads {
				t.Errorf("READs = %d, want %d", reads, tt.reads)
			}
			_, err := ndef.DecodeCard(mem)
			if !errors.Is(err, tt.err) || (err == nil) != (tt.err == nil) {
				t.Errorf("DecodeCard after %d READs: %v, want %v", reads, err, tt.err)
			}
		})
	}
}

func TestCapabilityContainer(t *testing.T) {
	tests := []struct {
		m         ndef.Model
		name      string
		want      [4]byte
		userBytes int // announced by the CC
	}{
		{ndef.NTAG213, "NTAG213", [4]byte{0xE1, 0x10, 0x12, 0x00}, 144},
		{ndef.NTAG215, "NTAG215", [4]byte{0xE1, 0x10, 0x3E, 0x00}, 496},
		{ndef.NTAG216, "NTAG216", [4]byte{0xE1, 0x10, 0x6D, 0x00}, 872},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.m.String(); got != tt.name {
				t.Errorf("String() = %q, want %q", got, tt.name)
			}
			cc := ndef.CapabilityContainer(tt.m)
			if cc != tt.want {
				t.Errorf("CapabilityContainer(%v) = % X, want % X", tt.m, cc, tt.want)
			}
			n, w, err := ndef.CheckCC(cc)
			if n != tt.userBytes || !w || err != nil {
				t.Errorf("CheckCC(% X) = %d, %t, %v; want %d, true, nil", cc, n, w, err, tt.userBytes)
			}
			if n > tt.m.UserBytes() {
				t.Errorf("CC announces %d bytes, %v has %d", n, tt.m, tt.m.UserBytes())
			}
		})
	}
	if cc := ndef.CapabilityContainer(ndef.Model(9)); cc != [4]byte{} {
		t.Errorf("CapabilityContainer(9) = % X, want zeros", cc)
	}
	if got := ndef.Model(9).String(); got != "Model(9)" {
		t.Errorf("Model(9).String() = %q", got)
	}
	if got := ndef.Model(9).UserBytes(); got != 0 {
		t.Errorf("Model(9).UserBytes() = %d, want 0", got)
	}
}

func TestCheckCC(t *testing.T) {
	tests := []struct {
		name      string
		cc        [4]byte
		userBytes int
		writable  bool
		err       error
	}{
		{"NTAG213", [4]byte{0xE1, 0x10, 0x12, 0x00}, 144, true, nil},
		{"minor version 1.1", [4]byte{0xE1, 0x11, 0x12, 0x00}, 144, true, nil},
		{"read-only", [4]byte{0xE1, 0x10, 0x12, 0x0F}, 144, false, ndef.ErrReadOnly},
		{"proprietary write access", [4]byte{0xE1, 0x10, 0x6D, 0x08}, 872, false, ndef.ErrReadOnly},
		{"read access denied", [4]byte{0xE1, 0x10, 0x12, 0xF0}, 0, false, ndef.ErrNotNDEF},
		{"unformatted", [4]byte{}, 0, false, ndef.ErrNotNDEF},
		{"Ultralight one-time-programmable bytes", [4]byte{0xFF, 0xFF, 0xFF, 0xFF}, 0, false, ndef.ErrNotNDEF},
		{"version 2.0", [4]byte{0xE1, 0x20, 0x12, 0x00}, 0, false, ndef.ErrNotNDEF},
		{"version 0.1", [4]byte{0xE1, 0x01, 0x12, 0x00}, 0, false, ndef.ErrNotNDEF},
		{"no data area", [4]byte{0xE1, 0x10, 0x00, 0x00}, 0, false, ndef.ErrNotNDEF},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, w, err := ndef.CheckCC(tt.cc)
			if n != tt.userBytes || w != tt.writable || !errors.Is(err, tt.err) || (err == nil) != (tt.err == nil) {
				t.Errorf("CheckCC(% X) = %d, %t, %v; want %d, %t, %v", tt.cc, n, w, err, tt.userBytes, tt.writable, tt.err)
			}
		})
	}
}

func TestForeignKindString(t *testing.T) {
	tests := []struct {
		k    ndef.ForeignKind
		want string
	}{
		{ndef.ForeignText, "text"}, {ndef.ForeignURI, "URI"}, {ndef.ForeignMedia, "media"},
		{ndef.ForeignOther, "record"}, {0, "ForeignKind(0)"}, {9, "ForeignKind(9)"},
	}
	for _, tt := range tests {
		if got := tt.k.String(); got != tt.want {
			t.Errorf("ForeignKind(%d).String() = %q, want %q", uint8(tt.k), got, tt.want)
		}
	}
}

// FuzzDecodeCard feeds DecodeCard arbitrary tag memory: it must not panic,
// must agree with NeedBytes, and a card it reads must survive re-encoding.
func FuzzDecodeCard(f *testing.F) {
	for _, name := range cards.DeckNames {
		d, _ := cards.Deck(name)
		for _, c := range d {
			f.Add(ndef.EncodeCard(c))
		}
	}
	for _, s := range []string{
		lockTLV213 + memTLV + "03 09 " + recR7 + " FE",
		"03 FF 00 09 " + recR7 + " FE",
		"03 0D D1 01 09 54 82 65 6E FF FE 52 00 37 00 FE",
		"03 1E 91 01 05 54 02 65 6E 52 37 54 0F 03 61 6E 64 72 6F 69 64 2E 63 6F 6D 3A 70 6B 67 61 62 63 FE",
		"03 0C B1 01 01 54 02 56 00 04 65 6E 52 37 FE",
		"03 10 D1 01 0C 55 04 65 78 61 6D 70 6C 65 2E 63 6F 6D FE",
		lockTLV213 + "03 00 FE",
	} {
		f.Add(h(s))
	}
	f.Fuzz(func(t *testing.T, mem []byte) {
		c, err := ndef.DecodeCard(mem)
		need, nerr := ndef.NeedBytes(mem)
		var te *ndef.TruncatedError
		switch {
		case errors.As(err, &te):
			if nerr != nil || need != te.Need || need <= len(mem) || te.Have != len(mem) {
				t.Fatalf("DecodeCard: %v; NeedBytes = %d, %v", err, need, nerr)
			}
		case nerr == nil && need > len(mem):
			t.Fatalf("NeedBytes = %d > %d bytes but DecodeCard = %v, %v", need, len(mem), c, err)
		}
		if err != nil {
			if !strings.HasPrefix(err.Error(), "ndef: ") {
				t.Fatalf("error %q lacks the package prefix", err)
			}
			return
		}
		if c != c.Face() {
			t.Fatalf("DecodeCard = %v, not a face", c)
		}
		if nerr != nil {
			t.Fatalf("DecodeCard = %v but NeedBytes: %v", c, nerr)
		}
		if again, err := ndef.DecodeCard(mem[:need]); err != nil || again != c {
			t.Fatalf("DecodeCard(first %d bytes) = %v, %v; want %v", need, again, err, c)
		}
		enc := ndef.EncodeCard(c)
		if again, err := ndef.DecodeCard(enc); err != nil || again != c {
			t.Fatalf("DecodeCard(EncodeCard(%v)) = %v, %v", c, again, err)
		}
	})
}

func BenchmarkDecodeCard(b *testing.B) {
	benchmarks := []struct {
		name string
		mem  []byte
	}{
		{"R7", read16(ndef.EncodeCard(cards.Card{Kind: cards.Number, Color: cards.Red, Number: 7}))},
		{"BLANK", read16(ndef.EncodeCard(cards.Card{Kind: cards.Blank}))},
		{"lock+memory control TLVs", h(lockTLV213 + memTLV + "03 09 " + recR7 + " FE")},
		{"UTF-16", read16(h("03 0D D1 01 09 54 82 65 6E FF FE 52 00 37 00 FE"))},
	}
	for _, bm := range benchmarks {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ndef.DecodeCard(bm.mem); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(bm.mem)), "tagbytes")
		})
	}
}
