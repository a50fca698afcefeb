package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/internal/testenv"
	"github.com/unoref/unoref/referee/journal"
)

// periodGames are the starts of the games of the period tests, local
// time in Bucharest: across a new year, both clock changes, a month's end
// and a leap day.
var periodGames = []string{
	"2022-12-31 23:30", // 21:30 UTC
	"2023-01-01 00:30", // 22:30 UTC, still 2022 in UTC
	"2023-03-25 23:30",
	"2023-03-26 00:30", // UTC+2 until 03:00
	"2023-03-26 23:30", // UTC+3: 20:30 UTC
	"2023-03-27 00:30", // 21:30 UTC on the 26th
	"2023-04-30 23:59",
	"2023-05-01 00:01",
	"2023-10-29 00:30", // UTC+3: 21:30 UTC on the 28th
	"2023-10-29 23:30", // UTC+2 since 04:00: 21:30 UTC
	"2023-10-30 00:30",
	"2024-02-29 12:00",
	"2024-12-31 23:30",
	"2025-01-01 00:30",
}

// periodJournal is a data directory whose journal holds one played game
// (one round) of Mia and Ben at each of starts, in loc, in the order
// given: as after an import, the ids need not follow the starts.
func periodJournal(t *testing.T, loc *time.Location, starts []string) string {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	var now time.Time
	clock := func() time.Time { now = now.Add(time.Second); return now }
	j := rosterJournal(t, filepath.Join(dir, journalFile), &journal.Opts{Now: clock}, "Mia", "Ben")
	defer j.Close()
	b, err := os.ReadFile(filepath.Join("internal", "web", "testdata", "one-round.log"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range starts {
		at, err := time.ParseInLocation(time.DateTime[:16], s, loc)
		if err != nil {
			t.Fatal(err)
		}
		now = at.Add(-time.Second)
		if err := playEvents(t, j, events(t, string(b))).End(ctx); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// --since and --until are days in local time (--until excluded) or RFC
// 3339 times: the games of a day are those started on it by the clock on
// the wall, 23 or 25 hours of them on a day of a clock change.
func TestStatsPeriodsAcrossClockChanges(t *testing.T) {
	// Clocks go forward on 2023-03-26 at 03:00 (a day of 23 hours) and
	// back on 2023-10-29 at 04:00 (25 hours).
	loc := testenv.InZone(t, "Europe/Bucharest")
	// Every other game first: their ids are not in the order of their starts.
	var order []string
	for k := range 2 {
		for i := k; i < len(periodGames); i += 2 {
			order = append(order, periodGames[i])
		}
	}
	dir := periodJournal(t, loc, order)
	tests := []struct {
		name  string
		args  []string
		games int
	}{
		{"all", nil, 14},
		{"from a new year, at local midnight", []string{"--since", "2023-01-01"}, 13},
		{"a year", []string{"--since", "2023-01-01", "--until", "2024-01-01"}, 10},
		{"the day clocks go forward (23 hours)", []string{"--since", "2023-03-26", "--until", "2023-03-27"}, 2},
		{"the day clocks go back (25 hours)", []string{"--since", "2023-10-29", "--until", "2023-10-30"}, 2},
		{"up to a month's end", []string{"--until", "2023-05-01"}, 7},
		{"a leap day", []string{"--since", "2024-02-29", "--until", "2024-03-01"}, 1},
		{"RFC 3339, in UTC", []string{"--since", "2023-12-31T22:00:00Z", "--until", "2025-01-01T00:00:00+02:00"}, 2},
		{"the last 3 before a year", []string{"--until", "2024-01-01", "--last", "3"}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := call(t, "", append([]string{"stats", "--data", dir, "--json"}, tt.args...)...)
			if code != 0 {
				t.Fatalf("stats %q: exit %d, stderr %q", tt.args, code, errOut)
			}
			var f journal.FamilyStats
			if err := json.Unmarshal([]byte(out), &f); err != nil {
				t.Fatal(err)
			}
			if f.Games != tt.games || f.Players[0].Games != tt.games {
				t.Errorf("stats %q: %d games (Mia %d), want %d", tt.args, f.Games, f.Players[0].Games, tt.games)
			}
		})
	}
	// The last three before 2024: the games of October, by the wall clock.
	out, _, _ := call(t, "", "stats", "--data", dir, "--player", "Mia", "--json", "--until", "2024-01-01", "--last", "3")
	var p playerJSON
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, g := range p.GameList {
		got = append(got, g.Started.In(loc).Format(time.DateTime[:16]))
	}
	if d := cmp.Diff(periodGames[8:11], got); d != "" {
		t.Errorf("Mia's last three games before 2024 (-want +got):\n%s", d)
	}
}
