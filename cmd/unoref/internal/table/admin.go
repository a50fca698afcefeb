package table

import (
	"context"
	"errors"

	"github.com/unoref/unoref/cmd/unoref/internal/screen"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/journal"
	"github.com/unoref/unoref/referee/playername"
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
		Names(ctx context.Context, game int64) (map[string]string, error)
		Rename(ctx context.Context, game int64, seat, name string) error
	}
)

// loadNames reads the names shown for the seats of the game just adopted;
// when they can't be read the seats show their own names, and the verdict
// says why.
func (t *Table) loadNames() {
	t.cur.id, t.cur.names = 0, nil
	if g, ok := t.cur.game.(gameID); ok {
		t.cur.id = g.ID()
	}
	n, ok := t.j.(namer)
	if !ok || t.cur.id == 0 {
		return
	}
	m, err := n.Names(context.Background(), t.cur.id)
	if err != nil {
		t.tell(Verdict{}, msg.Msg{Key: "table.names.fail", Args: msg.Args{Text: err.Error()}})
		return
	}
	t.cur.names = m
}

// disp is how the table shows the player seated as seat.
func (g *currentGame) disp(seat string) string {
	if d, ok := g.names[seat]; ok {
		return d
	}
	return seat
}

// nameRefused is the table's sentence for a *tablelog.NameError.
func nameRefused(err error) error {
	if m, bad := referee.NameMsg(err); bad {
		return &ActionError{Msg: msg.Sentence{m}}
	}
	return err
}

// rename renames the player in a seat (journal.RenameSeat: a roster player
// for every game, a guest in this game). who is the seat's name or the name
// shown.
func (t *Table) rename(who, name string) error {
	if t.cur.game == nil {
		return refuseAction("action.nogame", msg.Args{})
	}
	name, err := cleanName(name)
	if err != nil {
		return err
	}
	players := t.cur.game.State().Players
	seat := ""
	for _, p := range players {
		if p == who || t.cur.disp(p) == who || playername.Same(t.cur.disp(p), who) {
			seat = p
			break
		}
	}
	if seat == "" {
		return refuseAction("action.name.who", msg.Args{Value: who})
	}
	for _, p := range players {
		if p != seat && (playername.Same(p, name) || playername.Same(t.cur.disp(p), name)) {
			return refuseAction("action.name.taken", msg.Args{Value: name})
		}
	}
	old := t.cur.disp(seat)
	n, ok := t.j.(namer)
	if !ok || t.cur.id == 0 {
		return refuseAction("action.rename.cant", msg.Args{})
	}
	switch err = n.Rename(context.Background(), t.cur.id, seat, name); {
	case errors.Is(err, journal.ErrNameTaken):
		return refuseAction("action.name.other", msg.Args{Value: name})
	case err != nil:
		return refuseAction("action.name.save", msg.Args{Text: err.Error()})
	}
	t.loadNames()
	t.cfg.logger().Info("player renamed", "game", t.cur.id, "seat", seat, "from", old, "to", name)
	// Already display names: the sentence is not renamed again.
	t.tell(Verdict{OK: true})
	t.out.last.Msg = msg.Sentence{{Key: "table.renamed", Args: msg.Args{Other: old, Player: name}}}
	t.out.last.Message = t.say(t.out.last.Msg...)
	t.refresh()
	return nil
}

// undo takes back the last event: one held for an UNO grace, else the last
// journaled one, and rebuilds the game without it. The setup (players and
// rules) is not undone: start a new game instead.
func (t *Table) undo() error {
	if t.cur.game == nil {
		return refuseAction("action.nogame", msg.Args{})
	}
	if n := len(t.uno.held); n > 0 {
		ev := t.uno.held[n-1].ev
		t.uno.held = t.uno.held[:n-1]
		if len(t.uno.held) == 0 {
			t.sched.cancel(timerGrace)
		}
		t.tell(Verdict{OK: true}, t.undoMsg(ev, nil, t.cur.game.State()))
		t.refresh()
		return nil
	}
	u, ok := t.cur.game.(undoer)
	if !ok {
		return refuseAction("action.undo.cant", msg.Args{})
	}
	lines := t.cur.game.Lines()
	if len(lines) > 0 {
		if ev, ok, err := tablelog.Parse(lines[len(lines)-1], 0); err == nil && ok && (ev.Kind == tablelog.Players || ev.Kind == tablelog.Rules) {
			return refuseAction("action.undo.none", msg.Args{})
		}
	}
	was := t.cur.game.State()
	ev, err := u.Undo(context.Background())
	switch {
	case errors.Is(err, journal.ErrNothingToUndo):
		return refuseAction("action.undo.none", msg.Args{})
	case err != nil:
		return refuseAction("action.undo.fail", msg.Args{Text: err.Error()})
	}
	names := t.cur.names
	t.adopt(t.cur.game)
	t.cur.names = names
	t.out.buzz = ""
	t.tell(Verdict{OK: true}, t.undoMsg(ev, was.Hands, t.cur.game.State()))
	t.refresh()
	return nil
}

