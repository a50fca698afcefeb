package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
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

// lockFile in the data directory is locked (flock) by the daemon using it.
const lockFile = "unoref.lock"

// ErrDataInUse is a data directory another daemon is using.
var ErrDataInUse = errors.New("the data directory is in use")

// lockData locks dir for this process, writing its PID in the lock file,
// or says which process holds it. The lock ends with unlock, or with the
// process: a daemon killed with SIGKILL leaves no stale lock. The PID is
// only a help to the person reading the refusal: on a disk with no room
// left it may not be written, and the lock holds all the same.
func lockData(dir string) (unlock func(), err error) {
	f, err := os.OpenFile(filepath.Join(dir, lockFile), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", dir, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		defer f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, &dataInUseError{dir: dir, pid: holder(f)}
		}
		return nil, fmt.Errorf("lock %s: %w", dir, err)
	}
	if err := writePID(f); err != nil && !errors.Is(err, syscall.ENOSPC) && !errors.Is(err, syscall.EDQUOT) {
		f.Close()
		return nil, fmt.Errorf("lock %s: %w", dir, err)
	}
	return func() { f.Close() }, nil
}

// dataInUseError is a data directory another unoref holds (ErrDataInUse).
type dataInUseError struct {
	dir, pid string
}

func (e *dataInUseError) Error() string {
	return fmt.Sprintf("%v: %s is used by another unoref, PID %s: stop it first (sudo systemctl stop unoref), or give this one another --data", ErrDataInUse, e.dir, e.pid)
}

func (e *dataInUseError) Unwrap() error { return ErrDataInUse }

// writePID replaces the lock file's content with this process's PID. It
// writes over the old content before it cuts the file to length: a block
// the file holds already needs no room on the disk.
func writePID(f *os.File) error {
	pid := []byte(strconv.Itoa(os.Getpid()) + "\n")
	if _, err := f.WriteAt(pid, 0); err != nil {
		return err
	}
	return f.Truncate(int64(len(pid)))
}

// holder is the PID written in a lock file, or "unknown".
func holder(f *os.File) string {
	b := make([]byte, 32)
	n, _ := f.ReadAt(b, 0)
	if pid := strings.TrimSpace(string(b[:n])); pid != "" {
		return pid
	}
	return "unknown"
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

// sameDisk reports whether a and b are on the same file system.
func sameDisk(a, b string) (bool, error) {
	var sa, sb syscall.Stat_t
	if err := syscall.Stat(a, &sa); err != nil {
		return false, err
	}
	if err := syscall.Stat(b, &sb); err != nil {
		return false, err
	}
	return sa.Dev == sb.Dev, nil
}
