package journal_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"time"

	"github.com/unoref/unoref/referee/journal"
	"github.com/unoref/unoref/referee/tablelog"
)

func mustParse(line string) tablelog.Event {
	ev, _, err := tablelog.Parse(line, 0)
	if err != nil {
		log.Fatal(err)
	}
	return ev
}

// The daemon's start: resume the open game or begin one, show each verdict
// only once Apply has made it durable.
func Example() {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "unoref")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "unoref.db")

	// A fixed clock keeps the output stable; the daemon leaves Now nil.
	opts := &journal.Opts{Now: func() time.Time { return time.Date(2026, 5, 1, 19, 0, 0, 0, time.UTC) }}
	j, err := journal.Open(ctx, path, opts)
	if err != nil {
		log.Fatal(err)
	}
	tb, err := j.Resume(ctx)
	if errors.Is(err, journal.ErrNoOpenGame) {
		tb, err = j.NewGame(ctx, []string{"Ann", "Ben", "Cy"}, mustParse("rules official"), mustParse("dealer Cy"))
	}
	if err != nil {
		log.Fatal(err)
	}
	for _, line := range []string{"start G5", "play G7", "play B2", "play G2"} {
		v, err := tb.Apply(ctx, mustParse(line))
		if err != nil {
			log.Fatal(err) // nothing was shown: the table is as it was
		}
		if v.OK {
			fmt.Printf("%-8s accepted\n", line)
		} else {
			fmt.Printf("%-8s refused: %s\n", line, v.Code)
		}
	}
	j.Close() // the plug is pulled

	j, err = journal.Open(ctx, path, opts)
	if err != nil {
		log.Fatal(err)
	}
	defer j.Close()
	tb, err = j.Resume(ctx)
	if err != nil {
		log.Fatal(err)
	}
	st := tb.State()
	fmt.Printf("resumed: %d events, top %s, %s to play, hands %v\n", len(tb.Events()), st.Top, st.Turn, st.Hands)
	if err := j.Log(ctx, tb.ID(), os.Stdout); err != nil {
		log.Fatal(err)
	}
	// Output:
	// start G5 accepted
	// play G7  accepted
	// play B2  refused: illegal-card
	// play G2  accepted
	// resumed: 6 events, top G2, Cy to play, hands map[Ann:6 Ben:6 Cy:7]
	// # unoref game 1: Ann Ben Cy, started 2026-05-01T19:00:00.000Z, still open
	// players Ann Ben Cy
	// rules official
	// dealer Cy
	// start G5
	// play G7
	// play G2
}
