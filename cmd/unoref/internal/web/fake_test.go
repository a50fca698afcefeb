package web_test

import (
	"context"
	"errors"
	"fmt"
	"image"
	"strings"
	"sync"
	"time"

	"github.com/unoref/unoref/cmd/unoref/internal/screen"
	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/web"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/tablelog"
)

var _ web.Table = (*fakeTable)(nil)

// fakeTable is a small in-memory table for the page's tests: it turns
// actions into table-log lines for a real referee.Game and publishes
// snapshots latest-wins, as the contract asks of the table package.
type fakeTable struct {
	mu      sync.Mutex
	g       *referee.Game
	snap    table.Snapshot
	subs    map[chan table.Snapshot]bool
	gone    chan struct{} // one value per ended subscription
	actions []table.Action
}

func newFakeTable(virtual bool) *fakeTable {
	f := &fakeTable{
		g:    referee.New(),
		subs: map[chan table.Snapshot]bool{},
		gone: make(chan struct{}, 64),
	}
	f.snap = table.Snapshot{
		Virtual: virtual,
		Reader:  "sim",
		Prompt:  "Start a new game.",
		LEDs:    map[string]bool{},
	}
	return f
}

func (f *fakeTable) Snapshot() table.Snapshot {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.snap
}

func (f *fakeTable) Subscribe(ctx context.Context) <-chan table.Snapshot {
	ch := make(chan table.Snapshot, 1)
	f.mu.Lock()
	f.subs[ch] = true
	f.mu.Unlock()
	go func() {
		<-ctx.Done()
		f.mu.Lock()
		delete(f.subs, ch)
		close(ch)
		f.mu.Unlock()
		f.gone <- struct{}{}
	}()
	return ch
}

// subscribers is the number of open subscriptions.
func (f *fakeTable) subscribers() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.subs)
}

func (f *fakeTable) OLED() image.Image {
	s := f.Snapshot()
	st := s.State
	sc := screen.Screen{
		Phase: st.Phase, Turn: st.Turn, Direction: st.Direction, Color: st.Color,
		Top: st.Top, Pending: st.Pending, Message: s.Last.Message, Round: st.Round, Winner: st.Winner,
	}
	for _, p := range s.Players {
		sc.Hands = append(sc.Hands, screen.Seat{Name: p, Count: st.Hands[p]})
	}
	return screen.Render(sc)
}

// line is the table-log line an action stands for.
func (f *fakeTable) line(a table.Action) (string, error) {
	switch a.Kind {
	case "tap":
		switch {
		case a.Card == "garbage":
			return "", errors.New("The tag could not be read: tap it again.")
		case a.Pad == "draw":
			return "draw " + a.Card, nil
		case a.Pad != "play":
			return "", fmt.Errorf("There is no %q pad.", a.Pad)
		case f.g.State().Phase == referee.PhaseSetup:
			return "start " + a.Card, nil
		}
		return "play " + a.Card, nil
	case "press":
		switch a.Button {
		case "uno", "draw", "pass", "challenge":
			return a.Button, nil
		case "R", "Y", "G", "B":
			return "color " + a.Button, nil
		}
		return "", fmt.Errorf("There is no %q button.", a.Button)
	case "points":
		return fmt.Sprintf("points %s %d", a.Name, a.Points), nil
	}
	return "", fmt.Errorf("The fake table can't %s.", a.Kind)
}

func (f *fakeTable) Do(ctx context.Context, a table.Action) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.actions = append(f.actions, a)
	switch a.Kind {
	case "newgame":
		return f.newGame(a)
	case "remove", "seat", "names":
		return nil // the fake has no pads to lift a card from, no seat pads and no roster
	}
	line, err := f.line(a)
	if err != nil {
		return err
	}
	if len(f.snap.Players) == 0 {
		return errors.New("Start a new game first.")
	}
	ev, _, err := tablelog.Parse(line, len(f.snap.Log)+1)
	if err != nil {
		return fmt.Errorf("That is not a card the table knows (%s).", a.Card)
	}
	f.apply(line, f.g.Apply(ev))
	return nil
}

func (f *fakeTable) newGame(a table.Action) error {
	if len(a.Players) < 2 || len(a.Players) > 10 {
		return errors.New("A game needs 2 to 10 players.")
	}
	g := referee.New()
	rules := a.Rules
	if a.Target > 0 {
		rules += fmt.Sprintf(" target=%d", a.Target)
	}
	lines := []string{"players " + strings.Join(a.Players, " "), "rules " + rules}
	for i, l := range lines {
		ev, _, err := tablelog.Parse(l, i+1)
		if err != nil {
			return fmt.Errorf("The new game can't start: %v.", err)
		}
		if v := g.Apply(ev); !v.OK {
			return errors.New(v.Text(lang.English))
		}
	}
	f.g = g
	f.snap.Players = append([]string(nil), a.Players...)
	f.snap.Log = nil
	f.apply(lines[0], referee.Verdict{OK: true}.Saying(msg.Msg{Key: "plain", Args: msg.Args{Text: "New game: tap the starter card on the play pad."}}))
	f.snap.Log = append(f.snap.Log, lines[1])
	return nil
}

// apply records a verdict and publishes the new snapshot.
func (f *fakeTable) apply(line string, v referee.Verdict) {
	st := f.g.State()
	s := &f.snap
	s.Seq++
	s.State = st
	s.Last = table.Verdict{OK: v.OK, Code: v.Code, Message: v.Text(lang.English), Event: line, At: time.Unix(int64(s.Seq), 0)}
	s.Log = append(s.Log, line)
	s.LEDs = map[string]bool{
		"cw": st.Direction == "cw", "ccw": st.Direction == "ccw",
		"legal": v.OK, "illegal": !v.OK, "uno": st.UnoOpen != "",
	}
	if st.Color != "" {
		s.LEDs[st.Color] = true
	}
	s.Buzzer = "illegal"
	if v.OK {
		s.Buzzer = "legal"
	}
	switch {
	case st.Phase == referee.PhaseSetup:
		s.Prompt = "Tap the starter card on the play pad."
	case st.Phase == referee.PhaseColor:
		s.Prompt = st.Turn + ": press a colour."
	case st.Turn != "":
		s.Prompt = st.Turn + ": play a card or draw."
	default:
		s.Prompt = ""
	}
	for ch := range f.subs {
		select {
		case <-ch: // latest wins
		default:
		}
		ch <- *s
	}
}
