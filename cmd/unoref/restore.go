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
	args:    "[--data DIR] [--force] [--from FILE]",
	summary: "put back the journal's rolling copy after the daemon reported damage, or a saved journal on a new card",
	help: `The daemon keeps a copy of its journal (journal.db.backup in --data), brought
up to it at the end of every round. When it finds the journal damaged (events
it acknowledged are missing, or the file is corrupt) it says so and names
this command. Stop the daemon (sudo systemctl stop unoref), run unoref
restore, and start it again: the game goes on from the end of the last round
the copy holds. restore refuses to run while a daemon uses --data.

The damaged files are not deleted: they are renamed journal.db.damaged-TIME
(with -wal, -shm and .ack) beside the journal. A journal that is not damaged
is left alone unless --force is given (its events since the copy would be put
aside with it).

--from FILE puts back a journal saved elsewhere instead: the page's download
("Download the family's record"), or the copy on a USB stick (backup.dir) —
on a new SD card, say. FILE must be a journal this unoref reads, whole; the
journal in --data, if any, is renamed journal.db.replaced-TIME and kept.

--data defaults to $UNOREF_DATA, else /var/lib/unoref when it is readable,
else $XDG_DATA_HOME/unoref or ~/.local/share/unoref.`,
	run: runRestore,
}

func runRestore(ctx context.Context, self *command, e *env, args []string) error {
	fset := flag.NewFlagSet("restore", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	data := fset.String("data", dataDir(), "directory of the journal")
	force := fset.Bool("force", false, "restore even when the journal is not damaged")
	from := fset.String("from", "", "a saved journal to put back instead of the rolling copy")
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
	if err := makeDataDir(*data); err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	// The daemon must not write into the files restore renames.
	unlock, err := lockData(*data)
	var inUse *dataInUseError
	if errors.As(err, &inUse) {
		return fmt.Errorf("restore: the referee is running on %s (PID %s): stop it first (sudo systemctl stop unoref), then run unoref restore again", inUse.dir, inUse.pid)
	}
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	defer unlock()
	path := filepath.Join(*data, journalFile)
	var r journal.Restored
	if *from != "" {
		r, err = journal.RestoreFrom(ctx, path, *from)
	} else {
		if err := needsRestore(ctx, path, *force); err != nil {
			return err
		}
		r, err = journal.Restore(ctx, path)
	}
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
	fmt.Fprintf(&b, "unoref: %s restored from the copy made %s (%s): %s", path, r.Taken.Local().Format("2006-01-02 15:04"), r.Backup, count(r.Games, "game", "games"))
	if r.OpenID != 0 {
		fmt.Fprintf(&b, ", game %d resumes at event %d", r.OpenID, r.OpenLen)
	}
	if len(r.Kept) > 0 {
		fmt.Fprintf(&b, ".\nThe files it replaced are kept: %s", strings.Join(r.Kept, ", "))
	} else {
		b.WriteString(".")
	}
	return b.String()
}
