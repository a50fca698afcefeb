package mfrc522

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// EventKind says what an Event reports.
type EventKind int

// Event kinds.
const (
	// TagArrived: Tag entered the field. Present lists every tag now in
	// the field; more than one means several cards at once.
	TagArrived EventKind = iota + 1
	// TagLeft: Tag was missing from two polls in a row.
	TagLeft
	// ReaderLost: the MFRC522 stopped answering (Err says why). Tags known
	// until then are reported as left first.
	ReaderLost
	// ReaderBack: the MFRC522 answers again and was re-initialised.
	ReaderBack
	// PollFailed: a poll failed after its retries, for example with
	// ErrCollision when tags cannot be told apart. Known tags are kept.
	PollFailed
)

var kindNames = [...]string{"", "TagArrived", "TagLeft", "ReaderLost", "ReaderBack", "PollFailed"}

func (k EventKind) String() string {
	if k <= 0 || int(k) >= len(kindNames) {
		return fmt.Sprintf("EventKind(%d)", int(k))
	}
	return kindNames[k]
}

// Event is one change seen by Watch.
type Event struct {
	Kind    EventKind
	Time    time.Time // from Opts.Now, at the end of the poll that saw it
	Tag     Tag       // TagArrived, TagLeft
	Present []Tag     // tags in the field after this event
	Err     error     // ReaderLost, PollFailed
}

func (e Event) String() string {
	switch e.Kind {
	case TagArrived, TagLeft:
		return fmt.Sprintf("%s %s (%d present)", e.Kind, e.Tag, len(e.Present))
	case ReaderLost, PollFailed:
		return fmt.Sprintf("%s: %v", e.Kind, e.Err)
	}
	return e.Kind.String()
}

// Poll is one attempt of Watch: with one tag already known it checks that
// tag's presence by WUPA and SELECT of its UID, then looks for newcomers with
// REQA (a halted tag does not answer it); otherwise, or when anything new
// answers, it runs Detect.
func (d *Dev) Poll(known []Tag) ([]Tag, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.halted {
		return nil, ErrHalted
	}
	if len(known) != 1 {
		return d.detect(len(known) > 0)
	}
	k := known[0]
	err := d.retry(func() error {
		if _, err := d.activate(k.UID); err != nil {
			return err
		}
		return d.hlta()
	})
	switch {
	case errors.Is(err, ErrNoTag):
		return d.detect(false)
	case err != nil:
		return nil, err
	}
	if _, err := d.request(piccREQA); errors.Is(err, ErrTimeout) {
		return known, nil
	}
	// A newcomer answered and is READY now. detect starts with a WUPA,
	// which a READY tag does not answer ("any other command" sends it back
	// to IDLE, ISO/IEC 14443-3 §6.3), so it would be missed: one more REQA
	// parks it in IDLE, where detect's WUPA wakes it with the known tag.
	if _, err := d.request(piccREQA); err != nil && !errors.Is(err, ErrTimeout) {
		return nil, err
	}
	return d.detect(true)
}

// Watch polls every Opts.PollPeriod until ctx is done or Halt is called,
// and sends one event per change: a tag arriving (once, however long it
// stays), leaving (after two polls without it, so one missed poll is
// tolerated), the reader lost and back. Watch owns the channel and closes
// it when it returns. While Watch runs, other methods may still be called;
// they take turns with the polls.
func (d *Dev) Watch(ctx context.Context) <-chan Event {
	ch := make(chan Event, 4)
	go func() {
		defer close(ch)
		d.watch(ctx, ch)
	}()
	return ch
}

type seen struct {
	tag    Tag
	misses int
}

// watcher is the state of one Watch: the tags known and where events go.
type watcher struct {
	d     *Dev
	ctx   context.Context
	ch    chan<- Event
	known []seen
	// timer serves every wait of this Watch on a real clock: a new one
	// per poll would be garbage 50 times a second (issue 21). Go 1.23's
	// timers need no draining before Reset.
	timer *time.Timer
}

func (d *Dev) watch(ctx context.Context, ch chan<- Event) {
	w := &watcher{d: d, ctx: ctx, ch: ch}
	next := d.o.Now()
	for ctx.Err() == nil {
		tags, err := d.Poll(w.present())
		ok, restart := w.report(tags, err)
		if !ok {
			return
		}
		if restart {
			next = d.o.Now()
			continue
		}
		next = w.nextPoll(next)
	}
}

// report turns one poll's result into events. ok is false when Watch must
// end; restart when the reader came back and the schedule starts again.
func (w *watcher) report(tags []Tag, err error) (ok, restart bool) {
	now := w.d.o.Now()
	switch {
	case errors.Is(err, ErrHalted):
		return false, false
	case errors.Is(err, ErrReaderGone):
		return w.readerGone(now, err), true
	case err != nil:
		return w.send(Event{Kind: PollFailed, Time: now, Err: err, Present: w.present()}), false
	}
	return w.changes(now, tags), false
}

