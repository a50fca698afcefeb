// Package table is the referee at the table: it turns reader events and
// button presses into table-log events for the engine (shared/RULES.md §7),
// journals every accepted event before its effect is shown, and drives the
// OLED, LEDs and buzzer. On the virtual table the same code runs on the
// simulators.
//
// A Table is built from Devices (small interfaces: readers, display, LEDs,
// buzzer, button and seat-pad events, a Clock) and a Journal. Run owns the
// game: one select over the readers, the buttons, the seat pads, the
// table's timers and the page's actions, each handled by one function.
// Snapshot, Subscribe, OLED and Do are what the page uses (package web).
// NewVirtual builds the devices on the simulators: mfrc522test under the
// real mfrc522 driver and its Watch loop, ssd1306test under oled.Display,
// gpiolinetest lines under led, buzzer and button. OpenBoard opens a Pi's
// devices from the pin map.
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
//     seat press, or catch NAME when the pressed seat is not the one whose
//     call is due
//   - a seat press names who acts for Config.SeatWindow; in phase swap it
//     is the target of a 7 → swap NAME
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
// the game began, "12.250 play R3"); the engine does not use the times, and
// held events carry the time they were ruled on. With uno-enforcement=players
// nothing is held.
//
// # Journal
//
// Every event that changes the game is committed by referee/journal before
// its verdict is shown. New resumes the open game; what the daemon keeps
// beside the engine (a dealer pick or hand taps in progress, a held event,
// the tags on the pile) is not journaled and starts afresh.
//
// # Rename, undo, end
//
// The page's admin actions: "undo" drops the last event (one held for an
// UNO grace, else the last journaled one, journal.Table.Undo) and rebuilds
// the game from the journal; "end" ends the game (abandoned when not won).
// "rename" gives a seat a display name (any name tablelog.CheckName
// accepts, unique at the table). The engine and the journal keep the names of the
// players line, which can't change mid-game: display names are kept per
// game in NamesFile beside the journal, replaced atomically, and shown on
// the OLED, in the prompts, in Snapshot.Names and in SQLJournal's Games and
// Rounds (the page's history). The referee's own messages keep seat names.
package table
