// Package table is the referee at the table: it turns reader events and
// button presses into table-log events for the engine (RULES.md "The table log"),
// journals every accepted event before its effect is shown, and drives the
// OLED, LEDs and buzzer in the family's language. It does not know whether
// its parts are real or simulated.
//
// A Table is built from Devices (small interfaces: readers, display, LEDs,
// buzzer, button and seat-pad events, a Clock) and a Journal. Run owns the
// game: one select over the readers, the buttons, the seat pads, the
// table's timers and the page's actions, each handled by one function. A
// device loop (Devices.Loops) that returns while Run runs ends it with
// ErrLoopStopped, so that the daemon stops and is restarted. An output
// that fails (a dead LED or buzzer line, seat pads or an OLED that stop
// answering) is logged once and marked vanished in Snapshot.Parts
// (board.Parts.Lose), and the table referees on without it; what does not
// halt when Run ends is logged.
// Snapshot, Subscribe, OLED and Do are what the page uses (package web);
// ShowCode puts the page's one-time setup code on the OLED and never in a
// Snapshot: with the page's address (SetPageURL) as a QR code that opens
// the page with the code in its fragment and fills the setup form; a long
// press of OK shows the page's address as a QR code for a new phone.
// hardware/board opens the devices of a pin map and FromBoard hands them
// to New, with their loops (the display's drawing, the buttons' and seat
// pads' polling): on a Pi, the Pi's; for `unoref run --sim`, the
// simulated board's. A simulated table comes with a Person
// (Devices.Person), which does the page's controls that a hand does at a
// table (lay a card, lift it, press a button or a seat pad) as stimuli on
// the simulated parts, returns once Run has ruled on them, and says what
// the OLED and the LEDs show. Without one, the page's presses are taken as
// the buttons' and seat pads' own, and taps are refused.
//
// # What the table says
//
// Every sentence the table shows is a msg.Msg (a key of package lang's
// catalogs and its arguments), rendered in Config.Lang by one function,
// say: the engine's verdicts, the table's own news ("Tie: Ann and Cy pick
// again", "1 of 2 cards drawn"), tag refusals, prompts, what to do after an
// undo, and the page's refused controls (ActionError). Snapshot carries each
// as keys and arguments too (Verdict.Msg, PromptMsg), display names in, so
// that a phone can read them in its own language; so does the daemon's
// alert (Config.Alert, Snapshot.Alert: a damaged journal and what to do).
//
// No write failure stops the table (storage.go). An event the journal can't
// write is refused at the table in words (table.journal); on a full card
// (journal.ErrDiskFull) the banner table.alert.full goes on the page
// (Snapshot.Alert) and the OLED (its text line), every event that would be
// journaled is refused with table.full while refusals that write nothing
// are ruled as ever, and every Config.StorageEvery the table asks
// Config.FreeSpace for room: once there is journal.MinFree, the banner
// goes and it writes again by itself (table.room). A journal that could
// not even open on a full card (RetryJournal, Config.CardFull) is opened
// then, and its game resumed. Problem shows a problem found while the
// table runs (the daemon's background check finds the journal damaged):
// its banner, and every journaled event refused with its sentence.
//
// A refusal or bad news stays on the OLED until the next event (or
// Config.RefusalHold, config key display.refusal_hold); a text too long for
// one screen pages round every Config.PageTime (screen.Pages). Each kind of
// news has one look (outputs.go, looks): a legal play a green flash and a
// chirp; a refusal "NO!", red and two buzzes; bad news (a missed UNO, a
// mistake penalty, a starter put back) "OOPS!", red and amber and its own
// sound (Penalty), never the green. The LED and the buzzer are set first
// (signal), as soon as the journal holds the event; the sentence, the OLED,
// the page and the voice follow (issue 21: a tap reaches its outputs in
// 15–23 µs of the table's CPU, the journal's commit aside). After a count-up the OLED pages through
// the round's points (Snapshot.RoundPoints), the totals and the verdict,
// and names the round to come.
//
// # From taps to events
//
// A tag names a card through the deck registry (registry.Resolver) or, with
// no registry, the card code written on it (registry.ReadCard). A tag that
// names no card, two tags arriving in one poll, or the same tag twice on the
// pile before a reshuffle are refused at once (red LED, two buzzes, the
// reason on the OLED) and never reach the referee. Otherwise, by phase:
//
//   - before the first dealer: each tap is one player's pick, in seat order;
//     the highest number deals, symbols count 0, ties pick again; PASS skips
//     the pick (the first player deals) → dealer NAME
//   - setup: a tap turns the starter → start CARD
//   - play phases: a tap on the play pad → play CARD (play CARD as NAME after
//     a seat press); a tap on the draw pad → draw CARD, or, while cards are
//     owed, one draw line once all of them are tapped
//   - show (challenge), count-up: taps are collected into hand NAME CARD…,
//     sent when their number is the known hand count, or on PASS/OK; in
//     count-up a seat press says whose hand it is, else the first seat
//     not counted yet
//   - Extreme Heights: a tap → hand NAME CARD; PASS → hand NAME
//   - buttons: R/Y/G/B → color C; DRAW → draw; PASS → pass; CHALLENGE →
//     challenge; UNO → uno (the player who played last), uno NAME after a
//     seat press, or catch NAME by SEAT when the pressed seat is not the
//     one whose call is due (the family's record counts who caught whom)
//   - a seat press names who acts for Config.SeatWindow; in phase swap it
//     is the target of a 7 → swap NAME; while a UNO caller's hand is being
//     slapped (uno-slap) it is that player's slap → slap NAME
//
// # UNO slap
//
// Under uno-slap the seat buttons are the slaps: a game with the option
// is refused at setup on a table without seat pads (message action.slap.noseats), since
// nothing else can tell who slapped when. Once a call counts, the OLED
// shows SLAP! and who still has to press, the snapshot carries SlapFor and
// SlapsDue for the page, and play waits (the engine refuses it). Each
// press is journaled as slap NAME; referee.SlapTime (3 s) after the call
// the table journals a slap for each player who has not pressed, which
// the engine rules too late: each of them draws 2. A resumed game with
// slaps open gets a fresh 3 s.
//
// # UNO grace
//
// The engine closes an UNO window at the next play or draw and, under
// uno-enforcement=auto, catches a missed call there. The table gives the
// player Config.UnoGrace (default 2 s) from the card that left them one
// card: a play or draw by anyone that comes inside it is held (the OLED asks
// for the call, the amber LED is lit) until the grace ends or the player
// presses UNO. A call inside the grace is journaled before the held events,
// so it counts; otherwise they are ruled on when it ends and the engine
// catches the miss. Events are stamped with the table's clock (seconds since
// the game began, "12.250 play R3"); the engine uses the times only for
// uno-slap's 3 s, and held events carry the time they were ruled on. With uno-enforcement=players
// nothing is held.
//
// # Journal
//
// Every event that changes the game is committed by referee/journal before
// its verdict is shown, with the UID of the tag that played it
// (JournaledGame.ApplyTag). New resumes the open game and rebuilds the tags
// on the pile from the journaled lines and their tags, as play built them
// (pileAfter): a card taken back is still caught after a restart, and an
// undo takes its tag off the pile. A card code tapped on the page is laid
// as a fresh sticker by the Person, and journaled as any tag is. Not
// journaled, and started afresh:
// a dealer pick or hand taps in progress, and an event held for an UNO
// grace.
//
// # Voice and teaching
//
// With Config.Voice (a voice.Speaker) and Speak on, every verdict the
// engine gives is said aloud in Config.Lang: the ruling, whose turn it is
// and the scores are in its sentence. The table only hands the speaker the
// message keys, after the LEDs and the buzzer are set; the words are
// rendered on the speaker's goroutine (voice.Utterance.Render) and a newer
// ruling replaces one still waiting, so speech never delays an output.
// In teaching mode (Config.Teach) a verdict's utterance goes on with what
// it teaches: why an accepted play was right (Why, from the state before
// the play: same colour, number or picture, a wild, a jump-in, stacking,
// deflect-draw-two, wd4-answer-draw-two, reverse-bounce), the challenge of
// a Wild Draw Four, the call of UNO; a refusal already says what would
// have been legal. At the start of every game in teaching mode, on a long
// press of OK (board.LongPress) and on the page's "rules" action, the
// table says and shows the rules in force (RulesInForce: the preset, then
// one line per house rule); Snapshot.Rules carries them for the page. The
// page's "voice" action turns the speaker and teaching mode on and off
// and tunes the voice, speed and volume (VoiceState).
//
// # Actions
//
// The page, the console (--stdin) and the tests act through Do with an
// Action of an ActionKind; ActionKinds is the one list of them, and the
// page's check, its refusals and the console derive from it. Do checks the
// whole action first (Action.check): every field given, whatever the kind
// — names by playername.Check (NFC, then tablelog.CheckName), points,
// target and seat in range, a pad, a button and voice settings that
// exist, at most MaxTapCards cards in a tap (counted before any code is
// read), rules of a sane length — so nothing the journal could not write
// reaches it. Should an event still fail journal.ErrBadEvent, that is a
// refusal like any other (an *ActionError), never the end of Run. A
// refusal repeats at most a short prefix of what was sent (Echo). Points
// typed at the count-up that the hand can't hold (more than
// referee.MostHandPoints for its cards and the deck in play) are refused
// with the most it can hold (count.most) before the referee sees them, so
// that a slip of the finger is not a refusal in the family's record;
// Snapshot.MostPoints tells the page that most for each hand to count.
//
// # Rename, undo, end
//
// The page's admin actions: "undo" drops the last event (one held for an
// UNO grace, else the last journaled one, journal.Recorder.Undo) and rebuilds
// the game from the journal; "end" ends the game (abandoned when not won);
// "finish" stops it and scores it as it stands: an end line the journal
// keeps (RULES.md §3 "Stopping early"), the player ahead
// (referee.State.Leader) wins, and the game is closed. While nobody is
// ahead the referee's refusal, naming who is level, is the action's.
// A game that ends — won, stopped early, or ended on the page — leaves its
// final standings on the OLED until a new game begins (ending.go: how it
// ended, endOf from referee.State.Early, the one notion the log's "game
// ended" line shares; the players best first by referee.Standings, the
// winner on top).
// "rename" renames the player in a seat (any name tablelog.CheckName
// accepts, unique at the table): a roster player for every game, past ones
// included, a guest in this game only (journal.RenameSeat). The engine and
// the events keep the names of the players line, which can't change
// mid-game; the journal maps seats to the family's roster, and the names it
// shows appear on the OLED, in the prompts, in Snapshot.Names and in the
// history. The referee's own messages keep seat names. A new game spells a
// roster player's name as the roster does; other names are guests. Roster
// names are checked as a rename's (tablelog.CheckName, in checkName). Display
// names an older unoref kept in NamesFile are moved into the journal once.
package table
