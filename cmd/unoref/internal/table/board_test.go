package table

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/hardware"
	"github.com/unoref/unoref/hardware/board"
	"github.com/unoref/unoref/hardware/board/boardtest"
	"github.com/unoref/unoref/lang"
)

// boardTable is the daemon's table on a board opened by hardware/board
// from a pin map, on the simulators: what runs on a Pi, minus the Pi.
type boardTable struct {
	*Table
	sim  *boardtest.Sim
	pm   *hardware.PinMap
	uid  byte
	stop func() error
}

// startBoard opens pm's devices on the simulated parts fit and runs the
// table on them until the test ends.
func startBoard(t *testing.T, pm *hardware.PinMap, fit *boardtest.Opts) *boardTable {
	t.Helper()
	return startBoardWith(t, pm, fit, Config{UnoGrace: -1})
}

// startBoardWith is startBoard with the table's configuration cfg.
func startBoardWith(t *testing.T, pm *hardware.PinMap, fit *boardtest.Opts, cfg Config) *boardTable {
	t.Helper()
	sim := boardtest.New(fit)
	b, err := board.Open(pm, sim.Host())
	if err != nil {
		t.Fatalf("board.Open() = %v", err)
	}
	j, err := OpenJournal(context.Background(), filepath.Join(t.TempDir(), "journal.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	tb, err := New(context.Background(), FromBoard(b), j, cfg)
	if err != nil {
		b.Halt()
		t.Fatal(err)
	}
	_, stop := runTable(t, tb)
	t.Cleanup(sim.Close) // before the loop stops: cleanups run last first
	return &boardTable{Table: tb, sim: sim, pm: pm, stop: stop}
}

// await waits for a snapshot that ok accepts. The deadline only guards
// against a hang; nothing is timed.
func (bt *boardTable) await(t testing.TB, what string, ok func(Snapshot) bool) Snapshot {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if s := bt.Snapshot(); ok(s) {
		return s
	}
	for s := range bt.Subscribe(ctx) {
		if ok(s) {
			return s
		}
	}
	t.Fatalf("no snapshot with %s; last %+v", what, bt.Snapshot().Last)
	return Snapshot{}
}

// tap lays a sticker carrying code on the play pad, lets the reader poll
// until the table has ruled, and lifts it again.
func (bt *boardTable) tap(t testing.TB, code string) Snapshot {
	t.Helper()
	c, err := cards.Parse(code)
	if err != nil {
		t.Fatal(err)
	}
	bt.uid++
	tag := boardtest.Sticker([]byte{0x04, 0x42, 0x4F, 0x41, 0x52, 0x44, bt.uid}, c)
	before := bt.Snapshot()
	bt.sim.Play.Place(tag)
	bt.sim.Poll("/dev/spidev0.0", 1)
	s := bt.await(t, "a ruling on "+code, func(s Snapshot) bool { return !cmp.Equal(s.Last, before.Last) || len(s.Log) != len(before.Log) })
	bt.sim.Play.Remove(tag)
	bt.sim.Poll("/dev/spidev0.0", 2)
	return s
}

func TestMinimalBuildReferees(t *testing.T) {
	bt := startBoard(t, hardware.Default(), nil)
	ctx := context.Background()
	if err := bt.Do(ctx, Action{Kind: "newgame", Players: []string{"Ann", "Ben", "Cy"}, Rules: "official"}); err != nil {
		t.Fatal(err)
	}
	s := playOpening(t, bt)
	// The refusal reached the real outputs: the red LED's line and the
	// buzzer's line went high, and the OLED was drawn.
	if got := bt.sim.Out(int(bt.pm.LEDs.Illegal)).Value(); got != 1 {
		t.Errorf("LED illegal line = %d after a refusal, want 1", got)
	}
	if got := bt.sim.Out(int(bt.pm.Buzzer.Pin)).Transitions(); len(got) == 0 {
		t.Errorf("buzzer line never switched after a refusal")
	}
	if bt.sim.OLED.Stats().Tx == 0 {
		t.Errorf("the OLED was never drawn")
	}
	// A button on its GPIO line: DRAW is Ann's draw.
	logLen := len(s.Log)
	if err := bt.sim.Press(ctx, int(bt.pm.Buttons.Draw)); err != nil {
		t.Fatal(err)
	}
	s = bt.await(t, "the draw journaled", func(s Snapshot) bool { return len(s.Log) > logLen })
	if len(s.Parts) != 0 {
		t.Errorf("Parts = %v on the minimal build, want none (no optional part switched on)", s.Parts)
	}
}

func TestMinimalBuildOptionalParts(t *testing.T) {
	all := boardtest.Opts{Draw: true, Pads: []uint16{0x20, 0x21}}
	tests := []struct {
		name string
		fit  boardtest.Opts
		want map[string]board.State
	}{
		{"fitted", all, map[string]board.State{
			board.PartDrawReader: board.Found, "seat pads 1–8 (MCP23017 0x20)": board.Found, "seat pads 9–10 (MCP23017 0x21)": board.Found}},
		{"switched on, not fitted", boardtest.Opts{}, map[string]board.State{
			board.PartDrawReader: board.Absent, "seat pads 1–8 (MCP23017 0x20)": board.Absent, "seat pads 9–10 (MCP23017 0x21)": board.Absent}},
		{"one expander of two", boardtest.Opts{Draw: true, Pads: []uint16{0x20}}, map[string]board.State{
			board.PartDrawReader: board.Found, "seat pads 1–8 (MCP23017 0x20)": board.Found, "seat pads 9–10 (MCP23017 0x21)": board.Absent}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bt := startBoard(t, hardware.Full(), &tt.fit)
			s := bt.Snapshot()
			got := map[string]board.State{}
			for _, p := range s.Parts {
				got[p.Name] = p.State
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("Snapshot().Parts (-want +got):\n%s", d)
			}
			// Shown at start: a clause per part, in the table's language.
			var keys []string
			for _, p := range s.Parts {
				if len(keys) > 0 {
					keys = append(keys, "table.parts.and")
				}
				kind := "draw"
				if p.Name != board.PartDrawReader {
					kind = "seats"
				}
				keys = append(keys, "table.part."+kind+"."+p.State.String())
			}
			if d := cmp.Diff(append([]string{"table.parts"}, keys...), s.Last.Msg.Keys()); d != "" {
				t.Errorf("shown at start (-want +got):\n%s", d)
			}
			if tt.name == "one expander of two" {
				want := "Optional parts: the draw pad's reader is there; the seat pads 1–8 (MCP23017 0x20) are there; the seat pads 9–10 (MCP23017 0x21) are not fitted"
				if s.Last.Message != want {
					t.Errorf("shown at start: %q, want %q", s.Last.Message, want)
				}
				want = "Дополнительные части: считыватель поля для взятия карт на месте; кнопки мест 1–8 (MCP23017 0x20) на месте; кнопки мест 9–10 (MCP23017 0x21) не установлены"
				if got := lang.Russian.Sentence(s.Last.Msg); got != want {
					t.Errorf("in Russian: %q, want %q", got, want)
				}
			}
			// It referees all the same.
			if err := bt.Do(context.Background(), Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "official"}); err != nil {
				t.Fatal(err)
			}
			bt.tap(t, "B9")
			bt.tap(t, "R3")
			if s := bt.Snapshot(); s.State.Dealer != "Ann" {
				t.Errorf("dealer %q, want Ann", s.State.Dealer)
			}
		})
	}
}

