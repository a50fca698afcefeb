// Command unoref is the UNO table referee: one binary, several commands.
//
//	unoref [run] [--sim] [--policy P] [--listen ADDR] …  referee the table (virtual without a Pi)
//	unoref replay [--json|--text] [--lang L] [FILE|-]  rule on a table log, one answer per event
//	unoref history [--game N] [--json] [--lang L]  the journaled games and their scores
//	unoref stats [--player NAME] [--last N] [--json] [--lang L]  the family's record, in the config's language
//	unoref export (--game N | --csv [--players]) a game as a table log, the scores (or players) as CSV
//	unoref import [--yes] OTHER.db              add another box's games to the family's record
//	unoref restore [--data DIR] [--force] [--from FILE]  put back the journal's copy after a damage, or a saved journal
//	unoref tag write CODE | read                the card code on the sticker on the reader
//	unoref enroll [--deck NAME] [--write] …     teach the referee a deck, card by card
//	unoref doctor [--step N] [--blink] [--walk] [--json] [--data DIR]  check the wiring on the Pi, and the card's room
//	unoref version                              print the version
//	unoref help [COMMAND]                       explain a command
//
// With no command (or with flags first) it runs the table daemon, `run`,
// whose collector runs at GOGC=50 unless its environment sets GOGC, and
// which hands free memory back to the system once it goes quiet
// (memory.go: its live heap is a few megabytes).
// Each command's help (unoref help COMMAND) is the reference; README.md
// and firmware/README.md say how a family installs and uses it.
package main
