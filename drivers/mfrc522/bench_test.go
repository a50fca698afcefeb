package mfrc522

import (
	"testing"
	"time"

	periph "periph.io/x/devices/v3/mfrc522"

	"github.com/unoref/unoref/drivers/mfrc522/mfrc522test"
)

// report publishes the simulator's counters per operation.
func report(b *testing.B, sim *mfrc522test.Sim) {
	st := sim.Stats()
	n := float64(b.N)
	b.ReportMetric(float64(st.Tx)/n, "tx/op")
	b.ReportMetric(float64(st.Modelled.Microseconds())/n, "modelled-us/op")
	b.ReportMetric(float64(st.Air.Microseconds())/n, "floor-us/op")
}

func benchOurs(b *testing.B, o *Opts) {
	d, sim := newDev(b, o)
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
	b.Run("ours-uid", func(b *testing.B) { benchOurs(b, nil) })
	b.Run("ours-read", func(b *testing.B) { benchOurs(b, &Opts{ReadPage: 4}) })
	b.Run("periph-uid", func(b *testing.B) {
		sim := mfrc522test.New(nil)
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

func BenchmarkIdlePoll(b *testing.B) {
	b.Run("ours", func(b *testing.B) {
		d, sim := newDev(b, nil)
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
		o    *Opts
	}{{"uid", nil}, {"read", &Opts{ReadPage: 4}}} {
		b.Run(bc.name, func(b *testing.B) {
			var worst, sum time.Duration
			n := 0
			for range b.N {
				for phase := time.Duration(0); phase < 20*time.Millisecond; phase += 500 * time.Microsecond {
					at := 100*time.Millisecond + phase
					tag := mfrc522test.NewNTAG213(uid7)
					evs, start := watchScript(b, bc.o, at+50*time.Millisecond, map[time.Duration]func(*mfrc522test.Sim){
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
	}
}

// BenchmarkPresence is Watch's poll with one known NTAG213 staying in the
// field: WUPA, SELECT of its UID, HLTA, and a REQA for newcomers.
func BenchmarkPresence(b *testing.B) {
	d, sim := newDev(b, nil)
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
}
