package virtual_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/cmd/unoref/internal/virtual"
	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
	"github.com/unoref/unoref/lang/msg"
)

// TestLayRefused: what the person cannot lay is refused, with the
// message the page says, before anything is laid.
func TestLayRefused(t *testing.T) {
	rig, err := virtual.Open(&virtual.Opts{Clock: gpiolinetest.NewClock(gpiolinetest.Epoch)})
	if err != nil {
		t.Fatal(err)
	}
	defer rig.Halt()
	tests := []struct {
		pad, cards string
		want       msg.Msg
	}{
		{"hand", "R7", msg.Msg{Key: "action.nopad", Args: msg.Args{Value: "hand"}}},
		{"play", "R7,X9", msg.Msg{Key: "action.code", Args: msg.Args{Value: "X9"}}},
		{"play", "tag:zz", msg.Msg{Key: "action.uid", Args: msg.Args{Value: "tag:zz"}}},
		{"draw", "tag:0102", msg.Msg{Key: "action.uidlen", Args: msg.Args{N: 2}}},
	}
	for _, tt := range tests {
		err := rig.Person.Lay(context.Background(), tt.pad, tt.cards)
		var r *virtual.Refusal
		if !errors.As(err, &r) {
			t.Errorf("Lay(%q, %q) = %v, want a refusal", tt.pad, tt.cards, err)
			continue
		}
		if d := cmp.Diff(tt.want, r.Message()); d != "" {
			t.Errorf("Lay(%q, %q) refused (-want +got):\n%s", tt.pad, tt.cards, d)
		}
	}
	if err := rig.Person.PressSeat(context.Background(), 10); err == nil {
		t.Errorf("PressSeat(10) = nil, want a refusal: the build has 10 seats, 0 to 9")
	}
}