// readerGone reports every known tag as left and the reader as lost, then
// waits until it is back.
func (w *watcher) readerGone(now time.Time, err error) bool {
	for len(w.known) > 0 {
		t := w.known[0].tag
		w.known = w.known[1:]
		if !w.send(Event{Kind: TagLeft, Time: now, Tag: t, Present: w.present()}) {
			return false
		}
	}
	if !w.send(Event{Kind: ReaderLost, Time: now, Err: err}) || !w.waitBack() {
		return false
	}
	return w.send(Event{Kind: ReaderBack, Time: w.d.o.Now()})
}

// changes reports the tags that left and arrived in this poll.
func (w *watcher) changes(now time.Time, tags []Tag) bool {
	var arrived, left []Tag
	w.known, arrived, left = diff(w.known, tags)
	w.traceMisses(now)
	for _, t := range left {
		if !w.send(Event{Kind: TagLeft, Time: now, Tag: t, Present: w.present()}) {
			return false
		}
	}
	for _, t := range arrived {
		if !w.send(Event{Kind: TagArrived, Time: now, Tag: t, Present: w.present()}) {
			return false
		}
	}
	return true
}

func (w *watcher) traceMisses(now time.Time) {
	if w.d.trace == nil {
		return
	}
	for _, s := range w.known {
		if s.misses > 0 {
			w.d.trace("miss %v at %v", s.tag.UID, now)
		}
	}
}

// send delivers e unless the context ends first.
func (w *watcher) send(e Event) bool {
	select {
	case w.ch <- e:
		return true
	case <-w.ctx.Done():
		return false
	}
}

// present lists the known tags.
func (w *watcher) present() []Tag {
	p := make([]Tag, len(w.known))
	for i, s := range w.known {
		p[i] = s.tag
	}
	return p
}

// nextPoll waits for the next poll at a fixed rate, start to start; after an
// overrun the schedule starts again now.
func (w *watcher) nextPoll(next time.Time) time.Time {
	d := w.d
	next = next.Add(d.o.PollPeriod)
	if left := next.Sub(d.o.Now()); left > 0 {
		w.wait(left)
		return next
	}
	return d.o.Now()
}

// diff merges one poll's tags into the known ones: a tag seen again is
// reset to no misses, a new one arrives, and one missing from two polls
// in a row has left.
func diff(known []seen, tags []Tag) (kept []seen, arrived, left []Tag) {
	for i := range known {
		known[i].misses++
	}
	for _, t := range tags {
		if !markSeen(known, t.UID) {
			known = append(known, seen{tag: t})
			arrived = append(arrived, t)
		}
	}
	kept = known[:0]
	for _, s := range known {
		if s.misses >= 2 {
			left = append(left, s.tag)
		} else {
			kept = append(kept, s)
		}
	}
	return kept, arrived, left
}

// markSeen clears the misses of the known tag with this UID, if any.
func markSeen(known []seen, u UID) bool {
	found := false
	for i := range known {
		if known[i].tag.UID.Equal(u) {
			known[i].misses = 0
			found = true
		}
	}
	return found
}

// waitBack probes VersionReg with exponential back-off until the reader
// answers (and is re-initialised) or ctx is done.
func (w *watcher) waitBack() bool {
	d := w.d
	wait := d.o.Backoff
	for w.ctx.Err() == nil {
		w.wait(wait)
		err := d.Check()
		if err == nil {
			return true
		}
		if errors.Is(err, ErrHalted) {
			return false
		}
		if wait < 16*d.o.Backoff {
			wait *= 2
		}
	}
	return false
}

// WorstCaseLatency is the longest time from a tag entering the field to its
// TagArrived event with these options and no faults: a tag arriving just
// after a poll's WUPA is found by the next poll, one PollPeriod later (plus
// up to one host sleep step more: the sleep between polls is rounded up),
// which then needs one detection (detect is its modelled duration, for
// example from the simulator's clock).
func WorstCaseLatency(o *Opts, detect time.Duration) time.Duration {
	p := 20 * time.Millisecond
	if o != nil && o.PollPeriod > 0 {
		p = o.PollPeriod
	}
	return p + sleepStep + sleepLatency + detect
}

// wait sleeps for dur, or less if the Watch's context is done first and
// the clock is real.
func (w *watcher) wait(dur time.Duration) {
	if !w.d.realClock {
		w.d.o.Sleep(dur)
		return
	}
	if w.timer == nil {
		w.timer = time.NewTimer(dur)
	} else {
		w.timer.Reset(dur)
	}
	select {
	case <-w.timer.C:
	case <-w.ctx.Done():
		w.timer.Stop()
	}
}
