// Package registry is the deck registry: which NFC tag (by UID) is stuck on
// which card of which physical deck, kept in an SQLite file of its own
// (decks.db in the data directory, WAL mode; the game journal is another
// file).
//
// A deck has a name and a kind (standard, cars or blanks: cards.Deck). Enroll
// ties a UID to a card of a deck and refuses a UID already enrolled anywhere
// (*EnrolledError says as what) or a copy more than the kind prints. Export
// and Import move a deck as a plain text file:
//
//	# unoref deck kitchen standard
//	04A1B2C3D4E580 R0
//	04A1B2C3D4E581 R1
//
// Import checks the whole file first and imports nothing when any line is
// wrong; *ImportError lists each bad line.
//
// At the table a Resolver says which card a tag is: from the registry
// first, then from the card code the tag carries (cards/ndef), reading page
// 4 and more only when ndef.NeedBytes asks. It does not import the reader
// driver: the caller passes a ReadFunc bound to the tag's UID. A Pile
// catches the same tag played twice before a reshuffle. Refusals are
// *TagError values wrapping ErrUnknownTag, ErrOtherDeck, ErrForeign,
// ErrUnreadable or ErrDuplicateTag; Message gives the line for the display.
//
// The schema version is kept in a table of its own (schema_version); Open
// creates or migrates the schema and refuses a file from a newer unoref.
package registry
