package registry_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cards/ndef"
	"github.com/unoref/unoref/cards/registry"
)

// memTag is a tag's user memory from page 4 on, read the way an NTAG READ
// does: 16 bytes from any page. It counts reads and can fail them.
type memTag struct {
	mem   []byte
	reads []uint8
	err   error
}

func (m *memTag) read(page uint8) ([]byte, error) {
	m.reads = append(m.reads, page)
	if m.err != nil {
		return nil, m.err
	}
	out := make([]byte, 16)
	if off := (int(page) - ndef.FirstPage) * ndef.PageSize; off < len(m.mem) {
		copy(out, m.mem[off:])
	}
	return out, nil
}

func TestResolve(t *testing.T) {
	ctx := context.Background()
	r := open(t, "")
	enrollDeck(t, r, "home", cards.Standard, 1)
	enrollDeck(t, r, "club", cards.Cars, 2)
	res, err := registry.NewResolver(ctx, r, "home")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := registry.NewResolver(ctx, r, "attic"); !errors.Is(err, registry.ErrNoDeck) {
		t.Errorf("NewResolver(attic) = %v, want ErrNoDeck", err)
	}

	// A message behind a Lock Control TLV and padding, as phone apps
	// write: the card code starts after byte 16, so a second READ.
	long := append([]byte{0x01, 0x03, 0xA0, 0x0C, 0x34, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, ndef.EncodeCard(card(t, "B+2"))...)
	uri := []byte{0x03, 0x0C, 0xD1, 0x01, 0x08, 0x55, 0x04, 'u', 'n', 'o', '.', 'o', 'r', 'g', 0xFE, 0x00}
	blank := []byte{0x03, 0x00, 0xFE, 0x00}
	tests := []struct {
		name   string
		uid    []byte
		tag    memTag
		data   bool // pass the first 16 bytes as already read
		want   string
		source registry.Source
		err    error
		msg    string
		reads  int
	}{
		{name: "enrolled", uid: uid(1, 19), want: "R7", source: registry.FromRegistry},
		{name: "enrolled, tag says otherwise", uid: uid(1, 19), tag: memTag{mem: ndef.EncodeCard(card(t, "B3"))}, want: "R7", source: registry.FromRegistry},
		{name: "other deck", uid: uid(2, 3), err: registry.ErrOtherDeck, msg: "This card belongs to deck club"},
		{name: "unknown UID, tag says G5", uid: uid(9, 1), tag: memTag{mem: ndef.EncodeCard(card(t, "G5"))}, want: "G5", source: registry.FromTag, reads: 1},
		{name: "page 4 read while detecting", uid: uid(9, 1), tag: memTag{mem: ndef.EncodeCard(card(t, "W+4"))}, data: true, want: "W+4", source: registry.FromTag},
		{name: "message past one READ", uid: uid(9, 2), tag: memTag{mem: long}, want: "B+2", source: registry.FromTag, reads: 2},
		{name: "blank", uid: uid(9, 3), tag: memTag{mem: blank}, err: registry.ErrUnknownTag, msg: "This tag is not a card of this deck", reads: 1},
		{name: "garbage", uid: uid(9, 3), tag: memTag{mem: []byte{0x77, 0x12, 0x99}}, err: registry.ErrUnknownTag, msg: "This tag is not a card of this deck", reads: 1},
		{name: "WX on a standard deck", uid: uid(9, 4), tag: memTag{mem: ndef.EncodeCard(card(t, "WX"))}, err: registry.ErrUnknownTag, msg: "This tag is not a card of this deck", reads: 1},
		{name: "foreign", uid: uid(9, 5), tag: memTag{mem: uri}, err: registry.ErrForeign, msg: `This tag says "https://uno.org": not a card`, reads: 1},
		{name: "read fails", uid: uid(9, 6), tag: memTag{err: errors.New("mfrc522: timeout")}, err: registry.ErrUnreadable, msg: "Can't read this tag: tap it again", reads: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var data []byte
			if tt.data {
				data, _ = tt.tag.read(ndef.FirstPage)
				tt.tag.reads = nil
			}
			got, err := res.Resolve(ctx, tt.uid, data, tt.tag.read)
			if !errors.Is(err, tt.err) || (tt.err == nil) != (err == nil) {
				t.Fatalf("Resolve(%X) = %+v, %v, want %v", tt.uid, got, err, tt.err)
			}
			if err != nil {
				if m := registry.Message(err); m != tt.msg {
					t.Errorf("Message(Resolve(%X)) = %q, want %q", tt.uid, m, tt.msg)
				}
				if !strings.Contains(err.Error(), registry.FormatUID(tt.uid)) {
					t.Errorf("Resolve(%X) = %v, want the UID in it", tt.uid, err)
				}
			} else if got.Card.String() != tt.want || got.Source != tt.source {
				t.Errorf("Resolve(%X) = %+v, want %s from %v", tt.uid, got, tt.want, tt.source)
			}
			if len(tt.tag.reads) != tt.reads {
				t.Errorf("Resolve(%X) read pages %v, want %d READs", tt.uid, tt.tag.reads, tt.reads)
			}
		})
	}
}

