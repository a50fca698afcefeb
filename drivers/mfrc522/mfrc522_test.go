package mfrc522

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"testing"
	"time"

	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"

	"github.com/unoref/unoref/drivers/mfrc522/mfrc522test"
)

// newDev returns a driver on a fresh simulator, clocked by the simulator.
func newDev(t testing.TB, o *Opts) (*Dev, *mfrc522test.Sim) {
	t.Helper()
	return newOn(t, nil, o)
}

// newOn returns a driver on a simulator made with so, clocked by it; an
// Opts.IRQ of simIRQ is its IRQ pin.
func newOn(t testing.TB, so *mfrc522test.Opts, o *Opts) (*Dev, *mfrc522test.Sim) {
	t.Helper()
	sim := mfrc522test.New(so)
	var opts Opts
	if o != nil {
		opts = *o
	}
	opts.Now, opts.Sleep = sim.Now, sim.Sleep
	if opts.IRQ == simIRQ {
		opts.IRQ = sim.IRQ()
	}
	d, err := NewSPI(sim, &opts)
	if err != nil {
		t.Fatalf("NewSPI() = %v", err)
	}
	return d, sim
}

var (
	uid4  = UID{0x12, 0x34, 0x56, 0x78}
	uid7  = UID{0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0x80}
	uid10 = UID{0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99}
)

func uids(tags []Tag) []string {
	var s []string
	for _, t := range tags {
		s = append(s, t.UID.String())
	}
	sort.Strings(s)
	return s
}

func TestNewSPIVersion(t *testing.T) {
	sim := mfrc522test.New(nil)
	sim.Unplug()
	if _, err := NewSPI(sim, &Opts{Now: sim.Now, Sleep: sim.Sleep}); !errors.Is(err, ErrReaderGone) {
		t.Fatalf("NewSPI(unplugged) = %v, want ErrReaderGone", err)
	}
	for _, v := range []byte{0x91, 0x92, 0x88, 0x12} {
		sim := mfrc522test.New(&mfrc522test.Opts{Version: v})
		d, err := NewSPI(sim, &Opts{Now: sim.Now, Sleep: sim.Sleep})
		if err != nil {
			t.Fatalf("NewSPI(version 0x%02X) = %v", v, err)
		}
		if !sim.Field() {
			t.Errorf("version 0x%02X: field off after NewSPI", v)
		}
		if got := d.String(); got == "" {
			t.Errorf("String() = %q", got)
		}
	}
}

func TestDetectUIDSizes(t *testing.T) {
	tests := []struct {
		name string
		tag  mfrc522test.Tag
		typ  Type
	}{
		{"classic 4-byte", mfrc522test.NewClassic1K(uid4), TypeClassic1K},
		{"classic 7-byte", mfrc522test.NewClassic1K(uid7), TypeClassic1K},
		{"classic 10-byte", mfrc522test.NewClassic1K(uid10), TypeClassic1K},
		{"ntag213", mfrc522test.NewNTAG213(uid7), TypeUltralightFamily},
		{"ultralight", mfrc522test.NewUltralight(uid7), TypeUltralightFamily},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, sim := newDev(t, nil)
			if tags, err := d.Detect(); err != nil || len(tags) != 0 {
				t.Fatalf("Detect() on empty field = %v, %v, want none", tags, err)
			}
			sim.Place(tt.tag)
			for i := range 3 { // the tag is halted after each, WUPA wakes it
				tags, err := d.Detect()
				if err != nil {
					t.Fatalf("Detect() #%d = %v", i, err)
				}
				if len(tags) != 1 || !tags[0].UID.Equal(tt.tag.UID()) || tags[0].Type != tt.typ {
					t.Fatalf("Detect() #%d = %v, want %s %X", i, tags, tt.typ, tt.tag.UID())
				}
			}
		})
	}
}

