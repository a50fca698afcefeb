package table

import (
	"context"
	"errors"
	"fmt"
	"image"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cards/registry"
	"github.com/unoref/unoref/cmd/unoref/internal/screen"
	"github.com/unoref/unoref/drivers/button"
	"github.com/unoref/unoref/drivers/clock"
	"github.com/unoref/unoref/drivers/mfrc522"
	"github.com/unoref/unoref/drivers/seatpad"
	"github.com/unoref/unoref/drivers/voice"
	"github.com/unoref/unoref/hardware/board"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
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
	// comes. Default DefaultUnoGrace; negative: none.
	UnoGrace time.Duration
	// SeatWindow is how long a seat-pad press names who acts next.
	// Default 3 s.
	SeatWindow time.Duration
	// Lang is the table's language (config key language): the OLED, the
	// Snapshot's texts and prompts. The zero value is English.
	Lang lang.Lang
	// RefusalHold is how long a refusal or bad news stays on the OLED
	// (config key display.refusal_hold). Zero or less, the default, holds
	// it until the next event, so that a child can read it all.
	RefusalHold time.Duration
	// PageTime is how long each page of a text too long for one screen
	// stays before the next (they go round). Default 3 s.
	PageTime time.Duration
	// Virtual marks a table whose parts are simulated, for the page
	// (Snapshot.Virtual: it shows the controls that lay cards); the
	// play-pad reader's state reads "sim" there.
	Virtual bool
	// Voice, when set, is the speaker the referee says its rulings, the
	// turn and the scores through, off the table's loop. Speak turns it on
	// from the start (the page turns it on and off); VoiceSettings are its
	// settings, as the page shows them.
	Voice         Speaker
	Speak         bool
	VoiceSettings voice.Settings
	// Teach starts the table in teaching mode: after an accepted play it
	// says why it was right, it reminds of the challenge of a Wild Draw
	// Four and of the call of UNO, and at the start of every game it says
	// and shows the rules in force.
	Teach bool
	// Alert is shown as Snapshot.Alert: what the daemon found wrong at
	// start (a damaged journal) and what to do, as a key and its
	// arguments, for the page to say in its language.
	Alert msg.Msg
	// DataDir is the directory of the journal, as the banner of a full
	// card names it. FreeSpace, when set, is the room left on its disk: a
	// table on a full card asks it every StorageEvery (default 5 s) and
	// goes on by itself once there is journal.MinFree; without it the
	// next event tries.
	DataDir      string
	FreeSpace    func() (uint64, error)
	StorageEvery time.Duration
	// CardFull starts the table on a full card (the journal could not
	// open: RetryJournal), with its banner, until there is room.
	CardFull bool
	// Heartbeat, when set, is called by Run's loop as it starts and then
	// every HeartbeatEvery of real time (not the Clock's), between the
	// handling of two inputs: a handler that hangs stops the calls. It is
	// the proof of life for a watchdog (systemd's WATCHDOG=1) and must not
	// block. HeartbeatEvery defaults to 1 s.
	Heartbeat      func()
	HeartbeatEvery time.Duration
	// Log, when set, gets a line for each game started, resumed and
	// ended, and for each admin action refused.
	Log *slog.Logger
}

func (c *Config) defaults() {
	if c.Rules == "" {
		c.Rules = referee.PresetOfficial
	}
	if c.UnoGrace == 0 {
		c.UnoGrace = DefaultUnoGrace
	}
	if c.SeatWindow <= 0 {
		c.SeatWindow = 3 * time.Second
	}
	if c.PageTime <= 0 {
		c.PageTime = 3 * time.Second
	}
	if c.HeartbeatEvery <= 0 {
		c.HeartbeatEvery = time.Second
	}
	if c.StorageEvery <= 0 {
		c.StorageEvery = storageEvery
	}
}

// DefaultUnoGrace is Config.UnoGrace's default, and the config key
// game.uno_grace's.
const DefaultUnoGrace = 2 * time.Second

