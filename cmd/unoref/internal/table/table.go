package table

import (
	"context"
	"errors"
	"fmt"
	"image"
	"strings"
	"sync"
	"time"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cards/registry"
	"github.com/unoref/unoref/drivers/button"
	"github.com/unoref/unoref/drivers/mfrc522"
	"github.com/unoref/unoref/drivers/oled"
	"github.com/unoref/unoref/drivers/seatpad"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/tablelog"
)

// Config is how the table plays when nobody says otherwise.
type Config struct {
	// Players and Rules set up a game when the page starts one without
	// them. Rules are the words after "rules"; default "official".
	Players []string
	Rules   string
	// UnoGrace is the time a player keeps, from the card that leaves them
	// one card, to call UNO before the referee's automatic catch: a play
	// or draw by someone else inside it waits until it ends or the call
	// comes. Default 2 s; negative: none.
	UnoGrace time.Duration
	// SeatWindow is how long a seat-pad press names who acts next.
	// Default 3 s.
	SeatWindow time.Duration
	// AlertTime is how long a full-screen alert stays. Default 1.5 s.
	AlertTime time.Duration
	// Virtual marks the virtual table in the snapshot.
	Virtual bool
	// Alert is shown as Snapshot.Alert: what the daemon found wrong at
	// start (a damaged journal) and what to do.
	Alert string
	// Heartbeat, when set, is called by Run's loop as it starts and then
	// every HeartbeatEvery of real time (not the Clock's), between the
	// handling of two inputs: a handler that hangs stops the calls. It is
	// the proof of life for a watchdog (systemd's WATCHDOG=1) and must not
	// block. HeartbeatEvery defaults to 1 s.
	Heartbeat      func()
	HeartbeatEvery time.Duration
}

func (c *Config) defaults() {
	if c.Rules == "" {
		c.Rules = referee.PresetOfficial
	}
	if c.UnoGrace == 0 {
		c.UnoGrace = 2 * time.Second
	}
	if c.SeatWindow <= 0 {
		c.SeatWindow = 3 * time.Second
	}
	if c.AlertTime <= 0 {
		c.AlertTime = 1500 * time.Millisecond
	}
	if c.HeartbeatEvery <= 0 {
		c.HeartbeatEvery = time.Second
	}
}

// ErrHalted is returned by Do once Run has returned.
var ErrHalted = errors.New("table: halted")

// Table is the referee at the table. Run owns the game; Snapshot,
// Subscribe, OLED and Do are safe from any goroutine.
type Table struct {
	dev   Devices
	j     Journal
	cfg   Config
	clock Clock

	actions chan request
	timers  chan timerMsg
	halted  chan struct{}

	// Owned by Run's goroutine.
	game      Game
	t0        time.Time // the time base of the game's event times
	dealerSet bool
	pickQueue []string // players still to pick a card for the dealer
	picks     []int
	collect   []cards.Card // taps for a hand line
	collectBy string
	drawn     []cards.Card // draw-pad taps for a penalty draw
	done      map[string]bool
	phase     string
	armed     int // seat pressed, -1
	armedAt   time.Time
	uno       unoWindow
	lastCall  string
	held      []heldEvent
	alert     oled.Alert
	alertMsg  string
	missed    bool
	last      Verdict
	pile      registry.Pile   // the tags on the discard pile
	seen      map[string]bool // tags of a refused multi-tag read, until they leave
	inField   map[string]bool // pad+UID of the tags in a pad's field
	reader    string
	buzz      string
	log       []string
	screen    oled.Screen
	leds      map[string]bool
	v         *virtual
	timerGen  [nTimers]uint64
	stops     [nTimers]func() bool
	events    int // journaled events of the game
	gameID    int64
	names     map[string]string // display names of renamed seats

	mu      sync.Mutex
	snap    Snapshot
	subs    map[chan Snapshot]struct{}
	lastImg oled.Screen
}

type unoWindow struct {
	who    string
	at     time.Time
	called bool
}

type timer uint8

const (
	timerGrace timer = iota + 1
	timerAlert
	nTimers
)

// timerMsg is a timer gone off; gen tells a stale one.
type timerMsg struct {
	kind timer
	gen  uint64
}

type request struct {
	a     Action
	reply chan reply
}

