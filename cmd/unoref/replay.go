package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"

	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/replay"
)

var replayCmd = &command{
	name:    "replay",
	args:    "[--text] [FILE|-]",
	summary: "rule on a table log, one answer per event line",
	help: `Reads a table log (RULES.md "The table log") from FILE, or from standard input
when FILE is - or missing, and prints the referee's answer to every event
line: one JSON object per line, or with --text one readable sentence.
Refused events are answered, not errors: the exit status is 0 whenever the
log could be read to its end.`,
	run: runReplay,
}

func runReplay(ctx context.Context, self *command, e *env, args []string) error {
	fset := flag.NewFlagSet("replay", flag.ContinueOnError)
	text := fset.Bool("text", false, "print sentences instead of JSON")
	files, err := parseFlags(self, fset, args) // flags before or after the file name
	if err != nil {
		return err
	}
	if len(files) > 1 {
		return &usageError{cmd: self, msg: "replay reads one log at a time"}
	}
	in, name := e.stdin, "standard input"
	if len(files) == 1 && files[0] != "-" {
		name = files[0]
		f, err := os.Open(name)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("replay: %s: no such file", name)
			}
			return fmt.Errorf("replay: %w", err)
		}
		defer f.Close()
		in = f
	}
	out := bufio.NewWriterSize(e.stdout, 64<<10)
	var write func(*replay.Record) error
	if *text {
		write = replay.NewTextWriter(out).Write
	} else {
		write = replay.NewJSONWriter(out).Write
	}
	_, err = replay.Replay(ctx, in, referee.New(), write)
	if ferr := out.Flush(); err == nil && ferr != nil {
		err = fmt.Errorf("replay: writing: %w", ferr)
	}
	if err != nil {
		return fmt.Errorf("%w (reading %s)", err, name)
	}
	return nil
}