// ErrHalted is returned by Do once Run has returned.
var ErrHalted = errors.New("table: halted")

// Table is the referee at the table. Run owns the game; Snapshot,
// Subscribe, OLED and Do are safe from any goroutine.
type Table struct {
	dev   Devices
	j     Journal
	cfg   Config
	clock clock.Clock

	actions chan request
	timers  chan timerMsg
	halted  chan struct{}

	// Owned by Run's goroutine.
	cur     currentGame
	dealer  dealerPick
	taps    tapLines
	armed   armedSeat
	uno     unoState
	out     outputs
	tags    padTags
	sched   timerSet
	person  Person      // the page's hand: Devices.Person, or pageHand
	parts   board.Parts // optional parts, as found and since
	voice   VoiceState  // speaker and teaching mode, as the page sets them
	storage storage     // a problem with the journal's disk (storage.go)

	problems chan storage // Problem hands Run a problem found meanwhile

	codeShown chan chan struct{} // ShowCode asks Run to redraw, and waits

	mu      sync.Mutex
	code    string // the page's setup code, on the OLED only
	pageURL string // where a phone opens the page (SetPageURL)
	snap    Snapshot
	subs    map[chan Snapshot]struct{}
	lastImg screen.Screen
}

// currentGame is the game being refereed and what the daemon keeps beside it.
type currentGame struct {
	game   JournaledGame
	t0     time.Time // the time base of the game's event times
	events int       // journaled events of the game
	id     int64
	names  map[string]string // display names of renamed seats
	phase  string
	// wd4Color is the colour to match before the last Wild Draw Four.
	wd4Color cards.Color
	rules    []msg.Sentence // the game's rules in force (RulesInForce)
}

// dealerPick is the pick for the first dealer, one card a player.
type dealerPick struct {
	chosen bool
	queue  []string // players still to pick a card for the dealer
	picks  []int
}

// tapLines is the taps being collected for a hand or a draw line.
type tapLines struct {
	cards []cards.Card // taps for a hand line
	by    string
	drawn []cards.Card // draw-pad taps for a penalty draw
	done  map[string]bool
}

// armedSeat is the seat pressed last, naming who acts next.
type armedSeat struct {
	seat int // seat pressed, -1
	at   time.Time
}

// unoState is the UNO window open and the events held for its grace.
type unoState struct {
	win      unoWindow
	lastCall string
	held     []heldEvent
}

// outputs is what the OLED, the LEDs, the buzzer and the snapshot show.
type outputs struct {
	alert    screen.Alert
	alertMsg string
	amber    bool            // the UNO LED lit for the alert shown: a missed UNO, bad news
	page     int             // the page of the OLED's text shown (screen.Pages)
	pageKey  string          // the text paged through, to start again when it changes
	roundPts map[string]int  // points of the round just counted, until the next round starts
	final    *finalStandings // the game ended last, while no game is on
	link     bool            // the page's QR code shown for a new phone, until the next news
	counted  int             // the round roundPts belong to
	last     Verdict
	reader   string
	buzz     string
	log      []string
	screen   screen.Screen
	leds     map[string]bool
}

// padTags is what the readers' pads hold: the pile and the tags in their fields.
type padTags struct {
	pile    registry.Pile   // the tags on the discard pile
	seen    map[string]bool // tags of a refused multi-tag read, until they leave
	inField map[string]bool // pad+UID of the tags in a pad's field
}

// timerSet is the table's running timers, one a kind; gen tells a stale one.
type timerSet struct {
	gen   [nTimers]uint64
	stops [nTimers]func() bool
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
	timerSlap
	timerPage
	timerBuzz    // the buzzer's pattern ended: the snapshot says so
	timerStorage // a full card: look for room again
	nTimers
)

// timerMsg is a timer gone off; gen tells a stale one.
type timerMsg struct {
	kind timer
	gen  uint64
}

