package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/langtest"
	"github.com/unoref/unoref/referee/journal"
)

// rosterJournal opens a journal at path (o may be nil) with names on its
// roster, in order: ids 1, 2…
func rosterJournal(t *testing.T, path string, o *journal.Opts, names ...string) *journal.Journal {
	t.Helper()
	j, err := journal.Open(context.Background(), path, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if _, err := j.AddPlayer(context.Background(), journal.Player{Name: n, Seat: journal.NoSeat}); err != nil {
			t.Fatal(err)
		}
	}
	return j
}

// testLog reads a table log of referee/journal/testdata.
func testLog(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "referee", "journal", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// handJournal writes, in a data directory, the journal of the two games
// checked by hand in referee/journal (testdata/hand-game*.log): Mia and
// Ben on the roster, Cy a guest.
func handJournal(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	j := rosterJournal(t, filepath.Join(dir, journalFile), nil, "Mia", "Ben")
	defer j.Close()
	for i, name := range []string{"hand-game1.log", "hand-game2.log"} {
		tb := playEvents(t, j, events(t, testLog(t, name)))
		if i == 0 {
			tb.End(context.Background())
		}
	}
	return dir
}

func TestStatsCommand(t *testing.T) {
	dir := handJournal(t)
	tests := []struct {
		name string
		args []string
		code int
		want []string // in stdout (or stderr when code != 0)
	}{
		{"family", []string{"stats", "--data", dir}, 0, []string{"2 games, 2 rounds", "Mia's refused plays: 1 → 0 per game over 2 games", "Mia 1–0 Ben in 2 games (rounds 2–0)", "official: Mia 1 of 1"}},
		{"player", []string{"stats", "--data", dir, "--player", "ben"}, 0, []string{"Ben: 2 games (0 won), 2 rounds (0 won), 9.0 points left per round",
			"Best round: game 1 round 2 (6 left, 0 scored)", "UNO: 0 called, 2 forgot, caught others 0 times", "Refused: 2 (wrong card 2)", "Mistakes: missed the colour asked for 1"}},
		{"last", []string{"stats", "--data", dir, "--player", "Mia", "--last", "1"}, 0, []string{"Mia: 1 game (0 won), 0 rounds", "Mistakes: +4 with the colour in hand 1"}},
		{"one game", []string{"stats", "--data", dir, "--last", "1"}, 0, []string{"1 game, 0 rounds", "Mia 0–0 Ben in 1 game (rounds 0–0)"}},
		{"not on the roster", []string{"stats", "--data", dir, "--player", "Cy"}, 1, []string{"unoref: stats: no player named Cy: the players are Ben and Mia\n"}},
		{"bad date", []string{"stats", "--data", dir, "--since", "March"}, 2, []string{"--since takes a date"}},
		{"bad last", []string{"stats", "--data", dir, "--last", "-2"}, 2, []string{"--last takes a number"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := call(t, "", tt.args...)
			if code != tt.code {
				t.Fatalf("unoref %q: exit %d, want %d; stderr %q", tt.args, code, tt.code, errOut)
			}
			if code != 0 {
				out = errOut
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("unoref %q: no %q in\n%s", tt.args, w, out)
				}
			}
		})
	}
}

func TestStatsJSON(t *testing.T) {
	dir := handJournal(t)
	out, errOut, code := call(t, "", "stats", "--data", dir, "--json")
	if code != 0 {
		t.Fatalf("stats --json: exit %d, stderr %q", code, errOut)
	}
	var f journal.FamilyStats
	if err := json.Unmarshal([]byte(out), &f); err != nil {
		t.Fatalf("stats --json is not JSON: %v\n%s", err, out)
	}
	var got []string
	for _, p := range f.Players {
		got = append(got, p.Player.Name)
	}
	if d := cmp.Diff([]string{"Mia", "Ben"}, got); d != "" {
		t.Errorf("stats --json leaderboard (-want +got):\n%s", d)
	}
	out, _, _ = call(t, "", "stats", "--data", dir, "--json", "--player", "Ben")
	var p playerJSON
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatalf("stats --player --json is not JSON: %v\n%s", err, out)
	}
	if p.PointsLeft != 18 || p.UnoCaught != 1 || len(p.GameList) != 2 {
		t.Errorf("stats --player Ben --json = %+v, want 18 left, 1 caught, 2 games", p)
	}
}

