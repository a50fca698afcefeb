package table

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cards/ndef"
	"github.com/unoref/unoref/cards/registry"
	"github.com/unoref/unoref/drivers/button"
	"github.com/unoref/unoref/drivers/mfrc522"
	"github.com/unoref/unoref/hardware/board"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/tablelog"
)

// Codes of refusals the daemon makes before the engine sees anything.
const (
	CodeUnreadable = "unreadable"     // the tag could not be read, or the reader is lost
	CodeUnknownTag = "unknown-tag"    // a blank tag, garbage, a card this deck does not print
	CodeOtherDeck  = "other-deck"     // a tag enrolled in another deck
	CodeForeign    = "foreign-tag"    // someone else's NDEF data
	CodeTwoCards   = "two-cards"      // two tags new in the field at once
	CodeDuplicate  = "duplicate-card" // the same tag twice on the pile
	CodeNoGame     = "no-game"        // a tap or press before any game
)

// tagCode sorts a tag the resolver refused.
func tagCode(err error) string {
	var fe *ndef.ForeignError
	switch {
	case errors.Is(err, registry.ErrOtherDeck):
		return CodeOtherDeck
	case errors.Is(err, registry.ErrForeign), errors.As(err, &fe):
		return CodeForeign
	case errors.Is(err, registry.ErrUnknownTag), errors.Is(err, ndef.ErrBlank), errors.Is(err, ndef.ErrCorrupt):
		return CodeUnknownTag
	}
	return CodeUnreadable
}

// readerEvent handles one event of a pad's reader.
func (t *Table) readerEvent(pad string, ev mfrc522.Event) error {
	defer func() {
		if t.v != nil {
			t.v.readerEvent(t, pad, ev)
		}
	}()
	switch ev.Kind {
	case mfrc522.ReaderLost:
		for k := range t.inField {
			if strings.HasPrefix(k, pad) {
				delete(t.inField, k)
			}
		}
		if pad == "play" {
			t.reader = "lost"
		} else {
			t.parts, _ = t.parts.Vanish(board.PartDrawReader, "stopped answering")
		}
		t.refuse(CodeUnreadable, "The "+pad+" pad's reader does not answer", "")
		return nil
	case mfrc522.ReaderBack:
		if pad == "play" {
			t.reader = "ok"
			if t.v != nil {
				t.reader = "sim"
			}
		} else {
			t.parts, _ = t.parts.Back(board.PartDrawReader)
		}
		t.refresh()
		return nil
	case mfrc522.TagLeft:
		delete(t.seen, ev.Tag.UID.String())
		delete(t.inField, pad+ev.Tag.UID.String())
		return nil
	case mfrc522.PollFailed:
		if errors.Is(ev.Err, mfrc522.ErrCollision) {
			t.refuse(CodeTwoCards, "Two cards at once: tap one card at a time", "")
		}
		return nil
	case mfrc522.TagArrived:
	default:
		return nil
	}
	uid := ev.Tag.UID.String()
	if t.seen[uid] {
		return nil
	}
	// Several tags new in the same poll are cards put down together; a
	// card still lying on the pad is not one of them.
	fresh := 0
	for _, p := range ev.Present {
		if !t.inField[pad+p.UID.String()] {
			fresh++
		}
	}
	for _, p := range ev.Present {
		t.inField[pad+p.UID.String()] = true
	}
	if fresh > 1 {
		for _, p := range ev.Present {
			t.seen[p.UID.String()] = true
		}
		t.refuse(CodeTwoCards, "Two cards at once: tap one card at a time", "")
		return nil
	}
	c, err := t.resolve(pad, ev.Tag)
	if err != nil {
		t.refuse(tagCode(err), tagProblem(err), "")
		return nil
	}
	return t.tap(pad, c, uid)
}

// resolve names the card of a tag: the deck registry first, then the card
// code written on the tag (registry.Resolver, or registry.ReadCard alone).
func (t *Table) resolve(pad string, tag mfrc522.Tag) (cards.Card, error) {
	r := t.dev.Play
	if pad == "draw" {
		r = t.dev.Draw
	}
	read := func(page uint8) ([]byte, error) { return r.ReadPages(tag.UID, page) }
	if t.dev.Resolver != nil {
		res, err := t.dev.Resolver.Resolve(context.Background(), tag.UID, tag.Data, read)
		return res.Card, err
	}
	if tag.Type >= mfrc522.TypeClassicMini {
		return cards.Card{}, &registry.TagError{Err: registry.ErrUnknownTag, UID: tag.UID.String(), Msg: "Unknown tag: this is not a card"}
	}
	_, c, derr, rerr := registry.ReadCard(tag.Data, read)
	if rerr != nil {
		return c, rerr
	}
	return c, derr
}

