// Package journal keeps the referee's games on disk so that a table survives
// the plug being pulled mid-game.
//
// Every event that changes the game (an accepted event, or a refused one that
// cost a mistake-penalty) is appended to an SQLite database as one line of the
// table log of shared/RULES.md §7 and committed with synchronous=FULL before
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
// # Damage is never silent
//
// A power cut can't lose a committed event, but an SD card can lose or
// garble what was committed. So after every commit the journal writes a
// record of the last acknowledged event beside the database (path+AckSuffix:
// the game, its number of events and a SHA-256 chained over their lines; two
// slots written in turn, fsynced, about a third of a millisecond). Open runs
// PRAGMA quick_check and compares the game with the record: a file that is
// missing, empty, corrupt, or holds fewer or other events than were
// acknowledged is a *DamageError (ErrDamaged) that names the rolling copy,
// never a fresh start. The record never runs ahead of the database: it is
// written after a commit that adds events and before one that removes them
// (Undo).
//
// At every round end the WAL is checkpointed into the database and the
// rolling copy (BackupPath: path+BackupSuffix) is replaced, made by SQLite
// itself with VACUUM INTO, fsynced and renamed into place. Restore puts it
// back after a damage, keeping the damaged files. A failed open on a disk
// without room is ErrDiskFull, said in a sentence.
//
// The database uses the pure-Go driver modernc.org/sqlite (CGO_ENABLED=0) in
// WAL mode. Its schema is versioned with PRAGMA user_version and marked with
// PRAGMA application_id; Open migrates an older journal forward and refuses a
// file that is not a journal or was written by a newer unoref.
package journal
