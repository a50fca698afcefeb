package journal

import (
	"os"
	"sync/atomic"
)

// fileSyncs counts the fsyncs the journal asks for itself.
var fileSyncs atomic.Uint64

// FileSyncs is the number of fsyncs the journals of this process asked for
// on their own files (the record of the last event, the rolling copy,
// directories) since it started; SQLite's own fsyncs are not in it
// (package fsynctest counts those). Benchmarks report the sum per event.
func FileSyncs() uint64 { return fileSyncs.Load() }

// fsync is f.Sync, counted.
func fsync(f *os.File) error {
	fileSyncs.Add(1)
	return f.Sync()
}
