package journal

import (
	"os"

	"golang.org/x/sys/unix"
)

// startWriteback asks the kernel to start writing n bytes of f at off to
// the disk now, without waiting for them nor flushing the disk's cache (not
// an fsync: sync_file_range(2) with SYNC_FILE_RANGE_WRITE). The record of
// the last event then reaches the card within milliseconds instead of the
// kernel's 30 s of writeback, for the price of one small write. A failure
// is ignored: the next fsync still writes it.
func startWriteback(f *os.File, off, n int64) {
	unix.SyncFileRange(int(f.Fd()), off, n, unix.SYNC_FILE_RANGE_WRITE)
}
