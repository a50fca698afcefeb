package board_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"periph.io/x/conn/v3/physic"

	"github.com/unoref/unoref/cards/enroll"
	"github.com/unoref/unoref/drivers/mfrc522"
	"github.com/unoref/unoref/drivers/mfrc522/mfrc522test"
	"github.com/unoref/unoref/hardware"
	"github.com/unoref/unoref/hardware/board"
	"github.com/unoref/unoref/hardware/board/boardtest"
)

func open(t *testing.T, pm *hardware.PinMap, sim *boardtest.Sim) *board.Board {
	t.Helper()
	b, err := board.Open(pm, sim.Host())
	if err != nil {
		t.Fatalf("Open() = %v", err)
	}
	t.Cleanup(func() {
		sim.Close()
		if err := b.Halt(); err != nil {
			t.Errorf("Halt() = %v", err)
		}
	})
	return b
}

func TestOpenMinimal(t *testing.T) {
	sim := boardtest.New(nil)
	b := open(t, hardware.Default(), sim)
	if b.Play == nil || b.Panel == nil || b.LEDs == nil || b.Buzzer == nil || b.Buttons == nil {
		t.Fatalf("Open(minimal) = %+v, want the play reader, OLED, LEDs, buzzer and buttons", b)
	}
	if b.Draw != nil || b.Seats != nil || len(b.Parts) != 0 {
		t.Errorf("Open(minimal): draw %v seats %v parts %v, want none (optional parts off)", b.Draw, b.Seats, b.Parts)
	}
	if got := sim.Out(int(hardware.Default().NFC.RST)).Value(); got != 1 {
		t.Errorf("reset line = %d, want 1 (readers running)", got)
	}
	if err := b.LEDs.Set(0, true); err != nil {
		t.Fatal(err)
	}
	// One loop: the buttons. The display's drawing loop is the daemon's
	// (table.FromBoard wraps the panel in its screens).
	if len(b.Loops) != 1 {
		t.Errorf("%d loops, want 1 (buttons)", len(b.Loops))
	}
}

func TestOptionalParts(t *testing.T) {
	tests := []struct {
		name  string
		fit   boardtest.Opts
		want  []string // name: state
		seats int      // seat pads opened, 0 for none
	}{
		{"all fitted", boardtest.Opts{Draw: true, Pads: []uint16{0x20, 0x21}},
			[]string{"draw-pad reader: found", "seat pads 1–8 (MCP23017 0x20): found", "seat pads 9–10 (MCP23017 0x21): found"}, 10},
		{"none fitted", boardtest.Opts{},
			[]string{"draw-pad reader: absent", "seat pads 1–8 (MCP23017 0x20): absent", "seat pads 9–10 (MCP23017 0x21): absent"}, 0},
		{"one expander of two", boardtest.Opts{Draw: true, Pads: []uint16{0x20}},
			[]string{"draw-pad reader: found", "seat pads 1–8 (MCP23017 0x20): found", "seat pads 9–10 (MCP23017 0x21): absent"}, 8},
		{"second expander only", boardtest.Opts{Pads: []uint16{0x21}},
			[]string{"draw-pad reader: absent", "seat pads 1–8 (MCP23017 0x20): absent", "seat pads 9–10 (MCP23017 0x21): absent"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := open(t, hardware.Full(), boardtest.New(&tt.fit))
			var got []string
			for _, p := range b.Parts {
				got = append(got, p.Name+": "+p.State.String())
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("Parts (-want +got):\n%s", d)
			}
			if (b.Draw != nil) != tt.fit.Draw {
				t.Errorf("Draw = %v, want fitted %v", b.Draw, tt.fit.Draw)
			}
			checkSeats(t, b, tt.seats)
			if len(b.Parts.Problems()) != 0 {
				t.Errorf("Problems() = %v, want none: a part never fitted is not a problem", b.Parts.Problems())
			}
		})
	}
}

// checkSeats checks that the seat pads serve exactly n seats.
func checkSeats(t *testing.T, b *board.Board, n int) {
	t.Helper()
	if n == 0 {
		if b.Seats != nil {
			t.Errorf("Seats = %v, want none", b.Seats)
		}
		return
	}
	if b.Seats == nil {
		t.Fatalf("Seats = nil, want %d seats", n)
	}
	if err := b.Seats.Light(n - 1); err != nil {
		t.Errorf("Light(%d) = %v, want nil", n-1, err)
	}
	if err := b.Seats.Light(n); err == nil {
		t.Errorf("Light(%d) = nil, want an error: only %d seats", n, n)
	}
}