// request is a control for Run's goroutine: an action of the page, or f.
type request struct {
	a     Action
	f     func() error
	reply chan reply
}

type reply struct{ err error }

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
		armed:   armedSeat{seat: -1},
		tags:    padTags{seen: map[string]bool{}, inField: map[string]bool{}},
		taps:    tapLines{done: map[string]bool{}},
		out:     outputs{reader: "ok", leds: map[string]bool{}},
		subs:    map[chan Snapshot]struct{}{},
		parts:   dev.Parts,
		voice:   VoiceState{Speak: cfg.Speak && cfg.Voice != nil, Teach: cfg.Teach, Settings: cfg.VoiceSettings, Fitted: cfg.Voice != nil},
	}
	t.codeShown = make(chan chan struct{})
	t.problems = make(chan storage)
	if t.clock == nil {
		t.clock = clock.System
	}
	t.person = dev.Person
	if t.person == nil {
		t.person = pageHand{t}
	}
	t.out.reader = t.readerOK()
	if cfg.CardFull {
		t.cardFull()
	}
	g, err := j.Resume(ctx)
	switch {
	case errors.Is(err, ErrNoOpenGame):
		if len(dev.Parts) > 0 {
			t.tell(Verdict{OK: true}, partsSaid(dev.Parts)...)
		}
	case err != nil:
		return nil, err
	default:
		t.adopt(g)
		t.tell(Verdict{OK: true}, msg.Msg{Key: "table.resumed"})
		t.logGame("game resumed")
	}
	t.refresh()
	return t, nil
}

// seatsGone marks the seat pads vanished when their polling stopped while
// the table still runs: they were found, and stopped answering.
func (t *Table) seatsGone(ctx context.Context) {
	if ctx.Err() != nil {
		return
	}
	// Lighting a seat may have found them gone first (output).
	t.parts, _ = t.parts.Vanish(board.PartSeatPads, "stopped answering")
	if t.parts.Has(board.PartSeatPads, board.Vanished) {
		t.refuse(CodeUnreadable, msg.Msg{Key: "table.seats"}, "")
	}
}

// adopt takes g as the current game and rebuilds what the daemon keeps
// beside the engine from its lines.
func (t *Table) adopt(g JournaledGame) {
	t.cur.game = g
	t.cur.rules = RulesInForce(g.Rules())
	t.loadNames()
	t.cur.t0 = t.clock.Now()
	lines := g.Lines()
	t.cur.events = len(lines)
	t.out.log = t.out.log[:0]
	t.taps.done = map[string]bool{}
	t.dealer.chosen = false
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
			t.dealer.chosen = true
		case tablelog.Hand, tablelog.Points:
			t.taps.done[ev.Name] = true
		default:
			t.taps.done = map[string]bool{}
		}
		t.out.pushLog(l)
	}
	// Times go on from the last line: a resumed game's log stays in order.
	t.cur.t0 = t.cur.t0.Add(-last)
	st := g.State()
	t.cur.phase = st.Phase
	t.out.roundPts, t.out.counted = nil, 0
	if st.Phase != referee.PhaseCountup && st.Phase != referee.PhaseHeights {
		t.taps.done = map[string]bool{}
	}
	t.dealer.queue, t.dealer.picks = nil, nil
	if !t.dealer.chosen && st.Phase == referee.PhaseSetup && len(st.Players) > 0 {
		t.dealer.queue = append([]string(nil), st.Players...)
	}
	t.taps.cards, t.taps.by, t.taps.drawn = nil, "", nil
	t.uno.win = unoWindow{who: st.UnoOpen, at: t.clock.Now()}
	t.uno.held = nil
	t.tags.pile = pileOf(lines, g.Tags())
	t.slapTimer(st)
}

func (o *outputs) pushLog(l string) {
	const keep = 20
	if len(o.log) == keep {
		copy(o.log, o.log[1:])
		o.log = o.log[:keep-1]
	}
	o.log = append(o.log, l)
}

