package table

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// ErrLoopStopped is a device loop (the display's drawing, the buttons' or
// seat pads' polling) that returned while the table was running: Run
// returns it, wrapped with the loop's own error if any.
var ErrLoopStopped = errors.New("table: a device loop stopped")

// startLoops runs the devices' loops; the channel reports the first that
// returns before ctx is done.
func (t *Table) startLoops(ctx context.Context, wg *sync.WaitGroup) <-chan error {
	failed := make(chan error, len(t.dev.Loops))
	for i, loop := range t.dev.Loops {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := loop(ctx)
			if ctx.Err() == nil {
				failed <- fmt.Errorf("%w (loop %d): %w", ErrLoopStopped, i, loopError(err))
			}
		}()
	}
	return failed
}

// loopError is what a loop returned, or that it returned nothing.
func loopError(err error) error {
	if err == nil {
		return errors.New("returned without an error")
	}
	return err
}
