package registry

import (
	"context"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	_ "modernc.org/sqlite" // driver "sqlite"

	"github.com/unoref/unoref/cards"
)

// DefaultFile is the registry's file name in the data directory. The game
// journal lives in another file, so a broken journal never costs the decks.
const DefaultFile = "decks.db"

// Path is the registry file in the data directory dir.
func Path(dir string) string { return filepath.Join(dir, DefaultFile) }

// schemaVersion is the version this code writes; Open migrates older files
// and refuses newer ones.
const schemaVersion = 1

// Errors for errors.Is. Enroll returns *EnrolledError for ErrEnrolled.
var (
	ErrNoDeck      = errors.New("registry: no such deck")
	ErrDeckExists  = errors.New("registry: deck already exists")
	ErrBadKind     = errors.New("registry: unknown deck kind")
	ErrBadName     = errors.New("registry: bad deck name")
	ErrBadUID      = errors.New("registry: bad UID")
	ErrNotEnrolled = errors.New("registry: tag not enrolled")
	ErrEnrolled    = errors.New("registry: tag already enrolled")
	ErrTooMany     = errors.New("registry: deck already holds every copy of this card")
	ErrNotInDeck   = errors.New("registry: card not in this kind of deck")
	ErrSchema      = errors.New("registry: unsupported schema version")
)

// Deck is one physical deck: its name, its kind (cards.Standard, cards.Cars
// or cards.Blanks) and how many of its cards carry an enrolled tag.
type Deck struct {
	Name     string
	Kind     string
	Enrolled int
	Size     int // cards in a deck of this kind: 108 or 112
}

func (d Deck) String() string {
	return fmt.Sprintf("%s (%s) %d/%d", d.Name, d.Kind, d.Enrolled, d.Size)
}

// Tag is one enrolled sticker: its UID (upper-case hex), its deck, the face
// of the card it is stuck on, and which copy of that face (1 or 2 for most
// numbers, 1..4 for wilds).
type Tag struct {
	UID  string
	Deck string
	Card cards.Card
	Copy int
}

func (t Tag) String() string {
	return fmt.Sprintf("%s: %s #%d of deck %s", t.UID, t.Card, t.Copy, t.Deck)
}

// EnrolledError refuses a UID that is already enrolled: Tag says as what.
type EnrolledError struct{ Tag Tag }

func (e *EnrolledError) Error() string {
	return fmt.Sprintf("%v: %s is %s #%d of deck %s", ErrEnrolled, e.Tag.UID, e.Tag.Card, e.Tag.Copy, e.Tag.Deck)
}

// Unwrap makes errors.Is(err, ErrEnrolled) true.
func (e *EnrolledError) Unwrap() error { return ErrEnrolled }

// Message is a line for the display.
func (e *EnrolledError) Message() string {
	return fmt.Sprintf("This tag is already %s of deck %s", e.Tag.Card.Name(), e.Tag.Deck)
}

// Registry is the deck registry: an SQLite file of decks and tags. It is
// safe for concurrent use.
type Registry struct {
	db   *sql.DB
	path string
}

// Open opens (and creates, with its schema) the registry file at path. The
// database runs in WAL mode, so a reader never waits for a writer.
func Open(ctx context.Context, path string) (*Registry, error) {
	dsn := path + "?_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("registry: open %s: %w", path, err)
	}
	// One connection: SQLite writes one at a time anyway, and it keeps
	// transactions from waiting on each other's busy timeouts.
	db.SetMaxOpenConns(1)
	r := &Registry{db: db, path: path}
	if err := r.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return r, nil
}

