package journal

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/replay"
	"github.com/unoref/unoref/referee/tablelog"
)

func TestResumeRoundTrip(t *testing.T) {
	ctx := context.Background()
	type tcase struct {
		name string
		evs  []tablelog.Event
	}
	var tests []tcase
	for _, p := range examples(t) {
		tests = append(tests, tcase{filepath.Base(p), readLog(t, p)})
	}
	tests = append(tests,
		tcase{"generated official", genGame(1, "rules official target=200", "Ann", "Ben", "Cy")},
		tcase{"generated house-ru", genGame(2, "rules house-ru", "Ann", "Ben", "Cy", "Dee")},
	)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newScript(tt.evs)
			j, path := openTemp(t)
			tb := startScript(t, j, s)
			// Stop halfway, resume in a new process's journal, go on.
			half := s.nsetup + (len(s.evs)-s.nsetup)/2
			playScript(t, tb, s, s.nsetup, half)
			j.Close()
			j2, tb2 := reopen(t, path)
			if diff := cmp.Diff(tb.State(), tb2.State()); diff != "" {
				t.Fatalf("resumed state (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(eventLines(tb.Events()), eventLines(tb2.Events())); diff != "" {
				t.Fatalf("resumed events (-want +got):\n%s", diff)
			}
			playScript(t, tb2, s, half, len(s.evs))
			if diff := cmp.Diff(s.lines(), eventLines(tb2.Events())); diff != "" {
				t.Fatalf("journal (-want +got):\n%s", diff)
			}
			rounds, err := j2.Rounds(ctx, tb2.ID())
			if err != nil {
				t.Fatal(err)
			}
			checkRounds(t, rounds, s.rounds[len(s.states)-1])
			if !s.over {
				tb3, err := j2.Resume(ctx)
				if err != nil {
					t.Fatalf("Resume at the end: %v", err)
				}
				if diff := cmp.Diff(s.states[len(s.states)-1], tb3.State()); diff != "" {
					t.Fatalf("resumed state at the end (-want +got):\n%s", diff)
				}
			} else if _, err := j2.Resume(ctx); !errors.Is(err, ErrNoOpenGame) {
				t.Fatalf("Resume after the game was won: %v, want %v", err, ErrNoOpenGame)
			}
		})
	}
}

// checkRounds compares journaled rounds with the expected ones, ignoring
// the time stamps, and checks that points add up to the totals.
func checkRounds(t testing.TB, got, want []Round) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d rounds journaled, want %d: %+v", len(got), len(want), got)
	}
	totals := map[string]int{}
	for i := range got {
		g, w := got[i], want[i]
		g.EndedAt = w.EndedAt
		if diff := cmp.Diff(w, g); diff != "" {
			t.Fatalf("round %d (-want +got):\n%s", i+1, diff)
		}
		for _, s := range g.Scores {
			totals[s.Player] += s.Points
			if totals[s.Player] != s.Total {
				t.Fatalf("round %d: %s has %d in total after adding up points, the journal says %d", g.N, s.Player, totals[s.Player], s.Total)
			}
		}
	}
}