type reply struct {
	wait <-chan struct{}
	err  error
}

// New builds a table on dev and resumes the journal's open game, if any.
func New(ctx context.Context, dev Devices, j Journal, cfg Config) (*Table, error) {
	if dev.Play == nil {
		return nil, errors.New("table: no play-pad reader")
	}
	cfg.defaults()
	t := &Table{
		dev:     dev,
		j:       j,
		cfg:     cfg,
		clock:   dev.Clock,
		actions: make(chan request),
		timers:  make(chan timerMsg, 4),
		halted:  make(chan struct{}),
		armed:   -1,
		seen:    map[string]bool{},
		inField: map[string]bool{},
		done:    map[string]bool{},
		reader:  "ok",
		subs:    map[chan Snapshot]struct{}{},
		leds:    map[string]bool{},
	}
	if t.clock == nil {
		t.clock = SystemClock
	}
	if cfg.Virtual {
		t.reader = "sim"
	}
	g, err := j.Resume(ctx)
	switch {
	case errors.Is(err, ErrNoOpenGame):
	case err != nil:
		return nil, err
	default:
		t.adopt(g)
		t.last = Verdict{OK: true, Message: "Game resumed", At: t.clock.Now()}
	}
	t.refresh()
	return t, nil
}

// adopt takes g as the current game and rebuilds what the daemon keeps
// beside the engine from its lines.
func (t *Table) adopt(g Game) {
	t.game = g
	t.loadNames()
	t.t0 = t.clock.Now()
	lines := g.Lines()
	t.events = len(lines)
	t.log = t.log[:0]
	t.done = map[string]bool{}
	t.dealerSet = false
	var last time.Duration
	for _, l := range lines {
		ev, ok, err := tablelog.Parse(l, 0)
		if err != nil || !ok {
			continue
		}
		if ev.Timed {
			last = ev.At
		}
		switch ev.Kind {
		case tablelog.Dealer, tablelog.Start:
			t.dealerSet = true
		case tablelog.Hand, tablelog.Points:
			t.done[ev.Name] = true
		default:
			t.done = map[string]bool{}
		}
		t.pushLog(l)
	}
	// Times go on from the last line: a resumed game's log stays in order.
	t.t0 = t.t0.Add(-last)
	st := g.State()
	t.phase = st.Phase
	if st.Phase != referee.PhaseCountup && st.Phase != referee.PhaseHeights {
		t.done = map[string]bool{}
	}
	t.pickQueue, t.picks = nil, nil
	if !t.dealerSet && st.Phase == referee.PhaseSetup && len(st.Players) > 0 {
		t.pickQueue = append([]string(nil), st.Players...)
	}
	t.collect, t.collectBy, t.drawn = nil, "", nil
	t.uno = unoWindow{who: st.UnoOpen, at: t.clock.Now()}
	t.held = nil
	t.pile.Clear()
}

func (t *Table) pushLog(l string) {
	const keep = 20
	if len(t.log) == keep {
		copy(t.log, t.log[1:])
		t.log = t.log[:keep-1]
	}
	t.log = append(t.log, l)
}

// Run referees until ctx is done, then halts every device. Each input is
// handled by one function; an error from one (the journal failing) ends Run.
func (t *Table) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer func() {
		cancel()
		wg.Wait()
		t.halt()
		close(t.halted)
	}()
	if t.v != nil {
		t.v.start(ctx, &wg)
	}
	for _, loop := range t.dev.Loops {
		wg.Add(1)
		go func() {
			defer wg.Done()
			loop(ctx)
		}()
	}
	play := t.dev.Play.Watch(ctx)
	var draw <-chan mfrc522.Event
	if t.dev.Draw != nil {
		draw = t.dev.Draw.Watch(ctx)
	}
	buttons, seats := t.dev.Buttons, t.dev.SeatEvs
	var beat <-chan time.Time
	if t.cfg.Heartbeat != nil {
		tk := time.NewTicker(t.cfg.HeartbeatEvery)
		defer tk.Stop()
		beat = tk.C
		t.cfg.Heartbeat()
	}
	t.refresh()
	for {
		var err error
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-beat:
			t.cfg.Heartbeat()
		case ev, ok := <-play:
			if !ok {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				return errors.New("table: play-pad reader stopped")
			}
			err = t.readerEvent("play", ev)
		case ev, ok := <-draw:
			if !ok {
				draw = nil
				continue
			}
			err = t.readerEvent("draw", ev)
		case ev, ok := <-buttons:
			if !ok {
				buttons = nil
				continue
			}
			if ev.Kind == button.Press {
				err = t.press(ev.Button)
				if t.v != nil {
					t.v.pressed()
				}
			}
		case ev, ok := <-seats:
			if !ok {
				seats = nil
				continue
			}
			if ev.Kind == button.Press {
				err = t.seat(ev.Seat)
				if t.v != nil {
					t.v.seatDone()
				}
			}
		case k := <-t.timers:
			err = t.timer(k)
		case r := <-t.actions:
			var w <-chan struct{}
			w, err = t.action(r.a)
			var aerr *actionError
			if errors.As(err, &aerr) {
				r.reply <- reply{err: aerr}
				err = nil
			} else {
				r.reply <- reply{wait: w, err: err}
			}
		}
		if err != nil {
			return err
		}
	}
}