func (r *Registry) migrate(ctx context.Context) error {
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("registry: open %s: %w", r.path, err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return fmt.Errorf("registry: %s: %w", r.path, err)
	}
	var v int
	switch err := tx.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&v); {
	case errors.Is(err, sql.ErrNoRows):
		v = 0
	case err != nil:
		return fmt.Errorf("registry: %s: %w", r.path, err)
	}
	if v > schemaVersion {
		return fmt.Errorf("%w: %s has version %d, this unoref knows up to %d", ErrSchema, r.path, v, schemaVersion)
	}
	if v == schemaVersion {
		return tx.Commit()
	}
	stmts := []string{
		`CREATE TABLE decks (
			name TEXT PRIMARY KEY,
			kind TEXT NOT NULL CHECK (kind IN ('standard', 'cars', 'blanks'))
		)`,
		`CREATE TABLE tags (
			uid  TEXT PRIMARY KEY,
			deck TEXT NOT NULL REFERENCES decks(name) ON DELETE CASCADE,
			card TEXT NOT NULL,
			copy INTEGER NOT NULL CHECK (copy >= 1),
			UNIQUE (deck, card, copy)
		)`,
		`DELETE FROM schema_version`,
		`INSERT INTO schema_version (version) VALUES (1)`,
	}
	for _, s := range stmts {
		if _, err := tx.ExecContext(ctx, s); err != nil {
			return fmt.Errorf("registry: %s: create schema: %w", r.path, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("registry: %s: %w", r.path, err)
	}
	return nil
}

// Close closes the file. It is safe to call twice.
func (r *Registry) Close() error { return r.db.Close() }

func (r *Registry) String() string { return "registry " + r.path }

// FormatUID is the registry's spelling of a UID: upper-case hex.
func FormatUID(uid []byte) string { return strings.ToUpper(hex.EncodeToString(uid)) }

// ParseUID reads a UID in hex (either case, optional ':' separators): 4, 7
// or 10 bytes. Its error is a *UIDError.
func ParseUID(s string) ([]byte, error) {
	b, err := hex.DecodeString(strings.ReplaceAll(s, ":", ""))
	if err != nil {
		return nil, &UIDError{UID: s, Bytes: -1}
	}
	if n := len(b); n != 4 && n != 7 && n != 10 {
		return nil, &UIDError{UID: s, Bytes: n}
	}
	return b, nil
}

// UIDError is a UID that ParseUID refused: Bytes is how many bytes its hex
// holds, -1 when it is not hex. It is an ErrBadUID.
type UIDError struct {
	UID   string
	Bytes int
}

func (e *UIDError) Error() string {
	if e.Bytes < 0 {
		return fmt.Sprintf("%v %q: not hex", ErrBadUID, e.UID)
	}
	return fmt.Sprintf("%v %q: %d bytes, want 4, 7 or 10", ErrBadUID, e.UID, e.Bytes)
}

func (e *UIDError) Unwrap() error { return ErrBadUID }

func checkUID(uid []byte) error {
	if n := len(uid); n != 4 && n != 7 && n != 10 {
		return fmt.Errorf("%w: %d bytes, want 4, 7 or 10", ErrBadUID, n)
	}
	return nil
}

// checkName accepts names a person types and a file header can hold: one
// word of letters, digits, '-', '_' and '.'.
func checkName(name string) error {
	if name == "" || len(name) > 40 {
		return fmt.Errorf("%w %q: want 1 to 40 characters", ErrBadName, name)
	}
	for _, c := range name {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.'
		if !ok {
			return fmt.Errorf("%w %q: use letters, digits, '-', '_' and '.'", ErrBadName, name)
		}
	}
	return nil
}

// capacity is how many copies of each face a deck of kind holds.
func capacity(kind string) (cards.Counts, int, error) {
	d, err := cards.Deck(kind)
	if err != nil {
		return nil, 0, fmt.Errorf("%w %q: want standard, cars or blanks", ErrBadKind, kind)
	}
	return cards.Count(d), len(d), nil
}

// AddDeck registers an empty deck.
func (r *Registry) AddDeck(ctx context.Context, name, kind string) error {
	if err := checkName(name); err != nil {
		return err
	}
	if _, _, err := capacity(kind); err != nil {
		return err
	}
	_, err := r.db.ExecContext(ctx, `INSERT INTO decks (name, kind) VALUES (?, ?)`, name, kind)
	if err != nil {
		if _, derr := r.Deck(ctx, name); derr == nil {
			return fmt.Errorf("%w: %s", ErrDeckExists, name)
		}
		return fmt.Errorf("registry: add deck %s: %w", name, err)
	}
	return nil
}

type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

func deck(ctx context.Context, q querier, name string) (Deck, error) {
	d := Deck{Name: name}
	err := q.QueryRowContext(ctx, `SELECT kind, (SELECT count(*) FROM tags WHERE deck = ?) FROM decks WHERE name = ?`, name, name).Scan(&d.Kind, &d.Enrolled)
	if errors.Is(err, sql.ErrNoRows) {
		return Deck{}, fmt.Errorf("%w: %s", ErrNoDeck, name)
	}
	if err != nil {
		return Deck{}, fmt.Errorf("registry: deck %s: %w", name, err)
	}
	_, d.Size, _ = capacity(d.Kind)
	return d, nil
}

// Deck returns the named deck.
func (r *Registry) Deck(ctx context.Context, name string) (Deck, error) {
	return deck(ctx, r.db, name)
}

// Decks lists every deck by name.
func (r *Registry) Decks(ctx context.Context) ([]Deck, error) {
	rows, err := r.db.QueryContext(ctx, `SELECT d.name, d.kind, count(t.uid) FROM decks d LEFT JOIN tags t ON t.deck = d.name GROUP BY d.name ORDER BY d.name`)
	if err != nil {
		return nil, fmt.Errorf("registry: decks: %w", err)
	}
	defer rows.Close()
	var out []Deck
	for rows.Next() {
		var d Deck
		if err := rows.Scan(&d.Name, &d.Kind, &d.Enrolled); err != nil {
			return nil, fmt.Errorf("registry: decks: %w", err)
		}
		_, d.Size, _ = capacity(d.Kind)
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("registry: decks: %w", err)
	}
	return out, nil
}

func lookup(ctx context.Context, q querier, uid string) (Tag, error) {
	t := Tag{UID: uid}
	var code string
	err := q.QueryRowContext(ctx, `SELECT deck, card, copy FROM tags WHERE uid = ?`, uid).Scan(&t.Deck, &code, &t.Copy)
	if errors.Is(err, sql.ErrNoRows) {
		return Tag{}, fmt.Errorf("%w: %s", ErrNotEnrolled, uid)
	}
	if err != nil {
		return Tag{}, fmt.Errorf("registry: lookup %s: %w", uid, err)
	}
	if t.Card, err = cards.Parse(code); err != nil {
		return Tag{}, fmt.Errorf("registry: lookup %s: %w", uid, err)
	}
	return t, nil
}

// Lookup says which card a UID is stuck on; ErrNotEnrolled if none.
func (r *Registry) Lookup(ctx context.Context, uid []byte) (Tag, error) {
	if err := checkUID(uid); err != nil {
		return Tag{}, err
	}
	return lookup(ctx, r.db, FormatUID(uid))
}

// Enroll records that the tag uid is stuck on card c of deck. It refuses a
// UID enrolled before, in any deck (*EnrolledError says as what), a card
// the deck's kind does not print (ErrNotInDeck), and a copy more than the
// kind holds (ErrTooMany). The copy number is the lowest free one.
func (r *Registry) Enroll(ctx context.Context, deckName string, uid []byte, c cards.Card) (Tag, error) {
	if err := checkUID(uid); err != nil {
		return Tag{}, err
	}
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return Tag{}, fmt.Errorf("registry: enroll: %w", err)
	}
	defer tx.Rollback()
	t, err := enroll(ctx, tx, deckName, FormatUID(uid), c)
	if err != nil {
		return Tag{}, err
	}
	if err := tx.Commit(); err != nil {
		return Tag{}, fmt.Errorf("registry: enroll: %w", err)
	}
	return t, nil
}

