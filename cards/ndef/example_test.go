package ndef_test

import (
	"errors"
	"fmt"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cards/ndef"
)

func ExampleEncodeCard() {
	c, _ := cards.Parse("W+4:B") // written as the printed card, W+4
	mem := ndef.EncodeCard(c)
	fmt.Printf("%d pages from page %d: % X\n", len(mem)/ndef.PageSize, ndef.FirstPage, mem)
	// Output: 4 pages from page 4: 03 0A D1 01 06 54 02 65 6E 57 2B 34 FE 00 00 00
}

func ExampleDecodeCard() {
	for _, mem := range [][]byte{
		ndef.EncodeCard(cards.Card{Kind: cards.DrawTwo, Color: cards.Green}),
		{0x03, 0x00, 0xFE, 0x00}, // empty message, as NTAG215 is delivered
		{0x03, 0x0C, 0xD1, 0x01, 0x08, 0x55, 0x04, 'u', 'n', 'o', '.', 'o', 'r', 'g', 0xFE, 0x00},
		{0x03, 0x0C, 0xD1, 0x01, 0x08, 0x54},
	} {
		c, err := ndef.DecodeCard(mem)
		var fe *ndef.ForeignError
		var te *ndef.TruncatedError
		switch {
		case err == nil:
			fmt.Println("card:", c.Name())
		case errors.Is(err, ndef.ErrBlank):
			fmt.Println("blank tag")
		case errors.As(err, &fe):
			fmt.Printf("foreign %v: %s\n", fe.Kind, fe.Text)
		case errors.As(err, &te):
			fmt.Printf("read %d bytes more\n", te.Need-te.Have)
		default:
			fmt.Println(err)
		}
	}
	// Output:
	// card: Green Draw Two
	// blank tag
	// foreign URI: https://uno.org
	// read 8 bytes more
}

func ExampleCheckCC() {
	cc := ndef.CapabilityContainer(ndef.NTAG213)
	n, writable, err := ndef.CheckCC(cc)
	fmt.Printf("% X: %d bytes, writable %t, %v\n", cc, n, writable, err)

	cc[3] = 0x0F // locked
	n, writable, err = ndef.CheckCC(cc)
	fmt.Printf("% X: %d bytes, writable %t, %v\n", cc, n, writable, err)
	// Output:
	// E1 10 12 00: 144 bytes, writable true, <nil>
	// E1 10 12 0F: 144 bytes, writable false, ndef: read-only tag: write access 0xf, want 0x0
}
