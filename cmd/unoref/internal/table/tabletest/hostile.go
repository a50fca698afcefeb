package tabletest

import (
	"math"
	"strconv"
	"strings"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/drivers/voice"
)

// Hostile is one value no action may carry, in one field: what the table
// must refuse, before the journal sees it, with the sentence of Key.
type Hostile struct {
	Name  string              // what the value is, for the test's name
	Field string              // the field it goes in: "Name", "Points", …
	Set   func(*table.Action) // puts the value in an action
	Key   string              // the message key of the refusal
	// Form is the value as a field of the page's form, "" when the form
	// can't carry it (a JSON-only field, or one the form splits).
	Form, FormField string
}

// long is a value far over every bound (and under the page's 16 kB).
var long = strings.Repeat("x", 15000)

func name(desc, v, key string) []Hostile {
	return []Hostile{
		{Name: "Name " + desc, Field: "Name", Set: func(a *table.Action) { a.Name = v }, Key: key, Form: v, FormField: "name"},
		{Name: "NewName " + desc, Field: "NewName", Set: func(a *table.Action) { a.NewName = v }, Key: key, Form: v, FormField: "newname"},
		{Name: "Players " + desc, Field: "Players", Set: func(a *table.Action) { a.Players = []string{v, "Ben"} }, Key: key},
	}
}

func number(field, desc string, v int, key string, set func(*table.Action, int)) Hostile {
	return Hostile{Name: field + " " + desc, Field: field, Set: func(a *table.Action) { set(a, v) }, Key: key,
		Form: strconv.Itoa(v), FormField: strings.ToLower(field)}
}

// Hostiles are the values of issue 22: names the table log can't hold,
// numbers out of range, words too long or none, for every field.
func Hostiles() []Hostile {
	var hs []Hostile
	for _, n := range []struct{ desc, v, key string }{
		{"with #", "Kid#1", "name.hash"},
		{"with a space", "Mary Ann", "name.space"},
		{"with a comma", "Ann,Ben", "name.comma"},
		{"zero-width", "Zo\u200be", "name.control"},
		{"direction mark", "\u202eAnn", "name.bidi"},
		{"17 letters", strings.Repeat("я", 17), "name.too-long"},
		{"15 kB", long, "name.too-long"},
		{"lone accent", "\u0301", "name.mark"},
		{"variation selector", "a\ufe0f", "name.control"},
		{"not UTF-8", "Kid\xff", "name.control"},
		{"NUL", "Kid\x00", "name.control"},
	} {
		hs = append(hs, name(n.desc, n.v, n.key)...)
	}
	points := func(a *table.Action, n int) { a.Points = n }
	target := func(a *table.Action, n int) { a.Target = n }
	seat := func(a *table.Action, n int) { a.Seat = n }
	hs = append(hs,
		number("Points", "-1", -1, "action.points.range", points),
		number("Points", "100001", 100001, "action.points.range", points),
		number("Points", "MaxInt", math.MaxInt, "action.points.range", points),
		number("Target", "-5", -5, "action.target.range", target),
		number("Target", "MaxInt", math.MaxInt, "action.target.range", target),
		number("Seat", "-1", -1, "action.noseat", seat),
		number("Seat", "10", 10, "action.noseat", seat),
		number("Seat", "MaxInt", math.MaxInt, "action.noseat", seat),
		Hostile{Name: "Pad 15 kB", Field: "Pad", Set: func(a *table.Action) { a.Pad = long }, Key: "action.nopad", Form: long, FormField: "pad"},
		Hostile{Name: "Card 5400 codes", Field: "Card", Set: func(a *table.Action) { a.Card = strings.Repeat("R7,", 5399) + "R7" },
			Key: "action.tap.many"},
		Hostile{Name: "Button 15 kB", Field: "Button", Set: func(a *table.Action) { a.Button = long }, Key: "action.nobutton", Form: long, FormField: "button"},
		Hostile{Name: "Rules 2 kB", Field: "Rules", Set: func(a *table.Action) { a.Rules = "official " + strings.Repeat("+stacking ", 200) },
			Key: "action.rules.long"},
		Hostile{Name: "Players 11", Field: "Players", Set: func(a *table.Action) {
			a.Players = strings.Fields("A B C D E F G H I J K")
		}, Key: "action.players.many"},
		Hostile{Name: "Players one", Field: "Players", Set: func(a *table.Action) { a.Players = []string{"Ann"} }, Key: "action.players"},
		Hostile{Name: "Players twice by case", Field: "Players", Set: func(a *table.Action) { a.Players = []string{"Ann", "ann"} },
			Key: "action.name.twice"},
		Hostile{Name: "Players twice NFC and NFD", Field: "Players", Set: func(a *table.Action) { a.Players = []string{"Zo\u00eb", "Zoe\u0308"} },
			Key: "action.name.twice"},
		Hostile{Name: "Voice speed", Field: "Voice", Set: func(a *table.Action) {
			a.Voice = &table.VoiceState{Settings: voice.Settings{Speed: 9999}}
		}, Key: "action.voice.settings"},
		Hostile{Name: "Voice name 15 kB", Field: "Voice", Set: func(a *table.Action) {
			a.Voice = &table.VoiceState{Settings: voice.Settings{Voice: long}}
		}, Key: "action.voice.settings"},
	)
	return hs
}
