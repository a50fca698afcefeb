package journal

// migrations[v] takes the schema from version v to v+1 (PRAGMA
// user_version). Append only: a released step never changes, so a journal
// written by any older unoref migrates forward.
var migrations = []string{
	// 1: games, their events as table-log lines, rounds and points.
	`
CREATE TABLE games (
	id         INTEGER PRIMARY KEY,
	started_at TEXT NOT NULL,
	ended_at   TEXT,             -- NULL while the game is open
	players    TEXT NOT NULL,    -- seats clockwise, separated by spaces
	rules      TEXT NOT NULL,    -- the rules line, e.g. "rules official +stacking"
	winner     TEXT              -- NULL until won; stays NULL for an abandoned game
);
CREATE TABLE events (
	game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	seq         INTEGER NOT NULL,  -- 1, 2, ... without gaps
	line        TEXT NOT NULL,     -- tablelog.Event.String(), with its time when timed
	ok          INTEGER NOT NULL,  -- 1 accepted, 0 refused with a mistake-penalty
	code        TEXT NOT NULL,     -- refusal code, '' when ok
	recorded_at TEXT NOT NULL,
	PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TABLE rounds (
	game_id   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	round     INTEGER NOT NULL,
	winner    TEXT NOT NULL,      -- who went out first
	ended_seq INTEGER NOT NULL,   -- the event that closed the count-up
	ended_at  TEXT NOT NULL,
	PRIMARY KEY (game_id, round)
) WITHOUT ROWID;
CREATE TABLE round_scores (
	game_id INTEGER NOT NULL,
	round   INTEGER NOT NULL,
	seat    INTEGER NOT NULL,     -- 0 for the first player of the players line
	player  TEXT NOT NULL,
	points  INTEGER NOT NULL,     -- added to the player's total this round
	total   INTEGER NOT NULL,     -- game total after the round
	PRIMARY KEY (game_id, round, seat),
	FOREIGN KEY (game_id, round) REFERENCES rounds(game_id, round) ON DELETE CASCADE
) WITHOUT ROWID;
`,
	// 2: what the history pages list first.
	`
CREATE INDEX games_open ON games(ended_at, id);
CREATE VIEW game_totals AS
	SELECT s.game_id, s.seat, s.player, s.total, s.round
	FROM round_scores s
	WHERE s.round = (SELECT max(round) FROM rounds r WHERE r.game_id = s.game_id);
`,
	// 3: the family's record (roster.go).
	rosterSchema,
	// 4: the rollups of the record (rollup.go).
	rollupSchema,
	// 5: the UID of the tag that played an event, so that a restart knows
	// the tags on the discard pile. NULL: no tag (typed, a button, the
	// virtual table, an older unoref).
	`ALTER TABLE events ADD COLUMN tag TEXT;`,
	// 6: the record counts what happened: ids never given again, who
	// caught whose UNO, wrong jump-ins as plays out of turn, refusals in
	// the log, games abandoned before a round left out (counted.go).
	countedSchema,
	// 7: games played on simulated devices, marked and left out of the
	// record unless kept (simulated.go).
	simulatedSchema,
}