func enroll(ctx context.Context, q querier, deckName, uid string, c cards.Card) (Tag, error) {
	d, err := deck(ctx, q, deckName)
	if err != nil {
		return Tag{}, err
	}
	if old, err := lookup(ctx, q, uid); err == nil {
		return Tag{}, &EnrolledError{Tag: old}
	} else if !errors.Is(err, ErrNotEnrolled) {
		return Tag{}, err
	}
	face := c.Face()
	caps, _, _ := capacity(d.Kind)
	limit := caps[face]
	if limit == 0 {
		return Tag{}, fmt.Errorf("%w: %s is not in a %s deck", ErrNotInDeck, face.Name(), d.Kind)
	}
	rows, err := q.QueryContext(ctx, `SELECT copy FROM tags WHERE deck = ? AND card = ? ORDER BY copy`, deckName, face.String())
	if err != nil {
		return Tag{}, fmt.Errorf("registry: enroll: %w", err)
	}
	used := map[int]bool{}
	for rows.Next() {
		var n int
		if err := rows.Scan(&n); err != nil {
			rows.Close()
			return Tag{}, fmt.Errorf("registry: enroll: %w", err)
		}
		used[n] = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return Tag{}, fmt.Errorf("registry: enroll: %w", err)
	}
	n := 1
	for used[n] {
		n++
	}
	if n > limit {
		return Tag{}, fmt.Errorf("%w: deck %s has all %d %s", ErrTooMany, deckName, limit, face.Name())
	}
	t := Tag{UID: uid, Deck: deckName, Card: face, Copy: n}
	if _, err := q.ExecContext(ctx, `INSERT INTO tags (uid, deck, card, copy) VALUES (?, ?, ?, ?)`, uid, deckName, face.String(), n); err != nil {
		return Tag{}, fmt.Errorf("registry: enroll %s: %w", uid, err)
	}
	return t, nil
}

