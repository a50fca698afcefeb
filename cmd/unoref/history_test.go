package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/langtest"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/journal"
	"github.com/unoref/unoref/referee/playtest"
	"github.com/unoref/unoref/referee/replay"
	"github.com/unoref/unoref/referee/tablelog"
)

// wantRound is a round as the engine saw it end.
type wantRound struct {
	n      int
	winner string
	points map[string]int
	totals map[string]int
}

// wantGame is a journaled game with what the engine says about it.
type wantGame struct {
	id      int64
	name    string
	players []string
	rules   string // rules words, "official +stacking"
	status  string // "won", "in progress" or "abandoned"
	final   referee.State
	rounds  []wantRound
	events  []tablelog.Event
}

// winnerText is the history list's WINNER column.
func (g wantGame) winnerText() string {
	if g.status == "won" {
		return g.final.Winner
	}
	return g.status
}

// source is a game to journal: a table log and whether to end it after.
type source struct {
	name string
	log  string
	end  bool
}

func exampleSource(t *testing.T, name string, end bool) source {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "examples", name))
	if err != nil {
		t.Fatal(err)
	}
	return source{name: name, log: string(b), end: end}
}

// playtestSource is a simulated game from the first seed, counting up from
// cfg.Seed, whose game the engine sees end as want asks. The search keeps
// the fixture's shape when the simulated players change.
func playtestSource(t *testing.T, cfg playtest.Config, end bool, want func(referee.State, []wantRound) bool) source {
	t.Helper()
	cfg.Strategy = playtest.DefaultStrategy
	for seed := cfg.Seed; seed < cfg.Seed+100; seed++ {
		cfg.Seed = seed
		steps, err := playtest.Play(cfg)
		if err != nil {
			t.Fatal(err)
		}
		log := playtest.Log(steps)
		if final, rounds := engineRounds(events(t, log)); want(final, rounds) {
			return source{name: fmt.Sprintf("playtest %s %v seed %d", cfg.Preset, cfg.Options, cfg.Seed), log: log, end: end}
		}
	}
	t.Fatalf("no playtest game %+v in 100 seeds ends as wanted", cfg)
	return source{}
}

// events parses a table log, failing on lines that are not events.
func events(t *testing.T, log string) []tablelog.Event {
	t.Helper()
	var evs []tablelog.Event
	for l := range tablelog.Lines(strings.NewReader(log)) {
		if l.Err != nil {
			t.Fatalf("line %d: %v", l.N, l.Err)
		}
		evs = append(evs, l.Ev)
	}
	return evs
}

// playEvents journals evs as a new game of j: the players line and the
// setup lines after it (rules, dealer) start it, the rest is applied.
func playEvents(t *testing.T, j *journal.Journal, evs []tablelog.Event) *journal.Recorder {
	t.Helper()
	ctx := context.Background()
	n := 1
	for n < len(evs) && (evs[n].Kind == tablelog.Rules || evs[n].Kind == tablelog.Dealer) {
		n++
	}
	tb, err := j.NewGame(ctx, evs[0].Names, evs[1:n]...)
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range evs[n:] {
		if _, err := tb.Apply(ctx, ev); err != nil {
			t.Fatalf("%v: %v", ev, err)
		}
	}
	return tb
}

// engineRounds replays evs through a fresh referee and notes every round
// that ends: a count-up (or the going out) that takes the game from a round
// back to setup or over. It is the expectation the journal's rows and the
// commands' output are checked against.
func engineRounds(evs []tablelog.Event) (referee.State, []wantRound) {
	g := referee.New()
	var rounds []wantRound
	prev := map[string]int{}
	winner := ""
	for _, ev := range evs {
		before := g.State()
		v := g.Apply(ev)
		after := g.State()
		for _, f := range v.Effects {
			if f.Kind == referee.EffRoundOver || f.Kind == referee.EffGameOver && winner == "" {
				winner = f.Player
			}
		}
		inRound := before.Phase != referee.PhaseSetup && before.Phase != referee.PhaseOver
		if !inRound || (after.Phase != referee.PhaseSetup && after.Phase != referee.PhaseOver) {
			continue
		}
		r := wantRound{n: after.Round, winner: winner, points: map[string]int{}, totals: maps.Clone(after.Scores)}
		for _, p := range after.Players {
			r.points[p] = after.Scores[p] - prev[p]
		}
		rounds = append(rounds, r)
		prev, winner = maps.Clone(after.Scores), ""
	}
	return g.State(), rounds
}

