package cards

import (
	"errors"
	"testing"
)

func TestParseRoundTrip(t *testing.T) {
	tests := []struct {
		code   string
		want   Card
		points int
		name   string
	}{
		{"R0", Card{Kind: Number, Color: Red}, 0, "Red 0"},
		{"Y9", Card{Kind: Number, Color: Yellow, Number: 9}, 9, "Yellow 9"},
		{"GS", Card{Kind: Skip, Color: Green}, 20, "Green Skip"},
		{"BR", Card{Kind: Reverse, Color: Blue}, 20, "Blue Reverse"},
		{"R+2", Card{Kind: DrawTwo, Color: Red}, 20, "Red Draw Two"},
		{"W", Card{Kind: Wild}, 50, "Wild"},
		{"W:G", Card{Kind: Wild, Color: Green}, 50, "Wild (green)"},
		{"W+4", Card{Kind: WildDrawFour}, 50, "Wild Draw Four"},
		{"W+4:B", Card{Kind: WildDrawFour, Color: Blue}, 50, "Wild Draw Four (blue)"},
		{"WX", Card{Kind: Heights}, 50, "Extreme Heights"},
		{"WX:R", Card{Kind: Heights, Color: Red}, 50, "Extreme Heights (red)"},
		{"BLANK", Card{Kind: Blank}, 50, "Blank"},
	}
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			got, err := Parse(tt.code)
			if err != nil {
				t.Fatalf("Parse(%q) error %v", tt.code, err)
			}
			if got != tt.want {
				t.Errorf("Parse(%q) = %+v, want %+v", tt.code, got, tt.want)
			}
			if s := got.String(); s != tt.code {
				t.Errorf("Parse(%q).String() = %q", tt.code, s)
			}
			if p := got.Points(); p != tt.points {
				t.Errorf("Parse(%q).Points() = %d, want %d", tt.code, p, tt.points)
			}
			if n := got.Name(); n != tt.name {
				t.Errorf("Parse(%q).Name() = %q, want %q", tt.code, n, tt.name)
			}
		})
	}
}

func TestParseRefuses(t *testing.T) {
	for _, code := range []string{"", "R", "r7", "R10", "X7", "R7:G", "W:", "W:X", "W+2", "R+4", "BLANK:R", "WX:RR", "RS:", "W:G:B", " R7"} {
		if c, err := Parse(code); !errors.Is(err, ErrBadCard) {
			t.Errorf("Parse(%q) = %v, %v, want ErrBadCard", code, c, err)
		}
	}
}

func TestDeckCounts(t *testing.T) {
	tests := []struct {
		deck  string
		size  int
		extra string
	}{
		{Standard, 108, ""},
		{Cars, 112, "WX"},
		{Blanks, 112, "BLANK"},
	}
	for _, tt := range tests {
		t.Run(tt.deck, func(t *testing.T) {
			d, err := Deck(tt.deck)
			if err != nil {
				t.Fatal(err)
			}
			if len(d) != tt.size {
				t.Fatalf("len(Deck(%q)) = %d, want %d", tt.deck, len(d), tt.size)
			}
			n := Count(d)
			want := map[string]int{"R0": 1, "B0": 1, "G5": 2, "Y9": 2, "RS": 2, "BR": 2, "G+2": 2, "W": 4, "W+4": 4}
			if tt.extra != "" {
				want[tt.extra] = 4
			}
			total := 0
			for code, w := range want {
				c, _ := Parse(code)
				if n[c] != w {
					t.Errorf("Deck(%q) has %d %s, want %d", tt.deck, n[c], code, w)
				}
			}
			for _, c := range d {
				total += c.Points()
			}
			// 4 colours × (2×45 + 6×20) + 8×50, plus 4×50 for the extras.
			wantPoints := 4*(90+120) + 400
			if tt.extra != "" {
				wantPoints += 200
			}
			if total != wantPoints {
				t.Errorf("points of Deck(%q) = %d, want %d", tt.deck, total, wantPoints)
			}
			if len(n) != len(n.Faces()) {
				t.Errorf("Faces() lost faces")
			}
		})
	}
	if _, err := Deck("jumbo"); err == nil {
		t.Error(`Deck("jumbo") did not fail`)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"R7", "W:G", "B+2", "WX:R", "BLANK", "W+4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			return
		}
		if got := c.String(); got != s {
			t.Errorf("Parse(%q).String() = %q", s, got)
		}
	})
}

// TestMostPoints: the most a hand of n cards can be worth, per deck. The
// 108-card deck has 8 wilds: 5 cards at most 250, 9 at most 420 (8 wilds
// and an action card); the 112-card decks have 12 cards worth 50.
func TestMostPoints(t *testing.T) {
	tests := []struct {
		deck string
		n    int
		want int
	}{
		{Standard, 0, 0},
		{Standard, 1, 50},
		{Standard, 5, 250},
		{Standard, 8, 400},
		{Standard, 9, 420},
		{Standard, 32, 880},   // the wilds and the 24 action cards
		{Standard, 33, 889},   // then a 9
		{Standard, 108, 1240}, // the whole deck
		{Standard, 500, 1240}, // more cards than the deck holds: the whole deck
		{Standard, -1, 0},     // no cards
		{Cars, 12, 600},       // 8 wilds and 4 Extreme Heights
		{Cars, 13, 620},       // then an action card
		{Blanks, 112, 1440},   // the whole deck
		{Blanks, 7, 350},      // a whole first hand of wilds and blanks
	}
	for _, tt := range tests {
		got, err := MostPoints(tt.deck, tt.n)
		if err != nil || got != tt.want {
			t.Errorf("MostPoints(%q, %d) = %d, %v; want %d", tt.deck, tt.n, got, err, tt.want)
		}
	}
	if _, err := MostPoints("jumbo", 3); err == nil {
		t.Error(`MostPoints("jumbo", 3) did not fail`)
	}
}
