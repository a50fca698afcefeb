package table

import (
	"context"
	"errors"
	"time"

	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee/journal"
)

// storage is what the table knows of its journal's disk beyond one event:
// a problem it can't solve by itself (a full card, a journal found damaged
// after the start), for a banner on the page (Snapshot.Alert) and on the
// OLED, and the sentence an event that would be journaled gets meanwhile.
// No write failure stops the table: it referees what needs no disk (a
// refusal), and a full card's problem goes when there is room again.
type storage struct {
	problem msg.Msg // the banner: table.alert.full, table.alert.damaged…; Key "" for none
	refuse  msg.Msg // what a journaled event gets while problem is on
	full    bool    // the card is full: the table writes again once there is room
}

// journalFailed answers an event the journal could not write: a refusal
// said at the table, and on a full card the banner until there is room.
// It never stops the table.
func (t *Table) journalFailed(err error, event string) {
	if errors.Is(err, journal.ErrDiskFull) {
		t.cardFull()
		t.refuse(CodeJournal, t.storage.refuse, event)
		return
	}
	t.refuse(CodeJournal, msg.Msg{Key: "table.journal"}, event)
}

// cardFull puts the table in the full card's state, looking for room every
// Config.StorageEvery.
func (t *Table) cardFull() {
	t.storage = storage{full: true,
		problem: msg.Msg{Key: "table.alert.full", Args: msg.Args{Path: t.cfg.DataDir}},
		refuse:  msg.Msg{Key: "table.full"}}
	t.after(timerStorage, t.cfg.StorageEvery)
}

// roomAgain is the storage timer: on a full card, once the disk has room
// again (Config.FreeSpace), the banner goes and the table writes again;
// with no game (the journal could not even open), it resumes the open
// game then.
func (t *Table) roomAgain() {
	if !t.storage.full {
		return
	}
	if t.cfg.FreeSpace == nil {
		return // the next event tries, and clears the problem if it is written
	}
	if n, err := t.cfg.FreeSpace(); err != nil || n < journal.MinFree {
		t.after(timerStorage, t.cfg.StorageEvery)
		return
	}
	t.storage = storage{}
	if t.cur.game == nil {
		if g, err := t.j.Resume(context.Background()); err == nil {
			t.adopt(g)
			t.logGame("game resumed")
		}
	}
	t.tell(Verdict{OK: true}, msg.Msg{Key: "table.room"})
	t.refresh()
}

// written notes an event the journal took: a full card has room again.
func (t *Table) written() {
	if t.storage.full {
		t.storage = storage{}
		t.sched.cancel(timerStorage)
	}
}

// Problem shows a problem with the journal found while the table runs (the
// whole-file check the daemon runs once its page is up finds the journal
// damaged): the banner m on the page and the OLED, and every event that
// would be journaled refused with the sentence refuse. Safe from any
// goroutine; it returns once Run has taken it, or ctx is done.
func (t *Table) Problem(ctx context.Context, m, refuse msg.Msg) error {
	select {
	case t.problems <- storage{problem: m, refuse: refuse}:
		return nil
	case <-t.halted:
		return ErrHalted
	case <-ctx.Done():
		return ctx.Err()
	}
}

// alert is the banner of the snapshot: what the daemon found at start, else
// the storage's problem.
func (t *Table) alert() msg.Msg {
	if t.cfg.Alert.Key != "" {
		return t.cfg.Alert
	}
	return t.storage.problem
}

// storageEvery is how often a table on a full card looks for room.
const storageEvery = 5 * time.Second
