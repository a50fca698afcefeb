package registry

import (
	"bufio"
	"context"
	"database/sql"
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

// deckFile is a deck file read and checked on its own, before the
// registry is looked at.
type deckFile struct {
	name, kind string
	tags       []fileTag
}

// lineErrors collects the problems of a deck file, each with its line.
type lineErrors []LineError

func (e *lineErrors) add(line int, format string, a ...any) {
	*e = append(*e, LineError{Line: line, Err: fmt.Errorf(format, a...)})
}

// err is the *ImportError listing the problems, or nil.
func (e lineErrors) err() error {
	if len(e) == 0 {
		return nil
	}
	return &ImportError{Lines: e}
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
	f, err := parseDeckFile(rd)
	if err != nil {
		return Deck{}, 0, err
	}
	return r.importDeck(ctx, f)
}

// parseDeckFile reads a deck file: its header, then one tag per line. It
// checks what the file alone can tell (names, kinds, UIDs, card codes, a
// UID repeated); the error is an *ImportError, or the reader's.
func parseDeckFile(rd io.Reader) (deckFile, error) {
	var f deckFile
	var errs lineErrors
	firstLine := map[string]int{}
	sc := bufio.NewScanner(rd)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		switch {
		case f.name == "" && f.kind == "":
			if !f.header(n, line, &errs) {
				return deckFile{}, errs.err()
			}
		case line == "" || line[0] == '#':
		default:
			if t, ok := parseTagLine(n, line, firstLine, &errs); ok {
				f.tags = append(f.tags, t)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return deckFile{}, fmt.Errorf("registry: import: line %d: %w", n+1, err)
	}
	if f.name == "" && len(errs) == 0 {
		errs.add(1, "empty file: want the header %q", headerPrefix+"NAME KIND")
	}
	return f, errs.err()
}

// header reads the header line n; false when it is not one at all.
func (f *deckFile) header(n int, line string, errs *lineErrors) bool {
	rest, ok := strings.CutPrefix(line, headerPrefix)
	w := strings.Fields(rest)
	if !ok || len(w) != 2 {
		errs.add(n, "want the header %q", headerPrefix+"NAME KIND")
		return false
	}
	f.name, f.kind = w[0], w[1]
	if err := checkName(f.name); err != nil {
		errs.add(n, "%w", err)
	}
	if _, _, err := capacity(f.kind); err != nil {
		errs.add(n, "%w", err)
	}
	return true
}

// parseTagLine reads "UID CARD" on line n; firstLine remembers where each
// UID was first seen.
func parseTagLine(n int, line string, firstLine map[string]int, errs *lineErrors) (fileTag, bool) {
	w := strings.Fields(line)
	if len(w) != 2 {
		errs.add(n, "want UID CARD, got %d words", len(w))
		return fileTag{}, false
	}
	uid, err := ParseUID(w[0])
	if err != nil {
		errs.add(n, "%w", err)
		return fileTag{}, false
	}
	c, err := cards.Parse(w[1])
	if err != nil || c != c.Face() {
		errs.add(n, "%w: %q is not a printed card", cards.ErrBadCard, w[1])
		return fileTag{}, false
	}
	u := FormatUID(uid)
	if first, dup := firstLine[u]; dup {
		errs.add(n, "UID %s already on line %d", u, first)
		return fileTag{}, false
	}
	firstLine[u] = n
	return fileTag{line: n, uid: u, card: c}, true
}

// importDeck enrolls the tags of f in one transaction, which commits only
// when every tag fits the registry.
func (r *Registry) importDeck(ctx context.Context, f deckFile) (Deck, int, error) {
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return Deck{}, 0, fmt.Errorf("registry: import: %w", err)
	}
	defer tx.Rollback()
	if err := ensureDeck(ctx, tx, f); err != nil {
		return Deck{}, 0, err
	}
	added, err := enrollFile(ctx, tx, f)
	if err != nil {
		return Deck{}, 0, err
	}
	d, err := deck(ctx, tx, f.name)
	if err != nil {
		return Deck{}, 0, err
	}
	if err := tx.Commit(); err != nil {
		return Deck{}, 0, fmt.Errorf("registry: import: %w", err)
	}
	return d, added, nil
}

// ensureDeck creates f's deck, or checks that the existing one is of the
// file's kind.
func ensureDeck(ctx context.Context, tx *sql.Tx, f deckFile) error {
	d, err := deck(ctx, tx, f.name)
	switch {
	case errors.Is(err, ErrNoDeck):
		if _, err := tx.ExecContext(ctx, `INSERT INTO decks (name, kind) VALUES (?, ?)`, f.name, f.kind); err != nil {
			return fmt.Errorf("registry: import: %w", err)
		}
	case err != nil:
		return err
	case d.Kind != f.kind:
		var errs lineErrors
		errs.add(1, "deck %s exists as a %s deck, the file says %s", f.name, d.Kind, f.kind)
		return errs.err()
	}
	return nil
}

// enrollFile enrolls every tag of f not enrolled yet and returns how many;
// the problems of all tags are reported together.
func enrollFile(ctx context.Context, tx *sql.Tx, f deckFile) (int, error) {
	caps, _, _ := capacity(f.kind)
	var errs lineErrors
	added := 0
	for _, t := range f.tags {
		ok, err := enrollTag(ctx, tx, f, caps, t, &errs)
		if err != nil {
			return 0, err
		}
		if ok {
			added++
		}
	}
	return added, errs.err()
}

// enrollTag enrolls one tag of the file; false when it was there already
// or is refused (a problem added to errs).
func enrollTag(ctx context.Context, tx *sql.Tx, f deckFile, caps cards.Counts, t fileTag, errs *lineErrors) (bool, error) {
	old, err := lookup(ctx, tx, t.uid)
	switch {
	case err == nil && old.Deck == f.name && old.Card == t.card:
		return false, nil // imported before
	case err == nil:
		errs.add(t.line, "%s is already %s #%d of deck %s", t.uid, old.Card, old.Copy, old.Deck)
		return false, nil
	case !errors.Is(err, ErrNotEnrolled):
		return false, err
	case caps[t.card] == 0:
		errs.add(t.line, "%w: %s is not in a %s deck", ErrNotInDeck, t.card.Name(), f.kind)
		return false, nil
	}
	if _, err := enroll(ctx, tx, f.name, t.uid, t.card); err != nil {
		if errors.Is(err, ErrTooMany) {
			errs.add(t.line, "%w", err)
			return false, nil
		}
		return false, err
	}
	return true, nil
}
