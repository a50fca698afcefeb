// Command unoref is the UNO table referee: one binary, several commands.
//
//	unoref [run] [--sim] [--listen ADDR] …  referee the table (virtual without a Pi)
//	unoref replay [--text] [FILE|-]   rule on a table log, one answer per event
//	unoref version                    print the version
//	unoref help [COMMAND]             explain a command
//
// With no command (or with flags first) it runs the table daemon, `run`.
package main

import (
	"context"
	"errors"
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
	commands = []*command{runCmd, replayCmd, historyCmd, exportCmd, restoreCmd, tagCmd, enrollCmd, doctorCmd, versionCmd, helpCmd}
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
	err := dispatch(ctx, e, args)
	if err == nil {
		return nil
	}
	var ue *usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "unoref: %s\n", ue.msg)
		if ue.cmd != nil {
			printUsage(stderr, ue.cmd)
		} else {
			printCommands(stderr)
		}
		return err
	}
	fmt.Fprintf(stderr, "unoref: %v\n", err)
	return err
}

func dispatch(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 || (strings.HasPrefix(args[0], "-") && lookup(strings.TrimLeft(args[0], "-")) == nil && args[0] != "-h") {
		// No command, or flags first: the daemon.
		args = append([]string{"run"}, args...)
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help":
		name = "help"
	case "-version", "--version":
		name = "version"
	}
	c := lookup(name)
	if c == nil {
		return &usageError{msg: fmt.Sprintf("%q is not a command", args[0])}
	}
	return c.run(ctx, c, e, args[1:])
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
