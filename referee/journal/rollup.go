package journal

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// The family's record over any period without reading every seat of ten
// years: the games are cut into blocks of blockGames consecutive ids, and
// for each block a rollup table holds what its games add up to (per
// player, per preset, per pair of players, per refusal code). A period
// reads the blocks it holds whole from the rollups and its few other
// games (at its edges) one by one, from the views the rollups add up; so
// an all-time page reads some hundred rows rather than ten thousand.
//
// Triggers mark the block of any game whose rows change as dirty, and a
// dirty block is read game by game, as the edges are: the statistics are
// always those of the views, whatever has been counted. The journal
// counts the dirty blocks again at a round's end, when a game is left,
// after a roster change and at Open (flushRollups): during a game only its
// own block is read game by game, and a write costs one more row at most. The views are the
// one definition of what a seat counts for; the rollups are only their
// sums. TestRollupsFollow checks that a rebuild gives the same rows after
// play, undo, merges, moved seats and deletions.

// blockGames is how many consecutive game ids a block holds. The schema
// step below divides by it: it never changes.
const blockGames = 16

// rollup is one rollup table: the sums (and minima, maxima) per block and
// keys of the rows of a view, each row one game's (game_id, block).
type rollup struct {
	table, view string
	keys        []string // what a row is of, besides its block
	sums        []string
	mins, maxs  []string
}

var (
	gameRollup = rollup{table: "block_games", view: "game_stats",
		sums: []string{"games", "rounds"},
		mins: []string{"first_started", "lo_id"}, maxs: []string{"last_started", "hi_id"}}
	// playerRollup4 is block_players as schema step 4 made it; step 6
	// added the UNO calls forgotten with nobody catching them and the
	// catches of others' calls.
	playerRollup4 = rollup{table: "block_players", view: "seat_stats", keys: []string{"player_id"},
		sums: []string{"games", "won", "rounds", "rounds_won", "left_points", "uno_called", "uno_missed", "uno_caught",
			"wd4_guilty", "refused", "after_wild", "out_of_turn"},
		mins: []string{"best", "worst"}}
	playerRollup = playerRollup4.with("uno_uncaught", "uno_catches")
	presetRollup = rollup{table: "block_presets", view: "seat_stats", keys: []string{"preset", "player_id"},
		sums: []string{"games", "won", "rounds", "rounds_won"}}
	pairRollup = rollup{table: "block_pairs", view: "seat_pairs", keys: []string{"pa", "pb"},
		sums: []string{"games", "a_won", "b_won", "a_rounds", "b_rounds", "rounds"}}
	codeRollup = rollup{table: "block_codes", view: "seat_code_stats", keys: []string{"player_id", "code"},
		sums: []string{"n"}}

	rollups = []rollup{gameRollup, playerRollup, presetRollup, pairRollup, codeRollup}
	// rollups4 are the tables schema step 4 created: a released step
	// never changes.
	rollups4 = []rollup{gameRollup, playerRollup4, presetRollup, pairRollup, codeRollup}
)

// with is r with more sums, added as columns at the end.
func (r rollup) with(sums ...string) rollup {
	r.sums = append(append([]string{}, r.sums...), sums...)
	return r
}

// cols lists the rollup's columns after block.
func (r rollup) cols() []string {
	return append(append(append(append([]string{}, r.keys...), r.sums...), r.mins...), r.maxs...)
}

// aggs is the select list that adds rows up: keys, then sum(), min() and
// max() of the rest, named as the columns.
func (r rollup) aggs() string {
	out := append([]string{}, r.keys...)
	for _, set := range []struct {
		f    string
		cols []string
	}{{"sum", r.sums}, {"min", r.mins}, {"max", r.maxs}} {
		for _, c := range set.cols {
			out = append(out, set.f+"("+c+") AS "+c)
		}
	}
	return strings.Join(out, ", ")
}

func (r rollup) groupBy(block bool) string {
	keys := r.keys
	if block {
		keys = append([]string{"block"}, keys...)
	}
	if len(keys) == 0 {
		return ""
	}
	return " GROUP BY " + strings.Join(keys, ", ")
}