// halt stops every device: antenna off, screen blank, LEDs low, silence.
func (t *Table) halt() {
	t.cancel(timerGrace)
	t.cancel(timerAlert)
	for _, h := range []interface{ Halt() error }{t.dev.Play, t.dev.Draw, t.dev.Display, t.dev.LEDs, t.dev.Buzzer, t.dev.Seats} {
		if h != nil {
			h.Halt()
		}
	}
	if t.dev.Halt != nil {
		t.dev.Halt()
	}
}

// actionError is an action the table refuses; Run goes on.
type actionError struct{ msg string }

func (e *actionError) Error() string { return e.msg }

func refuseAction(format string, a ...any) error {
	return &actionError{fmt.Sprintf(format, a...)}
}

// Do performs a control of the page (or a test) and returns once the table
// has ruled on it. Errors are sentences for the page.
func (t *Table) Do(ctx context.Context, a Action) error {
	r := request{a: a, reply: make(chan reply, 1)}
	if t.v != nil {
		switch a.Kind {
		case "press":
			return t.v.press(ctx, t, a)
		case "seat":
			return t.v.seat(ctx, t, a)
		}
	}
	select {
	case t.actions <- r:
	case <-t.halted:
		return ErrHalted
	case <-ctx.Done():
		return ctx.Err()
	}
	var rep reply
	select {
	case rep = <-r.reply:
	case <-ctx.Done():
		return ctx.Err()
	}
	if rep.err != nil || rep.wait == nil {
		return rep.err
	}
	select {
	case <-rep.wait:
		return nil
	case <-t.halted:
		return ErrHalted
	case <-ctx.Done():
		return ctx.Err()
	}
}

// action handles one control. On the virtual table taps and removals act on
// the simulated field; the returned channel closes once the reader's event
// has been ruled on.
func (t *Table) action(a Action) (<-chan struct{}, error) {
	switch a.Kind {
	case "newgame":
		return nil, t.newGame(a.Players, a.Rules, a.Target)
	case "rename":
		return nil, t.rename(a.Name, a.NewName)
	case "undo":
		return nil, t.undo()
	case "end":
		return nil, t.end()
	case "points":
		if t.game == nil {
			return nil, refuseAction("No game is being played.")
		}
		return nil, t.submit(tablelog.Event{Kind: tablelog.Points, Name: a.Name, N: a.Points})
	case "seat":
		if a.Seat < 0 || a.Seat >= seatpad.MaxSeats {
			return nil, refuseAction("There is no seat %d.", a.Seat)
		}
		return nil, t.seat(a.Seat)
	case "press":
		b, ok := buttonNames[a.Button]
		if !ok {
			return nil, refuseAction("There is no %q button.", a.Button)
		}
		return nil, t.press(b)
	case "tap", "remove":
		if t.v == nil {
			return nil, refuseAction("Tap a real card on the pad: this table has readers.")
		}
		return t.v.act(t, a)
	}
	return nil, refuseAction("Unknown action %q.", a.Kind)
}

var buttonNames = map[string]button.Name{
	"uno": button.UNO, "draw": button.Draw, "pass": button.Pass, "ok": button.Pass,
	"challenge": button.Challenge, "R": button.Red, "Y": button.Yellow, "G": button.Green, "B": button.Blue,
}

