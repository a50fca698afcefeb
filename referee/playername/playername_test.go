package playername

import (
	"errors"
	"testing"

	"github.com/unoref/unoref/referee/tablelog"
)

func TestCheck(t *testing.T) {
	tests := []struct {
		name, in, want string
		reason         string // "" when accepted
	}{
		{"ascii", "Ann", "Ann", ""},
		{"NFC", "Zo\u00eb", "Zo\u00eb", ""},
		{"NFD becomes NFC", "Zoe\u0308", "Zo\u00eb", ""},
		{"Cyrillic NFD", "\u0418\u0306\u0430", "\u0419\u0430", ""},
		// 16 letters a person sees, 32 runes in NFD.
		{"NFD counts letters", "e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301", "éééééééééééééééé", ""},
		{"lone combining acute", "\u0301", "", tablelog.NameMark},
		{"mark first", "\u0301Ann", "", tablelog.NameMark},
		{"variation selector after a letter", "a\ufe0f", "", tablelog.NameControl},
		{"variation selector alone", "\ufe0f", "", tablelog.NameControl},
		{"hangul filler", "\u3164", "", tablelog.NameControl},
		{"grapheme joiner", "A\u034fnn", "", tablelog.NameControl},
		{"hash", "Kid#1", "", tablelog.NameHash},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Check(tt.in)
			var ne *tablelog.NameError
			switch {
			case tt.reason == "" && (err != nil || got != tt.want):
				t.Errorf("Check(%q) = %q, %v, want %q", tt.in, got, err, tt.want)
			case tt.reason != "" && (!errors.As(err, &ne) || ne.Reason != tt.reason):
				t.Errorf("Check(%q) = %q, %v, want reason %s", tt.in, got, err, tt.reason)
			}
		})
	}
}

func TestSame(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"Zo\u00eb", "Zoe\u0308", true},
		{"ZOË", "zoe\u0308", true},
		{"Аня", "аня", true},
		{"Ann", "Anne", false},
		{"Zoe", "Zoë", false},
	}
	for _, tt := range tests {
		if got := Same(tt.a, tt.b); got != tt.want {
			t.Errorf("Same(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}
