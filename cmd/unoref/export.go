package main

import (
	"bufio"
	"context"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/unoref/unoref/referee/journal"
)

var exportCmd = &command{
	name:    "export",
	args:    "[--data DIR] [--config FILE] (--game N | --csv [--game N] | --csv --players [--last N] [--since DATE] [--until DATE]) [-o FILE]",
	summary: "write a game as a table log, or the score history as CSV",
	help: `With --game N, writes game N of the journal in --data as a table log
(RULES.md "The table log") that 'unoref replay' reads back to the same state,
with every event the referee refused where it was made: the games exported,
played into an empty journal, give the same record ('unoref stats').

With --csv, writes the score history as CSV, one row per player per round
played to the end, under a header line:
    game,started,rules,round,player,points,total,round_winner,game_winner
started is the game's start in UTC (RFC 3339); total is the player's game
total after the round; game_winner is empty while the game is in progress
or when it was abandoned. --game N limits the CSV to that game.

With --csv --players, writes the per-player table instead: one row per
roster player, under the header line
    player,games,games_won,rounds,rounds_won,points_left,avg_points_left,uno_called,uno_forgot,uno_caught_others,refused,after_wild,out_of_turn,wd4_guilty
over the games --last, --since and --until choose (as 'unoref stats'):
uno_forgot counts the UNO calls the player forgot, whoever caught them (or
nobody), uno_caught_others the times they caught another player's.

The output goes to FILE with -o (replaced only once it is complete), or to
standard output when -o is - or missing.

` + dataHelp,
	run: runExport,
}

func runExport(ctx context.Context, self *command, e *env, args []string) error {
	var h historyFlags
	fset := flag.NewFlagSet("export", flag.ContinueOnError)
	h.add(fset)
	asCSV := fset.Bool("csv", false, "write the score history as CSV")
	perPlayer := fset.Bool("players", false, "with --csv: the per-player table")
	var pf periodFlags
	pf.add(fset)
	outPath := fset.String("o", "-", "output file, - for standard output")
	if err := h.parse(self, fset, args); err != nil {
		return err
	}
	if !*asCSV && h.game == 0 {
		return &usageError{cmd: self, msg: "export needs --game N (a table log) or --csv (the score history)"}
	}
	if *outPath == "" {
		return badFlag(self, "o", errors.New("want a file name, or - for standard output"))
	}
	per, err := pf.period()
	switch {
	case err != nil:
		return &usageError{cmd: self, msg: "export: " + err.Error()}
	case *perPlayer && (!*asCSV || h.game != 0):
		return &usageError{cmd: self, msg: "export: --players goes with --csv, without --game"}
	}
	j, err := openJournal(ctx, "export", h.data)
	if err != nil {
		return err
	}
	defer j.Close()
	// Check the game before creating the output file.
	games, err := j.Games(ctx)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if h.game != 0 {
		g, err := findGame(games, h.game, "export", j.path)
		if err != nil {
			return err
		}
		games = []journal.GameSummary{g}
	}
	write := func(w io.Writer) error {
		if *perPlayer {
			return writePlayersCSV(ctx, j, per, w)
		}
		if *asCSV {
			return writeCSV(ctx, j, games, w)
		}
		if err := j.Export(ctx, h.game, w); err != nil {
			return fmt.Errorf("export: %w", err)
		}
		return nil
	}
	if *outPath == "-" {
		out := bufio.NewWriter(e.stdout)
		err := write(out)
		if ferr := out.Flush(); err == nil && ferr != nil {
			err = fmt.Errorf("export: writing: %w", ferr)
		}
		return err
	}
	return writeFile(*outPath, write)
}

// csvHeader names the columns of `export --csv`.
var csvHeader = []string{"game", "started", "rules", "round", "player", "points", "total", "round_winner", "game_winner"}

// writeCSV writes one row per player per round of games.
func writeCSV(ctx context.Context, j *history, games []journal.GameSummary, w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(csvHeader); err != nil {
		return fmt.Errorf("export: writing: %w", err)
	}
	for _, g := range games {
		rounds, err := j.Rounds(ctx, g.ID)
		if err != nil {
			return fmt.Errorf("export: %w", err)
		}
		id, started, rules := strconv.FormatInt(g.ID, 10), g.StartedAt.UTC().Format(time.RFC3339), g.RulesWords()
		for _, r := range rounds {
			n := strconv.Itoa(r.N)
			for _, s := range r.Scores {
				rec := []string{id, started, csvCell(rules), n, csvCell(s.Player), strconv.Itoa(s.Points), strconv.Itoa(s.Total), csvCell(r.Winner), csvCell(g.Winner)}
				if err := cw.Write(rec); err != nil {
					return fmt.Errorf("export: writing: %w", err)
				}
			}
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("export: writing: %w", err)
	}
	return nil
}

// playersHeader names the columns of `export --csv --players`.
var playersHeader = []string{"player", "games", "games_won", "rounds", "rounds_won", "points_left", "avg_points_left",
	"uno_called", "uno_forgot", "uno_caught_others", "refused", "after_wild", "out_of_turn", "wd4_guilty"}

// writePlayersCSV writes one row per roster player, leaderboard order.
func writePlayersCSV(ctx context.Context, j *history, per journal.Period, w io.Writer) error {
	f, err := j.Stats(ctx, per)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	cw := csv.NewWriter(w)
	cw.Write(playersHeader)
	for _, s := range f.Players {
		n := []int{s.Games, s.GamesWon, s.Rounds, s.RoundsWon, s.PointsLeft}
		rec := []string{s.Player.Name}
		for _, v := range n {
			rec = append(rec, strconv.Itoa(v))
		}
		rec = append(rec, strconv.FormatFloat(s.AvgLeft, 'f', 2, 64))
		for _, v := range []int{s.UnoCalled, s.UnoForgot, s.UnoCatches, s.Refused,
			s.Mistakes[journal.MistakeAfterWild], s.Mistakes[journal.MistakeOutOfTurn], s.Mistakes[journal.FactWD4Guilty]} {
			rec = append(rec, strconv.Itoa(v))
		}
		cw.Write(rec)
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("export: writing: %w", err)
	}
	return nil
}

// csvCell neutralises a free-text cell that a spreadsheet would run as a
// formula (OWASP, "CSV Injection"): one starting with = + - @, a tab or a
// carriage return gets a leading apostrophe, which the spreadsheet shows
// as text. The numeric columns are written by strconv and left as numbers.
func csvCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// writeFile writes name through write: into a temporary file beside it,
// renamed over name only when complete, so a failed export never leaves a
// truncated file or destroys the previous one.
func writeFile(name string, write func(io.Writer) error) (err error) {
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*")
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	bw := bufio.NewWriter(f)
	if err := write(bw); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("export: writing %s: %w", name, err)
	}
	if err := f.Chmod(0o644); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("export: writing %s: %w", name, err)
	}
	if err := os.Rename(f.Name(), name); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	return nil
}
