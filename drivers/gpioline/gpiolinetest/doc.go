// Package gpiolinetest provides fakes for code that drives GPIO lines: a
// fake clock with timers, an output line that records what was written and
// when, and a synchronous edge source for button debouncing tests.
//
// None of them touch hardware; they stand in for *gpiocdev.Line, the kernel
// edge events and the time package.
package gpiolinetest