func TestReadWriteNTAG(t *testing.T) {
	d, sim := newDev(t, nil)
	tag := mfrc522test.NewNTAG213(uid7)
	sim.Place(tag)
	tag.SetPage(4, [4]byte{1, 2, 3, 4})
	tag.SetPage(7, [4]byte{0xDE, 0xAD, 0xBE, 0xEF})
	got, err := d.ReadPages(uid7, 4)
	if err != nil {
		t.Fatalf("ReadPages(4) = %v", err)
	}
	var want []byte
	for p := 4; p < 8; p++ {
		b := tag.Page(p)
		want = append(want, b[:]...)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("ReadPages(4) = % X, want % X", got, want)
	}
	page := [4]byte{0xCA, 0xFE, 0x00, 0x42}
	if err := d.WritePage(uid7, 5, page); err != nil {
		t.Fatalf("WritePage(5) = %v", err)
	}
	if got := tag.Page(5); got != page {
		t.Fatalf("Page(5) after WritePage = % X, want % X", got, page)
	}
	if _, err := d.ReadPages(uid4, 4); !errors.Is(err, ErrNoTag) {
		t.Errorf("ReadPages(absent UID) = %v, want ErrNoTag", err)
	}
	if err := d.WritePage(uid4, 5, page); !errors.Is(err, ErrNoTag) {
		t.Errorf("WritePage(absent UID) = %v, want ErrNoTag", err)
	}
}

func TestWriteLockedPageNAK(t *testing.T) {
	d, sim := newDev(t, nil)
	tag := mfrc522test.NewNTAG213(uid7)
	sim.Place(tag)
	before := tag.Page(4)
	tag.Lock(4)
	err := d.WritePage(uid7, 4, [4]byte{9, 9, 9, 9})
	if !errors.Is(err, ErrNAK) {
		t.Fatalf("WritePage(locked) = %v, want ErrNAK", err)
	}
	if got := tag.Page(4); got != before {
		t.Fatalf("locked page changed to % X", got)
	}
	// The tag still works afterwards.
	if tags, err := d.Detect(); err != nil || len(tags) != 1 {
		t.Fatalf("Detect() after NAK = %v, %v", tags, err)
	}
}

func TestIdentify(t *testing.T) {
	tests := []struct {
		tag  mfrc522test.Tag
		want Type
	}{
		{mfrc522test.NewNTAG213(uid7), TypeNTAG213},
		{mfrc522test.NewNTAG215(uid7), TypeNTAG215},
		{mfrc522test.NewNTAG216(uid7), TypeNTAG216},
		{mfrc522test.NewUltralight(uid7), TypeUltralight},
		{mfrc522test.NewClassic1K(uid4), TypeClassic1K},
	}
	for _, tt := range tests {
		t.Run(tt.want.String(), func(t *testing.T) {
			d, sim := newDev(t, nil)
			sim.Place(tt.tag)
			got, err := d.Identify(tt.tag.UID())
			if err != nil || got != tt.want {
				t.Fatalf("Identify() = %v, %v, want %v", got, err, tt.want)
			}
			// And the tag is usable after Identify.
			if tags, err := d.Detect(); err != nil || len(tags) != 1 {
				t.Fatalf("Detect() after Identify = %v, %v", tags, err)
			}
		})
	}
}

func TestDetectReadPage(t *testing.T) {
	d, sim := newDev(t, &Opts{ReadPage: 4})
	tag := mfrc522test.NewNTAG213(uid7)
	tag.SetPage(4, [4]byte{0xAA, 0xBB, 0xCC, 0xDD})
	sim.Place(tag)
	tags, err := d.Detect()
	if err != nil || len(tags) != 1 {
		t.Fatalf("Detect() = %v, %v", tags, err)
	}
	if got := tags[0].Data; len(got) != 16 || got[0] != 0xAA || got[3] != 0xDD {
		t.Fatalf("Detect().Data = % X, want AA BB CC DD ...", got)
	}
}

