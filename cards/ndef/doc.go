// Package ndef is the payload codec of the card tags: the bytes an NTAG213,
// NTAG215 or NTAG216 sticker holds in its user memory (from page 4 on) so
// that it names one UNO card, readable as plain text by any phone.
//
// A card tag holds an NFC Forum Type 2 Tag data area with one NDEF Message
// TLV and a Terminator TLV. The message is a single well-known Text record
// (TNF 0x01, type "T"), UTF-8, language "en", whose text is the card's face
// code of RULES.md §1 "The cards" ("R7", "B+2", "W+4", "BLANK"). Wilds are
// written without a named colour: a tag names the printed card.
//
// EncodeCard gives the bytes to write from page 4; DecodeCard reads them
// back and sorts everything else into sentinel errors: ErrBlank (nothing
// written), ErrForeign (someone else's NDEF data: a URL, other text),
// ErrTruncated (read more pages) and ErrCorrupt. NeedBytes tells a reader how
// much of the data area holds the message, so it can stop after one READ.
//
// Every face code fits one READ: EncodeCard writes 12 bytes for the one- and
// two-character codes (W, R7, RS, RR, WX) and 16 bytes for the others (R+2,
// W+4, BLANK), so the 16 bytes READ returns from page 4 always hold a whole
// card message we wrote. Tags formatted by phone apps may begin with a Lock
// Control TLV (NTAG213 is delivered with one); their messages can need a
// second READ, which NeedBytes reports.
//
// # Specifications
//
//   - NFC Forum, Type 2 Tag Operation Specification, T2TOP 1.1
//     (NFCForum-TS-Type-2-Tag_1.1, 2011-05-31): §2.1.3 Capability
//     Container, §2.3 TLV blocks (§2.3.1 NULL, §2.3.2 Lock Control, §2.3.3
//     Memory Control, §2.3.4 NDEF Message, §2.3.5 Proprietary, §2.3.6
//     Terminator), §6.1.1 version treating, §6.3 life cycle (INITIALIZED
//     state = empty NDEF Message TLV).
//   - NFC Forum, NFC Data Exchange Format, NDEF 1.0 (NFCForum-TS-NDEF_1.0,
//     2006-07-24): §3.2 record layout (MB, ME, CF, SR, IL, TNF, TYPE_LENGTH,
//     PAYLOAD_LENGTH, ID_LENGTH), §3.2.6 TNF values, §3.3 chunking.
//   - NFC Forum, Text Record Type Definition, RTD-Text 1.0
//     (NFCForum-TS-RTD_Text_1.0, 2006-07-24): §3.2.1 status byte (bit 7
//     UTF-16, bit 6 RFU, bits 5–0 language code length), §3.4 UTF-16 byte
//     order mark.
//   - NFC Forum, URI Record Type Definition, RTD-URI 1.0
//     (NFCForum-TS-RTD_URI_1.0, 2006-07-24): §3.2.2 URI identifier codes,
//     used only to show a foreign URL.
//   - NXP, NTAG213/215/216 product data sheet, rev. 3.2 (2015): §8.5 memory
//     organisation (user memory pages 4–39, 4–129, 4–225: 144, 504 and 888
//     bytes), Capability Container values E1h 10h 12h/3Eh/6Dh 00h, memory
//     content at delivery, §10.2 READ (16 bytes, 4 pages, from any page).
package ndef
