//go:build race

package journal

// Under the race detector every child process runs instrumented and takes
// several times longer to start and replay; the kill test then does fewer
// kills to stay within the package's time budget. The parent's goroutines
// are race-checked either way.
const raceEnabled = true