// tagProblem is one line for the OLED about a tag that names no card.
func tagProblem(err error) string {
	var fe *ndef.ForeignError
	var te *registry.TagError
	switch {
	case errors.As(err, &te):
		return te.Message()
	case errors.As(err, &fe):
		return "Not a card: this tag holds " + fe.Kind.String()
	case errors.Is(err, ndef.ErrBlank):
		return "This tag is blank: write a card on it first"
	}
	return "Could not read the card: tap it again"
}

// tap handles a card read on a pad.
func (t *Table) tap(pad string, c cards.Card, uid string) error {
	if t.game == nil {
		t.refuse(CodeNoGame, "No game yet: start one on the page", "")
		return nil
	}
	st := t.game.State()
	if t.pickQueue != nil {
		return t.pick(c)
	}
	who, named := t.takeSeat()
	switch st.Phase {
	case referee.PhaseOver:
		t.refuse(referee.ErrWrongPhase, "The game is over: start a new one", "")
		return nil
	case referee.PhaseSetup:
		return t.submit(tablelog.Event{Kind: tablelog.Start, Card: c})
	case referee.PhaseShow:
		return t.collectCard(st.Turn, c, st.Hands[st.Turn])
	case referee.PhaseCountup, referee.PhaseHeights:
		name := t.collectBy
		if named {
			name = who
		}
		if name == "" || t.done[name] {
			name = t.nextToCount(st)
		}
		if st.Phase == referee.PhaseHeights {
			return t.submit(tablelog.Event{Kind: tablelog.Hand, Name: name, Cards: []cards.Card{c}})
		}
		return t.collectCard(name, c, st.Hands[name])
	}
	if pad == "draw" {
		if st.Phase == referee.PhasePenalty || st.Phase == referee.PhaseChallenge {
			t.drawn = append(t.drawn, c)
			if len(t.drawn) < st.Pending {
				t.last = Verdict{OK: true, Message: fmt.Sprintf("%d of %d drawn", len(t.drawn), st.Pending), At: t.clock.Now()}
				t.refresh()
				return nil
			}
			ev := tablelog.Event{Kind: tablelog.Draw, Cards: t.drawn}
			t.drawn = nil
			return t.submit(ev)
		}
		return t.submit(tablelog.Event{Kind: tablelog.Draw, Cards: []cards.Card{c}})
	}
	ev := tablelog.Event{Kind: tablelog.Play, Card: c}
	if named {
		ev.Name = who
	}
	return t.submitTag(ev, uid)
}

// collectCard adds a shown card to name's hand line and sends it once it
// holds every card the referee knows of.
func (t *Table) collectCard(name string, c cards.Card, want int) error {
	if t.collectBy != name {
		t.collect, t.collectBy = t.collect[:0], name
	}
	t.collect = append(t.collect, c)
	if len(t.collect) < want {
		t.last = Verdict{OK: true, Message: fmt.Sprintf("%s: %d of %d cards shown", name, len(t.collect), want), At: t.clock.Now()}
		t.refresh()
		return nil
	}
	return t.sendCollected()
}

func (t *Table) sendCollected() error {
	st := t.game.State()
	name := t.collectBy
	if name == "" {
		switch st.Phase {
		case referee.PhaseShow:
			name = st.Turn
		default:
			name = t.nextToCount(st)
		}
	}
	ev := tablelog.Event{Kind: tablelog.Hand, Name: name, Cards: append([]cards.Card(nil), t.collect...)}
	t.collect, t.collectBy = t.collect[:0], ""
	return t.submit(ev)
}

// nextToCount is the first seat not yet counted (count-up) or picked
// (Extreme Heights) that holds cards, clockwise from the first seat.
func (t *Table) nextToCount(st referee.State) string {
	for _, p := range st.Players {
		if !t.done[p] && st.Hands[p] > 0 {
			return p
		}
	}
	return ""
}

// pick takes one card of the dealer pick: highest number deals, a symbol
// counts 0, ties pick again (RULES.md §2.1).
func (t *Table) pick(c cards.Card) error {
	v := 0
	if c.Kind == cards.Number {
		v = int(c.Number)
	}
	t.picks = append(t.picks, v)
	if len(t.picks) < len(t.pickQueue) {
		t.last = Verdict{OK: true, Message: fmt.Sprintf("%s picked %s", t.pickQueue[len(t.picks)-1], c.Name()), At: t.clock.Now()}
		t.refresh()
		return nil
	}
	best := -1
	var top []string
	for i, p := range t.pickQueue {
		switch {
		case t.picks[i] > best:
			best, top = t.picks[i], []string{p}
		case t.picks[i] == best:
			top = append(top, p)
		}
	}
	t.picks = t.picks[:0]
	if len(top) > 1 {
		t.pickQueue = top
		t.last = Verdict{OK: true, Message: "Tie: " + strings.Join(top, " and ") + " pick again", At: t.clock.Now()}
		t.refresh()
		return nil
	}
	t.pickQueue, t.picks = nil, nil
	return t.submit(tablelog.Event{Kind: tablelog.Dealer, Name: top[0]})
}