// buildJournal journals srcs, in order, in a journal in a new data
// directory, and returns the directory and the games with the engine's
// expectations. Only the last source may be left open.
func buildJournal(t *testing.T, srcs ...source) (string, []wantGame) {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	clock := time.Date(2026, 5, 1, 19, 0, 0, 0, time.UTC)
	now := func() time.Time { clock = clock.Add(time.Second); return clock }
	j, err := journal.Open(ctx, filepath.Join(dir, journalFile), &journal.Opts{Now: now})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	var games []wantGame
	for _, src := range srcs {
		evs := events(t, src.log)
		if len(evs) == 0 || evs[0].Kind != tablelog.Players {
			t.Fatalf("%s: does not start with a players line", src.name)
		}
		tb := playEvents(t, j, evs)
		final, rounds := engineRounds(evs)
		if d := cmp.Diff(final, tb.State()); d != "" {
			t.Fatalf("%s: the journal's table and a fresh referee differ (-referee +journal):\n%s", src.name, d)
		}
		rules := "official"
		for _, ev := range evs[1:] { // the setup lines
			if ev.Kind != tablelog.Rules && ev.Kind != tablelog.Dealer {
				break
			}
			if ev.Kind == tablelog.Rules {
				rules = strings.TrimPrefix(ev.String(), "rules ")
			}
		}
		g := wantGame{id: tb.ID(), name: src.name, players: final.Players, rules: rules, final: final, rounds: rounds, events: evs, status: "in progress"}
		if src.end {
			if err := tb.End(ctx); err != nil {
				t.Fatal(err)
			}
			g.status = "abandoned"
		}
		if final.Winner != "" {
			g.status = "won"
		}
		games = append(games, g)
	}
	return dir, games
}

// standardJournal has a won game, an abandoned one, several rounds under
// winner-collects and lazy scoring, and an open game with a round played.
func standardJournal(t *testing.T) (string, []wantGame) {
	t.Helper()
	wonInRounds := func(st referee.State, rounds []wantRound) bool { return st.Winner != "" && len(rounds) >= 3 }
	rounds := func(st referee.State, rounds []wantRound) bool { return len(rounds) >= 2 }
	dir, games := buildJournal(t,
		exampleSource(t, "house-ru.log", true),
		exampleSource(t, "cars.log", true),
		playtestSource(t, playtest.Config{Players: 3, Preset: "official", Options: []string{"target=150"}, Seed: 7}, true, wonInRounds),
		playtestSource(t, playtest.Config{Players: 4, Preset: "official", Options: []string{"scoring=lazy"}, Seed: 8, MaxRounds: 3}, true, rounds),
		exampleSource(t, "official.log", false),
	)
	// The expectations below lean on these; a changed engine or example
	// that loses them must be noticed, not silently test less.
	statuses := map[string]int{}
	multi := 0
	for _, g := range games {
		statuses[g.status]++
		if len(g.rounds) > 1 {
			multi++
		}
	}
	if statuses["won"] < 2 || statuses["abandoned"] < 1 || statuses["in progress"] != 1 || multi < 2 {
		for _, g := range games {
			t.Logf("game %d %s: %s, %d rounds", g.id, g.name, g.status, len(g.rounds))
		}
		t.Fatalf("the journal does not cover won, abandoned, open and multi-round games: %v, %d multi-round", statuses, multi)
	}
	return dir, games
}

// columns splits a tabwriter line into its cells (two spaces or more apart).
var columns = regexp.MustCompile(`\s{2,}`)

