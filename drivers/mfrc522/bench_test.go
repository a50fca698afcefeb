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
