package journal

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/tablelog"
)

// script is a game as a table sends it: every event in order, including
// refused ones, and what an uninterrupted in-memory referee makes of it.
type script struct {
	evs    []tablelog.Event
	nsetup int             // evs[:nsetup] is the players line and the setup NewGame takes
	kept   []int           // kept[i]: events of evs[:i] that change the game (len(evs)+1 entries)
	states []referee.State // states[n]: the state after the first n kept events
	rounds [][]Round       // rounds[n]: the rounds ended within the first n kept events
	over   bool
}

// newScript runs evs through a fresh referee. The accepted rules and dealer
// lines right after the players line are the setup NewGame takes.
func newScript(evs []tablelog.Event) *script {
	// Lines before the players line are refused by a fresh referee and
	// change nothing: a table starts at its players line.
	for len(evs) > 0 && evs[0].Kind != tablelog.Players {
		evs = evs[1:]
	}
	s := &script{evs: evs, nsetup: 1}
	g := referee.New()
	g.Apply(evs[0])
	for s.nsetup < len(evs) && (evs[s.nsetup].Kind == tablelog.Rules || evs[s.nsetup].Kind == tablelog.Dealer) && g.Apply(evs[s.nsetup]).OK {
		s.nsetup++
	}
	g = referee.New()
	var tr tracker
	s.kept = append(s.kept, 0)
	s.states = append(s.states, g.State())
	s.rounds = append(s.rounds, nil)
	for i, ev := range evs {
		before := g.State()
		v := g.Apply(ev)
		after := g.State()
		k := s.kept[i]
		if changed(before, after, v) {
			k++
			rs := s.rounds[len(s.rounds)-1]
			if r, ok := tr.step(ev, before, after, v, g.Rules()); ok {
				r.Seq = k
				rs = append(rs[:len(rs):len(rs)], r)
			}
			s.states = append(s.states, after)
			s.rounds = append(s.rounds, rs)
		}
		s.kept = append(s.kept, k)
	}
	s.over = s.states[len(s.states)-1].Phase == referee.PhaseOver
	return s
}

// lines is the journal the whole script leaves: the lines of the kept events.
func (s *script) lines() []string {
	var l []string
	for i, ev := range s.evs {
		if s.kept[i+1] > s.kept[i] {
			l = append(l, ev.String())
		}
	}
	return l
}

// readLog reads a table log, dropping lines that do not parse.
func readLog(t testing.TB, path string) []tablelog.Event {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var evs []tablelog.Event
	for l := range tablelog.Lines(bufio.NewReader(f)) {
		if l.Err == nil {
			evs = append(evs, l.Ev)
		}
	}
	return evs
}

func examples(t testing.TB) []string {
	t.Helper()
	logs, err := filepath.Glob("../../examples/*.log")
	if err != nil || len(logs) == 0 {
		t.Fatalf("no example logs: %v", err)
	}
	return logs
}

// genGame scripts a whole game with seeded random players who mostly play
// legal cards, sometimes draw, name colours, forget UNO and make mistakes.
// The referee does not see hands, so any matching card is a plausible play.
func genGame(seed uint64, rules string, players ...string) []tablelog.Event {
	return genEvents(seed, 20000, rules, players...)
}

