package table

import (
	"context"
	"image"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/unoref/unoref/cmd/unoref/internal/screen"
	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
	"github.com/unoref/unoref/drivers/oled/ssd1306test"
)

// waitFor waits until the table's snapshot satisfies ok (for timers that
// fire on the fake clock and are handled by Run's goroutine).
func (v *vtable) waitFor(t testing.TB, what string, ok func(Snapshot) bool) Snapshot {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for s := range v.Subscribe(ctx) {
		if ok(s) {
			return s
		}
	}
	t.Fatalf("waiting for %s: timed out; last %+v", what, v.Snapshot())
	return Snapshot{}
}

// checkOLED compares the simulated panel with the rendering of want.
func (v *vtable) checkOLED(t testing.TB, want screen.Screen) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := v.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	got := v.Sim().OLED.Image()
	exp := ssd1306test.Gray(screen.Render(want))
	if d := cmp.Diff(exp.Pix, got.Pix); d != "" {
		t.Errorf("OLED differs from %+v in %d pixels (%v)", want, diffPixels(got, exp), diffBounds(got, exp))
	}
}

func diffPixels(a, b *image.Gray) int {
	n := 0
	for i := range a.Pix {
		if a.Pix[i] != b.Pix[i] {
			n++
		}
	}
	return n
}

