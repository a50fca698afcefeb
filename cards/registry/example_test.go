package registry_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cards/ndef"
	"github.com/unoref/unoref/cards/registry"
)

func Example() {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "unoref")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	reg, err := registry.Open(ctx, registry.Path(dir))
	if err != nil {
		log.Fatal(err)
	}
	defer reg.Close()

	if err := reg.AddDeck(ctx, "kitchen", cards.Standard); err != nil {
		log.Fatal(err)
	}
	r7, _ := cards.Parse("R7")
	for _, uid := range [][]byte{{0x04, 1, 2, 3, 4, 5, 0x80}, {0x04, 1, 2, 3, 4, 5, 0x81}, {0x04, 1, 2, 3, 4, 5, 0x82}} {
		tag, err := reg.Enroll(ctx, "kitchen", uid, r7)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(tag)
	}
	p, _ := reg.Progress(ctx, "kitchen")
	fmt.Println(p.Deck, "next:", p.Missing[0].Name())
	reg.Export(ctx, "kitchen", os.Stdout)
	// Output:
	// 04010203040580: R7 #1 of deck kitchen
	// 04010203040581: R7 #2 of deck kitchen
	// registry: deck already holds every copy of this card: deck kitchen has all 2 Red 7
	// kitchen (standard) 2/108 next: Red 0
	// # unoref deck kitchen standard
	// 04010203040580 R7
	// 04010203040581 R7
}

func ExampleRegistry_Import() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "unoref")
	defer os.RemoveAll(dir)
	reg, err := registry.Open(ctx, filepath.Join(dir, "decks.db"))
	if err != nil {
		log.Fatal(err)
	}
	defer reg.Close()
	_, _, err = reg.Import(ctx, strings.NewReader("# unoref deck club cars\n04AA0000000001 WX\n04AA0000000002 R10\n04AA0000000001 W\n"))
	fmt.Println(err)
	d, n, err := reg.Import(ctx, strings.NewReader("# unoref deck club cars\n04AA0000000001 WX\n"))
	fmt.Println(d, n, err)
	// Output:
	// registry: import refused: line 3: not a card code: "R10" is not a printed card; line 4: UID 04AA0000000001 already on line 2
	// club (cars) 1/112 1 <nil>
}

func ExampleResolver() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "unoref")
	defer os.RemoveAll(dir)
	reg, err := registry.Open(ctx, registry.Path(dir))
	if err != nil {
		log.Fatal(err)
	}
	defer reg.Close()
	reg.AddDeck(ctx, "kitchen", cards.Standard)
	reg.AddDeck(ctx, "club", cards.Standard)
	g5, _ := cards.Parse("G5")
	reg.Enroll(ctx, "kitchen", []byte{0x04, 0, 0, 0, 0, 0, 1}, g5)
	reg.Enroll(ctx, "club", []byte{0x04, 0, 0, 0, 0, 0, 2}, g5)

	res, err := registry.NewResolver(ctx, reg, "kitchen")
	if err != nil {
		log.Fatal(err)
	}
	// On the table: read := func(p uint8) ([]byte, error) { return dev.ReadPages(uid, p) }
	written := ndef.EncodeCard(cards.Card{Kind: cards.Skip, Color: cards.Blue})
	read := func(page uint8) ([]byte, error) { return append(written, make([]byte, 16)...)[:16], nil }
	var pile registry.Pile
	for _, uid := range [][]byte{{0x04, 0, 0, 0, 0, 0, 1}, {0x04, 0, 0, 0, 0, 0, 2}, {0x04, 0, 0, 0, 0, 0, 3}, {0x04, 0, 0, 0, 0, 0, 1}} {
		c, err := res.Resolve(ctx, uid, nil, read)
		if err == nil {
			err = pile.Play(uid)
		}
		switch {
		case errors.Is(err, registry.ErrOtherDeck), errors.Is(err, registry.ErrDuplicateTag):
			fmt.Println("refused:", registry.Message(err))
		case err != nil:
			log.Fatal(err)
		default:
			fmt.Printf("%s from the %v\n", c.Card.Name(), c.Source)
		}
	}
	// Output:
	// Green 5 from the registry
	// refused: This card belongs to deck club
	// Blue Skip from the tag
	// refused: That card is already on the pile: someone took it back
}