func TestWholeGame(t *testing.T) {
	ctx := context.Background()
	s := newScript(genGame(7, "rules official target=300", "Ann", "Ben", "Cy"))
	if !s.over {
		t.Fatal("the generated game does not end")
	}
	j, _ := openTemp(t)
	tb := startScript(t, j, s)
	playScript(t, tb, s, s.nsetup, len(s.evs))
	final := tb.State()
	games, err := j.Games(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 1 {
		t.Fatalf("Games() = %+v, want 1 game", games)
	}
	g := games[0]
	if g.Open() || g.Winner != final.Winner || g.Winner == "" {
		t.Errorf("game open %v, winner %q; want ended, won by %q", g.Open(), g.Winner, final.Winner)
	}
	if diff := cmp.Diff([]string{"Ann", "Ben", "Cy"}, g.Players); diff != "" {
		t.Errorf("players (-want +got):\n%s", diff)
	}
	if got, want := g.Rules, "rules official target=300"; got != want {
		t.Errorf("rules %q, want %q", got, want)
	}
	if got, want := g.Events, len(s.lines()); got != want {
		t.Errorf("%d events, want %d", got, want)
	}
	if !g.EndedAt.After(g.StartedAt) {
		t.Errorf("ended %v, started %v", g.EndedAt, g.StartedAt)
	}
	rounds, err := j.Rounds(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if g.Rounds != len(rounds) || len(rounds) < 2 || len(rounds) != final.Round {
		t.Fatalf("%d rounds (Games says %d), want %d (at least 2)", len(rounds), g.Rounds, final.Round)
	}
	checkRounds(t, rounds, s.rounds[len(s.states)-1])
	for _, sc := range rounds[len(rounds)-1].Scores {
		if sc.Total != final.Scores[sc.Player] {
			t.Errorf("%s's total %d, the referee says %d", sc.Player, sc.Total, final.Scores[sc.Player])
		}
	}
	var viewRows int
	if err := j.db.QueryRowContext(ctx, "SELECT count(*) FROM game_totals WHERE game_id = ?", g.ID).Scan(&viewRows); err != nil || viewRows != 3 {
		t.Errorf("game_totals view: %d rows (%v), want 3", viewRows, err)
	}
	if _, err := tb.Apply(ctx, s.evs[len(s.evs)-1]); err != nil {
		t.Fatalf("Apply after the game was won: %v", err)
	}
	if got := len(tb.Events()); got != g.Events {
		t.Errorf("an event after the game was won was journaled: %d events, want %d", got, g.Events)
	}
	if _, err := j.Rounds(ctx, 99); !errors.Is(err, ErrNoGame) {
		t.Errorf("Rounds(99) error %v, want %v", err, ErrNoGame)
	}
}

func TestLogReplays(t *testing.T) {
	ctx := context.Background()
	for _, seed := range []uint64{3, 4} {
		s := newScript(genGame(seed, "rules house-ru", "Ann", "Ben", "Cy"))
		j, _ := openTemp(t)
		tb := startScript(t, j, s)
		playScript(t, tb, s, s.nsetup, len(s.evs)*2/3)
		var buf bytes.Buffer
		if err := j.Log(ctx, tb.ID(), &buf); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
		if !strings.HasPrefix(lines[0], "# unoref game 1: Ann Ben Cy") {
			t.Errorf("first line %q, want a comment naming the game", lines[0])
		}
		if diff := cmp.Diff(eventLines(tb.Events()), lines[1:]); diff != "" {
			t.Fatalf("log lines (-want +got):\n%s", diff)
		}
		g := referee.New()
		n, err := replay.Replay(ctx, &buf, g, nil)
		if err != nil {
			t.Fatal(err)
		}
		if n != len(lines)-1 {
			t.Errorf("replay read %d events, want %d", n, len(lines)-1)
		}
		if diff := cmp.Diff(tb.State(), g.State()); diff != "" {
			t.Fatalf("replayed log: state (-want +got):\n%s", diff)
		}
	}
	j, _ := openTemp(t)
	if err := j.Log(ctx, 5, &bytes.Buffer{}); !errors.Is(err, ErrNoGame) {
		t.Errorf("Log of a missing game: %v, want %v", err, ErrNoGame)
	}
}

func TestRefusedEvents(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name     string
		rules    string
		kept     bool
		handDiff int
	}{
		{"official: no penalty, not journaled", "rules official", false, 0},
		{"house-ru: mistake-penalty, journaled", "rules house-ru", true, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j, path := openTemp(t)
			rules, _, _ := tablelog.Parse(tt.rules, 0)
			tb, err := j.NewGame(ctx, []string{"Ann", "Ben"}, rules)
			if err != nil {
				t.Fatal(err)
			}
			for _, line := range []string{"start R5", "play G7"} {
				ev, _, _ := tablelog.Parse(line, 0)
				if _, err := tb.Apply(ctx, ev); err != nil {
					t.Fatal(err)
				}
			}
			before := tb.State()
			n := len(tb.Events())
			ev, _, _ := tablelog.Parse("play B3", 0) // Ben can't play blue 3 on green 7
			v, err := tb.Apply(ctx, ev)
			if err != nil {
				t.Fatal(err)
			}
			if v.OK || v.Code != referee.ErrIllegalCard {
				t.Fatalf("verdict %+v, want refused %s", v, referee.ErrIllegalCard)
			}
			if got, want := len(tb.Events())-n == 1, tt.kept; got != want {
				t.Fatalf("journaled %v, want %v", got, want)
			}
			if got, want := tb.State().Hands["Ben"]-before.Hands["Ben"], tt.handDiff; got != want {
				t.Fatalf("Ben's hand grew by %d, want %d", got, want)
			}
			j.Close()
			_, tb2 := reopen(t, path)
			if diff := cmp.Diff(tb.State(), tb2.State()); diff != "" {
				t.Fatalf("resumed (-want +got):\n%s", diff)
			}
		})
	}
}

