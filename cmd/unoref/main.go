package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(exitCode(err))
}

// errUsage marks a command line unoref cannot understand: exit status 2.
var errUsage = errors.New("usage")

// usageError is a bad command line; run prints msg and the command's usage.
type usageError struct {
	cmd *command
	msg string
}

func (e *usageError) Error() string { return e.msg }
func (e *usageError) Unwrap() error { return errUsage }

func exitCode(err error) int {
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errUsage):
		return 2
	}
	return 1
}

// env is what a command may touch besides its arguments.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// command is one entry of the dispatch table.
type command struct {
	name    string
	args    string // after the name in the usage line
	summary string // one line for the command list
	help    string // more, for `unoref help NAME`
	run     func(ctx context.Context, c *command, e *env, args []string) error
}

// commands is the dispatch table, in the order `unoref help` lists them.
// The daemon (`run`, the default), `tag`, `enroll`, `history`, `export` and
// `doctor` go here as they are built.
var commands []*command

func init() {
	commands = []*command{runCmd, replayCmd, historyCmd, statsCmd, exportCmd, importCmd, restoreCmd, tagCmd, enrollCmd, doctorCmd, versionCmd, helpCmd}
}

func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

// run is unoref with its arguments (without the program name). Errors are
// printed to stderr here; the returned error only selects the exit status.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	c, args, implicit, err := resolve(args)
	switch {
	case err == nil && asksHelp(args):
		err = flag.ErrHelp // every command, flags or none, answers -h and --help
	case err == nil:
		err = c.run(ctx, c, e, args)
	}
	return report(e, c, implicit, err)
}

// asksHelp reports whether args hold -h, -help or --help before any "--".
func asksHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help":
			return true
		}
	}
	return false
}

// resolve finds the command of args and its arguments. With no command, or
// flags first, it is the daemon, run: implicit.
func resolve(args []string) (c *command, rest []string, implicit bool, err error) {
	if len(args) == 0 || (strings.HasPrefix(args[0], "-") && lookup(strings.TrimLeft(args[0], "-")) == nil && args[0] != "-h") {
		return runCmd, args, true, nil
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help":
		name = "help"
	case "-version", "--version":
		name = "version"
	}
	if c = lookup(name); c == nil {
		return nil, nil, false, &usageError{msg: fmt.Sprintf("%q is not a command", args[0])}
	}
	return c, args[1:], false, nil
}

// report prints err of command c on stderr, as the kind of error says:
// the help asked for, a bad flag in one line, a bad command line with its
// usage, anything else as it is. It returns the error that sets the exit
// status: nil once the help is printed.
func report(e *env, c *command, implicit bool, err error) error {
	var fe *flagError
	var ue *usageError
	switch {
	case err == nil:
	case errors.Is(err, flag.ErrHelp):
		printUsage(e.stdout, c)
		return nil
	case errors.As(err, &fe) && fe.err == nil && implicit:
		fmt.Fprintf(e.stderr, "unoref: unknown flag %s: it is not a command, nor a flag of 'unoref run'\n", fe.flag)
		printCommands(e.stderr)
	case errors.As(err, &fe) && implicit:
		printLines(e.stderr, "unoref: ", err)
	case errors.As(err, &fe):
		printLines(e.stderr, "unoref: "+c.name+": ", err)
	case errors.As(err, &ue) && ue.cmd == nil:
		fmt.Fprintf(e.stderr, "unoref: %s\n", ue.msg)
		printCommands(e.stderr)
	case errors.As(err, &ue):
		fmt.Fprintf(e.stderr, "unoref: %s\nusage: unoref %s %s\n", ue.msg, ue.cmd.name, ue.cmd.args)
	default:
		printLines(e.stderr, "unoref: ", err)
	}
	return err
}

// printLines prints each line of err after prefix: errors joined by
// errors.Join come one per line.
func printLines(w io.Writer, prefix string, err error) {
	for _, l := range strings.Split(err.Error(), "\n") {
		fmt.Fprintf(w, "%s%s\n", prefix, l)
	}
}

func printCommands(w io.Writer) {
	fmt.Fprintln(w, "usage: unoref COMMAND [ARGS]\n\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'unoref help COMMAND' for more.")
}

func printUsage(w io.Writer, c *command) {
	fmt.Fprintf(w, "usage: unoref %s %s\n", c.name, c.args)
	if c.help != "" {
		fmt.Fprintf(w, "\n%s\n", c.help)
	}
}

var helpCmd = &command{
	name:    "help",
	args:    "[COMMAND]",
	summary: "explain a command",
	run: func(ctx context.Context, self *command, e *env, args []string) error {
		switch len(args) {
		case 0:
			printCommands(e.stdout)
			return nil
		case 1:
			c := lookup(args[0])
			if c == nil {
				return &usageError{msg: fmt.Sprintf("%q is not a command", args[0])}
			}
			printUsage(e.stdout, c)
			return nil
		}
		return &usageError{cmd: self, msg: "help takes one command name"}
	},
}