func TestMultipleTags(t *testing.T) {
	tests := []struct {
		name string
		uids []UID
	}{
		{"two 4-byte, last bit differs", []UID{{0x10, 0x20, 0x30, 0x40}, {0x10, 0x20, 0x30, 0xC0}}},
		{"two 4-byte, first bit differs", []UID{{0x11, 0x20, 0x30, 0x40}, {0x10, 0x20, 0x30, 0x40}}},
		{"two 7-byte, same CL1", []UID{{0x04, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06}, {0x04, 0x01, 0x02, 0x83, 0x04, 0x05, 0x06}}},
		{"two 7-byte, CL1 differs", []UID{{0x04, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06}, {0x04, 0x81, 0x02, 0x03, 0x04, 0x05, 0x06}}},
		{"three mixed sizes", []UID{uid4, uid7, uid10}},
		{"three 7-byte", []UID{
			{0x04, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06},
			{0x04, 0x01, 0x02, 0x03, 0x04, 0x05, 0x07},
			{0x04, 0x01, 0x03, 0x03, 0x04, 0x05, 0x06},
		}},
		{"four 10-byte", []UID{
			{0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99},
			{0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x98},
			{0x04, 0x11, 0x22, 0x3B, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99},
			{0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0xE6, 0x77, 0x88, 0x99},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, sim := newDev(t, nil)
			var want []string
			for i, u := range tt.uids {
				if i%2 == 0 && len(u) == 7 {
					sim.Place(mfrc522test.NewNTAG213(u))
				} else {
					sim.Place(mfrc522test.NewClassic1K(u))
				}
				want = append(want, u.String())
			}
			sort.Strings(want)
			for i := range 3 {
				tags, err := d.Detect()
				if err != nil {
					t.Fatalf("Detect() #%d = %v (found %v)", i, err, uids(tags))
				}
				if got := uids(tags); !slices.Equal(got, want) {
					t.Fatalf("Detect() #%d = %v, want %v", i, got, want)
				}
			}
		})
	}
}

func TestFaultsRecover(t *testing.T) {
	faults := []mfrc522test.Fault{mfrc522test.FaultCRC, mfrc522test.FaultNoAnswer, mfrc522test.FaultTruncated, mfrc522test.FaultGarbage, mfrc522test.FaultParity}
	for _, f := range faults {
		for _, n := range []int{1, 2} {
			t.Run(fmt.Sprintf("%v×%d", f, n), func(t *testing.T) {
				d, sim := newDev(t, &Opts{ReadPage: 4})
				tag := mfrc522test.NewNTAG213(uid7)
				sim.Place(tag)
				sim.InjectFault(f, n)
				var tags []Tag
				var err error
				// A lost WUPA answer looks like an empty field for
				// that attempt, and leaves the tag READY, so that
				// the next WUPA only sends it back to IDLE: 2n+1
				// attempts. Watch, which expects its known tags,
				// sends a second WUPA instead.
				for range 2*n + 1 {
					if tags, err = d.Detect(); err != nil || len(tags) > 0 {
						break
					}
				}
				if err != nil {
					t.Fatalf("Detect() = %v", err)
				}
				if len(tags) != 1 || !tags[0].UID.Equal(uid7) {
					t.Fatalf("Detect() = %v, want %s", tags, uid7)
				}
				if len(tags[0].Data) != 16 {
					t.Fatalf("Detect().Data = % X", tags[0].Data)
				}
			})
		}
	}
}

func TestFaultsPersistent(t *testing.T) {
	// More faults than retries: a clear error or nothing, never a wrong UID.
	faults := []mfrc522test.Fault{mfrc522test.FaultCRC, mfrc522test.FaultNoAnswer, mfrc522test.FaultTruncated, mfrc522test.FaultGarbage, mfrc522test.FaultParity}
	for _, f := range faults {
		t.Run(f.String(), func(t *testing.T) {
			d, sim := newDev(t, nil)
			sim.Place(mfrc522test.NewNTAG213(uid7))
			sim.InjectFault(f, 50)
			tags, err := d.Detect()
			for _, tg := range tags {
				if !tg.UID.Equal(uid7) {
					t.Fatalf("Detect() = wrong UID %s", tg.UID)
				}
			}
			if err != nil && !(errors.Is(err, ErrCRC) || errors.Is(err, ErrParity) || errors.Is(err, ErrProtocol) || errors.Is(err, ErrTimeout) || errors.Is(err, ErrCollision)) {
				t.Fatalf("Detect() = %v, want a sentinel error", err)
			}
			_, err = d.ReadPages(uid7, 4)
			if err == nil {
				return // the faults were used up
			}
			if !(errors.Is(err, ErrCRC) || errors.Is(err, ErrParity) || errors.Is(err, ErrProtocol) || errors.Is(err, ErrTimeout) || errors.Is(err, ErrNoTag)) {
				t.Fatalf("ReadPages() = %v, want a sentinel error", err)
			}
		})
	}
}

