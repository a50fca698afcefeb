package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/replay"
)

var replayCmd = &command{
	name:    "replay",
	args:    "[--json|--text] [--lang L] [FILE|-]",
	summary: "rule on a table log, one answer per event line",
	help: `Reads a table log (RULES.md "The table log") from FILE, or from standard input
when FILE is - or missing, and prints the referee's answer to every event
line: one JSON object per line (--json, the default), or with --text one
readable sentence.
--lang L gives the sentences (JSON "message") in L: ` + langList() + `;
English by default. Every other JSON field is the same in every language.
Refused events are answered, not errors: the exit status is 0 whenever the
log could be read to its end and holds an event, 1 when no line of it is one.`,
	run: runReplay,
}

// replayOpts are the flags and the file of one replay command.
type replayOpts struct {
	text bool
	lang lang.Lang
	file string // "" or "-" for standard input
}

func runReplay(ctx context.Context, self *command, e *env, args []string) error {
	o, err := parseReplay(self, args)
	if err != nil {
		return err
	}
	in, name, closeLog, err := openLog(o.file, e.stdin)
	if err != nil {
		return err
	}
	defer closeLog()
	out := bufio.NewWriterSize(e.stdout, 64<<10)
	n, events, err := replayTo(ctx, in, recordWriter(out, o))
	if ferr := out.Flush(); err == nil && ferr != nil {
		err = fmt.Errorf("replay: writing: %w", ferr)
	}
	if err != nil {
		return fmt.Errorf("%w (reading %s)", err, name)
	}
	if n > 0 && events == 0 {
		return fmt.Errorf("replay: %w: none of the %d lines of %s is a table-log event (see RULES.md, \"The table log\")", errNoEvents, n, name)
	}
	return nil
}

// parseReplay reads the flags, which may come before or after the file.
func parseReplay(self *command, args []string) (replayOpts, error) {
	fset := flag.NewFlagSet("replay", flag.ContinueOnError)
	text := fset.Bool("text", false, "print sentences instead of JSON")
	asJSON := fset.Bool("json", false, "print JSON (the default)")
	langTag := fset.String("lang", "en", "the language of the sentences")
	files, err := parseFlags(self, fset, args) // flags before or after the file name
	if err != nil {
		return replayOpts{}, err
	}
	if len(files) > 1 {
		return replayOpts{}, &usageError{cmd: self, msg: "replay reads one log at a time"}
	}
	if *text && *asJSON {
		return replayOpts{}, &usageError{cmd: self, msg: "replay: --json and --text: pick one"}
	}
	l, err := lang.Parse(*langTag)
	if err != nil {
		return replayOpts{}, &usageError{cmd: self, msg: "replay: --lang: " + *langTag + " is not a language of unoref: want one of " + langList()}
	}
	o := replayOpts{text: *text, lang: l}
	if len(files) == 1 {
		o.file = files[0]
	}
	return o, nil
}

// openLog opens the log to replay: file, or stdin for "" and "-".
func openLog(file string, stdin io.Reader) (io.Reader, string, func(), error) {
	if file == "" || file == "-" {
		return stdin, "standard input", func() {}, nil
	}
	f, err := os.Open(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "", nil, fmt.Errorf("replay: %s: no such file", file)
	}
	if err != nil {
		return nil, "", nil, fmt.Errorf("replay: %w", err)
	}
	return f, file, func() { f.Close() }, nil
}

// recordWriter prints records as JSON or, with --text, as sentences, in
// the language asked for.
func recordWriter(out io.Writer, o replayOpts) func(*replay.Record) error {
	if o.text {
		w := replay.NewTextWriter(out)
		w.Lang = o.lang
		return w.Write
	}
	w := replay.NewJSONWriter(out)
	w.Lang = o.lang
	return w.Write
}

// replayTo replays the log into write and counts the records and the
// lines that were events.
func replayTo(ctx context.Context, in io.Reader, write func(*replay.Record) error) (n, events int, err error) {
	n, err = replay.Stream(ctx, in, referee.New(), func(r *replay.Record) error {
		if r.Event.Kind != 0 {
			events++
		}
		return write(r)
	})
	return n, events, err
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
