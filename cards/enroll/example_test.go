package enroll_test

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cards/enroll"
	"github.com/unoref/unoref/cards/registry"
	"github.com/unoref/unoref/drivers/mfrc522"
	"github.com/unoref/unoref/drivers/mfrc522/mfrc522test"
	"github.com/unoref/unoref/hardware/board"
)

func ExamplePlan() {
	p, err := enroll.NewPlan(registry.Progress{
		Deck: registry.Deck{Name: "kitchen", Kind: cards.Standard},
		Have: cards.Counts{{Kind: cards.Number, Color: cards.Red}: 1},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(p.Prompt(), p.Done(), "/", p.Total())
	b3 := cards.Card{Kind: cards.Number, Color: cards.Blue, Number: 3}
	_, err = p.Decide(enroll.Tap{Tags: 1, Card: b3}, enroll.Policy{})
	fmt.Println(registry.Message(err))
	// Output:
	// Tap Red 1, 1st of 2 1 / 108
	// This tag says Blue 3: tap Red 1
}

func ExampleEnroller() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dir, _ := os.MkdirTemp("", "unoref")
	defer os.RemoveAll(dir)
	reg, err := registry.Open(ctx, registry.Path(dir))
	if err != nil {
		log.Fatal(err)
	}
	defer reg.Close()
	reg.AddDeck(ctx, "kitchen", cards.Standard)

	// On a Pi: spireg.Open("SPI0.0"); here the simulator and its clock.
	sim := mfrc522test.New(nil)
	dev, err := mfrc522.NewSPI(sim, &mfrc522.Opts{Now: sim.Now, Sleep: sim.Sleep})
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Halt()

	var on *mfrc522test.NTAG
	n := byte(0)
	hand := func(ev enroll.Event) {
		fmt.Println(ev)
		switch {
		case ev.Kind == enroll.Prompt && ev.Done == 3:
			cancel() // enough for an example: the rest another day
		case ev.Kind == enroll.Prompt:
			n++
			on = mfrc522test.NewNTAG213([]byte{0x04, 0, 0, 0, 0, 0, n})
			sim.Place(on)
		case ev.Kind == enroll.Enrolled:
			sim.Remove(on)
		}
	}
	e, err := enroll.New(ctx, board.EnrollReader(dev), reg, "kitchen", &enroll.Opts{
		Policy: enroll.Policy{Write: true}, Sleep: sim.Sleep, Notify: hand,
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(e.Run(ctx))
	// Output:
	// 0/108 prompt: Tap Red 0
	// 1/108 enrolled 04000000000001: Red 0 enrolled
	// 1/108 prompt: Tap Red 1, 1st of 2
	// 2/108 enrolled 04000000000002: Red 1 enrolled
	// 2/108 prompt: Tap Red 1, 2nd of 2
	// 3/108 enrolled 04000000000003: Red 1 enrolled
	// 3/108 prompt: Tap Red 2, 1st of 2
	// context canceled
}
