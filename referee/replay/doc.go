// Package replay runs a table log (RULES.md "The table log") through a referee and
// answers every event line with a Record: the verdict and the state after
// it. `unoref replay` prints the records; the daemon's journal replays its
// log through the same loop to restore a table after a restart.
//
// A Record's Message is English; JSONWriter and TextWriter print the
// sentences in another language when their Lang is set (`unoref replay
// --lang ru`), every other field unchanged. A log that starts with a UTF-8
// byte order mark is read as if it had none.
//
// Lines that are not events (unknown keywords, bad card codes) are answered
// with ok:false and the unchanged state, and the replay goes on: a log is
// read to its end unless reading itself fails.
package replay
