package table

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/unoref/unoref/referee/journal"
	"github.com/unoref/unoref/referee/tablelog"
)

func (v *vtable) refused(t *testing.T, a Action, want string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := v.Do(ctx, a)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Do(%+v) = %v, want an error with %q", a, err, want)
	}
}

func TestRename(t *testing.T) {
	dir := t.TempDir()
	v := startVirtual(t, dir, Config{UnoGrace: -1})
	v.refused(t, Action{Kind: "rename", Name: "Ann", NewName: "Annie"}, "No game")
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben", "Cy"}, Rules: "official"})
	v.press(t, "pass") // Ann deals, Ben plays first
	v.tap(t, "G5")
	tests := []struct {
		name, who, to, err string
	}{
		{"empty", "Ann", "", "A name can't be empty"},
		{"too long", "Ann", strings.Repeat("x", tablelog.MaxName+1), "at most 16"},
		{"space", "Ann", "Ann Marie", "try Ann-Marie"},
		{"hash", "Ann", "Kid#1", "A name can't contain # or spaces: try Kid-1"},
		{"RLO", "Ann", "\u202eAnn", "direction marks"},
		{"tab", "Ann", "A\tB", "spaces"},
		{"control", "Ann", "A\x01B", "control"},
		{"taken", "Ann", "ben", "ben already plays"},
		{"nobody", "Zed", "Zoë", `Nobody called "Zed"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v.refused(t, Action{Kind: "rename", Name: tt.who, NewName: tt.to}, tt.err)
		})
	}
	v.do(t, Action{Kind: "rename", Name: "Ben", NewName: "Benjamin<&\">"})
	s := v.Snapshot()
	if got := s.Name("Ben"); got != `Benjamin<&">` {
		t.Errorf("Name(Ben) = %q, want the new name", got)
	}
	if s.State.Turn != "Ben" || !strings.HasPrefix(s.Prompt, `Benjamin<&">:`) {
		t.Errorf("turn %q prompt %q: the engine keeps Ben, the prompt shows the new name", s.State.Turn, s.Prompt)
	}
	if s.Game == 0 {
		t.Errorf("snapshot has no game id")
	}
	// Renamed by the display name; the old name is free again.
	v.do(t, Action{Kind: "rename", Name: `Benjamin<&">`, NewName: "Bo"})
	v.do(t, Action{Kind: "rename", Name: "Cy", NewName: "Benjamin"})
	v.refused(t, Action{Kind: "rename", Name: "Ann", NewName: "bo"}, "already plays")
	// The game goes on under the seat names.
	if s := v.tap(t, "G7"); !s.Last.OK || s.State.Turn != "Cy" {
		t.Fatalf("play after rename: %+v turn %s", s.Last, s.State.Turn)
	}
	hist, err := v.j().Games(context.Background())
	if err != nil || len(hist) != 1 || strings.Join(hist[0].Players, " ") != "Ann Bo Benjamin" {
		t.Errorf("Games = %+v, %v; want players Ann Bo Benjamin", hist, err)
	}
	// Names survive a restart.
	if err := v.stop(); err != nil {
		t.Fatal(err)
	}
	v.jr.Close()
	w := startVirtual(t, dir, Config{UnoGrace: -1})
	if s := w.Snapshot(); s.Name("Ben") != "Bo" || s.Name("Cy") != "Benjamin" || s.Name("Ann") != "Ann" {
		t.Errorf("after a restart names are %v", s.Names)
	}
	// Back to the seat name clears the rename.
	w.do(t, Action{Kind: "rename", Name: "Bo", NewName: "Ben"})
	if s := w.Snapshot(); s.Names["Ben"] != "" || len(s.Names) != 1 {
		t.Errorf("names %v, want only Cy's", s.Names)
	}
	// The names are the journal's (the roster's and its seats').
	if m, err := w.j().Names(context.Background(), w.Snapshot().Game); err != nil || len(m) != 1 || m["Cy"] != "Benjamin" {
		t.Errorf("journal names %v, %v; want only Cy's", m, err)
	}
}

func TestRenameRosterPlayer(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	v := startVirtual(t, dir, Config{UnoGrace: -1})
	if _, err := v.j().AddPlayer(ctx, journal.Player{Name: "Mia", Seat: journal.NoSeat}); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		p    journal.Player
		want string
	}{
		{journal.Player{Name: "Mia Rose"}, "spaces"},
		{journal.Player{Name: "Rose", Mark: "a long mark"}, "A mark is"},
		{journal.Player{Name: "Rose", Mark: "\x01"}, "A mark is"},
		{journal.Player{Name: "Rose", Seat: 10}, "There is no seat 11."},
	} {
		if _, err := v.j().AddPlayer(ctx, tt.p); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("AddPlayer(%+v) = %v, want %q", tt.p, err, tt.want)
		}
	}
	v.do(t, Action{Kind: "newgame", Players: []string{"mia", "Ben"}, Rules: "official"})
	if s := v.Snapshot(); strings.Join(s.Players, " ") != "Mia Ben" {
		t.Errorf("players %v: the roster spells Mia", s.Players)
	}
	first := v.Snapshot().Game
	v.do(t, Action{Kind: "end"})
	v.do(t, Action{Kind: "newgame", Players: []string{"Mia", "Cy"}, Rules: "official"})
	// A roster player is renamed on every game; a guest in this one only.
	v.do(t, Action{Kind: "rename", Name: "Mia", NewName: "Mira"})
	v.do(t, Action{Kind: "rename", Name: "Cy", NewName: "Cyril"})
	gs, err := v.j().Games(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, g := range gs {
		got = append(got, strings.Join(g.Players, " "))
	}
	if want := []string{"Mira Ben", "Mira Cyril"}; strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("Games() players = %q, want %q", got, want)
	}
	if m, _ := v.j().Names(ctx, first); m["Mia"] != "Mira" {
		t.Errorf("Names(%d) = %v, want Mia shown as Mira", first, m)
	}
	v.refused(t, Action{Kind: "rename", Name: "Cyril", NewName: "mira"}, "already plays")
	// Another roster player's name, not at this table, is refused too.
	if _, err := v.j().AddPlayer(ctx, journal.Player{Name: "Zoe", Seat: journal.NoSeat}); err != nil {
		t.Fatal(err)
	}
	v.refused(t, Action{Kind: "rename", Name: "Mira", NewName: "zoe"}, "zoe is another player's name")
}

