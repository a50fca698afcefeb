package table

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cards/ndef"
	"github.com/unoref/unoref/drivers/button"
	"github.com/unoref/unoref/drivers/buzzer"
	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
	"github.com/unoref/unoref/drivers/mfrc522"
	"github.com/unoref/unoref/drivers/voice"
	"github.com/unoref/unoref/internal/cputime"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/journal"
	"github.com/unoref/unoref/referee/journal/fsynctest"
	"github.com/unoref/unoref/referee/tablelog"
)

// benchTable is a virtual table driven by calling its handlers directly, as
// Run would, with the display drawing in its own goroutine.
func benchTable(b *testing.B) (*Table, func()) { return benchTableWith(b, Config{UnoGrace: -1}) }

func benchTableWith(b *testing.B, cfg Config) (*Table, func()) {
	fsynctest.CountSyncs()
	ctx, cancel := context.WithCancel(context.Background())
	j, err := OpenJournal(ctx, filepath.Join(b.TempDir(), "journal.db"))
	if err != nil {
		b.Fatal(err)
	}
	tb, _ := newVirtual(b, j, cfg, virtualOpts{Clock: gpiolinetest.NewClock(time.Time{})})
	var wg sync.WaitGroup
	tb.startLoops(ctx, &wg)
	return tb, func() {
		cancel()
		wg.Wait()
		tb.halt()
		j.Close()
	}
}

type tapper struct {
	uid uint32
}

// arrive is the reader's event for a tag carrying c, already read (the
// driver reads page 4 while it selects the tag).
func (tp *tapper) arrive(c cards.Card) mfrc522.Event {
	tp.uid++
	tag := mfrc522.Tag{UID: mfrc522.UID{0x04, 0xBE, 0x4C, byte(tp.uid >> 24), byte(tp.uid >> 16), byte(tp.uid >> 8), byte(tp.uid)},
		Type: mfrc522.TypeNTAG213, Data: append(ndef.EncodeCard(c), make([]byte, 4)...)[:16]}
	return mfrc522.Event{Kind: mfrc522.TagArrived, Tag: tag, Present: []mfrc522.Tag{tag}}
}

func left(ev mfrc522.Event) mfrc522.Event {
	return mfrc522.Event{Kind: mfrc522.TagLeft, Tag: ev.Tag}
}

func num(c cards.Color, n int) cards.Card {
	return cards.Card{Kind: cards.Number, Color: c, Number: int8(n)}
}

// chain is 36 number cards, each playable on the one before and none twice:
// the greens from 1, then each colour from the last number.
func chain() []cards.Card {
	var out []cards.Card
	last := 0
	for i, c := range []cards.Color{cards.Green, cards.Yellow, cards.Blue, cards.Red} {
		if i > 0 {
			out = append(out, num(c, last))
		}
		for n := 1; n <= 9; n++ {
			if n != last || i == 0 {
				out = append(out, num(c, n))
			}
		}
		last = int(out[len(out)-1].Number)
	}
	return out[:36]
}

func cpuTime() time.Duration { return cputime.Used() }

// fsyncs is every fsync of this process so far: SQLite's and the journal's
// own (its record, its copies).
func fsyncs() uint64 { return fsynctest.SQLiteSyncs() + journal.FileSyncs() }

// BenchmarkTap is the path from a reader event to every output set for a
// legal game: each op is a card tapped on the draw pad and then played on
// the play pad (two journaled events, each committed before the outputs
// are set), with the cards lifted off. fsyncs/event counts SQLite's and the
// journal's own fsyncs (each is milliseconds on an SD card); cpu-µs/event
// counts the CPU of every goroutine (journal, OLED rendering, GC, the
// speaker's) per tap.
//
// voice-off and voice-on run in the same run: voice-on has the real
// speaker in teaching mode (espeak-ng synthesising the newest ruling into
// aplay, in their own processes at nice 10) and must not slow the outputs.
// aplay plays on ALSA's null device, which takes no time: espeak-ng runs
// without a pause, a heavier load than a real speaker, which takes
// seconds per sentence. µs-to-LED+buzzer is the time from the reader's
// event to the buzzer told to sound, the last output a legal play sets;
// cpu-µs-to-LED+buzzer is the CPU the table's own path takes to get there
// (the benchmark's thread, the journal's commit left out: journal-cpu-µs
// is that, fsync waits not counted). Issue 21: ≤ 250 µs, voice on as off.
func BenchmarkTap(b *testing.B) {
	b.Run("voice-off", func(b *testing.B) { benchTap(b, Config{UnoGrace: -1}) })
	b.Run("voice-on", func(b *testing.B) {
		sp, err := voice.New(&voice.Opts{Settings: voice.Settings{Device: "null"}, Warn: func(err error) { b.Log(err) }})
		if err != nil {
			b.Fatal(err)
		}
		defer sp.Close()
		benchTap(b, Config{UnoGrace: -1, Voice: sp, Speak: true, Teach: true})
	})
}

// timedBuzzer notes when the buzzer was last told to sound, and the CPU
// of its caller's thread then: the last output a legal play sets (after
// the LEDs).
type timedBuzzer struct {
	Buzzer
	at  time.Time
	cpu time.Duration
}

func (z *timedBuzzer) Play(p buzzer.Pattern) error {
	z.at, z.cpu = time.Now(), cputime.Thread()
	return z.Buzzer.Play(p)
}

