package journal

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"time"
)

// BackupSuffix names the rolling copy of the journal beside it
// (journal.db.backup), brought up to the journal after every round end.
const BackupSuffix = ".backup"

// BackupPath is where the rolling copy of the journal at path is kept.
func BackupPath(path string) string { return path + BackupSuffix }

// closeWait bounds how long Close lets a running copy finish before it
// cuts it short (the copy before it stays).
const closeWait = 10 * time.Second

// copier makes the rolling copy in the background, on connections of its
// own, one copy at a time: a round end during a copy asks for one more
// after it, never for a queue of them.
type copier struct {
	mu     sync.Mutex
	done   chan struct{} // closed when the running copies end; nil when idle
	again  bool          // a round ended during the running copy
	closed bool          // Close was called: no copy starts
	second bool          // a game ended: the next copy also makes the second copy
	since  int           // events committed since the last copy was asked for
	ctx    context.Context
	cancel context.CancelFunc
	db     *sql.DB                              // the copies' connections, opened at the first copy
	fileMu sync.Mutex                           // one writer of the copy: a background copy or Backup
	state  mirrorState                          // what the last copy left, under fileMu (mirror.go)
	hook   func(context.Context)                // tests: runs before each background copy
	after  func(time.Duration) <-chan time.Time // tests: Close's bound; default time.After
	wait   func(time.Duration) <-chan time.Time // tests: the round end's bound; default time.After

	infoMu sync.Mutex
	info   CopyInfo
}

// CopyInfo says how the copies are: for the page, which tells a family
// when its record was last copied safely.
type CopyInfo struct {
	// Last is when the last rolling copy was made and checked; before the
	// first copy of this run, when an earlier run last wrote it (zero when
	// there is none).
	Last time.Time
	// Failed is why the copy after Last failed or failed its check; nil
	// when the last one was good. The copy of Last stays.
	Failed error
	// Second and SecondFailed are the same for the second copy
	// (Opts.SecondCopy), made at each game's end.
	Second       time.Time
	SecondFailed error
}

// LastCopy says when the copies were last made and checked.
func (j *Journal) LastCopy() CopyInfo {
	j.copy.infoMu.Lock()
	defer j.copy.infoMu.Unlock()
	return j.copy.info
}

// noted notes the outcome of a rolling copy.
func (c *copier) noted(err error) { c.note(&c.info.Last, &c.info.Failed, err) }

// notedSecond notes the outcome of a second copy.
func (c *copier) notedSecond(err error) { c.note(&c.info.Second, &c.info.SecondFailed, err) }

// note sets *failed to err and, when the copy was good, *last to now.
func (c *copier) note(last *time.Time, failed *error, err error) {
	c.infoMu.Lock()
	defer c.infoMu.Unlock()
	*failed = err
	if err == nil {
		*last = time.Now()
	}
}

// copyEvery is how many events a round may run without a copy: a long
// round (a game of hundreds of plays without a count-up) is copied, and
// its WAL checkpointed, every copyEvery events, in the background.
const copyEvery = 256

// committed notes an event committed; every copyEvery without a round end
// it asks for a copy, without waiting for it.
func (j *Journal) committed() {
	c := &j.copy
	c.mu.Lock()
	c.since++
	due := c.since >= copyEvery
	c.mu.Unlock()
	if due {
		j.requestCopy()
	}
}

// gameEnded asks for a copy, and for the second copy after it when
// Opts.SecondCopy is set.
func (j *Journal) gameEnded() {
	if j.opts.SecondCopy != "" {
		j.copy.mu.Lock()
		j.copy.second = true
		j.copy.mu.Unlock()
	}
	j.requestCopy()
}

// takeSecond reports (once) whether a game's end asked for the second copy.
func (c *copier) takeSecond() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.second
	c.second = false
	return s
}

// roundWait is how long the tap that ends a round waits for the rolling
// copy. A family's journal of some years is checkpointed and copied well
// within it, so the copy is in place when the round's last tap is
// answered; a journal too large for that (a decade of game nights, a slow
// SD card) goes on being copied in the background, and the table goes on.
const roundWait = 200 * time.Millisecond

