package clock

import "time"

// Clock is a source of time and timers. AfterFunc calls f once d has
// elapsed, on a goroutine of its own; stop cancels it and reports whether
// it did so (false: f ran or runs).
type Clock interface {
	Now() time.Time
	AfterFunc(d time.Duration, f func()) (stop func() bool)
}

// System is the wall clock.
var System Clock = system{}

type system struct{}

func (system) Now() time.Time { return time.Now() }

func (system) AfterFunc(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }
