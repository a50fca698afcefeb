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
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/journal"
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
	CodeBadLine    = "bad-line"       // an event the table log can't hold (RULES.md §7's code)
	CodeJournal    = "journal"        // the journal could not write the event (a full card, a failing one)
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
	defer t.person.ReaderRuled(pad, ev)
	switch ev.Kind {
	case mfrc522.ReaderLost:
		for k := range t.tags.inField {
			if strings.HasPrefix(k, pad) {
				delete(t.tags.inField, k)
			}
		}
		if pad == "play" {
			t.out.reader = "lost"
		} else {
			t.parts, _ = t.parts.Vanish(board.PartDrawReader, "stopped answering")
		}
		t.refuse(CodeUnreadable, msg.Msg{Key: "table.reader." + pad}, "")
		return nil
	case mfrc522.ReaderBack:
		if pad == "play" {
			t.out.reader = t.readerOK()
		} else {
			t.parts, _ = t.parts.Back(board.PartDrawReader)
		}
		t.refresh()
		return nil
	case mfrc522.TagLeft:
		delete(t.tags.seen, registry.FormatUID(ev.Tag.UID))
		delete(t.tags.inField, pad+registry.FormatUID(ev.Tag.UID))
		return nil
	case mfrc522.PollFailed:
		if errors.Is(ev.Err, mfrc522.ErrCollision) {
			t.refuse(CodeTwoCards, msg.Msg{Key: "tag.twocards"}, "")
		}
		return nil
	case mfrc522.TagArrived:
	default:
		return nil
	}
	uid := registry.FormatUID(ev.Tag.UID)
	if t.tags.seen[uid] {
		return nil
	}
	// Several tags new in the same poll are cards put down together; a
	// card still lying on the pad is not one of them.
	fresh := 0
	for _, p := range ev.Present {
		if !t.tags.inField[pad+registry.FormatUID(p.UID)] {
			fresh++
		}
	}
	for _, p := range ev.Present {
		t.tags.inField[pad+registry.FormatUID(p.UID)] = true
	}
	if fresh > 1 {
		for _, p := range ev.Present {
			t.tags.seen[registry.FormatUID(p.UID)] = true
		}
		t.refuse(CodeTwoCards, msg.Msg{Key: "tag.twocards"}, "")
		return nil
	}
	c, err := t.resolve(pad, ev.Tag)
	if err != nil {
		t.refuse(tagCode(err), tagMsg(err), "")
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
		te := &registry.TagError{Err: registry.ErrUnknownTag, UID: registry.FormatUID(tag.UID), Msg: "Unknown tag: this is not a card"}
		return cards.Card{}, fmt.Errorf("%w: %w", errNotCard, te)
	}
	_, c, derr, rerr := registry.ReadCard(tag.Data, read)
	if rerr != nil {
		return c, rerr
	}
	return c, derr
}