func TestPartsVanish(t *testing.T) {
	p := board.Parts{{Name: board.PartDrawReader, State: board.Found}, {Name: "seat pads 1–8 (MCP23017 0x20)", State: board.Absent}}
	q, ok := p.Vanish(board.PartDrawReader, "does not answer")
	if !ok || q[0].State != board.Vanished || p[0].State != board.Found {
		t.Errorf("Vanish() = %v, %v, want the draw reader vanished in a copy", q, ok)
	}
	if got := q.Problems(); len(got) != 1 || got[0].Name != board.PartDrawReader {
		t.Errorf("Problems() = %v, want the draw reader", got)
	}
	if _, ok := p.Vanish(board.PartSeatPads, ""); ok {
		t.Errorf("Vanish(seat pads) = true, want false: never found, so it cannot vanish")
	}
	if got, want := q.Summary(), "LOST: draw-pad reader; not fitted: seat pads 1–8 (MCP23017 0x20)"; got != want {
		t.Errorf("Summary() = %q, want %q", got, want)
	}
	if r, ok := q.Back(board.PartDrawReader); !ok || r[0].State != board.Found {
		t.Errorf("Back() = %v, %v, want found again", r, ok)
	}
}

func TestOpenFailsClosesEverything(t *testing.T) {
	sim := boardtest.New(nil)
	sim.Play.Unplug()
	pm := hardware.Default()
	_, err := board.Open(pm, sim.Host())
	if !errors.Is(err, board.ErrNoAnswer) || !strings.Contains(err.Error(), "play-pad reader") {
		t.Fatalf("Open() without a play reader = %v, want ErrNoAnswer naming the play-pad reader", err)
	}
	// The reset line was opened first, and released.
	if held := sim.Held(); len(held) != 0 {
		t.Errorf("lines still requested after a failed Open: %v, want none", held)
	}
}

// TestOpenFailsLateClosesEverything: a device that fails after others
// opened (the OLED, after the reset line and the play-pad reader) leaves
// nothing requested and the reader's field off.
func TestOpenFailsLateClosesEverything(t *testing.T) {
	sim := boardtest.New(nil)
	sim.OLED.Unplug()
	_, err := board.Open(hardware.Default(), sim.Host())
	if err == nil {
		t.Fatal("Open() without an OLED = nil error, want one")
	}
	if held := sim.Held(); len(held) != 0 {
		t.Errorf("lines still requested after a failed Open: %v, want none", held)
	}
	if sim.Play.Field() {
		t.Errorf("play-pad reader's field on after a failed Open, want it halted")
	}
}

func TestOpenOnly(t *testing.T) {
	sim := boardtest.New(nil)
	b, err := board.OpenOnly(hardware.Default(), sim.Host(), board.Readers|board.Buzzer)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Halt()
	if b.Play == nil || b.Buzzer == nil || b.Panel != nil || b.LEDs != nil || b.Buttons != nil {
		t.Errorf("OpenOnly(Readers|Buzzer) = %+v, want the reader and the buzzer only", b)
	}
	if sim.Out(int(hardware.Default().LEDs.UNO)) != nil {
		t.Errorf("OpenOnly(Readers|Buzzer) requested an LED line")
	}
}

func TestReaderOpts(t *testing.T) {
	tests := []struct {
		in     hardware.ReaderSetup
		speed  physic.Frequency
		rxGain int
	}{
		{hardware.ReaderSetup{}, 0, 0},
		{hardware.ReaderSetup{SPIHz: 1_000_000, GainDB: 18}, physic.MegaHertz, 18},
		{hardware.ReaderSetup{SPIHz: 4_000_000, GainDB: 33}, 4 * physic.MegaHertz, 33},
		{hardware.ReaderSetup{GainDB: 48}, 0, 48},
	}
	for _, tt := range tests {
		got := board.ReaderOpts(tt.in)
		if got.Speed != tt.speed || got.RxGainDB != tt.rxGain {
			t.Errorf("ReaderOpts(%+v) = speed %v gain %d, want %v %d", tt.in, got.Speed, got.RxGainDB, tt.speed, tt.rxGain)
		}
	}
}

// fakeTags is a reader whose every call fails with err.
type fakeTags struct{ err error }

func (f fakeTags) Detect() ([]mfrc522.Tag, error)               { return nil, f.err }
func (f fakeTags) ReadPages(mfrc522.UID, uint8) ([]byte, error) { return nil, f.err }
func (f fakeTags) WritePage(mfrc522.UID, uint8, [4]byte) error  { return f.err }

func TestEnrollReaderErrors(t *testing.T) {
	tests := []struct {
		driver, want error
	}{
		{mfrc522.ErrCollision, enroll.ErrCollision},
		{mfrc522.ErrNAK, enroll.ErrTagRefused},
		{mfrc522.ErrReaderGone, enroll.ErrReaderGone},
		{mfrc522.ErrHalted, enroll.ErrReaderGone},
	}
	for _, tt := range tests {
		r := board.EnrollReader(fakeTags{tt.driver})
		_, derr := r.Detect()
		_, rerr := r.ReadPages([]byte{4}, 4)
		werr := r.WritePage([]byte{4}, 4, [4]byte{})
		for _, err := range []error{derr, rerr, werr} {
			if !errors.Is(err, tt.want) || !errors.Is(err, tt.driver) {
				t.Errorf("EnrollReader error for %v = %v, want %v wrapping it", tt.driver, err, tt.want)
			}
		}
	}
	if _, err := board.EnrollReader(fakeTags{mfrc522.ErrCRC}).Detect(); errors.Is(err, enroll.ErrReaderGone) || !errors.Is(err, mfrc522.ErrCRC) {
		t.Errorf("EnrollReader Detect() for a CRC error = %v, want it as is", err)
	}
}