func TestHistoryList(t *testing.T) {
	dir, games := standardJournal(t)
	out, errOut, code := call(t, "", "history", "--data", dir)
	if code != 0 {
		t.Fatalf("history: exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if got, want := len(lines), len(games)+1; got != want {
		t.Fatalf("history printed %d lines, want %d:\n%s", got, want, out)
	}
	if got, want := columns.Split(lines[0], -1), []string{"GAME", "STARTED", "PLAYERS", "RULES", "ROUNDS", "WINNER", "TOTALS"}; !slices.Equal(got, want) {
		t.Errorf("header = %q, want %q", got, want)
	}
	for i, g := range games {
		cells := columns.Split(strings.TrimSpace(lines[i+1]), -1)
		if len(cells) != 7 {
			t.Errorf("game %d: line %q has %d cells, want 7", g.id, lines[i+1], len(cells))
			continue
		}
		totals := "-"
		if len(g.rounds) > 0 {
			var parts []string
			for _, p := range g.players {
				parts = append(parts, fmt.Sprintf("%s %d", p, g.final.Scores[p]))
			}
			totals = strings.Join(parts, ", ")
		}
		want := []string{strconv.FormatInt(g.id, 10), cells[1], strings.Join(g.players, " "), listRules(g.rules),
			strconv.Itoa(len(g.rounds)), g.winnerText(), totals}
		if !slices.Equal(cells, want) {
			t.Errorf("game %d (%s): line %q, want cells %q", g.id, g.name, lines[i+1], want)
		}
		if _, err := time.ParseInLocation("2006-01-02 15:04", cells[1], time.Local); err != nil {
			t.Errorf("game %d: started %q: %v", g.id, cells[1], err)
		}
	}
}

// listRules is a rules line as history's list shows it in English: the
// preset's name, the house rules switched on by their names, the target,
// and "…" when the line changes anything else.
func listRules(rules string) string {
	w := strings.Fields(rules)
	cell := []string{map[string]string{"official": "official", "cars": "Cars", "house-ru": "Russian house rules"}[w[0]]}
	more := false
	for _, o := range w[1:] {
		if n, ok := strings.CutPrefix(o, "target="); ok {
			cell = append(cell, "target "+n)
		} else if name, ok := map[string]string{"+stacking": "stacking", "+jump-in": "jump in", "+uno-slap": "UNO slap"}[o]; ok {
			cell = append(cell, name)
		} else {
			more = true
		}
	}
	if more {
		return strings.Join(cell, ", ") + " …"
	}
	return strings.Join(cell, ", ")
}

// andList is names as English lists them: "Ann, Ben and Cy".
func andList(names []string) string {
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// historyGame is `history --json` as a program reads it.
type historyGame struct {
	ID           int64          `json:"id"`
	Started      time.Time      `json:"started"`
	Ended        *time.Time     `json:"ended"`
	Players      []string       `json:"players"`
	Rules        string         `json:"rules"`
	Status       string         `json:"status"`
	Winner       string         `json:"winner"`
	RoundsPlayed int            `json:"rounds_played"`
	Events       int            `json:"events"`
	Totals       map[string]int `json:"totals"`
	Rounds       []struct {
		Round  int    `json:"round"`
		Winner string `json:"winner"`
		Scores []struct {
			Player string `json:"player"`
			Points int    `json:"points"`
			Total  int    `json:"total"`
		} `json:"scores"`
	} `json:"rounds"`
}

func TestHistoryJSON(t *testing.T) {
	dir, games := standardJournal(t)
	out, errOut, code := call(t, "", "history", "--data", dir, "--json")
	if code != 0 {
		t.Fatalf("history --json: exit %d, stderr %q", code, errOut)
	}
	var got []historyGame
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("history --json: %v\n%s", err, out)
	}
	if len(got) != len(games) {
		t.Fatalf("history --json listed %d games, want %d", len(got), len(games))
	}
	for i, g := range games {
		h := got[i]
		if h.ID != g.id || h.Status != g.status || h.Winner != g.final.Winner || h.RoundsPlayed != len(g.rounds) ||
			!slices.Equal(h.Players, g.players) || h.Rules != g.rules {
			t.Errorf("game %d (%s) = %+v, want id %d, status %q, winner %q, %d rounds, players %v, rules %q",
				g.id, g.name, h, g.id, g.status, g.final.Winner, len(g.rounds), g.players, g.rules)
		}
		if (h.Ended == nil) != (g.status == "in progress") {
			t.Errorf("game %d: ended = %v with status %q", g.id, h.Ended, g.status)
		}
		if d := cmp.Diff(g.final.Scores, h.Totals); d != "" {
			t.Errorf("game %d: totals differ from the engine's scores (-engine +history):\n%s", g.id, d)
		}
		if h.Rounds != nil {
			t.Errorf("game %d: the list shows rounds; only --game should", g.id)
		}
	}
}

func TestHistoryGame(t *testing.T) {
	dir, games := standardJournal(t)
	for _, g := range games {
		t.Run(fmt.Sprint(g.id), func(t *testing.T) {
			id := strconv.FormatInt(g.id, 10)
			out, errOut, code := call(t, "", "history", "--data", dir, "--game", id)
			if code != 0 {
				t.Fatalf("history --game %s: exit %d, stderr %q", id, code, errOut)
			}
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			result := g.status
			if g.status == "won" {
				result = "won by " + g.final.Winner
			}
			if !strings.HasPrefix(lines[0], "Game "+id+": "+andList(g.players)+", started ") ||
				!strings.HasSuffix(lines[0], "; "+result+".") {
				t.Errorf("first line %q, want game %s, players %v, %s", lines[0], id, g.players, result)
			}
			// The rules line in words, as the referee says it.
			if w := strings.Fields(g.rules); !strings.HasPrefix(lines[1], "The game is played by the") || strings.Contains(lines[1], "=") || len(w) > 1 && !strings.Contains(lines[1], ";") {
				t.Errorf("rules line %q, want %q in words", lines[1], g.rules)
			}
			lines = append(lines[:1], lines[2:]...)
			if len(g.rounds) == 0 {
				if got, want := lines[1:], []string{"No round has ended yet."}; !slices.Equal(got, want) {
					t.Errorf("rest = %q, want %q", got, want)
				}
				return
			}
			// A blank line, the header, a line per round, the totals.
			if got, want := len(lines), 3+len(g.rounds)+1; got != want {
				t.Fatalf("%d lines, want %d:\n%s", got, want, out)
			}
			if got, want := columns.Split(lines[2], -1), append([]string{"ROUND", "WINNER"}, g.players...); !slices.Equal(got, want) {
				t.Errorf("header = %q, want %q", got, want)
			}
			width := len(lines[2]) - len(g.players[len(g.players)-1])
			for i, r := range g.rounds {
				want := []string{strconv.Itoa(r.n), r.winner}
				for _, p := range g.players {
					want = append(want, fmt.Sprintf("%+d = %d", r.points[p], r.totals[p]))
				}
				if got := strings.Split(columns.ReplaceAllString(lines[3+i], "|"), "|"); !slices.Equal(got, want) {
					t.Errorf("round %d: line %q, want cells %q", r.n, lines[3+i], want)
				}
				// Aligned: the last player's column starts at the same place
				// on every line.
				if !strings.HasPrefix(lines[3+i][width:], fmt.Sprintf("%+d", r.points[g.players[len(g.players)-1]])) {
					t.Errorf("round %d: %q is not aligned under %q", r.n, lines[3+i], lines[2])
				}
			}
			want := []string{"total"}
			for _, p := range g.players {
				want = append(want, strconv.Itoa(g.final.Scores[p]))
			}
			if got := columns.Split(lines[len(lines)-1], -1); !slices.Equal(got, want) {
				t.Errorf("totals line %q, want cells %q (the engine's scores)", lines[len(lines)-1], want)
			}

			out, errOut, code = call(t, "", "history", "--data", dir, "--game", id, "--json")
			if code != 0 {
				t.Fatalf("history --game %s --json: exit %d, stderr %q", id, code, errOut)
			}
			var h historyGame
			if err := json.Unmarshal([]byte(out), &h); err != nil {
				t.Fatalf("history --game --json: %v\n%s", err, out)
			}
			if h.ID != g.id || len(h.Rounds) != len(g.rounds) {
				t.Fatalf("history --game %s --json: game %d with %d rounds, want %d rounds", id, h.ID, len(h.Rounds), len(g.rounds))
			}
			for i, r := range g.rounds {
				hr := h.Rounds[i]
				if hr.Round != r.n || hr.Winner != r.winner || len(hr.Scores) != len(g.players) {
					t.Errorf("round %d: %+v, want winner %q and %d scores", r.n, hr, r.winner, len(g.players))
					continue
				}
				for k, s := range hr.Scores {
					p := g.players[k]
					if s.Player != p || s.Points != r.points[p] || s.Total != r.totals[p] {
						t.Errorf("round %d seat %d: %+v, want %s %+d = %d", r.n, k, s, p, r.points[p], r.totals[p])
					}
				}
			}
		})
	}
}

func TestHistoryEmpty(t *testing.T) {
	dir := t.TempDir()
	j, err := journal.Open(context.Background(), filepath.Join(dir, journalFile), nil)
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
	out, errOut, code := call(t, "", "history", "--data", dir)
	if code != 0 || out != "No games yet: the journal "+filepath.Join(dir, journalFile)+" is empty.\n" {
		t.Errorf("history of an empty journal = %q, exit %d, stderr %q", out, code, errOut)
	}
	out, _, code = call(t, "", "history", "--data", dir, "--json")
	if code != 0 || strings.TrimSpace(out) != "[]" {
		t.Errorf("history --json of an empty journal = %q, exit %d, want []", out, code)
	}
	_, errOut, code = call(t, "", "history", "--data", dir, "--game", "1")
	if code != 1 || !strings.Contains(errOut, "no such game: 1") || !strings.Contains(errOut, "no games yet") {
		t.Errorf("history --game 1 of an empty journal: exit %d, stderr %q", code, errOut)
	}
}

// TestHistoryData checks that --data defaults to $UNOREF_DATA.
func TestHistoryData(t *testing.T) {
	dir, games := buildJournal(t, exampleSource(t, "house-ru.log", false))
	t.Setenv("UNOREF_DATA", dir)
	out, errOut, code := call(t, "", "history")
	if code != 0 || !strings.Contains(out, "\n1 ") || !strings.Contains(out, games[0].final.Winner) {
		t.Errorf("history with UNOREF_DATA = %q, exit %d, stderr %q", out, code, errOut)
	}
}

func TestDataDir(t *testing.T) {
	system := t.TempDir()
	noHome := func() (string, error) { return "", os.ErrNotExist }
	home := func() (string, error) { return "/home/ann", nil }
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	tests := []struct {
		name   string
		getenv func(string) string
		system string
		home   func() (string, error)
		want   string
	}{
		{"UNOREF_DATA wins", env("UNOREF_DATA", "/srv/uno", "XDG_DATA_HOME", "/x"), system, home, "/srv/uno"},
		{"system dir", env("XDG_DATA_HOME", "/x"), system, home, system},
		{"no system dir: XDG", env("XDG_DATA_HOME", "/x"), filepath.Join(system, "missing"), home, "/x/unoref"},
		{"system is a file", env("XDG_DATA_HOME", "/x"), writeFile0(t), home, "/x/unoref"},
		{"home", env(), filepath.Join(system, "missing"), home, "/home/ann/.local/share/unoref"},
		{"no home", env(), filepath.Join(system, "missing"), noHome, "unoref-data"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := dataDirFrom(tt.getenv, tt.system, tt.home); got != tt.want {
				t.Errorf("dataDirFrom() = %q, want %q", got, tt.want)
			}
		})
	}
}

