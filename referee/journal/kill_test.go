package journal

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// The kill test runs this test binary again as a child that plays a
// scripted game through the journal while the parent SIGKILLs it.
const (
	envChild  = "UNOREF_JOURNAL_KILL_CHILD" // the journal's path
	envScript = "UNOREF_JOURNAL_KILL_SCRIPT"
)

var killSeed = flag.Uint64("killseed", 0, "seed of TestKill's schedule; 0 takes one from the clock")

func TestMain(m *testing.M) {
	if path := os.Getenv(envChild); path != "" {
		if err := child(path, os.Getenv(envScript)); err != nil {
			fmt.Fprintln(os.Stderr, "child:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// child resumes the game in the journal at path (or starts it) and applies
// the rest of the script, printing "ack I" once event I is applied and
// committed, and "done" at the end.
func child(path, scriptPath string) error {
	ctx := context.Background()
	s := newScript(readLog(fatalTB{}, scriptPath))
	j, err := Open(ctx, path, nil)
	if err != nil {
		return err
	}
	defer j.Close()
	tb, err := j.Resume(ctx)
	from := 0
	switch {
	case errors.Is(err, ErrNoOpenGame):
		games, err := j.Games(ctx)
		if err != nil {
			return err
		}
		if len(games) > 0 {
			fmt.Println("done")
			return nil
		}
		if tb, err = j.NewGame(ctx, s.evs[0].Names, s.evs[1:s.nsetup]...); err != nil {
			return err
		}
		for i := range s.nsetup {
			fmt.Printf("ack %d\n", i)
		}
		from = s.nsetup
	case err != nil:
		return err
	default:
		n := len(tb.Events())
		for s.kept[from] < n {
			from++
		}
	}
	for i := from; i < len(s.evs); i++ {
		if _, err := tb.Apply(ctx, s.evs[i]); err != nil {
			return err
		}
		fmt.Printf("ack %d\n", i)
	}
	fmt.Println("done")
	return nil
}

// fatalTB lets the child use the test helpers outside a test.
type fatalTB struct{ testing.TB }

func (fatalTB) Helper() {}
func (fatalTB) Fatal(a ...any) {
	fmt.Fprintln(os.Stderr, a...)
	os.Exit(2)
}
func (fatalTB) Fatalf(format string, a ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", a...)
	os.Exit(2)
}

// run is one child process.
type run struct {
	cmd    *exec.Cmd
	stderr bytes.Buffer

	mu   sync.Mutex
	acks []int
	done bool
	more chan struct{} // signalled on every ack
	eof  chan struct{} // closed when stdout ends
}

func startChild(t *testing.T, path, script string) *run {
	t.Helper()
	r := &run{more: make(chan struct{}, 1), eof: make(chan struct{})}
	r.cmd = exec.Command(os.Args[0], "-test.run=^$")
	r.cmd.Env = append(os.Environ(), envChild+"="+path, envScript+"="+script)
	r.cmd.Stderr = &r.stderr
	out, err := r.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		defer close(r.eof)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			r.mu.Lock()
			if a, ok := strings.CutPrefix(sc.Text(), "ack "); ok {
				i, _ := strconv.Atoi(a)
				r.acks = append(r.acks, i)
			} else if sc.Text() == "done" {
				r.done = true
			}
			r.mu.Unlock()
			select {
			case r.more <- struct{}{}:
			default:
			}
		}
	}()
	return r
}

// TestKill pulls the plug on a table over and over: a child process plays
// a scripted game through the journal and is SIGKILLed at random points,
// then restarted to go on. After every kill the journal must hold every
// event the child acknowledged, be a prefix of the script, and resume to
// the state an uninterrupted referee has after that prefix.
func TestKill(t *testing.T) {
	if testing.Short() {
		t.Skip("kills a child process 100 times")
	}
	seed := *killSeed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	t.Logf("kill schedule seed %d (rerun with -killseed=%d)", seed, seed)
	r := rand.New(rand.NewPCG(seed, 1))
	wantKills := 120
	if raceEnabled {
		wantKills = 30
	}
	kills, starts := 0, 0
	for trial := 0; kills < wantKills; trial++ {
		rules := []string{"rules official target=200", "rules house-ru target=150"}[trial%2]
		s := newScript(genGame(r.Uint64(), rules, "Ann", "Ben", "Cy"))
		dir := t.TempDir()
		path := filepath.Join(dir, "data", "unoref.db")
		script := filepath.Join(dir, "script.log")
		if err := os.WriteFile(script, []byte(strings.Join(eventLines(s.evs), "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		for finished := false; !finished; {
			starts++
			c := startChild(t, path, script)
			// Kill after a number of acknowledged events (mid-commit of the
			// next), or after a short random time (also during start-up,
			// Open and Resume): the randomness is the point, not a wait.
			var timer *time.Timer
			if r.IntN(3) == 0 {
				timer = time.AfterFunc(time.Duration(r.IntN(40000))*time.Microsecond, func() { c.cmd.Process.Kill() })
			} else {
				k := r.IntN(60)
				for {
					c.mu.Lock()
					n := len(c.acks)
					c.mu.Unlock()
					if n >= k {
						c.cmd.Process.Kill()
						break
					}
					select {
					case <-c.more:
						continue
					case <-c.eof:
					}
					break
				}
			}
			<-c.eof
			err := c.cmd.Wait()
			if timer != nil {
				timer.Stop()
			}
			var ee *exec.ExitError
			switch {
			case err == nil:
				finished = c.done
				if !finished {
					t.Fatalf("child exited without finishing; stderr:\n%s", c.stderr.String())
				}
			case errors.As(err, &ee) && !ee.Exited():
				kills++
			default:
				t.Fatalf("child failed: %v; stderr:\n%s", err, c.stderr.String())
			}
			c.mu.Lock()
			acks := c.acks
			c.mu.Unlock()
			checkAfterKill(t, path, s, acks, finished)
		}
	}
	t.Logf("%d kills over %d child runs", kills, starts)
}

// checkAfterKill opens the journal the child left and checks it against
// the script.
func checkAfterKill(t *testing.T, path string, s *script, acks []int, finished bool) {
	t.Helper()
	ctx := context.Background()
	j, err := Open(ctx, path, nil)
	if err != nil {
		t.Fatalf("Open after a kill: %v", err)
	}
	defer j.Close()
	games, err := j.Games(ctx)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	var lines []string
	if len(games) > 1 {
		t.Fatalf("%d games in the journal, want 1", len(games))
	}
	if len(games) == 1 {
		var buf bytes.Buffer
		if err := j.Log(ctx, games[0].ID, &buf); err != nil {
			t.Fatal(err)
		}
		lines = strings.Split(strings.TrimSpace(buf.String()), "\n")[1:]
		n = len(lines)
	}
	// (a) durability: what the child acknowledged is on disk.
	for _, a := range acks {
		if s.kept[a+1] > n {
			t.Fatalf("event %d %q was acknowledged but the journal holds only %d events", a, s.evs[a].String(), n)
		}
	}
	// (b) the journal is a prefix of the script.
	want := s.lines()
	if n > len(want) || !slices.Equal(lines, want[:n]) {
		t.Fatalf("journal %q is not a prefix of the script %q", lines, want)
	}
	if finished && (n != len(want) || !s.over) {
		t.Fatalf("finished with %d of %d events (game over %v)", n, len(want), s.over)
	}
	if n == 0 {
		return
	}
	// (c) it resumes to the state of an uninterrupted run.
	g := games[0]
	if over := n == len(want) && s.over; over {
		if g.Open() || g.Winner != s.states[n].Winner {
			t.Fatalf("game %+v after the last event, want ended, won by %s", g, s.states[n].Winner)
		}
	} else {
		tb, err := j.Resume(ctx)
		if err != nil {
			t.Fatalf("Resume after a kill at event %d: %v", n, err)
		}
		if diff := cmp.Diff(s.states[n], tb.State()); diff != "" {
			t.Fatalf("resumed after %d events (-want +got):\n%s", n, diff)
		}
	}
	rounds, err := j.Rounds(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	checkRounds(t, rounds, s.rounds[n])
}
