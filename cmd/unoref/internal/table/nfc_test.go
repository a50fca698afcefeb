package table

import (
	"context"
	"strings"
	"testing"

	"github.com/unoref/unoref/referee/journal"
)

const (
	zoeNFC = "Zo\u00eb"  // ë as one character
	zoeNFD = "Zoe\u0308" // e, then a combining diaeresis
)

// TestNamesInNFC: "Zoë" typed as one character and as "e" and a combining
// mark look the same, so they are one player: at a new game, at a rename
// and on the roster. Names are kept in NFC.
func TestNamesInNFC(t *testing.T) {
	ctx := context.Background()
	v := startVirtual(t, t.TempDir(), Config{UnoGrace: -1})
	v.refused(t, Action{Kind: KindNewGame, Players: []string{zoeNFC, zoeNFD}, Rules: "official"}, "named twice")
	p, err := v.j().AddPlayer(ctx, journal.Player{Name: zoeNFD, Seat: journal.NoSeat})
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != zoeNFC {
		t.Errorf("AddPlayer(%q) keeps %q, want NFC %q", zoeNFD, p.Name, zoeNFC)
	}
	v.do(t, Action{Kind: KindNewGame, Players: []string{zoeNFC, "Ann"}, Rules: "official"})
	if s := v.Snapshot(); strings.Join(s.Players, " ") != zoeNFC+" Ann" {
		t.Errorf("players %q, want %q", s.Players, zoeNFC+" Ann")
	}
	roster, err := v.j().Roster(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(roster) != 1 || roster[0].Games != 1 {
		t.Errorf("roster %+v: want one Zoë who played one game", roster)
	}
	v.refused(t, Action{Kind: KindRename, Name: "Ann", NewName: zoeNFD}, "already plays")
	v.do(t, Action{Kind: KindRename, Name: zoeNFD, NewName: "Zoya"})
	if s := v.Snapshot(); s.Name(zoeNFC) != "Zoya" {
		t.Errorf("after renaming %q: names %v", zoeNFD, s.Names)
	}
	v.do(t, Action{Kind: KindEnd})
	v.do(t, Action{Kind: KindNewGame, Players: []string{"Mo\u0301", "Ann"}, Rules: "official"})
	if s := v.Snapshot(); s.Players[0] != "M\u00f3" {
		t.Errorf("players %q, want %q in NFC", s.Players, "M\u00f3")
	}
}