func TestMinimalBuildOptionalPartVanishes(t *testing.T) {
	bt := startBoard(t, hardware.Full(), &boardtest.Opts{Draw: true, Pads: []uint16{0x20, 0x21}})
	bt.sim.Draw.Unplug()
	bt.sim.Poll("/dev/spidev0.1", 1)
	s := bt.await(t, "the draw reader vanished", func(s Snapshot) bool { return len(s.Parts.Problems()) > 0 })
	if p := s.Parts.Problems(); len(p) != 1 || p[0].Name != board.PartDrawReader || p[0].State != board.Vanished {
		t.Errorf("Problems() = %v, want the draw-pad reader vanished", p)
	}
	bt.sim.Draw.Plug()
	bt.sim.Poll("/dev/spidev0.1", 1)
	bt.await(t, "the draw reader back", func(s Snapshot) bool { return len(s.Parts.Problems()) == 0 })
}

func TestMinimalBuildOptionalSeatPadsVanish(t *testing.T) {
	bt := startBoard(t, hardware.Full(), &boardtest.Opts{Pads: []uint16{0x20, 0x21}})
	bt.sim.AwaitPads() // the pads answered at first
	bt.sim.Pads.Chip(0x21).Err = errors.New("mcp23017test: unplugged")
	bt.sim.PollPads(1) // the next poll of the pads
	s := bt.await(t, "the seat pads vanished", func(s Snapshot) bool { return len(s.Parts.Problems()) > 0 })
	var lost []string
	for _, p := range s.Parts.Problems() {
		lost = append(lost, p.Name)
	}
	want := []string{"seat pads 1–8 (MCP23017 0x20)", "seat pads 9–10 (MCP23017 0x21)"}
	if d := cmp.Diff(want, lost); d != "" {
		t.Errorf("vanished parts (-want +got):\n%s", d)
	}
	if s.Last.Message != "The seat pads do not answer" {
		t.Errorf("shown: %q, want the seat pads' loss", s.Last.Message)
	}
}

