package enroll_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cards/enroll"
	"github.com/unoref/unoref/drivers/mfrc522/mfrc522test"
)

// BenchmarkEnroll enrolls and writes one card per iteration: the tag is
// laid on the pad, one Step detects it, reads page 3 (CC and card code),
// writes the card code page by page, reads it back and records it. The
// metrics come from the simulator: modelled time on the Pi and SPI
// transactions per card; ns/op is the simulation and SQLite on this host.
func BenchmarkEnroll(b *testing.B) {
	for _, write := range []bool{false, true} {
		b.Run(fmt.Sprintf("write=%t", write), func(b *testing.B) {
			ctx := context.Background()
			r := newRig(b)
			var e *enroll.Enroller
			var last enroll.Event
			notify := func(ev enroll.Event) {
				if ev.Kind == enroll.Enrolled || ev.Kind == enroll.Refused {
					last = ev
				}
			}
			r.sim.ResetStats()
			b.ResetTimer()
			for i := range b.N {
				if i%108 == 0 {
					b.StopTimer()
					deck := fmt.Sprintf("d%d", i/108)
					if err := r.reg.AddDeck(ctx, deck, cards.Standard); err != nil {
						b.Fatal(err)
					}
					var err error
					if e, err = enroll.New(ctx, r.rd, r.reg, deck, &enroll.Opts{Policy: enroll.Policy{Write: write}, Sleep: r.sim.Sleep, Notify: notify}); err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
				}
				b.StopTimer()
				tag := newTag(i)
				r.sim.Place(tag)
				b.StartTimer()
				if err := e.Step(ctx); err != nil || last.Kind != enroll.Enrolled || last.Wrote != write {
					b.Fatalf("card %d: Step() = %v, last event %v", i, err, last)
				}
				b.StopTimer()
				r.sim.Remove(tag)
				b.StartTimer()
			}
			st := r.sim.Stats()
			b.ReportMetric(float64(st.Modelled.Microseconds())/1000/float64(b.N), "modelled-ms/card")
			b.ReportMetric(float64(st.Tx)/float64(b.N), "tx/card")
		})
	}
}

func newTag(i int) *mfrc522test.NTAG { return mfrc522test.NewNTAG213(uid(200+i/65536, i%65536)) }
