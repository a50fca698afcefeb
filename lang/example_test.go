package lang_test

import (
	"fmt"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
)

func ExampleLang_Sentence() {
	s := msg.Sentence{
		{Key: "play", Args: msg.Args{Player: "Аня", Card: cards.Card{Kind: cards.Number, Color: cards.Red, Number: 7}}},
		{Key: "next", Args: msg.Args{Player: "Ben"}},
	}
	for _, l := range lang.Languages() {
		fmt.Printf("%-7s %s\n", l, l.Sentence(s))
	}
	// Output:
	// en      Аня plays Red 7 and Ben is next
	// ru      Аня кладёт красную семёрку, дальше ходит Ben
	// sr      Аня igra crvenu sedmicu, a zatim je na redu Ben
	// sr-Cyrl Аня игра црвену седмицу, а затим је на реду Ben
	// ro      Аня pune un 7 roșu, urmează Ben
	// hy      Аня-ն դնում է կարմիր 7, հաջորդը՝ Ben
}

func ExampleParse() {
	l, err := lang.Parse("sr-Cyrl")
	fmt.Println(l, l.Name(), err)
	_, err = lang.Parse("de")
	fmt.Println(err)
	fmt.Println(lang.Match("ru-RU,ru;q=0.9,en;q=0.8"))
	// Output:
	// sr-Cyrl Српски <nil>
	// lang: unknown language "de": want one of en, ru, sr, sr-Cyrl, ro, hy
	// ru
}