// watchScript runs Watch against a simulator, applies the actions once the
// modelled clock passes their times, stops at until, and returns the events.
var misses int // polls that missed a known tag, counted by the last watchScript

func watchScript(t testing.TB, o *Opts, until time.Duration, actions map[time.Duration]func(*mfrc522test.Sim)) ([]Event, time.Time) {
	t.Helper()
	return watchScriptOn(t, nil, o, until, actions)
}

// simIRQ in Opts.IRQ asks watchScriptOn for the simulator's IRQ pin.
var simIRQ IRQ = simIRQMark{}

type simIRQMark struct{}

func (simIRQMark) WaitForEdge(time.Duration) bool { return false }

// watchScriptOn is watchScript on a simulator made with so.
func watchScriptOn(t testing.TB, so *mfrc522test.Opts, o *Opts, until time.Duration, actions map[time.Duration]func(*mfrc522test.Sim)) ([]Event, time.Time) {
	misses = 0
	t.Helper()
	sim := mfrc522test.New(so)
	start := sim.Now()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var keys []time.Duration
	for k := range actions {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	opts := Opts{}
	if o != nil {
		opts = *o
	}
	opts.Now = sim.Now
	if opts.IRQ == simIRQ {
		opts.IRQ = sim.IRQ()
	}
	// The hook runs in the Watch goroutine, so the script is
	// deterministic in modelled time.
	opts.Sleep = func(d time.Duration) {
		sim.Sleep(d)
		el := sim.Now().Sub(start)
		for len(keys) > 0 && el >= keys[0] {
			actions[keys[0]](sim)
			keys = keys[1:]
		}
		if el >= until {
			cancel()
		}
	}
	d, err := NewSPI(sim, &opts)
	if err != nil {
		t.Fatalf("NewSPI() = %v", err)
	}
	d.trace = func(f string, a ...any) {
		if f[:4] == "miss" {
			misses++
		}
	}
	var evs []Event
	for e := range d.Watch(ctx) {
		evs = append(evs, e)
	}
	return evs, start
}

func kinds(evs []Event) []EventKind {
	var k []EventKind
	for _, e := range evs {
		k = append(k, e.Kind)
	}
	return k
}

func TestWatchArriveStayLeave(t *testing.T) {
	tag := mfrc522test.NewNTAG213(uid7)
	evs, start := watchScript(t, nil, 2*time.Second, map[time.Duration]func(*mfrc522test.Sim){
		100 * time.Millisecond:  func(s *mfrc522test.Sim) { s.Place(tag) },
		1000 * time.Millisecond: func(s *mfrc522test.Sim) { s.Remove(tag) },
	})
	want := []EventKind{TagArrived, TagLeft}
	if got := kinds(evs); !slices.Equal(got, want) {
		t.Fatalf("events = %v, want %v", evs, want)
	}
	arr, left := evs[0].Time.Sub(start), evs[1].Time.Sub(start)
	if arr < 100*time.Millisecond || arr > 130*time.Millisecond {
		t.Errorf("TagArrived at %v, want within 30ms of 100ms", arr)
	}
	if left < 1000*time.Millisecond || left > 1070*time.Millisecond {
		t.Errorf("TagLeft at %v, want within 3 polls of 1s", left)
	}
	if !evs[0].Tag.UID.Equal(uid7) || len(evs[0].Present) != 1 || len(evs[1].Present) != 0 {
		t.Errorf("events = %+v", evs)
	}
}

func TestWatchTolerantOfOneMissedPoll(t *testing.T) {
	tag := mfrc522test.NewNTAG213(uid7)
	evs, _ := watchScript(t, nil, time.Second, map[time.Duration]func(*mfrc522test.Sim){
		50 * time.Millisecond: func(s *mfrc522test.Sim) { s.Place(tag) },
		// One lost answer is absorbed by the poll itself.
		300 * time.Millisecond: func(s *mfrc522test.Sim) { s.InjectFault(mfrc522test.FaultNoAnswer, 1) },
		// The card flickers out of the field for one poll.
		500 * time.Millisecond: func(s *mfrc522test.Sim) { s.Remove(tag) },
		512 * time.Millisecond: func(s *mfrc522test.Sim) { s.Place(tag) },
	})
	if got, want := kinds(evs), []EventKind{TagArrived}; !slices.Equal(got, want) {
		t.Fatalf("events = %v, want %v", evs, want)
	}
	if misses != 1 {
		t.Fatalf("%d polls missed the tag, want 1", misses)
	}
}

func TestWatchSecondCard(t *testing.T) {
	a, b := mfrc522test.NewNTAG213(uid7), mfrc522test.NewNTAG215(UID{0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0x81})
	evs, _ := watchScript(t, nil, time.Second, map[time.Duration]func(*mfrc522test.Sim){
		50 * time.Millisecond:  func(s *mfrc522test.Sim) { s.Place(a) },
		300 * time.Millisecond: func(s *mfrc522test.Sim) { s.Place(b) },
		600 * time.Millisecond: func(s *mfrc522test.Sim) { s.Remove(a) },
	})
	if got, want := kinds(evs), []EventKind{TagArrived, TagArrived, TagLeft}; !slices.Equal(got, want) {
		t.Fatalf("events = %v, want %v", evs, want)
	}
	if len(evs[1].Present) != 2 || !evs[1].Tag.UID.Equal(b.UID()) {
		t.Errorf("second arrival = %v, want b with 2 present", evs[1])
	}
	if !evs[2].Tag.UID.Equal(uid7) || len(evs[2].Present) != 1 {
		t.Errorf("left = %v, want a with 1 present", evs[2])
	}
}

func TestWatchUnplug(t *testing.T) {
	tag := mfrc522test.NewNTAG213(uid7)
	evs, start := watchScript(t, nil, 3*time.Second, map[time.Duration]func(*mfrc522test.Sim){
		50 * time.Millisecond:   func(s *mfrc522test.Sim) { s.Place(tag) },
		500 * time.Millisecond:  func(s *mfrc522test.Sim) { s.Unplug() },
		1500 * time.Millisecond: func(s *mfrc522test.Sim) { s.Plug() },
	})
	want := []EventKind{TagArrived, TagLeft, ReaderLost, ReaderBack, TagArrived}
	if got := kinds(evs); !slices.Equal(got, want) {
		t.Fatalf("events = %v, want %v", evs, want)
	}
	if !errors.Is(evs[2].Err, ErrReaderGone) {
		t.Errorf("ReaderLost.Err = %v, want ErrReaderGone", evs[2].Err)
	}
	lost, back := evs[2].Time.Sub(start), evs[3].Time.Sub(start)
	if lost < 500*time.Millisecond || lost > 600*time.Millisecond {
		t.Errorf("ReaderLost at %v, want soon after 500ms", lost)
	}
	// Back-off doubles from 100ms up to 1.6s.
	if back < 1500*time.Millisecond || back > 3100*time.Millisecond {
		t.Errorf("ReaderBack at %v", back)
	}
}

func TestWatchStopsOnHalt(t *testing.T) {
	d, _ := newDev(t, nil)
	ch := d.Watch(context.Background())
	if err := d.Halt(); err != nil {
		t.Fatalf("Halt() = %v", err)
	}
	for range ch {
	}
}

func TestHaltTwice(t *testing.T) {
	d, sim := newDev(t, nil)
	for i := range 2 {
		if err := d.Halt(); err != nil {
			t.Fatalf("Halt() #%d = %v", i, err)
		}
		if sim.Field() {
			t.Fatalf("field on after Halt() #%d", i)
		}
	}
	if _, err := d.Detect(); !errors.Is(err, ErrHalted) {
		t.Fatalf("Detect() after Halt = %v, want ErrHalted", err)
	}
}

// TestIdlePollCost: a poll of an empty field is one WUPA started the
// reference way (7 writes, one register each: Idle, flush, clear IRQs,
// FIFO, StartSend 0, Transceive, StartSend 1) and then ComIrqReg reads
// until TimerIRq: one read per transaction time while the frame and the
// 250 µs timer run, or one read after the IRQ pin's edge. Before issue 10
// it was 4 transactions, because Transceive was left running and the
// answer time computed instead of read; before issue 23 it was 16 (4
// writes, two values in two of them, and a 150 µs timer) or 5 with the IRQ
// pin.
func TestIdlePollCost(t *testing.T) {
	tests := []struct {
		name string
		irq  bool
		max  int
	}{
		{"polled", false, 24},
		{"IRQ pin", true, 8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sim := mfrc522test.New(nil)
			o := &Opts{Now: sim.Now, Sleep: sim.Sleep}
			if tt.irq {
				o.IRQ = sim.IRQ()
			}
			d, err := NewSPI(sim, o)
			if err != nil {
				t.Fatalf("NewSPI() = %v", err)
			}
			d.Detect() // settle the registers
			sim.ResetStats()
			if tags, err := d.Detect(); err != nil || len(tags) != 0 {
				t.Fatalf("Detect() = %v, %v", tags, err)
			}
			if st := sim.Stats(); st.Tx > tt.max || st.Modelled > 500*time.Microsecond {
				t.Fatalf("idle poll took %d SPI transactions, %v modelled; want at most %d, 0.5 ms", st.Tx, st.Modelled, tt.max)
			}
		})
	}
}