// Run referees until ctx is done, then halts every device. Each input is
// handled by one function; an error from one (the journal failing) ends Run,
// a refusal (*ActionError) never does.
func (t *Table) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer func() {
		cancel()
		wg.Wait()
		t.halt()
		close(t.halted)
	}()
	loopErr := t.startLoops(ctx, &wg)
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
		case err = <-loopErr:
		case drawn := <-t.codeShown:
			t.refresh()
			close(drawn)
		case p := <-t.problems:
			t.storage = p
			t.refresh()
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
			switch {
			case ev.Kind == button.Press:
				err = t.press(ev.Button)
			case ev.Kind == button.LongPress && ev.Button == button.Pass:
				t.showLink()
				t.sayRules()
			}
			t.person.ButtonRuled(ev)
		case ev, ok := <-seats:
			if !ok {
				seats = nil
				t.seatsGone(ctx)
				continue
			}
			if ev.Kind == button.Press {
				err = t.seat(ev.Seat)
			}
			t.person.SeatRuled(ev)
		case k := <-t.timers:
			err = t.timer(k)
		case r := <-t.actions:
			err = t.answer(r)
		}
		// A refusal is said where it happened (refuse); only a failure
		// of the table itself (the journal's disk) ends Run.
		var aerr *ActionError
		if err != nil && !errors.As(err, &aerr) {
			return err
		}
	}
}

// answer handles a request of the page and replies; its error is one
// that ends Run (the journal failing), never a refusal.
func (t *Table) answer(r request) error {
	var err error
	if r.f != nil {
		err = r.f()
	} else {
		err = t.action(r.a)
	}
	var aerr *ActionError
	if errors.As(err, &aerr) {
		t.logRefused(r.a, aerr)
		r.reply <- reply{err: aerr}
		return nil
	}
	r.reply <- reply{err: err}
	return err
}

// readerOK is the play-pad reader's state when it answers: "sim" on a
// table whose parts are simulated.
func (t *Table) readerOK() string {
	if t.cfg.Virtual {
		return "sim"
	}
	return "ok"
}

// halt stops every device: antenna off, screen blank, LEDs low, silence.
func (t *Table) halt() {
	t.sched.cancel(timerGrace)
	t.sched.cancel(timerAlert)
	t.sched.cancel(timerSlap)
	t.sched.cancel(timerPage)
	t.sched.cancel(timerBuzz)
	t.sched.cancel(timerStorage)
	var errs []error
	for _, h := range []interface{ Halt() error }{t.dev.Play, t.dev.Draw, t.dev.Display, t.dev.LEDs, t.dev.Buzzer, t.dev.Seats} {
		if h != nil {
			errs = append(errs, h.Halt())
		}
	}
	if t.dev.Halt != nil {
		errs = append(errs, t.dev.Halt())
	}
	if err := errors.Join(errs...); err != nil {
		// The daemon stops either way; what did not halt is for the log.
		t.cfg.logger().Warn("halt", "error", err)
	}
}

// ActionError is a control of the page the table refuses; Run goes on.
// Its sentence is keys and arguments, so that the page can say it in a
// phone's language; Error says it in the table's (Config.Lang).
type ActionError struct {
	Msg  msg.Sentence
	Lang lang.Lang
}

func (e *ActionError) Error() string {
	if len(e.Msg) == 1 {
		return e.Lang.Render(e.Msg[0]) // a name may begin it: never capitalised
	}
	return e.Lang.Sentence(e.Msg)
}

// refuseAction refuses a control with the message key and its arguments.
func refuseAction(key string, a msg.Args) error {
	return &ActionError{Msg: msg.Sentence{{Key: key, Args: a}}}
}

