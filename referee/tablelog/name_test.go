package tablelog

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCheckNameAccepts(t *testing.T) {
	for _, name := range []string{"Ann", "Аня", "Đorđe", "Ștefan", "Անի", "Kid-1", "O'Neil", "李雷", "Zoë", "Ann.B", strings.Repeat("я", MaxName),
		"Ann\u2764\ufe0f", "Kid1\ufe0f\u20e3", "Zoe\u0308"} {
		if err := CheckName(name); err != nil {
			t.Errorf("CheckName(%q) = %v, want nil", name, err)
		}
	}
}

func TestCheckNameRefuses(t *testing.T) {
	tests := []struct {
		name, in string
		want     NameError
		sentence string
	}{
		{"hash", "Kid#1", NameError{Reason: NameHash, Try: "Kid-1"}, "A name can't contain # or spaces: try Kid-1"},
		{"space", "Mary Ann", NameError{Reason: NameSpace, Try: "Mary-Ann"}, "A name can't contain # or spaces: try Mary-Ann"},
		{"tab", "Kid\t1", NameError{Reason: NameSpace, Try: "Kid-1"}, ""},
		{"newline", "Kid\n1", NameError{Reason: NameSpace, Try: "Kid-1"}, ""},
		{"NBSP", "Kid\u00a01", NameError{Reason: NameSpace, Try: "Kid-1"}, ""},
		{"line separator", "Kid\u20281", NameError{Reason: NameSpace, Try: "Kid-1"}, ""},
		{"ideographic space", "Kid\u30001", NameError{Reason: NameSpace, Try: "Kid-1"}, ""},
		{"comma", "Ann,Ben", NameError{Reason: NameComma, Try: "Ann-Ben"}, "A name can't contain commas: try Ann-Ben"},
		{"NUL", "Kid\x001", NameError{Reason: NameControl, Try: "Kid1"}, ""},
		{"BEL", "Kid\a", NameError{Reason: NameControl, Try: "Kid"}, "A name can't contain invisible or control characters: try Kid"},
		{"zero-width space", "Ki\u200bd", NameError{Reason: NameControl, Try: "Kid"}, ""},
		{"soft hyphen", "Ki\u00add", NameError{Reason: NameControl, Try: "Kid"}, ""},
		{"RLO", "\u202eKid", NameError{Reason: NameBidi, Try: "Kid"}, "A name can't contain direction marks: try Kid"},
		{"RLM", "Kid\u200f", NameError{Reason: NameBidi, Try: "Kid"}, ""},
		{"isolate", "\u2067Kid\u2069", NameError{Reason: NameBidi, Try: "Kid"}, ""},
		{"lone combining mark", "\u0301", NameError{Reason: NameMark, Try: "Ann"}, "A name can't begin with an accent or a mark on its own: try Ann"},
		{"mark first", "\u0308Ann", NameError{Reason: NameMark, Try: "Ann"}, ""},
		{"variation selector on a letter", "a\ufe0f", NameError{Reason: NameControl, Try: "a"}, ""},
		{"variation selector first", "\ufe0fAnn", NameError{Reason: NameControl, Try: "Ann"}, ""},
		{"hangul filler", "\u3164", NameError{Reason: NameControl, Try: "Ann"}, ""},
		{"replacement character", "Kid\ufffd", NameError{Reason: NameControl, Try: "Kid"}, ""},
		{"not UTF-8", "Kid\xff", NameError{Reason: NameControl, Try: "Kid"}, ""},
		{"empty", "", NameError{Reason: NameEmpty, Try: "Ann"}, "A name can't be empty: try Ann"},
		{"only spaces", "  ", NameError{Reason: NameSpace, Try: "Ann"}, ""},
		{"too long", strings.Repeat("я", MaxName+1), NameError{Reason: NameTooLong, Try: strings.Repeat("я", MaxName)}, "A name has at most 16 letters: try " + strings.Repeat("я", MaxName)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckName(tt.in)
			var ne *NameError
			if !errors.As(err, &ne) || !errors.Is(err, ErrBadName) {
				t.Fatalf("CheckName(%q) = %v, want a *NameError", tt.in, err)
			}
			tt.want.Name = tt.in
			if d := cmp.Diff(tt.want, *ne); d != "" {
				t.Errorf("CheckName(%q) (-want +got):\n%s", tt.in, d)
			}
			if tt.sentence != "" && err.Error() != tt.sentence {
				t.Errorf("CheckName(%q) = %q, want %q", tt.in, err, tt.sentence)
			}
			if e := CheckName(ne.Try); e != nil {
				t.Errorf("CheckName(%q) suggests %q, which is refused: %v", tt.in, ne.Try, e)
			}
		})
	}
}

// A name the log can't hold is refused by the writer, and the parser reads
// no name the writer would refuse: other Unicode spaces stay inside a word.
func TestNamesInTheLog(t *testing.T) {
	tests := []struct {
		name string
		ev   Event
		line string
	}{
		{"hash", Event{Kind: Players, Names: []string{"Kid#1", "Ben"}}, "players Kid#1 Ben"},
		{"space", Event{Kind: Players, Names: []string{"Mary Ann", "Ben"}}, "players Mary Ann Ben"},
		{"NBSP", Event{Kind: Dealer, Name: "Kid\u00a01"}, "dealer Kid\u00a01"},
		{"U+3000", Event{Kind: Play, Name: "Kid\u30001"}, "play R5 as Kid\u30001"},
		{"RLO", Event{Kind: Hand, Name: "\u202eBen"}, "hand \u202eBen R5"},
		{"BEL", Event{Kind: Uno, Name: "Ben\a"}, "uno Ben\a"},
		{"U+2028", Event{Kind: Points, Name: "A\u2028B", N: 3}, "points A\u2028B 3"},
		{"catcher", Event{Kind: Catch, Name: "Ann", By: "Ben\u00a0"}, "catch Ann by Ben\u00a0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, err := tt.ev.Text(); !errors.Is(err, ErrBadName) {
				t.Errorf("Text() = %q, %v, want ErrBadName", got, err)
			}
			if tt.name == "hash" || tt.name == "space" {
				return // the parser sees other words: see TestParseRefuses
			}
			_, ok, err := Parse(tt.line, 2)
			var ne *NameError
			if ok || !errors.Is(err, ErrBadLine) || !errors.As(err, &ne) {
				t.Errorf("Parse(%q) = %v, %v, want a bad name", tt.line, ok, err)
			}
		})
	}
	if got, err := (Event{Kind: Players, Names: []string{"Аня", "Անի"}}).Text(); err != nil || got != "players Аня Անի" {
		t.Errorf("Text() = %q, %v, want %q", got, err, "players Аня Անի")
	}
}
