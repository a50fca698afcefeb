package replay

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/tablelog"
)

// fields are the keys of a record, in the order RULES.md "The table log" prints them.
var fields = []string{"line", "ok", "error", "message", "phase", "turn", "direction", "top", "color", "pending", "hands", "scores", "round", "winner"}

// countEvents counts the lines of log that are events or should be: not
// blank, not only a comment (RULES.md "The table log"), however long.
func countEvents(log string) int {
	n := 0
	for _, l := range strings.Split(log, "\n") {
		if i := strings.IndexByte(l, '#'); i >= 0 {
			l = l[:i]
		}
		if len(strings.Fields(l)) > 0 {
			n++
		}
	}
	return n
}

// replayAll replays log through a fresh referee and returns its records and
// the JSON lines JSONWriter printed for them.
func replayAll(t testing.TB, log string) ([]Record, []string) {
	t.Helper()
	var recs []Record
	var out bytes.Buffer
	w := NewJSONWriter(&out)
	n, err := Replay(context.Background(), strings.NewReader(log), referee.New(), func(r *Record) error {
		recs = append(recs, *r)
		return w.Write(r)
	})
	if err != nil {
		t.Fatalf("Replay = %v", err)
	}
	if n != len(recs) {
		t.Fatalf("Replay = %d records, emitted %d", n, len(recs))
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(recs) == 0 {
		lines = nil
	}
	return recs, lines
}

// checkRecords checks what holds for any log: one record per event line,
// line numbers increasing, every record a JSON object with exactly the
// fields of RULES.md "The table log" in order, refusals with a code.
func checkRecords(t testing.TB, log string, recs []Record, lines []string) {
	t.Helper()
	if got, want := len(recs), countEvents(log); got != want {
		t.Fatalf("got %d records, want %d (one per event line)", got, want)
	}
	if len(lines) != len(recs) {
		t.Fatalf("got %d JSON lines for %d records", len(lines), len(recs))
	}
	last := 0
	for i, r := range recs {
		if r.Line <= last {
			t.Fatalf("record %d has line %d after line %d", i, r.Line, last)
		}
		last = r.Line
		if r.OK == (r.Error != "") {
			t.Errorf("line %d: ok %v with error %q", r.Line, r.OK, r.Error)
		}
		if d := cmp.Diff(fields, jsonKeys(t, lines[i])); d != "" {
			t.Fatalf("line %d prints keys (-want +got):\n%s", r.Line, d)
		}
		if strings.Contains(lines[i], "null") {
			t.Errorf("line %d prints null: %s", r.Line, lines[i])
		}
	}
}

// jsonKeys is the top-level keys of one JSON object, in order.
func jsonKeys(t testing.TB, line string) []string {
	t.Helper()
	d := json.NewDecoder(strings.NewReader(line))
	var keys []string
	if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("%s: not a JSON object: %v %v", line, tok, err)
	}
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		keys = append(keys, tok.(string))
		var v json.RawMessage
		if err := d.Decode(&v); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
	}
	return keys
}

func TestStepRefusesBadLines(t *testing.T) {
	tests := []struct {
		line string
		code string
	}{
		{"jump R3", referee.ErrBadLine},
		{"PLAY R3", referee.ErrBadLine},
		{"play R33", referee.ErrBadCard},
		{"play Q7 as Ann", referee.ErrBadCard},
		{"draw R3 X9", referee.ErrBadCard},
		{"hand Ann R3 W+5", referee.ErrBadCard},
		{"start", referee.ErrBadLine},
		{"color purple", referee.ErrBadLine},
		{"players Ann", referee.ErrBadLine},
		{"points Ann lots", referee.ErrBadLine},
		{"1x2 play R3", referee.ErrBadLine},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			g := referee.New()
			before := g.State()
			recs, lines := replayAll(t, "# a log\n\n"+tt.line+"\n")
			if len(recs) != 1 {
				t.Fatalf("got %d records, want 1", len(recs))
			}
			r := recs[0]
			if r.OK || r.Error != tt.code || r.Line != 3 {
				t.Errorf("Step(%q) = ok %v, error %q, line %d, want refused with %q on line 3", tt.line, r.OK, r.Error, r.Line, tt.code)
			}
			if m := r.Message; m == "" || m[0] >= 'a' && m[0] <= 'z' || strings.HasSuffix(m, ".") {
				t.Errorf("Step(%q) message %q, want a capital and no full stop, like the referee's", tt.line, r.Message)
			}
			if d := cmp.Diff(before, r.State); d != "" {
				t.Errorf("Step(%q) state, want unchanged (-want +got):\n%s", tt.line, d)
			}
			if want := `{"line":3,"ok":false,"error":"` + tt.code + `"`; !strings.HasPrefix(lines[0], want) {
				t.Errorf("printed %s, want it to start with %s", lines[0], want)
			}
		})
	}
}