func TestOpenRefusesForeignFiles(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.db")
	if err := os.WriteFile(garbage, bytes.Repeat([]byte("this is not SQLite\n"), 300), 0o644); err != nil {
		t.Fatal(err)
	}
	foreign := filepath.Join(dir, "foreign.db")
	newer := filepath.Join(dir, "newer.db")
	for _, p := range []struct {
		path, sql string
	}{
		{foreign, "CREATE TABLE photos(id INTEGER PRIMARY KEY, name TEXT)"},
		{newer, "CREATE TABLE x(y); PRAGMA application_id=1431195474; PRAGMA user_version=99"},
	} {
		db, err := sql.Open("sqlite", p.path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(p.sql); err != nil {
			t.Fatal(err)
		}
		db.Close()
	}
	tests := []struct {
		name, path string
		want       error
	}{
		{"not SQLite", garbage, ErrNotJournal},
		{"another program's database", foreign, ErrNotJournal},
		{"newer schema", newer, ErrNewerSchema},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before, err := os.ReadFile(tt.path)
			if err != nil {
				t.Fatal(err)
			}
			j, err := Open(ctx, tt.path, nil)
			if err == nil {
				j.Close()
			}
			if !errors.Is(err, tt.want) {
				t.Fatalf("Open(%s) error %v, want %v", tt.name, err, tt.want)
			}
			if !strings.Contains(err.Error(), tt.path) {
				t.Errorf("error %q does not name the file", err)
			}
			after, err := os.ReadFile(tt.path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(before, after) {
				t.Errorf("Open changed the file it refused")
			}
		})
	}
}

// checkMigrated checks that j's schema is the current version after Open,
// and returns the version.
func checkMigrated(t *testing.T, j *Journal) int {
	t.Helper()
	var ver int
	if err := j.db.QueryRow("PRAGMA user_version").Scan(&ver); err != nil {
		t.Fatal(err)
	}
	if ver != len(migrations) {
		t.Errorf("user_version %d after Open, want %d", ver, len(migrations))
	}
	return ver
}

func TestMigrateForward(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	// A journal written by a unoref that knew schema version 1 only.
	openSchema(t, path, 1).Close()
	j, err := Open(ctx, path, nil)
	if err != nil {
		t.Fatalf("Open of a version 1 journal: %v", err)
	}
	defer j.Close()
	checkMigrated(t, j)
	if _, err := j.db.ExecContext(ctx, "SELECT * FROM game_totals"); err != nil {
		t.Errorf("version 2's view missing: %v", err)
	}
	var mode string
	if err := j.db.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode %q (%v), want wal", mode, err)
	}
	var sync, fk int
	if err := j.db.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&sync); err != nil || sync != 2 {
		t.Errorf("synchronous %d (%v), want 2 (FULL)", sync, err)
	}
	if err := j.db.QueryRowContext(ctx, "PRAGMA foreign_keys").Scan(&fk); err != nil || fk != 1 {
		t.Errorf("foreign_keys %d (%v), want 1", fk, err)
	}
}

// tamper rewrites one journaled line behind the journal's back, as an
// engine that rules differently would see it: the record of acknowledged
// lines is dropped, else Open reports the change as damage
// (TestDamageIsNeverSilent).
func tamper(t *testing.T, path string, seq int, line string) {
	t.Helper()
	forgetAcks(t, path)
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("UPDATE events SET line = ? WHERE seq = ?", line, seq); err != nil {
		t.Fatal(err)
	}
}

