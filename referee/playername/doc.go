// Package playername is how a name a person gives a player is read and
// compared: put in Unicode NFC, checked by tablelog.CheckName (the one rule
// for what a name may hold), and folded for matching.
//
// A phone, a Mac's keyboard and a pasted name can spell "Zoë" two ways: "ë"
// as one character (NFC) or as "e" and a combining diaeresis (NFD). They
// look the same, so they must be the same player: every name from a person
// — the page, the console, the configuration, the roster — goes through
// Check, and names are compared by Fold.
//
// The package is kept apart from tablelog because NFC needs
// golang.org/x/text/unicode/norm's tables, and the rules engine (package
// referee, which reads the table log) imports nothing beyond the standard
// library and the card model. The engine reads names as they are; the
// daemon and the journal hand it names in NFC.
package playername
