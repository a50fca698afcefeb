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
)

// Used is the user and system CPU time of the process so far.
func Used() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
