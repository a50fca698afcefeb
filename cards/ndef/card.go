package ndef

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/unoref/unoref/cards"
)

// Errors of DecodeCard, NeedBytes and CheckCC, for errors.Is.
var (
	// ErrBlank: the tag holds no card and nothing else either: no NDEF
	// message, an empty one (a tag as delivered, T2TOP §6.3.1), a single
	// empty record (how phones erase a tag), or only zeros.
	ErrBlank = errors.New("blank tag")
	// ErrForeign: the tag holds an NDEF message that is not one Text
	// record with a card code. The error is a *ForeignError.
	ErrForeign = errors.New("not a card tag")
	// ErrTruncated: the message runs past the bytes given. The error is a
	// *TruncatedError saying how many bytes to read.
	ErrTruncated = errors.New("message runs past the bytes read")
	// ErrCorrupt: the TLV blocks or NDEF records break their specification.
	ErrCorrupt = errors.New("corrupt tag data")
	// ErrNotNDEF: the Capability Container does not announce NDEF data
	// this package can read.
	ErrNotNDEF = errors.New("not an NDEF tag")
	// ErrReadOnly: the Capability Container denies write access.
	ErrReadOnly = errors.New("read-only tag")
)

// ForeignKind sorts what a foreign tag holds, by its first record.
type ForeignKind uint8

// The kinds of foreign content.
const (
	// ForeignText is a Text record whose text is not a card face code
	// ("hello", "R7 " or a wild with a named colour, "W:G").
	ForeignText ForeignKind = iota + 1
	// ForeignURI is a URI record: a web link, a phone number.
	ForeignURI
	// ForeignMedia is a MIME media record ("text/vcard").
	ForeignMedia
	// ForeignOther is any other record: another well-known or external
	// type, an absolute-URI or unknown type, a chunked record.
	ForeignOther
)

var foreignKindNames = [...]string{"", "text", "URI", "media", "record"}

func (k ForeignKind) String() string {
	if k > 0 && int(k) < len(foreignKindNames) {
		return foreignKindNames[k]
	}
	return fmt.Sprintf("ForeignKind(%d)", uint8(k))
}

// maxForeignText caps ForeignError.Text, in runes: enough to recognise a
// URL on a display, not a whole 888-byte tag.
const maxForeignText = 100

// ForeignError is the error for a tag holding someone else's NDEF data.
type ForeignError struct {
	Kind ForeignKind
	// Text is for display: the text of a Text record, the URI of a URI
	// record (prefix expanded), the media type, or the type name of other
	// records ("urn:nfc:wkt:Sp", "urn:nfc:ext:android.com:pkg"). It is
	// valid UTF-8, cut to 100 runes with a trailing "…".
	Text string
	// Records is the number of records in the message; Kind and Text
	// describe the first.
	Records int
}

func (e *ForeignError) Error() string {
	s := fmt.Sprintf("ndef: %v: %v %s", ErrForeign, e.Kind, strconv.Quote(e.Text))
	if e.Records > 1 {
		s += fmt.Sprintf(" and %d more records", e.Records-1)
	}
	return s
}

// Unwrap makes errors.Is(err, ErrForeign) true.
func (e *ForeignError) Unwrap() error { return ErrForeign }

// TruncatedError is the error for a message that runs past the data given.
type TruncatedError struct {
	Have int // bytes given, from page 4
	Need int // bytes to read from page 4 before trying again
}

func (e *TruncatedError) Error() string {
	return fmt.Sprintf("ndef: %v: have %d bytes, need %d", ErrTruncated, e.Have, e.Need)
}

// Unwrap makes errors.Is(err, ErrTruncated) true.
func (e *TruncatedError) Unwrap() error { return ErrTruncated }

// lang is the language code of the Text records EncodeCard writes. The
// codes are not words, but phones show the language and "en" is the
// language RULES.md writes them in.
const lang = "en"

// faces maps every face code a deck prints to its card: the only texts a
// card tag may hold. Derived from cards.Deck so the two cannot disagree.
var faces = func() map[string]cards.Card {
	m := make(map[string]cards.Card, 56)
	for _, name := range cards.DeckNames {
		d, err := cards.Deck(name)
		if err != nil {
			panic(err) // cards.DeckNames lists only decks cards.Deck knows
		}
		for _, c := range d {
			m[c.Face().String()] = c.Face()
		}
	}
	return m
}()

// EncodeCard returns the bytes to write from page 4 on so the tag names c:
// an NDEF Message TLV holding one Text record with c's face code, then a
// Terminator TLV, zero-padded to whole pages. A wild is written without its
// named colour. 12 or 16 bytes for every card of every deck: one READ.
//
// For "R7" (T2TOP §2.3.4, NDEF 1.0 §3.2, RTD-Text 1.0 §3.2.1):
//
//	03 09           NDEF Message TLV, 9 bytes
//	D1 01 05 54     MB|ME|SR, TNF 1; type length 1; payload length 5; "T"
//	02 65 6E 52 37  UTF-8, language length 2; "en"; "R7"
//	FE              Terminator TLV
func EncodeCard(c cards.Card) []byte {
	return encodeText(c.Face().String(), lang)
}

