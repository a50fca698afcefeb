package table

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/journal"
	"github.com/unoref/unoref/referee/tablelog"
)

// disk is a card the test fills and empties: while full, what the journal
// would write fails as on a full card (journal.ErrDiskFull); a refusal
// that changes nothing writes nothing and goes through, as it does.
type disk struct {
	full atomic.Bool
	free atomic.Uint64
}

func (d *disk) space() (uint64, error) { return d.free.Load(), nil }

func (d *disk) fill() { d.full.Store(true); d.free.Store(4096) }

func (d *disk) empty() { d.full.Store(false); d.free.Store(1 << 30) }

// fullingJournal is the real journal on d.
type fullingJournal struct {
	*SQLJournal
	d *disk
}

func (f fullingJournal) NewGame(ctx context.Context, players []string, rules string) (JournaledGame, error) {
	if f.d.full.Load() {
		return nil, fmt.Errorf("journal: new game: disk full: %w", journal.ErrDiskFull)
	}
	g, err := f.SQLJournal.NewGame(ctx, players, rules)
	if err != nil {
		return nil, err
	}
	return fullingGame{g.(*sqlGame), f.d}, nil
}

func (f fullingJournal) Resume(ctx context.Context) (JournaledGame, error) {
	g, err := f.SQLJournal.Resume(ctx)
	if err != nil {
		return nil, err
	}
	return fullingGame{g.(*sqlGame), f.d}, nil
}

type fullingGame struct {
	*sqlGame
	d *disk
}

func (g fullingGame) ApplyTag(ctx context.Context, ev tablelog.Event, tag string) (referee.Verdict, error) {
	n := len(g.Lines())
	v, err := g.sqlGame.ApplyTag(ctx, ev, tag)
	if err != nil || !g.d.full.Load() || len(g.Lines()) == n {
		return v, err
	}
	// It would have been written: on a full card it is not.
	if _, err := g.Undo(ctx); err != nil {
		return v, err
	}
	return referee.Verdict{}, fmt.Errorf("journal: game %d, event %d: database or disk is full (13): %w", g.ID(), n+1, journal.ErrDiskFull)
}

func (g fullingGame) Apply(ctx context.Context, ev tablelog.Event) (referee.Verdict, error) {
	return g.ApplyTag(ctx, ev, "")
}

// startOnDisk runs a virtual table on the journal in dir, on d.
func startOnDisk(t *testing.T, dir string, d *disk, cfg Config) *vtable {
	t.Helper()
	clock := gpiolinetest.NewClock(time.Time{})
	j, err := OpenJournal(context.Background(), filepath.Join(dir, "journal.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	cfg.FreeSpace, cfg.StorageEvery, cfg.DataDir = d.space, time.Second, dir
	tb, vb := newVirtual(t, fullingJournal{j, d}, cfg, virtualOpts{Clock: clock})
	_, stop := runTable(t, tb)
	return &vtable{Table: tb, clock: clock, dir: dir, stop: stop, jr: j, vb: vb}
}

// Issue 22 point 4: on a full card the table goes on refereeing what needs
// no disk, refuses with a sentence what it would save, shows the banner on
// the page and the OLED, and goes on by itself once there is room. No
// write failure stops it.
func TestFullCard(t *testing.T) {
	d := &disk{}
	d.empty()
	v := startOnDisk(t, t.TempDir(), d, Config{UnoGrace: -1})
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben", "Cy"}, Rules: "official"})
	for _, c := range []string{"R3", "B9", "G5", "G5"} { // the dealer pick, the starter
		v.tap(t, c)
	}
	before := v.Snapshot()

	d.fill()
	s := v.tap(t, "G7")
	if s.Last.OK || s.Last.Code != CodeJournal || cmp.Diff([]string{"table.full"}, s.Last.Msg.Keys()) != "" {
		t.Fatalf("G7 on a full card: %+v, want refused with table.full", s.Last)
	}
	if s.Events != before.Events || s.State.Top != "G5" {
		t.Errorf("G7 on a full card was played: %d events (was %d), top %s", s.Events, before.Events, s.State.Top)
	}
	if s.Alert.Key != "table.alert.full" || s.Alert.Args.Path != v.dir {
		t.Errorf("Snapshot.Alert = %+v, want table.alert.full naming %s", s.Alert, v.dir)
	}
	full := v.say(msg.Msg{Key: "table.full"})
	if !strings.Contains(v.OLEDText(), full[:20]) {
		t.Errorf("the OLED shows %q, want the full card's sentence %q", v.OLEDText(), full)
	}
	if s := v.tap(t, "R2"); s.Last.Code != referee.ErrIllegalCard {
		t.Errorf("R2 on G5 on a full card: %+v, want refused as illegal-card: the table goes on refereeing", s.Last)
	}

	d.empty()
	v.clock.Advance(time.Second)
	s = v.waitFor(t, "the banner to go", func(s Snapshot) bool { return s.Alert.Key == "" })
	if cmp.Diff([]string{"table.room"}, s.Last.Msg.Keys()) != "" {
		t.Errorf("with room again the table says %v, want table.room", s.Last.Msg.Keys())
	}
	if s := v.tap(t, "G7"); !s.Last.OK || s.Events != before.Events+1 {
		t.Errorf("G7 with room again: %+v, %d events", s.Last, s.Events)
	}
}

// Without a way to ask the disk, the next event that is written ends the
// full card's state.
func TestFullCardNextWriteClears(t *testing.T) {
	d := &disk{}
	d.empty()
	v := startOnDisk(t, t.TempDir(), d, Config{UnoGrace: -1})
	v.Table.cfg.FreeSpace = nil
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "official"})
	v.tap(t, "R3")
	d.fill()
	if s := v.tap(t, "B9"); s.Alert.Key != "table.alert.full" {
		t.Fatalf("Alert = %+v, want the full card's", s.Alert)
	}
	d.empty()
	if s := v.tap(t, "B9"); s.Alert.Key != "" || !s.Last.OK {
		t.Errorf("B9 written again: alert %+v, last %+v", s.Alert, s.Last)
	}
}

