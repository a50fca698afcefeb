package enroll_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cards/enroll"
	"github.com/unoref/unoref/cards/ndef"
	"github.com/unoref/unoref/cards/registry"
)

func TestOrder(t *testing.T) {
	tests := []struct {
		kind       string
		n          int
		first, mid string // slot 0, slot 25
		last       string
	}{
		{cards.Standard, 108, "Red 0", "Yellow 0", "Wild Draw Four, 4th of 4"},
		{cards.Cars, 112, "Red 0", "Yellow 0", "Extreme Heights, 4th of 4"},
		{cards.Blanks, 112, "Red 0", "Yellow 0", "Blank, 4th of 4"},
	}
	for _, tt := range tests {
		s, err := enroll.Order(tt.kind)
		if err != nil || len(s) != tt.n || s[0].String() != tt.first || s[25].String() != tt.mid || s[len(s)-1].String() != tt.last {
			t.Errorf("Order(%s) = %d slots %v … %v, %v; want %d, %s … %s", tt.kind, len(s), s[0], s[len(s)-1], err, tt.n, tt.first, tt.last)
		}
		// By colour, numbers before symbols.
		var codes []string
		for _, x := range s[18:25] {
			codes = append(codes, x.Card.String())
		}
		if fmt.Sprint(codes) != "[R9 RS RS RR RR R+2 R+2]" {
			t.Errorf("Order(%s)[18:25] = %v", tt.kind, codes)
		}
	}
	if _, err := enroll.Order("uno"); err == nil {
		t.Error("Order(uno) = nil error")
	}
}

func progress(t *testing.T, kind string, have ...string) registry.Progress {
	t.Helper()
	p := registry.Progress{Deck: registry.Deck{Name: "home", Kind: kind}, Have: cards.Counts{}}
	for _, h := range have {
		c, err := cards.Parse(h)
		if err != nil {
			t.Fatal(err)
		}
		p.Have[c]++
	}
	return p
}

func TestPlan(t *testing.T) {
	p, err := enroll.NewPlan(progress(t, cards.Standard, "R0", "R1", "R2", "R2"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Done() != 4 || p.Total() != 108 || p.Prompt() != "Tap Red 1, 2nd of 2" {
		t.Fatalf("NewPlan = %d/%d %q, want 4/108 Tap Red 1, 2nd of 2", p.Done(), p.Total(), p.Prompt())
	}
	r1, _ := cards.Parse("R1")
	if err := p.Mark(r1); err != nil || p.Prompt() != "Tap Red 3, 1st of 2" || p.Done() != 5 {
		t.Errorf("after Mark(R1): %q %d, %v", p.Prompt(), p.Done(), err)
	}
	if err := p.Mark(r1); err == nil {
		t.Error("Mark(R1) a third time = nil error")
	}

	full, _ := cards.Deck(cards.Standard)
	var codes []string
	for _, c := range full {
		codes = append(codes, c.String())
	}
	done, _ := enroll.NewPlan(progress(t, cards.Standard, codes...))
	if _, ok := done.Next(); ok || done.Prompt() != "Deck home is complete" {
		t.Errorf("complete plan: Next ok, prompt %q", done.Prompt())
	}
	if _, err := done.Decide(enroll.Tap{Tags: 1}, enroll.Policy{}); !errors.Is(err, enroll.ErrComplete) {
		t.Errorf("Decide on a complete plan = %v, want ErrComplete", err)
	}
}

func TestDecide(t *testing.T) {
	r0, _ := cards.Parse("R0")
	g2, _ := cards.Parse("G+2")
	open := ndef.CapabilityContainer(ndef.NTAG213)
	locked := open
	locked[3] = 0x0F
	blank := fmt.Errorf("x: %w", ndef.ErrBlank)
	foreign := &ndef.ForeignError{Kind: ndef.ForeignURI, Text: "https://uno.org", Records: 1}
	corrupt := fmt.Errorf("x: %w", ndef.ErrCorrupt)
	old := &registry.Tag{UID: "04", Deck: "club", Card: g2, Copy: 2}
	w, f := enroll.Policy{Write: true}, enroll.Policy{Write: true, Force: true}
	tests := []struct {
		name string
		tap  enroll.Tap
		o    enroll.Policy
		want enroll.Action
		err  error
		msg  string
	}{
		{"two tags", enroll.Tap{Tags: 2}, f, enroll.Refuse, enroll.ErrTwoTags, "Two tags at once: tap one card"},
		{"read failed", enroll.Tap{Tags: 1, ReadErr: errors.New("timeout")}, f, enroll.Refuse, enroll.ErrUnreadable, "Can't read this tag: tap it again"},
		{"enrolled", enroll.Tap{Tags: 1, Enrolled: old}, f, enroll.Refuse, registry.ErrEnrolled, "This tag is already Green Draw Two of deck club"},
		{"says it", enroll.Tap{Tags: 1, Card: r0, CC: locked}, w, enroll.Enroll, nil, ""},
		{"says another", enroll.Tap{Tags: 1, Card: g2, CC: open}, enroll.Policy{}, enroll.Refuse, enroll.ErrWrongCard, "This tag says Green Draw Two: tap Red 0"},
		{"says another, force without write", enroll.Tap{Tags: 1, Card: g2, CC: open}, enroll.Policy{Force: true}, enroll.Refuse, enroll.ErrWrongCard, "This tag says Green Draw Two: tap Red 0"},
		{"says another, force", enroll.Tap{Tags: 1, Card: g2, CC: open}, f, enroll.Write, nil, ""},
		{"blank", enroll.Tap{Tags: 1, DecodeErr: blank, CC: open}, enroll.Policy{}, enroll.Enroll, nil, ""},
		{"blank, write", enroll.Tap{Tags: 1, DecodeErr: blank, CC: open}, w, enroll.Write, nil, ""},
		{"blank, locked", enroll.Tap{Tags: 1, DecodeErr: blank, CC: locked}, w, enroll.Refuse, enroll.ErrLocked, "This tag is locked: use another sticker"},
		{"blank, locked, force", enroll.Tap{Tags: 1, DecodeErr: blank, CC: locked}, f, enroll.Write, nil, ""},
		{"blank, no CC", enroll.Tap{Tags: 1, DecodeErr: blank}, w, enroll.Refuse, enroll.ErrNotNDEF, "This tag is not formatted for NFC text"},
		{"foreign", enroll.Tap{Tags: 1, DecodeErr: foreign, CC: open}, enroll.Policy{}, enroll.Enroll, nil, ""},
		{"foreign, write", enroll.Tap{Tags: 1, DecodeErr: foreign, CC: open}, w, enroll.Refuse, enroll.ErrForeign, `This tag holds "https://uno.org": force to overwrite`},
		{"foreign, force", enroll.Tap{Tags: 1, DecodeErr: foreign, CC: open}, f, enroll.Write, nil, ""},
		{"garbage, write", enroll.Tap{Tags: 1, DecodeErr: corrupt, CC: open}, w, enroll.Write, nil, ""},
	}
	p, err := enroll.NewPlan(progress(t, cards.Standard))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := p.Decide(tt.tap, tt.o)
			if got != tt.want || !errors.Is(err, tt.err) || (tt.err == nil) != (err == nil) {
				t.Fatalf("Decide(%+v, %+v) = %v, %v, want %v, %v", tt.tap, tt.o, got, err, tt.want, tt.err)
			}
			if err != nil && registry.Message(err) != tt.msg {
				t.Errorf("Decide(%+v): message %q, want %q", tt.tap, registry.Message(err), tt.msg)
			}
		})
	}
}