func TestExportPlayersCSV(t *testing.T) {
	dir := handJournal(t)
	out, errOut, code := call(t, "", "export", "--data", dir, "--csv", "--players")
	if code != 0 {
		t.Fatalf("export --csv --players: exit %d, stderr %q", code, errOut)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatalf("export --csv --players is not CSV: %v\n%s", err, out)
	}
	want := [][]string{
		playersHeader,
		{"Mia", "2", "1", "2", "2", "0", "0.00", "2", "0", "0", "1", "0", "1", "1"},
		{"Ben", "2", "0", "2", "0", "18", "9.00", "0", "2", "0", "2", "1", "0", "0"},
	}
	if d := cmp.Diff(want, rows); d != "" {
		t.Errorf("export --csv --players (-want +got):\n%s", d)
	}
	if _, errOut, code := call(t, "", "export", "--data", dir, "--csv", "--players", "--game", "1"); code != 2 || !strings.Contains(errOut, "--players goes with --csv") {
		t.Errorf("export --csv --players --game 1: exit %d, stderr %q; want a usage error", code, errOut)
	}
}

// TestStatsAndHistoryInLanguage: stats and history print in the config's
// language, and in the one --lang asks for: headers, sentences, the rules
// in words and the refusals by their names; every line reads (package
// langtest) with the players' names the only foreign words.
func TestStatsAndHistoryInLanguage(t *testing.T) {
	dir := handJournal(t)
	cfg := writeTemp(t, t.TempDir(), "unoref.toml", "data = \""+dir+"\"\nlanguage = \"ru\"\n")
	tests := []struct {
		l    lang.Lang
		args []string
		want []string
	}{
		{lang.Russian, []string{"stats", "--config", cfg}, []string{"2 игры, 2 раунда", "ИГРОК", "Друг против друга"}},
		{lang.Russian, []string{"stats", "--config", cfg, "--player", "Ben"}, []string{"Ben: 2 игры (выиграно 0)", "Отказы: 2 (не та карта 2)"}},
		{lang.Russian, []string{"history", "--config", cfg}, []string{"ИГРА", "ПОБЕДИТЕЛЬ", "официальные"}},
		{lang.Russian, []string{"history", "--config", cfg, "--game", "1"}, []string{"Игра 1: ", "Играем по официальным правилам", "РАУНД", "всего"}},
		{lang.Armenian, []string{"history", "--config", cfg, "--game", "1", "--lang", "hy"}, []string{"Խաղ 1. ", "Խաղում ենք", "ՌԱՈՒՆԴ"}},
		{lang.Romanian, []string{"stats", "--data", dir, "--lang", "ro", "--player", "Mia"}, []string{"Mia: 2 jocuri", "Greșeli: "}},
		{lang.SerbianCyrillic, []string{"stats", "--config", cfg, "--lang", "sr-Cyrl"}, []string{"2 игре, 2 рунде", "ИГРАЧ"}},
		{lang.English, []string{"history", "--config", cfg, "--lang", "en"}, []string{"GAME", "WINNER"}},
	}
	for _, tt := range tests {
		out, errOut, code := call(t, "", tt.args...)
		if code != 0 {
			t.Errorf("unoref %q: exit %d, stderr %q", tt.args, code, errOut)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(out, w) {
				t.Errorf("unoref %q: no %q in\n%s", tt.args, w, out)
			}
		}
		for _, line := range strings.Split(out, "\n") {
			if line == "" || strings.ContainsAny(line, "0123456789") && strings.Contains(line, "  ") {
				continue // a row of a table: names and numbers
			}
			langtest.Check(t, strings.Join(tt.args, " "), tt.l, line, "Mia", "Ben", "Cy")
		}
	}
	if _, errOut, code := call(t, "", "stats", "--data", dir, "--lang", "de"); code != 2 || !strings.Contains(errOut, "--lang: de is not a language") {
		t.Errorf("stats --lang de: exit %d, stderr %q; want a usage error", code, errOut)
	}
}