func TestPile(t *testing.T) {
	a, b, c := uid(1, 1), uid(1, 2), uid(1, 3)
	var p registry.Pile
	steps := []struct {
		do   string
		uid  []byte
		want error
		len  int
	}{
		{"play", a, nil, 1},
		{"play", b, nil, 2},
		{"play", a, registry.ErrDuplicateTag, 2},
		{"play", c, nil, 3},
		{"undo", nil, nil, 2}, // c was refused by the referee
		{"play", c, nil, 3},
		{"reshuffle", nil, nil, 1}, // c stays on top
		{"play", a, nil, 2},
		{"play", c, registry.ErrDuplicateTag, 2},
		{"clear", nil, nil, 0},
		{"play", c, nil, 1},
	}
	for i, s := range steps {
		var err error
		switch s.do {
		case "play":
			err = p.Play(s.uid)
		case "undo":
			if _, ok := p.Undo(); !ok {
				err = errors.New("nothing to undo")
			}
		case "reshuffle":
			p.Reshuffle()
		case "clear":
			p.Clear()
		}
		if !errors.Is(err, s.want) || (s.want == nil) != (err == nil) || p.Len() != s.len {
			t.Fatalf("step %d: %s %X = %v with %d on the pile, want %v with %d", i, s.do, s.uid, err, p.Len(), s.want, s.len)
		}
		if err != nil && registry.Message(err) != "That card is already on the pile: someone took it back" {
			t.Errorf("step %d: Message = %q", i, registry.Message(err))
		}
	}
	var empty registry.Pile
	if u, ok := empty.Undo(); ok {
		t.Errorf("Undo() on an empty pile = %q, true", u)
	}
	empty.Reshuffle()
	if empty.Len() != 0 {
		t.Error("Reshuffle() of an empty pile put something on it")
	}
}

func TestParseUID(t *testing.T) {
	tests := []struct {
		in   string
		want string
		err  bool
	}{
		{"04a1b2c3d4e580", "04A1B2C3D4E580", false},
		{"DE:AD:BE:EF", "DEADBEEF", false},
		{"0102030405060708090A", "0102030405060708090A", false},
		{"0102", "", true},
		{"xyz", "", true},
	}
	for _, tt := range tests {
		b, err := registry.ParseUID(tt.in)
		if got := registry.FormatUID(b); got != tt.want || (err != nil) != tt.err {
			t.Errorf("ParseUID(%q) = %s, %v, want %s (error %t)", tt.in, got, err, tt.want, tt.err)
		}
	}
	if got := registry.Message(fmt.Errorf("plain")); got != "plain" {
		t.Errorf("Message(plain) = %q", got)
	}
}