// end ends the game: one not won is abandoned, and no game is open until a
// new one starts.
func (t *Table) end() error {
	if t.cur.game == nil {
		return refuseAction("action.nogame", msg.Args{})
	}
	e, ok := t.cur.game.(ender)
	if !ok {
		return refuseAction("action.end.cant", msg.Args{})
	}
	if err := e.End(context.Background()); err != nil {
		return refuseAction("action.end.fail", msg.Args{Text: err.Error()})
	}
	st := t.cur.game.State()
	if f, won := t.finished(); won {
		t.out.final = &f
	} else {
		t.finish(screen.EndAbandoned)
	}
	t.sched.cancel(timerGrace)
	t.sched.cancel(timerSlap)
	t.cur.game, t.cur.id = nil, 0
	t.uno.held, t.dealer.queue, t.dealer.picks, t.taps.cards, t.taps.by, t.taps.drawn = nil, nil, nil, nil, "", nil
	t.uno.win, t.out.alert, t.out.amber, t.out.buzz = unoWindow{}, 0, false, ""
	t.out.log, t.cur.events = nil, 0
	t.tags.pile.Clear()
	t.out.roundPts, t.out.counted = nil, 0
	m := msg.Msg{Key: "table.abandoned"}
	switch {
	case st.Winner != "" && st.Early:
		m = msg.Msg{Key: "table.ended.early", Args: msg.Args{Player: st.Winner}}
	case st.Winner != "":
		m = msg.Msg{Key: "table.ended", Args: msg.Args{Player: st.Winner}}
	}
	t.tell(Verdict{OK: true}, m)
	t.cur.names = nil
	t.refresh()
	return nil
}

// finishNow stops the game and scores it as it stands (an end line,
// RULES.md §3 "Stopping early"): the referee names the player ahead as
// the winner, the journal closes the game, and the final standings stay
// on the OLED. While nobody is ahead the referee's refusal (who is level)
// is the action's, and the game goes on; a game already over is closed.
func (t *Table) finishNow() error {
	if t.cur.game == nil {
		return refuseAction("action.nogame", msg.Args{})
	}
	if st := t.cur.game.State(); st.Phase != referee.PhaseOver {
		end := tablelog.Event{Kind: tablelog.End}
		if st.Leader == "" {
			// Not journaled: a refused end line changes nothing and is
			// nobody's refusal.
			v, err := t.cur.game.Apply(context.Background(), end)
			if err != nil {
				return refuseAction("action.end.fail", msg.Args{Text: err.Error()})
			}
			return &ActionError{Msg: t.named(v.Sentence())}
		}
		// Held plays wait for an UNO grace that no longer matters.
		t.uno.held = nil
		if err := t.apply(end, ""); err != nil {
			return err
		}
	}
	return t.end()
}

// undoMsg says in words what to do once ev is undone: whose card to take
// back, what to put back on the draw pile. hands are the hand counts
// before the undo (nil for an event that was only held); st is the state
// after it.
func (t *Table) undoMsg(ev tablelog.Event, hands map[string]int, st referee.State) msg.Msg {
	who := ev.Name
	if who == "" {
		who = st.Turn
	}
	a := msg.Args{Player: who}
	switch ev.Kind {
	case tablelog.Play:
		a.Card = ev.Card
		return msg.Msg{Key: "undo.play", Args: a}
	case tablelog.Draw:
		a.Player, a.N = drewBack(hands, st, who, max(len(ev.Cards), 1))
		return msg.Msg{Key: "undo.draw", Args: a}
	case tablelog.Start:
		return msg.Msg{Key: "undo.start", Args: msg.Args{Card: ev.Card}}
	case tablelog.Color:
		return msg.Msg{Key: "undo.color", Args: a}
	case tablelog.Pass:
		return msg.Msg{Key: "undo.pass", Args: a}
	case tablelog.Hand, tablelog.Points:
		return msg.Msg{Key: "undo.hand", Args: a}
	}
	ev.Timed = false
	return msg.Msg{Key: "undo.other", Args: msg.Args{Text: ev.String()}}
}

// drewBack is who puts cards back after a draw is undone, and how many:
// the player whose hand the undo made smaller, else who and n.
func drewBack(hands map[string]int, st referee.State, who string, n int) (string, int) {
	for _, p := range st.Players {
		if d := hands[p] - st.Hands[p]; d > 0 {
			return p, d
		}
	}
	return who, n
}
