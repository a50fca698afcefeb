// Package referee is the rules engine of shared/RULES.md: a deterministic
// state machine with no I/O and no clock. It takes one table event at a time
// (package tablelog), rules on it, and keeps only what the table can observe
// (§6): seats, turn, direction, top card, colour, pending draws, hand counts,
// the pile since the last reshuffle, the UNO window, scores, round and phase.
package referee
