package enroll_test

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cards/enroll"
	"github.com/unoref/unoref/cards/ndef"
	"github.com/unoref/unoref/cards/registry"
	"github.com/unoref/unoref/drivers/mfrc522"
	"github.com/unoref/unoref/drivers/mfrc522/mfrc522test"
	"github.com/unoref/unoref/hardware/board"
)

// rig is a reader on the simulator and a registry in a temporary file.
type rig struct {
	sim *mfrc522test.Sim
	dev *mfrc522.Dev
	rd  enroll.Reader // dev as the enrolment sees it
	reg *registry.Registry
	dir string
}

func newRig(t testing.TB) *rig {
	t.Helper()
	sim := mfrc522test.New(nil)
	dev, err := mfrc522.NewSPI(sim, &mfrc522.Opts{Now: sim.Now, Sleep: sim.Sleep})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { dev.Halt() })
	dir := t.TempDir()
	reg, err := registry.Open(context.Background(), registry.Path(dir))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { reg.Close() })
	return &rig{sim: sim, dev: dev, rd: board.EnrollReader(dev), reg: reg, dir: dir}
}

func uid(batch, n int) []byte {
	return []byte{0x04, byte(batch), 0xE1, 0xE2, 0xE3, byte(n >> 8), byte(n)}
}

// hand is the person at the reader: it lays a fresh sticker for every
// prompt and lifts it once enrolled. Refusals fail the test.
type hand struct {
	t       testing.TB
	r       *rig
	batch   int
	n       int
	on      *mfrc522test.NTAG
	tags    []*mfrc522test.NTAG // every sticker laid, in order
	events  []enroll.Event
	stopAt  int // cancel after this many enrolled, 0: never
	stopped bool
	cancel  context.CancelFunc
	refused []enroll.Event
}

func (h *hand) notify(ev enroll.Event) {
	h.events = append(h.events, ev)
	switch ev.Kind {
	case enroll.Prompt:
		if h.stopped {
			return
		}
		if h.on != nil {
			h.t.Fatalf("prompt %q with a tag still on the pad", ev.Text)
		}
		h.on = mfrc522test.NewNTAG213(uid(h.batch, h.n))
		h.n++
		h.tags = append(h.tags, h.on)
		h.r.sim.Place(h.on)
	case enroll.Enrolled:
		h.r.sim.Remove(h.on)
		h.on = nil
		if h.stopAt > 0 && ev.Done == h.stopAt {
			h.stopped = true
			h.cancel()
		}
	case enroll.Refused:
		h.refused = append(h.refused, ev)
		h.t.Fatalf("refused: %v (%v)", ev, ev.Err)
	}
}

