package table

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/tablelog"
)

func card(t *testing.T, code string) cards.Card {
	t.Helper()
	c, err := cards.Parse(code)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func rules(t *testing.T, line string) referee.Rules {
	t.Helper()
	w := strings.Fields(line)
	r, err := referee.ParseRules(w[0], w[1:])
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestWhy: every kind of match gets its reason, read from the state before
// the play, and the English sentence says it.
func TestWhy(t *testing.T) {
	tests := []struct {
		name    string
		top     string
		color   string
		pending int
		rules   string
		play    string
		by      string // a seat's press: "" or a player not in turn
		key     string
		want    string
	}{
		{"same colour", "G2", "G", 0, "official", "G5", "", "teach.color", "Green 5 on Green 2: same colour"},
		{"same number", "R7", "R", 0, "official", "B7", "", "teach.number", "Blue 7 on Red 7: same number"},
		{"same symbol", "RS", "R", 0, "official", "YS", "", "teach.symbol", "Yellow Skip on Red Skip: same picture"},
		{"same Draw Two", "R+2", "R", 0, "official", "B+2", "", "teach.symbol", "Blue Draw Two on Red Draw Two: same picture"},
		{"colour asked for by a wild", "W:B", "B", 0, "official", "B3", "", "teach.color.wild", "Blue 3 on Wild: the colour asked for is blue"},
		{"a Wild on anything", "R7", "R", 0, "official", "W", "", "teach.wild", "Wild goes on anything"},
		{"a Wild Draw Four", "R7", "R", 0, "official", "W+4", "", "teach.wild4", "Wild Draw Four goes on anything, but only when you hold no red card"},
		{"Extreme Heights is a wild", "Y4", "Y", 0, "cars", "WX", "", "teach.wild", "Extreme Heights goes on anything"},
		{"a blank under blank-draw-ten", "Y4", "Y", 0, "official deck=blanks +blank-draw-ten", "BLANK", "", "teach.blank", "Blank goes on any card, and the next player draws ten"},
		{"jump-in", "G5", "G", 0, "official +jump-in", "G5", "Cy", "teach.jump", "Green 5 on Green 5: the very same card, so you may jump in"},
		{"stacking Draw Twos", "R+2", "R", 2, "official +stacking", "G+2", "", "teach.stack", "Green Draw Two on Red Draw Two: the cards to draw add up"},
		{"stacking Wild Draw Fours", "W+4:G", "G", 4, "official +stacking", "W+4", "", "teach.stack", "Wild Draw Four on Wild Draw Four: the cards to draw add up"},
		{"deflect-draw-two", "R+2", "R", 2, "house-ru", "B+2", "", "teach.deflect", "Blue Draw Two on Red Draw Two: a Draw Two passes the Draw Two on"},
		{"wd4-answer-draw-two", "W+4:Y", "Y", 4, "house-ru", "Y+2", "", "teach.answer", "Yellow Draw Two on Wild Draw Four: a Draw Two of the colour asked for passes the draw on"},
		{"reverse-bounce", "R+2", "R", 2, "official +reverse-bounce", "RR", "", "teach.bounce", "Red Reverse on Red Draw Two: a Reverse of the same colour sends the draw back"},
		{"the colour a Blank kept", "BLANK", "Y", 0, "official deck=blanks +blank-draw-ten", "Y5", "", "teach.color.blank", "Yellow 5 on Blank: a blank card keeps the colour, and it is still yellow"},
		{"in turn with the player named", "G2", "G", 0, "official", "G5", "Ann", "teach.color", "Green 5 on Green 2: same colour"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := referee.State{Phase: referee.PhaseTurn, Turn: "Ann", Top: tt.top, Color: tt.color, Pending: tt.pending}
			if tt.pending > 0 {
				before.Phase = referee.PhasePenalty
			}
			ev := tablelog.Event{Kind: tablelog.Play, Card: card(t, tt.play), Name: tt.by}
			m, ok := Why(before, rules(t, tt.rules), ev)
			if !ok || m.Key != tt.key {
				t.Errorf("Why(%q on %q) = %q, %v, want %q", tt.play, tt.top, m.Key, ok, tt.key)
			}
			if got := lang.English.Sentence(msg.Sentence{m}); got != tt.want {
				t.Errorf("Why(%q on %q) says %q, want %q", tt.play, tt.top, got, tt.want)
			}
		})
	}
}

// TestWhyNotAPlay: only plays have a reason.
func TestWhyNotAPlay(t *testing.T) {
	for _, ev := range []tablelog.Event{{Kind: tablelog.Draw}, {Kind: tablelog.Start, Card: cards.Card{Kind: cards.Number, Color: cards.Red, Number: 3}}, {Kind: tablelog.Pass}} {
		if m, ok := Why(referee.State{Top: "R5", Color: "R"}, referee.Rules{}, ev); ok {
			t.Errorf("Why(%v) = %q, true, want false", ev, m.Key)
		}
	}
}

// TestRulesInForce: what the preset plays, the house rules on and the
// preset's own switched off, then UNO, mistakes, the challenge and how the
// game is won, in every language without a missing key.
func TestRulesInForce(t *testing.T) {
	tests := []struct {
		rules string
		want  []string
	}{
		{"official", []string{"rules.play.official", "rules.uno.auto", "rules.challenge.official", "rules.scoring.winner-collects"}},
		{"official +stacking uno-penalty=4", []string{"rules.play.official", "rules.option.stacking", "rules.uno.auto", "rules.challenge.official", "rules.scoring.winner-collects"}},
		{"house-ru -jump-in scoring=winner-collects target=300", []string{"rules.play.house-ru", "rules.starter.number", "rules.option.jump-in.off",
			"rules.option.deflect-draw-two", "rules.option.wd4-answer-draw-two", "rules.uno.auto", "rules.mistake", "rules.challenge.house-ru", "rules.scoring.winner-collects"}},
	}
	for _, tt := range tests {
		t.Run(tt.rules, func(t *testing.T) {
			lines := RulesInForce(rules(t, tt.rules))
			var got []string
			for _, l := range lines {
				got = append(got, strings.Join(l.Keys(), " "))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("RulesInForce(%q) keys (-want +got):\n%s", tt.rules, diff)
			}
			for _, l := range lang.Languages() {
				for _, s := range lines {
					if text := l.Sentence(s); strings.Contains(text, "rules.") || strings.Contains(text, "teach.") || strings.Contains(text, "no value") {
						t.Errorf("RulesInForce(%q) in %s: %q has a missing key", tt.rules, l, text)
					}
				}
			}
		})
	}
}

// TestRulesInForceEnglish: a house rule with a number says it.
func TestRulesInForceEnglish(t *testing.T) {
	lines := RulesInForce(rules(t, "official uno-penalty=4"))
	got := lang.English.Sentence(lines[1])
	want := "Say UNO as you put down your second-last card: if you forget, the referee notices and you draw 4 cards."
	if got != want {
		t.Errorf("RulesInForce(uno-penalty=4)[1] = %q, want %q", got, want)
	}
}
