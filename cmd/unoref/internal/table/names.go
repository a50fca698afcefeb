package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strconv"
	"sync"

	"github.com/unoref/unoref/referee/journal"
)

// NamesFile is the file, beside the journal, that keeps the display names
// given to seats from the page.
const NamesFile = "names.json"

// names are the display names of renamed seats, per game. The engine and the
// journal keep the names of the players line (a game can't be re-seated
// mid-game, and the table log splits on spaces); a rename only changes what
// the page, the OLED and the history show. They are kept in a small JSON
// file beside the journal, replaced atomically on every change, so that they
// survive a restart.
type names struct {
	path string // "" keeps them in memory only

	mu sync.Mutex
	m  map[int64]map[string]string // game → seat → display name
}

// namesJSON is the file: {"games": {"12": {"Ann": "Annie"}}}.
type namesJSON struct {
	Games map[string]map[string]string `json:"games"`
}

func loadNames(path string) (*names, error) {
	n := &names{path: path, m: map[int64]map[string]string{}}
	if path == "" {
		return n, nil
	}
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return n, nil
	}
	if err != nil {
		return nil, fmt.Errorf("table: display names: %w", err)
	}
	var f namesJSON
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("table: display names in %s: %w", path, err)
	}
	for k, v := range f.Games {
		id, err := strconv.ParseInt(k, 10, 64)
		if err != nil || len(v) == 0 {
			continue
		}
		n.m[id] = v
	}
	return n, nil
}

// of returns a copy of game's names, nil when none.
func (n *names) of(game int64) map[string]string {
	n.mu.Lock()
	defer n.mu.Unlock()
	if len(n.m[game]) == 0 {
		return nil
	}
	return maps.Clone(n.m[game])
}

// set gives seat the display name name in game; name == seat clears it. On a
// failed write nothing changes.
func (n *names) set(game int64, seat, name string) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	old := n.m[game]
	m := maps.Clone(old)
	if m == nil {
		m = map[string]string{}
	}
	if name == seat {
		delete(m, seat)
	} else {
		m[seat] = name
	}
	n.m[game] = m
	if err := n.save(); err != nil {
		n.m[game] = old
		return err
	}
	return nil
}

// save writes the file atomically: a temporary file synced, then renamed
// over the old one.
func (n *names) save() error {
	if n.path == "" {
		return nil
	}
	f := namesJSON{Games: map[string]map[string]string{}}
	for id, m := range n.m {
		if len(m) > 0 {
			f.Games[strconv.FormatInt(id, 10)] = m
		}
	}
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return fmt.Errorf("table: display names: %w", err)
	}
	dir := filepath.Dir(n.path)
	tmp, err := os.CreateTemp(dir, ".names-*.json")
	if err != nil {
		return fmt.Errorf("table: display names: %w", err)
	}
	_, err = tmp.Write(append(b, '\n'))
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), n.path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("table: display names: %w", err)
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync() // the rename itself on disk; not every filesystem can
		d.Close()
	}
	return nil
}

// display renames what the journal reports of one game.
func display(m map[string]string, s string) string {
	if d, ok := m[s]; ok {
		return d
	}
	return s
}

// Names returns the display names of game's renamed seats (seat → name),
// nil when none.
func (s *SQLJournal) Names(game int64) map[string]string { return s.nameStore().of(game) }

// Rename gives seat a display name in game, kept beside the journal; the
// seat's own name clears it. It does not check the name: the table does.
func (s *SQLJournal) Rename(game int64, seat, name string) error {
	return s.nameStore().set(game, seat, name)
}

func (s *SQLJournal) nameStore() *names {
	s.namesOnce.Do(func() {
		if s.names == nil {
			s.names, _ = loadNames("")
		}
	})
	return s.names
}

// Games lists the journaled games, oldest first, with the display names of
// renamed seats in place of their seat names (for the page's history).
func (s *SQLJournal) Games(ctx context.Context) ([]journal.Game, error) {
	gs, err := s.J.Games(ctx)
	if err != nil {
		return nil, err
	}
	for i := range gs {
		m := s.Names(gs[i].ID)
		if m == nil {
			continue
		}
		ps := make([]string, len(gs[i].Players))
		for k, p := range gs[i].Players {
			ps[k] = display(m, p)
		}
		gs[i].Players = ps
		if gs[i].Winner != "" {
			gs[i].Winner = display(m, gs[i].Winner)
		}
	}
	return gs, nil
}

// Rounds lists the rounds of game played to the end, with display names as
// in Games.
func (s *SQLJournal) Rounds(ctx context.Context, game int64) ([]journal.Round, error) {
	rs, err := s.J.Rounds(ctx, game)
	if err != nil {
		return nil, err
	}
	m := s.Names(game)
	if m == nil {
		return rs, nil
	}
	for i := range rs {
		rs[i].Winner = display(m, rs[i].Winner)
		sc := make([]journal.Score, len(rs[i].Scores))
		for k, x := range rs[i].Scores {
			x.Player = display(m, x.Player)
			sc[k] = x
		}
		rs[i].Scores = sc
	}
	return rs, nil
}