// writeFile0 is an empty file in a temporary directory.
func writeFile0(t *testing.T) string {
	name := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(name, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

func TestHistoryErrors(t *testing.T) {
	dir, _ := buildJournal(t, exampleSource(t, "house-ru.log", true), exampleSource(t, "cars.log", false))
	empty := t.TempDir()

	foreign := t.TempDir()
	db, err := sql.Open("sqlite", filepath.Join(foreign, journalFile))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("PRAGMA application_id=42; CREATE TABLE photos(id INTEGER PRIMARY KEY)"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	text := t.TempDir()
	if err := os.WriteFile(filepath.Join(text, journalFile), []byte(strings.Repeat("players Ann Ben\n", 40)), 0o644); err != nil {
		t.Fatal(err)
	}
	isDir := t.TempDir()
	if err := os.Mkdir(filepath.Join(isDir, journalFile), 0o755); err != nil {
		t.Fatal(err)
	}

	checkFailures(t, "history", []failCase{
		{"missing db", []string{"--data", empty}, 1, []string{"no journal at " + filepath.Join(empty, journalFile)}},
		{"missing db, game", []string{"--data", empty, "--game", "1"}, 1, []string{"no journal at " + filepath.Join(empty, journalFile)}},
		{"foreign db", []string{"--data", foreign}, 1, []string{"not a unoref journal", filepath.Join(foreign, journalFile)}},
		{"not a db", []string{"--data", text}, 1, []string{"not a unoref journal", filepath.Join(text, journalFile)}},
		{"db is a dir", []string{"--data", isDir}, 1, []string{filepath.Join(isDir, journalFile) + " is a directory"}},
		{"unknown game", []string{"--data", dir, "--game", "3"}, 1, []string{"no such game: 3", "games 1 to 2"}},
		{"unknown game json", []string{"--data", dir, "--game", "99", "--json"}, 1, []string{"no such game: 99"}},
		{"bad flag", []string{"--data", dir, "--bogus"}, 2, []string{"unoref: history: unknown flag --bogus: 'unoref history --help' lists the flags"}},
		{"game 0", []string{"--data", dir, "--game", "0"}, 2, []string{`unoref: history: --game: "0" is not a game number: want 1 or more`}},
		{"game word", []string{"--data", dir, "--game", "last"}, 2, []string{`--game: "last" is not a game number`}},
		{"argument", []string{"--data", dir, "3"}, 2, []string{"history takes no arguments", `"3"`}},
		{"empty data", []string{"--data", ""}, 2, []string{`unoref: history: --data: want a directory, like "/var/lib/unoref"`}},
	})
	// Looking must not create: the missing journal stays missing.
	if _, err := os.Stat(filepath.Join(empty, journalFile)); !os.IsNotExist(err) {
		t.Errorf("history created %s (stat: %v)", filepath.Join(empty, journalFile), err)
	}
}

func TestHistoryHelp(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"help", "history"}, "usage: unoref history [--data DIR]"},
		{[]string{"history", "-h"}, "usage: unoref history [--data DIR]"},
		{[]string{"help", "export"}, "usage: unoref export [--data DIR]"},
		{[]string{"export", "--help"}, "usage: unoref export [--data DIR]"},
		{[]string{"help"}, "  history "},
		{[]string{"help"}, "  export "},
	}
	for _, tt := range tests {
		out, errOut, code := call(t, "", tt.args...)
		if code != 0 || !strings.Contains(out, tt.want) {
			t.Errorf("unoref %q: exit %d, stdout %q, stderr %q; want %q in stdout", tt.args, code, out, errOut, tt.want)
		}
	}
}