// Tags lists the tags of a deck in the order of Before, then by copy.
func (r *Registry) Tags(ctx context.Context, deckName string) ([]Tag, error) {
	if _, err := r.Deck(ctx, deckName); err != nil {
		return nil, err
	}
	rows, err := r.db.QueryContext(ctx, `SELECT uid, card, copy FROM tags WHERE deck = ?`, deckName)
	if err != nil {
		return nil, fmt.Errorf("registry: tags of %s: %w", deckName, err)
	}
	defer rows.Close()
	var out []Tag
	for rows.Next() {
		t := Tag{Deck: deckName}
		var code string
		if err := rows.Scan(&t.UID, &code, &t.Copy); err != nil {
			return nil, fmt.Errorf("registry: tags of %s: %w", deckName, err)
		}
		if t.Card, err = cards.Parse(code); err != nil {
			return nil, fmt.Errorf("registry: tags of %s: %w", deckName, err)
		}
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("registry: tags of %s: %w", deckName, err)
	}
	sortTags(out)
	return out, nil
}

// Progress is how far a deck's enrolment is.
type Progress struct {
	Deck Deck
	// Have counts the enrolled copies of each face.
	Have cards.Counts
	// Missing lists the cards still without a tag, one entry per copy, in
	// deck order.
	Missing []cards.Card
}

// Progress tells which cards of a deck are enrolled and which are missing.
func (r *Registry) Progress(ctx context.Context, deckName string) (Progress, error) {
	d, err := r.Deck(ctx, deckName)
	if err != nil {
		return Progress{}, err
	}
	tags, err := r.Tags(ctx, deckName)
	if err != nil {
		return Progress{}, err
	}
	p := Progress{Deck: d, Have: cards.Counts{}}
	for _, t := range tags {
		p.Have[t.Card]++
	}
	caps, _, _ := capacity(d.Kind)
	faces := caps.Faces()
	sort.Slice(faces, func(i, j int) bool { return Before(faces[i], faces[j]) })
	for _, f := range faces {
		for i := p.Have[f]; i < caps[f]; i++ {
			p.Missing = append(p.Missing, f)
		}
	}
	return p, nil
}

// Remove forgets the tag uid (a sticker peeled off or a card lost).
func (r *Registry) Remove(ctx context.Context, uid []byte) error {
	if err := checkUID(uid); err != nil {
		return err
	}
	res, err := r.db.ExecContext(ctx, `DELETE FROM tags WHERE uid = ?`, FormatUID(uid))
	if err != nil {
		return fmt.Errorf("registry: remove %s: %w", FormatUID(uid), err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("%w: %s", ErrNotEnrolled, FormatUID(uid))
	}
	return nil
}

// RemoveDeck forgets a deck and all its tags.
func (r *Registry) RemoveDeck(ctx context.Context, name string) error {
	res, err := r.db.ExecContext(ctx, `DELETE FROM decks WHERE name = ?`, name)
	if err != nil {
		return fmt.Errorf("registry: remove deck %s: %w", name, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("%w: %s", ErrNoDeck, name)
	}
	return nil
}
