package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/journal"
	"github.com/unoref/unoref/referee/replay"
)

// journalGames reads the games as the journal lists them.
func journalGames(t *testing.T, dir string) []journal.GameSummary {
	t.Helper()
	j, err := journal.Open(context.Background(), filepath.Join(dir, journalFile), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	games, err := j.Games(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return games
}

func TestExportLog(t *testing.T) {
	dir, games := standardJournal(t)
	jgames := journalGames(t, dir)
	for i, g := range games {
		t.Run(strconv.FormatInt(g.id, 10), func(t *testing.T) {
			id := strconv.FormatInt(g.id, 10)
			out, errOut, code := call(t, "", "export", "--data", dir, "--game", id)
			if code != 0 {
				t.Fatalf("export --game %s: exit %d, stderr %q", id, code, errOut)
			}
			if !strings.HasPrefix(out, "# unoref game "+id+": ") {
				t.Errorf("export --game %s starts %q, want a comment naming the game", id, strings.SplitN(out, "\n", 2)[0])
			}

			// The log replays to the state the journal's table ended in.
			// It holds the journal's events and the refusals that changed
			// nothing (which the journal keeps for the record only).
			ref := referee.New()
			n := 0
			_, err := replay.Replay(context.Background(), strings.NewReader(out), ref, func(r *replay.Record) error {
				if r.OK || len(r.Verdict.Effects) > 0 {
					n++
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if n != jgames[i].Events {
				t.Errorf("the log has %d events that moved the game, the journal %d", n, jgames[i].Events)
			}
			if d := cmp.Diff(g.final, ref.State()); d != "" {
				t.Errorf("the exported log replays to another state (-journal +replay):\n%s", d)
			}

			// To a file: the same bytes, which `unoref replay` reads.
			file := filepath.Join(t.TempDir(), "game.log")
			if _, errOut, code := call(t, "", "export", "--data", dir, "--game", id, "-o", file); code != 0 {
				t.Fatalf("export -o: exit %d, stderr %q", code, errOut)
			}
			b, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != out {
				t.Errorf("export -o wrote %q, stdout had %q", b, out)
			}
			rout, errOut, code := call(t, "", "replay", file)
			if code != 0 {
				t.Fatalf("replay of the export: exit %d, stderr %q", code, errOut)
			}
			lines := strings.Split(strings.TrimSpace(rout), "\n")
			var last replay.Record
			if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil {
				t.Fatal(err)
			}
			want := g.final
			want.Players, want.Dealer, want.Dealt, want.DrawPile, want.UnoOpen = nil, "", false, 0, "" // not printed
			want.Leader, want.Early = "", false                                                        // not printed either
			if d := cmp.Diff(want, last.State); d != "" {
				t.Errorf("unoref replay of the export ends elsewhere (-journal +replay):\n%s", d)
			}
		})
	}
}

func TestExportCSV(t *testing.T) {
	dir, games := standardJournal(t)
	jgames := journalGames(t, dir)
	out, errOut, code := call(t, "", "export", "--data", dir, "--csv")
	if code != 0 {
		t.Fatalf("export --csv: exit %d, stderr %q", code, errOut)
	}
	checkCSV(t, out, games, jgames)

	// One game, to a file.
	file := filepath.Join(t.TempDir(), "scores.csv")
	if _, errOut, code := call(t, "", "export", "--data", dir, "--csv", "--game", "3", "-o", file); code != 0 {
		t.Fatalf("export --csv --game 3 -o: exit %d, stderr %q", code, errOut)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	checkCSV(t, string(b), games[2:3], jgames[2:3])
	// -o - is standard output.
	if out2, _, _ := call(t, "", "export", "--csv", "-o", "-", "--data", dir); out2 != out {
		t.Errorf("export --csv -o - = %q, want %q", out2, out)
	}
}

// checkCSV checks an export against the engine's rounds of games: a header,
// then one row per player per round, in order.
func checkCSV(t *testing.T, out string, games []wantGame, jgames []journal.GameSummary) {
	t.Helper()
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatalf("export --csv is not CSV: %v\n%s", err, out)
	}
	header := []string{"game", "started", "rules", "round", "player", "points", "total", "round_winner", "game_winner"}
	if len(rows) == 0 || !slices.Equal(rows[0], header) {
		t.Fatalf("export --csv header = %q, want %q", rows[:min(1, len(rows))], header)
	}
	var want [][]string
	for i, g := range games {
		started := jgames[i].StartedAt.UTC().Format(time.RFC3339)
		for _, r := range g.rounds {
			for _, p := range g.players {
				want = append(want, []string{strconv.FormatInt(g.id, 10), started, g.rules, strconv.Itoa(r.n), p,
					strconv.Itoa(r.points[p]), strconv.Itoa(r.totals[p]), r.winner, g.final.Winner})
			}
		}
	}
	if d := cmp.Diff(want, rows[1:]); d != "" {
		t.Errorf("export --csv rows differ from the engine's rounds (-want +got):\n%s", d)
	}
	// The last round's totals are the engine's final scores, and the
	// points add up to them.
	sums := map[string]map[string]int{}
	last := map[string]map[string]int{}
	for _, row := range rows[1:] {
		pts, err1 := strconv.Atoi(row[5])
		tot, err2 := strconv.Atoi(row[6])
		if err1 != nil || err2 != nil {
			t.Fatalf("row %q: points or total is not a number", row)
		}
		if sums[row[0]] == nil {
			sums[row[0]], last[row[0]] = map[string]int{}, map[string]int{}
		}
		sums[row[0]][row[4]] += pts
		last[row[0]][row[4]] = tot
	}
	for _, g := range games {
		id := strconv.FormatInt(g.id, 10)
		if len(g.rounds) == 0 {
			if len(last[id]) != 0 {
				t.Errorf("game %s: rows without a round ended", id)
			}
			continue
		}
		if d := cmp.Diff(g.final.Scores, last[id]); d != "" {
			t.Errorf("game %s: last totals differ from the engine's scores (-engine +csv):\n%s", id, d)
		}
		if d := cmp.Diff(last[id], sums[id]); d != "" {
			t.Errorf("game %s: points do not add up to the totals (-totals +sums):\n%s", id, d)
		}
	}
}

func TestExportErrors(t *testing.T) {
	dir, _ := buildJournal(t, exampleSource(t, "house-ru.log", false))
	empty := t.TempDir()
	outDir := t.TempDir()
	old := filepath.Join(outDir, "old.log")
	if err := os.WriteFile(old, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	checkFailures(t, "export", []failCase{
		{"nothing to export", []string{"--data", dir}, 2, []string{"export needs --game N", "usage: unoref export"}},
		{"unknown game", []string{"--data", dir, "--game", "2"}, 1, []string{"no such game: 2 (the journal has one game, game 1)"}},
		{"unknown game csv", []string{"--data", dir, "--csv", "--game", "7"}, 1, []string{"no such game: 7"}},
		{"unknown game keeps the file", []string{"--data", dir, "--game", "2", "-o", old}, 1, []string{"no such game: 2"}},
		{"missing db", []string{"--data", empty, "--csv"}, 1, []string{"no journal at " + filepath.Join(empty, journalFile)}},
		{"no such out dir", []string{"--data", dir, "--game", "1", "-o", filepath.Join(outDir, "no", "x.log")}, 1, []string{filepath.Join(outDir, "no")}},
		{"bad flag", []string{"--data", dir, "--xml"}, 2, []string{"unoref: export: unknown flag --xml: 'unoref export --help' lists the flags"}},
		{"game -1", []string{"--data", dir, "--game", "-1"}, 2, []string{`--game: "-1" is not a game number: want 1 or more`}},
		{"argument", []string{"--data", dir, "--game", "1", "out.log"}, 2, []string{"export takes no arguments", `"out.log"`}},
		{"empty -o", []string{"--data", dir, "--csv", "-o", ""}, 2, []string{"unoref: export: -o: want a file name, or - for standard output"}},
	})
	if b, err := os.ReadFile(old); err != nil || string(b) != "old\n" {
		t.Errorf("a failed export changed %s: %q, %v", old, b, err)
	}
	if _, err := os.Stat(filepath.Join(empty, journalFile)); !os.IsNotExist(err) {
		t.Errorf("export created %s (stat: %v)", filepath.Join(empty, journalFile), err)
	}

	// A good export replaces the file and leaves no temporary file behind.
	if _, errOut, code := call(t, "", "export", "--data", dir, "--game", "1", "-o", old); code != 0 {
		t.Fatalf("export -o %s: exit %d, stderr %q", old, code, errOut)
	}
	ents, err := os.ReadDir(outDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) != 1 || ents[0].Name() != "old.log" {
		t.Errorf("%s holds %v, want only old.log", outDir, ents)
	}
	if b, _ := os.ReadFile(old); !strings.HasPrefix(string(b), "# unoref game 1:") {
		t.Errorf("export -o did not replace %s: %q", old, b)
	}
}

func TestCSVCell(t *testing.T) {
	tests := []struct{ in, want string }{
		{`=cmd|'/C calc'!A0`, `'=cmd|'/C calc'!A0`},
		{"+1+2", "'+1+2"},
		{"-2+3", "'-2+3"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"\t=1", "'\t=1"},
		{"\r=1", "'\r=1"},
		{"Ann", "Ann"},
		{"a=b", "a=b"},
		{"rules official +stacking", "rules official +stacking"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := csvCell(tt.in); got != tt.want {
			t.Errorf("csvCell(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// A player named like a formula (CheckName lets =, |, ', /, ! and @
// through) comes out of export --csv as text, in every free-text column.
func TestExportCSVNeutralisesFormulas(t *testing.T) {
	src := exampleSource(t, "official.log", false)
	evil := map[string]string{"Ann": "=cmd|'/Ccalc'!A0", "Ben": "@SUM(A1)", "Cy": "+1+2", "Dee": "-2+3"}
	for from, to := range evil {
		src.log = regexp.MustCompile(`\b`+from+`\b`).ReplaceAllString(src.log, to)
	}
	dir, _ := buildJournal(t, src)
	out, errOut, code := call(t, "", "export", "--data", dir, "--csv")
	if code != 0 {
		t.Fatalf("export --csv: exit %d, stderr %q", code, errOut)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(rows) < 2 {
		t.Fatalf("export --csv = %v rows, %v", len(rows), err)
	}
	seen := map[string]bool{}
	for _, row := range rows[1:] {
		for i, cell := range row {
			if csvHeader[i] == "points" || csvHeader[i] == "total" || cell == "" {
				continue
			}
			if strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
				t.Errorf("column %s: cell %q starts a formula", csvHeader[i], cell)
			}
			seen[cell] = true
		}
	}
	for _, name := range evil {
		if !seen["'"+name] {
			t.Errorf("player %q is not in the CSV as '%s", name, name)
		}
	}
}
