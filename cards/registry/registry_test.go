package registry_test

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cards/registry"
)

func open(t testing.TB, path string) *registry.Registry {
	t.Helper()
	if path == "" {
		path = filepath.Join(t.TempDir(), registry.DefaultFile)
	}
	r, err := registry.Open(context.Background(), path)
	if err != nil {
		t.Fatalf("Open(%s) = %v", path, err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

// uid returns the 7-byte UID number n of a batch: NXP's 04 prefix.
func uid(batch, n int) []byte {
	return []byte{0x04, byte(batch), 0x10, 0x20, 0x30, byte(n >> 8), byte(n)}
}

func card(t testing.TB, code string) cards.Card {
	t.Helper()
	c, err := cards.Parse(code)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// enrollDeck enrolls a whole deck of kind with UIDs of batch.
func enrollDeck(t testing.TB, r *registry.Registry, name, kind string, batch int) {
	t.Helper()
	ctx := context.Background()
	if err := r.AddDeck(ctx, name, kind); err != nil {
		t.Fatalf("AddDeck(%s, %s) = %v", name, kind, err)
	}
	d, err := cards.Deck(kind)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range d {
		if _, err := r.Enroll(ctx, name, uid(batch, i), c); err != nil {
			t.Fatalf("Enroll(%s, %X, %v) = %v", name, uid(batch, i), c, err)
		}
	}
}

func TestOpenSchema(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "decks.db")
	r := open(t, path)
	if err := r.AddDeck(ctx, "home", cards.Standard); err != nil {
		t.Fatal(err)
	}
	r.Close()
	if err := r.Close(); err != nil {
		t.Errorf("second Close() = %v, want nil", err)
	}

	r = open(t, path)
	ds, err := r.Decks(ctx)
	if err != nil || len(ds) != 1 || ds[0].Name != "home" || ds[0].Size != 108 {
		t.Fatalf("Decks() after reopening = %v, %v, want home of 108", ds, err)
	}
	r.Close()

	// A file from a newer unoref is refused, not damaged.
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE schema_version SET version = 99`); err != nil {
		t.Fatal(err)
	}
	var mode string
	if err := db.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode = %q, %v, want wal", mode, err)
	}
	db.Close()
	if _, err := registry.Open(ctx, path); !errors.Is(err, registry.ErrSchema) {
		t.Errorf("Open(newer schema) = %v, want ErrSchema", err)
	}
}

func TestAddDeck(t *testing.T) {
	ctx := context.Background()
	r := open(t, "")
	tests := []struct {
		name, deck, kind string
		want             error
	}{
		{"standard", "home", cards.Standard, nil},
		{"cars", "cars-1", cards.Cars, nil},
		{"blanks", "club.2", cards.Blanks, nil},
		{"again", "home", cards.Cars, registry.ErrDeckExists},
		{"bad kind", "x", "pokemon", registry.ErrBadKind},
		{"space in name", "my deck", cards.Standard, registry.ErrBadName},
		{"empty name", "", cards.Standard, registry.ErrBadName},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := r.AddDeck(ctx, tt.deck, tt.kind)
			if !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
				t.Errorf("AddDeck(%q, %q) = %v, want %v", tt.deck, tt.kind, err, tt.want)
			}
		})
	}
	ds, err := r.Decks(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range ds {
		got = append(got, d.String())
	}
	want := "cars-1 (cars) 0/112, club.2 (blanks) 0/112, home (standard) 0/108"
	if strings.Join(got, ", ") != want {
		t.Errorf("Decks() = %v, want %s", got, want)
	}
}

func TestEnroll(t *testing.T) {
	ctx := context.Background()
	r := open(t, "")
	enrollDeck(t, r, "home", cards.Standard, 1)
	if err := r.AddDeck(ctx, "club", cards.Cars); err != nil {
		t.Fatal(err)
	}

	p, err := r.Progress(ctx, "home")
	if err != nil || p.Deck.Enrolled != 108 || len(p.Missing) != 0 || p.Have[card(t, "R7")] != 2 || p.Have[card(t, "W+4")] != 4 {
		t.Fatalf("Progress(home) = %+v, %v, want 108 enrolled, none missing", p.Deck, err)
	}
	// cards.Deck order: R0, then R1..R9 RS RR R+2 twice; index 7 is the
	// first R7, index 19 the second.
	tag, err := r.Lookup(ctx, uid(1, 19))
	if err != nil || tag.Card != card(t, "R7") || tag.Copy != 2 || tag.Deck != "home" {
		t.Errorf("Lookup(%X) = %v, %v, want R7 #2 of home", uid(1, 19), tag, err)
	}

	tests := []struct {
		name  string
		deck  string
		uid   []byte
		card  string
		want  error
		words string // in the error
	}{
		{"same UID, same deck", "home", uid(1, 7), "R7", registry.ErrEnrolled, "is R7 #1 of deck home"},
		{"same UID, other deck", "club", uid(1, 19), "B3", registry.ErrEnrolled, "is R7 #2 of deck home"},
		{"third R7", "home", uid(2, 1), "R7", registry.ErrTooMany, "all 2 Red 7"},
		{"fifth wild", "home", uid(2, 2), "W", registry.ErrTooMany, "all 4 Wild"},
		{"WX in a standard deck", "home", uid(2, 3), "WX", registry.ErrNotInDeck, "Extreme Heights is not in a standard deck"},
		{"no such deck", "attic", uid(2, 4), "R1", registry.ErrNoDeck, "attic"},
		{"short UID", "club", []byte{1, 2}, "R1", registry.ErrBadUID, "2 bytes"},
		{"WX in cars", "club", uid(2, 5), "WX", nil, ""},
		{"named wild counts as its face", "club", uid(2, 6), "W+4:G", nil, ""},
		{"4-byte UID", "club", []byte{0xDE, 0xAD, 0xBE, 0xEF}, "G+2", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := r.Enroll(ctx, tt.deck, tt.uid, card(t, tt.card))
			if !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
				t.Fatalf("Enroll(%s, %X, %s) = %v, %v, want %v", tt.deck, tt.uid, tt.card, got, err, tt.want)
			}
			if err != nil && !strings.Contains(err.Error(), tt.words) {
				t.Errorf("Enroll(%s, %X, %s) = %v, want it to say %q", tt.deck, tt.uid, tt.card, err, tt.words)
			}
			if err == nil && (got.Card != card(t, tt.card).Face() || got.Copy != 1) {
				t.Errorf("Enroll(%s, %X, %s) = %v, want copy 1 of the face", tt.deck, tt.uid, tt.card, got)
			}
		})
	}
	var ee *registry.EnrolledError
	_, err = r.Enroll(ctx, "club", uid(1, 0), card(t, "R0"))
	if !errors.As(err, &ee) || ee.Message() != "This tag is already Red 0 of deck home" || registry.Message(err) != ee.Message() {
		t.Errorf("Enroll(enrolled).Message() = %v, want the card and deck", err)
	}

	// Remove frees the UID and the copy number.
	if err := r.Remove(ctx, uid(1, 7)); err != nil {
		t.Fatal(err)
	}
	if err := r.Remove(ctx, uid(1, 7)); !errors.Is(err, registry.ErrNotEnrolled) {
		t.Errorf("Remove twice = %v, want ErrNotEnrolled", err)
	}
	p, _ = r.Progress(ctx, "home")
	if len(p.Missing) != 1 || p.Missing[0] != card(t, "R7") {
		t.Errorf("Progress after Remove: missing %v, want [R7]", p.Missing)
	}
	got, err := r.Enroll(ctx, "home", uid(3, 1), card(t, "R7"))
	if err != nil || got.Copy != 1 {
		t.Errorf("Enroll(R7) after Remove = %v, %v, want copy 1", got, err)
	}

	if err := r.RemoveDeck(ctx, "home"); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Lookup(ctx, uid(1, 19)); !errors.Is(err, registry.ErrNotEnrolled) {
		t.Errorf("Lookup after RemoveDeck = %v, want ErrNotEnrolled", err)
	}
	if err := r.RemoveDeck(ctx, "home"); !errors.Is(err, registry.ErrNoDeck) {
		t.Errorf("RemoveDeck twice = %v, want ErrNoDeck", err)
	}
}

func TestProgressOrder(t *testing.T) {
	ctx := context.Background()
	r := open(t, "")
	if err := r.AddDeck(ctx, "new", cards.Blanks); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Enroll(ctx, "new", uid(1, 1), card(t, "R0")); err != nil {
		t.Fatal(err)
	}
	p, err := r.Progress(ctx, "new")
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Missing) != 111 || p.Missing[0] != card(t, "R1") || p.Missing[1] != card(t, "R1") || p.Missing[110] != card(t, "BLANK") {
		t.Errorf("Missing = %d cards starting %v, want 111 from R1 R1 to BLANK", len(p.Missing), p.Missing[:3])
	}
}

func TestExportImport(t *testing.T) {
	ctx := context.Background()
	r := open(t, "")
	enrollDeck(t, r, "home", cards.Cars, 1)
	var a bytes.Buffer
	if err := r.Export(ctx, "home", &a); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(a.String(), "\n"), "\n")
	if len(lines) != 113 || lines[0] != "# unoref deck home cars" || lines[1] != "04011020300000 R0" || lines[112] != "0401102030"+fmt.Sprintf("%04X", 111)+" WX" {
		t.Fatalf("Export: %d lines, %q … %q", len(lines), lines[:2], lines[len(lines)-1])
	}

	fresh := open(t, "")
	d, n, err := fresh.Import(ctx, bytes.NewReader(a.Bytes()))
	if err != nil || n != 112 || d.Enrolled != 112 || d.Kind != cards.Cars {
		t.Fatalf("Import = %v, %d, %v, want 112 cars tags", d, n, err)
	}
	var b bytes.Buffer
	if err := fresh.Export(ctx, "home", &b); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Errorf("export after import differs:\n%s\nwant\n%s", b.String(), a.String())
	}
	// Importing again changes nothing.
	if _, n, err := fresh.Import(ctx, bytes.NewReader(a.Bytes())); err != nil || n != 0 {
		t.Errorf("Import again = %d, %v, want 0, nil", n, err)
	}
}

func TestImportErrors(t *testing.T) {
	ctx := context.Background()
	r := open(t, "")
	enrollDeck(t, r, "home", cards.Standard, 1)
	tests := []struct {
		name  string
		file  string
		lines []int  // of the errors
		words string // in the error
	}{
		{"no header", "04011020300000 R0\n", []int{1}, "header"},
		{"empty", "", []int{1}, "empty file"},
		{"bad kind", "# unoref deck x uno\n", []int{1}, "unknown deck kind"},
		{"bad UID", "# unoref deck x standard\n0401 R0\nZZ R1\n", []int{2, 3}, "not hex"},
		{"bad card", "# unoref deck x standard\n04AA1020300000 R10\n04AA1020300001 W:G\n", []int{2, 3}, `"W:G" is not a printed card`},
		{"three words", "# unoref deck x standard\n\n# fine\n04AA1020300000 R1 R2\n", []int{4}, "want UID CARD"},
		{"UID twice", "# unoref deck x standard\n04AA1020300000 R1\n04aa1020300000 R2\n", []int{3}, "already on line 2"},
		{"third copy", "# unoref deck x standard\n04AA1020300000 R1\n04AA1020300001 R1\n04AA1020300002 R1\n", []int{4}, "all 2 Red 1"},
		{"not in kind", "# unoref deck x standard\n04AA1020300000 BLANK\n", []int{2}, "Blank is not in a standard deck"},
		{"enrolled elsewhere", "# unoref deck x standard\n04AA1020300000 R1\n04011020300007 R7\n", []int{3}, "already R7 #1 of deck home"},
		{"existing deck, other kind", "# unoref deck home cars\n", []int{1}, "exists as a standard deck"},
		{"existing deck full", "# unoref deck home standard\n04AA1020300000 B9\n", []int{2}, "all 2 Blue 9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, n, err := r.Import(ctx, strings.NewReader(tt.file))
			var ie *registry.ImportError
			if !errors.As(err, &ie) || !errors.Is(err, registry.ErrImport) {
				t.Fatalf("Import = %d, %v, want an *ImportError", n, err)
			}
			var got []int
			for _, l := range ie.Lines {
				got = append(got, l.Line)
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.lines) {
				t.Errorf("Import: errors on lines %v, want %v (%v)", got, tt.lines, err)
			}
			if !strings.Contains(err.Error(), tt.words) {
				t.Errorf("Import = %v, want it to say %q", err, tt.words)
			}
		})
	}
	ds, err := r.Decks(ctx)
	if err != nil || len(ds) != 1 || ds[0].Enrolled != 108 {
		t.Errorf("Decks() after refused imports = %v, %v, want home alone, unchanged", ds, err)
	}
}
