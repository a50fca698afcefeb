package virtual_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/virtual"
	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
)

// A virtual table played from code, as the page plays it: the table on the
// simulated reference build, played by the rig's person.
func Example() {
	dir, _ := os.MkdirTemp("", "unoref")
	defer os.RemoveAll(dir)
	ctx := context.Background()
	j, err := table.OpenJournal(ctx, filepath.Join(dir, "journal.db"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer j.Close()
	vb, err := virtual.Open(&virtual.Opts{Clock: gpiolinetest.NewClock(gpiolinetest.Epoch)})
	if err != nil {
		fmt.Println(err)
		return
	}
	dev := table.FromBoard(vb.Board)
	dev.Person = vb.Person
	t, err := table.New(ctx, dev, j, table.Config{Virtual: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan error)
	go func() { done <- t.Run(ctx) }()

	for _, a := range []table.Action{
		{Kind: "newgame", Players: []string{"Ann", "Ben", "Cy"}, Rules: "official"},
		{Kind: "press", Button: "pass"}, // skip the dealer pick: Ann deals
		{Kind: "tap", Pad: "play", Card: "G5"},
		{Kind: "tap", Pad: "play", Card: "R2"},
		{Kind: "tap", Pad: "play", Card: "G2"},
	} {
		if err := t.Do(ctx, a); err != nil {
			fmt.Println(err)
		}
		s := t.Snapshot()
		fmt.Printf("%-5s %-3s ok=%-5v %s\n", s.Last.Event, a.Card, s.Last.OK, s.Prompt)
	}
	// The LEDs as the page shows them: read from the simulated lines.
	fmt.Println("green LED lit:", t.Snapshot().LEDs["G"])
	cancel()
	<-done
	// Output:
	// rules official     ok=true  Ann: tap a card to pick the dealer
	// dealer Ann     ok=true  Ann deals 7 each: tap the starter card
	// start G5 G5  ok=true  Ben: play a card or draw
	// play R2 R2  ok=false Ben: play a card or draw
	// play G2 G2  ok=true  Cy: play a card or draw
	// green LED lit: true
}
