package referee

import (
	"strings"
	"testing"

	"github.com/unoref/unoref/internal/cputime"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/referee/tablelog"
)

// benchEvents is one round: Ann plays out seven cards while Ben and Cy
// draw and pass, then the count-up.
func benchEvents(b testing.TB) []tablelog.Event {
	var s strings.Builder
	s.WriteString("rules official\n")
	s.WriteString(annOut(""))
	s.WriteString("points Ben 30\npoints Cy 12\n")
	var evs []tablelog.Event
	for i, line := range strings.Split(s.String(), "\n") {
		ev, ok, err := tablelog.Parse(line, i+1)
		if err != nil {
			b.Fatal(err)
		}
		if ok {
			evs = append(evs, ev)
		}
	}
	return evs
}

// BenchmarkApply rules on a round again and again; events/cpu-s is per
// second of the process's CPU, which other work on the machine does not
// inflate.
func BenchmarkApply(b *testing.B) {
	evs := benchEvents(b)
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cputime.Used()
	n := 0
	for b.Loop() {
		g := New()
		for _, ev := range evs {
			if v := g.Apply(ev); !v.OK {
				b.Fatalf("%v refused: %s", ev, v.Text(lang.English))
			}
		}
		n += len(evs)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "events/s")
	b.ReportMetric(float64(n)/(cputime.Used()-cpu0).Seconds(), "events/cpu-s")
}

// BenchmarkState and BenchmarkStateInto read the state of a round in
// play, as the daemon and replay do after every event.
func BenchmarkState(b *testing.B) {
	benchState(b, func(g *Game, _ *State) { _ = g.State() })
}

func BenchmarkStateInto(b *testing.B) {
	benchState(b, func(g *Game, s *State) { g.StateInto(s) })
}

func benchState(b *testing.B, read func(*Game, *State)) {
	evs := benchEvents(b)
	g := New()
	for _, ev := range evs[:len(evs)/2] {
		if v := g.Apply(ev); !v.OK {
			b.Fatalf("%v refused: %s", ev, v.Text(lang.English))
		}
	}
	var s State
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for b.Loop() {
		read(g, &s)
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "states/s")
}
