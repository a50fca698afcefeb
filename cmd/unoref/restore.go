package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/unoref/unoref/referee/journal"
)

var restoreCmd = &command{
	name:    "restore",
	args:    "[--data DIR] [--force]",
	summary: "put back the journal's rolling copy after the daemon reported damage",
	help: `The daemon keeps a copy of its journal (journal.db.backup in --data), made by
SQLite at the end of every round. When it finds the journal damaged at start
(events it acknowledged are missing, or the file is corrupt) it says so and
names this command. Stop the daemon, run unoref restore, and start it again:
the game goes on from the end of the last round the copy holds.

The damaged files are not deleted: they are renamed journal.db.damaged-TIME
(with -wal, -shm and .ack) beside the journal. A journal that is not damaged
is left alone unless --force is given (its events since the copy would be put
aside with it).

--data defaults to $UNOREF_DATA, else /var/lib/unoref when it is readable,
else $XDG_DATA_HOME/unoref or ~/.local/share/unoref.`,
	run: runRestore,
}

func runRestore(ctx context.Context, self *command, e *env, args []string) error {
	fset := flag.NewFlagSet("restore", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	data := fset.String("data", dataDir(), "directory of the journal")
	force := fset.Bool("force", false, "restore even when the journal is not damaged")
	if err := fset.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printUsage(e.stdout, self)
			return nil
		}
		return &usageError{cmd: self, msg: "restore: " + err.Error()}
	}
	if fset.NArg() > 0 {
		return &usageError{cmd: self, msg: fmt.Sprintf("restore takes no arguments, only flags (got %q)", fset.Arg(0))}
	}
	path := filepath.Join(*data, journalFile)
	if err := needsRestore(ctx, path, *force); err != nil {
		return err
	}
	r, err := journal.Restore(ctx, path)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	fmt.Fprintln(e.stdout, restoredSentence(path, r))
	return nil
}

// needsRestore refuses to put aside a journal that opens whole, unless
// forced.
func needsRestore(ctx context.Context, path string, force bool) error {
	if force {
		return nil
	}
	j, err := journal.Open(ctx, path, nil)
	if err == nil {
		j.Close()
		return fmt.Errorf("restore: %s is not damaged: nothing to restore (--force puts it aside anyway, with the events played since the copy)", path)
	}
	if !errors.Is(err, journal.ErrDamaged) {
		return fmt.Errorf("restore: %w", err)
	}
	return nil
}

func restoredSentence(path string, r journal.Restored) string {
	var b strings.Builder
	fmt.Fprintf(&b, "unoref: %s restored from the copy made %s: %s", path, r.Taken.Local().Format("2006-01-02 15:04"), count(r.Games, "game", "games"))
	if r.OpenID != 0 {
		fmt.Fprintf(&b, ", game %d resumes at event %d", r.OpenID, r.OpenLen)
	}
	fmt.Fprintf(&b, ".\nThe damaged files are kept: %s", strings.Join(r.Kept, ", "))
	return b.String()
}
