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
// Stream is Replay for the writers (`unoref replay` streams): the record's
// state reuses its maps from one record to the next and its Message is
// left to the writer, which renders the verdict's keys straight into its
// line (package lang's AppendSentence) and quotes it as encoding/json
// would, without reflection. A replay renders nothing no one reads:
// Replay without emit, as the journal restores a table, rules only
// (issue 21: ~1.1 M events/s printed in every language, ~4 M ruled).
//
// Lines that are not events (unknown keywords, bad card codes) are answered
// with ok:false and the unchanged state, and the replay goes on: a log is
// read to its end unless reading itself fails.
package replay
