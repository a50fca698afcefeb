// Package journaltest is test support for the journal's users: the
// synthetic ten-year journal the benchmarks of the family's record, of
// the rolling copy and of the daemon's start run on (Decade).
package journaltest
