package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/unoref/unoref/hardware"
	"github.com/unoref/unoref/hardware/board"
	"github.com/unoref/unoref/hardware/board/boardtest"
)

// useBoard makes doctor open b instead of the Pi for the rest of the
// test, and check no speaker.
func useBoard(t *testing.T, b *boardtest.Sim) {
	t.Helper()
	useHost(t, b.Host())
	old, oldConf := doctorSpeaker, serviceConfig
	doctorSpeaker, serviceConfig = nil, filepath.Join(t.TempDir(), "no-service-config.toml")
	t.Cleanup(func() { doctorSpeaker, serviceConfig = old, oldConf })
	t.Setenv("UNOREF_CONFIG", "")
}

// useHost makes the commands open h instead of the Pi for the rest of the
// test.
func useHost(t *testing.T, h *board.Host) {
	t.Helper()
	old := openHost
	openHost = func(string) (*board.Host, error) { return h, nil }
	t.Cleanup(func() { openHost = old })
}

// fullBoard is the reference build with every optional part fitted, on
// the simulated board.
func fullBoard() *boardtest.Sim {
	return boardtest.New(&boardtest.Opts{Draw: true, Pads: []uint16{0x20, 0x21}})
}

func TestDoctor(t *testing.T) {
	minimal := filepath.Join(t.TempDir(), "minimal.toml")
	if err := os.WriteFile(minimal, hardware.DefaultTOML(), 0o644); err != nil {
		t.Fatal(err)
	}
	simConfig := filepath.Join(t.TempDir(), "unoref.toml")
	if err := os.WriteFile(simConfig, []byte("[devices]\nsim = true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dup := filepath.Join(t.TempDir(), "pins.toml")
	bad := strings.Replace(string(hardware.DefaultTOML()), "dir_ccw = 6", "dir_ccw = 5", 1)
	if err := os.WriteFile(dup, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		break_ func(b *boardtest.Sim)
		args   []string
		code   int
		stdout []string
		stderr []string
	}{
		{name: "all OK", code: 0,
			stdout: []string{"unoref doctor, pin map: built-in reference build", "OK       play pad reader", "OK       button UNO", "No problem found."}},
		{name: "reader unplugged", break_: func(b *boardtest.Sim) { b.Play.Unplug() }, code: 1,
			stdout: []string{"PROBLEM  play pad reader", "check MISO (pin 21, GPIO9), 3.3 V (pin 17) and GND; never 5 V", "1 problem found"},
			stderr: []string{"unoref: doctor: not every check passed (1 problem)"}},
		{name: "OLED unplugged and a button stuck", break_: func(b *boardtest.Sim) { b.OLED.Unplug(); b.SetLevel(17, 0) }, code: 1,
			stdout: []string{"SDA (pin 3, GPIO2), SCL (pin 5, GPIO3)", "button UNO (GPIO17, pin 11) reads pressed", "2 problems found"},
			stderr: []string{"(2 problems)"}},
		{name: "line busy", break_: func(b *boardtest.Sim) { b.SetBusy(13) }, code: 1,
			stdout: []string{"GPIO13 (pin 33, LED legal (green)) is used by another program"}},
		{name: "SPI off", break_: func(b *boardtest.Sim) { delete(b.Files, "dev/spidev0.0"); delete(b.Files, "dev/spidev0.1") }, code: 1,
			stdout: []string{"SPI is off: add dtparam=spi=on to config.txt (firmware/config.txt) and reboot", "SKIP     play pad reader"}},
		{name: "not a Raspberry Pi", break_: func(b *boardtest.Sim) {
			b.Files = fstest.MapFS{}
		}, code: 1,
			stdout: []string{"PROBLEM  Raspberry Pi", "this is not a Raspberry Pi", "unoref run --sim", "1 problem found"}},
		{name: "invalid pin map", args: []string{"--pinmap", dup}, code: 1,
			stdout: []string{"pin map: " + dup, "PROBLEM  pin map", "leds.dir_ccw", "already used by leds.dir_cw"}},
		{name: "blink", args: []string{"--blink"}, code: 0,
			stdout: []string{"OK       blink", "LED legal (green) (pin 33)"},
			stderr: []string{"doctor: now on: LED legal (green) (GPIO13, pin 33)", "doctor: now on: buzzer"}},
		{name: "bad flag", args: []string{"--fix"}, code: 2, stderr: []string{"unoref: doctor: unknown flag --fix: 'unoref doctor --help' lists the flags\n"}},
		{name: "argument", args: []string{"pi"}, code: 2, stderr: []string{"doctor takes no arguments"}},
		{name: "help", args: []string{"-h"}, code: 0, stdout: []string{"usage: unoref doctor [--step N] [--config FILE] [--pinmap FILE] [--blink] [--json]", "--step N follows the assembly guide", "Exit status 0"}},
		// Issue 23 point 5: at step 2 the reader is not fitted yet.
		{name: "step 2, no reader yet", break_: func(b *boardtest.Sim) { b.Play.Unplug() }, args: []string{"--step", "2", "--pinmap", minimal}, code: 0,
			stdout: []string{"SKIP     play pad reader", "not fitted yet: the guide fits it at step 3 (The play pad reader)", "go on with step 3 of the guide"}},
		{name: "step out of the guide", args: []string{"--step", "11"}, code: 2, stderr: []string{"--step", "1 to 10"}},
		// Issue 23 point 10: a config that runs the virtual table is said.
		{name: "config with devices.sim", args: []string{"--config", simConfig}, code: 0,
			stdout: []string{"WARN     config", simConfig + " has sim = true in its [devices] section", "virtual table"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := fullBoard()
			if tt.break_ != nil {
				tt.break_(b)
			}
			useBoard(t, b)
			stdout, stderr, code := call(t, "", append([]string{"doctor"}, tt.args...)...)
			if code != tt.code {
				t.Errorf("exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.code, stdout, stderr)
			}
			for _, s := range tt.stdout {
				if !strings.Contains(stdout, s) {
					t.Errorf("stdout lacks %q:\n%s", s, stdout)
				}
			}
			if tt.name == "not a Raspberry Pi" && strings.Contains(stdout, "dtparam=spi=on") {
				t.Errorf("stdout on a non-Pi tells to switch SPI on:\n%s", stdout)
			}
			for _, s := range tt.stderr {
				if !strings.Contains(stderr, s) {
					t.Errorf("stderr lacks %q:\n%s", s, stderr)
				}
			}
			if tt.code == 0 && tt.stderr == nil && stderr != "" {
				t.Errorf("stderr %q, want nothing", stderr)
			}
		})
	}
}

func TestDoctorJSON(t *testing.T) {
	full := filepath.Join(t.TempDir(), "full.toml")
	if err := os.WriteFile(full, hardware.FullTOML(), 0o644); err != nil {
		t.Fatal(err)
	}
	b := boardtest.New(&boardtest.Opts{Draw: true, Pads: []uint16{0x20}})
	b.Play.Unplug()
	useBoard(t, b)
	stdout, _, code := call(t, "", "doctor", "--json", "--pinmap", full)
	if code != 1 {
		t.Errorf("exit status %d, want 1 (play reader missing)", code)
	}
	var rep struct {
		OK       bool `json:"ok"`
		Problems int  `json:"problems"`
		Checks   []struct {
			Name    string `json:"name"`
			Status  string `json:"status"`
			Message string `json:"message"`
			Pins    []int  `json:"pins"`
		} `json:"checks"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("doctor --json: %v\n%s", err, stdout)
	}
	if rep.OK || rep.Problems != 1 {
		t.Errorf("ok %v problems %d, want false 1", rep.OK, rep.Problems)
	}
	found := false
	for _, c := range rep.Checks {
		switch {
		case c.Name == "seat pads":
			found = true
			if c.Status != "warn" || !strings.Contains(c.Message, "0x21") || len(c.Pins) == 0 {
				t.Errorf("seat pads = %+v, want a warning naming 0x21 with pins (one expander of two)", c)
			}
		case c.Name == "play pad reader":
			if c.Status != "problem" {
				t.Errorf("play pad reader = %+v, want a problem", c)
			}
		case c.Name == "play pad RF field":
			if c.Status != "skip" {
				t.Errorf("play pad RF field = %+v, want skip", c)
			}
		case c.Status != "ok":
			t.Errorf("%s = %s %q, want ok", c.Name, c.Status, c.Message)
		}
	}
	if !found {
		t.Errorf("no seat pads check in %s", stdout)
	}
}

func TestDoctorWalk(t *testing.T) {
	b := fullBoard()
	useBoard(t, b)
	// Nobody presses or taps; every question is answered, the first
	// after a word that is neither yes nor no.
	stdout, stderr, code := call(t, "maybe\n"+strings.Repeat("y\n", 9)+"n\n", "doctor", "--walk")
	if code != 1 {
		t.Errorf("exit status %d, want 1 (no button pressed, no card tapped)", code)
	}
	for _, s := range []string{
		"doctor: press button UNO (GPIO17, pin 11) once",
		"doctor: Is the LED colour green (GPIO14, pin 8) lit? [y/n] doctor: Is the LED colour green (GPIO14, pin 8) lit? [y/n]",
		"doctor: Do you hear the buzzer (GPIO18, pin 12)? [y/n]",
		"doctor: tap a card on the play pad",
	} {
		if !strings.Contains(stderr, s) {
			t.Errorf("stderr lacks %q:\n%s", s, stderr)
		}
	}
	for _, s := range []string{"OK       serial console", "PROBLEM  press button UNO", "OK       see LED colour green", "PROBLEM  hear buzzer (transistor base)", "you did not hear it", "PROBLEM  tap on play pad"} {
		if !strings.Contains(stdout, s) {
			t.Errorf("stdout lacks %q:\n%s", s, stdout)
		}
	}
}

func TestDoctorNoPi(t *testing.T) {
	old := openHost
	openHost = func(string) (*board.Host, error) { return nil, errors.New("doctor: no host drivers") }
	t.Cleanup(func() { openHost = old })
	_, stderr, code := call(t, "", "doctor")
	if code != 1 || !strings.Contains(stderr, "no host drivers") {
		t.Errorf("doctor without a Pi: exit %d, stderr %q, want 1 and the error", code, stderr)
	}
	stdout, _, _ := call(t, "", "help")
	if !strings.Contains(stdout, "doctor") {
		t.Errorf("help does not list doctor:\n%s", stdout)
	}
}

// TestDoctorServiceConfig: without --config, doctor reads the service's
// configuration when there is one: its pin map is the one checked, and
// its devices.sim is said.
func TestDoctorServiceConfig(t *testing.T) {
	dir := t.TempDir()
	full := filepath.Join(dir, "pinmap.toml")
	if err := os.WriteFile(full, hardware.FullTOML(), 0o644); err != nil {
		t.Fatal(err)
	}
	conf := filepath.Join(dir, "unoref.toml")
	if err := os.WriteFile(conf, []byte("pinmap = \"pinmap.toml\"\n[devices]\nsim = true\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	useBoard(t, fullBoard())
	serviceConfig = conf
	stdout, stderr, code := call(t, "", "doctor")
	if code != 0 {
		t.Fatalf("exit status %d\n%s\n%s", code, stdout, stderr)
	}
	for _, s := range []string{"unoref doctor, pin map: " + full, "optional parts switched on: the draw-pad reader and 10 seat pads", "WARN     config", "sim = false"} {
		if !strings.Contains(stdout, s) {
			t.Errorf("stdout lacks %q:\n%s", s, stdout)
		}
	}
}