// tap handles a card read on a pad.
func (t *Table) tap(pad string, c cards.Card, uid string) error {
	if t.cur.game == nil {
		t.refuse(CodeNoGame, msg.Msg{Key: "table.nogame"}, "")
		return nil
	}
	st := t.cur.game.State()
	if t.dealer.queue != nil {
		return t.pick(c)
	}
	who, named := t.takeSeat()
	switch st.Phase {
	case referee.PhaseOver:
		t.refuse(referee.ErrWrongPhase, msg.Msg{Key: "table.over"}, "")
		return nil
	case referee.PhaseSetup:
		return t.submit(tablelog.Event{Kind: tablelog.Start, Card: c})
	case referee.PhaseShow:
		return t.collectCard(st.Turn, c, st.Hands[st.Turn])
	case referee.PhaseCountup, referee.PhaseHeights:
		name := t.taps.by
		if named {
			name = who
		}
		if name == "" || t.taps.done[name] {
			name = t.taps.nextToCount(st)
		}
		if st.Phase == referee.PhaseHeights {
			return t.submit(tablelog.Event{Kind: tablelog.Hand, Name: name, Cards: []cards.Card{c}})
		}
		return t.collectCard(name, c, st.Hands[name])
	}
	if pad == "draw" {
		if st.Phase == referee.PhasePenalty || st.Phase == referee.PhaseChallenge {
			t.taps.drawn = append(t.taps.drawn, c)
			if len(t.taps.drawn) < st.Pending {
				t.news("table.drawn", msg.Args{N: len(t.taps.drawn), K: st.Pending})
				return nil
			}
			ev := tablelog.Event{Kind: tablelog.Draw, Cards: t.taps.drawn}
			t.taps.drawn = nil
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
	if t.taps.by != name {
		t.taps.cards, t.taps.by = t.taps.cards[:0], name
	}
	t.taps.cards = append(t.taps.cards, c)
	if len(t.taps.cards) < want {
		t.news("table.shown", msg.Args{Player: name, N: len(t.taps.cards), K: want})
		return nil
	}
	return t.sendCollected()
}

func (t *Table) sendCollected() error {
	st := t.cur.game.State()
	name := t.taps.by
	if name == "" {
		switch st.Phase {
		case referee.PhaseShow:
			name = st.Turn
		default:
			name = t.taps.nextToCount(st)
		}
	}
	ev := tablelog.Event{Kind: tablelog.Hand, Name: name, Cards: append([]cards.Card(nil), t.taps.cards...)}
	t.taps.cards, t.taps.by = t.taps.cards[:0], ""
	return t.submit(ev)
}

// nextToCount is the first seat not yet counted (count-up) or picked
// (Extreme Heights) that holds cards, clockwise from the first seat.
func (c *tapLines) nextToCount(st referee.State) string {
	for _, p := range st.Players {
		if !c.done[p] && st.Hands[p] > 0 {
			return p
		}
	}
	return ""
}

// pick takes one card of the dealer pick: highest number deals, a symbol
// counts 0, ties pick again (RULES.md §2, "Who deals").
func (t *Table) pick(c cards.Card) error {
	v := 0
	if c.Kind == cards.Number {
		v = int(c.Number)
	}
	t.dealer.picks = append(t.dealer.picks, v)
	if len(t.dealer.picks) < len(t.dealer.queue) {
		t.news("table.picked", msg.Args{Player: t.dealer.queue[len(t.dealer.picks)-1], Card: c})
		return nil
	}
	best := -1
	var top []string
	for i, p := range t.dealer.queue {
		switch {
		case t.dealer.picks[i] > best:
			best, top = t.dealer.picks[i], []string{p}
		case t.dealer.picks[i] == best:
			top = append(top, p)
		}
	}
	t.dealer.picks = t.dealer.picks[:0]
	if len(top) > 1 {
		t.dealer.queue = top
		t.news("table.tie", msg.Args{Names: top})
		return nil
	}
	t.dealer.queue, t.dealer.picks = nil, nil
	return t.submit(tablelog.Event{Kind: tablelog.Dealer, Name: top[0]})
}

// takeSeat returns the seat pressed within the seat window, and forgets it.
func (t *Table) takeSeat() (string, bool) {
	if t.armed.seat < 0 || t.cur.game == nil {
		return "", false
	}
	s := t.armed.seat
	t.armed.seat = -1
	if t.clock.Now().Sub(t.armed.at) > t.cfg.SeatWindow {
		return "", false
	}
	ps := t.cur.game.State().Players
	if s >= len(ps) {
		return "", false
	}
	return ps[s], true
}

// press handles a panel button.
func (t *Table) press(b button.Name) error {
	if t.cur.game == nil {
		t.refuse(CodeNoGame, msg.Msg{Key: "table.nogame"}, "")
		return nil
	}
	st := t.cur.game.State()
	who, named := t.takeSeat()
	if t.dealer.queue != nil {
		if b == button.Pass {
			// Skip the pick: the first player deals, as the log's default.
			t.dealer.queue, t.dealer.picks = nil, nil
			return t.submit(tablelog.Event{Kind: tablelog.Dealer, Name: st.Players[0]})
		}
		t.refuse(referee.ErrWrongPhase, msg.Msg{Key: "table.pickfirst"}, "")
		return nil
	}
	switch b {
	case button.Red, button.Yellow, button.Green, button.Blue:
		return t.submit(tablelog.Event{Kind: tablelog.Color, Color: cards.Colors[b-button.Red]})
	case button.Challenge:
		return t.submit(tablelog.Event{Kind: tablelog.Challenge})
	case button.Draw:
		ev := tablelog.Event{Kind: tablelog.Draw}
		if len(t.taps.drawn) > 0 && len(t.taps.drawn) == st.Pending {
			ev.Cards = t.taps.drawn
		}
		t.taps.drawn = nil
		return t.submit(ev)
	case button.UNO:
		if named && st.UnoOpen != "" && st.UnoOpen != who && !t.uno.win.called {
			return t.submit(tablelog.Event{Kind: tablelog.Catch, Name: st.UnoOpen, By: who})
		}
		return t.submit(tablelog.Event{Kind: tablelog.Uno, Name: who})
	case button.Pass:
		switch st.Phase {
		case referee.PhaseShow, referee.PhaseCountup:
			if named && len(t.taps.cards) == 0 {
				t.taps.by = who
			}
			return t.sendCollected()
		case referee.PhaseHeights:
			name := who
			if !named || t.taps.done[name] {
				name = t.taps.nextToCount(st)
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
	if t.cur.game == nil {
		return nil
	}
	st := t.cur.game.State()
	if s >= len(st.Players) {
		return nil
	}
	if st.SlapFor != "" {
		// Each press while a slap is open is that player's slap.
		return t.submit(tablelog.Event{Kind: tablelog.Slap, Name: st.Players[s]})
	}
	if st.Phase == referee.PhaseSwap {
		return t.submit(tablelog.Event{Kind: tablelog.Swap, Name: st.Players[s]})
	}
	t.armed.seat, t.armed.at = s, t.clock.Now()
	if st.Phase == referee.PhaseCountup && len(t.taps.cards) == 0 {
		t.taps.by = st.Players[s]
	}
	t.news("table.acts", msg.Args{Player: st.Players[s]})
	return nil
}

// timer handles a timer of the table's clock; one stopped or replaced
// since it was set is ignored.
func (t *Table) timer(m timerMsg) error {
	if m.gen != t.sched.gen[m.kind] {
		return nil
	}
	switch m.kind {
	case timerGrace:
		return t.flush()
	case timerAlert:
		t.out.alert, t.out.amber = 0, false
		t.refresh()
	case timerPage:
		t.nextPage()
	case timerBuzz:
		t.refresh()
	case timerSlap:
		return t.slapForLate()
	case timerStorage:
		t.roomAgain()
	}
	return nil
}

// after sets the timer of kind k, replacing the one set before.
func (t *Table) after(k timer, d time.Duration) {
	t.sched.cancel(k)
	m := timerMsg{k, t.sched.gen[k]}
	t.sched.stops[k] = t.clock.AfterFunc(d, func() {
		select {
		case t.timers <- m:
		case <-t.halted:
		}
	})
}

// cancel stops the timer of kind k.
func (s *timerSet) cancel(k timer) {
	s.gen[k]++
	if s.stops[k] != nil {
		s.stops[k]()
		s.stops[k] = nil
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
	if len(t.uno.held) > 0 {
		if ev.Kind == tablelog.Uno {
			// The call may save the player: it goes before what waited.
			t.uno.held = append([]heldEvent{{ev: ev}}, t.uno.held...)
			t.sched.cancel(timerGrace)
			return t.flush()
		}
		t.uno.held = append(t.uno.held, heldEvent{ev, uid})
		t.refresh()
		return nil
	}
	if t.holds(ev) {
		t.uno.held = append(t.uno.held, heldEvent{ev, uid})
		t.after(timerGrace, t.uno.win.at.Add(t.cfg.UnoGrace).Sub(t.clock.Now()))
		t.refresh()
		return nil
	}
	return t.apply(ev, uid)
}

// holds reports whether ev would close an UNO window whose owner has not
// called and whose grace is still running.
func (t *Table) holds(ev tablelog.Event) bool {
	if t.cfg.UnoGrace <= 0 || t.uno.win.who == "" || t.uno.win.called {
		return false
	}
	if ev.Kind != tablelog.Play && ev.Kind != tablelog.Draw {
		return false
	}
	if t.cur.game.Rules().UnoEnforcement != referee.EnforceAuto {
		return false
	}
	return t.clock.Now().Sub(t.uno.win.at) < t.cfg.UnoGrace
}

// flush applies the held events in order.
func (t *Table) flush() error {
	held := t.uno.held
	t.uno.held = nil
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
	ev.At, ev.Timed = now.Sub(t.cur.t0).Round(time.Millisecond), true
	if ev.At < 0 {
		ev.At = 0
	}
	if uid != "" {
		// The same tag twice on the pile is a card taken back.
		if err := pileOn(&t.tags.pile, uid); err != nil {
			t.refuse(CodeDuplicate, tagMsg(err), ev.String())
			return nil
		}
	}
	if t.storage.refuse.Key != "" && !t.storage.full {
		// The journal was found damaged: nothing more goes into it.
		if uid != "" {
			t.tags.pile.Undo()
		}
		t.refuse(CodeJournal, t.storage.refuse, ev.String())
		return nil
	}
	before := t.cur.game.State()
	v, err := t.cur.game.ApplyTag(context.Background(), ev, uid)
	if err != nil {
		if uid != "" {
			t.tags.pile.Undo()
		}
		if errors.Is(err, journal.ErrBadEvent) {
			// What was given can't be a line of the log: a refusal, and
			// the game goes on as it was.
			m := badEventMsg(err)
			t.refuse(CodeBadLine, m, "")
			return &ActionError{Msg: msg.Sentence{m}}
		}
		t.journalFailed(err, ev.String())
		return nil
	}
	n := t.signal(ev, v)
	line := ev.String()
	ev.Timed = false
	said := ev.String()
	if v.OK || mistake(v) {
		t.out.pushLog(line)
		t.cur.events++
		t.written()
	}
	st := t.cur.game.State()
	if st.Phase == referee.PhaseOver && before.Phase != referee.PhaseOver {
		t.logEnded(endOf(st))
	}
	t.track(ev, v, before, st, uid)
	t.tell(Verdict{OK: v.OK, Code: v.Code, Event: said}, v.Sentence()...)
	t.effects(n, before, st)
	t.speakVerdict(ev, v, before, st)
	t.refresh()
	return nil
}

// badEventMsg is the sentence that refuses an event the journal can't
// write as a table-log line: the name's own sentence when a name is why.
func badEventMsg(err error) msg.Msg {
	if m, bad := referee.NameMsg(err); bad {
		return m
	}
	return msg.Msg{Key: "table.badevent"}
}

// track keeps what the daemon knows beside the engine: the UNO window and
// its call, counted players, the dealer, the pile's tags.
func (t *Table) track(ev tablelog.Event, v referee.Verdict, before, st referee.State, uid string) {
	for _, e := range v.Effects {
		switch e.Kind {
		case referee.EffUnoCalled:
			t.uno.lastCall = e.Player
			if e.Player == t.uno.win.who {
				t.uno.win.called = true
			}
		}
	}
	pileAfter(&t.tags.pile, ev, v, uid != "")
	if !v.OK {
		return
	}
	switch ev.Kind {
	case tablelog.Dealer, tablelog.Start:
		t.dealer.chosen = true
	case tablelog.Hand, tablelog.Points:
		t.taps.done[ev.Name] = true
	}
	if st.Phase != before.Phase {
		t.taps.cards, t.taps.by, t.taps.drawn = t.taps.cards[:0], "", nil
		if st.Phase != t.cur.phase {
			t.taps.done = map[string]bool{}
		}
	}
	t.cur.phase = st.Phase
	if st.SlapFor != before.SlapFor {
		t.slapTimer(st)
	}
	switch {
	case st.UnoOpen == "":
		t.uno.win = unoWindow{}
	case st.UnoOpen != before.UnoOpen || (ev.Kind == tablelog.Play && st.UnoOpen != t.uno.win.who):
		t.uno.win = unoWindow{who: st.UnoOpen, at: t.clock.Now(), called: t.uno.lastCall == st.UnoOpen}
		t.uno.lastCall = ""
	}
}

// pileOn puts the tag uid (registry.FormatUID's hex) on the pile
// before the referee rules on its play; a *registry.TagError
// (registry.ErrDuplicateTag) when it is there already: the card was taken
// back.
func pileOn(p *registry.Pile, uid string) error {
	b, err := registry.ParseUID(uid)
	if err != nil {
		return fmt.Errorf("table: tag: %w", err)
	}
	return p.Play(b)
}

// pileAfter keeps the pile's tags in step with the verdict on ev, whose tag
// (tagged) pileOn put on the pile: only a play the referee accepted stays
// there (a mistake-penalty takes its tag back off), a reshuffle leaves the
// top card, a new round (dealer, start) empties it. Live play and adopt
// both call it, so a restart rebuilds the pile as play built it.
func pileAfter(p *registry.Pile, ev tablelog.Event, v referee.Verdict, tagged bool) {
	if tagged && !v.OK {
		p.Undo()
	}
	for _, e := range v.Effects {
		if e.Kind == referee.EffReshuffle {
			p.Reshuffle()
		}
	}
	if v.OK && (ev.Kind == tablelog.Dealer || ev.Kind == tablelog.Start) {
		p.Clear()
	}
}

// pileOf rebuilds the pile's tags from a game's journaled lines and the
// tags that played them (aligned, "" for none), replaying the lines through
// a fresh referee for the verdicts play had.
func pileOf(lines, tags []string) registry.Pile {
	var p registry.Pile
	g := referee.New()
	for i, l := range lines {
		ev, ok, err := tablelog.Parse(l, i+1)
		if err != nil || !ok {
			continue
		}
		tagged := i < len(tags) && tags[i] != "" && pileOn(&p, tags[i]) == nil
		pileAfter(&p, ev, g.Apply(ev), tagged)
	}
	return p
}

// refuse shows a refusal the daemon makes itself (a tag that names no card).
func (t *Table) refuse(code string, m msg.Msg, event string) {
	n := t.signal(tablelog.Event{Kind: tablelog.Play}, referee.Verdict{Code: code})
	t.tell(Verdict{Code: code, Event: event}, m)
	t.effects(n, referee.State{}, referee.State{})
	t.speak(speech{msg.Sentence{m}})
	t.refresh()
}
