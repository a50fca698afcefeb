// Package journal keeps the referee's games on disk so that a table survives
// the plug being pulled mid-game.
//
// Every event that changes the game (an accepted event, or a refused one that
// cost a mistake-penalty) is appended to an SQLite database as one line of the
// table log of RULES.md "The table log" and committed with synchronous=FULL before
// (*Table).Apply returns: whatever the table has shown is on disk, for one
// fsync (the WAL's) and nothing else. On start
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
// from its last event, and so does the first line of its log. Log writes a
// game's events back as a table log that `unoref replay` accepts; Export
// writes it with the refusals that changed nothing too, where they were
// made, so that the exports of a journal played into a new one give the
// same record.
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
// rename's) becoming theirs. A player's id is never given again once they
// are merged away (schema version 6), so a saved link to a player never
// opens someone else. The history shows a seat's guest rename, else its player's
// name, else the seat name, so a roster rename (EditPlayer, RenameSeat)
// shows on every game, past ones included, and Log writes the new names in
// a log that still replays.
//
// Besides the events, a journaled event leaves facts (an UNO call made; a
// call forgotten and the referee, a player or nobody catching it; the
// catch of another's call, when `catch NAME by NAME` says who caught; a
// Wild Draw Four found guilty), every refused event a row in refusals
// (journaled or not: its code and the mistake behind it, a wrong jump-in
// being a play out of turn), and a count-up the points left in each hand.
// A game abandoned before its first round ended counts for nothing
// (playedGame); the last N games of a period are the N started last. A
// refusal that changes nothing is not journaled: its row is held in memory
// and written with the next commit (an event, a new or ended game, Close),
// in a batch of its own without an fsync when 64 wait or the statistics
// are read (refusal.go): a refused tap writes nothing, and a power cut can
// lose a refusal's count, never an event. Triggers add these up per
// seat (seat_totals, seat_codes), and views say what a seat counts for
// (seat_stats, seat_pairs, seat_code_stats, game_stats). Stats, PlayerStats
// and PlayerGames are SQL over them for a Period (all, the last N games, a
// date range). So that ten years read in milliseconds, rollup tables hold
// the views' sums per block of 16 games (rollup.go): a period reads its
// whole blocks from them and the games at its edges, or of a block changed
// since it was last counted, one by one. A game started on simulated
// devices (Opts.Simulated: the virtual table, a demo, a test) is marked
// (games.simulated, schema version 7) and left out of all of it unless
// kept (Opts.KeepSimulated: games.kept), as a game never played is
// (countedGame); the history lists it, marked, and Import carries its
// marks.
//
// # Two boxes, one family
//
// Import adds another box's journal's games to this one (PlanImport says
// what first): a game is added once, known by its start, players line and
// the SHA-256 of its event lines, and its seats take this roster's players
// by name (import.go).
//
// # Damage is never silent
//
// A power cut can't lose a committed event, but an SD card can lose or
// garble what was committed. So after every commit the journal writes a
// record of the last acknowledged event beside the database (path+AckSuffix:
// the game, its number of events, a SHA-256 chained over their lines, and
// the database file's size after the last checkpoint; two slots written in
// turn). The record has no fsync of its own per event: its write is started
// at once (sync_file_range on Linux: the kernel writes it within
// milliseconds, without flushing the card) and it is fsynced at every
// round's end, with the copy. Undo lowers it, fsynced, before the commit
// that drops the event: the record may lag behind the database (a power
// cut can leave it as the last round end left it), never run ahead.
//
// Open compares the journal with the record: a file that is missing,
// empty or smaller than it was after its last checkpoint (an older
// journal.db put back beside a newer WAL), a game whose row is missing, or
// that holds fewer or other events than were acknowledged is a
// *DamageError (ErrDamaged) that names the rolling copy, never a fresh
// start; so is a file SQLite finds corrupt on the way. The whole-file check
// (PRAGMA quick_check) runs in Open under CheckNow (the default: restore,
// tests); the daemon opens with CheckLater and runs Check, on a connection
// of its own, once its page is up, so that it serves in milliseconds on a
// journal of years; stats, history and export open with CheckNone. A
// record that is unreadable (zeroed, garbled) beside a journal that passes
// quick_check and whose latest game replays is written again from the
// journal, with a warning (a reader, CheckNone, leaves it to the daemon):
// damage to the record alone loses nothing.
//
// # The rolling copy
//
// The rolling copy (BackupPath: path+BackupSuffix) is a page-for-page image
// of the database, one file in rollback-journal mode (mirror.go). At every
// round end (and every 256 events of a long round, and at a game's end) a
// goroutine, on connections of its own, reads the journal in one read
// transaction (sqlite_dbpage: a snapshot, while the table writes on),
// writes into the copy the pages that differ from it, inside one
// transaction of the copy's own rollback journal (a copy is always whole:
// a power cut mid-copy leaves the copy before), checkpoints the WAL while
// the snapshot holds (wal_autocheckpoint is off: the copier is the only
// checkpointer, so the WAL keeps every frame committed since the last copy,
// and those frames name the pages that can have changed), fsyncs the
// record with the database's new size, and checks the copy (opened again:
// a journal holding the recorded game as acknowledged; a copy compared
// whole also passes quick_check). A round end so writes what the round
// changed, twice (in the copy and its rollback journal); the first copy of
// a run, or after anything broke the chain (a copy that failed or changed
// behind the journal's back, a WAL restarted unseen), compares every page,
// reading the whole journal and the whole copy, and still writes only what
// differs. LastCopy says when the last good copy was made, or why the last
// one failed. The tap that ended the round waits for the copy up to
// roundWait (0.2 s); one copy runs at a time; round ends during it ask for
// one more after it, never a queue. Close lets a running copy finish, cuts
// it short after 10 s (the copy before it stays), and no copy starts after
// it; Backup makes a copy and returns once it is in place.
//
// Restore puts the copy back after a damage, keeping the damaged files;
// RestoreFrom puts back any journal file (WriteSnapshot, a consistent image
// of the journal streamed while the table plays: the page's download; the
// copy on a USB stick), checked first. Opts.SecondCopy names a second
// place (a USB stick, a network share) that gets a whole copy, written
// through a temporary file, renamed, and checked, at every game's end. A
// failed open or write on a disk without room is ErrDiskFull, said in a
// sentence.
//
// The database uses the pure-Go driver modernc.org/sqlite (CGO_ENABLED=0) in
// WAL mode. Its schema is versioned with PRAGMA user_version and marked with
// PRAGMA application_id; Open migrates an older journal forward and refuses a
// file that is not a journal or was written by a newer unoref.
//
// # Memory
//
// Every database is opened through openSQL, which bounds each connection's
// page cache in its DSN: 128 KiB for the journal's own connection and for
// the copy while it is written (cacheKiB), 32 KiB for the connections that
// read a file through once (passKiB: the copier's two, the checks, the
// snapshot streamed). SQLite's default of 2,000 KiB costs twice that
// through modernc.org/libc's allocator, which rounds a cached page up to
// an 8 KiB slot and keeps what SQLite frees for reuse: three connections
// each caching the whole journal were 7 MB of the daemon's resident set.
// A copy's check reads the game's lines one at a time (gameChain), and a
// Recorder keeps a game's lines and its tags' UIDs in one byte slice each
// (kept.go).
package journal
