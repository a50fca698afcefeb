package journal

import "fmt"

// inRecord says whether the game row g, played, counts in the family's
// record: a game played on simulated devices (the virtual table: a demo,
// a test) does not, unless it was kept (Opts.KeepSimulated when it
// started). The history lists it all the same, marked
// (GameSummary.Simulated).
const inRecord = "(NOT g.simulated OR g.kept)"

// countedGame says whether the game row g counts in the family's record:
// played (playedGame, schema version 6) and not left out for being
// simulated (inRecord, version 7).
const countedGame = "(" + playedGame + " AND " + inRecord + ")"

// uncountedGames are the ids of the games the record leaves out: those
// never played (unplayedGames) and those on simulated devices not kept
// (games_left_out), for a NOT IN that SQLite runs once.
const uncountedGames = unplayedGames + " UNION SELECT g.id FROM games g WHERE g.simulated AND NOT g.kept"

// recordViews are the views the statistics read and the rollups add up
// (rollup.go), counting the games where filter (SQL over the game row g)
// holds: schema steps 6 and 7 drop and define them again with their
// filter.
func recordViews(filter string) string {
	return fmt.Sprintf(`DROP VIEW seat_code_stats;
DROP VIEW seat_pairs;
DROP VIEW seat_stats;
DROP VIEW game_stats;
CREATE VIEW game_stats AS
	SELECT g.id AS game_id, g.id / %[1]d AS block, 1 AS games,
		(SELECT count(*) FROM rounds r WHERE r.game_id = g.id) AS rounds,
		g.started_at AS first_started, g.started_at AS last_started, g.id AS lo_id, g.id AS hi_id
	FROM games g WHERE %[2]s;
CREATE VIEW seat_stats AS
	SELECT s.game_id, s.game_id / %[1]d AS block, s.player_id,
		substr(g.rules, 7, instr(substr(g.rules, 7) || ' ', ' ') - 1) AS preset,
		1 AS games, g.winner IS s.name AS won, t.rounds, t.rounds_won, t.left_points,
		t.uno_called, t.uno_missed, t.uno_caught, t.wd4_guilty, t.refused, t.after_wild, t.out_of_turn,
		CASE WHEN t.rounds > 0 THEN printf('%%010d %%010d %%010d %%010d',
			1000000000 + t.best_left, 1000000000 - t.best_points, s.game_id, t.best_round) END AS best,
		CASE WHEN t.rounds > 0 THEN printf('%%010d %%010d %%010d %%010d',
			1000000000 - t.worst_left, 1000000000 + t.worst_points, s.game_id, t.worst_round) END AS worst,
		t.uno_uncaught, t.uno_catches
	FROM seats s JOIN games g ON g.id = s.game_id JOIN seat_totals t ON t.game_id = s.game_id AND t.seat = s.seat
	WHERE s.player_id IS NOT NULL AND %[2]s;
CREATE VIEW seat_pairs AS
	SELECT a.game_id, a.block, a.player_id AS pa, b.player_id AS pb, 1 AS games,
		a.won AS a_won, b.won AS b_won, a.rounds_won AS a_rounds, b.rounds_won AS b_rounds, a.rounds
	FROM seat_stats a JOIN seat_stats b ON b.game_id = a.game_id AND b.player_id > a.player_id;
CREATE VIEW seat_code_stats AS
	SELECT c.game_id, c.game_id / %[1]d AS block, coalesce(s.player_id, 0) AS player_id, c.code, c.n
	FROM seat_codes c JOIN seats s ON s.game_id = c.game_id AND s.seat = c.seat JOIN games g ON g.id = c.game_id
	WHERE %[2]s;
`, blockGames, filter)
}

// simulatedSchema is the schema step that marks games played on simulated
// devices and leaves them out of the record (schema version 7): the
// views count only the games countedGame says (step 6's played games,
// less the simulated ones not kept), and a game's block is counted again
// when its mark changes. A journal from before has none marked: every
// game counts as it did, and no block needs counting again.
var simulatedSchema = fmt.Sprintf(`
ALTER TABLE games ADD COLUMN simulated INTEGER NOT NULL DEFAULT 0; -- 1: played on simulated devices
ALTER TABLE games ADD COLUMN kept INTEGER NOT NULL DEFAULT 0;      -- 1: counted in the record all the same

-- The games left out for being simulated: where uncountedGames looks.
CREATE INDEX games_left_out ON games(id) WHERE simulated AND NOT kept;

%[1]s
DROP TRIGGER rollup_game_change;
%[2]s`, recordViews(countedGame),
	dirty("rollup_game_change", "UPDATE OF winner, started_at, rules, ended_at, simulated, kept ON games", "NEW.id"))
