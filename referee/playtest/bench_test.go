package playtest

import "testing"

// BenchmarkSimulatedGame plays official games (target 100) through the
// model and the referee, compared at every step.
func BenchmarkSimulatedGame(b *testing.B) {
	events := 0
	for i := 0; b.Loop(); i++ {
		r, err := compareGame(Config{Players: 2 + i%9, Preset: "official", Options: []string{"target=100"}, Seed: uint64(i)})
		if err != nil {
			b.Fatal(err)
		}
		events += r.events
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
}

// BenchmarkModelGame is the model alone, for comparison.
func BenchmarkModelGame(b *testing.B) {
	events := 0
	for i := 0; b.Loop(); i++ {
		steps, err := Play(Config{Players: 2 + i%9, Preset: "official", Options: []string{"target=100"}, Seed: uint64(i)})
		if err != nil {
			b.Fatal(err)
		}
		events += len(steps)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
}
