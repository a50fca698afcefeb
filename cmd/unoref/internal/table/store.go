package table

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/journal"
	"github.com/unoref/unoref/referee/tablelog"
)

// JournaledGame is one journaled game: an event that changes it (accepted, or refused
// with a mistake-penalty) is on disk before Apply returns.
type JournaledGame interface {
	Apply(ctx context.Context, ev tablelog.Event) (referee.Verdict, error)
	// ApplyTag is Apply for an event played by tapping a tag: the tag's
	// UID is journaled with it, so that a restart knows the pile's tags.
	ApplyTag(ctx context.Context, ev tablelog.Event, tag string) (referee.Verdict, error)
	State() referee.State
	Rules() referee.Rules
	Lines() []string // the game's table-log lines, oldest first
	Tags() []string  // the UID of the tag that played each line, "" for none
}

// Journal keeps the games of a table.
type Journal interface {
	// NewGame ends any open game and starts one with these seats and
	// rules words (after "rules").
	NewGame(ctx context.Context, players []string, rules string) (JournaledGame, error)
	// Resume returns the open game, replayed; ErrNoOpenGame if none.
	Resume(ctx context.Context) (JournaledGame, error)
	// LastPlayers are the seats of the latest game, for the next one.
	LastPlayers(ctx context.Context) []string
}

// ErrNoOpenGame is returned by Journal.Resume when no game is open.
var ErrNoOpenGame = journal.ErrNoOpenGame

// SQLJournal is the referee/journal database as the table's Journal.
type SQLJournal struct {
	J   *journal.Journal
	cur *journal.Recorder
}

var _ Journal = (*SQLJournal)(nil)

// NewGame implements Journal: an open game not yet won is ended (abandoned)
// in the same transaction that writes the new one. A roster player's name
// is written as the roster spells it.
func (s *SQLJournal) NewGame(ctx context.Context, players []string, rules string) (JournaledGame, error) {
	players, err := s.J.RosterNames(ctx, players)
	if err != nil {
		return nil, err
	}
	words := strings.Fields(rules)
	if len(words) == 0 {
		return nil, &setupError{msg.Sentence{{Key: "action.rules"}}}
	}
	rev := tablelog.Event{Kind: tablelog.Rules, Preset: words[0], Options: words[1:]}
	// Check the lines on a scratch referee: a refused one must not end the
	// game in play.
	g := referee.New()
	for _, ev := range []tablelog.Event{{Kind: tablelog.Players, Names: players}, rev} {
		if v := g.Apply(ev); !v.OK {
			return nil, &setupError{v.Sentence()}
		}
	}
	if s.cur == nil {
		if t, err := s.J.Resume(ctx); err == nil {
			s.cur = t
		}
	}
	// The open game ends in the transaction that writes the new one: a
	// new game that can't be written leaves it open.
	var t *journal.Recorder
	if s.cur != nil {
		t, err = s.cur.Replace(ctx, players, rev)
	}
	if s.cur == nil || errors.Is(err, journal.ErrEnded) { // none open, or ended at the table
		t, err = s.J.NewGame(ctx, players, rev)
	}
	if err != nil {
		return nil, err
	}
	s.cur = t
	return newSQLGame(t, g.Rules()), nil
}

// DamagedJournal stands in for a journal found damaged at start
// (journal.ErrDamaged): the table runs and shows the damage, nothing
// resumes, and every new game is refused (table.damaged, which points to
// the page's banner, Config.Alert) until `unoref restore` puts the rolling
// copy back. Err is the damage, for the daemon's log.
type DamagedJournal struct{ Err error }

var _ Journal = DamagedJournal{}

// NewGame implements Journal: refused.
func (d DamagedJournal) NewGame(context.Context, []string, string) (JournaledGame, error) {
	return nil, &setupError{msg.Sentence{{Key: "table.damaged"}}}
}

// Resume implements Journal: no game resumes from a damaged journal.
func (d DamagedJournal) Resume(context.Context) (JournaledGame, error) { return nil, ErrNoOpenGame }

// LastPlayers implements Journal.
func (d DamagedJournal) LastPlayers(context.Context) []string { return nil }

// RetryJournal stands in for a journal that could not be opened at start
// because its disk is full (journal.ErrDiskFull): the table starts with
// the full card's banner (Config.CardFull), and every NewGame and Resume
// tries Open again; once it opens, the table plays on it. Open is called
// from the table's loop only.
type RetryJournal struct {
	Open func(ctx context.Context) (*SQLJournal, error)
	j    *SQLJournal
}

var _ Journal = (*RetryJournal)(nil)

