package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/unoref/unoref/drivers/seatpad"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee/journal"
)

// NamesFile is the file beside the journal where unoref kept the display
// names of renamed seats before the roster. OpenJournal moves them into the
// journal (journal.ImportDisplay) once and renames the file NamesFile +
// ".imported".
const NamesFile = "names.json"

// namesJSON is the old file: {"games": {"12": {"Ann": "Annie"}}}.
type namesJSON struct {
	Games map[string]map[string]string `json:"games"`
}

// importNames moves the display names of path into j.
func importNames(ctx context.Context, j *journal.Journal, path string) error {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("table: display names: %w", err)
	}
	var f namesJSON
	if err := json.Unmarshal(b, &f); err != nil {
		return fmt.Errorf("table: display names in %s: %w", path, err)
	}
	for k, m := range f.Games {
		id, err := strconv.ParseInt(k, 10, 64)
		if err != nil {
			continue // not a game: nothing to show it on
		}
		for seat, name := range m {
			err := j.ImportDisplay(ctx, id, seat, name)
			if err != nil && !errors.Is(err, journal.ErrNoSeat) {
				return fmt.Errorf("table: display names in %s: %w", path, err)
			}
		}
	}
	if err := os.Rename(path, path+".imported"); err != nil {
		return fmt.Errorf("table: display names: %w", err)
	}
	return nil
}

// MaxMark is the longest roster mark, in characters: a colour "#e53935"
// or a symbol or two.
const MaxMark = 7

// checkPlayer checks what the roster is given for a player, and puts the
// name in NFC.
func checkPlayer(p *journal.Player) error {
	n, err := cleanName(p.Name)
	if err != nil {
		return err
	}
	p.Name = n
	if utf8.RuneCountInString(p.Mark) > MaxMark || strings.ContainsFunc(p.Mark, func(r rune) bool { return !unicode.IsPrint(r) }) {
		return refuseAction("action.mark", msg.Args{N: MaxMark})
	}
	if p.Seat < journal.NoSeat || p.Seat >= seatpad.MaxSeats {
		return refuseAction("action.noseat", msg.Args{N: p.Seat + 1})
	}
	return nil
}

// Names returns the names shown for game's seats where they differ from
// the seat names (a roster rename, a guest's rename), nil when none.
func (s *SQLJournal) Names(ctx context.Context, game int64) (map[string]string, error) {
	return s.J.SeatNames(ctx, game)
}

// Rename renames the player seated as seat in game: a roster player for
// every game, a guest in this game only (journal.RenameSeat). It does not
// check the name: the table does.
func (s *SQLJournal) Rename(ctx context.Context, game int64, seat, name string) error {
	return s.J.RenameSeat(ctx, game, seat, name)
}

// Games lists the journaled games, oldest first, players named as now.
func (s *SQLJournal) Games(ctx context.Context) ([]journal.GameSummary, error) { return s.J.Games(ctx) }

// RecentGames lists a page of the history: n games started before the game before.
func (s *SQLJournal) RecentGames(ctx context.Context, before int64, n int) ([]journal.GameSummary, error) {
	return s.J.RecentGames(ctx, before, n)
}

// Game reads one game, players named as now.
func (s *SQLJournal) Game(ctx context.Context, id int64) (journal.GameSummary, error) {
	return s.J.Game(ctx, id)
}

// Rounds lists the rounds of game played to the end, players named as now.
func (s *SQLJournal) Rounds(ctx context.Context, game int64) ([]journal.Round, error) {
	return s.J.Rounds(ctx, game)
}

// GameTotals are the totals of the games ids (every game's when none)
// after their last rounds.
func (s *SQLJournal) GameTotals(ctx context.Context, ids ...int64) (map[int64][]journal.Score, error) {
	return s.J.GameTotals(ctx, ids...)
}

// Roster lists the family's players.
func (s *SQLJournal) Roster(ctx context.Context) ([]journal.Player, error) { return s.J.Roster(ctx) }

// AddPlayer puts a player on the roster, the name checked as a rename's.
func (s *SQLJournal) AddPlayer(ctx context.Context, p journal.Player) (journal.Player, error) {
	if err := checkPlayer(&p); err != nil {
		return journal.Player{}, err
	}
	return s.J.AddPlayer(ctx, p)
}

// Guests are the last game's guests a family may add to its roster.
func (s *SQLJournal) Guests(ctx context.Context) ([]string, error) { return s.J.Guests(ctx) }

// AddPlayers puts players on the roster in one go (the guests of a game),
// every name checked as a rename's; at most the most seats of a table.
func (s *SQLJournal) AddPlayers(ctx context.Context, ps []journal.Player) ([]journal.Player, error) {
	if len(ps) > seatpad.MaxSeats {
		return nil, refuseAction("action.players.many", msg.Args{N: seatpad.MaxSeats})
	}
	for i := range ps {
		if err := checkPlayer(&ps[i]); err != nil {
			return nil, err
		}
		if err := notTwice(ps[i].Name, playerNames(ps[:i])); err != nil {
			return nil, err
		}
	}
	return s.J.AddPlayers(ctx, ps)
}

// playerNames are the names of ps.
func playerNames(ps []journal.Player) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}

// EditPlayer renames a roster player for every game, and sets their mark
// and usual seat.
func (s *SQLJournal) EditPlayer(ctx context.Context, p journal.Player) error {
	if err := checkPlayer(&p); err != nil {
		return err
	}
	return s.J.EditPlayer(ctx, p)
}

// Merge makes two roster players one.
func (s *SQLJournal) Merge(ctx context.Context, from, into int64) error {
	return s.J.Merge(ctx, from, into)
}

// MoveSeat gives a seat of a game to the roster player called to (a new
// one when nobody is), or to nobody with to "".
func (s *SQLJournal) MoveSeat(ctx context.Context, game int64, seat int, to string) error {
	if to != "" {
		var err error
		if to, err = cleanName(to); err != nil {
			return err
		}
	}
	return s.J.MoveSeat(ctx, game, seat, to)
}

// Stats is the family's record over p.
func (s *SQLJournal) Stats(ctx context.Context, p journal.Period) (journal.FamilyStats, error) {
	return s.J.Stats(ctx, p)
}

// PlayerStats is one roster player's record over p.
func (s *SQLJournal) PlayerStats(ctx context.Context, id int64, p journal.Period) (journal.PlayerStats, error) {
	return s.J.PlayerStats(ctx, id, p)
}

// PlayerGames lists one roster player's games over p.
func (s *SQLJournal) PlayerGames(ctx context.Context, id int64, p journal.Period) ([]journal.PlayerGame, error) {
	return s.J.PlayerGames(ctx, id, p)
}