// takeSeat returns the seat pressed within the seat window, and forgets it.
func (t *Table) takeSeat() (string, bool) {
	if t.armed < 0 || t.game == nil {
		return "", false
	}
	s := t.armed
	t.armed = -1
	if t.clock.Now().Sub(t.armedAt) > t.cfg.SeatWindow {
		return "", false
	}
	ps := t.game.State().Players
	if s >= len(ps) {
		return "", false
	}
	return ps[s], true
}

// press handles a panel button.
func (t *Table) press(b button.Name) error {
	if t.game == nil {
		t.refuse(CodeNoGame, "No game yet: start one on the page", "")
		return nil
	}
	st := t.game.State()
	who, named := t.takeSeat()
	if t.pickQueue != nil {
		if b == button.Pass {
			// Skip the pick: the first player deals, as the log's default.
			t.pickQueue, t.picks = nil, nil
			return t.submit(tablelog.Event{Kind: tablelog.Dealer, Name: st.Players[0]})
		}
		t.refuse(referee.ErrWrongPhase, "Pick the dealer first: tap one card each, or PASS", "")
		return nil
	}
	switch b {
	case button.Red, button.Yellow, button.Green, button.Blue:
		return t.submit(tablelog.Event{Kind: tablelog.Color, Color: cards.Colors[b-button.Red]})
	case button.Challenge:
		return t.submit(tablelog.Event{Kind: tablelog.Challenge})
	case button.Draw:
		ev := tablelog.Event{Kind: tablelog.Draw}
		if len(t.drawn) > 0 && len(t.drawn) == st.Pending {
			ev.Cards = t.drawn
		}
		t.drawn = nil
		return t.submit(ev)
	case button.UNO:
		if named && st.UnoOpen != "" && st.UnoOpen != who && !t.uno.called {
			return t.submit(tablelog.Event{Kind: tablelog.Catch, Name: st.UnoOpen})
		}
		return t.submit(tablelog.Event{Kind: tablelog.Uno, Name: who})
	case button.Pass:
		switch st.Phase {
		case referee.PhaseShow, referee.PhaseCountup:
			if named && len(t.collect) == 0 {
				t.collectBy = who
			}
			return t.sendCollected()
		case referee.PhaseHeights:
			name := who
			if !named || t.done[name] {
				name = t.nextToCount(st)
			}
			return t.submit(tablelog.Event{Kind: tablelog.Hand, Name: name})
		}
		return t.submit(tablelog.Event{Kind: tablelog.Pass})
	}
	return nil
}

// seat handles a seat-pad press: it names who acts next, or the target of
// a 7 under seven-zero.
func (t *Table) seat(s int) error {
	if t.game == nil {
		return nil
	}
	st := t.game.State()
	if s >= len(st.Players) {
		return nil
	}
	if st.Phase == referee.PhaseSwap {
		return t.submit(tablelog.Event{Kind: tablelog.Swap, Name: st.Players[s]})
	}
	t.armed, t.armedAt = s, t.clock.Now()
	if st.Phase == referee.PhaseCountup && len(t.collect) == 0 {
		t.collectBy = st.Players[s]
	}
	t.last = Verdict{OK: true, Message: st.Players[s] + " acts", At: t.clock.Now()}
	t.refresh()
	return nil
}

// timer handles a timer of the table's clock; one stopped or replaced
// since it was set is ignored.
func (t *Table) timer(m timerMsg) error {
	if m.gen != t.timerGen[m.kind] {
		return nil
	}
	switch m.kind {
	case timerGrace:
		return t.flush()
	case timerAlert:
		t.alert, t.missed = 0, false
		t.refresh()
	}
	return nil
}

// after sets the timer of kind k, replacing the one set before.
func (t *Table) after(k timer, d time.Duration) {
	t.cancel(k)
	m := timerMsg{k, t.timerGen[k]}
	t.stops[k] = t.clock.AfterFunc(d, func() {
		select {
		case t.timers <- m:
		case <-t.halted:
		}
	})
}

// cancel stops the timer of kind k.
func (t *Table) cancel(k timer) {
	t.timerGen[k]++
	if t.stops[k] != nil {
		t.stops[k]()
		t.stops[k] = nil
	}
}

// heldEvent is an event waiting for an UNO grace to end, with the tag of
// the card played.
type heldEvent struct {
	ev  tablelog.Event
	uid string
}

// submit sends an event to the referee, or holds it while a player's UNO
// grace runs (see Config.UnoGrace).
func (t *Table) submit(ev tablelog.Event) error { return t.submitTag(ev, "") }