// TestDeadOutputs: an output whose line dies, or an OLED that stops
// acknowledging, is logged and marked vanished in the parts, and the table
// goes on refereeing without it; what does not halt at the end is logged.
func TestDeadOutputs(t *testing.T) {
	pm := hardware.Default()
	tests := []struct {
		part   string
		break_ func(*boardtest.Sim)
	}{
		{board.PartLEDs, func(s *boardtest.Sim) { s.Cut(int(pm.LEDs.Legal)) }},
		{board.PartBuzzer, func(s *boardtest.Sim) { s.Cut(int(pm.Buzzer.Pin)) }},
		{board.PartOLED, func(s *boardtest.Sim) { s.OLED.Unplug() }},
	}
	for _, tt := range tests {
		t.Run(tt.part, func(t *testing.T) {
			var logged bytes.Buffer
			bt := startBoardWith(t, pm, nil, Config{UnoGrace: -1, Log: slog.New(slog.NewTextHandler(&logged, nil))})
			if err := bt.Do(context.Background(), Action{Kind: KindNewGame, Players: []string{"Ann", "Ben"}, Rules: "official"}); err != nil {
				t.Fatal(err)
			}
			if err := bt.Do(context.Background(), Action{Kind: KindPress, Button: "pass"}); err != nil { // Ann deals
				t.Fatal(err)
			}
			if err := bt.Sync(context.Background()); err != nil {
				t.Fatal(err)
			}
			tt.break_(bt.sim)
			// The OLED's draw fails on its own goroutine: the next screen
			// shown after it learns of it.
			bt.tap(t, "G5")
			bt.Sync(context.Background())
			s := bt.tap(t, "G7")
			if !s.Last.OK || s.State.Top != "G7" {
				t.Fatalf("the table stopped refereeing: %+v", s.Last)
			}
			var lost []string
			for _, p := range s.Parts.Problems() {
				lost = append(lost, p.Name)
			}
			if d := cmp.Diff([]string{tt.part}, lost); d != "" {
				t.Errorf("vanished parts (-want +got):\n%s", d)
			}
			if want := `msg="part vanished" part=` + tt.part; !strings.Contains(logged.String(), want) {
				t.Errorf("log lacks %q:\n%s", want, logged.String())
			}
			if err := bt.stop(); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(logged.String(), "msg=halt") {
				t.Errorf("log lacks what did not halt:\n%s", logged.String())
			}
		})
	}
}
