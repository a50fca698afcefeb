package table

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cards/registry"
	"github.com/unoref/unoref/referee/journal"
	"github.com/unoref/unoref/referee/tablelog"
)

func TestResume(t *testing.T) {
	dir := t.TempDir()
	v := startVirtual(t, dir, Config{UnoGrace: -1})
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben", "Cy"}, Rules: "house-ru"})
	v.press(t, "pass")
	for _, c := range []string{"G5", "G7", "G2", "W"} {
		v.tap(t, c)
	}
	v.press(t, "Y")
	v.tap(t, "Y+2")
	want := v.Snapshot()
	if err := v.stop(); err != nil {
		t.Fatal(err)
	}
	// Halted: screen blank and off, every LED low.
	if st := v.Sim().OLED.State(); st.DisplayOn {
		t.Errorf("OLED still on after Run returned")
	}
	for n, o := range v.Sim().LEDs {
		if o.Value() != 0 {
			t.Errorf("LED %s lit after Run returned", n)
		}
	}
	if v.Sim().Play.Field() {
		t.Errorf("play pad's field still on after Run returned")
	}

	// The journal holds every line the table showed.
	j, err := journal.Open(context.Background(), filepath.Join(dir, "journal.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	jt, err := j.Resume(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, ev := range jt.Events() {
		lines = append(lines, ev.String())
	}
	if d := cmp.Diff(want.Log, lines); d != "" {
		t.Errorf("journal, against the log shown (-want +got):\n%s", d)
	}
	j.Close()

	w := startVirtual(t, dir, Config{UnoGrace: -1})
	got := w.Snapshot()
	if d := cmp.Diff(want.State, got.State); d != "" {
		t.Errorf("resumed state (-want +got):\n%s", d)
	}
	if d := cmp.Diff(want.Log, got.Log); d != "" || got.Events != want.Events {
		t.Errorf("resumed %d events, want %d; log (-want +got):\n%s", got.Events, want.Events, d)
	}
	// The game goes on from there, times after the resumed ones.
	s := w.press(t, "draw")
	if !s.Last.OK || s.State.Hands["Cy"] != 8 {
		t.Errorf("draw after resume: %+v %+v", s.Last, s.State)
	}
	ev, _, err := tablelog.Parse(s.Log[len(s.Log)-1], 0)
	prev, _, _ := tablelog.Parse(s.Log[len(s.Log)-2], 0)
	if err != nil || ev.At < prev.At {
		t.Errorf("times go back after resume: %q then %q", s.Log[len(s.Log)-2], s.Log[len(s.Log)-1])
	}
	// A new game with the same players ends the open one.
	w.do(t, Action{Kind: "newgame"})
	s = w.Snapshot()
	if d := cmp.Diff([]string{"Ann", "Ben", "Cy"}, s.Players); d != "" {
		t.Errorf("next game: players (-want +got):\n%s", d)
	}
	if s.Events != 2 || !strings.Contains(s.Log[1], "house-ru") {
		t.Errorf("next game: %d events, log %q", s.Events, s.Log)
	}
	if err := w.Do(context.Background(), Action{Kind: "newgame", Players: []string{"Ann"}}); err == nil || err.Error() != "Name at least two players." {
		t.Errorf("one player: %v", err)
	}
	if err := w.Do(context.Background(), Action{Kind: "newgame", Rules: "official +nonsense"}); err == nil {
		t.Errorf("bad rules accepted")
	}
	if s := w.Snapshot(); s.Events != 2 {
		t.Errorf("a refused new game changed the game in play: %d events", s.Events)
	}
}

func TestRegistryTags(t *testing.T) {
	ctx := context.Background()
	reg, err := registry.Open(ctx, filepath.Join(t.TempDir(), registry.DefaultFile))
	if err != nil {
		t.Fatal(err)
	}
	defer reg.Close()
	if err := reg.AddDeck(ctx, "home", cards.Standard); err != nil {
		t.Fatal(err)
	}
	if err := reg.AddDeck(ctx, "cabin", cards.Standard); err != nil {
		t.Fatal(err)
	}
	g7 := []byte{0x04, 1, 2, 3, 4, 5, 6}
	other := []byte{0x04, 9, 9, 9, 9, 9, 9}
	if _, err := reg.Enroll(ctx, "home", g7, cards.Card{Kind: cards.Number, Color: cards.Green, Number: 7}); err != nil {
		t.Fatal(err)
	}
	if _, err := reg.Enroll(ctx, "cabin", other, cards.Card{Kind: cards.Number, Color: cards.Green, Number: 8}); err != nil {
		t.Fatal(err)
	}
	res, err := registry.NewResolver(ctx, reg, "home")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	j, err := OpenJournal(ctx, filepath.Join(dir, "journal.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	tb, _ := newVirtual(t, j, Config{UnoGrace: -1}, virtualOpts{Resolver: res})
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- tb.Run(ctx) }()
	defer func() { cancel(); <-done }()
	v := &vtable{Table: tb}
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben"}})
	v.press(t, "pass")
	v.tap(t, "G5")
	if s := v.tap(t, "tag:04010203040506"); !s.Last.OK || s.State.Top != "G7" {
		t.Fatalf("enrolled G7 tag: %+v top %s", s.Last, s.State.Top)
	}
	if s := v.tap(t, "tag:04090909090909"); s.Last.OK || s.Last.Code != CodeOtherDeck {
		t.Errorf("tag of another deck: %+v", s.Last)
	}
	// The same G7 tag again, before any reshuffle: a card taken back.
	if s := v.tap(t, "tag:04010203040506"); s.Last.OK || s.Last.Code != CodeDuplicate || s.Events != 5 {
		t.Errorf("the same tag twice: %+v (%d events)", s.Last, s.Events)
	}
	// Cards written on unenrolled tags still play.
	if s := v.tap(t, "G9"); !s.Last.OK {
		t.Errorf("NDEF card: %+v", s.Last)
	}
}

func TestSeatPads(t *testing.T) {
	v := startVirtual(t, t.TempDir(), Config{UnoGrace: -1})
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben", "Cy"}, Rules: "house-ru"})
	v.press(t, "pass") // Ann deals, Ben plays first
	v.tap(t, "G5")
	v.tap(t, "G7") // Ben
	// Ann holds the other Green 7: she presses her seat and jumps in.
	v.do(t, Action{Kind: "seat", Seat: 0})
	s := v.tap(t, "G7")
	if !s.Last.OK || !strings.HasSuffix(s.Log[len(s.Log)-1], "play G7 as Ann") || s.State.Turn != "Ben" {
		t.Errorf("jump-in: %+v %q turn %s", s.Last, s.Log[len(s.Log)-1], s.State.Turn)
	}
	// Without a seat press the same card is Ben's turn, not a jump-in by Ann.
	s = v.tap(t, "G3")
	if !s.Last.OK || s.State.Turn != "Cy" {
		t.Errorf("after Ben's G3: %+v turn %s", s.Last, s.State.Turn)
	}
	// A seat press expires: later taps follow the turn again.
	v.do(t, Action{Kind: "seat", Seat: 0})
	v.clock.Advance(4 * 1e9)
	s = v.tap(t, "G4")
	if !s.Last.OK || strings.Contains(s.Log[len(s.Log)-1], " as ") || s.State.Turn != "Ann" {
		t.Errorf("after an expired seat press: %+v %q", s.Last, s.Log[len(s.Log)-1])
	}
}
