//go:build !race

package playtest

const raceEnabled = false