func TestIRQPin(t *testing.T) {
	sim := mfrc522test.New(nil)
	d, err := NewSPI(sim, &Opts{Now: sim.Now, Sleep: sim.Sleep, IRQ: sim.IRQ(), ReadPage: 4})
	if err != nil {
		t.Fatalf("NewSPI() = %v", err)
	}
	for i := range 3 {
		if tags, err := d.Detect(); err != nil || len(tags) != 0 {
			t.Fatalf("Detect() #%d on empty field = %v, %v", i, tags, err)
		}
	}
	tag := mfrc522test.NewNTAG213(uid7)
	tag.SetPage(4, [4]byte{4, 3, 2, 1})
	sim.Place(tag)
	sim.Place(mfrc522test.NewClassic1K(uid10))
	for i := range 3 {
		tags, err := d.Detect()
		if got, want := uids(tags), []string{uid10.String(), uid7.String()}; err != nil || !slices.Equal(got, want) {
			t.Fatalf("Detect() #%d = %v, %v, want %v", i, got, err, want)
		}
	}
	if err := d.WritePage(uid7, 6, [4]byte{1, 1, 2, 3}); err != nil {
		t.Fatalf("WritePage() = %v", err)
	}
	if got := tag.Page(6); got != [4]byte{1, 1, 2, 3} {
		t.Fatalf("Page(6) = % X", got)
	}
}

