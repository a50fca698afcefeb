// Package clock is the time of unoref's devices: the one Clock that the
// drivers schedule on (led and buzzer patterns, the button debouncer's
// settle, the seat pads' polls), that hardware/board hands them and that
// the table runs its timers by, and System, the wall clock. Tests pass a
// fake one (gpiolinetest.FakeClock), so that nothing sleeps.
package clock
