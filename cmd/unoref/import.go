package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee/journal"
)

var importCmd = &command{
	name:    "import",
	args:    "[--data DIR] [--config FILE] [--yes] OTHER.db",
	summary: "add another box's games to this box's record (says what first)",
	help: `Adds the games of another box's journal, OTHER.db (its journal.db, or a
copy of it), to the journal of --data, so that the family's record covers
both boxes: a box at home and one at the grandparents', say.

Without --yes it only says what it would add: how many games, how many
this journal holds already, and who each player there is here. With --yes
it adds them.

A game is added once. It is the same game on two boxes when it started at
the same moment (to the millisecond, as the box that played it noted), with
the same players, and its events are the same, line by line (compared by
their SHA-256): importing twice, or importing back the games the other box
took from this one, adds nothing. A game still being played there is left
out until it has ended.

Players are matched by name, as everywhere ("mia" there is Mia here), a
guest there too. A player on the other box's roster who is not on this one
joins it, with their mark and usual seat, and the guest seats of their name
here become theirs; any other guest stays a guest.

OTHER.db is read from a copy (with OTHER.db-wal, when there is one beside
it) and never changed. The daemon may run meanwhile: the games are added
one at a time.

` + dataHelp,
	run: runImport,
}

func runImport(ctx context.Context, self *command, e *env, args []string) error {
	var h historyFlags
	fset := flag.NewFlagSet("import", flag.ContinueOnError)
	h.addData(fset)
	h.addLang(fset)
	yes := fset.Bool("yes", false, "add the games (without it, only say what would be added)")
	words, err := h.parseWords(self, fset, args)
	if err != nil {
		return err
	}
	if len(words) != 1 {
		return &usageError{cmd: self, msg: "import takes one file: the other box's journal"}
	}
	other := words[0]
	path := filepath.Join(h.data, journalFile)
	if same, err := sameFile(path, other); err != nil {
		return fmt.Errorf("import: %w", err)
	} else if same {
		return fmt.Errorf("import: %s is this box's own journal: give the other box's", other)
	}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("import: no journal at %s: no game was played with this data directory (see --data)", path)
	}
	from, err := openSnapshot(ctx, other)
	if err != nil {
		return fmt.Errorf("import: reading %s: %w", other, err)
	}
	defer from.Close()
	j, err := journal.Open(ctx, path, nil)
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	defer j.Close()
	if !*yes {
		plan, err := j.PlanImport(ctx, from.Journal)
		if err != nil {
			return fmt.Errorf("import: %w", err)
		}
		writePlan(e.stdout, other, plan, false, h.lang)
		return nil
	}
	plan, err := j.Import(ctx, from.Journal)
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	writePlan(e.stdout, other, plan, true, h.lang)
	return nil
}

// sameFile reports whether a and b are one file; a file that does not
// exist is none (opening it says so).
func sameFile(a, b string) (bool, error) {
	var fi [2]os.FileInfo
	for i, p := range []string{a, b} {
		var err error
		fi[i], err = os.Stat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return false, nil
		}
		if err != nil {
			return false, err
		}
	}
	return os.SameFile(fi[0], fi[1]), nil
}

// writePlan says, in l, what an import adds (done: has added) from
// other.
func writePlan(w io.Writer, other string, p journal.ImportPlan, done bool, l lang.Lang) {
	games := func(n int) string { return l.Render(msg.Msg{Key: "page.fam.games", Args: msg.Args{N: n}}) }
	say := func(key string, a msg.Args) { fmt.Fprintln(w, l.Render(msg.Msg{Key: key, Args: a})) }
	head := "cli.import.plan"
	if done {
		head = "cli.import.done"
	}
	say(head, msg.Args{Path: other, Text: games(p.Games), Value: games(p.Known)})
	if p.Open > 0 {
		say("cli.import.open", msg.Args{Text: games(p.Open)})
	}
	if len(p.Players) > 0 {
		say("cli.import.players", msg.Args{})
	}
	for _, pl := range p.Players {
		a := msg.Args{Player: pl.Name, Other: pl.Here.Name, Text: games(pl.Games), Value: games(pl.Claims)}
		key := "cli.import.same"
		switch {
		case pl.New() && pl.Claims > 0:
			key = "cli.import.claims"
		case pl.New():
			key = "cli.import.new"
		case pl.Guest:
			key = "cli.import.guest"
		}
		fmt.Fprint(w, "  ")
		say(key, a)
	}
	if p.Guests > 0 {
		say("cli.import.guests", msg.Args{N: p.Guests})
	}
	if !done && p.Games > 0 {
		say("cli.import.dry", msg.Args{Command: "unoref import --yes " + other})
	}
}