func TestImportNamesFile(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	v := startVirtual(t, dir, Config{UnoGrace: -1})
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "official"})
	id := v.Snapshot().Game
	if err := v.stop(); err != nil {
		t.Fatal(err)
	}
	v.jr.Close()
	names := fmt.Sprintf(`{"games": {"%d": {"Ann": "Annie", "Zed": "Zoe"}, "x": {"Ann": "A"}}}`, id)
	if err := os.WriteFile(filepath.Join(dir, NamesFile), []byte(names), 0o644); err != nil {
		t.Fatal(err)
	}
	w := startVirtual(t, dir, Config{UnoGrace: -1})
	if got := w.Snapshot().Name("Ann"); got != "Annie" {
		t.Errorf("Name(Ann) after the import = %q, want Annie", got)
	}
	if _, err := os.Stat(filepath.Join(dir, NamesFile+".imported")); err != nil {
		t.Errorf("the names file was not set aside: %v", err)
	}
	if m, err := w.j().Names(ctx, id); err != nil || len(m) != 1 {
		t.Errorf("Names(%d) = %v, %v; want Ann's only", id, m, err)
	}
}

func TestUndo(t *testing.T) {
	v := startVirtual(t, t.TempDir(), Config{UnoGrace: -1})
	v.refused(t, Action{Kind: "undo"}, "No game")
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "official"})
	v.refused(t, Action{Kind: "undo"}, "just been set up")
	v.press(t, "pass")
	v.tap(t, "G5")
	before := v.Snapshot()
	s := v.tap(t, "G7")
	if s.State.Top != "G7" || s.Events != before.Events+1 {
		t.Fatalf("after G7: top %s, %d events", s.State.Top, s.Events)
	}
	v.do(t, Action{Kind: "undo"})
	s = v.Snapshot()
	if s.State.Top != "G5" || s.State.Turn != before.State.Turn || s.Events != before.Events || s.State.Hands["Ann"] != before.State.Hands["Ann"] {
		t.Errorf("after undo: top %s turn %s, %d events, hands %v; want as before %+v", s.State.Top, s.State.Turn, s.Events, s.State.Hands, before.State)
	}
	if want := "Ben, take your Green 7 back"; s.Last.Message != want {
		t.Errorf("verdict %q, want %q", s.Last.Message, want)
	}
	if strings.Contains(strings.Join(s.Log, "\n"), "G7") {
		t.Errorf("log still has G7: %q", s.Log)
	}
	// The same card plays again: the pile forgot it.
	if s := v.tap(t, "G7"); !s.Last.OK || s.State.Top != "G7" {
		t.Errorf("G7 again: %+v", s.Last)
	}
	v.do(t, Action{Kind: "undo"})
	v.do(t, Action{Kind: "undo"}) // the starter
	v.do(t, Action{Kind: "undo"}) // the dealer
	if s := v.Snapshot(); s.State.Phase != "setup" || s.Events != 2 || !strings.Contains(s.Prompt, "pick the dealer") {
		t.Errorf("after undoing the dealer: %d events, prompt %q, %+v", s.Events, s.Prompt, s.State)
	}
	v.refused(t, Action{Kind: "undo"}, "just been set up")
}

