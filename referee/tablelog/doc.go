// Package tablelog reads and writes the table log of RULES.md "The table log": one
// event per line, the format shared by the daemon's journal, `unoref replay`
// and the tests. Parsing checks the shape of a line (keyword, arity, card
// codes, names); whether the event is allowed now is the referee's business.
//
// CheckName is the one rule for player names, used by everything that takes
// a name from a person or a file: a name is one word of the log (no space of
// any kind, no '#', no ','), visible (no control, format or bidi
// characters) and at most MaxName runes, in any script.
package tablelog
