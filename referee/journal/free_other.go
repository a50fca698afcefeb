//go:build !unix

package journal

import "errors"

// freeBytes is unknown here: a full disk is reported as SQLite's error.
var freeBytes = func(dir string) (uint64, error) { return 0, errors.New("journal: free space unknown") }
