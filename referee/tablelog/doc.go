// Package tablelog reads and writes the table log of RULES.md "The table log": one
// event per line, the format shared by the daemon's journal, `unoref replay`
// and the tests. Parsing checks the shape of a line (keyword, arity, card
// codes, names); whether the event is allowed now is the referee's business.
//
// The end line (a game stopped early and scored as it stands) is newer
// than the others: the table writes it, nobody types it, so the list of
// events a bad keyword's message gives is the one it always gave, and a
// log without an end line reads exactly as it did before.
//
// CheckName is the one rule for player names, used by everything that takes
// a name from a person or a file: a name is one word of the log (no space of
// any kind, no '#', no ','), visible (no control, format or bidi
// characters) and at most MaxName runes, in any script.
package tablelog