func TestFaultsReadWrite(t *testing.T) {
	faults := []mfrc522test.Fault{mfrc522test.FaultCRC, mfrc522test.FaultNoAnswer, mfrc522test.FaultTruncated, mfrc522test.FaultGarbage, mfrc522test.FaultParity}
	for _, f := range faults {
		t.Run(f.String(), func(t *testing.T) {
			sim := mfrc522test.New(nil)
			tap := &faultTap{Sim: sim, fault: f, at: -1}
			d, err := NewSPI(tap, &Opts{Now: sim.Now, Sleep: sim.Sleep})
			if err != nil {
				t.Fatalf("NewSPI() = %v", err)
			}
			tag := mfrc522test.NewNTAG213(uid7)
			sim.Place(tag)
			// Fault the Nth answer of the next attempt, for every N: WUPA,
			// SELECT CL1, SELECT CL2, READ or WRITE.
			for skip := range 4 {
				page := [4]byte{byte(skip), 0x11, 0x22, byte(f)}
				tag.SetPage(8, page)
				tap.at = skip
				got, err := d.ReadPages(uid7, 8)
				if err != nil || !slices.Equal(got[:4], page[:]) {
					t.Fatalf("ReadPages() with answer %d faulted = % X, %v, want % X", skip, got, err, page)
				}
				page[1] = 0x99
				tap.at = skip
				if err := d.WritePage(uid7, 9, page); err != nil {
					t.Fatalf("WritePage() with answer %d faulted = %v", skip, err)
				}
				if got := tag.Page(9); got != page {
					t.Fatalf("Page(9) = % X, want % X", got, page)
				}
			}
		})
	}
}

