// Package cputime is the CPU time this process has used, for benchmarks.
//
// On a machine shared with other work (the development VM runs several
// builds at once on two cores) a benchmark's wall time also counts the
// time it waited for the others; its CPU time does not. A benchmark
// reports both: b.Elapsed for the wall, Used before and after for the CPU
// of every goroutine of the process, the garbage collector's included.
package cputime

import (
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Used is the user and system CPU time of the process so far.
func Used() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Thread is the CPU time of the calling OS thread so far: the CPU of one
// path through the code, without what other goroutines did meanwhile.
// Lock the goroutine to its thread (runtime.LockOSThread) around the
// path, or the runtime may move it to another thread between two reads.
func Thread() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}
