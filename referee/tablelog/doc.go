// Package tablelog reads and writes the table log of RULES.md "The table log": one
// event per line, the format shared by the daemon's journal, `unoref replay`
// and the tests. Parsing checks the shape of a line (keyword, arity, card
// codes); whether the event is allowed now is the referee's business.
package tablelog
