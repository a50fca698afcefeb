package table

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cards/ndef"
	"github.com/unoref/unoref/cmd/unoref/internal/screen"
	"github.com/unoref/unoref/drivers/button"
	"github.com/unoref/unoref/drivers/buzzer"
	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
	"github.com/unoref/unoref/drivers/led"
	"github.com/unoref/unoref/drivers/mfrc522"
	"github.com/unoref/unoref/drivers/mfrc522/mfrc522test"
	"github.com/unoref/unoref/drivers/oled"
	"github.com/unoref/unoref/drivers/oled/ssd1306test"
	"github.com/unoref/unoref/drivers/seatpad"
	"github.com/unoref/unoref/drivers/seatpad/mcp23017test"
	"github.com/unoref/unoref/hardware/board"
	"github.com/unoref/unoref/lang/msg"
)

// VirtualOpts configures NewVirtual.
type VirtualOpts struct {
	// Clock drives the LEDs, buzzer, button debouncing and the table's
	// timers. Default: the system clock. Tests pass a gpiolinetest.Clock.
	Clock Clock
	// PollPeriod is how often the simulated readers poll when nothing is
	// tapped (in real time; a tap polls at once). Default 20 ms.
	PollPeriod time.Duration
	// NoDrawPad leaves the draw-pad reader out.
	NoDrawPad bool
	// Resolver is the deck registry, if any.
	Resolver Resolver
}

// Sim is the virtual table's hardware, for tests and the page: the chips
// simulated under the real drivers.
type Sim struct {
	Play, Draw *mfrc522test.Sim                // the pads' MFRC522s (Draw nil without draw pad)
	OLED       *ssd1306test.Sim                // the SSD1306 behind screen.Display
	Seats      *mcp23017test.Bus               // the seat pads' two MCP23017s, seats 0–9
	LEDs       map[string]*gpiolinetest.Output // "cw","ccw","legal","illegal","uno","R","Y","G","B"
	Buzzer     *gpiolinetest.Output
}

// virtual is the virtual table's side of Table: the simulators and the
// bookkeeping that turns page actions into tags in the field and edges on
// button lines.
type virtual struct {
	sim   Sim
	disp  *screen.Display
	edges *gpiolinetest.Edges
	btn   *button.Dev
	btnCh chan button.Event
	buzz  *buzzer.Dev
	kick  map[string]chan struct{}
	done  chan struct{}

	// Owned by Run's goroutine.
	uid      uint32
	waits    []*tapWait
	field    map[string]bool            // tags the reader knows are in the field
	placed   map[string]mfrc522test.Tag // tags in the simulated field
	deferred map[string]mfrc522test.Tag // tags waiting for their twin to leave
	padOf    map[string]string

	pressMu   sync.Mutex
	pressed_  chan struct{}
	seated    chan struct{}
	seatClock *gpiolinetest.Clock // the seat pads' own time: it moves only for a press
	edgeAt    time.Duration
}

type tapWait struct {
	uids map[string]bool
	ch   chan struct{}
}

var virtualLEDs = []struct {
	name string
	l    led.LED
}{{"cw", led.DirCW}, {"ccw", led.DirCCW}, {"legal", led.Legal}, {"illegal", led.Illegal}, {"uno", led.UNO},
	{"R", led.Red}, {"Y", led.Yellow}, {"G", led.Green}, {"B", led.Blue}}

