package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/referee/journal"
)

// granBox writes the journal of a second box: "mia" and Gran on its
// roster; it imported the games of the box of home (ended ones: game 1),
// then played hand-game1.log again and gran.log (Gran and mia, a round).
func granBox(t *testing.T, home string) string {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "gran.db")
	j := rosterJournal(t, path, nil, "mia", "Gran")
	defer j.Close()
	h, err := openSnapshot(ctx, filepath.Join(home, journalFile))
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := j.Import(ctx, h.Journal); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"hand-game1.log", "gran.log"} {
		if err := playEvents(t, j, events(t, testLog(t, name))).End(ctx); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

func TestImportCommand(t *testing.T) {
	home := handJournal(t) // game 1 ended, game 2 on the table
	gran := granBox(t, home)
	before, _, _ := call(t, "", "stats", "--data", home, "--json")

	out, errOut, code := call(t, "", "import", "--data", home, gran)
	if code != 0 {
		t.Fatalf("import (a dry run): exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{
		gran + ": 2 games to add, 1 game already here.",
		"Their players, and who they are here:\n  Ben: Ben, 1 game\n  Gran: new on the roster, 1 game\n  mia: Mia, 2 games\n",
		"Nothing is written yet: `unoref import --yes " + gran + "` adds them.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("import without --yes: no %q in\n%s", want, out)
		}
	}
	if after, _, _ := call(t, "", "stats", "--data", home, "--json"); after != before {
		t.Errorf("import without --yes changed the record")
	}

	out, errOut, code = call(t, "", "import", gran, "--data", home, "--yes")
	if code != 0 || !strings.Contains(out, gran+": 2 games added, 1 game already here.") {
		t.Fatalf("import --yes: exit %d, stderr %q, stdout\n%s", code, errOut, out)
	}
	out, _, _ = call(t, "", "stats", "--data", home, "--json")
	var f journal.FamilyStats
	if err := json.Unmarshal([]byte(out), &f); err != nil {
		t.Fatal(err)
	}
	games := map[string]int{}
	for _, s := range f.Players {
		games[s.Player.Name] = s.Games
	}
	if f.Games != 4 || games["Mia"] != 4 || games["Ben"] != 3 || games["Gran"] != 1 {
		t.Errorf("the record after the import: %d games, players' %v; want 4, Mia 4, Ben 3, Gran 1", f.Games, games)
	}

	out, _, code = call(t, "", "import", "--data", home, "--yes", gran)
	if code != 0 || !strings.HasPrefix(out, gran+": 0 games added, 3 games already here.\n") {
		t.Errorf("a second import: exit %d,\n%s", code, out)
	}
}

func TestImportRefuses(t *testing.T) {
	home := handJournal(t)
	notJournal := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(notJournal, []byte("shopping list\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no file", []string{"--data", home}, 2, "import takes one file"},
		{"two files", []string{"--data", home, "a.db", "b.db"}, 2, "import takes one file"},
		{"its own journal", []string{"--data", home, filepath.Join(home, journalFile)}, 1, "is this box's own journal"},
		{"no such file", []string{"--data", home, filepath.Join(home, "nothing.db")}, 1, "import: reading"},
		{"not a journal", []string{"--data", home, notJournal}, 1, "not a unoref journal"},
		{"no journal here", []string{"--data", t.TempDir(), notJournal}, 1, "no journal at"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, errOut, code := call(t, "", append([]string{"import"}, tt.args...)...)
			if code != tt.code || !strings.Contains(errOut, tt.want) {
				t.Errorf("import %q: exit %d, stderr %q; want %d and %q", tt.args, code, errOut, tt.code, tt.want)
			}
		})
	}
}

// The plan reads in every language: each of its lines a sentence of the
// catalog, none left as a key.
func TestImportPlanInEveryLanguage(t *testing.T) {
	plan := journal.ImportPlan{Games: 5, Known: 1, Open: 1, Guests: 3, Players: []journal.ImportPlayer{
		{Name: "Ben", Guest: true, Games: 2, Here: journal.Player{ID: 2, Name: "Ben"}},
		{Name: "Gran", Games: 3, Claims: 2},
		{Name: "Gus", Games: 1},
		{Name: "mia", Games: 5, Here: journal.Player{ID: 1, Name: "Mia"}},
	}}
	for _, l := range lang.Languages() {
		for _, done := range []bool{false, true} {
			var b strings.Builder
			writePlan(&b, "gran.db", plan, done, l)
			out := b.String()
			if strings.Contains(out, "cli.import") || strings.Contains(out, "page.fam") || strings.Contains(out, "{{") {
				t.Errorf("%s: the plan has a key left:\n%s", l, out)
			}
			if n := strings.Count(out, "\n"); n != 9-map[bool]int{false: 0, true: 1}[done] {
				t.Errorf("%s: the plan (done %v) has %d lines:\n%s", l, done, n, out)
			}
			for _, name := range []string{"gran.db", "Ben", "Gran", "Gus", "Mia"} {
				if !strings.Contains(out, name) {
					t.Errorf("%s: the plan does not name %s:\n%s", l, name, out)
				}
			}
		}
	}
}

// The plan says how many of the games to add were played on the virtual
// table there and stay out of the record, in every language.
func TestImportPlanSaysSimulated(t *testing.T) {
	for _, l := range lang.Languages() {
		var without, with strings.Builder
		writePlan(&without, "demo.db", journal.ImportPlan{Games: 3}, false, l)
		writePlan(&with, "demo.db", journal.ImportPlan{Games: 3, Sim: 2}, false, l)
		extra, ok := strings.CutPrefix(with.String(), strings.SplitAfter(without.String(), "\n")[0])
		if !ok || strings.Count(with.String(), "\n") != strings.Count(without.String(), "\n")+1 {
			t.Errorf("%s: with 2 simulated games the plan reads\n%s\nwithout\n%s\nwant one line more after the first", l, with.String(), without.String())
			continue
		}
		line, _, _ := strings.Cut(extra, "\n")
		if strings.Contains(line, "cli.import") || strings.Contains(line, "{{") || !strings.Contains(line, "2") {
			t.Errorf("%s: the simulated games' line %q", l, line)
		}
		t.Logf("%s: %s", l, line)
	}
}