// Do performs a control of the page (or a test) and returns once the table
// has ruled on it. A refusal is an *ActionError, a sentence for the page in
// the table's language.
//
// Every action is checked first (Action.check): what the table can't act
// on or the journal can't write is refused before it reaches either.
func (t *Table) Do(ctx context.Context, a Action) error {
	err := a.check()
	if err != nil {
		t.logRefused(a, err)
	} else {
		err = t.do(ctx, a)
	}
	var aerr *ActionError
	if errors.As(err, &aerr) {
		aerr.Lang = t.cfg.Lang
	}
	return err
}

func (t *Table) do(ctx context.Context, a Action) error {
	if isControl(a.Kind) {
		return t.control(ctx, a)
	}
	return t.request(ctx, request{a: a})
}

// request has Run's goroutine handle r and returns its answer.
func (t *Table) request(ctx context.Context, r request) error {
	r.reply = make(chan reply, 1)
	select {
	case t.actions <- r:
	case <-t.halted:
		return ErrHalted
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case rep := <-r.reply:
		return rep.err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// action handles one action of the page.
func (t *Table) action(a Action) error {
	switch a.Kind {
	case KindNewGame:
		return t.newGame(a.Players, a.Rules, a.Target)
	case KindRename:
		return t.rename(a.Name, a.NewName)
	case KindNames:
		// The roster changed (the family page): show the journal's names.
		t.loadNames()
		t.refresh()
		return nil
	case KindUndo:
		return t.undo()
	case KindEnd:
		return t.end()
	case KindFinish:
		return t.finishNow()
	case KindRules:
		if t.cur.game == nil {
			return refuseAction("action.nogame", msg.Args{})
		}
		t.sayRules()
		return nil
	case KindVoice:
		return t.setVoice(a.Voice)
	case KindPoints:
		if t.cur.game == nil {
			return refuseAction("action.nogame", msg.Args{})
		}
		if err := t.mostPoints(a.Name, a.Points); err != nil {
			return err
		}
		return t.submit(tablelog.Event{Kind: tablelog.Points, Name: a.Name, N: a.Points})
	}
	return refuseAction("action.unknown", msg.Args{Value: msg.Echo(string(a.Kind))})
}

// mostPoints refuses points that seat's hand can't hold at the count-up
// (referee.MostHandPoints: the deck and options in play, the cards in
// that hand), before the referee rules on them: a slip of the finger is
// not one of the player's refusals in the family's record. Other
// refusals (not the count-up, no such player) are the referee's.
func (t *Table) mostPoints(seat string, points int) error {
	st := t.cur.game.State()
	n, ok := st.Hands[seat]
	if !ok || st.Phase != referee.PhaseCountup || n == 0 {
		return nil
	}
	if most := referee.MostHandPoints(t.cur.game.Rules(), n); points > most {
		return refuseAction("count.most", msg.Args{Player: t.cur.disp(seat), N: n, K: most})
	}
	return nil
}

// mostPointsOf is, in count-up, the most each hand still held can be
// worth (referee.MostHandPoints), for the page's points forms; nil else.
func (t *Table) mostPointsOf(st referee.State) map[string]int {
	if t.cur.game == nil || st.Phase != referee.PhaseCountup {
		return nil
	}
	m := map[string]int{}
	for p, n := range st.Hands {
		if n > 0 {
			m[p] = referee.MostHandPoints(t.cur.game.Rules(), n)
		}
	}
	return m
}

var buttonNames = map[string]button.Name{
	"uno": button.UNO, "draw": button.Draw, "pass": button.Pass, "ok": button.Pass,
	"challenge": button.Challenge, "R": button.Red, "Y": button.Yellow, "G": button.Green, "B": button.Blue,
}

// newGame starts a game; players and rules default to the config.
func (t *Table) newGame(players []string, rules string, target int) error {
	if len(players) == 0 {
		switch {
		case t.cur.game != nil:
			players = t.cur.game.State().Players
		case len(t.cfg.Players) > 0:
			players = t.cfg.Players
		default:
			players = t.j.LastPlayers(context.Background())
		}
	}
	players, err := checkPlayers(players)
	if err != nil {
		return err
	}
	if rules == "" {
		rules = t.cfg.Rules
		if t.cur.game != nil {
			rules = strings.TrimPrefix(t.cur.game.Rules().String(), "rules ")
		}
	}
	rules = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rules), "rules "))
	if target > 0 {
		rules += fmt.Sprintf(" target=%d", target)
	}
	// Check the words first: a refused line must not end the open game.
	words := strings.Fields(rules)
	if len(words) == 0 {
		return refuseAction("action.rules", msg.Args{})
	}
	r, err := referee.ParseRules(words[0], words[1:])
	if err != nil {
		var re *referee.RulesError
		if errors.As(err, &re) {
			return &ActionError{Msg: msg.Sentence{re.Msg}}
		}
		return refuseAction("action.failed", msg.Args{Text: err.Error()})
	}
	if r.UnoSlap && !t.seatButtons() {
		return refuseAction("action.slap.noseats", msg.Args{})
	}
	g, err := t.j.NewGame(context.Background(), players, rules)
	if err != nil {
		return newGameRefused(err) // the game in play and its UNO grace go on
	}
	t.sched.cancel(timerGrace)
	if t.cur.game != nil && t.cur.game.State().Phase != referee.PhaseOver {
		t.logEnded(screen.EndAbandoned) // the journal abandoned it for the new one
	}
	t.out.final = nil
	t.adopt(g)
	t.logGame("game started")
	t.cur.t0 = t.clock.Now()
	t.tell(Verdict{OK: true, Event: "rules " + rules}, msg.Msg{Key: "table.newgame", Args: msg.Args{Names: players}})
	if t.voice.Teach {
		t.sayRules()
	}
	t.refresh()
	return nil
}

