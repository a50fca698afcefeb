package table

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/unoref/unoref/cmd/unoref/internal/virtual"
	"github.com/unoref/unoref/drivers/clock"
	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
	"github.com/unoref/unoref/drivers/mfrc522/mfrc522test"
	"github.com/unoref/unoref/drivers/oled/ssd1306test"
	"github.com/unoref/unoref/hardware/board"
)

// vtable is a virtual table running in a test, on a fake clock.
type vtable struct {
	*Table
	clock *gpiolinetest.FakeClock
	dir   string
	stop  func() error
	jr    *SQLJournal
	vb    *virtual.Rig
}

func (v *vtable) j() *SQLJournal { return v.jr }

// virtualOpts are what a test sets of a virtual table: its clock (nil: the
// system clock) and deck registry.
type virtualOpts struct {
	Clock    clock.Clock
	Resolver Resolver
}

// newVirtual builds the virtual table on j as the daemon does: the table
// on the virtual board (package virtual), played by its person.
func newVirtual(t testing.TB, j Journal, cfg Config, o virtualOpts) (*Table, *virtual.Rig) {
	t.Helper()
	vb, err := virtual.Open(&virtual.Opts{Clock: o.Clock})
	if err != nil {
		t.Fatal(err)
	}
	dev := FromBoard(vb.Board)
	dev.Person, dev.Resolver = vb.Person, o.Resolver
	cfg.Virtual = true
	tb, err := New(context.Background(), dev, j, cfg)
	if err != nil {
		vb.Halt()
		t.Fatal(err)
	}
	return tb, vb
}

func startVirtual(t testing.TB, dir string, cfg Config) *vtable {
	t.Helper()
	return startVirtualWith(t, dir, cfg, virtualOpts{})
}

// startVirtualWith runs a virtual table with opts (its clock a test
// clock) on the journal in dir, as a daemon (re)started on it does.
func startVirtualWith(t testing.TB, dir string, cfg Config, opts virtualOpts) *vtable {
	t.Helper()
	clock := gpiolinetest.NewClock(time.Time{})
	opts.Clock = clock
	j, err := OpenJournal(context.Background(), filepath.Join(dir, "journal.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	tb, vb := newVirtual(t, j, cfg, opts)
	_, stop := runTable(t, tb)
	return &vtable{Table: tb, clock: clock, dir: dir, stop: stop, jr: j, vb: vb}
}

// simParts are the virtual table's simulated parts a test reads or breaks.
type simParts struct {
	Play, Draw *mfrc522test.Sim
	OLED       *ssd1306test.Sim
	LEDs       map[string]*gpiolinetest.Line // by LED name: "cw", "illegal", "R"…
	Buzzer     *gpiolinetest.Line
}

// Sim returns v's simulated parts.
func (v *vtable) Sim() simParts {
	s, pm := v.vb.Sim, v.vb.Map
	p := simParts{Play: s.Play, Draw: s.Draw, OLED: s.OLED, LEDs: map[string]*gpiolinetest.Line{}, Buzzer: s.Out(int(pm.Buzzer.Pin))}
	for l, pin := range board.LEDPins(pm) {
		p.LEDs[l.String()] = s.Out(int(pin))
	}
	return p
}

// runTable runs tb's loop until the test ends or stop is called; stop
// returns what Run returned, nil for the cancel. The context is the loop's.
func runTable(t testing.TB, tb *Table) (context.Context, func() error) {
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- tb.Run(ctx) }()
	stopped := false
	stop := func() error {
		if stopped {
			return nil
		}
		stopped = true
		cancel()
		err := <-errc
		if errors.Is(err, context.Canceled) {
			err = nil
		}
		return err
	}
	t.Cleanup(func() {
		if err := stop(); err != nil {
			t.Errorf("Run: %v", err)
		}
	})
	return ctx, stop
}

func (v *vtable) do(t testing.TB, a Action) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := v.Do(ctx, a); err != nil {
		t.Fatalf("Do(%+v): %v", a, err)
	}
}

func (v *vtable) tap(t testing.TB, card string) Snapshot {
	t.Helper()
	v.do(t, Action{Kind: "tap", Pad: "play", Card: card})
	return v.Snapshot()
}

func (v *vtable) press(t testing.TB, b string) Snapshot {
	t.Helper()
	v.do(t, Action{Kind: "press", Button: b})
	return v.Snapshot()
}

// opener is a table a test lays cards on: the virtual one or a board.
type opener interface {
	tap(t testing.TB, card string) Snapshot
	Snapshot() Snapshot
}

// playOpening plays the opening that the virtual table and the boards are
// checked with, players Ann, Ben and Cy: the dealer pick R3 B9 G5 (Ben deals,
// B9 is highest), the starter G5, Cy's G7 and Ann's R2, refused. It returns
// the snapshot after the refusal.
func playOpening(t testing.TB, tb opener) Snapshot {
	t.Helper()
	for _, c := range []string{"R3", "B9", "G5"} {
		tb.tap(t, c)
	}
	if s := tb.Snapshot(); s.State.Dealer != "Ben" {
		t.Fatalf("dealer %q, want Ben (B9 is highest); last %+v", s.State.Dealer, s.Last)
	}
	if s := tb.tap(t, "G5"); s.State.Phase != "turn" || s.State.Turn != "Cy" {
		t.Fatalf("after the starter G5: %+v", s.State)
	}
	if s := tb.tap(t, "G7"); s.State.Turn != "Ann" || !s.Last.OK {
		t.Fatalf("after G7: %+v %+v", s.State, s.Last)
	}
	s := tb.tap(t, "R2")
	if s.Last.OK || s.Last.Code != "illegal-card" {
		t.Fatalf("after R2 on G7: %+v, want refused as illegal-card", s.Last)
	}
	return s
}

func TestVirtualGame(t *testing.T) {
	v := startVirtual(t, t.TempDir(), Config{UnoGrace: -1})
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben", "Cy"}, Rules: "official"})
	s := playOpening(t, v)
	if !s.LEDs["illegal"] || s.Buzzer != "illegal" {
		t.Errorf("after R2: LEDs %v buzzer %q", s.LEDs, s.Buzzer)
	}
	t.Log(strings.Join(s.Log, "\n"))
}
