package tabletest

import (
	"context"
	"errors"
	"testing"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/virtual"
	"github.com/unoref/unoref/drivers/clock"
)

// Virtual runs the virtual table on journal j until the test ends, as the
// daemon builds it (package virtual), on clock (nil: the system clock).
// The channel has Run's error if Run returns before the test ends.
func Virtual(t testing.TB, j table.Journal, cfg table.Config, clk clock.Clock) (*table.Table, <-chan error) {
	t.Helper()
	vb, err := virtual.Open(&virtual.Opts{Clock: clk})
	if err != nil {
		t.Fatal(err)
	}
	dev := table.FromBoard(vb.Board)
	dev.Person = vb.Person
	cfg.Virtual = true
	tb, err := table.New(context.Background(), dev, j, cfg)
	if err != nil {
		vb.Halt()
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done, stopped := make(chan error, 1), make(chan error, 1)
	go func() {
		err := tb.Run(ctx)
		if ctx.Err() == nil {
			stopped <- err
		}
		done <- err
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil && !errors.Is(err, context.Canceled) {
			t.Errorf("Run: %v", err)
		}
	})
	return tb, stopped
}
