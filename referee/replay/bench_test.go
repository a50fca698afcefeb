package replay

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/unoref/unoref/internal/cputime"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/tablelog"
)

// benchLogs are eight whole generated games (about 10,000 event lines).
func benchLogs(b *testing.B) ([]string, int) {
	b.Helper()
	var logs []string
	events := 0
	for seed := uint64(1); seed <= 8; seed++ {
		log := syntheticGame(seed, []string{"Ann", "Ben", "Cy", "Dee"}[:2+seed%3])
		logs = append(logs, log)
		events += countEvents(log)
	}
	return logs, events
}

// BenchmarkReplay reports events/s of wall time and events/cpu-s, events
// per second of the process's CPU time, which other work on a shared
// machine does not inflate.
func BenchmarkReplay(b *testing.B) {
	logs, events := benchLogs(b)
	ctx := context.Background()
	var cpu0 time.Duration
	start := func(b *testing.B) {
		b.ReportAllocs()
		cpu0 = cputime.Used()
	}
	report := func(b *testing.B) {
		n := float64(events) * float64(b.N)
		b.ReportMetric(n/b.Elapsed().Seconds(), "events/s")
		b.ReportMetric(n/(cputime.Used()-cpu0).Seconds(), "events/cpu-s")
	}
	// parse: tablelog.Lines alone, the floor under every other path.
	b.Run("parse", func(b *testing.B) {
		start(b)
		for b.Loop() {
			for _, log := range logs {
				for l := range tablelog.Lines(strings.NewReader(log)) {
					_ = l
				}
			}
		}
		report(b)
	})
	// engine: parse and Apply, the daemon's path.
	b.Run("engine", func(b *testing.B) {
		start(b)
		for b.Loop() {
			for _, log := range logs {
				g := referee.New()
				for l := range tablelog.Lines(strings.NewReader(log)) {
					if l.Err == nil {
						g.Apply(l.Ev)
					}
				}
			}
		}
		report(b)
	})
	// records: Replay, which also takes the State after every event.
	b.Run("records", func(b *testing.B) {
		start(b)
		for b.Loop() {
			for _, log := range logs {
				if _, err := Replay(ctx, strings.NewReader(log), referee.New(), nil); err != nil {
					b.Fatal(err)
				}
			}
		}
		report(b)
	})
	// json and text: what `unoref replay` does (Stream), in every language.
	writers := []struct {
		name string
		new  func(io.Writer, lang.Lang) func(*Record) error
	}{
		{"json", func(w io.Writer, l lang.Lang) func(*Record) error {
			j := NewJSONWriter(w)
			j.Lang = l
			return j.Write
		}},
		{"text", func(w io.Writer, l lang.Lang) func(*Record) error {
			t := NewTextWriter(w)
			t.Lang = l
			return t.Write
		}},
	}
	for _, wr := range writers {
		for _, l := range lang.Languages() {
			b.Run(wr.name+"/"+l.String(), func(b *testing.B) {
				out := bufio.NewWriterSize(io.Discard, 64<<10)
				start(b)
				for b.Loop() {
					for _, log := range logs {
						if _, err := Stream(ctx, strings.NewReader(log), referee.New(), wr.new(out, l)); err != nil {
							b.Fatal(err)
						}
					}
				}
				report(b)
			})
		}
	}
}

// BenchmarkJSON is the writer alone on a typical record, against
// encoding/json.
func BenchmarkJSON(b *testing.B) {
	r := &Record{Line: 1234, OK: true, Message: "Ann plays Red 7 and Ben is next", State: referee.State{
		Phase: "turn", Turn: "Ben", Direction: "cw", Top: "R7", Color: "R",
		Hands:  map[string]int{"Ann": 6, "Ben": 7, "Cy": 3, "Dee": 11},
		Scores: map[string]int{"Ann": 120, "Ben": 0, "Cy": 45, "Dee": 0}, Round: 3}}
	b.Run("writer", func(b *testing.B) {
		b.ReportAllocs()
		w := NewJSONWriter(io.Discard)
		for b.Loop() {
			if err := w.Write(r); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		e := json.NewEncoder(io.Discard)
		for b.Loop() {
			if err := e.Encode(r); err != nil {
				b.Fatal(err)
			}
		}
	})
}