func (t *Table) submitTag(ev tablelog.Event, uid string) error {
	if len(t.held) > 0 {
		if ev.Kind == tablelog.Uno {
			// The call may save the player: it goes before what waited.
			t.held = append([]heldEvent{{ev: ev}}, t.held...)
			t.cancel(timerGrace)
			return t.flush()
		}
		t.held = append(t.held, heldEvent{ev, uid})
		t.refresh()
		return nil
	}
	if t.holds(ev) {
		t.held = append(t.held, heldEvent{ev, uid})
		t.after(timerGrace, t.uno.at.Add(t.cfg.UnoGrace).Sub(t.clock.Now()))
		t.refresh()
		return nil
	}
	return t.apply(ev, uid)
}

// holds reports whether ev would close an UNO window whose owner has not
// called and whose grace is still running.
func (t *Table) holds(ev tablelog.Event) bool {
	if t.cfg.UnoGrace <= 0 || t.uno.who == "" || t.uno.called {
		return false
	}
	if ev.Kind != tablelog.Play && ev.Kind != tablelog.Draw {
		return false
	}
	if t.game.Rules().UnoEnforcement != referee.EnforceAuto {
		return false
	}
	return t.clock.Now().Sub(t.uno.at) < t.cfg.UnoGrace
}

// flush applies the held events in order.
func (t *Table) flush() error {
	held := t.held
	t.held = nil
	for _, h := range held {
		if err := t.apply(h.ev, h.uid); err != nil {
			return err
		}
	}
	t.refresh()
	return nil
}

// apply journals and rules on one event, then shows the verdict. The
// journal has the event on disk before anything is shown.
func (t *Table) apply(ev tablelog.Event, uid string) error {
	now := t.clock.Now()
	ev.At, ev.Timed = now.Sub(t.t0).Round(time.Millisecond), true
	if ev.At < 0 {
		ev.At = 0
	}
	if uid != "" {
		// The same tag twice on the pile is a card taken back.
		b, _ := registry.ParseUID(uid)
		if err := t.pile.Play(b); err != nil {
			t.refuse(CodeDuplicate, registry.Message(err), ev.String())
			return nil
		}
	}
	before := t.game.State()
	v, err := t.game.Apply(context.Background(), ev)
	if uid != "" && (err != nil || !v.OK) {
		t.pile.Undo()
	}
	if err != nil {
		t.refuse("journal", "The journal failed: restart the referee", ev.String())
		return err
	}
	line := ev.String()
	ev.Timed = false
	said := ev.String()
	if v.OK || mistake(v) {
		t.pushLog(line)
		t.events++
	}
	st := t.game.State()
	t.track(ev, v, before, st, uid)
	t.last = Verdict{OK: v.OK, Code: v.Code, Message: v.Text(t.cfg.Lang), Msg: v.Msg, Event: said, At: now}
	t.effects(ev, v, st)
	t.refresh()
	return nil
}

// track keeps what the daemon knows beside the engine: the UNO window and
// its call, counted players, the dealer, the pile's tags.
func (t *Table) track(ev tablelog.Event, v referee.Verdict, before, st referee.State, uid string) {
	for _, e := range v.Effects {
		switch e.Kind {
		case referee.EffUnoCalled:
			t.lastCall = e.Player
			if e.Player == t.uno.who {
				t.uno.called = true
			}
		case referee.EffReshuffle:
			t.pile.Reshuffle()
		}
	}
	if !v.OK {
		return
	}
	switch ev.Kind {
	case tablelog.Dealer, tablelog.Start:
		t.dealerSet = true
		t.pile.Clear()
	case tablelog.Hand, tablelog.Points:
		t.done[ev.Name] = true
	}
	if st.Phase != before.Phase {
		t.collect, t.collectBy, t.drawn = t.collect[:0], "", nil
		if st.Phase != t.phase {
			t.done = map[string]bool{}
		}
	}
	t.phase = st.Phase
	switch {
	case st.UnoOpen == "":
		t.uno = unoWindow{}
	case st.UnoOpen != before.UnoOpen || (ev.Kind == tablelog.Play && st.UnoOpen != t.uno.who):
		t.uno = unoWindow{who: st.UnoOpen, at: t.clock.Now(), called: t.lastCall == st.UnoOpen}
		t.lastCall = ""
	}
}

// refuse shows a refusal the daemon makes itself (a tag that names no card).
func (t *Table) refuse(code, msg, event string) {
	t.last = Verdict{Code: code, Message: msg, Event: event, At: t.clock.Now()}
	t.effects(tablelog.Event{Kind: tablelog.Play}, referee.Verdict{Code: code, Msg: lang.Sentence{{Key: "plain", Args: lang.Args{Text: msg}}}}, referee.State{})
	t.refresh()
}
