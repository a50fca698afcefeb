package doctor

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/unoref/unoref/drivers/gpioline"
	"github.com/unoref/unoref/drivers/oled"
	"github.com/unoref/unoref/drivers/seatpad"
	"github.com/unoref/unoref/hardware"
	"github.com/unoref/unoref/hardware/board"
)

// Status is the outcome of one check.
type Status int

// Outcomes. Only Problem makes the report fail.
const (
	OK      Status = iota
	Warn           // works, but worth knowing (a clone reader chip)
	Problem        // something to fix
	Skipped        // not checked, because an earlier check failed
)

var statusNames = [...]string{"OK", "WARN", "PROBLEM", "SKIP"}

func (s Status) String() string {
	if s < 0 || int(s) >= len(statusNames) {
		return fmt.Sprintf("Status(%d)", int(s))
	}
	return statusNames[s]
}

// MarshalText gives "ok", "warn", "problem" or "skip" in JSON.
func (s Status) MarshalText() ([]byte, error) { return []byte(strings.ToLower(s.String())), nil }

// Check is the result of one check.
type Check struct {
	Name    string `json:"name"`
	Status  Status `json:"status"`
	Message string `json:"message"`          // one plain sentence
	Pins    []int  `json:"pins,omitempty"`   // physical header pins to look at
	Detail  string `json:"detail,omitempty"` // what was read, the driver's error
}

// Report is every check, in the order they ran.
type Report struct {
	PinMap   string  `json:"pinmap"`         // the file, or "built-in reference build"
	Step     int     `json:"step,omitempty"` // the guide's step checked up to; 0: the whole build
	OK       bool    `json:"ok"`             // no problem found
	Problems int     `json:"problems"`
	Checks   []Check `json:"checks"`
}

// Find returns the first check named name, or nil.
func (r *Report) Find(name string) *Check {
	for i := range r.Checks {
		if r.Checks[i].Name == name {
			return &r.Checks[i]
		}
	}
	return nil
}

