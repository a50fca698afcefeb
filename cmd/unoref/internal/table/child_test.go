package table

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/cmd/unoref/internal/screen"
	"github.com/unoref/unoref/lang"
)

// oled is the screen the table last showed.
func (v *vtable) oled() screen.Screen {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.lastImg
}

// toCountup plays Ann and Ben to the end of round 1: Ben goes out, Ann
// holds one card.
func toCountup(t *testing.T, v *vtable) Snapshot {
	t.Helper()
	toUNO(t, v, "official")
	v.press(t, "uno") // Ben calls
	v.tap(t, "G4")
	v.press(t, "uno") // Ann calls
	s := v.tap(t, "G6")
	if s.State.Phase != "countup" {
		t.Fatalf("after Ben's last card: %+v %+v", s.State, s.Last)
	}
	return s
}

// TestRoundScores: after the count-up the OLED pages through the round's
// points, the totals and the sentence that says who scored, and names the
// next round; the next round's starter ends it.
func TestRoundScores(t *testing.T) {
	v := startVirtual(t, t.TempDir(), Config{UnoGrace: -1})
	if sc := v.oled(); sc.Round != 0 || len(sc.Hands) != 0 {
		t.Errorf("before any game the screen shows round %d, seats %v; want none", sc.Round, sc.Hands)
	}
	toCountup(t, v)
	s := v.tap(t, "R9") // Ann's last card: 9 points to Ben
	if s.State.Phase != "setup" || s.State.Scores["Ben"] != 9 {
		t.Fatalf("after the count-up: %+v %+v", s.State, s.Last)
	}
	if d := cmp.Diff(map[string]int{"Ann": 0, "Ben": 9}, s.RoundPoints); d != "" {
		t.Errorf("RoundPoints (-want +got):\n%s", d)
	}
	sc := v.oled()
	if sc.Counted != 1 || sc.Round != 2 {
		t.Errorf("screen: counted round %d, round %d; want 1 and 2", sc.Counted, sc.Round)
	}
	pages := screen.Pages(sc)
	want := [][]string{{"Ann +0", "Ben +9"}, {"Ann 0", "Ben 9"}}
	if len(pages) < 3 || !cmp.Equal(pages[:2], want) {
		t.Fatalf("Pages = %q, want %q then the message", pages, want)
	}
	// A page that goes on ends with →: the words read across it.
	if text := strings.ReplaceAll(strings.Join(slices.Concat(pages[2:]...), " "), "→ ", " "); !strings.Contains(text, "Ben scores 9") {
		t.Errorf("message pages %q, want Ben's score in words", text)
	}
	v.checkOLED(t, sc)
	for i := 1; i < len(pages); i++ {
		v.clock.Advance(3 * time.Second)
		v.waitFor(t, "the next page", func(s Snapshot) bool { return s.OLEDPage == i })
		sc.Page = i
		v.checkOLED(t, sc)
	}
	s = v.tap(t, "G5")
	if sc := v.oled(); s.RoundPoints != nil || sc.Counted != 0 || sc.Round != 2 {
		t.Errorf("round 2 under way: RoundPoints %v, counted %d, round %d", s.RoundPoints, sc.Counted, sc.Round)
	}
}

// TestBadNews: a Wild Draw Four turned up as the starter goes back. That
// is bad news, not a legal play: its own alert, the red LED and the amber
// one, the penalty sound; never the green flash or the chirp.
func TestBadNews(t *testing.T) {
	v := startVirtual(t, t.TempDir(), Config{UnoGrace: -1})
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "official"})
	v.press(t, "pass")
	v.clock.Advance(time.Second)
	t0 := v.clock.Now()
	s := v.tap(t, "W+4")
	if !s.Last.Bad || s.Buzzer != "penalty" || !s.LEDs["illegal"] || s.LEDs["legal"] || !s.LEDs["uno"] {
		t.Errorf("W+4 starter: %+v, buzzer %q, LEDs %v; want bad news", s.Last, s.Buzzer, s.LEDs)
	}
	if sc := v.oled(); sc.Alert != screen.AlertBad || sc.Message != s.Last.Message || sc.Round != 1 {
		t.Errorf("screen alert %v %q round %d, want bad news saying %q in round 1", sc.Alert, sc.Message, sc.Round, s.Last.Message)
	}
	v.clock.Advance(2 * time.Second)
	// The line changes at the start of every step, and ends silent.
	var want []time.Duration
	var at time.Duration
	for _, d := range Penalty {
		want = append(want, at)
		at += d
	}
	want = append(want, at)
	checkLine(t, "buzzer", v.Sim().Buzzer, t0, want...)
	if v.oled().Alert != screen.AlertBad {
		t.Errorf("bad news gone before the next event")
	}
	s = v.tap(t, "G5")
	if !s.Last.OK || s.Last.Bad || s.Buzzer != "legal" || v.oled().Alert != 0 {
		t.Errorf("G5 after: %+v buzzer %q alert %v", s.Last, s.Buzzer, v.oled().Alert)
	}
}