// TestHistorySnapshot reads a journal this user could not open for writing
// (the service's, under /var/lib/unoref) from a copy, WAL included, while
// the daemon still has a game open.
func TestHistorySnapshot(t *testing.T) {
	ctx := context.Background()
	dir, games := buildJournal(t, exampleSource(t, "cars.log", true))
	path := filepath.Join(dir, journalFile)

	// The daemon, still running: its last commits are in the WAL only. The
	// game's last line is left out: ending the game (a round end) would
	// checkpoint the WAL into the file.
	j, err := journal.Open(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	evs := events(t, exampleSource(t, "house-ru.log", false).log)
	evs = evs[:len(evs)-1]
	playEvents(t, j, evs)
	if fi, err := os.Stat(path + "-wal"); err != nil || fi.Size() == 0 {
		t.Fatalf("no WAL beside the open journal (%v): the test would not test the copy", err)
	}
	final, _ := engineRounds(evs)

	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	journalOpen = func(ctx context.Context, p string, o *journal.Opts) (*journal.Journal, error) {
		return nil, fmt.Errorf("journal: %s: attempt to write a readonly database (1544)", p)
	}
	defer func() { journalOpen = journal.Open }()

	out, errOut, code := call(t, "", "history", "--data", dir, "--json")
	if code != 0 {
		t.Fatalf("history from a copy: exit %d, stderr %q", code, errOut)
	}
	var got []historyGame
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Status != games[0].status || got[1].Winner != final.Winner || !maps.Equal(got[1].Totals, final.Scores) {
		t.Errorf("history from a copy = %+v, want game 1 %s and game 2 won by %s with %v", got, games[0].status, final.Winner, final.Scores)
	}
	out, errOut, code = call(t, "", "export", "--data", dir, "--game", "2")
	if code != 0 {
		t.Fatalf("export from a copy: exit %d, stderr %q", code, errOut)
	}
	ref := referee.New()
	if _, err := replay.Replay(ctx, strings.NewReader(out), ref, func(*replay.Record) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(final, ref.State()); d != "" {
		t.Errorf("the game exported from a copy replays elsewhere (-engine +export):\n%s", d)
	}
	if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
		t.Errorf("the copies were left in %s: %v", tmp, ents)
	}

	// A copy that can't be made: the error is the original one.
	t.Setenv("TMPDIR", filepath.Join(tmp, "missing"))
	_, errOut, code = call(t, "", "history", "--data", dir)
	if code != 1 || !strings.Contains(errOut, "opening "+path) || !strings.Contains(errOut, "readonly database") {
		t.Errorf("history without a copy: exit %d, stderr %q", code, errOut)
	}
}

// TestHistoryConfig: history, export and stats find the journal as run
// does, from the data key of --config or $UNOREF_CONFIG; --data wins.
func TestHistoryConfig(t *testing.T) {
	dir := handJournal(t)
	cfg := writeTemp(t, t.TempDir(), "unoref.toml", "data = \""+dir+"\"\n")
	other := t.TempDir()
	for _, tt := range []struct {
		env  string
		args []string
		want string
	}{
		{"", []string{"history", "--config", cfg}, "Mia"},
		{"", []string{"export", "--config", cfg, "--csv"}, "game,started,rules"},
		{"", []string{"stats", "--config", cfg, "--player", "Mia"}, "Mia: 2 games"},
		{cfg, []string{"history"}, "Mia"},
		{cfg, []string{"stats"}, "2 games, 2 rounds"},
	} {
		t.Setenv("UNOREF_CONFIG", tt.env)
		out, errOut, code := call(t, "", tt.args...)
		if code != 0 || !strings.Contains(out, tt.want) {
			t.Errorf("UNOREF_CONFIG=%q unoref %q: exit %d, stdout %.100q, stderr %q; want %q", tt.env, tt.args, code, out, errOut, tt.want)
		}
	}
	if _, errOut, code := call(t, "", "history", "--config", cfg, "--data", other); code != 1 || !strings.Contains(errOut, "no journal at "+other) {
		t.Errorf("history --config --data: exit %d, %q; want --data's directory", code, errOut)
	}
}

// The history's rules column says a rules line in words in every
// language: the preset's name, the house rules switched on by name, the
// target, and "…" for whatever else the line changes; no option code.
func TestRulesCell(t *testing.T) {
	for _, c := range []struct {
		line string
		want map[lang.Lang]string // "" for languages not spelled out here
	}{
		{"official", map[lang.Lang]string{lang.English: "official", lang.Russian: "официальные"}},
		{"official target=15", map[lang.Lang]string{lang.English: "official, target 15", lang.Russian: "официальные, цель 15", lang.Romanian: "oficiale, ținta 15"}},
		{"house-ru +seven-zero target=300", map[lang.Lang]string{lang.English: "Russian house rules, swaps on 7 and 0, target 300", lang.Russian: "домашние, семь-ноль, цель 300"}},
		{"official +stacking", map[lang.Lang]string{lang.English: "official, stacking", lang.Russian: "официальные, сложение штрафов"}},
		{"house-ru -jump-in", map[lang.Lang]string{lang.English: "Russian house rules …", lang.Serbian: "kućna ruska …"}},
		{"official uno-penalty=4 +jump-in", map[lang.Lang]string{lang.English: "official, jump in …", lang.Armenian: "պաշտոնական, միջամտություն …"}},
		{"official scoring=lazy target=3", map[lang.Lang]string{lang.English: "official, target 3 …"}},
		{"chess", map[lang.Lang]string{lang.English: "chess", lang.Russian: "chess"}}, // not a rules line: as it is
	} {
		for _, l := range lang.Languages() {
			got := rulesCell(l, c.line)
			if want, ok := c.want[l]; ok && got != want {
				t.Errorf("rulesCell(%s, %q) = %q, want %q", l, c.line, got, want)
			}
			if c.line == "chess" {
				continue
			}
			if strings.ContainsAny(got, "=+") || strings.Contains(got, "-jump") || strings.Contains(got, "stacking") && l != lang.English {
				t.Errorf("rulesCell(%s, %q) = %q: an option's code in a cell a person reads", l, c.line, got)
			}
			for _, p := range langtest.Problems(l, got) {
				if !strings.Contains(p, "starts in lower case") { // a cell, not a sentence
					t.Errorf("rulesCell(%s, %q) = %q: %s", l, c.line, got, p)
				}
			}
		}
	}
}
