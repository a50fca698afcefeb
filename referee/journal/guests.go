package journal

import (
	"context"
	"database/sql"
	"fmt"
)

// Guests are the names the guests of the last game started are shown by
// (its seats on no roster player's), in seat order: whom a family may put
// on its roster after a game (AddPlayers), so that the game counts in
// their record. A name a roster player has, or one given twice, is left
// out: it can't be added.
func (j *Journal) Guests(ctx context.Context) ([]string, error) {
	rows, err := j.db.QueryContext(ctx, `
SELECT coalesce(s.display, s.name) FROM seats s
WHERE s.player_id IS NULL AND s.game_id = (SELECT id FROM games ORDER BY started_at DESC, id DESC LIMIT 1)
ORDER BY s.seat`)
	if err != nil {
		return nil, fmt.Errorf("journal: guests: %w", err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, fmt.Errorf("journal: guests: %w", err)
		}
		names = append(names, n)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("journal: guests: %w", err)
	}
	rows.Close()
	roster, err := j.Roster(ctx)
	if err != nil {
		return nil, err
	}
	taken := map[string]bool{}
	for _, p := range roster {
		taken[fold(p.Name)] = true
	}
	var out []string
	for _, n := range names {
		if k := fold(n); !taken[k] {
			taken[k] = true
			out = append(out, n)
		}
	}
	return out, nil
}

// AddPlayers puts players on the roster as AddPlayer does, in one
// transaction: all of them, or (ErrNameTaken and the others) none. Guest
// seats shown by one of their names, past games' included, become theirs.
func (j *Journal) AddPlayers(ctx context.Context, ps []Player) ([]Player, error) {
	defer j.flushRollups(ctx)
	ids := make([]int64, len(ps))
	err := j.tx(ctx, func(tx *sql.Tx) error {
		for i, p := range ps {
			id, err := addPlayer(ctx, tx, p)
			if err != nil {
				return err
			}
			if err := claimGuests(ctx, tx, id, p.Name); err != nil {
				return err
			}
			ids[i] = id
		}
		return nil
	})
	if err != nil {
		return nil, rosterErr("add guests", err)
	}
	out := make([]Player, len(ps))
	for i, id := range ids {
		if out[i], err = j.player(ctx, id); err != nil {
			return nil, err
		}
	}
	return out, nil
}
