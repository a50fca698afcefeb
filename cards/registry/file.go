package registry

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/unoref/unoref/cards"
)

// The deck file: a header line, then one tag per line.
//
//	# unoref deck kitchen standard
//	04A1B2C3D4E580 R0
//	04A1B2C3D4E581 R1
//
// Blank lines and other lines starting with '#' are ignored.
const headerPrefix = "# unoref deck "

// ErrImport is wrapped by every *ImportError.
var ErrImport = errors.New("registry: import refused")

// LineError is one problem of a deck file.
type LineError struct {
	Line int
	Err  error
}

func (e LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }

// ImportError lists every problem found in a deck file; nothing was
// imported.
type ImportError struct {
	Lines []LineError
}

func (e *ImportError) Error() string {
	var b strings.Builder
	b.WriteString(ErrImport.Error())
	for i, l := range e.Lines {
		if i == 0 {
			b.WriteString(": ")
		} else {
			b.WriteString("; ")
		}
		b.WriteString(l.Error())
	}
	return b.String()
}

// Unwrap makes errors.Is(err, ErrImport) true.
func (e *ImportError) Unwrap() error { return ErrImport }

// Before orders faces as a deck is enrolled and exported: by colour (red,
// yellow, green, blue), each colour's numbers then Skip, Reverse and Draw
// Two, then the wilds (Wild, Wild Draw Four, Extreme Heights, Blank).
func Before(a, b cards.Card) bool {
	a, b = a.Face(), b.Face()
	ka, kb := colourRank(a), colourRank(b)
	if ka != kb {
		return ka < kb
	}
	if a.Kind != b.Kind {
		return a.Kind < b.Kind
	}
	return a.Number < b.Number
}

func colourRank(c cards.Card) int {
	if c.Color == cards.NoColor {
		return 99
	}
	return int(c.Color)
}

func sortTags(ts []Tag) {
	sort.Slice(ts, func(i, j int) bool {
		a, b := ts[i], ts[j]
		if a.Card != b.Card {
			return Before(a.Card, b.Card)
		}
		if a.Copy != b.Copy {
			return a.Copy < b.Copy
		}
		return a.UID < b.UID
	})
}

// Export writes the deck to w as a deck file, tags in deck order.
func (r *Registry) Export(ctx context.Context, deckName string, w io.Writer) error {
	d, err := r.Deck(ctx, deckName)
	if err != nil {
		return err
	}
	tags, err := r.Tags(ctx, deckName)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s%s %s\n", headerPrefix, d.Name, d.Kind)
	for _, t := range tags {
		fmt.Fprintf(bw, "%s %s\n", t.UID, t.Card)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("registry: export %s: %w", deckName, err)
	}
	return nil
}

type fileTag struct {
	line int
	uid  string
	card cards.Card
}

// Import reads a deck file and enrolls its tags, creating the deck when it
// does not exist. It checks everything first (the header, every UID and
// card code, UIDs repeated in the file or enrolled as something else, the
// kind of an existing deck, copies beyond what the kind holds) and imports
// nothing unless all is well: the error is then an *ImportError naming the
// line of each problem. Tags already enrolled as the same card of the same
// deck are accepted and left alone. It returns the deck and how many tags
// were added.
func (r *Registry) Import(ctx context.Context, rd io.Reader) (Deck, int, error) {
	var errs []LineError
	fail := func(line int, format string, a ...any) {
		errs = append(errs, LineError{Line: line, Err: fmt.Errorf(format, a...)})
	}
	sc := bufio.NewScanner(rd)
	var name, kind string
	var tags []fileTag
	firstLine := map[string]int{}
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if name == "" && kind == "" {
			rest, ok := strings.CutPrefix(line, headerPrefix)
			f := strings.Fields(rest)
			if !ok || len(f) != 2 {
				fail(n, "want the header %q", headerPrefix+"NAME KIND")
				return Deck{}, 0, &ImportError{Lines: errs}
			}
			name, kind = f[0], f[1]
			if err := checkName(name); err != nil {
				fail(n, "%w", err)
			}
			if _, _, err := capacity(kind); err != nil {
				fail(n, "%w", err)
			}
			continue
		}
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 2 {
			fail(n, "want UID CARD, got %d words", len(f))
			continue
		}
		uid, err := ParseUID(f[0])
		if err != nil {
			fail(n, "%w", err)
			continue
		}
		c, err := cards.Parse(f[1])
		if err != nil || c != c.Face() {
			fail(n, "%w: %q is not a printed card", cards.ErrBadCard, f[1])
			continue
		}
		u := FormatUID(uid)
		if first, dup := firstLine[u]; dup {
			fail(n, "UID %s already on line %d", u, first)
			continue
		}
		firstLine[u] = n
		tags = append(tags, fileTag{line: n, uid: u, card: c})
	}
	if err := sc.Err(); err != nil {
		return Deck{}, 0, fmt.Errorf("registry: import: line %d: %w", n+1, err)
	}
	if name == "" && len(errs) == 0 {
		fail(1, "empty file: want the header %q", headerPrefix+"NAME KIND")
	}
	if len(errs) > 0 {
		return Deck{}, 0, &ImportError{Lines: errs}
	}

	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return Deck{}, 0, fmt.Errorf("registry: import: %w", err)
	}
	defer tx.Rollback()
	d, err := deck(ctx, tx, name)
	switch {
	case errors.Is(err, ErrNoDeck):
		if _, err := tx.ExecContext(ctx, `INSERT INTO decks (name, kind) VALUES (?, ?)`, name, kind); err != nil {
			return Deck{}, 0, fmt.Errorf("registry: import: %w", err)
		}
	case err != nil:
		return Deck{}, 0, err
	case d.Kind != kind:
		fail(1, "deck %s exists as a %s deck, the file says %s", name, d.Kind, kind)
		return Deck{}, 0, &ImportError{Lines: errs}
	}
	caps, _, _ := capacity(kind)
	added := 0
	for _, t := range tags {
		old, err := lookup(ctx, tx, t.uid)
		if err == nil && old.Deck == name && old.Card == t.card {
			continue // imported before
		}
		if err == nil {
			fail(t.line, "%s is already %s #%d of deck %s", t.uid, old.Card, old.Copy, old.Deck)
			continue
		}
		if !errors.Is(err, ErrNotEnrolled) {
			return Deck{}, 0, err
		}
		if caps[t.card] == 0 {
			fail(t.line, "%w: %s is not in a %s deck", ErrNotInDeck, t.card.Name(), kind)
			continue
		}
		if _, err := enroll(ctx, tx, name, t.uid, t.card); err != nil {
			if errors.Is(err, ErrTooMany) {
				fail(t.line, "%w", err)
				continue
			}
			return Deck{}, 0, err
		}
		added++
	}
	if len(errs) > 0 {
		return Deck{}, 0, &ImportError{Lines: errs}
	}
	if d, err = deck(ctx, tx, name); err != nil {
		return Deck{}, 0, err
	}
	if err := tx.Commit(); err != nil {
		return Deck{}, 0, fmt.Errorf("registry: import: %w", err)
	}
	return d, added, nil
}