// timedGame counts the CPU its caller's thread spends in the journal.
type timedGame struct {
	*sqlGame
	cpu *time.Duration
}

func (g timedGame) ApplyTag(ctx context.Context, ev tablelog.Event, tag string) (referee.Verdict, error) {
	c0 := cputime.Thread()
	defer func() { *g.cpu += cputime.Thread() - c0 }()
	return g.sqlGame.ApplyTag(ctx, ev, tag)
}

func benchTap(b *testing.B, cfg Config) {
	tb, stop := benchTableWith(b, cfg)
	defer stop()
	buzz := &timedBuzzer{Buzzer: tb.dev.Buzzer}
	tb.dev.Buzzer = buzz
	var toOutputs, cpuToOutputs, journalCPU time.Duration
	// The tap path runs on this goroutine: one thread for its CPU clock.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	seq := chain()
	var tp tapper
	newGame := func() {
		if err := tb.newGame([]string{"Ann", "Ben", "Cy"}, "official", 0); err != nil {
			b.Fatal(err)
		}
		tb.cur.game = timedGame{tb.cur.game.(*sqlGame), &journalCPU}
		tb.press(button.Pass)
		ev := tp.arrive(num(cards.Green, 5))
		tb.readerEvent("play", ev)
		tb.readerEvent("play", left(ev))
	}
	newGame()
	b.ReportAllocs()
	b.ResetTimer()
	cpu0, sync0 := cpuTime(), fsyncs()
	for i := range b.N {
		k := i % len(seq)
		if k == 0 && i > 0 {
			b.StopTimer()
			newGame()
			b.StartTimer()
		}
		d := tp.arrive(seq[k])
		tb.readerEvent("draw", d)
		tb.readerEvent("draw", left(d))
		p := tp.arrive(seq[k])
		j0 := journalCPU
		t0, c0 := time.Now(), cputime.Thread()
		tb.readerEvent("play", p)
		toOutputs += buzz.at.Sub(t0)
		cpuToOutputs += buzz.cpu - c0 - (journalCPU - j0)
		tb.readerEvent("play", left(p))
		if !tb.out.last.OK {
			b.Fatalf("tap %d %v: %+v", i, seq[k], tb.out.last)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(time.Microsecond)/float64(2*b.N), "cpu-µs/event")
	b.ReportMetric(float64(toOutputs)/float64(time.Microsecond)/float64(b.N), "µs-to-LED+buzzer")
	b.ReportMetric(float64(cpuToOutputs)/float64(time.Microsecond)/float64(b.N), "cpu-µs-to-LED+buzzer")
	b.ReportMetric(float64(journalCPU)/float64(time.Microsecond)/float64(2*b.N), "journal-cpu-µs")
	b.ReportMetric(float64(fsyncs()-sync0)/float64(2*b.N), "fsyncs/event")
}

// BenchmarkTapRefused is a card refused by the referee: nothing to journal,
// the red LED, two buzzes and the full-screen reason.
func BenchmarkTapRefused(b *testing.B) {
	tb, stop := benchTable(b)
	defer stop()
	var tp tapper
	tb.newGame([]string{"Ann", "Ben"}, "official", 0)
	tb.press(button.Pass)
	tb.readerEvent("play", tp.arrive(num(cards.Green, 5)))
	r2 := num(cards.Red, 2)
	b.ReportAllocs()
	b.ResetTimer()
	cpu0, sync0 := cpuTime(), fsyncs()
	for range b.N {
		ev := tp.arrive(r2)
		tb.readerEvent("play", ev)
		tb.readerEvent("play", left(ev))
		if tb.out.last.Code != "illegal-card" {
			b.Fatalf("R2 on G5: %+v", tb.out.last)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(time.Microsecond)/float64(b.N), "cpu-µs/event")
	b.ReportMetric(float64(fsyncs()-sync0)/float64(b.N), "fsyncs/event")
}

func TestChain(t *testing.T) {
	seq := chain()
	seen := map[cards.Card]bool{}
	prev := num(cards.Green, 5)
	for _, c := range seq {
		if seen[c] || (c.Color != prev.Color && c.Number != prev.Number) {
			t.Fatalf("chain %v: %v after %v", seq, c, prev)
		}
		seen[c], prev = true, c
	}
	if fmt.Sprint(len(seq)) != "36" {
		t.Errorf("chain of %d", len(seq))
	}
}

// BenchmarkTapManyCodes is issue 22's long tap: a tap of n card codes on
// the virtual table. Past MaxTapCards it is refused after one pass over its
// text, so its cost grows with its length, not with its square (a 16 kB
// tap of 5,400 codes cost ~18 s of CPU before).
func BenchmarkTapManyCodes(b *testing.B) {
	for _, n := range []int{800, 3000, 5400} {
		b.Run(fmt.Sprintf("codes=%d", n), func(b *testing.B) {
			tb, stop := benchTable(b)
			defer stop()
			a := Action{Kind: KindTap, Pad: "play", Card: strings.Repeat("R7,", n-1) + "R7"}
			ctx := context.Background()
			for b.Loop() {
				if err := tb.Do(ctx, a); err == nil {
					b.Fatal("a tap of thousands of cards was taken")
				}
			}
			b.ReportMetric(float64(len(a.Card)), "bytes")
		})
	}
}
