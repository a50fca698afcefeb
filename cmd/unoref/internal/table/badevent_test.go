package table

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestBadEventRefusedNotFatal: an event the journal can't write as a line
// of the log, had it got past Action.check, is a refusal: Run goes on.
func TestBadEventRefusedNotFatal(t *testing.T) {
	v := startVirtual(t, t.TempDir(), Config{UnoGrace: -1})
	v.do(t, Action{Kind: KindNewGame, Players: []string{"Ann", "Ben"}, Rules: "official"})
	r := request{a: Action{Kind: KindPoints, Name: "Kid#1", Points: 5}, reply: make(chan reply, 1)}
	select {
	case v.actions <- r: // past Do, and so past its check
	case <-time.After(10 * time.Second):
		t.Fatal("the table takes no action")
	}
	rep := <-r.reply
	var ae *ActionError
	if !errors.As(rep.err, &ae) || ae.Msg[0].Key != "name.hash" {
		t.Fatalf("points Kid#1 5: %v, want the refusal name.hash", rep.err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := v.Do(ctx, Action{Kind: KindPress, Button: "pass"}); err != nil {
		t.Errorf("after the refusal: %v", err)
	}
	if err := v.stop(); err != nil {
		t.Errorf("Run = %v, want it still running until stopped", err)
	}
}