func diffBounds(a, b *image.Gray) image.Rectangle {
	var r image.Rectangle
	for y := range a.Rect.Dy() {
		for x := range a.Rect.Dx() {
			if a.GrayAt(x, y) != b.GrayAt(x, y) {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return r
}

// checkLine compares the transitions of a fake line with want, as offsets
// from t0.
func checkLine(t testing.TB, name string, o *gpiolinetest.Line, t0 time.Time, want ...time.Duration) {
	t.Helper()
	var got []time.Duration
	for _, c := range o.Transitions() {
		got = append(got, c.At.Sub(t0))
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("%s line changes (-want +got):\n%s", name, d)
	}
}

func seats(counts ...int) []screen.Seat {
	names := []string{"Ann", "Ben", "Cy"}
	s := make([]screen.Seat, len(counts))
	for i, n := range counts {
		s[i] = screen.Seat{Name: names[i], Count: n}
	}
	return s
}

func zeroScores(names ...string) []screen.Score {
	s := make([]screen.Score, len(names))
	for i, n := range names {
		s[i] = screen.Score{Name: n}
	}
	return s
}

func TestOutputs(t *testing.T) {
	v := startVirtual(t, t.TempDir(), Config{UnoGrace: -1})
	sim := v.Sim()
	v.checkOLED(t, screen.Screen{Phase: "setup", Prompt: "Start a new game on the page"})

	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben", "Cy"}, Rules: "official"})
	s := v.Snapshot()
	if s.Prompt != "Ann: tap a card to pick the dealer" {
		t.Errorf("prompt %q", s.Prompt)
	}
	// Dealer pick: Ann 7, Ben a Skip (0), Cy 7: a tie, Ann and Cy again.
	v.tap(t, "B7")
	v.tap(t, "GS")
	s = v.tap(t, "Y7")
	if s.Prompt != "Ann: tap a card to pick the dealer" || s.Last.Message != "Tie: Ann and Cy pick again" {
		t.Errorf("after a tie: prompt %q, message %q", s.Prompt, s.Last.Message)
	}
	v.tap(t, "R2")
	s = v.tap(t, "R5")
	if s.State.Dealer != "Cy" || s.Events != 3 {
		t.Fatalf("dealer %q, %d events; want Cy, 3", s.State.Dealer, s.Events)
	}

	t0 := v.clock.Now()
	s = v.tap(t, "G5")
	if s.State.Turn != "Ann" || !s.Last.OK {
		t.Fatalf("after the starter: %+v %+v", s.State, s.Last)
	}
	want := screen.Screen{Phase: "turn", Turn: "Ann", Direction: "cw", Color: "G", Top: "G5", Hands: seats(7, 7, 7),
		Scores: zeroScores("Ann", "Ben", "Cy"), Message: s.Last.Message, Prompt: "Ann: play a card or draw", Round: 1}
	v.checkOLED(t, want)
	if got := s.LEDs; !got["cw"] || got["ccw"] || !got["G"] || got["R"] || !got["legal"] || got["illegal"] || got["uno"] {
		t.Errorf("LEDs after the starter: %v", got)
	}
	if s.Buzzer != "legal" {
		t.Errorf("buzzer %q, want legal", s.Buzzer)
	}
	v.clock.Advance(time.Second)
	checkLine(t, "legal", sim.LEDs["legal"], t0, 0, 600*time.Millisecond)
	checkLine(t, "buzzer", sim.Buzzer, t0, 0, 50*time.Millisecond)
	checkLine(t, "G", sim.LEDs["G"], t0, 0)

	// A refusal: red, two buzzes, the full-screen reason until the next
	// event, however long a child takes to read it.
	t1 := v.clock.Now()
	s = v.tap(t, "R2")
	if s.Last.OK || s.Last.Code != "illegal-card" || s.Last.Event != "play R2" {
		t.Fatalf("R2 on G5: %+v", s.Last)
	}
	if !s.LEDs["illegal"] || s.Buzzer != "illegal" {
		t.Errorf("after R2: LEDs %v, buzzer %q", s.LEDs, s.Buzzer)
	}
	alert := want
	alert.Alert, alert.Message = screen.AlertIllegal, s.Last.Message
	v.checkOLED(t, alert)
	if n := screen.NumPages(alert); n != 2 {
		t.Fatalf("the refusal takes %d pages, want 2", n)
	}
	// Each page stays 3 s, then the next, round again.
	v.clock.Advance(3 * time.Second)
	alert.Page = 1
	v.waitFor(t, "the second page", func(s Snapshot) bool { return s.Buzzer == "" && s.OLEDPage == 1 })
	v.checkOLED(t, alert)
	v.clock.Advance(3 * time.Second)
	alert.Page = 0
	v.waitFor(t, "the first page again", func(s Snapshot) bool { return s.OLEDPage == 0 })
	v.checkOLED(t, alert)
	v.clock.Advance(time.Minute)
	checkLine(t, "illegal", sim.LEDs["illegal"], t1, 0, 600*time.Millisecond)
	checkLine(t, "buzzer", sim.Buzzer, t0, 0, 50*time.Millisecond, // the chirp before
		time.Second, time.Second+400*time.Millisecond, time.Second+550*time.Millisecond, time.Second+950*time.Millisecond)
	if s := v.Snapshot(); s.Last.Code != "illegal-card" {
		t.Errorf("a minute later: %+v, want the refusal still shown", s.Last)
	}

	// Wild: the colour phase prompts, the colour button names it.
	s = v.tap(t, "W")
	if s.State.Phase != "color" || s.Prompt != "Ann: pick a colour" {
		t.Fatalf("after W: %+v, prompt %q", s.State, s.Prompt)
	}
	v.checkOLED(t, screen.Screen{Phase: "color", Turn: "Ann", Direction: "cw", Color: "G", Top: "W", Hands: seats(6, 7, 7),
		Scores: zeroScores("Ann", "Ben", "Cy"), Message: s.Last.Message, Prompt: "Ann: pick a colour", Round: 1})
	s = v.press(t, "B")
	if s.State.Color != "B" || s.State.Turn != "Ben" || !s.LEDs["B"] || s.LEDs["G"] {
		t.Errorf("after W and blue: %+v LEDs %v", s.State, s.LEDs)
	}
	// A Draw Two; Cy draws on the draw pad: two taps make one draw line.
	v.tap(t, "B+2")
	v.do(t, Action{Kind: "tap", Pad: "draw", Card: "Y3"})
	s = v.Snapshot()
	if s.State.Phase != "penalty" || s.Events != 7 {
		t.Errorf("after one drawn card: %+v, %d events", s.State, s.Events)
	}
	v.do(t, Action{Kind: "tap", Pad: "draw", Card: "G1"})
	s = v.Snapshot()
	if got := s.Log[len(s.Log)-1]; !strings.HasSuffix(got, " draw Y3 G1") {
		t.Errorf("last line %q, want a draw of Y3 G1", got)
	}
	if s.State.Turn != "Ann" || s.State.Hands["Cy"] != 9 {
		t.Errorf("after the penalty: %+v", s.State)
	}
	// Reverse: the direction LEDs follow.
	s = v.tap(t, "BR")
	if s.State.Direction != "ccw" || !s.LEDs["ccw"] || s.LEDs["cw"] {
		t.Errorf("after a reverse: %+v LEDs %v", s.State, s.LEDs)
	}
}

func TestTagProblems(t *testing.T) {
	v := startVirtual(t, t.TempDir(), Config{UnoGrace: -1})
	s := v.tap(t, "R7")
	if s.Last.Code != CodeNoGame {
		t.Errorf("tap before a game: %+v", s.Last)
	}
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben"}})
	v.press(t, "pass")
	v.tap(t, "G5")
	v.clock.Advance(2 * time.Second)
	v.Sim().LEDs["illegal"].Reset()
	tests := []struct {
		card, code, msg string
	}{
		{"garbage", CodeUnknownTag, ""},
		{"R1,G7", CodeTwoCards, "Two cards at once: tap one card at a time"},
		{"tag:04112233445566", CodeUnknownTag, ""}, // an NTAG213 as delivered: blank
		{"tag:0A0B0C0D", CodeUnknownTag, "Unknown tag: this is not a card"},
	}
	for _, tt := range tests {
		t.Run(tt.card, func(t *testing.T) {
			t0 := v.clock.Now()
			s := v.tap(t, tt.card)
			if s.Last.OK || s.Last.Code != tt.code || (tt.msg != "" && s.Last.Message != tt.msg) {
				t.Errorf("tap %s: %+v, want code %s %q", tt.card, s.Last, tt.code, tt.msg)
			}
			if s.Events != 4 || s.State.Top != "G5" {
				t.Errorf("tap %s changed the game: %d events, top %s", tt.card, s.Events, s.State.Top)
			}
			if !s.LEDs["illegal"] || s.Buzzer != "illegal" {
				t.Errorf("tap %s: LEDs %v buzzer %q", tt.card, s.LEDs, s.Buzzer)
			}
			v.clock.Advance(2 * time.Second)
			checkLine(t, "illegal", v.Sim().LEDs["illegal"], t0, 0, 600*time.Millisecond)
			v.Sim().LEDs["illegal"].Reset()
		})
	}
	// Still one card at a time afterwards.
	if s := v.tap(t, "G7"); !s.Last.OK {
		t.Errorf("G7 after the problems: %+v", s.Last)
	}
}

func TestReaderLost(t *testing.T) {
	v := startVirtual(t, t.TempDir(), Config{UnoGrace: -1})
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben"}})
	if s := v.Snapshot(); s.Reader != "sim" {
		t.Errorf("reader %q", s.Reader)
	}
	v.Sim().Play.Unplug()
	s := v.waitFor(t, "the reader to be lost", func(s Snapshot) bool { return s.Reader == "lost" })
	if s.Last.OK || s.Last.Message != "The play pad's reader does not answer" {
		t.Errorf("reader lost: %+v", s.Last)
	}
	v.Sim().Play.Plug()
	v.waitFor(t, "the reader to be back", func(s Snapshot) bool { return s.Reader == "sim" })
	v.press(t, "pass")
	if s := v.tap(t, "Y1"); !s.Last.OK || s.State.Top != "Y1" {
		t.Errorf("tap after the reader came back: %+v", s.Last)
	}
	if s := v.Snapshot(); !s.LEDs["seat1"] || s.LEDs["seat0"] {
		t.Errorf("seat LEDs %v, want Ben's", s.LEDs)
	}
}