// WriteText writes the report for a person: one line per check, the detail
// indented under it, and a closing line.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "unoref doctor, pin map: %s\n\n", r.PinMap)
	width := 0
	for _, c := range r.Checks {
		width = max(width, utf8.RuneCountInString(c.Name))
	}
	for _, c := range r.Checks {
		pad := strings.Repeat(" ", width-utf8.RuneCountInString(c.Name))
		fmt.Fprintf(&b, "%-8s %s%s  %s\n", c.Status, c.Name, pad, c.Message)
		if c.Detail != "" {
			fmt.Fprintf(&b, "%-8s %s  (%s)\n", "", strings.Repeat(" ", width), c.Detail)
		}
	}
	switch {
	case r.Problems == 0 && r.Step > 0 && r.Step < int(hardware.LastStep):
		fmt.Fprintf(&b, "\nNo problem found up to step %d: go on with step %d of the guide (%s).\n", r.Step, r.Step+1, hardware.Step(r.Step+1).Title())
	case r.Problems == 0:
		b.WriteString("\nNo problem found.\n")
	case r.Problems == 1:
		b.WriteString("\n1 problem found: fix it and run unoref doctor again.\n")
	default:
		fmt.Fprintf(&b, "\n%d problems found: fix the first one and run unoref doctor again.\n", r.Problems)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteJSON writes the report as one indented JSON object.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// Env is what the checks run on: the machine's buses, lines and files as
// the daemon opens them (a board.Host: board.PiHost(Consumer) on a Pi, the
// simulated board, boardtest, in tests; its Sleep waits for lines to
// settle and, with Blink, for a person to see each LED), and the speaker
// check.
type Env struct {
	*board.Host
	// Speaker checks the optional speaker in a language (EspeakSpeaker):
	// nil when the referee can speak. Nil: not checked.
	Speaker func(ctx context.Context, lang string) error
	// Free is the room left on the file system of a directory
	// (journal.FreeSpace); nil: the data directory's disk is not checked.
	Free func(dir string) (uint64, error)
}

// Consumer labels the lines the doctor holds, in gpioinfo.
const Consumer = "unoref-doctor"

// Options selects what Run checks.
type Options struct {
	// PinMap is the pin map file; empty means the reference build.
	PinMap string
	// Map, when set, is the pin map already loaded; PinMap then only
	// names it in the report.
	Map *hardware.PinMap
	// Blink lights each LED in turn and beeps the buzzer.
	Blink bool
	// Say, if set, is told what Blink lights now and, with Walk, what to
	// do next, for the person at the box.
	Say func(string)
	// Walk walks the build with a person: press each button, look at each
	// LED and seat LED, tap a card on each reader; it also checks that
	// the serial console left GPIO 14/15 alone. It needs Say and Ask.
	Walk bool
	// Ask asks the person a yes/no question ("Is the red LED on?").
	Ask func(question string) bool
	// Lang is the language the speaker is checked in ("ru"); default "en".
	Lang string
	// Step is the step of the assembly guide (hardware/README.md) the
	// build has reached: the parts of later steps are not fitted yet and
	// said so, not checked. 0: the whole build.
	Step hardware.Step
	// Config is the configuration file read, and Sim its devices.sim:
	// the referee then runs the virtual table, not the parts checked.
	Config string
	Sim    bool
	// Data is the data directory, whose disk's room is checked (Env.Free).
	Data string
}

// Run runs every check and returns the report. It stops early, with the
// checks so far, when ctx is done or when the pin map is not valid.
func Run(ctx context.Context, env *Env, o Options) *Report {
	d := &doctor{ctx: ctx, env: *env, opts: o, rep: &Report{PinMap: "built-in reference build"}, lines: map[string]gpioline.OutputCloser{}, inputs: map[string]board.Input{}}
	if d.env.Sleep == nil {
		h := *env.Host
		h.Sleep = time.Sleep
		d.env.Host = &h
	}
	if o.PinMap != "" {
		d.rep.PinMap = o.PinMap
	}
	d.rep.Step = int(o.Step)
	defer d.finish()
	defer d.close()
	d.disk()
	if !d.pinMap() || !d.machine() {
		return d.rep
	}
	steps := []func(){d.config, d.buses, d.gpio, d.readers, d.i2cDevices, d.speaker, d.blink, d.walk}
	for _, step := range steps {
		if ctx.Err() != nil {
			d.add(Check{Name: "interrupted", Status: Problem, Message: "stopped before all checks ran", Detail: ctx.Err().Error()})
			return d.rep
		}
		step()
	}
	return d.rep
}

// doctor is one run of the checks.
type doctor struct {
	ctx  context.Context
	env  Env
	opts Options
	rep  *Report
	pm   *hardware.PinMap

	spiOff map[int]bool // chip selects without a spidev
	i2cOff bool
	chipOK bool
	lines  map[string]gpioline.OutputCloser // pin map key → requested output, for blink
	inputs map[string]board.Input           // pin map key → button line read at rest, for the walk
	closer []func() error

	readersOK []startedPad // readers that started, for the walk
	display   *oled.Dev    // the OLED set up, for the walk's test pattern
	seats     *seatpad.Dev // seat pads set up, for the walk
	seatCount int
}

// stat returns nil when the device file at path exists.
func (d *doctor) stat(path string) error {
	_, err := fs.Stat(d.env.Files, strings.TrimPrefix(path, "/"))
	return err
}

func (d *doctor) add(c ...Check) {
	d.rep.Checks = append(d.rep.Checks, c...)
}

func (d *doctor) finish() {
	for _, c := range d.rep.Checks {
		if c.Status == Problem {
			d.rep.Problems++
		}
	}
	d.rep.OK = d.rep.Problems == 0
}

// fitted tells whether the guide has fitted the part on pin map key by
// the step the build has reached (Options.Step).
func (d *doctor) fitted(key string) bool {
	return d.opts.Step == 0 || hardware.StepOf(key) <= d.opts.Step
}

// notYet is the check of a part the guide fits at a later step.
func notYet(name, key string) Check {
	s := hardware.StepOf(key)
	return Check{Name: name, Status: Skipped,
		Message: fmt.Sprintf("not fitted yet: the guide fits it at step %d (%s); unoref doctor --step %d checks it then", s, s.Title(), s)}
}

// config says when the configuration runs the virtual table: the parts
// checked here are then left alone by the referee.
func (d *doctor) config() {
	if !d.opts.Sim {
		return
	}
	d.add(Check{Name: "config", Status: Warn,
		Message: fmt.Sprintf("%s has sim = true in its [devices] section: the referee runs the virtual table and leaves these parts alone; set sim = false there and restart it (sudo systemctl restart unoref)", d.opts.Config)})
}

// close releases what the checks opened, last first.
func (d *doctor) close() {
	for i := len(d.closer) - 1; i >= 0; i-- {
		d.closer[i]()
	}
}
