package journal

import (
	"bytes"
	"context"
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
	var mine int
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
