package journal

import "fmt"

// playedGame says whether the game row g counts in the family's record:
// on the table now, won, or with a round played to its end. A game
// abandoned before its first round ended was not played: it stays in the
// history (as abandoned) and counts for nothing in the statistics.
const playedGame = "(g.ended_at IS NULL OR g.winner IS NOT NULL OR EXISTS (SELECT 1 FROM rounds pr WHERE pr.game_id = g.id))"

// unplayedGames are the ids of the games never played: a query over the
// few games no one won (games_unwon), for a NOT IN that SQLite runs once
// rather than a playedGame per row.
const unplayedGames = "SELECT g.id FROM games g WHERE g.winner IS NULL AND NOT " + playedGame

// countedSchema is the schema step that makes the record count what
// happened (schema version 6). Its bookkeeping is done by triggers, so the
// code writes the rows it wrote before:
//
//   - ids are never given again: a player's id leaves the roster into
//     retired_players (a merge), and a new player whose id SQLite took
//     from below a retired one gets the next id above them all, so a
//     saved /family/ID link never opens someone else (addPlayer reads its
//     id back by name);
//   - UNO: a forgotten call nobody made the player draw for (fact
//     'uno-uncaught') and the catch of another's call (fact 'uno-catch',
//     from `catch NAME by NAME`) are counted per seat;
//   - a wrong jump-in (refused no-jump-in) is a play out of turn, as a
//     refused not-your-turn is: the refusals of older journals are
//     counted again;
//   - a refusal made after an event that was then undone is marked
//     undone: it still counts (it happened), but the game's log no longer
//     goes through where it was made (Log writes the others in place);
//   - a game abandoned before a round ended counts for nothing
//     (playedGame): the views say so, and a game's block is counted again
//     when it ends.
//
// Every block is counted again at the next Open.
var countedSchema = fmt.Sprintf(`
CREATE TABLE retired_players (id INTEGER PRIMARY KEY); -- ids that left the roster: never given again
CREATE TRIGGER players_retire AFTER DELETE ON players BEGIN
	INSERT OR IGNORE INTO retired_players(id) VALUES (OLD.id);
END;
CREATE TRIGGER players_never_again AFTER INSERT ON players
	WHEN NEW.id <= (SELECT max(id) FROM retired_players) BEGIN
	UPDATE players SET id = (SELECT max(id) FROM retired_players) + 1 WHERE id = NEW.id;
END;

ALTER TABLE seat_totals ADD COLUMN uno_uncaught INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seat_totals ADD COLUMN uno_catches INTEGER NOT NULL DEFAULT 0;
ALTER TABLE block_players ADD COLUMN uno_uncaught;
ALTER TABLE block_players ADD COLUMN uno_catches;
DROP TRIGGER seat_totals_fact_new;
DROP TRIGGER seat_totals_fact_gone;
%[2]s
%[3]s

UPDATE refusals SET mistake = 'out-of-turn' WHERE code = 'no-jump-in' AND mistake = '';
UPDATE seat_totals SET out_of_turn = (SELECT count(*) FROM refusals r
		WHERE r.game_id = seat_totals.game_id AND r.seat = seat_totals.seat AND r.mistake = 'out-of-turn')
	WHERE (game_id, seat) IN (SELECT game_id, seat FROM refusals WHERE code = 'no-jump-in');

ALTER TABLE refusals ADD COLUMN undone INTEGER NOT NULL DEFAULT 0;
CREATE TRIGGER refusals_undone AFTER DELETE ON events BEGIN
	UPDATE refusals SET undone = 1 WHERE game_id = OLD.game_id AND seq >= OLD.seq AND NOT undone;
END;

%[4]s
-- The games no one won: where the few never played are looked for.
CREATE INDEX games_unwon ON games(id) WHERE winner IS NULL;

DROP TRIGGER rollup_game_change;
%[5]s
INSERT INTO dirty_blocks SELECT DISTINCT id / %[1]d FROM games WHERE id / %[1]d NOT IN (SELECT block FROM dirty_blocks);
`, blockGames, factTrigger("seat_totals_fact_new", "INSERT", "NEW", "+"), factTrigger("seat_totals_fact_gone", "DELETE", "OLD", "-"),
	recordViews(playedGame), dirty("rollup_game_change", "UPDATE OF winner, started_at, rules, ended_at ON games", "NEW.id"))

// factTrigger is the trigger that adds (op "+") or takes off ("-") a fact
// row (NEW or OLD) in its seat's totals.
func factTrigger(name, on, row, op string) string {
	col := func(c, kind string) string {
		return fmt.Sprintf("\t\t%s = %s %s (%s.kind = '%s')", c, c, op, row, kind)
	}
	return fmt.Sprintf(`CREATE TRIGGER %s AFTER %s ON facts BEGIN
	UPDATE seat_totals SET
%s,
%s,
%s,
%s,
%s,
%s
	WHERE game_id = %s.game_id AND seat = %s.seat;
END;`, name, on,
		col("uno_called", FactUnoCalled), col("uno_missed", FactUnoMissed), col("uno_caught", FactUnoCaught),
		col("uno_uncaught", FactUnoUncaught), col("uno_catches", FactUnoCatch), col("wd4_guilty", FactWD4Guilty),
		row, row)
}