// NewVirtual builds the virtual table: the same Table on the simulators
// (MFRC522 with NTAG213 tags under the real mfrc522 driver, SSD1306 under
// screen.Display, fake lines under led, buzzer and button) and resumes the
// journal's open game.
func NewVirtual(ctx context.Context, j Journal, cfg Config, o *VirtualOpts) (*Table, error) {
	var opts VirtualOpts
	if o != nil {
		opts = *o
	}
	if opts.Clock == nil {
		opts.Clock = SystemClock
	}
	if opts.PollPeriod <= 0 {
		opts.PollPeriod = 20 * time.Millisecond
	}
	v := &virtual{
		kick:     map[string]chan struct{}{},
		done:     make(chan struct{}),
		field:    map[string]bool{},
		placed:   map[string]mfrc522test.Tag{},
		deferred: map[string]mfrc522test.Tag{},
		padOf:    map[string]string{},
		pressed_: make(chan struct{}, 1),
		seated:   make(chan struct{}, 1),
	}
	clock := opts.Clock
	dev := Devices{Clock: clock, Resolver: opts.Resolver}
	reader := func(pad string) (*mfrc522test.Sim, *mfrc522.Dev, error) {
		s := mfrc522test.New(nil)
		kick := make(chan struct{}, 1)
		v.kick[pad] = kick
		d, err := mfrc522.NewSPI(s, &mfrc522.Opts{
			ReadPage:   ndef.FirstPage,
			PollPeriod: opts.PollPeriod,
			Now:        s.Now,
			Sleep:      v.sleeper(s, kick),
		})
		if err != nil {
			return nil, nil, fmt.Errorf("table: virtual %s pad: %w", pad, err)
		}
		return s, d, nil
	}
	var err error
	var play, draw *mfrc522.Dev
	if v.sim.Play, play, err = reader("play"); err != nil {
		return nil, err
	}
	dev.Play = play
	if !opts.NoDrawPad {
		if v.sim.Draw, draw, err = reader("draw"); err != nil {
			return nil, err
		}
		dev.Draw = draw
	}
	v.sim.OLED = ssd1306test.New(nil)
	panel, err := oled.NewI2C(v.sim.OLED, nil)
	if err != nil {
		return nil, fmt.Errorf("table: virtual OLED: %w", err)
	}
	v.disp = screen.NewDisplay(panel, nil)
	dev.Display = v.disp
	lines := map[led.LED]led.Output{}
	v.sim.LEDs = map[string]*gpiolinetest.Output{}
	for _, l := range virtualLEDs {
		out := &gpiolinetest.Output{Now: clock.Now}
		v.sim.LEDs[l.name] = out
		lines[l.l] = out
	}
	leds, err := led.New(lines, &led.Opts{Clock: clock})
	if err != nil {
		return nil, err
	}
	dev.LEDs = leds
	v.sim.Buzzer = &gpiolinetest.Output{Now: clock.Now}
	if v.buzz, err = buzzer.New(v.sim.Buzzer, &buzzer.Opts{Clock: clock}); err != nil {
		return nil, err
	}
	dev.Buzzer = v.buzz
	btnLines := map[int]button.Name{}
	for n := button.UNO; n <= button.Blue; n++ {
		btnLines[int(n)] = n
	}
	if v.btn, err = button.New(btnLines, &button.Opts{Clock: clock, LongPress: board.LongPress}); err != nil {
		return nil, err
	}
	v.edges = gpiolinetest.NewEdges()
	v.btnCh = make(chan button.Event, 16)
	dev.Buttons = v.btnCh
	v.sim.Seats = mcp23017test.NewBus(0x20, 0x21)
	v.seatClock = gpiolinetest.NewClock(time.Time{})
	sp, err := seatpad.NewI2C(v.sim.Seats, &seatpad.Opts{Seats: seatpad.MaxSeats, Clock: v.seatClock})
	if err != nil {
		return nil, fmt.Errorf("table: virtual seat pads: %w", err)
	}
	seatCh := make(chan seatpad.Event, 16)
	dev.Seats, dev.SeatEvs = sp, seatCh
	dev.Loops = append(dev.Loops, func(ctx context.Context) error { return sp.Run(ctx, seatCh) })
	cfg.Virtual = true
	t, err := New(ctx, dev, j, cfg)
	if err != nil {
		return nil, err
	}
	t.v = v
	t.out.reader = "sim"
	t.refresh()
	return t, nil
}

// Sim returns the virtual table's simulators, nil on real hardware.
func (t *Table) Sim() *Sim {
	if t.v == nil {
		return nil
	}
	return &t.v.sim
}

// Sync waits until the display has drawn every screen shown so far (virtual
// table only; on hardware it returns at once).
func (t *Table) Sync(ctx context.Context) error {
	if t.v == nil {
		return nil
	}
	return t.v.disp.Sync(ctx)
}

// longWait separates the driver's waits: air time, timeouts and tag
// answers (all under about 2 ms) from the wait between polls (the poll
// period less one poll) and the back-off of a lost reader.
const longWait = 4 * time.Millisecond

// sleeper is the simulated reader's clock: short waits only move the
// modelled clock; the wait between polls also waits in real time, cut short
// by a kick when something is tapped, so an idle virtual table costs little
// CPU and a tap is read at once.
func (v *virtual) sleeper(s *mfrc522test.Sim, kick <-chan struct{}) func(time.Duration) {
	return func(d time.Duration) {
		s.Sleep(d)
		if d < longWait {
			return
		}
		tm := time.NewTimer(d)
		defer tm.Stop()
		select {
		case <-kick:
		case <-tm.C:
		case <-v.done:
		}
	}
}

func (v *virtual) poll(pad string) {
	select {
	case v.kick[pad] <- struct{}{}:
	default:
	}
}

