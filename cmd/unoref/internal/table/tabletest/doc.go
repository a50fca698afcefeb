// Package tabletest holds what tests of the table and of the daemon
// share: Virtual runs the virtual table for a test, as the daemon builds
// it; Controls turns a table log into the page's actions that play it
// there (taps, presses, seat presses), and Play a playtest game into
// them; Hostiles are the values every action is tried with.
package tabletest