func TestResumeRefusesBadJournal(t *testing.T) {
	ctx := context.Background()
	s := newScript(readLog(t, "../../examples/official.log"))
	tests := []struct {
		name string
		line string
		want string
	}{
		{"refused now", "play B9", "journaled as accepted, now refused (illegal-card)"},
		{"not an event", "play Q5", "not a table-log event"},
		{"refused without penalty", "", "no longer costs a penalty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j, path := openTemp(t)
			tb := startScript(t, j, s)
			playScript(t, tb, s, s.nsetup, 12)
			j.Close()
			seq := 6
			if tt.line == "" {
				// A refused line journaled as costing a penalty under
				// official rules, which have none.
				db, err := sql.Open("sqlite", path)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := db.Exec("UPDATE events SET line = 'play B9', ok = 0, code = 'illegal-card' WHERE seq = ?", seq); err != nil {
					t.Fatal(err)
				}
				db.Close()
				forgetAcks(t, path)
			} else {
				tamper(t, path, seq, tt.line)
			}
			j2, err := Open(ctx, path, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer j2.Close()
			_, err = j2.Resume(ctx)
			var re *ReplayError
			if !errors.As(err, &re) || !errors.Is(err, ErrReplay) {
				t.Fatalf("Resume error %v, want a *ReplayError", err)
			}
			if re.Game != 1 || re.Seq != seq {
				t.Errorf("error names game %d event %d, want game 1 event %d", re.Game, re.Seq, seq)
			}
			if msg := err.Error(); !strings.Contains(msg, "game 1, event 6") || !strings.Contains(msg, tt.want) {
				t.Errorf("error %q, want it to name game 1, event 6 and say %q", msg, tt.want)
			}
		})
	}
}

// failOn makes the database refuse a write, as a full or broken disk would:
// a trigger aborts the transaction from inside SQLite.
func failOn(t *testing.T, j *Journal, table, when string) func() {
	t.Helper()
	ctx := context.Background()
	q := "CREATE TEMP TRIGGER fail BEFORE INSERT ON " + table + " WHEN " + when + " BEGIN SELECT RAISE(ABORT, 'disk I/O error (test)'); END"
	if _, err := j.db.ExecContext(ctx, q); err != nil {
		t.Fatal(err)
	}
	return func() {
		if _, err := j.db.ExecContext(ctx, "DROP TRIGGER temp.fail"); err != nil {
			t.Fatal(err)
		}
	}
}

