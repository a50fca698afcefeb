package mfrc522test

import "time"

// HostSleep models how long a sleep of the host really lasts: Go's timers
// on Linux wake through the netpoller, whose wait is counted in whole
// milliseconds, so a sleep is rounded up to the next Granularity and then
// takes Latency more to be scheduled. Measured values are in the package
// documentation ("Time").
type HostSleep struct {
	Name        string        // shown in benchmark notes and the README
	Granularity time.Duration // a sleep lasts a whole number of these; 0: exact
	Latency     time.Duration // added to every sleep that does sleep
}

// Host models. The zero HostSleep in Opts means LinuxGo.
var (
	// LinuxGo is Go 1.26 on Linux (amd64 here, and arm under
	// qemu-arm-static): 10 µs to 1 ms all last about 1.08 ms, 1.5 ms lasts
	// 2.16 ms, 5 ms lasts 5.16 ms.
	LinuxGo = HostSleep{Name: "Linux, Go 1.26 timers (1 ms steps + 0.1 ms)", Granularity: time.Millisecond, Latency: 100 * time.Microsecond}
	// Exact counts every sleep as exactly its length: the model before
	// issue 10, kept for tests of the chip alone.
	Exact = HostSleep{Name: "exact"}
)

// Lasts is how long a sleep of d lasts on this host.
func (h HostSleep) Lasts(d time.Duration) time.Duration {
	if d <= 0 {
		return 0
	}
	if g := h.Granularity; g > 0 {
		d = (d + g - 1) / g * g
	}
	return d + h.Latency
}