// roundEnded keeps the damage a bad SD card can do small. The round's
// events are committed and acknowledged; the rollups are counted again
// here, and the checkpoint and the rolling copy are made in the
// background, waited for up to roundWait.
func (j *Journal) roundEnded(ctx context.Context) {
	j.flushRollups(ctx)
	done := j.requestCopy()
	if done == nil {
		return
	}
	wait := j.copy.wait
	if wait == nil {
		wait = time.After
	}
	select {
	case <-done:
	case <-wait(roundWait):
	}
}

// requestCopy starts the background copy, or asks the running one for one
// more after it; it returns what closes when they are made (nil after
// Close).
func (j *Journal) requestCopy() <-chan struct{} {
	c := &j.copy
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case c.closed:
		return nil
	case c.done != nil:
		c.again, c.since = true, 0
	default:
		c.since = 0
		if c.ctx == nil {
			c.ctx, c.cancel = context.WithCancel(context.Background())
		}
		c.done = make(chan struct{})
		go j.copyLoop(c.ctx, c.done)
	}
	return c.done
}

// copyLoop makes copies until no round end asked for another.
func (j *Journal) copyLoop(ctx context.Context, done chan struct{}) {
	defer close(done)
	for more := true; more; more = j.copyAgain() {
		j.copyOnce(ctx)
	}
}

// copyAgain reports whether a round ended during the last copy, and marks
// the copier idle when none did.
func (j *Journal) copyAgain() bool {
	c := &j.copy
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.again && !c.closed {
		c.again = false
		return true
	}
	c.again, c.done = false, nil
	return false
}

// copyOnce brings the rolling copy up to the journal (mirror.go) on the
// copier's connections, and after a game's end makes the second copy
// (Opts.SecondCopy). The events are already committed, so a failure is
// only reported (and said by LastCopy).
func (j *Journal) copyOnce(ctx context.Context) {
	if j.copy.hook != nil {
		j.copy.hook(ctx)
	}
	db, err := j.copyDB()
	if err != nil {
		j.warn(err)
		return
	}
	err = j.mirror(ctx, db)
	j.copy.noted(err)
	if err != nil {
		j.warn(j.copyErr(ctx, err))
	}
	if j.copy.takeSecond() {
		err := j.secondCopy(ctx, db)
		j.copy.notedSecond(err)
		if err != nil {
			j.warn(j.copyErr(ctx, err))
		}
	}
}

// copyErr says when a copy failed because Close cut it short.
func (j *Journal) copyErr(ctx context.Context, err error) error {
	if ctx.Err() == nil {
		return err
	}
	return fmt.Errorf("journal: %s: Close cut the rolling copy short, the one before stays: %w", j.path, err)
}

// copyDB opens the copies' own connections at the first copy, with the
// journal's per-connection settings: two, one holding the snapshot the
// copy is made of while the other checkpoints the WAL up to it. Only the
// running copy calls it.
func (j *Journal) copyDB() (*sql.DB, error) {
	if j.copy.db != nil {
		return j.copy.db, nil
	}
	db, err := openDB(j.path, j.opts, passKiB)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(2)
	j.copy.db = db
	return db, nil
}

// waitCopy waits for the background copies asked for so far.
func (j *Journal) waitCopy() {
	j.copy.mu.Lock()
	done := j.copy.done
	j.copy.mu.Unlock()
	if done != nil {
		<-done
	}
}

// stopCopies lets a running copy finish, for closeWait at most, then cuts
// it short; no copy starts after it.
func (j *Journal) stopCopies() error {
	c := &j.copy
	c.mu.Lock()
	c.closed, c.again = true, false
	done := c.done
	c.mu.Unlock()
	if done != nil {
		after := c.after
		if after == nil {
			after = time.After
		}
		select {
		case <-done:
		case <-after(closeWait):
			c.cancel()
			<-done
		}
	}
	return j.closeCopyDB()
}

// closeCopyDB closes the copies' connection once no copy runs.
func (j *Journal) closeCopyDB() error {
	c := &j.copy
	if c.cancel != nil {
		c.cancel()
	}
	if c.db == nil {
		return nil
	}
	err := c.db.Close()
	c.db = nil
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	return nil
}

// Backup brings the rolling copy up to the journal as it is now, as the
// copy at a round end does (mirror.go), and returns once the copy is in
// place and checked.
func (j *Journal) Backup(ctx context.Context) error {
	db, err := j.copyDB()
	if err != nil {
		return err
	}
	err = j.mirror(ctx, db)
	j.copy.noted(err)
	return err
}