// faultTap passes SPI transactions through to the simulator and injects a
// fault into the answer of the at-th frame sent (counting StartSend writes).
type faultTap struct {
	*mfrc522test.Sim
	fault mfrc522test.Fault
	at    int
}

func (f *faultTap) Connect(fr physic.Frequency, m spi.Mode, bits int) (spi.Conn, error) {
	c, err := f.Sim.Connect(fr, m, bits)
	return &tapConn{Conn: c, f: f}, err
}

type tapConn struct {
	spi.Conn
	f *faultTap
}

func (c *tapConn) Tx(w, r []byte) error {
	if len(w) >= 2 && w[0] == regBitFraming<<1 && w[len(w)-1]&0x80 != 0 && c.f.at >= 0 {
		if c.f.at == 0 {
			c.f.Sim.InjectFault(c.f.fault, 1)
		}
		c.f.at--
	}
	return c.Conn.Tx(w, r)
}

func TestPresent(t *testing.T) {
	d, sim := newDev(t, nil)
	tag := mfrc522test.NewClassic1K(uid10)
	sim.Place(tag)
	sim.Place(mfrc522test.NewNTAG216(uid7))
	for _, u := range []UID{uid10, uid7} {
		if ok, err := d.Present(u); !ok || err != nil {
			t.Errorf("Present(%s) = %v, %v, want true", u, ok, err)
		}
	}
	sim.Remove(tag)
	if ok, err := d.Present(uid10); ok || err != nil {
		t.Errorf("Present(removed) = %v, %v, want false, nil", ok, err)
	}
	if ok, err := d.Present(uid4); ok || err != nil {
		t.Errorf("Present(never there) = %v, %v, want false, nil", ok, err)
	}
}

func TestReadPageBeyondMemory(t *testing.T) {
	// An Ultralight has 16 pages: READ 0x30 NAKs, the tag is still found.
	d, sim := newDev(t, &Opts{ReadPage: 0x30})
	sim.Place(mfrc522test.NewUltralight(uid7))
	for i := range 2 {
		tags, err := d.Detect()
		if err != nil || len(tags) != 1 || tags[0].Data != nil {
			t.Fatalf("Detect() #%d = %v, %v, want the tag without data", i, tags, err)
		}
	}
	if _, err := d.ReadPages(uid7, 0x30); !errors.Is(err, ErrNAK) {
		t.Fatalf("ReadPages(0x30) = %v, want ErrNAK", err)
	}
}

// A card laid beside a known one is found by the next Poll, whatever its
// UID shares with the known card's (a READY newcomer ignores WUPA).
func TestPollSecondCard(t *testing.T) {
	known := mfrc522test.NewNTAG213(uid7)
	tests := []struct {
		name string
		tag  mfrc522test.Tag
	}{
		{"other CL1 bytes", mfrc522test.NewNTAG213(UID{0x04, 1, 2, 3, 4, 5, 6})},
		{"same CL1 bytes", mfrc522test.NewNTAG215(UID{0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0x81})},
		{"4-byte Classic", mfrc522test.NewClassic1K([]byte{0x11, 0x22, 0x33, 0x44})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, sim := newDev(t, nil)
			sim.Place(known)
			defer sim.Remove(known)
			tags, err := d.Poll(nil)
			if err != nil || len(tags) != 1 {
				t.Fatalf("Poll(nil) = %v, %v, want the known card", tags, err)
			}
			sim.Place(tt.tag)
			defer sim.Remove(tt.tag)
			if tags, err = d.Poll(tags); err != nil || len(tags) != 2 {
				t.Fatalf("Poll(known) = %v, %v, want both cards", tags, err)
			}
			for _, want := range [][]byte{known.UID(), tt.tag.UID()} {
				if !slices.ContainsFunc(tags, func(g Tag) bool { return g.UID.Equal(want) }) {
					t.Errorf("Poll(known) = %v, missing %X", tags, want)
				}
			}
		})
	}
}