// seats is a stand-in engine for tests of the loop itself: it seats the
// players and accepts every event, so the records carry maps.
type seats struct {
	st     referee.State
	events []tablelog.Event
}

func (s *seats) Apply(ev tablelog.Event) referee.Verdict {
	s.events = append(s.events, ev)
	if ev.Kind == tablelog.Players {
		s.st.Players = ev.Names
		s.st.Hands, s.st.Scores = map[string]int{}, map[string]int{}
		for _, n := range ev.Names {
			s.st.Hands[n], s.st.Scores[n] = 7, 0
		}
	}
	return referee.Verdict{OK: true}.Saying(msg.Msg{Key: "pass", Args: msg.Args{Player: "Ann"}})
}

func (s *seats) State() referee.State { return s.st }

func TestReplayFeedsEveryEventInOrder(t *testing.T) {
	log := "players Zed Ann Bo # seats\n\n# comment only\nrules official\nbogus\n  start R3\r\nplay W:G as Ann\n"
	var s seats
	var got []int
	n, err := Replay(context.Background(), strings.NewReader(log), &s, func(r *Record) error {
		got = append(got, r.Line)
		return nil
	})
	if err != nil || n != 5 {
		t.Fatalf("Replay = %d, %v, want 5, nil", n, err)
	}
	if d := cmp.Diff([]int{1, 4, 5, 6, 7}, got); d != "" {
		t.Errorf("record lines (-want +got):\n%s", d)
	}
	var kinds []string
	for _, ev := range s.events {
		kinds = append(kinds, ev.Kind.String())
	}
	if d := cmp.Diff([]string{"players", "rules", "start", "play"}, kinds); d != "" {
		t.Errorf("engine saw, not the bad line (-want +got):\n%s", d)
	}
}

func TestReplayNilEmit(t *testing.T) {
	n, err := Replay(context.Background(), strings.NewReader("players A B\nx\n"), referee.New(), nil)
	if n != 2 || err != nil {
		t.Errorf("Replay = %d, %v, want 2, nil", n, err)
	}
}

func TestReplayStopsOnReadError(t *testing.T) {
	boom := errors.New("disk on fire")
	r := io.MultiReader(strings.NewReader("players Ann Ben\nrules official\n"), iotest.ErrReader(boom))
	n, err := Replay(context.Background(), r, referee.New(), nil)
	if !errors.Is(err, boom) || n != 2 {
		t.Errorf("Replay = %d, %v, want 2 records and %v", n, err, boom)
	}
}

func TestReplayStopsOnEmitError(t *testing.T) {
	full := errors.New("disk full")
	calls := 0
	_, err := Replay(context.Background(), strings.NewReader("players Ann Ben\nrules official\n"), referee.New(), func(*Record) error {
		calls++
		return full
	})
	if !errors.Is(err, full) || calls != 1 {
		t.Errorf("Replay = %v after %d calls, want %v after 1", err, calls, full)
	}
}

func TestReplayCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	n, err := Replay(ctx, strings.NewReader(strings.Repeat("pass\n", 1000)), referee.New(), nil)
	if !errors.Is(err, context.Canceled) || n != 0 {
		t.Errorf("Replay = %d, %v, want 0, %v", n, err, context.Canceled)
	}
}

func TestJSONMatchesEncodingJSON(t *testing.T) {
	recs := []Record{
		{Line: 1, State: referee.State{Phase: "setup", Direction: "cw", Hands: map[string]int{}, Scores: map[string]int{}}},
		{Line: 12, OK: true, Message: "Ann plays Red 7.", State: referee.State{
			Phase: "turn", Turn: "Ben", Direction: "ccw", Top: "W+4:G", Color: "G", Pending: 4,
			Hands:  map[string]int{"Cy": 3, "Ann": 0, "Ben": 11, "Émile": 2},
			Scores: map[string]int{"Cy": 100, "Ann": 0, "Ben": 20, "Émile": 0},
			Round:  2, Winner: "Ann", Players: []string{"Ann", "Ben", "Cy", "Émile"}}},
		{Line: 13, Error: "bad-card", Message: "\"<R33>\" is \\ not a card & \x01 \t \u2028 \xff.", State: referee.State{Hands: map[string]int{"b": -1, "a": 1 << 30}, Scores: map[string]int{"z": 0}}},
	}
	j := NewJSONWriter(io.Discard)
	for _, r := range recs {
		want, err := json.Marshal(&r)
		if err != nil {
			t.Fatal(err)
		}
		// Twice: the second time the writer reuses its sorted names.
		for i := 0; i < 2; i++ {
			if got := j.Append(nil, &r); string(got) != string(want) {
				t.Errorf("Append(line %d) = %s, want %s", r.Line, got, want)
			}
		}
		if got := AppendJSON(nil, &r); string(got) != string(want) {
			t.Errorf("AppendJSON(line %d) = %s, want %s", r.Line, got, want)
		}
	}
}