func (r rollup) create() string {
	return fmt.Sprintf("CREATE TABLE %s (block INTEGER NOT NULL, %s, PRIMARY KEY (%s)) WITHOUT ROWID;\n",
		r.table, strings.Join(r.cols(), ", "), strings.Join(append([]string{"block"}, r.keys...), ", "))
}

// recount counts every dirty block again: their rows go, and the sums of
// their games' rows of the view take their place.
func (r rollup) recount() string {
	return fmt.Sprintf(`DELETE FROM %[1]s WHERE block IN (SELECT block FROM dirty_blocks);
INSERT INTO %[1]s (block, %[2]s) SELECT block, %[3]s FROM (
	SELECT x.* FROM dirty_blocks d CROSS JOIN %[4]s x ON x.game_id BETWEEN d.block * %[5]d AND d.block * %[5]d + %[6]d)%[7]s;
`, r.table, strings.Join(r.cols(), ", "), r.aggs(), r.view, blockGames, blockGames-1, r.groupBy(true))
}

// dirty is the trigger that marks the block of the game game (SQL, e.g.
// "NEW.game_id") to be counted again after each row of on.
func dirty(name, on, game string) string {
	// Not INSERT OR IGNORE: the statement that fires the trigger may
	// overrule its conflict clause.
	b := fmt.Sprintf("%s / %d", game, blockGames)
	return fmt.Sprintf("CREATE TRIGGER %s AFTER %s BEGIN\n\tINSERT INTO dirty_blocks SELECT %s WHERE NOT EXISTS (SELECT 1 FROM dirty_blocks WHERE block = %s);\nEND;\n", name, on, b, b)
}

// rollupSchema is the schema step of the rollups: the views that say what
// a game and a seat count for, the rollup tables filled from them, and the
// triggers that keep them.
var rollupSchema = fmt.Sprintf(`
-- One row per game: the rounds played and when it started.
CREATE VIEW game_stats AS
	SELECT g.id AS game_id, g.id / %[1]d AS block, 1 AS games,
		(SELECT count(*) FROM rounds r WHERE r.game_id = g.id) AS rounds,
		g.started_at AS first_started, g.started_at AS last_started, g.id AS lo_id, g.id AS hi_id
	FROM games g;

-- One row per roster player's seat: what the statistics add up. best and
-- worst are texts that sort as the rounds rank, so min() of them is the
-- best (worst) round: fewest points left then most scored (most left then
-- fewest scored), each number shifted by 10^9 (or taken from it).
CREATE VIEW seat_stats AS
	SELECT s.game_id, s.game_id / %[1]d AS block, s.player_id,
		substr(g.rules, 7, instr(substr(g.rules, 7) || ' ', ' ') - 1) AS preset,
		1 AS games, g.winner IS s.name AS won, t.rounds, t.rounds_won, t.left_points,
		t.uno_called, t.uno_missed, t.uno_caught, t.wd4_guilty, t.refused, t.after_wild, t.out_of_turn,
		CASE WHEN t.rounds > 0 THEN printf('%%010d %%010d %%010d %%010d',
			1000000000 + t.best_left, 1000000000 - t.best_points, s.game_id, t.best_round) END AS best,
		CASE WHEN t.rounds > 0 THEN printf('%%010d %%010d %%010d %%010d',
			1000000000 - t.worst_left, 1000000000 + t.worst_points, s.game_id, t.worst_round) END AS worst
	FROM seats s JOIN games g ON g.id = s.game_id JOIN seat_totals t ON t.game_id = s.game_id AND t.seat = s.seat
	WHERE s.player_id IS NOT NULL;

-- One row per two roster players at one game (pa < pb).
CREATE VIEW seat_pairs AS
	SELECT a.game_id, a.block, a.player_id AS pa, b.player_id AS pb, 1 AS games,
		a.won AS a_won, b.won AS b_won, a.rounds_won AS a_rounds, b.rounds_won AS b_rounds, a.rounds
	FROM seat_stats a JOIN seat_stats b ON b.game_id = a.game_id AND b.player_id > a.player_id;

-- One row per seat and refusal code; player_id 0 for a guest.
CREATE VIEW seat_code_stats AS
	SELECT c.game_id, c.game_id / %[1]d AS block, coalesce(s.player_id, 0) AS player_id, c.code, c.n
	FROM seat_codes c JOIN seats s ON s.game_id = c.game_id AND s.seat = c.seat;
`, blockGames) + rollupTables(rollups4) + rollupTriggers()

