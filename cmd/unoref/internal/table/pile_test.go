package table

import (
	"context"
	"encoding/hex"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cards/registry"
	"github.com/unoref/unoref/referee/tablelog"
)

// deckTags enrolls each tag (UID in hex) as its card in a "home" deck and
// returns the deck's resolver.
func deckTags(t testing.TB, tags map[string]string) *registry.Resolver {
	t.Helper()
	ctx := context.Background()
	reg, err := registry.Open(ctx, filepath.Join(t.TempDir(), registry.DefaultFile))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { reg.Close() })
	if err := reg.AddDeck(ctx, "home", cards.Standard); err != nil {
		t.Fatal(err)
	}
	for uid, code := range tags {
		b, err := hex.DecodeString(uid)
		if err != nil {
			t.Fatal(err)
		}
		c, err := cards.Parse(code)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := reg.Enroll(ctx, "home", b, c); err != nil {
			t.Fatal(err)
		}
	}
	res, err := registry.NewResolver(ctx, reg, "home")
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// startDeck runs a virtual table on the journal in dir with the deck res,
// as a daemon (re)started on that journal does.
func startDeck(t testing.TB, dir string, res Resolver) *vtable {
	t.Helper()
	return startVirtualWith(t, dir, Config{UnoGrace: -1}, virtualOpts{Resolver: res})
}

// restart stops v and starts a table on its journal again.
func (v *vtable) restart(t testing.TB, res Resolver) *vtable {
	t.Helper()
	if err := v.stop(); err != nil {
		t.Fatal(err)
	}
	return startDeck(t, v.dir, res)
}

const (
	tagG7 = "04010203040506"
	tagR2 = "04010203040507"
	tagG3 = "04010203040508"
	tagG9 = "04010203040509"
)

// TestPileTagsSurviveRestart plays tagged cards, restarts the table on
// the same journal and taps them again: a tag the referee accepted on the
// pile is still a card taken back; one a mistake-penalty or an undo took
// back off plays.
func TestPileTagsSurviveRestart(t *testing.T) {
	res := deckTags(t, map[string]string{tagG7: "G7", tagR2: "R2", tagG3: "G3", tagG9: "G9"})
	v := startDeck(t, t.TempDir(), res)
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "house-ru"})
	v.press(t, "pass")
	v.tap(t, "G5")
	if s := v.tap(t, "tag:"+tagG7); !s.Last.OK || s.State.Top != "G7" {
		t.Fatalf("tag G7: %+v, top %s", s.Last, s.State.Top)
	}
	n := v.Snapshot().Events
	if s := v.tap(t, "tag:"+tagR2); s.Last.OK || s.Events != n+1 {
		t.Fatalf("tag R2 on G7: %+v (%d events, want %d), want refused with a mistake-penalty, journaled", s.Last, s.Events, n+1)
	}
	if s := v.tap(t, "tag:"+tagG3); !s.Last.OK {
		t.Fatalf("tag G3: %+v", s.Last)
	}
	v.do(t, Action{Kind: "undo"})
	before := v.tap(t, "tag:"+tagG7)
	if before.Last.Code != CodeDuplicate {
		t.Fatalf("tag G7 again before the restart: %+v, want %s", before.Last, CodeDuplicate)
	}

	w := v.restart(t, res)
	events := w.Snapshot().Events
	after := w.tap(t, "tag:"+tagG7)
	if after.Last.Code != CodeDuplicate || after.Events != events {
		t.Errorf("tag G7 again after the restart: %+v (%d events, want %d), want %s", after.Last, after.Events, events, CodeDuplicate)
	}
	if after.Last.Message != before.Last.Message {
		t.Errorf("tag G7 again after the restart says %q, want %q as before it", after.Last.Message, before.Last.Message)
	}
	// G3 was undone: playable.
	if s := w.tap(t, "tag:"+tagG3); !s.Last.OK {
		t.Errorf("undone tag G3 after the restart: %+v, want accepted", s.Last)
	}
	// R2 was refused (a mistake-penalty): off the pile, so the referee
	// rules on it again rather than the pile.
	if s := w.tap(t, "tag:"+tagR2); s.Last.Code == CodeDuplicate {
		t.Errorf("refused tag R2 after the restart: %+v, want no %s", s.Last, CodeDuplicate)
	}
	// And G3, accepted since the restart, stays on the pile through another.
	w = w.restart(t, res)
	if s := w.tap(t, "tag:"+tagG3); s.Last.Code != CodeDuplicate {
		t.Errorf("tag G3 after a second restart: %+v, want %s", s.Last, CodeDuplicate)
	}
}