// TestMistakePenalty: a wrong card under mistake-penalty costs cards: bad
// news, not a plain refusal.
func TestMistakePenalty(t *testing.T) {
	v := startVirtual(t, t.TempDir(), Config{UnoGrace: -1})
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "official mistake-penalty=2"})
	v.press(t, "pass")
	v.tap(t, "G5")
	s := v.tap(t, "R2")
	if s.Last.OK || !s.Last.Bad || s.Buzzer != "penalty" || s.State.Hands["Ben"] != 9 {
		t.Errorf("R2 on G5 with a penalty: %+v, buzzer %q, hands %v", s.Last, s.Buzzer, s.State.Hands)
	}
	if sc := v.oled(); sc.Alert != screen.AlertBad {
		t.Errorf("screen alert %v, want bad news", sc.Alert)
	}
}

// TestRefusalHold: display.refusal_hold set by a parent ends the refusal
// after that time; 0 (TestOutputs) keeps it until the next event.
func TestRefusalHold(t *testing.T) {
	v := startVirtual(t, t.TempDir(), Config{UnoGrace: -1, RefusalHold: 5 * time.Second})
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "official"})
	v.press(t, "pass")
	v.tap(t, "G5")
	v.tap(t, "R2")
	if v.oled().Alert != screen.AlertIllegal {
		t.Fatalf("no refusal shown")
	}
	v.clock.Advance(4 * time.Second)
	if v.oled().Alert != screen.AlertIllegal {
		t.Errorf("refusal gone before 5 s")
	}
	v.clock.Advance(time.Second)
	v.waitFor(t, "the refusal to end", func(Snapshot) bool { return v.oled().Alert == 0 })
}

// TestUndoSaysWhatToDo: after undo the table says in words what to do with
// the cards, calling the player by the display name.
func TestUndoSaysWhatToDo(t *testing.T) {
	v := startVirtual(t, t.TempDir(), Config{UnoGrace: -1})
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "official"})
	v.press(t, "pass")
	v.tap(t, "G5")
	v.do(t, Action{Kind: "rename", Name: "Ben", NewName: "Mum"})
	v.tap(t, "Y5")
	tests := []struct {
		name string
		do   func()
		want string
	}{
		{"play", func() { v.tap(t, "Y8") }, "Ann, take your Yellow 8 back"},
		{"draw", func() { v.press(t, "draw") }, "Ann, put 1 card back on the draw pile"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.do()
			v.do(t, Action{Kind: "undo"})
			if got := v.Snapshot().Last.Message; got != tt.want {
				t.Errorf("after undoing the %s: %q, want %q", tt.name, got, tt.want)
			}
		})
	}
	v.do(t, Action{Kind: "undo"}) // Mum's Y5
	if got, want := v.Snapshot().Last.Message, "Mum, take your Yellow 5 back"; got != want {
		t.Errorf("after undoing Mum's play: %q, want %q", got, want)
	}
}

// TestTableLanguage: with Config.Lang the table says everything in the
// family's language; the snapshot carries each sentence as keys too, for
// a phone in another language.
func TestTableLanguage(t *testing.T) {
	v := startVirtual(t, t.TempDir(), Config{UnoGrace: -1, Lang: lang.Russian})
	if s := v.Snapshot(); s.Lang != "ru" || s.Prompt != "Начните новую игру на странице" {
		t.Errorf("before a game: lang %q, prompt %q", s.Lang, s.Prompt)
	}
	err := v.Do(context.Background(), Action{Kind: "newgame", Players: []string{"Аня"}})
	var aerr *ActionError
	if !errors.As(err, &aerr) || err.Error() != "Назовите хотя бы двух игроков." || aerr.Msg[0].Key != "action.players" {
		t.Errorf("one player: %v, want a refusal in Russian with its key", err)
	}
	v.do(t, Action{Kind: "newgame", Players: []string{"Аня", "Бен"}, Rules: "official"})
	v.tap(t, "R3")
	s := v.tap(t, "B9")
	if s.State.Dealer != "Бен" || s.Prompt != "Сдаёт Бен, всем по 7 карт: открой первую карту" {
		t.Errorf("after the pick: dealer %q, prompt %q", s.State.Dealer, s.Prompt)
	}
	v.tap(t, "G5")
	s = v.tap(t, "R2")
	want := "Красная двойка не кладётся на зелёную пятёрку: положите зелёную карту, любую пятёрку или дикую карту"
	if s.Last.Message != want {
		t.Errorf("refusal %q, want %q", s.Last.Message, want)
	}
	if got := lang.English.Sentence(s.Last.Msg); got != "Red 2 can't go on Green 5: play a green card, a 5 or a wild" {
		t.Errorf("the same verdict in English: %q", got)
	}
	if s.PromptMsg.Key != "prompt.turn" || s.Prompt != "Аня: сыграй карту или возьми из колоды" {
		t.Errorf("prompt %q (%s)", s.Prompt, s.PromptMsg.Key)
	}
	v.checkOLED(t, screen.Screen{Alert: screen.AlertIllegal, Message: want, Lang: lang.Russian})
	v.do(t, Action{Kind: "undo"})
	if got, want := v.Snapshot().Last.Message, "Верните зелёную пятёрку в колоду"; got != want {
		t.Errorf("after undoing the starter: %q, want %q", got, want)
	}
}