// encodeText returns the TLV image of a message holding one UTF-8 Text
// record with s in language lang, padded to whole pages.
func encodeText(s, lang string) []byte {
	n := textRecordSize(s, lang)
	size := 4 + n + 1 // longest TLV header, message, Terminator
	b := make([]byte, 0, (size+PageSize-1)/PageSize*PageSize)
	b = appendTLVHeader(b, n)
	b = appendTextRecord(b, s, lang)
	b = append(b, tlvTerminator)
	for len(b)%PageSize != 0 {
		b = append(b, 0) // after the Terminator nothing is read
	}
	return b
}

// DecodeCard reads the card named by a data area read from page 4 on (any
// number of bytes; a READ gives 16). It walks the TLV blocks, skipping
// NULL, Lock Control, Memory Control and Proprietary TLVs, and decodes the
// first NDEF message, which must be one Text record (UTF-8 or UTF-16, any
// language) holding a face code of RULES.md §1 "The cards": "R7", "W+4", "BLANK", but
// not "W:G". Errors: ErrBlank, *ForeignError (ErrForeign),
// *TruncatedError (ErrTruncated: read Need bytes and call again),
// ErrCorrupt.
func DecodeCard(mem []byte) (cards.Card, error) {
	msg, _, err := findMessage(mem)
	if err != nil {
		return cards.Card{}, err
	}
	if len(msg) == 0 {
		return cards.Card{}, fmt.Errorf("ndef: %w: empty NDEF message", ErrBlank)
	}
	m, err := parseMessage(msg)
	if err != nil {
		return cards.Card{}, err
	}
	r := m.first
	if m.records == 1 && r.tnf == tnfEmpty {
		return cards.Card{}, fmt.Errorf("ndef: %w: NDEF message with one empty record", ErrBlank)
	}
	if m.records == 1 && r.isText() {
		t, err := text(r.payload)
		if err != nil {
			return cards.Card{}, err
		}
		if c, ok := faces[string(t)]; ok { // no allocation: map index
			return c, nil
		}
	}
	kind, s, err := describe(r)
	if err != nil {
		return cards.Card{}, err
	}
	return cards.Card{}, &ForeignError{Kind: kind, Text: clip(s), Records: m.records}
}

// describe says what a foreign record holds, for ForeignError.
func describe(r record) (ForeignKind, string, error) {
	switch {
	case r.chunk:
		return ForeignOther, "chunked record", nil
	case r.isText():
		t, err := text(r.payload)
		return ForeignText, string(t), err
	case r.tnf == tnfWellKnown && string(r.typ) == rtdURI:
		return ForeignURI, uri(r.payload), nil
	case r.tnf == tnfWellKnown:
		return ForeignOther, "urn:nfc:wkt:" + string(r.typ), nil
	case r.tnf == tnfMedia:
		return ForeignMedia, string(r.typ), nil
	case r.tnf == tnfAbsURI:
		return ForeignOther, string(r.typ), nil
	case r.tnf == tnfExternal:
		return ForeignOther, "urn:nfc:ext:" + string(r.typ), nil
	case r.tnf == tnfEmpty:
		return ForeignOther, "empty record", nil
	}
	return ForeignOther, "unknown type", nil
}

// uriPrefixes are the abbreviations of a URI record's first payload byte
// (RTD-URI 1.0 §3.2.2, Table 3); codes past the table (RFU) add nothing.
var uriPrefixes = [...]string{
	"", "http://www.", "https://www.", "http://", "https://", "tel:", "mailto:",
	"ftp://anonymous:anonymous@", "ftp://ftp.", "ftps://", "sftp://", "smb://",
	"nfs://", "ftp://", "dav://", "news:", "telnet://", "imap:", "rtsp://", "urn:",
	"pop:", "sip:", "sips:", "tftp:", "btspp://", "btl2cap://", "btgoep://",
	"tcpobex://", "irdaobex://", "file://", "urn:epc:id:", "urn:epc:tag:",
	"urn:epc:pat:", "urn:epc:raw:", "urn:epc:", "urn:nfc:",
}

// uri expands a URI record payload: identifier code, then the rest.
func uri(payload []byte) string {
	if len(payload) == 0 {
		return ""
	}
	prefix := ""
	if int(payload[0]) < len(uriPrefixes) {
		prefix = uriPrefixes[payload[0]]
	}
	return prefix + string(payload[1:])
}

// clip makes s safe to show: valid UTF-8, at most maxForeignText runes.
func clip(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if utf8.RuneCountInString(s) <= maxForeignText {
		return s
	}
	i, n := 0, 0
	for i = range s {
		if n == maxForeignText {
			break
		}
		n++
	}
	return s[:i] + "…"
}
