package tablelog

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/lang/msg"
)

func TestParse(t *testing.T) {
	w := cards.Card{Kind: cards.Wild, Color: cards.Green}
	r3 := cards.Card{Kind: cards.Number, Color: cards.Red, Number: 3}
	tests := []struct {
		line string
		want Event
	}{
		{"players Ann Ben Cy", Event{Kind: Players, Names: []string{"Ann", "Ben", "Cy"}}},
		{"rules official +stacking target=300", Event{Kind: Rules, Preset: "official", Options: []string{"+stacking", "target=300"}}},
		{"dealer Ben", Event{Kind: Dealer, Name: "Ben"}},
		{"start R3", Event{Kind: Start, Card: r3}},
		{"12.250 play R3", Event{Kind: Play, Card: r3, At: 12250 * time.Millisecond, Timed: true}},
		{"play W:G as Cy  # jump", Event{Kind: Play, Card: w, Name: "Cy"}},
		{"color B", Event{Kind: Color, Color: cards.Blue}},
		{"draw", Event{Kind: Draw}},
		{"draw R3 W", Event{Kind: Draw, Cards: []cards.Card{r3, {Kind: cards.Wild}}}},
		{"pass", Event{Kind: Pass}},
		{"uno", Event{Kind: Uno}},
		{"uno Ann", Event{Kind: Uno, Name: "Ann"}},
		{"catch Ann", Event{Kind: Catch, Name: "Ann"}},
		{"catch Ann by Ben", Event{Kind: Catch, Name: "Ann", By: "Ben"}},
		{"challenge", Event{Kind: Challenge}},
		{"hand Ben", Event{Kind: Hand, Name: "Ben"}},
		{"hand Ben R3 W+4", Event{Kind: Hand, Name: "Ben", Cards: []cards.Card{r3, {Kind: cards.WildDrawFour}}}},
		{"points Ben 35", Event{Kind: Points, Name: "Ben", N: 35}},
		{"swap Cy", Event{Kind: Swap, Name: "Cy"}},
		{"slap Ben", Event{Kind: Slap, Name: "Ben"}},
		{"3.500 slap Ben", Event{Kind: Slap, Name: "Ben", At: 3500 * time.Millisecond, Timed: true}},
		{"end", Event{Kind: End}},
		{"812.004 end", Event{Kind: End, At: 812004 * time.Millisecond, Timed: true}},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			got, ok, err := Parse(tt.line, 7)
			if err != nil || !ok {
				t.Fatalf("Parse(%q) = %v, %v", tt.line, ok, err)
			}
			tt.want.Line = 7
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Parse(%q) (-want +got):\n%s", tt.line, diff)
			}
			again, _, err := Parse(got.String(), 7)
			if err != nil {
				t.Errorf("Parse(%q) of String() = %v", got.String(), err)
			}
			if diff := cmp.Diff(got, again); diff != "" {
				t.Errorf("Parse(%q) of String() (-want +got):\n%s", got.String(), diff)
			}
		})
	}
}

func TestParseSkips(t *testing.T) {
	for _, line := range []string{"", "   ", "# a comment", "  # indented"} {
		if _, ok, err := Parse(line, 1); ok || err != nil {
			t.Errorf("Parse(%q) = %v, %v, want skipped", line, ok, err)
		}
	}
}

func TestParseRefuses(t *testing.T) {
	tests := []struct {
		line string
		code error
	}{
		{"jump R3", ErrBadLine},
		{"Play R3", ErrBadLine},
		{"play", ErrBadLine},
		{"play R3 Ann", ErrBadLine},
		{"play R3 as", ErrBadLine},
		{"play R33", ErrBadCard},
		{"start", ErrBadLine},
		{"start W:Q", ErrBadCard},
		{"players Ann", ErrBadLine},
		{"players A B C D E F G H I J K", ErrBadLine},
		{"players Ann Ann", ErrBadLine},
		{"rules", ErrBadLine},
		{"color purple", ErrBadLine},
		{"color", ErrBadLine},
		{"draw R3 X9", ErrBadCard},
		{"pass now", ErrBadLine},
		{"uno Ann Ben", ErrBadLine},
		{"catch", ErrBadLine},
		{"catch Ann Ben", ErrBadLine},
		{"catch Ann by", ErrBadLine},
		{"catch Ann as Ben", ErrBadLine},
		{"catch Ann by Ben Cy", ErrBadLine},
		{"catch Ann by Ben,Cy", ErrBadLine},
		{"points Ann", ErrBadLine},
		{"points Ann -5", ErrBadLine},
		{"points Ann lots", ErrBadLine},
		{"hand", ErrBadLine},
		{"12.5", ErrBadLine},
		{"1x2 play R3", ErrBadLine},
		{"swap", ErrBadLine},
		{"slap", ErrBadLine},
		{"slap Ann Ben", ErrBadLine},
		{"end now", ErrBadLine},
		{"End", ErrBadLine},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			_, ok, err := Parse(tt.line, 3)
			var pe *ParseError
			if ok || !errors.Is(err, tt.code) || !errors.As(err, &pe) || pe.Line != 3 || pe.Msg.Key == "" {
				t.Errorf("Parse(%q) = %v, %v, want %v on line 3", tt.line, ok, err, tt.code)
			}
		})
	}
}

