package table_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/virtual"
	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/tablelog"
)

// A virtual table played from code, as the page plays it: the table on the
// simulated reference build, played by the virtual board's person.
func Example_virtual() {
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
	cancel()
	<-done
	// Output:
	// rules official     ok=true  Ann: tap a card to pick the dealer
	// dealer Ann     ok=true  Ann deals 7 each: tap the starter card
	// start G5 G5  ok=true  Ben: play a card or draw
	// play R2 R2  ok=false Ben: play a card or draw
	// play G2 G2  ok=true  Cy: play a card or draw
}

// Teaching mode's reason for a play, from the state before it, in two
// languages.
func ExampleWhy() {
	before := referee.State{Phase: referee.PhaseTurn, Turn: "Ann", Top: "G2", Color: "G"}
	play := tablelog.Event{Kind: tablelog.Play, Card: cards.Card{Kind: cards.Number, Color: cards.Green, Number: 5}}
	rules, _ := referee.Preset(referee.PresetOfficial)
	m, _ := table.Why(before, rules, play)
	fmt.Println(lang.English.Sentence(msg.Sentence{m}))
	fmt.Println(lang.Russian.Sentence(msg.Sentence{m}))
	// Output:
	// Green 5 on Green 2: same colour
	// Зелёная пятёрка на зелёную двойку: тот же цвет
}

// The rules in force, as the referee says them at the start of a game.
func ExampleRulesInForce() {
	rules, _ := referee.ParseRules("official", []string{"+stacking", "uno-penalty=4"})
	for _, line := range table.RulesInForce(rules) {
		fmt.Println(lang.English.Sentence(line))
	}
	// Output:
	// The rules printed in the box: match the colour, the number or the picture.
	// Draw Twos pile up on Draw Twos, and Wild Draw Fours on Wild Draw Fours: whoever can't add draws them all.
	// Uno-penalty 4: Forget to say UNO and you draw this many cards.
}
