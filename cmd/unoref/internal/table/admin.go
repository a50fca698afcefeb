package table

import (
	"context"
	"errors"
	"maps"
	"strings"

	"github.com/unoref/unoref/referee/journal"
	"github.com/unoref/unoref/referee/tablelog"
)

// Optional abilities of a Game and a Journal: SQLJournal has them all; a
// table without them refuses the action that needs them.
type (
	gameID interface{ ID() int64 }
	undoer interface {
		Undo(ctx context.Context) (tablelog.Event, error)
	}
	ender interface {
		End(ctx context.Context) error
	}
	namer interface {
		Names(game int64) map[string]string
		Rename(game int64, seat, name string) error
	}
)

// loadNames reads the display names of the game just adopted.
func (t *Table) loadNames() {
	t.gameID, t.names = 0, nil
	if g, ok := t.game.(gameID); ok {
		t.gameID = g.ID()
	}
	if n, ok := t.j.(namer); ok && t.gameID != 0 {
		t.names = n.Names(t.gameID)
	}
}

// disp is how the table shows the player seated as seat.
func (t *Table) disp(seat string) string {
	if d, ok := t.names[seat]; ok {
		return d
	}
	return seat
}

// rename gives a seat a display name. who is the seat's name or its display
// name; the seat's own name clears a rename.
func (t *Table) rename(who, name string) error {
	if t.game == nil {
		return refuseAction("No game is being played.")
	}
	if err := tablelog.CheckName(name); err != nil {
		return refuseAction("%s", err)
	}
	players := t.game.State().Players
	seat := ""
	for _, p := range players {
		if p == who || t.disp(p) == who {
			seat = p
			break
		}
	}
	if seat == "" {
		return refuseAction("Nobody called %q plays.", who)
	}
	for _, p := range players {
		if p != seat && (strings.EqualFold(p, name) || strings.EqualFold(t.disp(p), name)) {
			return refuseAction("%s already plays: names must differ.", name)
		}
	}
	old := t.disp(seat)
	if n, ok := t.j.(namer); ok && t.gameID != 0 {
		if err := n.Rename(t.gameID, seat, name); err != nil {
			return refuseAction("The name could not be saved (%v).", err)
		}
	}
	m := maps.Clone(t.names)
	if m == nil {
		m = map[string]string{}
	}
	if name == seat {
		delete(m, seat)
	} else {
		m[seat] = name
	}
	t.names = m
	t.last = Verdict{OK: true, Message: old + " is now " + name, At: t.clock.Now()}
	t.refresh()
	return nil
}

// undo takes back the last event: one held for an UNO grace, else the last
// journaled one, and rebuilds the game without it. The setup (players and
// rules) is not undone: start a new game instead.
func (t *Table) undo() error {
	if t.game == nil {
		return refuseAction("No game is being played.")
	}
	if n := len(t.held); n > 0 {
		ev := t.held[n-1].ev
		t.held = t.held[:n-1]
		if len(t.held) == 0 {
			t.cancel(timerGrace)
		}
		ev.Timed = false
		t.last = Verdict{OK: true, Message: "Undone: " + ev.String(), At: t.clock.Now()}
		t.refresh()
		return nil
	}
	u, ok := t.game.(undoer)
	if !ok {
		return refuseAction("This table can't undo.")
	}
	lines := t.game.Lines()
	if len(lines) > 0 {
		if ev, ok, err := tablelog.Parse(lines[len(lines)-1], 0); err == nil && ok && (ev.Kind == tablelog.Players || ev.Kind == tablelog.Rules) {
			return refuseAction("Nothing to undo: the game has just been set up.")
		}
	}
	ev, err := u.Undo(context.Background())
	switch {
	case errors.Is(err, journal.ErrNothingToUndo):
		return refuseAction("Nothing to undo: the game has just been set up.")
	case err != nil:
		return refuseAction("The journal could not undo (%v).", err)
	}
	names := t.names
	t.adopt(t.game)
	t.names = names
	t.alert, t.missed, t.buzz = 0, false, ""
	ev.Timed = false
	t.last = Verdict{OK: true, Message: "Undone: " + ev.String(), At: t.clock.Now()}
	t.refresh()
	return nil
}

// end ends the game: one not won is abandoned, and no game is open until a
// new one starts.
func (t *Table) end() error {
	if t.game == nil {
		return refuseAction("No game is being played.")
	}
	e, ok := t.game.(ender)
	if !ok {
		return refuseAction("This table can't end a game.")
	}
	if err := e.End(context.Background()); err != nil {
		return refuseAction("The journal could not end the game (%v).", err)
	}
	st := t.game.State()
	t.cancel(timerGrace)
	t.game, t.gameID, t.names = nil, 0, nil
	t.held, t.pickQueue, t.picks, t.collect, t.collectBy, t.drawn = nil, nil, nil, nil, "", nil
	t.uno, t.alert, t.missed, t.buzz = unoWindow{}, 0, false, ""
	t.log, t.events = nil, 0
	t.pile.Clear()
	msg := "Game abandoned"
	if st.Winner != "" {
		msg = "Game over: " + st.Winner + " won"
	}
	t.last = Verdict{OK: true, Message: msg, At: t.clock.Now()}
	t.refresh()
	return nil
}