// genEvents is genGame stopped after max events if the game goes on.
func genEvents(seed uint64, max int, rules string, players ...string) []tablelog.Event {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	g := referee.New()
	var evs []tablelog.Event
	add := func(format string, a ...any) referee.Verdict {
		line := fmt.Sprintf(format, a...)
		ev, ok, err := tablelog.Parse(line, len(evs)+1)
		if err != nil || !ok {
			panic(fmt.Sprintf("genGame: %q: %v", line, err))
		}
		// Some events carry a time, as the daemon writes them; not the
		// players line, which NewGame writes from names.
		if len(evs) > 0 && r.IntN(4) == 0 {
			ev.At, ev.Timed = time.Duration(len(evs))*1234567*time.Microsecond/1000, true
		}
		evs = append(evs, ev)
		return g.Apply(ev)
	}
	colors := []string{"R", "Y", "G", "B"}
	add("players %s", strings.Join(players, " "))
	add("%s", rules)
	add("dealer %s", players[r.IntN(len(players))])
	counted := map[string]bool{}
	for len(evs) < max {
		st := g.State()
		if st.Phase != referee.PhaseCountup {
			clear(counted)
		}
		col := colors[r.IntN(4)]
		switch st.Phase {
		case referee.PhaseOver:
			return evs
		case referee.PhaseSetup:
			if r.IntN(10) == 0 {
				add("start W+4") // returned: turn another
			} else {
				add("start %s%d", col, r.IntN(10))
			}
		case referee.PhaseTurn:
			who := st.Turn
			var v referee.Verdict
			switch x := r.IntN(100); {
			case x < 4: // any card: often a mistake
				v = add("play %s%d", col, r.IntN(10))
			case x < 28:
				add("draw")
				continue
			case x < 32:
				v = add("play W:%s", col)
			case x < 34:
				v = add("play W+4:%s", col)
			case x < 44:
				v = add("play %s%s", st.Color, []string{"S", "R", "+2"}[r.IntN(3)])
			default:
				v = add("play %s%d", st.Color, r.IntN(10))
			}
			if v.OK && g.State().Hands[who] == 1 && r.IntN(3) > 0 {
				add("uno %s", who)
			}
		case referee.PhaseDrawn:
			add("pass")
		case referee.PhasePenalty, referee.PhaseChallenge:
			add("draw")
		case referee.PhaseColor:
			add("color %s", col)
		case referee.PhaseCountup:
			for _, p := range st.Players {
				if st.Hands[p] > 0 && !counted[p] {
					counted[p] = true
					// At most what the hand can hold: more is refused.
					add("points %s %d", p, min(5+r.IntN(60), referee.MostHandPoints(g.Rules(), st.Hands[p])))
					break
				}
			}
		default:
			panic("genGame: unexpected phase " + st.Phase)
		}
	}
	return evs
}

// testClock is a clock that moves on by a second each time it is read.
func testClock() func() time.Time {
	t := time.Date(2026, 5, 1, 19, 0, 0, 0, time.UTC)
	return func() time.Time {
		t = t.Add(time.Second)
		return t
	}
}

func openTemp(t testing.TB) (*Journal, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "data", "unoref.db")
	j, err := Open(context.Background(), path, &Opts{Now: testClock()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	return j, path
}

// reopen opens the journal at path again, as a restarted daemon would, and
// resumes its open game.
func reopen(t testing.TB, path string) (*Journal, *Recorder) {
	t.Helper()
	ctx := context.Background()
	j, err := Open(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	tb, err := j.Resume(ctx)
	if err != nil {
		t.Fatalf("Resume: %v", err)
	}
	return j, tb
}

// startScript starts s's game in j.
func startScript(t testing.TB, j *Journal, s *script) *Recorder {
	t.Helper()
	tb, err := j.NewGame(context.Background(), s.evs[0].Names, s.evs[1:s.nsetup]...)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// playScript applies evs[from:to] and checks every verdict against a fresh
// in-memory referee run over the script.
func playScript(t testing.TB, tb *Recorder, s *script, from, to int) {
	t.Helper()
	ctx := context.Background()
	for i := from; i < to; i++ {
		if _, err := tb.Apply(ctx, s.evs[i]); err != nil {
			t.Fatalf("Apply(%q) #%d: %v", s.evs[i].String(), i, err)
		}
		if diff := cmp.Diff(s.states[s.kept[i+1]], tb.State()); diff != "" {
			t.Fatalf("after %q #%d: state (-want +got):\n%s", s.evs[i].String(), i, diff)
		}
	}
}

func eventLines(evs []tablelog.Event) []string {
	l := make([]string, len(evs))
	for i, ev := range evs {
		l[i] = ev.String()
	}
	return l
}