func TestEnd(t *testing.T) {
	dir := t.TempDir()
	v := startVirtual(t, dir, Config{UnoGrace: -1})
	v.refused(t, Action{Kind: "end"}, "No game")
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "official"})
	v.press(t, "pass")
	id := v.Snapshot().Game
	v.do(t, Action{Kind: "end"})
	s := v.Snapshot()
	if s.Game != 0 || len(s.Players) != 0 || s.Last.Message != "Game abandoned" {
		t.Errorf("after end: game %d players %v verdict %q", s.Game, s.Players, s.Last.Message)
	}
	v.refused(t, Action{Kind: "undo"}, "No game")
	gs, err := v.j().Games(context.Background())
	if err != nil || len(gs) != 1 || gs[0].ID != id || gs[0].Open() || gs[0].Winner != "" {
		t.Errorf("Games = %+v, %v; want game %d abandoned", gs, err, id)
	}
	// A new game starts with the same seats.
	v.do(t, Action{Kind: "newgame"})
	if s := v.Snapshot(); strings.Join(s.Players, " ") != "Ann Ben" || s.Game == id {
		t.Errorf("new game: %v game %d", s.Players, s.Game)
	}
}

// A new game with a name the table log can't hold is refused with one
// sentence, and changes nothing: the open game goes on and still resumes.
func TestNewGameBadNameKeepsTheGame(t *testing.T) {
	dir := t.TempDir()
	v := startVirtual(t, dir, Config{UnoGrace: -1})
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "official"})
	v.press(t, "pass")
	v.tap(t, "G5")
	want := v.Snapshot()
	tests := []struct{ name, bad, sentence string }{
		{"hash", "Kid#1", "A name can't contain # or spaces: try Kid-1"},
		{"space", "Mary Ann", "A name can't contain # or spaces: try Mary-Ann"},
		{"tab", "Kid\t1", "try Kid-1"},
		{"newline", "Kid\n1", "try Kid-1"},
		{"NBSP", "Kid\u00a01", "try Kid-1"},
		{"U+2028", "Kid\u20281", "try Kid-1"},
		{"U+3000", "Kid\u30001", "try Kid-1"},
		{"NUL", "Kid\x00", "control characters: try Kid"},
		{"BEL", "Kid\a", "control characters: try Kid"},
		{"RLO", "\u202eKid", "direction marks: try Kid"},
		{"zero-width", "K\u200bid", "control characters: try Kid"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v.refused(t, Action{Kind: "newgame", Players: []string{tt.bad, "Ben"}, Rules: "official"}, tt.sentence)
			got := v.Snapshot()
			if got.Game != want.Game {
				t.Errorf("after the refused new game: game %d, want game %d", got.Game, want.Game)
			}
			if diff := cmp.Diff(want.Log, got.Log); diff != "" {
				t.Errorf("after the refused new game: log (-want +got):\n%s", diff)
			}
		})
	}
	if err := v.stop(); err != nil {
		t.Fatal(err)
	}
	again := startVirtual(t, dir, Config{UnoGrace: -1})
	got := again.Snapshot()
	if got.Game != want.Game {
		t.Errorf("resumed game %d, want game %d", got.Game, want.Game)
	}
	if diff := cmp.Diff(want.Log, got.Log); diff != "" {
		t.Errorf("resumed game's log (-want +got):\n%s", diff)
	}
}
