package journal

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/replay"
	"github.com/unoref/unoref/referee/tablelog"
)

// TestStoppedEarly: an end line stops the game and scores it as it stands.
// The journal ends the game with the player ahead as its winner, adds no
// round for the round being played, says it ended early (Games, Status,
// the log's first line), and writes a log that replays to the same end.
// An end line refused (nobody ahead) is nobody's refusal.
func TestStoppedEarly(t *testing.T) {
	ctx := context.Background()
	s := newScript(genGame(7, "rules official target=300", "Ann", "Ben", "Cy"))
	j, _ := openTemp(t)
	for _, n := range []string{"Ann", "Ben", "Cy"} {
		if _, err := j.AddPlayer(ctx, Player{Name: n, Seat: NoSeat}); err != nil {
			t.Fatal(err)
		}
	}
	tb := startScript(t, j, s)
	end := tablelog.Event{Kind: tablelog.End}

	// Nobody is ahead before a round is counted.
	if v, err := tb.Apply(ctx, end); err != nil || v.OK {
		t.Fatalf("end before a round is counted: %+v, %v; want refused", v, err)
	}
	j.settleRefusals(ctx) // held in memory until then
	var mine, all int
	if err := j.db.QueryRowContext(ctx, "SELECT count(*) FROM refusals WHERE seat IS NULL").Scan(&all); err != nil || all != 1 {
		t.Errorf("%d refusals of nobody's written (%v), want the end line's", all, err)
	}
	if err := j.db.QueryRowContext(ctx, "SELECT count(*) FROM refusals WHERE seat IS NOT NULL").Scan(&mine); err != nil || mine != 0 {
		t.Errorf("%d refusals of a seat (%v), want none for an end line", mine, err)
	}

	// Play into round 2, someone ahead.
	i := s.nsetup
	for ; i < len(s.evs); i++ {
		st := s.states[s.kept[i]]
		if st.Round >= 2 && st.Phase == referee.PhaseTurn && st.Leader != "" {
			break
		}
	}
	playScript(t, tb, s, s.nsetup, i)
	before := tb.State()
	rounds, err := j.Rounds(ctx, tb.ID())
	if err != nil || len(rounds) == 0 {
		t.Fatalf("rounds before the end: %v, %v", rounds, err)
	}
	end.At, end.Timed = 812*time.Second, true
	v, err := tb.Apply(ctx, end)
	if err != nil || !v.OK {
		t.Fatalf("end with %s ahead: %+v, %v", before.Leader, v, err)
	}
	st := tb.State()
	if st.Phase != referee.PhaseOver || st.Winner != before.Leader || !st.Early {
		t.Errorf("after the end: %+v, want over, won by %s, early", st, before.Leader)
	}
	after, err := j.Rounds(ctx, tb.ID())
	if err != nil || !cmp.Equal(rounds, after) {
		t.Errorf("rounds after the end: %d (%v), want the %d counted before it", len(after), err, len(rounds))
	}
	gs, err := j.Games(ctx)
	if err != nil || len(gs) != 1 {
		t.Fatalf("Games = %+v, %v", gs, err)
	}
	if g := gs[0]; g.Open() || g.Winner != before.Leader || !g.Early || g.Status() != "ended early" {
		t.Errorf("game: open %v, winner %q, early %v, status %q; want ended early, won by %s", g.Open(), g.Winner, g.Early, g.Status(), before.Leader)
	}
	if _, err := j.Resume(ctx); !errors.Is(err, ErrNoOpenGame) {
		t.Errorf("Resume after the end: %v, want %v", err, ErrNoOpenGame)
	}

	// The family's record counts it as the winner's game won.
	f, err := j.Stats(ctx, Period{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range f.Players {
		if want := p.Player.Name == before.Leader; p.Games != 1 || (p.GamesWon == 1) != want {
			t.Errorf("%s: %d games, %d won; want 1 game, won %v", p.Player.Name, p.Games, p.GamesWon, want)
		}
	}

	var buf bytes.Buffer
	if err := j.Log(ctx, tb.ID(), &buf); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if want := "ended early"; !strings.Contains(lines[0], want) || !strings.Contains(lines[0], before.Leader+" was ahead and won") {
		t.Errorf("log's first line %q, want it to say the game %s", lines[0], want)
	}
	if last := lines[len(lines)-1]; last != "812.000 end" {
		t.Errorf("log's last line %q, want the end line", last)
	}
	g := referee.New()
	if _, err := replay.Replay(ctx, &buf, g, nil); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(st, g.State()); diff != "" {
		t.Errorf("replayed log: state (-want +got):\n%s", diff)
	}
}

// TestStoppedEarlyInTheRecord: a game stopped early (testdata/end-early.log)
// is counted as record counts any game, with the refusals held in memory
// written: the end line refused while nobody was ahead is a refusal of
// nobody's (held, written with the next commit, in the export where it was
// made); the round being played adds no round; the winner's game is won.
// The export, played into a new journal, gives the same record and the
// same early end.
func TestStoppedEarlyInTheRecord(t *testing.T) {
	ctx := context.Background()
	j := familyJournal(t, "Mia", "Ben")
	tb := playText(t, j, readText(t, "end-early.log"))
	st := tb.State()
	if st.Phase != referee.PhaseOver || st.Winner != "Mia" || !st.Early {
		t.Fatalf("after the log: phase %v, winner %q, early %v; want over, Mia, early", st.Phase, st.Winner, st.Early)
	}
	if err := tb.End(ctx); err != nil && !errors.Is(err, ErrEnded) {
		t.Fatal(err)
	}
	j.settleRefusals(ctx)
	var refusals []string
	err := j.each(ctx, "SELECT line || ' ' || code || ' ' || coalesce(seat, 'nobody') FROM refusals WHERE game_id = 1 ORDER BY id", nil, func(r *sql.Rows) error {
		var s string
		err := r.Scan(&s)
		refusals = append(refusals, s)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"end wrong-phase nobody", "play R7 illegal-card 1"}; !cmp.Equal(want, refusals) {
		t.Errorf("refusals written: %q, want %q", refusals, want)
	}

	want := func(j *Journal, when string) FamilyStats {
		f, err := j.Stats(ctx, Period{})
		if err != nil {
			t.Fatal(err)
		}
		if f.Games != 1 || f.Rounds != 1 {
			t.Errorf("%s: %d games, %d rounds; want 1 game, its 1 round counted", when, f.Games, f.Rounds)
		}
		type line struct{ Games, Won, Rounds, RoundsWon, Refused int }
		got := map[string]line{}
		for _, p := range f.Players {
			got[p.Player.Name] = line{p.Games, p.GamesWon, p.Rounds, p.RoundsWon, p.Refused}
		}
		if d := cmp.Diff(map[string]line{"Mia": {1, 1, 1, 1, 0}, "Ben": {1, 0, 1, 0, 1}}, got); d != "" {
			t.Errorf("%s: the record (-want +got):\n%s", when, d)
		}
		gs, err := j.Games(ctx)
		if err != nil || len(gs) != 1 || !gs[0].Early || gs[0].Winner != "Mia" {
			t.Errorf("%s: Games = %+v, %v; want one, ended early, won by Mia", when, gs, err)
		}
		return f
	}
	first := want(j, "played")
	export := exportOf(t, j, 1)
	if lines := strings.Split(strings.TrimSpace(export), "\n"); strings.Count(export, "\nend\n") != 2 || lines[len(lines)-1] != "end" ||
		!strings.Contains(lines[0], "ended early") {
		t.Errorf("the export:\n%s\nwant the refused end where it was made, the game's end last, and its first line saying it ended early", export)
	}

	again := familyJournal(t, "Mia", "Ben")
	if err := playText(t, again, export).End(ctx); err != nil && !errors.Is(err, ErrEnded) {
		t.Fatal(err)
	}
	if d := cmp.Diff(first, want(again, "played from the export")); d != "" {
		t.Errorf("the record of the export played again (-first +again):\n%s", d)
	}
}