// checkPlayers refuses a players list the table log can't hold, before
// anything changes: every name passes playername.Check (NFC, then
// tablelog.CheckName), and no two are the same player (playername.Same).
// It returns the names in NFC.
func checkPlayers(players []string) ([]string, error) {
	switch {
	case len(players) < 2:
		return nil, refuseAction("action.players", msg.Args{})
	case len(players) > seatpad.MaxSeats:
		return nil, refuseAction("action.players.many", msg.Args{N: seatpad.MaxSeats})
	}
	ps := make([]string, len(players))
	for i, p := range players {
		n, err := cleanName(p)
		if err != nil {
			return nil, err
		}
		if err := notTwice(n, ps[:i]); err != nil {
			return nil, err
		}
		ps[i] = n
	}
	return ps, nil
}

// newGameRefused is the page's sentence for a new game the journal did not
// start. The journal ends the open game only with the new one written, so
// the game in play goes on and the daemon with it.
func newGameRefused(err error) error {
	var se *setupError
	if errors.As(err, &se) {
		return &ActionError{Msg: se.msg}
	}
	if m, bad := referee.NameMsg(err); bad {
		return &ActionError{Msg: msg.Sentence{m}}
	}
	return refuseAction("action.newgame.fail", msg.Args{Text: err.Error()})
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

// OLED returns what the display shows, as the Person sees it: without
// one, the last screen shown, rendered.
func (t *Table) OLED() image.Image { return t.person.OLED() }

// Sync waits until the display has drawn every screen shown so far, when
// it can say so (screen.Display); else it returns at once.
func (t *Table) Sync(ctx context.Context) error {
	if d, ok := t.dev.Display.(interface{ Sync(context.Context) error }); ok {
		return d.Sync(ctx)
	}
	return nil
}

// publish stores a new snapshot and hands it to the subscribers.
func (t *Table) publish(s Snapshot) {
	t.mu.Lock()
	s.Seq = t.snap.Seq + 1
	t.snap = s
	t.lastImg = t.out.screen
	for ch := range t.subs {
		select {
		case <-ch:
		default:
		}
		ch <- s
	}
	t.mu.Unlock()
}
