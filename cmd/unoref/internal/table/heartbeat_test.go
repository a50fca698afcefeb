package table

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
)

// stuckJournal holds NewGame until release is closed, as a journal on a
// hung disk would.
type stuckJournal struct {
	*SQLJournal
	stuck   atomic.Bool
	entered chan struct{}
	release chan struct{}
}

func (j *stuckJournal) NewGame(ctx context.Context, players []string, rules string) (JournaledGame, error) {
	j.stuck.Store(true)
	close(j.entered)
	<-j.release
	j.stuck.Store(false)
	return j.SQLJournal.NewGame(ctx, players, rules)
}

// TestHeartbeat checks that Run's loop calls Config.Heartbeat on its
// ticks, and never while one of its handlers hangs: the watchdog must see
// a stuck loop.
func TestHeartbeat(t *testing.T) {
	const every = time.Millisecond
	sql, err := OpenJournal(context.Background(), filepath.Join(t.TempDir(), "journal.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sql.Close() }) // after the loop stops
	j := &stuckJournal{SQLJournal: sql, entered: make(chan struct{}), release: make(chan struct{})}
	beats := make(chan struct{}, 1)
	var during atomic.Int32 // beats while NewGame hangs
	cfg := Config{HeartbeatEvery: every, Heartbeat: func() {
		if j.stuck.Load() {
			during.Add(1)
		}
		select {
		case beats <- struct{}{}:
		default:
		}
	}}
	tb, _ := newVirtual(t, j, cfg, virtualOpts{Clock: gpiolinetest.NewClock(time.Time{})})
	ctx, _ := runTable(t, tb)

	for range 3 {
		<-beats
	}
	done := make(chan error, 1)
	go func() { done <- tb.Do(ctx, Action{Kind: "newgame", Players: []string{"Ann", "Ben"}}) }()
	<-j.entered
	// Twenty heartbeat periods with the loop stuck in the handler.
	tk := time.NewTicker(every)
	for range 20 {
		<-tk.C
	}
	tk.Stop()
	close(j.release)
	if err := <-done; err != nil {
		t.Fatalf("newgame: %v", err)
	}
	if n := during.Load(); n != 0 {
		t.Errorf("%d heartbeats while the loop hung, want 0", n)
	}
	// Drain a beat that may predate the hang, then the loop beats again.
	select {
	case <-beats:
	default:
	}
	<-beats
	<-beats
}