// handGame1 is round 1 of referee/journal's testdata/hand-game1.log (Mia
// against Ben), with the tags of three of its cards, then the count-up.
var handGame1 = []struct{ line, tag string }{
	{"dealer Ben", ""},
	{"start R5", ""},
	{"play R1", ""},
	{"play R2", tagR2},
	{"play W:G", ""},
	{"play G7", tagG7},
	{"play G2", ""},
	{"play G3", tagG3},
	{"play G4", ""},
	{"play Y4", ""},
	{"play Y9", ""},
	{"play Y1", ""},
	{"play Y5", ""},
	{"uno", ""},
	{"play Y6", ""},
	{"play Y8", ""},
	{"hand Ben B1 B2 G9", ""},
}

// TestNewRoundClearsPileTags journals a round with tagged plays through the
// table's journal, then starts a table on it: in the round, the tags are on
// the pile; once the next round starts, they play again.
func TestNewRoundClearsPileTags(t *testing.T) {
	res := deckTags(t, map[string]string{tagG7: "G7", tagR2: "R2", tagG3: "G3", tagG9: "G9"})
	tests := []struct {
		name  string
		upTo  int    // lines of handGame1 journaled
		start string // the next round's starter, "" for none
		want  string // code of the tag G7 tapped again
	}{
		{"same round", 10, "", CodeDuplicate},
		{"next round", len(handGame1), "G5", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			journalTagged(t, dir, tt.upTo, tt.start)
			v := startDeck(t, dir, res)
			s := v.tap(t, "tag:"+tagG7)
			if s.Last.Code != tt.want {
				t.Errorf("tag G7 after the restart: %+v, want code %q", s.Last, tt.want)
			}
		})
	}
}

// journalTagged writes the first n lines of handGame1 to the journal in
// dir, with their tags, and a starter when start is not "".
func journalTagged(t *testing.T, dir string, n int, start string) {
	t.Helper()
	ctx := context.Background()
	j, err := OpenJournal(ctx, filepath.Join(dir, "journal.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	g, err := j.NewGame(ctx, []string{"Mia", "Ben"}, "official target=15")
	if err != nil {
		t.Fatal(err)
	}
	lines := handGame1[:n]
	if start != "" {
		lines = append(lines[:n:n], struct{ line, tag string }{"start " + start, ""})
	}
	for _, l := range lines {
		ev, _, err := tablelog.Parse(l.line, 0)
		if err != nil {
			t.Fatal(err)
		}
		v, err := g.ApplyTag(ctx, ev, l.tag)
		if err != nil || !v.OK {
			t.Fatalf("ApplyTag(%q, %q) = %+v, %v", l.line, l.tag, v, err)
		}
	}
	want := []string{"", ""}
	for _, l := range lines {
		want = append(want, l.tag)
	}
	if diff := cmp.Diff(want, g.Tags()); diff != "" {
		t.Fatalf("journaled tags (-want +got):\n%s", diff)
	}
}

// TestMintedTagsAfterRestart checks that the cards a virtual table makes a
// tag for, tap by tap, play untagged: a restarted table mints the same
// UIDs again, and they are not cards taken back.
func TestMintedTagsAfterRestart(t *testing.T) {
	v := startVirtual(t, t.TempDir(), Config{UnoGrace: -1})
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben"}})
	v.press(t, "pass")
	for _, c := range []string{"G5", "G7", "G2"} {
		if s := v.tap(t, c); !s.Last.OK {
			t.Fatalf("%s: %+v", c, s.Last)
		}
	}
	w := v.restart(t, nil)
	for _, c := range []string{"G3", "G4", "G6"} {
		if s := w.tap(t, c); !s.Last.OK {
			t.Errorf("%s after the restart: %+v, want accepted", c, s.Last)
		}
	}
}
