package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/replay"
)

var replayCmd = &command{
	name:    "replay",
	args:    "[--text] [--lang L] [FILE|-]",
	summary: "rule on a table log, one answer per event line",
	help: `Reads a table log (RULES.md "The table log") from FILE, or from standard input
when FILE is - or missing, and prints the referee's answer to every event
line: one JSON object per line, or with --text one readable sentence.
--lang L gives the sentences (JSON "message") in L: ` + langList() + `;
English by default. Every other JSON field is the same in every language.
Refused events are answered, not errors: the exit status is 0 whenever the
log could be read to its end and holds an event, 1 when no line of it is one.`,
	run: runReplay,
}

func runReplay(ctx context.Context, self *command, e *env, args []string) error {
	fset := flag.NewFlagSet("replay", flag.ContinueOnError)
	text := fset.Bool("text", false, "print sentences instead of JSON")
	langTag := fset.String("lang", "en", "the language of the sentences")
	files, err := parseFlags(self, fset, args) // flags before or after the file name
	if err != nil {
		return err
	}
	if len(files) > 1 {
		return &usageError{cmd: self, msg: "replay reads one log at a time"}
	}
	l, err := lang.Parse(*langTag)
	if err != nil {
		return &usageError{cmd: self, msg: "replay: --lang: " + *langTag + " is not a language of unoref: want one of " + langList()}
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
		w := replay.NewTextWriter(out)
		w.Lang = l
		write = w.Write
	} else {
		w := replay.NewJSONWriter(out)
		w.Lang = l
		write = w.Write
	}
	events := 0
	count := func(r *replay.Record) error {
		if r.Event.Kind != 0 {
			events++
		}
		return write(r)
	}
	n, err := replay.Replay(ctx, in, referee.New(), count)
	if ferr := out.Flush(); err == nil && ferr != nil {
		err = fmt.Errorf("replay: writing: %w", ferr)
	}
	if err != nil {
		return fmt.Errorf("%w (reading %s)", err, name)
	}
	if n > 0 && events == 0 {
		return fmt.Errorf("replay: %w: none of the %d lines of %s is a table-log event (see shared/RULES.md §7)", errNoEvents, n, name)
	}
	return nil
}

// errNoEvents is a log in which no line could be read as an event: most
// likely not a table log at all.
var errNoEvents = errors.New("not a table log")

// langList is the tags of the languages, for help and errors.
func langList() string {
	tags := make([]string, 0, 6)
	for _, l := range lang.Languages() {
		tags = append(tags, l.String())
	}
	return strings.Join(tags, ", ")
}
