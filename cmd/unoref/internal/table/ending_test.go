package table

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unoref/unoref/cmd/unoref/internal/screen"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/referee/tablelog"
)

// journalWon journals the first round of examples/official.log under
// target=100 up to its last count-up line, "hand Dee B6 R4", which makes
// Ben win the game with 132.
func journalWon(t *testing.T, dir string) {
	t.Helper()
	f, err := os.Open("../../../../examples/official.log")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ctx := context.Background()
	j, err := OpenJournal(ctx, filepath.Join(dir, "journal.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	g, err := j.NewGame(ctx, []string{"Ann", "Ben", "Cy", "Dee"}, "official target=100")
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "players") || strings.HasPrefix(line, "rules") {
			continue
		}
		if line == "hand Dee B6 R4" {
			return
		}
		ev, _, err := tablelog.Parse(line, 0)
		if err != nil {
			t.Fatal(err)
		}
		if v, err := g.Apply(ctx, ev); err != nil || !v.OK {
			t.Fatalf("%s: %+v, %v", line, v, err)
		}
	}
	t.Fatalf("no count-up line for Dee in the log: %+v", g.State())
}

// TestFinalStandings: when a game ends the OLED shows the final standings,
// titled by how it ended (won, or stopped with no winner), the players best
// first and the winner on top, in the table's language; they stay until a
// new game begins.
func TestFinalStandings(t *testing.T) {
	dir := t.TempDir()
	journalWon(t, dir)
	v := startVirtual(t, dir, Config{UnoGrace: -1, Lang: lang.Russian})
	won := screen.Screen{Phase: "over", Winner: "Ben", Round: 1, Lang: lang.Russian, End: screen.EndWon, Counted: 1,
		Scores: []screen.Score{{Name: "Ben", Points: 132, Round: 132}, {Name: "Ann"}, {Name: "Cy"}, {Name: "Dee"}}}
	v.tap(t, "B6")
	s := v.tap(t, "R4")
	if s.State.Phase != "over" {
		t.Fatalf("after Dee's count-up: %+v, want over", s.State)
	}
	won.Prompt, won.Message = s.Prompt, s.Last.Message
	v.checkOLED(t, won)
	if got := oledWords(v); !strings.Contains(got, "Конец игры") {
		t.Errorf("OLED says %q, want the Russian title of a won game", got)
	}

	// Ended on the page: the standings stay, with the table's message.
	v.do(t, Action{Kind: "end"})
	s = v.Snapshot()
	won.Prompt, won.Message, won.Counted, won.Scores[0].Round = s.Prompt, s.Last.Message, 0, 0
	v.checkOLED(t, won)

	// A game stopped with no winner: its totals as they stood, best first.
	v.do(t, Action{Kind: "newgame", Players: []string{"Аня", "Боря"}, Rules: "official"})
	if s := v.Snapshot(); s.State.Phase != "setup" {
		t.Fatalf("new game: %+v", s.State)
	}
	v.do(t, Action{Kind: "end"})
	s = v.Snapshot()
	v.checkOLED(t, screen.Screen{Phase: "over", Lang: lang.Russian, End: screen.EndAbandoned, Prompt: s.Prompt, Message: s.Last.Message,
		Scores: []screen.Score{{Name: "Аня"}, {Name: "Боря"}}})
	if got := oledWords(v); !strings.Contains(got, "Игра прервана") {
		t.Errorf("OLED says %q, want the Russian title of a stopped game", got)
	}
	// A new game clears them.
	v.do(t, Action{Kind: "newgame"})
	if got := oledWords(v); strings.Contains(got, "Игра прервана") {
		t.Errorf("a new game's OLED still says %q", got)
	}
}

// oledWords is what the OLED's screen says on all its pages: titles and
// text, as the table last built it.
func oledWords(v *vtable) string {
	v.mu.Lock()
	s := v.lastImg
	v.mu.Unlock()
	var out []string
	for i, pg := range screen.Pages(s) {
		s.Page = i
		out = append(append(out, screen.Title(s)), pg...)
	}
	return strings.Join(out, " ")
}

// TestFinishNow: "finish" stops the game and scores it as it stands: the
// player ahead wins, the round being played does not count, the journal
// says the game ended early and the OLED shows the final standings under
// that title. While nobody is ahead it is refused with who is level, and
// the game goes on.
func TestFinishNow(t *testing.T) {
	v := startVirtual(t, t.TempDir(), Config{UnoGrace: -1, Lang: lang.Russian})
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "official"})
	id := v.Snapshot().Game
	v.refused(t, Action{Kind: "finish"}, "Впереди никого нет: Ann и Ben идут наравне")
	if s := v.Snapshot(); s.Game != id || s.State.Phase != "setup" {
		t.Fatalf("after the refusal: game %d, %+v; want game %d going on", s.Game, s.State, id)
	}
	v.do(t, Action{Kind: "end"}) // abandoned: no winner
	toCountup(t, v)              // Ben goes out, Ann holds one card
	id = v.Snapshot().Game
	v.tap(t, "R9") // 9 points to Ben
	s := v.tap(t, "G5")
	if s.State.Round != 2 || s.State.Leader != "Ben" {
		t.Fatalf("round 2: %+v, want Ben ahead", s.State)
	}
	v.do(t, Action{Kind: "finish"})
	s = v.Snapshot()
	if s.Game != 0 || s.Last.Message != "Игра закончена досрочно, победитель — Ben" {
		t.Errorf("after finish: game %d, verdict %q", s.Game, s.Last.Message)
	}
	v.checkOLED(t, screen.Screen{Phase: "over", Lang: lang.Russian, End: screen.EndEarly, Winner: "Ben", Round: 2,
		Prompt: s.Prompt, Message: s.Last.Message, Scores: []screen.Score{{Name: "Ben", Points: 9}, {Name: "Ann"}}})
	if got := oledWords(v); !strings.Contains(got, "Закончили раньше") {
		t.Errorf("OLED says %q, want the title of a game ended early", got)
	}
	ctx := context.Background()
	gs, err := v.j().J.Games(ctx)
	if err != nil {
		t.Fatal(err)
	}
	g := gs[len(gs)-1]
	if g.ID != id || g.Winner != "Ben" || !g.Early || g.Open() || g.Rounds != 1 {
		t.Errorf("journal: %+v, want game %d ended early, won by Ben after 1 round", g, id)
	}
	v.refused(t, Action{Kind: "finish"}, "Сейчас никто не играет")
}