// open is the journal once it opens.
func (r *RetryJournal) open(ctx context.Context) (*SQLJournal, error) {
	if r.j != nil {
		return r.j, nil
	}
	j, err := r.Open(ctx)
	if err != nil {
		return nil, err
	}
	r.j = j
	return j, nil
}

// NewGame implements Journal: refused while the journal does not open.
func (r *RetryJournal) NewGame(ctx context.Context, players []string, rules string) (JournaledGame, error) {
	j, err := r.open(ctx)
	if err != nil {
		return nil, &setupError{msg.Sentence{{Key: "table.full"}}}
	}
	return j.NewGame(ctx, players, rules)
}

// Resume implements Journal: no game while the journal does not open.
func (r *RetryJournal) Resume(ctx context.Context) (JournaledGame, error) {
	j, err := r.open(ctx)
	if err != nil {
		return nil, ErrNoOpenGame
	}
	return j.Resume(ctx)
}

// LastPlayers implements Journal.
func (r *RetryJournal) LastPlayers(ctx context.Context) []string {
	j, err := r.open(ctx)
	if err != nil {
		return nil
	}
	return j.LastPlayers(ctx)
}

// Close closes the journal if it opened.
func (r *RetryJournal) Close() error {
	if r.j == nil {
		return nil
	}
	return r.j.Close()
}

// Resume implements Journal.
func (s *SQLJournal) Resume(ctx context.Context) (JournaledGame, error) {
	t, err := s.J.Resume(ctx)
	if err != nil {
		return nil, err
	}
	s.cur = t
	rules := referee.New().Rules()
	for _, ev := range t.Events() {
		if ev.Kind == tablelog.Rules {
			r, err := referee.ParseRules(ev.Preset, ev.Options)
			if err != nil {
				return nil, fmt.Errorf("table: journaled rules: %w", err)
			}
			rules = r
		}
	}
	return newSQLGame(t, rules), nil
}

// LastPlayers implements Journal.
func (s *SQLJournal) LastPlayers(ctx context.Context) []string {
	gs, err := s.J.Games(ctx)
	if err != nil || len(gs) == 0 {
		return nil
	}
	return gs[len(gs)-1].Players
}

type sqlGame struct {
	t     *journal.Recorder
	rules referee.Rules
}

func newSQLGame(t *journal.Recorder, r referee.Rules) *sqlGame { return &sqlGame{t: t, rules: r} }

func (g *sqlGame) Apply(ctx context.Context, ev tablelog.Event) (referee.Verdict, error) {
	return g.t.Apply(ctx, ev)
}
func (g *sqlGame) ApplyTag(ctx context.Context, ev tablelog.Event, tag string) (referee.Verdict, error) {
	return g.t.ApplyTag(ctx, ev, tag)
}
func (g *sqlGame) Tags() []string       { return g.t.Tags() }
func (g *sqlGame) State() referee.State { return g.t.State() }
func (g *sqlGame) Rules() referee.Rules { return g.rules }
func (g *sqlGame) ID() int64            { return g.t.ID() }
func (g *sqlGame) End(ctx context.Context) error {
	return g.t.End(ctx)
}
func (g *sqlGame) Undo(ctx context.Context) (tablelog.Event, error) {
	return g.t.Undo(ctx)
}
func (g *sqlGame) Lines() []string {
	evs := g.t.Events()
	l := make([]string, len(evs))
	for i, ev := range evs {
		l[i] = ev.String()
	}
	return l
}

// setupError is a players or rules line the referee refuses.
type setupError struct{ msg msg.Sentence }

func (e *setupError) Error() string { return lang.English.Sentence(e.msg) }

// mistake reports whether a refused verdict changed the game anyway.
func mistake(v referee.Verdict) bool {
	for _, e := range v.Effects {
		if e.Kind == referee.EffMistake {
			return true
		}
	}
	return false
}

// OpenJournal opens (or creates) the journal database at path, and moves
// into it the display names an older unoref kept beside it (NamesFile).
func OpenJournal(ctx context.Context, path string) (*SQLJournal, error) {
	return OpenJournalWith(ctx, path, nil)
}

// OpenJournalWith is OpenJournal with the journal's settings (the daemon's:
// the whole-file check left for later, the second copy, the games it starts
// on simulated devices marked: journal.Opts.Simulated).
func OpenJournalWith(ctx context.Context, path string, o *journal.Opts) (*SQLJournal, error) {
	j, err := journal.Open(ctx, path, o)
	if err != nil {
		return nil, err
	}
	if err := importNames(ctx, j, filepath.Join(filepath.Dir(path), NamesFile)); err != nil {
		j.Close()
		return nil, err
	}
	return &SQLJournal{J: j}, nil
}

// Close closes the database.
func (s *SQLJournal) Close() error { return s.J.Close() }