func rollupTables(rs []rollup) string {
	var b strings.Builder
	for _, r := range rs {
		b.WriteString(r.create())
	}
	return b.String()
}

// rollupTriggers mark the block of any game whose rows change: a block is
// read game by game until it is counted again (flushRollups).
func rollupTriggers() string {
	return `
-- Blocks whose rollups are behind their games: every block at first.
CREATE TABLE dirty_blocks (block INTEGER PRIMARY KEY);
INSERT INTO dirty_blocks SELECT DISTINCT id / ` + fmt.Sprint(blockGames) + ` FROM games;
` +
		dirty("rollup_game_new", "INSERT ON games", "NEW.id") +
		dirty("rollup_game_change", "UPDATE OF winner, started_at, rules ON games", "NEW.id") +
		dirty("rollup_game_gone", "DELETE ON games", "OLD.id") +
		dirty("rollup_round_new", "INSERT ON rounds", "NEW.game_id") +
		dirty("rollup_round_gone", "DELETE ON rounds", "OLD.game_id") +
		dirty("rollup_seat_change", "UPDATE OF player_id, name ON seats", "NEW.game_id") +
		dirty("rollup_seat_gone", "DELETE ON seats", "OLD.game_id") +
		dirty("rollup_seat_new", "INSERT ON seat_totals", "NEW.game_id") +
		dirty("rollup_seat_totals", "UPDATE ON seat_totals", "NEW.game_id") +
		dirty("rollup_code_new", "INSERT ON seat_codes", "NEW.game_id") +
		dirty("rollup_code_change", "UPDATE ON seat_codes", "NEW.game_id") +
		dirty("rollup_code_gone", "DELETE ON seat_codes", "OLD.game_id")
}

// flushRollups counts the dirty blocks again. The statistics are right
// without it (they read a dirty block game by game), only slower: a
// failure is only reported.
func (j *Journal) flushRollups(ctx context.Context) {
	err := j.tx(ctx, func(tx *sql.Tx) error {
		for _, r := range rollups {
			if _, err := tx.ExecContext(ctx, r.recount()); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, "DELETE FROM dirty_blocks")
		return err
	})
	if err != nil {
		j.warn(fmt.Errorf("journal: %s: counting the record again: %w", j.path, err))
	}
}

// readBlocks is false in tests that read every game one by one, to check
// the rollups against the views.
var readBlocks = true

// spans is the CTE of what a chosen period reads: the blocks it holds
// whole and counted, and the games of the other blocks it chooses, one by
// one. Its arguments are those of chosen.args: ?1 since, ?2 until, ?3 and
// ?6 the start and id of the first of the last N, ?5 whether to read
// blocks whole. A block is whole when every game of it is in the period:
// all started in [since, until) and after the first of the last N.
var spans = fmt.Sprintf(`WITH blk AS MATERIALIZED (
	SELECT block, ?5 AND first_started >= ?1 AND last_started < ?2 AND first_started > ?3 AS whole
	FROM block_games WHERE last_started >= ?1 AND first_started < ?2 AND last_started >= ?3
		AND block NOT IN (SELECT block FROM dirty_blocks)
	UNION ALL
	SELECT block, 0 FROM dirty_blocks),
part AS MATERIALIZED (
	SELECT g.id FROM blk CROSS JOIN games g ON g.id BETWEEN blk.block * %[1]d AND blk.block * %[1]d + %[2]d
	WHERE NOT blk.whole AND %[3]s)
`, blockGames, blockGames-1, inPeriod)

// over is the query of the rollup's sums over the chosen games, per keys,
// of the rows where filter (SQL over the columns) holds.
func (r rollup) over(filter string) string {
	cols := strings.Join(r.cols(), ", ")
	return spans + fmt.Sprintf(`SELECT %s FROM (
	SELECT %s FROM blk CROSS JOIN %s x ON x.block = blk.block WHERE blk.whole AND (%s)
	UNION ALL
	SELECT %s FROM part CROSS JOIN %s x ON x.game_id = part.id WHERE %s)%s`,
		r.aggs(), cols, r.table, filter, cols, r.view, filter, r.groupBy(false))
}
