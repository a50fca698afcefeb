package doctor

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/unoref/unoref/referee/journal"
)

// lowFree is the room on the journal's disk below which the doctor warns:
// a few weeks of game nights, and the rolling copy's rollback journal.
const lowFree = 64 << 20

// disk checks the room left on the disk of the data directory: a full
// card refuses every play that would be saved (the table's banner says
// so), so it is a problem; little room, a warning.
func (d *doctor) disk() {
	if d.env.Free == nil || d.opts.Data == "" {
		return
	}
	d.add(diskCheck(d.opts.Data, d.env.Free))
}

// diskCheck words the room left in dir.
func diskCheck(dir string, free func(string) (uint64, error)) Check {
	c := Check{Name: "free space"}
	n, err := free(existing(dir))
	switch {
	case err != nil:
		c.Status, c.Message, c.Detail = Warn, "the room left for the journal in "+dir+" can't be read", err.Error()
	case n < journal.MinFree:
		c.Status = Problem
		c.Message = fmt.Sprintf("the SD card is full: %s has %s left, and the table refuses every play it would save: delete old files on the card, or move the data directory to a bigger one", dir, size(n))
	case n < lowFree:
		c.Status = Warn
		c.Message = fmt.Sprintf("%s has only %s left for the journal and its copy: make room before the card is full", dir, size(n))
	default:
		c.Status = OK
		c.Message = fmt.Sprintf("%s has %s left for the journal", dir, size(n))
	}
	return c
}

// size is n bytes for a person: "512 KB", "1.5 GB".
func size(n uint64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%d KB", n>>10)
}

// existing is dir, or its nearest parent that exists: the disk a data
// directory not made yet will be made on.
func existing(dir string) string {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Stat(d); err == nil || filepath.Dir(d) == d {
			return d
		}
	}
}