func TestJSONNilMapsPrintEmpty(t *testing.T) {
	got := string(AppendJSON(nil, &Record{Line: 1}))
	want := `{"line":1,"ok":false,"error":"","message":"","phase":"","turn":"","direction":"","top":"","color":"","pending":0,"hands":{},"scores":{},"round":0,"winner":""}`
	if got != want {
		t.Errorf("AppendJSON = %s, want %s", got, want)
	}
}

func TestJSONWriterSeesNewSeats(t *testing.T) {
	var b bytes.Buffer
	w := NewJSONWriter(&b)
	for _, hands := range []map[string]int{{"Ann": 1, "Ben": 2}, {"Ann": 1, "Cy": 2}, {"Ann": 1, "Cy": 2, "Bo": 0}} {
		if err := w.Write(&Record{State: referee.State{Hands: hands}}); err != nil {
			t.Fatal(err)
		}
	}
	for i, want := range []string{`"hands":{"Ann":1,"Ben":2}`, `"hands":{"Ann":1,"Cy":2}`, `"hands":{"Ann":1,"Bo":0,"Cy":2}`} {
		if line := strings.Split(b.String(), "\n")[i]; !strings.Contains(line, want) {
			t.Errorf("line %d = %s, want %s", i, line, want)
		}
	}
}

func TestNext(t *testing.T) {
	tests := []struct {
		st   referee.State
		want string
	}{
		{referee.State{Phase: "setup"}, "Waiting for the players."},
		{referee.State{Phase: "setup", Players: []string{"A", "B"}}, "Turn up a starter card."},
		{referee.State{Phase: "turn", Turn: "Ben", Top: "R7", Color: "R"}, "Ben's turn, match red or 7."},
		{referee.State{Phase: "turn", Turn: "Ben", Top: "GS", Color: "G"}, "Ben's turn, match green or Skip."},
		{referee.State{Phase: "turn", Turn: "Ben", Top: "W:B", Color: "B"}, "Ben's turn, match blue."},
		{referee.State{Phase: "turn", Turn: "Ben", Top: "Y+2", Color: "Y", Pending: 4}, "Ben's turn, 4 cards to draw."},
		{referee.State{Phase: "penalty", Turn: "Cy", Pending: 2}, "Cy must draw 2."},
		{referee.State{Phase: "drawn", Turn: "Cy"}, "Cy may play the card just drawn or pass."},
		{referee.State{Phase: "color", Turn: "Ann"}, "Ann names a colour."},
		{referee.State{Phase: "challenge", Turn: "Ben", Pending: 4}, "Ben may challenge or draw 4."},
		{referee.State{Phase: "heights", Color: "Y"}, "Everyone shows one yellow card, or none."},
		{referee.State{Phase: "swap", Turn: "Ann"}, "Ann picks a player to swap hands with."},
		{referee.State{Phase: "countup"}, "Count-up: show the cards left in every hand."},
		{referee.State{Phase: "over", Winner: "Cy"}, "Game over: Cy wins."},
	}
	for _, tt := range tests {
		if got := Next(&tt.st, lang.English); got != tt.want {
			t.Errorf("Next(%+v) = %q, want %q", tt.st, got, tt.want)
		}
	}
}

