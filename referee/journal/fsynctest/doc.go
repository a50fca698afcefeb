// Package fsynctest counts the fsyncs SQLite asks for, for benchmarks: an
// fsync is milliseconds on a Pi's SD card, and how many a tap costs is a
// budget (README, "Measured").
//
// CountSyncs registers, as SQLite's default VFS, a copy of the default
// (unix) VFS whose files count their xSync calls and pass them on; the
// databases opened after it count in SQLiteSyncs. WrittenBytes is what the
// process wrote, for the rolling copy's budget. The journal's own
// fsyncs (its record, its copies) are counted by journal.FileSyncs.
//
// It reaches into the transpiled SQLite of modernc.org/sqlite: a C
// function pointer there is a Go func value kept as a uintptr, the structs
// live in libc's heap. That is test support, not something the daemon
// runs.
package fsynctest
