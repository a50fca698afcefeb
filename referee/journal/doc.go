// Package journal keeps the referee's games on disk so that a table survives
// the plug being pulled mid-game.
//
// Every event that changes the game (an accepted event, or a refused one that
// cost a mistake-penalty) is appended to an SQLite database as one line of the
// table log of RULES.md "The table log" and committed with synchronous=FULL before
// (*Table).Apply returns: whatever the table has shown is on disk. On start
// the daemon calls (*Journal).Resume, which replays the open game's lines
// through a fresh referee and checks that each is ruled on as it was when it
// was written; a line the engine no longer accepts is an error naming the game
// and the line's sequence number, never skipped.
//
// Besides the events, the journal keeps what the history pages need as plain
// rows: games (players, rules line, start, end, winner) and rounds (winner,
// points and running total of every player), written in the same transaction
// as the event that ended the round. Log writes a game back as a table log
// that `unoref replay` accepts.
//
// The database uses the pure-Go driver modernc.org/sqlite (CGO_ENABLED=0) in
// WAL mode. Its schema is versioned with PRAGMA user_version and marked with
// PRAGMA application_id; Open migrates an older journal forward and refuses a
// file that is not a journal or was written by a newer unoref.
package journal