func TestLines(t *testing.T) {
	log := "players Ann Ben\n\n# comment\nbogus\n" + strings.Repeat("x", MaxLine+10) + "\nstart R3\r\ndraw"
	var got []string
	for l := range Lines(strings.NewReader(log)) {
		if l.Err != nil {
			got = append(got, "err")
		} else {
			got = append(got, l.Ev.Kind.String())
		}
		if l.N != l.Ev.Line && l.Err == nil {
			t.Errorf("line %d carries event line %d", l.N, l.Ev.Line)
		}
	}
	want := []string{"players", "err", "err", "start", "draw"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Lines (-want +got):\n%s", diff)
	}
}

// TestLinesLongComment: only the event counts toward MaxLine. A comment
// or trailing blanks of any length are not an event line (RULES.md §7:
// "# starts a comment, blank lines are ignored"); a word past the limit
// still makes the line too long.
func TestLinesLongComment(t *testing.T) {
	long := strings.Repeat("x", MaxLine+10)
	pad := strings.Repeat(" ", MaxLine+10)
	log := "#" + long + "\n" + // a comment alone
		"players Ann Ben # " + long + "\n" + // an event and a long comment
		pad + "\n" + // a blank line
		"start R3" + pad + "\r\n" + // trailing blanks
		"draw" + pad + "R3\n" + // a word past the limit
		"pass " + pad + "#" + long // blanks, then a comment, at the end
	var got []string
	for l := range Lines(strings.NewReader(log)) {
		if l.Err != nil {
			got = append(got, fmt.Sprintf("%d err", l.N))
		} else {
			got = append(got, fmt.Sprintf("%d %s", l.N, l.Ev.Kind))
		}
	}
	want := []string{"2 players", "4 start", "5 err", "6 pass"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Lines (-want +got):\n%s", diff)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"players Ann Ben", "rules official +stacking", "1.5 play W:G as Ann", "draw R3 B+2", "hand Ann W+4", "points Ann 3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ev, ok, err := Parse(s, 1)
		if err != nil || !ok {
			return
		}
		again, ok, err := Parse(ev.String(), 1)
		if err != nil || !ok {
			t.Fatalf("Parse(%q) = %+v, but its String %q does not parse: %v", s, ev, ev.String(), err)
		}
		if ev.Timed {
			again.At, ev.At = 0, 0 // printed to the millisecond
		}
		if diff := cmp.Diff(ev, again); diff != "" {
			t.Fatalf("round trip of %q (-want +got):\n%s", s, diff)
		}
	})
}

// A refusal repeats at most msg.EchoLen characters of the word it names:
// a long word of a log is never said back whole.
func TestParseEchoesLittle(t *testing.T) {
	long := strings.Repeat("x", 3000)
	for _, line := range []string{
		long,
		"play " + long,
		"1" + long + " pass",
		"color " + long,
		"points Ann " + long,
	} {
		_, _, err := Parse(line, 1)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("Parse(%.20q…) = %v, want a *ParseError", line, err)
			continue
		}
		if v := pe.Msg.Args.Value; len([]rune(v)) > msg.EchoLen+1 || !strings.HasSuffix(v, "…") {
			t.Errorf("Parse(%.20q…) repeats %d characters (%.30q…), want at most %d and …", line, len([]rune(v)), v, msg.EchoLen)
		}
	}
}
