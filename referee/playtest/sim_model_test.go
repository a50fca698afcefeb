package playtest

import "testing"

func TestQuick(t *testing.T) {
	for seed := uint64(0); seed < 200; seed++ {
		cfg := Config{Players: 2 + int(seed%9), Preset: []string{"official", "cars", "house-ru"}[seed%3], Seed: seed}
		tb, err := NewTable(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for {
			s, ok := tb.Next()
			if !ok {
				break
			}
			if err := tb.Conservation(); err != nil {
				t.Fatalf("seed %d: %v after %v", seed, err, s.Event)
			}
		}
		if !tb.Over() {
			t.Errorf("seed %d: not over after %d events", seed, tb.events)
		}
	}
}