func TestCommitFailureKeepsState(t *testing.T) {
	ctx := context.Background()
	s := newScript(genGame(11, "rules house-ru", "Ann", "Ben", "Cy"))
	// Find the event that ends the first round: its round rows fail.
	endsRound := -1
	for i := range s.evs {
		if len(s.rounds[s.kept[i+1]]) == 1 {
			endsRound = i
			break
		}
	}
	if endsRound < 0 {
		t.Fatal("the generated game has no round")
	}
	tests := []struct {
		name  string
		at    int
		table string
	}{
		{"event insert", 20, "events"},
		{"round insert", endsRound, "round_scores"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j, path := openTemp(t)
			tb := startScript(t, j, s)
			playScript(t, tb, s, s.nsetup, tt.at)
			for s.kept[tt.at+1] == s.kept[tt.at] { // a refused event is not written anyway
				playScript(t, tb, s, tt.at, tt.at+1)
				tt.at++
			}
			before, evs := tb.State(), eventLines(tb.Events())
			undo := failOn(t, j, tt.table, "1")
			v, err := tb.Apply(ctx, s.evs[tt.at])
			if err == nil {
				t.Fatalf("Apply with a failing disk = %+v, want an error", v)
			}
			if diff := cmp.Diff(before, tb.State()); diff != "" {
				t.Fatalf("state after a failed commit (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(evs, eventLines(tb.Events())); diff != "" {
				t.Fatalf("events after a failed commit (-want +got):\n%s", diff)
			}
			undo()
			playScript(t, tb, s, tt.at, len(s.evs))
			j.Close()
			j2, err := Open(ctx, path, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer j2.Close()
			var buf bytes.Buffer
			if err := j2.Log(ctx, 1, &buf); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(s.lines(), strings.Split(strings.TrimSpace(buf.String()), "\n")[1:]); diff != "" {
				t.Fatalf("journal after recovery (-want +got):\n%s", diff)
			}
			rounds, err := j2.Rounds(ctx, 1)
			if err != nil {
				t.Fatal(err)
			}
			checkRounds(t, rounds, s.rounds[len(s.states)-1])
		})
	}
	t.Run("failed commit reached the disk after all", func(t *testing.T) {
		j, _ := openTemp(t)
		tb := startScript(t, j, s)
		at := 25
		for s.kept[at+1] == s.kept[at] {
			at++
		}
		playScript(t, tb, s, s.nsetup, at)
		undo := failOn(t, j, "events", "1")
		if _, err := tb.Apply(ctx, s.evs[at]); err == nil {
			t.Fatal("Apply with a failing disk: no error")
		}
		undo()
		// As if the fsync had failed but the page reached the disk.
		if _, err := j.db.ExecContext(ctx, "INSERT INTO events(game_id, seq, line, ok, code, recorded_at) VALUES (1, ?, ?, 1, '', 'x')",
			s.kept[at]+1, s.evs[at].String()); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(s.states[s.kept[at]], tb.State()); diff != "" {
			t.Fatalf("state after a failed commit (-want +got):\n%s", diff)
		}
		playScript(t, tb, s, at+1, len(s.evs))
		if diff := cmp.Diff(s.lines(), eventLines(tb.Events())); diff != "" {
			t.Fatalf("journal (-want +got):\n%s", diff)
		}
	})
	t.Run("database closed", func(t *testing.T) {
		j, _ := openTemp(t)
		tb := startScript(t, j, s)
		playScript(t, tb, s, s.nsetup, 30)
		before, evs := tb.State(), eventLines(tb.Events())
		j.Close()
		for i := 30; i < 40; i++ {
			if s.kept[i+1] == s.kept[i] {
				continue
			}
			if _, err := tb.Apply(ctx, s.evs[i]); err == nil {
				t.Fatalf("Apply(%q) on a closed journal: no error", s.evs[i].String())
			}
			if diff := cmp.Diff(before, tb.State()); diff != "" {
				t.Fatalf("state after a failed commit (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(evs, eventLines(tb.Events())); diff != "" {
				t.Fatalf("events after a failed commit (-want +got):\n%s", diff)
			}
		}
	})
}

func TestUndo(t *testing.T) {
	ctx := context.Background()
	s := newScript(genGame(5, "rules official target=150", "Ann", "Ben"))
	if !s.over {
		t.Fatal("the generated game does not end")
	}
	j, path := openTemp(t)
	tb := startScript(t, j, s)
	playScript(t, tb, s, s.nsetup, len(s.evs))
	n := len(tb.Events())
	// Undo the winning event (which ended the last round) and a few more.
	nr := len(s.rounds[n])
	back := n - s.rounds[n][nr-1].Seq + 6
	for k := 1; k <= back; k++ {
		last := tb.Events()[n-k]
		ev, err := tb.Undo(ctx)
		if err != nil {
			t.Fatalf("Undo #%d: %v", k, err)
		}
		if ev.String() != last.String() {
			t.Fatalf("Undo #%d dropped %q, want %q", k, ev.String(), last.String())
		}
		if diff := cmp.Diff(s.states[n-k], tb.State()); diff != "" {
			t.Fatalf("after Undo #%d (-want +got):\n%s", k, diff)
		}
	}
	m := n - back
	games, err := j.Games(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if g := games[0]; !g.Open() || g.Winner != "" || g.Events != m || g.Rounds != nr-1 {
		t.Fatalf("after undoing the win: %+v, want open, no winner, %d events, %d rounds", g, m, nr-1)
	}
	j.Close()
	j2, tb2 := reopen(t, path)
	if diff := cmp.Diff(s.states[m], tb2.State()); diff != "" {
		t.Fatalf("resumed after Undo (-want +got):\n%s", diff)
	}
	rounds, err := j2.Rounds(ctx, tb2.ID())
	if err != nil {
		t.Fatal(err)
	}
	checkRounds(t, rounds, s.rounds[m])
	for len(tb2.Events()) > 1 {
		if _, err := tb2.Undo(ctx); err != nil {
			t.Fatalf("Undo with %d events: %v", len(tb2.Events()), err)
		}
	}
	if diff := cmp.Diff(s.states[1], tb2.State()); diff != "" {
		t.Fatalf("undone to the players line (-want +got):\n%s", diff)
	}
	if _, err := tb2.Undo(ctx); !errors.Is(err, ErrNothingToUndo) {
		t.Fatalf("Undo of the players line: %v, want %v", err, ErrNothingToUndo)
	}
}

func TestEndAndNewGame(t *testing.T) {
	ctx := context.Background()
	j, _ := openTemp(t)
	if _, err := j.Resume(ctx); !errors.Is(err, ErrNoOpenGame) {
		t.Fatalf("Resume of an empty journal: %v, want %v", err, ErrNoOpenGame)
	}
	tb, err := j.NewGame(ctx, []string{"Ann", "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := j.NewGame(ctx, []string{"Cy", "Dee"}); !errors.Is(err, ErrGameOpen) {
		t.Fatalf("NewGame while a game is open: %v, want %v", err, ErrGameOpen)
	}
	bad, _, _ := tablelog.Parse("rules chess", 0)
	if _, err := j.NewGame(ctx, []string{"Cy", "Dee"}, bad); err == nil {
		t.Fatal("NewGame with a refused rules line: no error")
	}
	for range 2 {
		if err := tb.End(ctx); err != nil {
			t.Fatal(err)
		}
	}
	ev, _, _ := tablelog.Parse("start R5", 0)
	if _, err := tb.Apply(ctx, ev); !errors.Is(err, ErrEnded) {
		t.Fatalf("Apply after End: %v, want %v", err, ErrEnded)
	}
	if _, err := j.Resume(ctx); !errors.Is(err, ErrNoOpenGame) {
		t.Fatalf("Resume after End: %v, want %v", err, ErrNoOpenGame)
	}
	tb2, err := j.NewGame(ctx, []string{"Cy", "Dee"})
	if err != nil {
		t.Fatal(err)
	}
	games, err := j.Games(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || games[0].Open() || games[0].Winner != "" || !games[1].Open() || games[1].ID != tb2.ID() {
		t.Fatalf("Games() = %+v, want game 1 abandoned and game 2 open", games)
	}
	if got, want := games[1].Rules, "rules official"; got != want {
		t.Errorf("default rules %q, want %q", got, want)
	}
	badName := tablelog.Event{Kind: tablelog.Catch, Name: "Cy Dee"}
	if _, err := tb2.Apply(ctx, badName); !errors.Is(err, ErrBadEvent) {
		t.Errorf("Apply of an event that is no table-log line: %v, want %v", err, ErrBadEvent)
	}
}

// Replace ends the open game only in the transaction that writes the new
// one: a new game refused (a name the log can't hold) leaves it open.
func TestReplaceKeepsTheGameOnRefusal(t *testing.T) {
	ctx := context.Background()
	j, _ := openTemp(t)
	tb, err := j.NewGame(ctx, []string{"Ann", "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	for _, names := range [][]string{{"Kid#1", "Ben"}, {"Mary Ann", "Ben"}, {"Kid\u00a01", "Ben"}, {"\u202eKid", "Ben"}} {
		if _, err := tb.Replace(ctx, names); !errors.Is(err, ErrBadEvent) || !errors.Is(err, tablelog.ErrBadName) {
			t.Errorf("Replace(%q) = %v, want ErrBadEvent and tablelog.ErrBadName", names, err)
		}
	}
	if open, err := j.Resume(ctx); err != nil || open.ID() != tb.ID() {
		t.Fatalf("Resume after refused replacements = %v, %v, want game %d open", open, err, tb.ID())
	}
	tb2, err := tb.Replace(ctx, []string{"Аня", "Անի"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Replace(ctx, []string{"Cy", "Dee"}); !errors.Is(err, ErrEnded) {
		t.Errorf("Replace of a replaced game = %v, want %v", err, ErrEnded)
	}
	games, err := j.Games(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || games[0].Open() || !games[1].Open() || games[1].ID != tb2.ID() {
		t.Fatalf("Games() = %+v, want game 1 abandoned and game 2 open", games)
	}
}

// forgetAcks removes the record of acknowledged events beside path.
func forgetAcks(t *testing.T, path string) {
	t.Helper()
	if err := os.Remove(path + AckSuffix); err != nil {
		t.Fatal(err)
	}
}
