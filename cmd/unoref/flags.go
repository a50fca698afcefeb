package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// flagError is a flag a command can't take: one it does not know, one
// without its value, or one whose value is wrong. It reads as one line
// naming the flag; report prints it without the command's help.
type flagError struct {
	cmd  *command
	flag string // as the help writes it: "--uno-grace"
	err  error  // what is wrong with it; nil for a flag the command does not know
	near string // for an unknown flag, the command's flag it looks like, if any
}

func (e *flagError) Error() string {
	switch {
	case e.err != nil:
		return e.err.Error()
	case e.near != "":
		return fmt.Sprintf("unknown flag %s: did you mean %s? 'unoref %s --help' lists the flags", e.flag, e.near, e.cmd.name)
	}
	return fmt.Sprintf("unknown flag %s: 'unoref %s --help' lists the flags", e.flag, e.cmd.name)
}

func (e *flagError) Unwrap() []error {
	if e.err == nil {
		return []error{errUsage}
	}
	return []error{errUsage, e.err}
}

// badFlag is the error of flag name (without dashes) whose value fails
// check: the same *ConfigError, and so the same sentence, as the
// configuration file gives for the same value.
func badFlag(c *command, name string, err error) error {
	key := dashed(name)
	return &flagError{cmd: c, flag: key, err: &ConfigError{Key: key, Msg: err.Error()}}
}

// parseFlags parses a command's arguments, flags and words in any order,
// and returns the words. It is the one place that says what is wrong with
// a command line's flags; -h and --help return flag.ErrHelp, which run
// answers with the command's help.
func parseFlags(c *command, fset *flag.FlagSet, args []string) ([]string, error) {
	fset.SetOutput(io.Discard)
	var failed *flagError // set by the flag whose value is refused
	fset.VisitAll(func(f *flag.Flag) {
		f.Value = &checkedValue{Value: f.Value, cmd: c, name: f.Name, failed: &failed}
	})
	var words []string
	for {
		err := fset.Parse(args)
		switch {
		case errors.Is(err, flag.ErrHelp):
			return nil, err
		case failed != nil:
			return nil, failed
		case err != nil:
			return nil, parseError(c, fset, err)
		}
		rest := fset.Args()
		if len(rest) == 0 {
			return words, nil
		}
		if ended := len(args) > len(rest) && args[len(args)-len(rest)-1] == "--"; ended {
			return append(words, rest...), nil
		}
		words, args = append(words, rest[0]), rest[1:]
	}
}

// dashed is a flag as the help writes it: -o, --uno-grace.
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// parseError words an error of package flag that no value gave: an unknown
// flag, a flag without its value, or a malformed one.
func parseError(c *command, fset *flag.FlagSet, err error) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return badFlag(c, name, errors.New("needs a value after it"))
	}
	name, ok := strings.CutPrefix(msg, "flag provided but not defined: -")
	if !ok {
		name, ok = strings.CutPrefix(msg, "bad flag syntax: ")
		name = strings.TrimLeft(name, "-")
	}
	if ok {
		return &flagError{cmd: c, flag: dashed(name), near: nearestFlag(fset, name)}
	}
	return &flagError{cmd: c, flag: "", err: err}
}

// nearestFlag is the flag of fset that name is a typo of: at most two
// letters added, dropped or changed, and fewer than half of them; "" if
// none is that near.
func nearestFlag(fset *flag.FlagSet, name string) string {
	best, bestDist := "", 3
	fset.VisitAll(func(f *flag.Flag) {
		d := editDistance(name, f.Name)
		if d < bestDist && 2*d < len(f.Name) {
			best, bestDist = dashed(f.Name), d
		}
	})
	return best
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// checkedValue is a flag's value that keeps, when its Set fails, the
// error of that flag for parseFlags.
type checkedValue struct {
	flag.Value
	cmd    *command
	name   string
	failed **flagError
}

func (v *checkedValue) Set(s string) error {
	err := v.Value.Set(s)
	if err == nil {
		return nil
	}
	if v.IsBoolFlag() {
		err = fmt.Errorf("%q is not true or false", s)
	} else if isFlagPackageError(err) {
		err = fmt.Errorf("%q is not a value it takes", s)
	}
	if *v.failed == nil {
		*v.failed = badFlag(v.cmd, v.name, err).(*flagError)
	}
	return err
}

// IsBoolFlag tells package flag that a boolean flag needs no value.
func (v *checkedValue) IsBoolFlag() bool {
	b, ok := v.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// isFlagPackageError reports the bare errors of package flag's own values
// ("parse error", "value out of range"), which say nothing to a person.
func isFlagPackageError(err error) bool {
	s := err.Error()
	return s == "parse error" || s == "value out of range"
}

// graceFlag is --uno-grace, read and checked by parseGrace like the
// configuration file's game.uno_grace.
type graceFlag struct{ d *time.Duration }

func (g graceFlag) String() string {
	if g.d == nil {
		return ""
	}
	return g.d.String()
}

func (g graceFlag) Set(s string) (err error) {
	*g.d, err = parseGrace(s)
	return err
}

// gameFlag is --game of history and export: a game number, 1 or more.
type gameFlag struct{ n *int64 }

func (g gameFlag) String() string {
	if g.n == nil || *g.n == 0 {
		return ""
	}
	return strconv.FormatInt(*g.n, 10)
}

func (g gameFlag) Set(s string) error {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 1 {
		return fmt.Errorf("%q is not a game number: want 1 or more ('unoref history' lists the games)", s)
	}
	*g.n = n
	return nil
}
