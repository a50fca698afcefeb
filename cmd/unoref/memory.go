package main

import (
	"context"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// The daemon's memory. Its live heap is 1–3 MB (the catalogs, the page's
// templates, a game's lines); what else it holds resident is mostly the
// binary's own pages and SQLite's (README's "Measured" table).

// gcPercent is the daemon's GOGC when its environment sets none: at Go's
// default of 100 the collector lets the heap grow by as much again, and
// to 4 MB at least, which was ~1 MB of what a 20,000-event game added to
// its resident set (issue 21: 4.8–5.5 MiB at 100, 4.1–4.3 at 50). At 50
// the heap grows by half its live size (to 2 MB at least), and the
// collector runs twice as often, each time over those few megabytes:
// README's "Measured" table gives the cost.
const gcPercent = 50

// A trimmer hands the heap's free pages back to the system once the
// daemon has gone quiet after allocating: the start-up's garbage (the
// catalogs read, the schema checked, the page's templates parsed), a
// round's end, a night's history read on a phone. The collector keeps
// free pages for the next allocation and returns them only slowly; an
// idle table has no next allocation to keep them for (its reader's
// empty-field polls allocate nothing: drivers/mfrc522). Quiet is a tick in
// which the daemon allocated less than quietBytes; a trim waits until
// trimAfter has been allocated since the last one, so a game's taps,
// seconds apart, trim once every few dozen taps rather than after each.
type trimmer struct {
	last    uint64 // bytes allocated by the last tick
	trimmed uint64 // bytes allocated by the last trim
}

const (
	quietBytes = 64 << 10
	trimAfter  = 1 << 20
)

// tick is told the bytes the heap has allocated so far and says whether
// to trim now.
func (t *trimmer) tick(allocs uint64) bool {
	quiet := allocs-t.last < quietBytes
	t.last = allocs
	return quiet && allocs-t.trimmed >= trimAfter
}

// done records the bytes allocated when a trim ended.
func (t *trimmer) done(allocs uint64) { t.last, t.trimmed = allocs, allocs }

// trimWhenQuiet trims the heap every period in which the trimmer says to,
// until ctx is done. A trim is two collections (what a sync.Pool keeps,
// such as the OLED picture's PNG compressor, lasts until the second) and
// the return of every free page (debug.FreeOSMemory): a millisecond or
// two of CPU here, on its own goroutine; a tap that lands during one waits
// at most for the collections' stop-the-world pauses (under half a
// millisecond each here).
func trimWhenQuiet(ctx context.Context, period time.Duration) {
	t := trimmer{last: heapAllocs()} // the start-up's garbage counts
	tick := time.NewTicker(period)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			if t.tick(heapAllocs()) {
				runtime.GC()
				debug.FreeOSMemory()
				t.done(heapAllocs())
			}
		}
	}
}

// heapAllocs is the bytes the heap has allocated since the process began.
func heapAllocs() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}
