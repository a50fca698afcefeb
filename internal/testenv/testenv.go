// Package testenv lets a test use a tool or a file that a Debian package
// installs, and say which package when it is missing.
//
// `go test ./...` passes on a fresh machine that has only Go: a test that
// needs chromium, espeak-ng, unifont, console-setup, qemu-user-static or
// zbar-tools skips with a line naming the package. CI installs them all
// and sets UNOREF_REQUIRE_ALL=1, which turns every such skip into a
// failure, so nothing CI should run is skipped there unseen.
package testenv

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // InZone's zones on any machine
)

// RequireAll is the environment variable that turns a missing package into
// a failure (CI sets it).
const RequireAll = "UNOREF_REQUIRE_ALL"

// Command is the path of the program name, or skips t naming the Debian
// package pkg that installs it.
func Command(t testing.TB, name, pkg string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		missing(t, pkg, name+" is not on PATH")
	}
	return p
}

// File is the first existing path among patterns (filepath.Glob patterns),
// or skips t naming the Debian package pkg that installs it.
func File(t testing.TB, pkg string, patterns ...string) string {
	t.Helper()
	for _, p := range patterns {
		if m, _ := filepath.Glob(p); len(m) > 0 {
			return m[0]
		}
	}
	missing(t, pkg, "none of "+strings.Join(patterns, ", ")+" exists")
	return ""
}

// missing skips t, or fails it under UNOREF_REQUIRE_ALL.
func missing(t testing.TB, pkg, why string) {
	t.Helper()
	if os.Getenv(RequireAll) != "" {
		t.Fatalf("needs Debian's %s (%s), and %s is set: apt-get install %s", pkg, why, RequireAll, pkg)
	}
	t.Skipf("needs Debian's %s (%s): apt-get install %s to run this test", pkg, why, pkg)
}

// Chromium is the path of a Chromium browser for the browser tests, or
// skips t naming Debian's chromium.
func Chromium(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	missing(t, "chromium", "no chromium, chromium-browser or google-chrome on PATH")
	return ""
}

// Espeak skips t unless Debian's espeak-ng is installed: the tests that
// make the referee's voice speak into WAV files need it.
func Espeak(t testing.TB) {
	t.Helper()
	Command(t, "espeak-ng", "espeak-ng")
}

// InZone makes loc's zone the local time zone (time.Local) until t ends,
// and returns it: a real zone, from the zoneinfo embedded in the test
// binary (time/tzdata), so that a test of clock changes runs on a machine
// without the tzdata package too. Tests that call it must not run in
// parallel.
func InZone(t testing.TB, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	old := time.Local
	time.Local = loc
	t.Cleanup(func() { time.Local = old })
	return loc
}
