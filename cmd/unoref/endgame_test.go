package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// countupLines play Ann and Ben to Ben going out with Ann holding one
// card, through --stdin.
var countupLines = []string{"newgame Ann,Ben official", "press pass", "tap G5",
	"tap G1", "tap G2", "tap G3", "tap G4", "tap G6", "tap G7", "tap G8", "tap G9", "tap G1", "tap G2", "tap G3",
	"press uno", "tap G4", "press uno", "tap G6"}

// TestFinishScoredAsItStands: the console's finish stops a game and
// scores it as it stands; the log, history (list, game, JSON) and export
// say it ended early, and the export replays to the same end. Before
// anyone is ahead it is refused with who is level, and a count-up's points
// a hand can't hold are refused with the most it can hold.
func TestFinishScoredAsItStands(t *testing.T) {
	t.Setenv("UNOREF_CONFIG", "")
	data := t.TempDir()
	d := startInProcess(t, "--data", data, "--listen", "", "--uno-grace", "0")
	for i, l := range countupLines {
		if got := d.send(t, l); got != "ok" {
			t.Fatalf("%q: %s", l, got)
		}
		if i == 0 {
			want := "error: Nobody is ahead: Ann and Ben are level. Play on, or stop the game with no winner"
			if got := d.send(t, "finish"); got != want {
				t.Errorf("finish at the start: %q, want %q", got, want)
			}
		}
	}
	if got, want := d.send(t, "points Ann 300"), "error: Ann holds 1 card: a hand like that is worth 50 points at most"; got != want {
		t.Errorf("300 points for one card: %q, want %q", got, want)
	}
	for _, l := range []string{"points Ann 9", "tap G5", "finish"} {
		if got := d.send(t, l); got != "ok" {
			t.Fatalf("%q: %s", l, got)
		}
	}
	checkLog(t, d.stop(t), []string{
		`level=INFO msg="game ended" game=1 result="ended early" winner=Ben players="Ann Ben" rules=official`,
	})

	out, errs, code := call(t, "", "history", "--data", data)
	if code != 0 || !strings.Contains(out, "Ben (ended early)") {
		t.Errorf("history: %d %q %q, want Ben (ended early)", code, out, errs)
	}
	out, errs, code = call(t, "", "history", "--data", data, "--game", "1")
	if code != 0 || !strings.Contains(out, "ended early: Ben was ahead and won") {
		t.Errorf("history --game 1: %d %q %q", code, out, errs)
	}
	out, _, _ = call(t, "", "history", "--data", data, "--json")
	var games []struct{ Status, Winner string }
	if err := json.Unmarshal([]byte(out), &games); err != nil || len(games) != 1 || games[0].Status != "ended early" || games[0].Winner != "Ben" {
		t.Errorf("history --json: %v, %q", err, out)
	}
	log, errs, code := call(t, "", "export", "--data", data, "--game", "1")
	lines := strings.Split(strings.TrimSpace(log), "\n")
	if code != 0 || !strings.Contains(lines[0], "ended early") || !strings.HasSuffix(lines[len(lines)-1], " end") {
		t.Fatalf("export: %d %q %q, want a log that says so and ends with an end line", code, log, errs)
	}
	out, errs, code = call(t, log, "replay")
	rs := strings.Split(strings.TrimSpace(out), "\n")
	var last struct {
		OK     bool
		Phase  string
		Winner string
	}
	if err := json.Unmarshal([]byte(rs[len(rs)-1]), &last); code != 0 || err != nil || !last.OK || last.Phase != "over" || last.Winner != "Ben" {
		t.Errorf("replay of the export: %d %v %q %q, want the end line accepted and Ben the winner", code, err, rs[len(rs)-1], errs)
	}
}

// TestSimGamesLeftOut: a game played on the virtual table is marked in
// the journal (history says so) and left out of the family's record,
// unless devices.keep_sim_games is true when it starts.
func TestSimGamesLeftOut(t *testing.T) {
	t.Setenv("UNOREF_CONFIG", "")
	for _, keep := range []bool{false, true} {
		dir := t.TempDir()
		data := dir + "/data"
		cfg := writeTemp(t, dir, "unoref.toml", "[devices]\nsim = true\nkeep_sim_games = "+map[bool]string{false: "false", true: "true"}[keep]+"\n")
		d := startInProcess(t, "--config", cfg, "--data", data, "--listen", "", "--uno-grace", "0")
		for _, l := range append(countupLines, "points Ann 9", "tap G5", "finish") {
			if got := d.send(t, l); got != "ok" {
				t.Fatalf("%q: %s", l, got)
			}
		}
		d.stop(t)
		out, _, _ := call(t, "", "history", "--data", data, "--json")
		var games []struct {
			Simulated, Kept bool
		}
		if err := json.Unmarshal([]byte(out), &games); err != nil || len(games) != 1 || !games[0].Simulated || games[0].Kept != keep {
			t.Errorf("keep %v: history --json %v %q, want the game marked simulated, kept %v", keep, err, out, keep)
		}
		list, _, _ := call(t, "", "history", "--data", data)
		if left := strings.Contains(list, "(on the virtual table: not in the family's record)"); left == keep {
			t.Errorf("keep %v: history says %q", keep, list)
		}
		out, errs, code := call(t, "", "stats", "--data", data, "--json")
		var f struct{ Games int }
		if err := json.Unmarshal([]byte(out), &f); err != nil || code != 0 {
			t.Fatalf("stats --json: %d %v %q %q", code, err, out, errs)
		}
		if want := map[bool]int{false: 0, true: 1}[keep]; f.Games != want {
			t.Errorf("keep %v: the record counts %d games, want %d", keep, f.Games, want)
		}
	}
}
