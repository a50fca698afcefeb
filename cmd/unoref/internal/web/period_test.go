package web_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/unoref/unoref/cmd/unoref/internal/web"
	"github.com/unoref/unoref/internal/testenv"
	"github.com/unoref/unoref/referee/journal"
)

// The page's period reads "from … to …" (ru "с … по …"): both days are
// in, by the box's wall clock, on the days its clock changes too (Europe/
// Bucharest: 23 hours on 2023-03-26, 25 on 2023-10-29).
func TestFamilyPeriodAcrossClockChanges(t *testing.T) {
	loc := testenv.InZone(t, "Europe/Bucharest")

	var now time.Time
	rec := rosterRecord(t, &journal.Opts{Now: func() time.Time { now = now.Add(time.Second); return now }}, "Mia", "Ben")
	for _, s := range []string{
		"2022-12-31 23:30", "2023-01-01 00:30",
		"2023-03-25 23:30", "2023-03-26 00:30", "2023-03-26 23:30", "2023-03-27 00:30",
		"2023-10-28 23:30", "2023-10-29 00:30", "2023-10-29 23:30", "2023-10-30 00:30",
		"2023-12-31 23:30", "2024-01-01 00:30",
	} {
		at, err := time.ParseInLocation("2006-01-02 15:04", s, loc)
		if err != nil {
			t.Fatal(err)
		}
		now = at.Add(-time.Second)
		playFile(t, rec.J, filepath.Join("testdata", "one-round.log"), true)
	}
	s := web.New(newFakeTable(true), &web.Opts{History: rec, Record: rec})
	tests := []struct {
		query string
		games int
	}{
		{"", 12},
		{"?since=2023-03-26&until=2023-03-26", 2},
		{"?since=2023-10-29&until=2023-10-29", 2},
		{"?since=2023-01-01&until=2023-12-31", 10},
		{"?until=2022-12-31", 1},
		{"?since=2024-01-01", 1},
		{"?since=2023-10-29&until=2023-10-29&last=1", 1},
	}
	for _, tt := range tests {
		for _, path := range []string{"/family" + tt.query, "/family/1" + tt.query} {
			page := readAll(t, get(t, s, "GET", path, nil, ""))
			want := fmt.Sprintf(`<p id="family-summary">%d game`, tt.games)
			if strings.HasPrefix(path, "/family/1") {
				want = fmt.Sprintf(`<dd id="games-won">0 of %d</dd>`, tt.games) // one round each, no game won
			}
			if !strings.Contains(page, want) {
				t.Errorf("GET %s: no %q in the page", path, want)
			}
		}
	}
}