// start runs the display and the buttons until ctx is done.
func (v *virtual) start(ctx context.Context, wg *sync.WaitGroup) {
	wg.Add(3)
	go func() {
		defer wg.Done()
		<-ctx.Done()
		close(v.done)
	}()
	go func() {
		defer wg.Done()
		v.disp.Run(ctx)
	}()
	go func() {
		defer wg.Done()
		v.btn.Run(ctx, v.edges, v.btnCh)
	}()
}

func (v *virtual) ledStates() map[string]bool {
	m := make(map[string]bool, len(v.sim.LEDs)+seatpad.MaxSeats)
	for n, o := range v.sim.LEDs {
		m[n] = o.Value() == 1
	}
	for s := range seatpad.MaxSeats {
		c, _, l := v.seatPins(s)
		m[seatLED[s]] = c.Level(l)
	}
	return m
}

func (v *virtual) buzzing() bool { return v.buzz.Playing() }

// press presses and releases a panel button on its fake line and returns
// once the table has ruled on the press.
func (v *virtual) press(ctx context.Context, t *Table, a Action) error {
	b, ok := buttonNames[a.Button]
	if !ok {
		return refuseAction("action.nobutton", msg.Args{Value: a.Button})
	}
	if err := v.startPress(t, v.pressed_); err != nil {
		return err
	}
	defer v.pressMu.Unlock()
	// Edge times are the line's own time base: a clean 50 ms press.
	v.edgeAt += 100 * time.Millisecond
	at := v.edgeAt
	// Send blocks until the debouncer has taken both edges; it would block
	// for good if the table stopped meanwhile, so it has its own goroutine.
	go v.edges.Send(button.Edge{Line: int(b), At: at, High: false},
		button.Edge{Line: int(b), At: at + 50*time.Millisecond, High: true})
	return v.awaitPress(ctx, t, v.pressed_)
}

// seatPins are the MCP23017 and its button and LED pins for a seat
// (package seatpad's wiring).
func (v *virtual) seatPins(seat int) (*mcp23017test.Chip, mcp23017test.Pin, mcp23017test.Pin) {
	c := v.sim.Seats.Chip(0x20 + uint16(seat/seatpad.SeatsPerChip))
	k := seat % seatpad.SeatsPerChip
	if k < 4 {
		return c, mcp23017test.Pin(k), mcp23017test.Pin(4 + k)
	}
	return c, mcp23017test.Pin(8 + k - 4), mcp23017test.Pin(12 + k - 4)
}

// seat presses a seat pad's button on the simulated expander and returns
// once the table has ruled on the press. The pads' clock moves by whole
// poll intervals, as long as the debouncer needs to see the press and the
// release.
func (v *virtual) seat(ctx context.Context, t *Table, a Action) error {
	if a.Seat < 0 || a.Seat >= seatpad.MaxSeats {
		return refuseAction("action.noseat", msg.Args{N: a.Seat})
	}
	if err := v.startPress(t, v.seated); err != nil {
		return err
	}
	defer v.pressMu.Unlock()
	chip, pin, _ := v.seatPins(a.Seat)
	steps := func() {
		for range 4 {
			v.seatClock.BlockUntil(1)
			v.seatClock.Advance(10 * time.Millisecond)
		}
	}
	chip.Drive(pin, false)
	steps()
	if err := v.awaitPress(ctx, t, v.seated); err != nil {
		return err
	}
	chip.Release(pin)
	steps()
	return nil
}

// startPress refuses a press once the table has stopped; otherwise it takes
// pressMu (the caller unlocks it) and drops a stale acknowledgement on ack.
func (v *virtual) startPress(t *Table, ack chan struct{}) error {
	select {
	case <-t.halted:
		return ErrHalted
	case <-v.done:
		return ErrHalted
	default:
	}
	v.pressMu.Lock()
	select {
	case <-ack:
	default:
	}
	return nil
}