func TestWholeDeck(t *testing.T) {
	ctx := context.Background()
	r := newRig(t)
	if err := r.reg.AddDeck(ctx, "home", cards.Standard); err != nil {
		t.Fatal(err)
	}
	h := &hand{t: t, r: r, batch: 1}
	e, err := enroll.New(ctx, r.rd, r.reg, "home", &enroll.Opts{
		Policy: enroll.Policy{Write: true}, Sleep: r.sim.Sleep, Notify: h.notify,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Run(ctx); err != nil {
		t.Fatalf("Run() = %v", err)
	}
	if len(h.tags) != 108 {
		t.Fatalf("%d stickers laid, want 108", len(h.tags))
	}
	// Prompts: the first, a second copy, the first wild, and the end.
	var prompts []string
	for _, ev := range h.events {
		if ev.Kind == enroll.Prompt || ev.Kind == enroll.Complete {
			prompts = append(prompts, ev.Text)
		}
	}
	for i, want := range map[int]string{0: "Tap Red 0", 2: "Tap Red 1, 2nd of 2", 100: "Tap Wild, 1st of 4", 108: "Deck home is complete"} {
		if prompts[i] != want {
			t.Errorf("prompt %d = %q, want %q", i, prompts[i], want)
		}
	}
	if last := h.events[len(h.events)-1]; last.Kind != enroll.Complete || last.Done != 108 || last.Total != 108 {
		t.Errorf("last event = %v, want complete at 108/108", last)
	}

	// Every sticker carries its card code, and the registry agrees.
	slots, _ := enroll.Order(cards.Standard)
	for i, tag := range h.tags {
		var mem []byte
		for p := 4; p < 8; p++ {
			b := tag.Page(p)
			mem = append(mem, b[:]...)
		}
		got, err := ndef.DecodeCard(mem)
		if err != nil || got != slots[i].Card {
			t.Errorf("sticker %d says %v, %v, want %v", i, got, err, slots[i].Card)
		}
		rt, err := r.reg.Lookup(ctx, tag.UID())
		if err != nil || rt.Card != slots[i].Card || rt.Copy != slots[i].Copy {
			t.Errorf("Lookup(sticker %d) = %v, %v, want %v", i, rt, err, slots[i])
		}
	}

	// Export, import into a fresh registry, and play every card there.
	var file bytes.Buffer
	if err := r.reg.Export(ctx, "home", &file); err != nil {
		t.Fatal(err)
	}
	fresh, err := registry.Open(ctx, filepath.Join(t.TempDir(), "decks.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer fresh.Close()
	if d, n, err := fresh.Import(ctx, &file); err != nil || n != 108 || d.Enrolled != 108 {
		t.Fatalf("Import = %v, %d, %v", d, n, err)
	}
	// The daemon's reader reads page 4 while detecting.
	table, err := mfrc522.NewSPI(r.sim, &mfrc522.Opts{Now: r.sim.Now, Sleep: r.sim.Sleep, ReadPage: 4})
	if err != nil {
		t.Fatal(err)
	}
	res, err := registry.NewResolver(ctx, fresh, "home")
	if err != nil {
		t.Fatal(err)
	}
	var pile registry.Pile
	for i, tag := range h.tags {
		r.sim.Place(tag)
		found, err := table.Detect()
		if err != nil || len(found) != 1 {
			t.Fatalf("Detect(sticker %d) = %v, %v", i, found, err)
		}
		got, err := res.Resolve(ctx, found[0].UID, found[0].Data, func(p uint8) ([]byte, error) { return table.ReadPages(found[0].UID, p) })
		if err != nil || got.Card != slots[i].Card || got.Source != registry.FromRegistry {
			t.Errorf("Resolve(sticker %d) = %+v, %v, want %v from the registry", i, got, err, slots[i].Card)
		}
		if err := pile.Play(found[0].UID); err != nil {
			t.Errorf("Play(sticker %d) = %v", i, err)
		}
		r.sim.Remove(tag)
	}
	// Forgotten by the registry, a sticker still names its card.
	if err := fresh.Remove(ctx, h.tags[7].UID()); err != nil {
		t.Fatal(err)
	}
	r.sim.Place(h.tags[7])
	got, err := res.Resolve(ctx, h.tags[7].UID(), nil, func(p uint8) ([]byte, error) { return table.ReadPages(h.tags[7].UID(), p) })
	if err != nil || got.Card != slots[7].Card || got.Source != registry.FromTag {
		t.Errorf("Resolve(forgotten sticker) = %+v, %v, want %v from the tag", got, err, slots[7].Card)
	}
}

func TestResume(t *testing.T) {
	r := newRig(t)
	bg := context.Background()
	if err := r.reg.AddDeck(bg, "cars", cards.Cars); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(bg)
	defer cancel()
	h := &hand{t: t, r: r, batch: 2, stopAt: 37, cancel: cancel}
	e, err := enroll.New(ctx, r.rd, r.reg, "cars", &enroll.Opts{Sleep: r.sim.Sleep, Notify: h.notify})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Run(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("Run() = %v, want context.Canceled", err)
	}

	// Start again: a new Enroller on the same file, a new hand.
	r.reg.Close()
	reg, err := registry.Open(bg, registry.Path(r.dir))
	if err != nil {
		t.Fatal(err)
	}
	defer reg.Close()
	r.reg = reg
	h2 := &hand{t: t, r: r, batch: 3}
	e, err = enroll.New(bg, r.rd, reg, "cars", &enroll.Opts{Sleep: r.sim.Sleep, Notify: h2.notify})
	if err != nil {
		t.Fatal(err)
	}
	if e.Plan().Done() != 37 || e.Plan().Total() != 112 {
		t.Fatalf("resumed at %d/%d, want 37/112", e.Plan().Done(), e.Plan().Total())
	}
	if err := e.Run(bg); err != nil {
		t.Fatalf("Run() after resuming = %v", err)
	}
	// 37 cards are R0..R9 twice, RS RR R+2 twice (25), then Y0..Y6 twice
	// less one: Y6 #2 is the 38th.
	if first := h2.events[0]; first.Kind != enroll.Prompt || first.Text != "Tap Yellow 6, 2nd of 2" || first.Done != 37 {
		t.Errorf("first prompt after resuming = %v, want Yellow 6, 2nd of 2 at 37", first)
	}
	if len(h2.tags) != 112-37 {
		t.Errorf("%d stickers after resuming, want %d", len(h2.tags), 112-37)
	}
	p, err := reg.Progress(bg, "cars")
	if err != nil || p.Deck.Enrolled != 112 || len(p.Missing) != 0 {
		t.Errorf("Progress = %v, %v, want 112 enrolled", p.Deck, err)
	}
}

// faulty makes the next ReadPages fail as a tag slipping off the pad does.
type faulty struct {
	*mfrc522.Dev
	sim *mfrc522test.Sim
}

func (f faulty) ReadPages(u mfrc522.UID, p uint8) ([]byte, error) {
	f.sim.InjectFault(mfrc522test.FaultNoAnswer, 40) // more than the driver's retries
	return f.Dev.ReadPages(u, p)
}

func setMem(tag *mfrc522test.NTAG, mem []byte) {
	for i := 0; i < len(mem); i += 4 {
		var p [4]byte
		copy(p[:], mem[i:])
		tag.SetPage(4+i/4, p)
	}
}

func TestRefusals(t *testing.T) {
	uri := []byte{0x03, 0x0C, 0xD1, 0x01, 0x08, 0x55, 0x04, 'u', 'n', 'o', '.', 'o', 'r', 'g', 0xFE, 0x00}
	code := func(s string) []byte {
		c, _ := cards.Parse(s)
		return ndef.EncodeCard(c)
	}
	tests := []struct {
		name   string
		opts   enroll.Policy
		setup  func(r *rig, tag *mfrc522test.NTAG) // before the tap
		faulty bool
		want   error // nil: enrolled
		text   string
		wrote  bool
		says   string // what the tag says afterwards
	}{
		{name: "blank, no write", text: "Red 0 enrolled", says: "blank"},
		{name: "blank, write", opts: enroll.Policy{Write: true}, text: "Red 0 enrolled", wrote: true, says: "R0"},
		{name: "already says it", opts: enroll.Policy{Write: true}, setup: func(r *rig, tag *mfrc522test.NTAG) { setMem(tag, code("R0")); tag.Lock(3, 4, 5, 6, 7) }, text: "Red 0 enrolled", says: "R0"},
		{name: "enrolled in this deck", setup: func(r *rig, tag *mfrc522test.NTAG) { enrollAs(t, r, "home", tag, "B4") }, want: registry.ErrEnrolled, text: "This tag is already Blue 4 of deck home"},
		{name: "enrolled in another deck", setup: func(r *rig, tag *mfrc522test.NTAG) { enrollAs(t, r, "club", tag, "R0") }, want: registry.ErrEnrolled, text: "This tag is already Red 0 of deck club"},
		{name: "says another card", setup: func(r *rig, tag *mfrc522test.NTAG) { setMem(tag, code("B3")) }, want: enroll.ErrWrongCard, text: "This tag says Blue 3: tap Red 0", says: "B3"},
		{name: "says another card, write", opts: enroll.Policy{Write: true}, setup: func(r *rig, tag *mfrc522test.NTAG) { setMem(tag, code("B3")) }, want: enroll.ErrWrongCard, text: "This tag says Blue 3: tap Red 0", says: "B3"},
		{name: "says another card, force", opts: enroll.Policy{Write: true, Force: true}, setup: func(r *rig, tag *mfrc522test.NTAG) { setMem(tag, code("B3")) }, text: "Red 0 enrolled", wrote: true, says: "R0"},
		{name: "card of another kind of deck", setup: func(r *rig, tag *mfrc522test.NTAG) { setMem(tag, code("WX")) }, want: enroll.ErrWrongCard, text: "This tag says Extreme Heights: tap Red 0", says: "WX"},
		{name: "foreign, no write", setup: func(r *rig, tag *mfrc522test.NTAG) { setMem(tag, uri) }, text: "Red 0 enrolled", says: "foreign"},
		{name: "foreign, write", opts: enroll.Policy{Write: true}, setup: func(r *rig, tag *mfrc522test.NTAG) { setMem(tag, uri) }, want: enroll.ErrForeign, text: `This tag holds "https://uno.org": force to overwrite`, says: "foreign"},
		{name: "foreign, force", opts: enroll.Policy{Write: true, Force: true}, setup: func(r *rig, tag *mfrc522test.NTAG) { setMem(tag, uri) }, text: "Red 0 enrolled", wrote: true, says: "R0"},
		{name: "garbage, write", opts: enroll.Policy{Write: true}, setup: func(r *rig, tag *mfrc522test.NTAG) { setMem(tag, []byte{0x77, 0x66, 0x55, 0x44}) }, text: "Red 0 enrolled", wrote: true, says: "R0"},
		{name: "CC read-only", opts: enroll.Policy{Write: true}, setup: func(r *rig, tag *mfrc522test.NTAG) { tag.SetPage(3, [4]byte{0xE1, 0x10, 0x12, 0x0F}) }, want: enroll.ErrLocked, text: "This tag is locked: use another sticker", says: "blank"},
		{name: "pages locked", opts: enroll.Policy{Write: true}, setup: func(r *rig, tag *mfrc522test.NTAG) { tag.Lock(4, 5, 6, 7) }, want: enroll.ErrLocked, text: "This tag is locked: use another sticker", says: "blank"},
		{name: "pages locked, force", opts: enroll.Policy{Write: true, Force: true}, setup: func(r *rig, tag *mfrc522test.NTAG) { tag.Lock(4, 5, 6, 7) }, want: enroll.ErrLocked, text: "This tag is locked: use another sticker", says: "blank"},
		{name: "not NDEF", opts: enroll.Policy{Write: true}, setup: func(r *rig, tag *mfrc522test.NTAG) { tag.SetPage(3, [4]byte{}) }, want: enroll.ErrNotNDEF, text: "This tag is not formatted for NFC text", says: "blank"},
		{name: "unreadable", faulty: true, want: enroll.ErrUnreadable, text: "Can't read this tag: tap it again", says: "blank"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			r := newRig(t)
			for _, d := range []string{"home", "club"} {
				if err := r.reg.AddDeck(ctx, d, cards.Standard); err != nil {
					t.Fatal(err)
				}
			}
			tag := mfrc522test.NewNTAG213(uid(5, 1))
			if tt.setup != nil {
				tt.setup(r, tag)
			}
			rd := r.rd
			if tt.faulty {
				rd = board.EnrollReader(faulty{r.dev, r.sim})
			}
			var events []enroll.Event
			e, err := enroll.New(ctx, rd, r.reg, "home", &enroll.Opts{Policy: tt.opts, Sleep: r.sim.Sleep,
				Notify: func(ev enroll.Event) { events = append(events, ev) }})
			if err != nil {
				t.Fatal(err)
			}
			before := e.Plan().Done()
			r.sim.Place(tag)
			if err := e.Step(ctx); err != nil {
				t.Fatalf("Step() = %v", err)
			}
			if len(events) == 0 {
				t.Fatal("Step() with a tag on the pad sent no event")
			}
			ev := events[0]
			if !errors.Is(ev.Err, tt.want) || (tt.want == nil) != (ev.Kind == enroll.Enrolled) {
				t.Fatalf("event = %v (%v), want error %v", ev, ev.Err, tt.want)
			}
			if ev.Text != tt.text || ev.Wrote != tt.wrote {
				t.Errorf("event = %q, wrote %t; want %q, wrote %t", ev.Text, ev.Wrote, tt.text, tt.wrote)
			}
			if got := says(tag); tt.says != "" && got != tt.says {
				t.Errorf("tag says %s afterwards, want %s", got, tt.says)
			}
			wantDone := before
			if tt.want == nil {
				wantDone++
			}
			if e.Plan().Done() != wantDone {
				t.Errorf("Done() = %d, want %d", e.Plan().Done(), wantDone)
			}
			// The tag stays on the pad: no second event for it.
			n := len(events)
			if err := e.Step(ctx); err != nil || len(events) != n {
				t.Errorf("Step() with the same tag = %v, %d new events, want none", err, len(events)-n)
			}
		})
	}
}

func enrollAs(t *testing.T, r *rig, deck string, tag *mfrc522test.NTAG, code string) {
	t.Helper()
	c, _ := cards.Parse(code)
	if _, err := r.reg.Enroll(context.Background(), deck, tag.UID(), c); err != nil {
		t.Fatal(err)
	}
}

// says is what a sticker's memory names: a card code, "blank" or "foreign".
func says(tag *mfrc522test.NTAG) string {
	var mem []byte
	for p := 4; p < 12; p++ {
		b := tag.Page(p)
		mem = append(mem, b[:]...)
	}
	c, err := ndef.DecodeCard(mem)
	switch {
	case err == nil:
		return c.String()
	case errors.Is(err, ndef.ErrBlank):
		return "blank"
	case errors.Is(err, ndef.ErrForeign):
		return "foreign"
	}
	return err.Error()
}

func TestTwoTags(t *testing.T) {
	ctx := context.Background()
	r := newRig(t)
	if err := r.reg.AddDeck(ctx, "home", cards.Standard); err != nil {
		t.Fatal(err)
	}
	var events []enroll.Event
	e, err := enroll.New(ctx, r.rd, r.reg, "home", &enroll.Opts{Policy: enroll.Policy{Write: true}, Sleep: r.sim.Sleep,
		Notify: func(ev enroll.Event) { events = append(events, ev) }})
	if err != nil {
		t.Fatal(err)
	}
	a, b := mfrc522test.NewNTAG213(uid(6, 1)), mfrc522test.NewNTAG213(uid(6, 2))
	step := func() {
		t.Helper()
		if err := e.Step(ctx); err != nil {
			t.Fatalf("Step() = %v", err)
		}
	}
	r.sim.Place(a)
	r.sim.Place(b)
	step()
	step() // still both: refused once only
	if len(events) != 1 || !errors.Is(events[0].Err, enroll.ErrTwoTags) || events[0].Text != "Two tags at once: tap one card" {
		t.Fatalf("events with two tags = %v, want one refusal", events)
	}
	r.sim.Remove(a) // lift one: the other is enrolled
	step()
	if len(events) != 3 || events[1].Kind != enroll.Enrolled || events[1].UID != registry.FormatUID(b.UID()) || events[2].Text != "Tap Red 1, 1st of 2" {
		t.Fatalf("events after lifting one = %v, want b enrolled, then the next prompt", events[1:])
	}
	r.sim.Place(a) // b still there: two again
	step()
	if len(events) != 4 || !errors.Is(events[3].Err, enroll.ErrTwoTags) {
		t.Fatalf("events with b and a = %v, want a refusal", events[3:])
	}
	r.sim.Remove(b) // a alone now
	step()
	if len(events) != 6 || events[4].Kind != enroll.Enrolled || events[4].Slot.Card.String() != "R1" || !strings.HasPrefix(events[5].Text, "Tap Red 1, 2nd") {
		t.Fatalf("events after lifting b = %v, want a enrolled as R1", events[4:])
	}
}
