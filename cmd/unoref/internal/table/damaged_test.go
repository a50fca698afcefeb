package table

import (
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee/journal"
)

// TestDamagedJournalAlert: a table on a damaged journal carries the
// daemon's alert in every snapshot as keys, and refuses a new game with a
// sentence of its own that names no English error.
func TestDamagedJournalAlert(t *testing.T) {
	alert := msg.Msg{Key: "table.alert.damaged.nocopy", Args: msg.Args{Path: "/d/journal.db", Text: "the file is empty"}}
	damage := &journal.DamageError{Path: "/d/journal.db", Reason: "the file is empty"}
	tb, _ := newVirtual(t, DamagedJournal{Err: damage}, Config{Alert: alert, Lang: lang.Russian}, virtualOpts{Clock: gpiolinetest.NewClock(time.Time{})})
	ctx, _ := runTable(t, tb)

	err := tb.Do(ctx, Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "official"})
	var ae *ActionError
	if !errors.As(err, &ae) || cmp.Diff([]string{"table.damaged"}, ae.Msg.Keys()) != "" {
		t.Fatalf("Do(newgame) = %v, want the ActionError table.damaged", err)
	}
	if want := lang.Russian.Render(msg.Msg{Key: "table.damaged"}); ae.Error() != want {
		t.Errorf("Do(newgame) says %q, want %q", ae.Error(), want)
	}
	if diff := cmp.Diff(alert, tb.Snapshot().Alert); diff != "" {
		t.Errorf("Snapshot().Alert (-want +got):\n%s", diff)
	}
}
