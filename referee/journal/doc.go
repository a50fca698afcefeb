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
// An event played by tapping a tag keeps the tag's UID beside its line
// (Recorder.ApplyTag, Recorder.Tags; the tag column of schema version 5),
// so that a restarted table knows the tags on the discard pile. The tag is
// not part of the table log: Log, replay and the history never show it,
// and Undo drops it with its event.
//
// Besides the events, the journal keeps what the history pages need as plain
// rows: games (players, rules line, start, end, winner) and rounds (winner,
// points and running total of every player), written in the same transaction
// as the event that ended the round. A game stopped early (an end line,
// RULES.md §3 "Stopping early") ends with the player ahead as its winner
// and no round for the round being played; GameSummary.Early says so, read
// from its last line, and so does the first line of its log. Log writes a
// game back as a table log that `unoref replay` accepts.
//
// # The family's record
//
// Players are lasting identities on a roster (table players: name, a colour
// or symbol, a usual seat). Each seat of a game (table seats) keeps the name
// of the players line, which the events use and never changes, and points
// at a roster player, or at none for a guest. Names match case-folded
// in NFC (playername.Fold: "Mia" and "mia" are one player, "Zoë" typed
// either way too; a roster name kept before folds were in NFC keeps its
// old key until it is edited): a new game's roster names become the
// roster's players, other names are guests; a journal from before the roster
// (schema version 2) is replayed once by Open, and every name in it becomes a
// roster player. A parent merges two players (Merge) or splits a seat off
// (MoveSeat); after a game with guests, Guests names them and AddPlayers
// puts them on the roster at once, their guest seats (by seat name or a
// rename's) becoming theirs. The history shows a seat's guest rename, else its player's
// name, else the seat name, so a roster rename (EditPlayer, RenameSeat)
// shows on every game, past ones included, and Log writes the new names in
// a log that still replays.
//
// Besides the events, a journaled event leaves facts (an UNO call made,
// missed or caught, a Wild Draw Four found guilty), every refused event a
// row in refusals (journaled or not: its code and the mistake behind it),
// and a count-up the points left in each hand. Triggers add these up per
// seat (seat_totals, seat_codes), and views say what a seat counts for
// (seat_stats, seat_pairs, seat_code_stats, game_stats). Stats, PlayerStats
// and PlayerGames are SQL over them for a Period (all, the last N games, a
// date range). So that ten years read in milliseconds, rollup tables hold
// the views' sums per block of 16 games (rollup.go): a period reads its
// whole blocks from them and the games at its edges, or of a block changed
// since it was last counted, one by one. A game started on simulated
// devices (Opts.Simulated: the virtual table, a demo, a test) is marked
// (games.simulated, schema version 6) and left out of all of it unless
// kept (Opts.KeepSimulated: games.kept); the history lists it, marked.
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
// At every round end the rollups are counted again and the rolling copy
// (BackupPath: path+BackupSuffix) is made in the background; the tap that
// ended the round waits for it up to roundWait (0.2 s): a family's journal
// of some years is copied within it, a larger one (or a slow SD card)
// goes on being copied while the table goes on. A goroutine, on a connection of its own (opened at the first
// copy, with the journal's settings), checkpoints the WAL into the
// database (PASSIVE: it waits for no reader and holds no writer back) and
// replaces the copy, made by SQLite itself with VACUUM INTO (a read
// transaction: the table writes on meanwhile), fsynced and renamed into
// place, so a copy is always whole. One copy runs at a time; round ends
// during it ask for one more after it, never a queue. Close lets a running
// copy finish, cuts it short after 10 s (the copy before it stays), and no
// copy starts after it; Backup makes a copy and returns once it is in
// place. Restore puts the copy back after a damage, keeping the damaged
// files. A failed open on a disk
// without room is ErrDiskFull, said in a sentence.
//
// The database uses the pure-Go driver modernc.org/sqlite (CGO_ENABLED=0) in
// WAL mode. Its schema is versioned with PRAGMA user_version and marked with
// PRAGMA application_id; Open migrates an older journal forward and refuses a
// file that is not a journal or was written by a newer unoref.
package journal
