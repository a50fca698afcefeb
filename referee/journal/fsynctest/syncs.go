package fsynctest

import (
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// The counting VFS: a copy of SQLite's default VFS (unix) whose xOpen
// hands every file it opens a copy of its I/O methods with xSync counted.
// Function pointers in the transpiled SQLite are Go func values kept as
// uintptr (the data word of an interface holding the func), called back
// through a *func of the C signature.
type (
	openFn = func(tls *libc.TLS, vfs, name, file uintptr, flags int32, outFlags uintptr) int32
	syncFn = func(tls *libc.TLS, file uintptr, flags int32) int32
)

var (
	sqliteSyncs atomic.Uint64
	countOnce   sync.Once

	origVFS  uintptr // the default VFS the counting one wraps
	origOpen uintptr // its xOpen

	methodsMu sync.Mutex
	counted   = map[uintptr]uintptr{} // a file's methods → their counting copy
	origSync  = map[uintptr]uintptr{} // a counting copy → the xSync it wraps
)

// CountSyncs makes every SQLite database opened from now on in this
// process count its fsyncs (xSync of SQLite's VFS: the WAL at a commit,
// the database and the WAL at a checkpoint, a rollback journal): it
// registers a counting copy of the default VFS as the default. Safe to
// call more than once.
func CountSyncs() {
	countOnce.Do(register)
}

// SQLiteSyncs is the number of fsyncs SQLite asked for since CountSyncs.
func SQLiteSyncs() uint64 { return sqliteSyncs.Load() }

func register() {
	tls := libc.NewTLS()
	defer tls.Close()
	origVFS = sqlite3.Xsqlite3_vfs_find(tls, 0)
	if origVFS == 0 {
		panic("fsynctest: no default SQLite VFS")
	}
	size := unsafe.Sizeof(sqlite3.Tsqlite3_vfs{})
	v := libc.Xmalloc(tls, libc.Tsize_t(size))
	if v == 0 {
		panic("fsynctest: out of memory")
	}
	vfs := (*sqlite3.Tsqlite3_vfs)(ptr(v))
	*vfs = *(*sqlite3.Tsqlite3_vfs)(ptr(origVFS))
	origOpen = vfs.FxOpen
	name, err := libc.CString("unoref-countsync")
	if err != nil {
		panic(err)
	}
	vfs.FzName = name
	vfs.FpNext = 0
	vfs.FxOpen = funcPtr(countingOpen)
	if rc := sqlite3.Xsqlite3_vfs_register(tls, v, 1); rc != sqlite3.SQLITE_OK {
		panic("fsynctest: registering the counting VFS failed")
	}
}

// countingOpen opens the file through the default VFS, then points it at
// the counting copy of its methods.
func countingOpen(tls *libc.TLS, vfs, name, file uintptr, flags int32, outFlags uintptr) int32 {
	rc := (*(*openFn)(unsafe.Pointer(&origOpen)))(tls, origVFS, name, file, flags, outFlags)
	if rc != sqlite3.SQLITE_OK {
		return rc
	}
	f := (*sqlite3.Tsqlite3_file)(ptr(file))
	if f.FpMethods != 0 {
		f.FpMethods = countingMethods(tls, f.FpMethods)
	}
	return rc
}

// countingMethods is the copy of methods with xSync counted, made once.
func countingMethods(tls *libc.TLS, methods uintptr) uintptr {
	methodsMu.Lock()
	defer methodsMu.Unlock()
	if c, ok := counted[methods]; ok {
		return c
	}
	size := unsafe.Sizeof(sqlite3.Tsqlite3_io_methods{})
	c := libc.Xmalloc(tls, libc.Tsize_t(size))
	if c == 0 {
		return methods
	}
	m := (*sqlite3.Tsqlite3_io_methods)(ptr(c))
	*m = *(*sqlite3.Tsqlite3_io_methods)(ptr(methods))
	origSync[c] = m.FxSync
	m.FxSync = funcPtr(countingSync)
	counted[methods] = c
	return c
}

func countingSync(tls *libc.TLS, file uintptr, flags int32) int32 {
	sqliteSyncs.Add(1)
	methodsMu.Lock()
	fn := origSync[(*sqlite3.Tsqlite3_file)(ptr(file)).FpMethods]
	methodsMu.Unlock()
	return (*(*syncFn)(unsafe.Pointer(&fn)))(tls, file, flags)
}

// funcPtr is f as the transpiled SQLite keeps a function pointer: the data
// word of an interface holding it (a static funcval for a top-level func).
func funcPtr(f any) uintptr {
	type iface [2]uintptr
	return (*iface)(unsafe.Pointer(&f))[1]
}

// ptr is the C memory at address p (libc's heap, not Go's).
func ptr(p uintptr) unsafe.Pointer { return *(*unsafe.Pointer)(unsafe.Pointer(&p)) }

// WrittenBytes is the number of bytes this process has handed to write
// calls so far (wchar of /proc/self/io: every write and pwrite, whether it
// reached the disk yet or not); ok is false where Linux's /proc is not.
func WrittenBytes() (n uint64, ok bool) {
	b, err := os.ReadFile("/proc/self/io")
	if err != nil {
		return 0, false
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, found := strings.CutPrefix(l, "wchar: "); found {
			n, err := strconv.ParseUint(strings.TrimSpace(v), 10, 64)
			return n, err == nil
		}
	}
	return 0, false
}
