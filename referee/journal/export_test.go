package journal

import (
	"context"

	"github.com/unoref/unoref/referee/tablelog"
)

// What the external tests (package journal_test) reach inside.

// WaitCopy waits for the rolling copies asked for so far.
func (j *Journal) WaitCopy() { j.waitCopy() }

// OnCopy runs f as each background copy starts, before it writes.
func (j *Journal) OnCopy(f func()) { j.copy.hook = func(context.Context) { f() } }

// GenGame is genGame: a seeded random whole game.
func GenGame(seed uint64, rules string, players ...string) []tablelog.Event {
	return genGame(seed, rules, players...)
}
