package table_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/table/tabletest"
	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
)

// runningTable is a virtual table running on a fresh journal until the
// test ends; Run's error, if it ends by itself, fails the test.
func runningTable(t *testing.T) (*table.Table, <-chan error) {
	t.Helper()
	j, err := table.OpenJournal(context.Background(), filepath.Join(t.TempDir(), "journal.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	return tabletest.Virtual(t, j, table.Config{UnoGrace: -1}, gpiolinetest.NewClock(gpiolinetest.Epoch))
}

// TestHostileActions tries every action kind with every hostile value of
// issue 22: each is refused with its sentence before the journal sees it,
// the game is as it was, and the table goes on refereeing.
func TestHostileActions(t *testing.T) {
	tb, done := runningTable(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for _, a := range []table.Action{
		{Kind: table.KindNewGame, Players: []string{"Ann", "Ben", "Cy"}, Rules: "official"},
		{Kind: table.KindPress, Button: "pass"},
		{Kind: table.KindTap, Pad: "play", Card: "G5"},
	} {
		if err := tb.Do(ctx, a); err != nil {
			t.Fatalf("Do(%+v): %v", a, err)
		}
	}
	before := tb.Snapshot()
	for _, k := range table.ActionKinds {
		for _, h := range tabletest.Hostiles() {
			a := table.Action{Kind: k}
			h.Set(&a)
			err := tb.Do(ctx, a)
			var ae *table.ActionError
			if !errors.As(err, &ae) || len(ae.Msg) != 1 || ae.Msg[0].Key != h.Key {
				t.Errorf("%s with %s: Do = %v, want the refusal %s", k, h.Name, err, h.Key)
				continue
			}
			if n := len([]rune(err.Error())); n > 300 {
				t.Errorf("%s with %s: a refusal of %d characters repeats what was sent", k, h.Name, n)
			}
		}
	}
	select {
	case err := <-done:
		t.Fatalf("the table stopped: %v", err)
	default:
	}
	after := tb.Snapshot()
	if after.Events != before.Events || after.Game != before.Game || !cmp.Equal(after.State, before.State) {
		t.Errorf("refusals changed the game: events %d → %d, game %d → %d", before.Events, after.Events, before.Game, after.Game)
	}
	if err := tb.Do(ctx, table.Action{Kind: table.KindTap, Pad: "play", Card: "G7"}); err != nil || !tb.Snapshot().Last.OK {
		t.Errorf("a play after the refusals: %v, %+v", err, tb.Snapshot().Last)
	}
}

// TestHostileKinds: a kind that is none is refused with the list of kinds,
// repeating at most a short prefix of what was sent.
func TestHostileKinds(t *testing.T) {
	tb, _ := runningTable(t)
	long := string(make([]byte, 15000))
	for _, tt := range []struct {
		kind, key string
	}{
		{"", "action.kind.none"},
		{"fly", "action.kind.unknown"},
		{"TAP", "action.kind.unknown"},
		{long, "action.kind.unknown"},
	} {
		err := tb.Do(context.Background(), table.Action{Kind: table.ActionKind(tt.kind)})
		var ae *table.ActionError
		if !errors.As(err, &ae) || ae.Msg[0].Key != tt.key {
			t.Errorf("kind %.20q: %v, want %s", tt.kind, err, tt.key)
			continue
		}
		if len(ae.Msg[0].Args.Value) > 100 {
			t.Errorf("kind %.20q: the refusal repeats %d bytes of it", tt.kind, len(ae.Msg[0].Args.Value))
		}
	}
}