// awaitPress waits until the table has ruled on the press (ack).
func (v *virtual) awaitPress(ctx context.Context, t *Table, ack chan struct{}) error {
	select {
	case <-ack:
		return nil
	case <-t.halted:
		return ErrHalted
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (v *virtual) pressed() {
	select {
	case v.pressed_ <- struct{}{}:
	default:
	}
}

// act places tags in a pad's field (tap) or lifts them (remove).
func (v *virtual) act(t *Table, a Action) (<-chan struct{}, error) {
	pad := a.Pad
	if pad == "" {
		pad = "play"
	}
	s := v.sim.Play
	if pad == "draw" {
		s = v.sim.Draw
	}
	if s == nil || (pad != "play" && pad != "draw") {
		return nil, refuseAction("action.nopad", msg.Args{Value: a.Pad})
	}
	if a.Kind == KindRemove {
		for uid, tag := range v.placed {
			if v.padOf[uid] == pad {
				s.Remove(tag)
				delete(v.placed, uid)
			}
		}
		return nil, nil
	}
	var tags []mfrc522test.Tag
	for _, code := range strings.Split(a.Card, ",") {
		tag, err := v.tag(strings.TrimSpace(code))
		if err != nil {
			return nil, err
		}
		tags = append(tags, tag)
	}
	if len(tags) == 0 {
		return nil, refuseAction("action.nocard", msg.Args{})
	}
	w := &tapWait{uids: map[string]bool{}, ch: make(chan struct{})}
	for _, tag := range tags {
		uid := mfrc522.UID(tag.UID()).String()
		w.uids[uid] = true
		v.padOf[uid] = pad
		if v.field[uid] || v.placed[uid] != nil {
			// The same tag again: it must leave the field first.
			v.deferred[uid] = tag
			continue
		}
		v.placed[uid] = tag
		s.Place(tag)
	}
	v.waits = append(v.waits, w)
	v.poll(pad)
	return w.ch, nil
}

// tag makes the tag for a tap: a card code written as NDEF on a fresh
// NTAG213, "tag:UIDHEX" for a given tag, "garbage" for an unreadable one.
func (v *virtual) tag(code string) (mfrc522test.Tag, error) {
	switch {
	case code == "garbage":
		t := mfrc522test.NewNTAG213(v.nextUID())
		// An NDEF TLV whose record runs past its message: corrupt.
		t.SetPage(4, [4]byte{0x03, 0x05, 0xD1, 0x01})
		t.SetPage(5, [4]byte{0x09, 0x54, 0x02, 0xFE})
		return t, nil
	case strings.HasPrefix(code, "tag:"):
		uid, err := hex.DecodeString(strings.TrimPrefix(code, "tag:"))
		switch {
		case err != nil:
			return nil, refuseAction("action.uid", msg.Args{Value: code})
		case len(uid) == 7:
			return mfrc522test.NewNTAG213(uid), nil
		case len(uid) == 4 || len(uid) == 10:
			return mfrc522test.NewClassic1K(uid), nil
		}
		return nil, refuseAction("action.uidlen", msg.Args{N: len(uid)})
	}
	c, err := cards.Parse(code)
	if err != nil {
		return nil, refuseAction("action.code", msg.Args{Value: code})
	}
	t := mfrc522test.NewNTAG213(v.nextUID())
	data := ndef.EncodeCard(c.Face())
	for i := 0; i < len(data); i += ndef.PageSize {
		var p [4]byte
		copy(p[:], data[i:])
		t.SetPage(ndef.FirstPage+i/ndef.PageSize, p)
	}
	return t, nil
}

func (v *virtual) nextUID() []byte { v.uid++; return mintedUID(v.uid) }

func mintedUID(n uint32) []byte {
	return []byte{0x04, 0x55, 0x4E, byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)}
}

// minted reports whether uid is a tag the virtual table made for one tap
// of a card code. Such a tag is never tapped again, and a restarted table
// mints the same UIDs afresh: it plays untagged, as a typed card does.
func (v *virtual) minted(uid mfrc522.UID) bool {
	if len(uid) != 7 || !bytes.HasPrefix(uid, mintedUID(0)[:3]) {
		return false
	}
	n := binary.BigEndian.Uint32(uid[3:])
	return n >= 1 && n <= v.uid
}

// readerEvent follows the simulated field after the table ruled on ev:
// a tapped card is lifted once read, and the tap's waiter is released.
func (v *virtual) readerEvent(t *Table, pad string, ev mfrc522.Event) {
	s := v.sim.Play
	if pad == "draw" {
		s = v.sim.Draw
	}
	uid := ev.Tag.UID.String()
	switch ev.Kind {
	case mfrc522.TagArrived:
		v.field[uid] = true
		if tag, ok := v.placed[uid]; ok {
			s.Remove(tag)
			delete(v.placed, uid)
		}
		for i := 0; i < len(v.waits); i++ {
			w := v.waits[i]
			delete(w.uids, uid)
			if len(w.uids) == 0 {
				close(w.ch)
				v.waits = append(v.waits[:i], v.waits[i+1:]...)
				i--
			}
		}
	case mfrc522.TagLeft:
		delete(v.field, uid)
		if tag, ok := v.deferred[uid]; ok {
			delete(v.deferred, uid)
			v.placed[uid] = tag
			s.Place(tag)
		}
	case mfrc522.ReaderLost:
		clear(v.field)
	}
	if len(v.waits) > 0 {
		v.poll(pad)
	}
}

func (v *virtual) seatDone() {
	select {
	case v.seated <- struct{}{}:
	default:
	}
}
