//go:build !unix

package journal

import "errors"

// freeBytes is unknown here: a full disk is reported as SQLite's error.
func freeBytes(dir string) (uint64, error) { return 0, errors.New("journal: free space unknown") }
