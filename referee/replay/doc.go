// Package replay runs a table log (RULES.md "The table log") through a referee and
// answers every event line with a Record: the verdict and the state after
// it. `unoref replay` prints the records; the daemon's journal replays its
// log through the same loop to restore a table after a restart.
//
// Lines that are not events (unknown keywords, bad card codes) are answered
// with ok:false and the unchanged state, and the replay goes on: a log is
// read to its end unless reading itself fails.
package replay
