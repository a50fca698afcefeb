package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// journalFile is the journal's file name in the data directory.
const journalFile = "journal.db"

// systemDataDir is where the daemon keeps its files when it runs as a service.
const systemDataDir = "/var/lib/unoref"

// dataDir is the default of --data: $UNOREF_DATA; else /var/lib/unoref when
// it exists and this user can read it (the service's journal); else the
// user's own $XDG_DATA_HOME/unoref or ~/.local/share/unoref.
func dataDir() string {
	return dataDirFrom(os.Getenv, systemDataDir, os.UserHomeDir)
}

// dataDirFrom is dataDir with its environment passed in, for tests.
func dataDirFrom(getenv func(string) string, system string, home func() (string, error)) string {
	if d := getenv("UNOREF_DATA"); d != "" {
		return d
	}
	if readableDir(system) {
		return system
	}
	if d := getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "unoref")
	}
	h, err := home()
	if err != nil || h == "" {
		return "unoref-data"
	}
	return filepath.Join(h, ".local", "share", "unoref")
}

// readableDir reports whether dir is a directory this process can list.
func readableDir(dir string) bool {
	f, err := os.Open(dir)
	if err != nil {
		return false
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.IsDir() {
		return false
	}
	_, err = f.Readdirnames(1)
	return err == nil || errors.Is(err, io.EOF)
}

// makeDataDir creates the data directory dir if it is missing. Its error
// names --data, whether dir came from the flag, the file or the default.
func makeDataDir(dir string) error {
	err := os.MkdirAll(dir, 0o755)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if err != nil {
		return fmt.Errorf("--data %s: cannot create the directory: %w", dir, err)
	}
	return nil
}