// jsonNames lists every object key in the JSON value v, with its path.
func jsonNames(path string, v any) []string {
	var out []string
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			out = append(out, path+"."+k)
			out = append(out, jsonNames(path+"."+k, x)...)
		}
	case []any:
		for i, x := range v {
			out = append(out, jsonNames(fmt.Sprintf("%s[%d]", path, i), x)...)
		}
	}
	return out
}

// Every name stats --json writes is snake_case, a player's too: one
// convention, as its help says with an example.
func TestStatsJSONNames(t *testing.T) {
	dir := handJournal(t)
	snake := regexp.MustCompile(`\.[a-z][a-z0-9]*(_[a-z0-9]+)*$`)
	for _, args := range [][]string{{"stats", "--data", dir, "--json"}, {"stats", "--data", dir, "--json", "--player", "Mia"}} {
		out, errOut, code := call(t, "", args...)
		if code != 0 {
			t.Fatalf("unoref %q: exit %d, stderr %q", args, code, errOut)
		}
		var v any
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatal(err)
		}
		names := jsonNames("", v)
		for _, n := range names {
			if !snake.MatchString(n) && !strings.Contains(n, ".refused_by_code.") && !strings.Contains(n, ".mistakes.") {
				t.Errorf("unoref %q: %s is not snake_case", args, n)
			}
		}
		if !slicesContains(names, ".players[0].player.usual_seat") && !slicesContains(names, ".player.usual_seat") {
			t.Errorf("unoref %q: no player's usual_seat in %v", args, names)
		}
	}
	if out, _, _ := call(t, "", "stats", "--help"); !strings.Contains(out, `"player": {"id": 1, "name": "Mia",`) {
		t.Errorf("stats --help shows no example of the JSON:\n%s", out)
	}
}

func slicesContains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// The games exported one by one, played into an empty journal, give the
// same record: stats --json of both agree (the times of the games apart).
func TestExportsRebuildStats(t *testing.T) {
	ctx := context.Background()
	dir := handJournal(t)
	again := t.TempDir()
	j := rosterJournal(t, filepath.Join(again, journalFile), nil, "Mia", "Ben")
	for game := 1; game <= 2; game++ {
		out, errOut, code := call(t, "", "export", "--data", dir, "--game", fmt.Sprint(game))
		if code != 0 {
			t.Fatalf("export --game %d: exit %d, stderr %q", game, code, errOut)
		}
		tb := playEvents(t, j, events(t, out))
		if game == 1 {
			tb.End(ctx)
		}
	}
	j.Close()
	stats := func(dir string, args ...string) journal.FamilyStats {
		t.Helper()
		out, errOut, code := call(t, "", append([]string{"stats", "--data", dir, "--json"}, args...)...)
		if code != 0 {
			t.Fatalf("stats: exit %d, stderr %q", code, errOut)
		}
		var f journal.FamilyStats
		if err := json.Unmarshal([]byte(out), &f); err != nil {
			t.Fatal(err)
		}
		for i := range f.Players {
			for k := range f.Players[i].Trend {
				f.Players[i].Trend[k].Started = time.Time{}
			}
		}
		return f
	}
	for _, args := range [][]string{nil, {"--last", "1"}} {
		if d := cmp.Diff(stats(dir, args...), stats(again, args...)); d != "" {
			t.Errorf("stats --json %q of the journal played from the exports (-first +again):\n%s", args, d)
		}
	}
}
