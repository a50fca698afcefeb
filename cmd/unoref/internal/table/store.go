package table

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/tablelog"
)

// Game is one journaled game: an event that changes it (accepted, or refused
// with a mistake-penalty) is on disk before Apply returns.
type Game interface {
	Apply(ctx context.Context, ev tablelog.Event) (referee.Verdict, error)
	State() referee.State
	Rules() referee.Rules
	Lines() []string // the game's table-log lines, oldest first
}

// Journal keeps the games of a table.
type Journal interface {
	// NewGame ends any open game and starts one with these seats and
	// rules words (after "rules").
	NewGame(ctx context.Context, players []string, rules string) (Game, error)
	// Resume returns the open game, replayed; ErrNoOpenGame if none.
	Resume(ctx context.Context) (Game, error)
	Close() error
}

// Errors of the journals.
var (
	ErrNoOpenGame = errors.New("table: no open game")
	ErrJournal    = errors.New("table: journal")
)

// FileJournal is a journal of plain table-log files in one directory:
// game.log is the open game, fsynced after every line; NewGame moves it to
// game-TIME.log. A line cut short by a crash was never shown and is dropped
// on Resume.
type FileJournal struct {
	dir string
	now func() time.Time
}

// OpenFileJournal returns the journal kept in dir, creating dir.
func OpenFileJournal(dir string) (*FileJournal, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrJournal, err)
	}
	return &FileJournal{dir: dir, now: time.Now}, nil
}

func (j *FileJournal) path() string { return filepath.Join(j.dir, "game.log") }

// Close implements Journal.
func (j *FileJournal) Close() error { return nil }

func (j *FileJournal) String() string { return "journal " + j.path() }

// NewGame implements Journal.
func (j *FileJournal) NewGame(ctx context.Context, players []string, rules string) (Game, error) {
	if _, err := os.Stat(j.path()); err == nil {
		old := filepath.Join(j.dir, "game-"+j.now().UTC().Format("20060102T150405.000000000")+".log")
		if err := os.Rename(j.path(), old); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrJournal, err)
		}
	}
	f, err := os.OpenFile(j.path(), os.O_CREATE|os.O_EXCL|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrJournal, err)
	}
	syncDir(j.dir)
	g := &fileGame{f: f, g: referee.New()}
	for _, line := range []string{"players " + strings.Join(players, " "), "rules " + rules} {
		ev, _, err := tablelog.Parse(line, 0)
		if err != nil {
			f.Close()
			return nil, err
		}
		v, err := g.Apply(ctx, ev)
		if err != nil {
			f.Close()
			return nil, err
		}
		if !v.OK {
			f.Close()
			os.Remove(j.path())
			return nil, &setupError{v.Message}
		}
	}
	return g, nil
}

// setupError is a players or rules line the referee refuses.
type setupError struct{ msg string }

func (e *setupError) Error() string { return e.msg }

// Resume implements Journal.
func (j *FileJournal) Resume(ctx context.Context) (Game, error) {
	data, err := os.ReadFile(j.path())
	if errors.Is(err, os.ErrNotExist) {
		return nil, ErrNoOpenGame
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrJournal, err)
	}
	// A last line without its newline was being written when the power
	// went: it was never shown.
	if i := bytes.LastIndexByte(data, '\n'); i+1 != len(data) {
		data = data[:i+1]
		if err := os.Truncate(j.path(), int64(len(data))); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrJournal, err)
		}
	}
	g := &fileGame{g: referee.New()}
	sc := bufio.NewScanner(bytes.NewReader(data))
	n := 0
	for sc.Scan() {
		n++
		ev, ok, err := tablelog.Parse(sc.Text(), n)
		if err != nil {
			return nil, fmt.Errorf("%w: %s line %d: %w", ErrJournal, j.path(), n, err)
		}
		if !ok {
			continue
		}
		v := g.g.Apply(ev)
		if !v.OK && !mistake(v) {
			return nil, fmt.Errorf("%w: %s line %d does not replay: %s", ErrJournal, j.path(), n, v.Message)
		}
		g.lines = append(g.lines, sc.Text())
	}
	if len(g.lines) == 0 {
		return nil, ErrNoOpenGame
	}
	f, err := os.OpenFile(j.path(), os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrJournal, err)
	}
	g.f = f
	return g, nil
}

func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// mistake reports whether a refused verdict changed the game anyway.
func mistake(v referee.Verdict) bool {
	for _, e := range v.Effects {
		if e.Kind == referee.EffMistake {
			return true
		}
	}
	return false
}

type fileGame struct {
	f     *os.File
	g     *referee.Game
	lines []string
	buf   []byte
}

func (g *fileGame) Apply(ctx context.Context, ev tablelog.Event) (referee.Verdict, error) {
	v := g.g.Apply(ev)
	if !v.OK && !mistake(v) {
		return v, nil
	}
	line := ev.String()
	g.buf = append(append(g.buf[:0], line...), '\n')
	if _, err := g.f.Write(g.buf); err != nil {
		return v, fmt.Errorf("%w: %w", ErrJournal, err)
	}
	if err := g.f.Sync(); err != nil {
		return v, fmt.Errorf("%w: %w", ErrJournal, err)
	}
	g.lines = append(g.lines, line)
	return v, nil
}

func (g *fileGame) State() referee.State { return g.g.State() }
func (g *fileGame) Rules() referee.Rules { return g.g.Rules() }
func (g *fileGame) Lines() []string      { return g.lines }
