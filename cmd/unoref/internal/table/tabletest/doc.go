// Package tabletest is test support for the daemon's table: Virtual runs
// the virtual table for a test, as the daemon builds it, and Controls turns
// a table log into the page's actions that play it there (taps, presses,
// seat presses), for tests that play whole games through the page's
// controls.
package tabletest
