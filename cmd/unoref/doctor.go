package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/unoref/unoref/cmd/unoref/internal/doctor"
	"github.com/unoref/unoref/hardware"
	"github.com/unoref/unoref/referee/journal"
)

var doctorCmd = &command{
	name:    "doctor",
	args:    "[--step N] [--config FILE] [--pinmap FILE] [--blink] [--json] [--walk] [--data DIR]",
	summary: "check the wiring on the Pi: readers, OLED, seat pads, GPIO lines",
	help: `doctor checks each part of the pin map on the Raspberry Pi and says in
plain words what is wrong and which wire (physical pin) to look at: the pin
map itself, SPI and I²C being on, each RC522's version register and RF
field, the OLED's acknowledge, the seat-pad expanders, every GPIO line
(present, not used by another program) and the buttons at rest (not
pressed). Stop the unoref service first: it holds the lines.

--step N follows the assembly guide (hardware/README.md): while you build,
the parts of steps 1 to N are checked and the later ones are "not fitted
yet", not a problem (step 2: the OLED, 3: the play pad reader, 4: the LEDs,
5: the buzzer, 6: the buttons, 7: the draw pad, 8: the seat pads).

The draw-pad reader and the seat pads are optional: when the pin map
switches them on and they do not answer, doctor says SKIP (not fitted),
not PROBLEM. The speaker ([voice]: espeak-ng, aplay and a sound card) is
checked too; anything missing there is a WARN: the referee goes on
without its voice. On a machine that is not a Raspberry Pi it says so and
stops.

--blink also lights each LED in turn and beeps the buzzer, for you to
watch. --walk walks the build with you: press each button when asked (a
button wired to the wrong pin is found), answer y or n for each LED, the
buzzer and each seat LED, tap a card on each reader; it also checks that
the serial console has left GPIO 14/15 to the LEDs. --json prints the
report for machines. --pinmap checks a custom pin map (default: the
config's pinmap, else the reference build). --config is the referee's
configuration (default $UNOREF_CONFIG, else /etc/unoref/unoref.toml when it
exists): its pinmap, and whether [devices] sim = true runs the virtual
table instead of these parts.

The room left on the disk of the data directory (--data, else the
configuration's data, else as for run) is checked too: a full card is a
problem (the table refuses every play it would save), less than 64 MB a
warning.

Exit status 0 when every check passed, 1 when a problem was found.`,
	run: runDoctor,
}

// askYesNo asks on w and reads y or n from in, again until it gets one; an
// input that ends answers no.
func askYesNo(in *bufio.Scanner, w io.Writer) func(string) bool {
	return func(q string) bool {
		for {
			fmt.Fprintf(w, "doctor: %s [y/n] ", q)
			if !in.Scan() {
				fmt.Fprintln(w)
				return false
			}
			switch strings.ToLower(strings.TrimSpace(in.Text())) {
			case "y", "yes":
				return true
			case "n", "no":
				return false
			}
		}
	}
}

// serviceConfig is the service's configuration (firmware/unoref.service),
// which doctor reads when no other is named. A variable for tests.
var serviceConfig = "/etc/unoref/unoref.toml"

// doctorConfig reads the configuration doctor checks against: --config,
// else $UNOREF_CONFIG, else the service's when it exists. Its pinmap is
// the one checked unless --pinmap names another; devices.sim is said.
func doctorConfig(path string, o *doctor.Options) error {
	if path == "" {
		path = os.Getenv("UNOREF_CONFIG")
	}
	if path == "" {
		if _, err := os.Stat(serviceConfig); err != nil {
			return nil
		}
		path = serviceConfig
	}
	c := defaultConfig()
	if err := loadConfig(path, &c); err != nil {
		return fmt.Errorf("doctor: %w", err)
	}
	o.Config, o.Sim = path, c.Sim
	if o.PinMap == "" {
		o.PinMap = c.Pinmap
	}
	if o.Data == "" {
		o.Data = c.Data
	}
	return nil
}

// doctorSpeaker checks the speaker; tests leave it out.
var doctorSpeaker = doctor.EspeakSpeaker

// errProblems is returned when the doctor found a problem: exit status 1.
var errProblems = errors.New("not every check passed")

func runDoctor(ctx context.Context, self *command, e *env, args []string) error {
	fset := flag.NewFlagSet("doctor", flag.ContinueOnError)
	pinmap := fset.String("pinmap", "", "pin map file (default: the reference build)")
	blink := fset.Bool("blink", false, "light each LED in turn and beep")
	asJSON := fset.Bool("json", false, "print the report as JSON")
	walk := fset.Bool("walk", false, "walk the build: press, look, tap when asked")
	step := fset.Int("step", 0, fmt.Sprintf("the assembly guide's step reached, 1 to %d (default: the whole build)", hardware.LastStep))
	config := fset.String("config", "", "configuration file (default $UNOREF_CONFIG, else "+serviceConfig+" when it exists)")
	data := fset.String("data", "", "data directory, whose disk's room is checked (default: the configuration's, else as for run)")
	words, err := parseFlags(self, fset, args)
	if err != nil {
		return err
	}
	if len(words) > 0 {
		return &usageError{cmd: self, msg: "doctor takes no arguments"}
	}
	if *step < 0 || *step > int(hardware.LastStep) {
		return badFlag(self, "step", fmt.Errorf("%d: want a step of the guide, 1 to %d", *step, hardware.LastStep))
	}
	o := doctor.Options{PinMap: *pinmap, Blink: *blink, Walk: *walk, Step: hardware.Step(*step), Data: *data}
	if err := doctorConfig(*config, &o); err != nil {
		return err
	}
	if o.Data == "" {
		o.Data = dataDir()
	}
	h, err := openHost(doctor.Consumer)
	if err != nil {
		return err
	}
	pe := &doctor.Env{Host: h, Speaker: doctorSpeaker, Free: journal.FreeSpace}
	if *blink || *walk {
		o.Say = func(s string) { fmt.Fprintln(e.stderr, "doctor: "+s) }
	}
	if *walk {
		o.Ask = askYesNo(bufio.NewScanner(e.stdin), e.stderr)
	}
	rep := doctor.Run(ctx, pe, o)
	if *asJSON {
		err = rep.WriteJSON(e.stdout)
	} else {
		err = rep.WriteText(e.stdout)
	}
	if err != nil {
		return fmt.Errorf("doctor: %w", err)
	}
	if !rep.OK {
		return fmt.Errorf("doctor: %w (%s)", errProblems, count(rep.Problems, "problem", "problems"))
	}
	return nil
}