// newGame starts a game; players and rules default to the config.
func (t *Table) newGame(players []string, rules string, target int) error {
	if len(players) == 0 {
		switch {
		case t.game != nil:
			players = t.game.State().Players
		case len(t.cfg.Players) > 0:
			players = t.cfg.Players
		default:
			players = t.j.LastPlayers(context.Background())
		}
	}
	if err := checkPlayers(players); err != nil {
		return err
	}
	if rules == "" {
		rules = t.cfg.Rules
		if t.game != nil {
			rules = strings.TrimPrefix(t.game.Rules().String(), "rules ")
		}
	}
	rules = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rules), "rules "))
	if target > 0 {
		rules += fmt.Sprintf(" target=%d", target)
	}
	// Check the words first: a refused line must not end the open game.
	words := strings.Fields(rules)
	if len(words) == 0 {
		return refuseAction("Choose the rules.")
	}
	if _, err := referee.ParseRules(words[0], words[1:]); err != nil {
		var re *referee.RulesError
		if errors.As(err, &re) {
			return refuseAction("%s", re.Msg)
		}
		return refuseAction("%v", err)
	}
	g, err := t.j.NewGame(context.Background(), players, rules)
	if err != nil {
		return newGameRefused(err) // the game in play and its UNO grace go on
	}
	t.cancel(timerGrace)
	t.adopt(g)
	t.t0 = t.clock.Now()
	t.last = Verdict{OK: true, Message: "New game: " + strings.Join(players, ", "), Event: "rules " + rules, At: t.clock.Now()}
	t.refresh()
	return nil
}

// checkPlayers refuses a players list the table log can't hold, before
// anything changes: every name passes tablelog.CheckName, and no two are
// the same.
func checkPlayers(players []string) error {
	if len(players) < 2 {
		return refuseAction("Name at least two players.")
	}
	for i, p := range players {
		if err := tablelog.CheckName(p); err != nil {
			return refuseAction("%s", err)
		}
		for _, q := range players[:i] {
			if strings.EqualFold(p, q) {
				return refuseAction("%s is named twice: names must differ.", p)
			}
		}
	}
	return nil
}

// newGameRefused is the page's sentence for a new game the journal did not
// start. The journal ends the open game only with the new one written, so
// the game in play goes on and the daemon with it.
func newGameRefused(err error) error {
	var se *setupError
	var ne *tablelog.NameError
	switch {
	case errors.As(err, &se):
		return refuseAction("%s", se.msg)
	case errors.As(err, &ne):
		return refuseAction("%s", ne)
	}
	return refuseAction("The new game could not be saved (%v): the game in play goes on.", err)
}

// Snapshot returns the current view.
func (t *Table) Snapshot() Snapshot {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.snap
}

// Subscribe sends the newest snapshot after every change until ctx is done,
// dropping ones the reader had no time for; it closes the channel then.
func (t *Table) Subscribe(ctx context.Context) <-chan Snapshot {
	in := make(chan Snapshot, 1)
	out := make(chan Snapshot)
	t.mu.Lock()
	t.subs[in] = struct{}{}
	in <- t.snap
	t.mu.Unlock()
	go func() {
		defer close(out)
		defer func() {
			t.mu.Lock()
			delete(t.subs, in)
			t.mu.Unlock()
		}()
		for {
			select {
			case <-ctx.Done():
				return
			case s := <-in:
				select {
				case out <- s:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	return out
}

// OLED returns what the display shows: the simulator's panel on the
// virtual table, the last rendered screen otherwise.
func (t *Table) OLED() image.Image {
	if t.v != nil {
		return t.v.sim.OLED.Image()
	}
	t.mu.Lock()
	s := t.lastImg
	t.mu.Unlock()
	return oled.Render(s)
}

// publish stores a new snapshot and hands it to the subscribers.
func (t *Table) publish(s Snapshot) {
	t.mu.Lock()
	s.Seq = t.snap.Seq + 1
	t.snap = s
	t.lastImg = t.screen
	for ch := range t.subs {
		select {
		case <-ch:
		default:
		}
		ch <- s
	}
	t.mu.Unlock()
}