func TestPartsLose(t *testing.T) {
	p := board.Parts{{Name: board.PartDrawReader, State: board.Found}, {Name: "seat pads 1–8 (MCP23017 0x20)", State: board.Absent}}
	tests := []struct {
		name string
		lose string
		want []string // Summary after
		ok   bool
	}{
		{"an optional part found", board.PartDrawReader, []string{"LOST: draw-pad reader; not fitted: seat pads 1–8 (MCP23017 0x20)"}, true},
		{"a required part", board.PartBuzzer, []string{"LOST: buzzer; found: draw-pad reader; not fitted: seat pads 1–8 (MCP23017 0x20)"}, true},
		{"a part never fitted", board.PartSeatPads, []string{"found: draw-pad reader; not fitted: seat pads 1–8 (MCP23017 0x20)"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, ok := p.Lose(tt.lose, "line 18: input/output error")
			if d := cmp.Diff(tt.want, []string{q.Summary()}); d != "" || ok != tt.ok {
				t.Errorf("Lose(%q) = %v (-want +got):\n%s", tt.lose, ok, d)
			}
			if again, ok := q.Lose(tt.lose, "again"); ok || again.Summary() != q.Summary() {
				t.Errorf("Lose(%q) twice = %v, %q: want it unchanged", tt.lose, ok, again.Summary())
			}
		})
	}
	if p[0].State != board.Found || len(p) != 2 {
		t.Errorf("Lose changed the parts it was called on: %v", p)
	}
}

// TestReaderIRQ (issue 23 point 16): with nfc.irq wired to a free line (the
// blue button given up for it), the play-pad reader waits on its IRQ
// edge: the same tag found with fewer SPI transactions than polling.
func TestReaderIRQ(t *testing.T) {
	tx := map[bool]int{}
	for _, wired := range []bool{false, true} {
		pm := hardware.Default()
		if wired {
			pm.Buttons.Blue, pm.NFC.IRQ = hardware.NoPin, 21
		}
		sim := boardtest.New(nil)
		b := open(t, pm, sim)
		sim.Play.Place(mfrc522test.NewNTAG213([]byte{0x04, 1, 2, 3, 4, 5, 6}))
		sim.Play.ResetStats()
		if tags, err := b.Play.Detect(); err != nil || len(tags) != 1 {
			t.Fatalf("IRQ wired %v: Detect() = %v, %v", wired, tags, err)
		}
		tx[wired] = sim.Play.Stats().Tx
	}
	if tx[true] >= tx[false]*3/4 {
		t.Errorf("SPI transactions to detect a tag: %d on the IRQ line, %d polling; want far fewer on the IRQ", tx[true], tx[false])
	}
}

// TestOpenErrorsSayWhere (issue 23 point 10): a part that cannot be opened
// is named with its header pins, and the error points at unoref doctor.
func TestOpenErrorsSayWhere(t *testing.T) {
	tests := []struct {
		name   string
		pm     func() *hardware.PinMap
		break_ func(*boardtest.Sim)
		says   []string
	}{
		{"no gpiochip", func() *hardware.PinMap { pm := hardware.Default(); pm.GPIO.Chip = "gpiochip4"; return pm }, nil,
			[]string{"board: the RC522 readers' reset line RST on GPIO 25 (pin 22): ", "run unoref doctor"}},
		{"LED line busy", hardware.Default, func(s *boardtest.Sim) { s.SetBusy(13) },
			[]string{"the LED legal (green) on GPIO 13 (pin 33)", "busy", "run unoref doctor"}},
		{"buzzer line busy", hardware.Default, func(s *boardtest.Sim) { s.SetBusy(18) },
			[]string{"the buzzer (transistor base) on GPIO 18 (pin 12)", "run unoref doctor"}},
		{"play-pad reader silent", hardware.Default, func(s *boardtest.Sim) { s.Play.Unplug() },
			[]string{"the play-pad reader on SPI0 CE0 (pins 19, 21, 23 and 24; 3.3 V on pin 17)", "run unoref doctor"}},
		{"OLED silent", hardware.Default, func(s *boardtest.Sim) { s.OLED.Unplug() },
			[]string{"the OLED on I²C1 at 0x3C (SDA pin 3, SCL pin 5, 3.3 V on pin 1)", "run unoref doctor"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sim := boardtest.New(nil)
			defer sim.Close()
			if tt.break_ != nil {
				tt.break_(sim)
			}
			b, err := board.Open(tt.pm(), sim.Host())
			if err == nil {
				b.Halt()
				t.Fatal("Open() = nil error")
			}
			for _, s := range tt.says {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("Open() = %q, want it to say %q", err, s)
				}
			}
		})
	}
}