// A problem found while the table runs (the whole-file check finds the
// journal damaged) shows its banner, and every event that would be
// journaled is refused with its sentence; nothing is written.
func TestProblemFoundLater(t *testing.T) {
	v := startVirtual(t, t.TempDir(), Config{UnoGrace: -1})
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "official"})
	v.tap(t, "R3")
	alert := msg.Msg{Key: "table.alert.damaged.nocopy", Args: msg.Args{Path: "/d/journal.db", Text: "corrupt"}}
	if err := v.Problem(context.Background(), alert, msg.Msg{Key: "table.damaged"}); err != nil {
		t.Fatal(err)
	}
	before := v.Snapshot()
	s := v.tap(t, "B9")
	if s.Last.Code != CodeJournal || cmp.Diff([]string{"table.damaged"}, s.Last.Msg.Keys()) != "" || s.Events != before.Events {
		t.Errorf("B9 after the damage: %+v, %d events (was %d)", s.Last, s.Events, before.Events)
	}
	if cmp.Diff(alert, s.Alert) != "" {
		t.Errorf("Snapshot.Alert = %+v, want %+v", s.Alert, alert)
	}
}

// A journal that can't even open on a full card (RetryJournal): the table
// starts with the banner, refuses a new game in words, and once there is
// room opens the journal and resumes its game.
func TestStartOnAFullCard(t *testing.T) {
	dir := t.TempDir()
	v := startVirtual(t, dir, Config{UnoGrace: -1})
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "official"})
	v.tap(t, "R3")
	played := v.Snapshot().Events
	v.stop()
	v.j().Close()

	d := &disk{}
	d.fill()
	r := &RetryJournal{Open: func(ctx context.Context) (*SQLJournal, error) {
		if d.full.Load() {
			return nil, fmt.Errorf("journal: %w", journal.ErrDiskFull)
		}
		return OpenJournal(ctx, filepath.Join(dir, "journal.db"))
	}}
	t.Cleanup(func() { r.Close() })
	clock := gpiolinetest.NewClock(time.Time{})
	tb, vb := newVirtual(t, r, Config{UnoGrace: -1, CardFull: true, FreeSpace: d.space, StorageEvery: time.Second, DataDir: dir}, virtualOpts{Clock: clock})
	runTable(t, tb)
	w := &vtable{Table: tb, clock: clock, dir: dir, vb: vb}
	if s := w.Snapshot(); s.Alert.Key != "table.alert.full" || s.Game != 0 {
		t.Fatalf("started on a full card: alert %+v, game %d", s.Alert, s.Game)
	}
	err := w.Do(context.Background(), Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "official"})
	var ae *ActionError
	if !errors.As(err, &ae) || cmp.Diff([]string{"table.full"}, ae.Msg.Keys()) != "" {
		t.Errorf("new game on a full card = %v, want the full card's sentence", err)
	}
	d.empty()
	clock.Advance(time.Second)
	s := w.waitFor(t, "the game to resume", func(s Snapshot) bool { return s.Game != 0 })
	if s.Alert.Key != "" || s.Events != played {
		t.Errorf("resumed with room: alert %+v, %d events (want %d)", s.Alert, s.Events, played)
	}
}