func TestText(t *testing.T) {
	st := referee.State{Phase: "turn", Turn: "Ben", Top: "R7", Color: "R", Players: []string{"Cy", "Ann", "Ben"}, Hands: map[string]int{"Ann": 6, "Ben": 7, "Cy": 7}}
	tests := []struct {
		r    Record
		want string
	}{
		{Record{Line: 12, OK: true, Message: "Ann plays Red 7", State: st},
			"Line 12: Ann plays Red 7. Ben's turn, match red or 7. Hands: Cy 7, Ann 6, Ben 7."},
		{Record{Line: 13, Error: "not-your-turn", Message: "It is Ben's turn, not Cy's.", State: st},
			"Line 13: Not allowed. It is Ben's turn, not Cy's. Hands: Cy 7, Ann 6, Ben 7."},
		{Record{Line: 14, OK: true, Message: "Ann plays Red 7 and Ben is next", State: st},
			"Line 14: Ann plays Red 7. Ben's turn, match red or 7. Hands: Cy 7, Ann 6, Ben 7."},
		{Record{Line: 15, OK: true, Message: "Ann draws 1 card: play it or pass.", State: referee.State{Phase: "drawn", Turn: "Ann", Hands: map[string]int{"Ann": 3}}},
			"Line 15: Ann draws 1 card: play it or pass. Hands: Ann 3."},
		{Record{Line: 17, OK: true, Message: "Ann draws 1 card: play it or pass", State: referee.State{Phase: "drawn", Turn: "Ann"},
			Verdict: referee.Verdict{OK: true, Effects: []referee.Effect{{Kind: referee.EffReshuffle, N: 40}, {Kind: referee.EffDraw, Player: "Ann", N: 1}}}},
			"Line 17: Ann draws 1 card: play it or pass. The pile is shuffled into a new draw pile."},
		{Record{Line: 16, OK: true, Message: "Ann has picked.", State: referee.State{Phase: "heights", Turn: "Ben", Color: "G"}},
			"Line 16: Ann has picked."},
		{Record{Line: 40, OK: true, Message: "Ann scores 35.", Event: tablelog.Event{Kind: tablelog.Hand}, State: referee.State{
			Phase: "over", Winner: "Ann", Players: []string{"Ann", "Ben"}, Hands: map[string]int{"Ann": 0, "Ben": 2}, Scores: map[string]int{"Ann": 535, "Ben": 0}}},
			"Line 40: Ann scores 35. Game over: Ann wins. Hands: Ann 0, Ben 2. Scores: Ann 535, Ben 0."},
	}
	for _, tt := range tests {
		if got := Text(&tt.r, lang.English); got != tt.want {
			t.Errorf("Text(line %d) = %q, want %q", tt.r.Line, got, tt.want)
		}
	}
}

// examples are the logs of examples/, the seeds of the fuzzer.
func examples(t testing.TB) map[string]string {
	t.Helper()
	files, err := filepath.Glob("../../examples/*.log")
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m[filepath.Base(f)] = string(b)
	}
	return m
}

func TestExamplesOneRecordPerLine(t *testing.T) {
	ex := examples(t)
	if len(ex) == 0 {
		t.Skip("no examples yet")
	}
	for name, log := range ex {
		t.Run(name, func(t *testing.T) {
			recs, lines := replayAll(t, log)
			checkRecords(t, log, recs, lines)
		})
	}
}

// FuzzReplay feeds arbitrary logs to the whole loop. The seeds are a few
// kilobytes long: run it with -fuzzminimizetime 3s or the fuzzer spends
// most of its time minimizing.
func FuzzReplay(f *testing.F) {
	for _, log := range examples(f) {
		f.Add(log)
	}
	f.Add("players Ann Ben\nrules official\nstart R3\nplay R5\n")
	f.Add("players Ann Ben Cy\nrules house-ru\nstart B4\nplay B4 as Ben\ndraw\npass\n")
	f.Fuzz(func(t *testing.T, log string) {
		if len(log) > 64<<10 {
			return
		}
		recs, lines := replayAll(t, log)
		checkRecords(t, log, recs, lines)
	})
}

// TestExamplesFitTheDeck checks that no example uses a card more often in
// a round than its deck holds: every starter, every accepted play and every
// card shown at the count-up is a different physical card. (A Wild Draw
// Four taken back after a house-ru challenge may count twice; the logs
// leave room for it.)
func TestExamplesFitTheDeck(t *testing.T) {
	for name, log := range examples(t) {
		t.Run(name, func(t *testing.T) {
			recs, _ := replayAll(t, log)
			deck := cards.Standard
			var used cards.Counts
			round, prev := -1, ""
			for _, r := range recs {
				if r.Event.Kind == tablelog.Rules && r.OK && r.Event.Preset == "cars" {
					deck = cards.Cars
				}
				if r.Round != round {
					round, used = r.Round, cards.Counts{}
				}
				switch {
				case !r.OK:
				case r.Event.Kind == tablelog.Start:
					used[r.Event.Card.Face()]++
				case r.Event.Kind == tablelog.Play:
					used[r.Event.Card.Face()]++
				case r.Event.Kind == tablelog.Hand && prev == referee.PhaseCountup:
					for _, c := range r.Event.Cards {
						used[c.Face()]++
					}
				}
				prev = r.Phase
				d, err := cards.Deck(deck)
				if err != nil {
					t.Fatal(err)
				}
				have := cards.Count(d)
				for c, n := range used {
					if n > have[c] {
						t.Fatalf("line %d: %s used %d times in round %d, the %s deck has %d", r.Line, c, n, round, deck, have[c])
					}
				}
			}
		})
	}
}
