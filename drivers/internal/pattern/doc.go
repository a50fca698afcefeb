// Package pattern times the on/off sequences of the panel drivers: the led
// package's verdict flash (on, then off after Opts.Flash) and the buzzer's
// patterns (on, off, on, … then silent) are both a list of durations with
// an action at the start of each step and one at the end.
//
// A Player runs one sequence at a time on an injected Clock and never
// blocks: a new sequence pre-empts the one playing, and a generation count
// makes a timer that fires after it was cancelled do nothing. The steps run
// under the owner's lock, so a driver keeps one mutex for its lines and its
// timing.
package pattern
