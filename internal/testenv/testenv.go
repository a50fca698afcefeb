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
	"bytes"
	"image"
	"image/png"
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
	lacks(t, "Debian's "+pkg+" ("+why+")", "apt-get install "+pkg)
}

// NPM is the first existing path among patterns (filepath.Glob patterns)
// of a file of npm's package pkg, or skips t naming the command that
// installs it: npm's packages are not Debian's, and .ci/run runs it.
func NPM(t testing.TB, pkg, install string, patterns ...string) string {
	t.Helper()
	for _, p := range patterns {
		if m, _ := filepath.Glob(p); len(m) > 0 {
			return m[0]
		}
	}
	lacks(t, "npm's "+pkg+" (none of "+strings.Join(patterns, ", ")+" exists)", install)
	return ""
}

// lacks skips t for what it needs, saying how to get it, or fails it
// under UNOREF_REQUIRE_ALL.
func lacks(t testing.TB, what, how string) {
	t.Helper()
	if os.Getenv(RequireAll) != "" {
		t.Fatalf("needs %s, and %s is set: %s", what, RequireAll, how)
	}
	t.Skipf("needs %s: %s to run this test", what, how)
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

// ReadQR is the text of the QR code in img, read by zbarimg (Debian's
// zbar-tools); it skips t without it, and fails t when zbarimg finds no
// code.
func ReadQR(t testing.TB, img image.Image) string {
	t.Helper()
	bin := Command(t, "zbarimg", "zbar-tools")
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "qr.png")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", path).Output()
	if err != nil {
		t.Fatalf("zbarimg finds no QR code: %v", err)
	}
	return strings.TrimSpace(string(out))
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
