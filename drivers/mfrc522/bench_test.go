package mfrc522

import (
	"fmt"
	"testing"
	"time"

	periph "periph.io/x/devices/v3/mfrc522"

	"github.com/unoref/unoref/drivers/mfrc522/mfrc522test"
)

// spiCosts are the costs of one SPI call (a spidev ioctl) the benchmarks
// run at: 15 µs as measured for a Pi Zero 2 W, 40 µs and 100 µs as
// reported for slower Pis and loaded systems (issue 21 point 9). The
// driver's margins must hold at all three.
var spiCosts = []time.Duration{15 * time.Microsecond, 40 * time.Microsecond, 100 * time.Microsecond}

// waits are the two ways the driver waits for the chip: polling ComIrqReg
// over SPI, or the IRQ pin's falling edge (issue 23 point 16).
var waits = []string{"poll", "irq"}

// benchCases runs f once per SPI cost and way of waiting, named like
// "spi-40us/irq".
func benchCases(b *testing.B, f func(b *testing.B, so *mfrc522test.Opts, irq bool)) {
	for _, cost := range spiCosts {
		for _, w := range waits {
			b.Run(fmt.Sprintf("spi-%dus/%s", cost.Microseconds(), w), func(b *testing.B) {
				f(b, &mfrc522test.Opts{TxCost: cost}, w == "irq")
			})
		}
	}
}

// newBench returns a driver on a simulator made with so, waiting on the IRQ
// pin when irq.
func newBench(b *testing.B, so *mfrc522test.Opts, irq bool, o *Opts) (*Dev, *mfrc522test.Sim) {
	var opts Opts
	if o != nil {
		opts = *o
	}
	if irq {
		opts.IRQ = simIRQ
	}
	return newOn(b, so, &opts)
}

// report publishes the simulator's counters per operation.
func report(b *testing.B, sim *mfrc522test.Sim) {
	st := sim.Stats()
	n := float64(b.N)
	b.ReportMetric(float64(st.Tx)/n, "tx/op")
	b.ReportMetric(float64(st.Modelled.Microseconds())/n, "modelled-us/op")
	b.ReportMetric(float64(st.Air.Microseconds())/n, "floor-us/op")
}

func benchOurs(b *testing.B, so *mfrc522test.Opts, irq bool, o *Opts) {
	d, sim := newBench(b, so, irq, o)
	sim.Place(mfrc522test.NewNTAG213(uid7))
	if _, err := d.Detect(); err != nil {
		b.Fatal(err)
	}
	sim.ResetStats()
	b.ResetTimer()
	for range b.N {
		tags, err := d.Detect()
		if err != nil || len(tags) != 1 || (o != nil && o.ReadPage != 0 && len(tags[0].Data) != 16) {
			b.Fatalf("Detect() = %v, %v", tags, err)
		}
	}
	report(b, sim)
}

func BenchmarkDetect(b *testing.B) {
	b.Run("ours-uid", func(b *testing.B) {
		benchCases(b, func(b *testing.B, so *mfrc522test.Opts, irq bool) { benchOurs(b, so, irq, nil) })
	})
	b.Run("ours-read", func(b *testing.B) {
		benchCases(b, func(b *testing.B, so *mfrc522test.Opts, irq bool) { benchOurs(b, so, irq, &Opts{ReadPage: 4}) })
	})
	b.Run("periph-uid", func(b *testing.B) {
		// periph's stock driver needs the lenient chip (see
		// mfrc522test.Lenient).
		sim := mfrc522test.New(mfrc522test.Lenient(nil))
		sim.Place(mfrc522test.NewNTAG213(uid7))
		d, err := periph.NewSPI(sim, sim.Reset(), sim.IRQ())
		if err != nil {
			b.Fatal(err)
		}
		sim.ResetStats()
		b.ResetTimer()
		for range b.N {
			uid, err := d.ReadUID(time.Second)
			if err != nil || !UID(uid).Equal(uid7) {
				b.Fatalf("ReadUID() = %X, %v", uid, err)
			}
		}
		report(b, sim)
	})
}

// BenchmarkIdlePoll detects over an empty field, as Watch polls an idle
// table 50 times a second. It should allocate nothing (issue 21 point 7;
// TestIdlePollAllocatesNothing holds it to that).
func BenchmarkIdlePoll(b *testing.B) {
	benchCases(b, func(b *testing.B, so *mfrc522test.Opts, irq bool) {
		d, sim := newBench(b, so, irq, nil)
		b.ReportAllocs()
		if _, err := d.Detect(); err != nil {
			b.Fatal(err)
		}
		sim.ResetStats()
		b.ResetTimer()
		for range b.N {
			if tags, err := d.Detect(); err != nil || len(tags) != 0 {
				b.Fatalf("Detect() = %v, %v", tags, err)
			}
		}
		st := sim.Stats()
		b.ReportMetric(float64(st.Tx)/float64(b.N), "tx/op")
		b.ReportMetric(float64(st.Modelled.Microseconds())/float64(b.N), "modelled-us/op")
	})
}

// BenchmarkTapToEvent places a tag at every phase of the poll period (0.5 ms
// steps) under Watch and reports the longest and mean delay from placing it
// to its TagArrived event, in modelled time at the default poll period.
func BenchmarkTapToEvent(b *testing.B) {
	for _, bc := range []struct {
		name string
		o    Opts
	}{{"uid", Opts{}}, {"read", Opts{ReadPage: 4}}} {
		b.Run(bc.name, func(b *testing.B) {
			benchCases(b, func(b *testing.B, so *mfrc522test.Opts, irq bool) {
				o := bc.o
				if irq {
					o.IRQ = simIRQ
				}
				var worst, sum time.Duration
				n := 0
				for range b.N {
					for phase := time.Duration(0); phase < 20*time.Millisecond; phase += 500 * time.Microsecond {
						at := 100*time.Millisecond + phase
						tag := mfrc522test.NewNTAG213(uid7)
						evs, start := watchScriptOn(b, so, &o, at+50*time.Millisecond, map[time.Duration]func(*mfrc522test.Sim){
							at: func(s *mfrc522test.Sim) { s.Place(tag) },
						})
						if len(evs) != 1 || evs[0].Kind != TagArrived {
							b.Fatalf("events = %v", evs)
						}
						// The tag enters when the hook runs: the first
						// clock step at or after at.
						lat := evs[0].Time.Sub(start) - at
						worst = max(worst, lat)
						sum += lat
						n++
					}
				}
				b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
				b.ReportMetric(float64(sum.Microseconds())/1000/float64(n), "mean-ms")
			})
		})
	}
}

// BenchmarkPresence is Watch's poll with one known NTAG213 staying in the
// field: WUPA, SELECT of its UID, HLTA, and a REQA for newcomers.
func BenchmarkPresence(b *testing.B) {
	benchCases(b, func(b *testing.B, so *mfrc522test.Opts, irq bool) {
		d, sim := newBench(b, so, irq, nil)
		sim.Place(mfrc522test.NewNTAG213(uid7))
		known, err := d.Detect()
		if err != nil || len(known) != 1 {
			b.Fatalf("Detect() = %v, %v", known, err)
		}
		sim.ResetStats()
		b.ResetTimer()
		for range b.N {
			if tags, err := d.Poll(known); err != nil || len(tags) != 1 {
				b.Fatalf("Poll() = %v, %v", tags, err)
			}
		}
		st := sim.Stats()
		b.ReportMetric(float64(st.Tx)/float64(b.N), "tx/op")
		b.ReportMetric(float64(st.Modelled.Microseconds())/float64(b.N), "modelled-us/op")
	})
}
