package journal

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// The rolling copy is a page-for-page image of the journal's database
// (journal.db.backup), brought up to it by writing only the pages that
// changed, inside a transaction of the copy's own rollback journal: a copy
// is always whole (a power cut mid-copy leaves the copy before), and a
// round end writes what the round changed, twice (the page and its
// original in the rollback journal), not the whole journal.
//
// The pages come from SQLite's sqlite_dbpage table, read inside one read
// transaction of the journal (a snapshot: the table writes on meanwhile).
// Which can have changed is known from the WAL: every page a commit
// changes is in a frame of the WAL until a checkpoint copies it into the
// database and the WAL starts again. So the copier checkpoints the WAL
// itself (every connection of the journal has wal_autocheckpoint off),
// while its snapshot is held, which keeps the checkpoint from going past
// what the copy holds; the WAL then never drops a frame the copy lacks.
// Whatever breaks that chain (the first copy of a run, a WAL that started
// again unseen, a copy changed by anyone else, a copy that failed) makes
// the next copy compare every page, which reads the whole journal and the
// whole copy but still writes only what differs.

// mirrorState is what the last copy left: enough to know which pages can
// have changed since. Under copier.fileMu.
type mirrorState struct {
	known    bool      // the copy is the journal as of the last copy's snapshot
	wal      walHeader // the WAL's header then
	complete bool      // its checkpoint took the whole WAL: one start of the WAL again may follow
	size     int64     // the copy's size and time after it: a copy changed by anyone
	mod      time.Time // else is compared whole
}

// continues reports whether the WAL with header h still holds every frame
// committed since the last copy: the same WAL, or the one that follows a
// checkpoint that took it whole (its salt-1 and checkpoint count one more).
func (m mirrorState) continues(h walHeader) bool {
	switch {
	case !m.known || !h.ok || !m.wal.ok:
		return false
	case h.salt1 == m.wal.salt1 && h.salt2 == m.wal.salt2:
		return true
	}
	return m.complete && h.salt1 == m.wal.salt1+1 && h.ckpt == m.wal.ckpt+1
}

// walHeader is the header of a WAL file (SQLite's file format, "WAL File
// Format"); ok is false when there is no WAL or it is too short.
type walHeader struct {
	ok                 bool
	pageSize           int64
	ckpt, salt1, salt2 uint32
}

// readWAL reads the header of the WAL at path and the page numbers of its
// frames of the current generation (the salts of the header): the pages
// changed since the WAL started. Frames after a commit not finished yet
// are among them, which only costs a comparison.
func readWAL(path string) (walHeader, []int64, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return walHeader{}, nil, nil
	}
	if err != nil {
		return walHeader{}, nil, err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 64<<10)
	var b [32]byte
	if _, err := io.ReadFull(r, b[:]); err != nil {
		return walHeader{}, nil, nil // empty or cut: no frames to read
	}
	magic := binary.BigEndian.Uint32(b[0:])
	h := walHeader{pageSize: int64(binary.BigEndian.Uint32(b[8:])), ckpt: binary.BigEndian.Uint32(b[12:]),
		salt1: binary.BigEndian.Uint32(b[16:]), salt2: binary.BigEndian.Uint32(b[20:])}
	if magic&^1 != 0x377f0682 || h.pageSize < 512 || h.pageSize > 65536 {
		if h.pageSize == 1 && magic&^1 == 0x377f0682 {
			h.pageSize = 65536
		} else {
			return walHeader{}, nil, nil
		}
	}
	h.ok = true
	seen := map[int64]bool{}
	var pages []int64
	for {
		if _, err := io.ReadFull(r, b[:24]); err != nil {
			break
		}
		if binary.BigEndian.Uint32(b[8:]) != h.salt1 || binary.BigEndian.Uint32(b[12:]) != h.salt2 {
			break // a frame of an older WAL: the current one ends before it
		}
		p := int64(binary.BigEndian.Uint32(b[0:]))
		if !seen[p] {
			seen[p] = true
			pages = append(pages, p)
		}
		if _, err := r.Discard(int(h.pageSize)); err != nil {
			break
		}
	}
	return h, pages, nil
}

// querier is what a *sql.DB, *sql.Conn and *sql.Tx have for reading.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// asCopy turns page p of the journal into the copy's: bytes 18 and 19 of
// page 1's database header (the file format's write and read versions)
// say "rollback journal" (1) instead of "WAL" (2), so that the copy is one
// file, opened by anyone without a WAL beside it. Open turns WAL on again.
func asCopy(p int64, data []byte) []byte {
	if p == 1 && len(data) > 19 {
		data[18], data[19] = 1, 1
	}
	return data
}

// copied is what one copy did.
type copied struct {
	full    bool // every page was compared
	written int  // pages written
}

// mirror brings the rolling copy up to the journal through db (the
// copier's two connections to the journal) and a connection of its own to
// the copy, checkpoints the WAL up to it, fsyncs the record of the last
// event with the database's size, and checks the copy: the game of the
// record must be in it, and a copy compared whole must pass quick_check.
func (j *Journal) mirror(ctx context.Context, db *sql.DB) error {
	c := &j.copy
	c.fileMu.Lock()
	defer c.fileMu.Unlock()
	dst := BackupPath(j.path)
	if fi, err := os.Stat(dst); err != nil || fi.Size() != c.state.size || !fi.ModTime().Equal(c.state.mod) {
		c.state.known = false
	}
	cp, err := openCopy(ctx, dst)
	if err != nil {
		c.state.known = false
		return fmt.Errorf("journal: the rolling copy %s: %w", dst, err)
	}
	defer cp.Close()
	acked, did, err := j.copyPages(ctx, db, cp)
	if err != nil {
		c.state.known = false
		return fmt.Errorf("journal: the rolling copy %s: %w", dst, err)
	}
	cp.Close()
	if fi, err := os.Stat(dst); err == nil {
		c.state.size, c.state.mod = fi.Size(), fi.ModTime()
	}
	if err := checkCopy(ctx, dst, acked, did.full); err != nil {
		c.state.known = false
		return err
	}
	return nil
}

// openCopy opens the copy at dst on a connection of its own, in
// rollback-journal mode (a copy killed mid-write is rolled back here). A
// copy SQLite can't read is made again from nothing.
func openCopy(ctx context.Context, dst string) (*sql.DB, error) {
	open := func() (*sql.DB, error) {
		db, err := openSQL(dst, cacheKiB, "synchronous(NORMAL)")
		if err != nil {
			return nil, err
		}
		db.SetMaxOpenConns(1)
		var mode string
		if err := db.QueryRowContext(ctx, "PRAGMA journal_mode=DELETE").Scan(&mode); err != nil {
			db.Close()
			return nil, err
		}
		return db, nil
	}
	db, err := open()
	if err == nil || ctx.Err() != nil || !corrupt(err) && !strings.Contains(err.Error(), "not a database") {
		return db, err
	}
	for _, suf := range []string{"", "-journal"} {
		if err := os.Remove(dst + suf); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
	}
	return open()
}

// copyPages writes into the copy (cp) the pages of the journal that differ
// from it: the journal is read in one read transaction (the snapshot
// copied) on one of db's connections, and the WAL is checkpointed on the
// other while it holds. It returns the record of the last event as it was
// when the snapshot began: the copy holds at least that.
func (j *Journal) copyPages(ctx context.Context, db, cp *sql.DB) (ack, copied, error) {
	c := &j.copy
	var pageSize, have int64
	if err := db.QueryRowContext(ctx, "PRAGMA page_size").Scan(&pageSize); err != nil {
		return ack{}, copied{}, err
	}
	if err := cp.QueryRowContext(ctx, "PRAGMA page_count").Scan(&have); err != nil {
		return ack{}, copied{}, err
	}
	if have == 0 {
		if _, err := cp.ExecContext(ctx, fmt.Sprintf("PRAGMA page_size=%d", pageSize)); err != nil {
			return ack{}, copied{}, err
		}
	}
	src, err := db.Conn(ctx)
	if err != nil {
		return ack{}, copied{}, err
	}
	defer src.Close()
	rtx, err := src.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return ack{}, copied{}, err
	}
	defer rtx.Rollback()
	// The record is read with the snapshot's start, under the lock Undo
	// takes to lower it: the snapshot holds every event it names.
	var n int64
	j.ackMu.Lock()
	acked := j.last
	err = rtx.QueryRowContext(ctx, "PRAGMA page_count").Scan(&n)
	j.ackMu.Unlock()
	if err != nil {
		return ack{}, copied{}, err
	}
	hdr, pages, err := readWAL(j.path + "-wal")
	if err != nil {
		return ack{}, copied{}, err
	}
	did := copied{full: !c.state.continues(hdr)}
	wtx, err := cp.BeginTx(ctx, nil)
	if err != nil {
		return ack{}, copied{}, err
	}
	defer wtx.Rollback()
	if did.full {
		did.written, err = copyAll(ctx, rtx, wtx)
	} else {
		did.written, err = copyChanged(ctx, rtx, wtx, n, pages)
	}
	if err != nil {
		return ack{}, copied{}, err
	}
	if have > n {
		if _, err := wtx.ExecContext(ctx, "INSERT INTO sqlite_dbpage(pgno, data) VALUES (?, NULL)", n+1); err != nil {
			return ack{}, copied{}, err
		}
	}
	// Checkpoint while the snapshot is held: it stops at what the copy
	// has, so the WAL keeps every frame committed since.
	var busy, logged, moved int64
	ckErr := db.QueryRowContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &logged, &moved)
	if err := wtx.Commit(); err != nil {
		return ack{}, copied{}, err
	}
	rtx.Rollback()
	c.state.known, c.state.wal = true, hdr
	c.state.complete = ckErr == nil && busy == 0 && logged == moved
	if ckErr != nil {
		j.warn(fmt.Errorf("journal: %s: checkpoint at the copy: %w", j.path, ckErr))
		j.syncRecord(0)
		return acked, did, nil
	}
	size := int64(0)
	if fi, err := os.Stat(j.path); err == nil {
		size = fi.Size()
	}
	j.syncRecord(size)
	return acked, did, nil
}

// copyAll compares every page of the journal (read in rtx) with the copy
// (written in wtx), scanning both in page order, and writes those that
// differ as it goes; it returns how many.
func copyAll(ctx context.Context, rtx, wtx *sql.Tx) (int, error) {
	put, err := wtx.PrepareContext(ctx, "INSERT INTO sqlite_dbpage(pgno, data) VALUES (?, ?)")
	if err != nil {
		return 0, err
	}
	defer put.Close()
	from, err := rtx.QueryContext(ctx, "SELECT pgno, data FROM sqlite_dbpage")
	if err != nil {
		return 0, err
	}
	defer from.Close()
	// The copy's cursor reads a page before it is written: sqlite_dbpage
	// reads each page by its number, so writing the pages behind it is
	// safe.
	old, err := wtx.QueryContext(ctx, "SELECT pgno, data FROM sqlite_dbpage")
	if err != nil {
		return 0, err
	}
	defer old.Close()
	var (
		oldP    int64
		oldData []byte
		written int
	)
	next := func() error {
		oldP = 0
		if !old.Next() {
			return old.Err()
		}
		return old.Scan(&oldP, &oldData)
	}
	if err := next(); err != nil {
		return 0, err
	}
	for from.Next() {
		var p int64
		var data []byte
		if err := from.Scan(&p, &data); err != nil {
			return written, err
		}
		data = asCopy(p, data)
		for oldP != 0 && oldP < p {
			if err := next(); err != nil {
				return written, err
			}
		}
		if oldP == p && bytes.Equal(oldData, data) {
			continue
		}
		if _, err := put.ExecContext(ctx, p, data); err != nil {
			return written, err
		}
		written++
	}
	return written, from.Err()
}

// copyChanged compares the pages of the WAL's frames (and page 1) of the
// journal's snapshot (n pages, read in rtx) with the copy (written in
// wtx) and writes those that differ; it returns how many.
func copyChanged(ctx context.Context, rtx, wtx *sql.Tx, n int64, wal []int64) (int, error) {
	get, err := rtx.PrepareContext(ctx, "SELECT data FROM sqlite_dbpage WHERE pgno = ?")
	if err != nil {
		return 0, err
	}
	defer get.Close()
	old, err := wtx.PrepareContext(ctx, "SELECT data FROM sqlite_dbpage WHERE pgno = ?")
	if err != nil {
		return 0, err
	}
	defer old.Close()
	put, err := wtx.PrepareContext(ctx, "INSERT INTO sqlite_dbpage(pgno, data) VALUES (?, ?)")
	if err != nil {
		return 0, err
	}
	defer put.Close()
	written := 0
	for i, p := range append([]int64{1}, wal...) {
		if p < 1 || p > n || i > 0 && p == 1 {
			continue
		}
		var data, was []byte
		if err := get.QueryRowContext(ctx, p).Scan(&data); err != nil {
			return written, err
		}
		data = asCopy(p, data)
		if err := old.QueryRowContext(ctx, p).Scan(&was); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return written, err
		}
		if bytes.Equal(was, data) {
			continue
		}
		if _, err := put.ExecContext(ctx, p, data); err != nil {
			return written, err
		}
		written++
	}
	return written, nil
}

// checkCopy checks the copy just made, opened again: a journal holding
// the game the record names, as acknowledged; with full, SQLite's
// quick_check of the whole copy too.
func checkCopy(ctx context.Context, dst string, acked ack, full bool) error {
	q, err := openReader(dst)
	if err != nil {
		return err
	}
	defer q.Close()
	var id int
	if err := q.QueryRowContext(ctx, "PRAGMA application_id").Scan(&id); err != nil || id != appID {
		return fmt.Errorf("journal: the rolling copy %s fails its check: not a journal (application_id %#x, %v)", dst, id, err)
	}
	if err := checkAckedIn(ctx, q, dst, "", acked); err != nil {
		return fmt.Errorf("journal: the rolling copy fails its check: %w", err)
	}
	if !full {
		return nil
	}
	if err := quickCheckOf(ctx, q, dst, ""); err != nil {
		return fmt.Errorf("journal: the rolling copy fails its check: %w", err)
	}
	return nil
}

// WriteSnapshot writes the journal as it is now to w, as one database file
// (page 1 saying "rollback journal", as the rolling copy's): a consistent
// image read in one read transaction on a connection of its own, while the
// table writes on. It writes nothing to the disk. `unoref restore --from`
// puts such a file back.
func (j *Journal) WriteSnapshot(ctx context.Context, w io.Writer) (int64, error) {
	db, err := openDB(j.path, j.opts, passKiB)
	if err != nil {
		return 0, err
	}
	defer db.Close()
	return writeSnapshot(ctx, db, w)
}

// writeSnapshot streams the pages of the main schema of db to w, in one
// read transaction.
func writeSnapshot(ctx context.Context, db *sql.DB, w io.Writer) (int64, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return 0, fmt.Errorf("journal: snapshot: %w", err)
	}
	defer tx.Rollback()
	var n int64
	if err := tx.QueryRowContext(ctx, "PRAGMA main.page_count").Scan(&n); err != nil {
		return 0, fmt.Errorf("journal: snapshot: %w", err)
	}
	rows, err := tx.QueryContext(ctx, "SELECT pgno, data FROM sqlite_dbpage")
	if err != nil {
		return 0, fmt.Errorf("journal: snapshot: %w", err)
	}
	defer rows.Close()
	var written, pages int64
	for rows.Next() {
		var p int64
		var data []byte
		if err := rows.Scan(&p, &data); err != nil {
			return written, fmt.Errorf("journal: snapshot: %w", err)
		}
		if p != pages+1 {
			return written, fmt.Errorf("journal: snapshot: page %d after page %d", p, pages)
		}
		k, err := w.Write(asCopy(p, data))
		written += int64(k)
		if err != nil {
			return written, fmt.Errorf("journal: snapshot: %w", err)
		}
		pages++
	}
	if err := rows.Err(); err != nil {
		return written, fmt.Errorf("journal: snapshot: %w", err)
	}
	if pages != n {
		return written, fmt.Errorf("journal: snapshot: %d pages of %d", pages, n)
	}
	return written, nil
}

// secondCopy writes a whole copy of the journal into Opts.SecondCopy (a
// temporary file, fsynced, renamed over the one before, the directory
// fsynced) and checks it (a journal, quick_check).
func (j *Journal) secondCopy(ctx context.Context, db *sql.DB) error {
	dir := j.opts.SecondCopy
	if j.opts.SecondCheck != nil {
		if err := j.opts.SecondCheck(dir); err != nil {
			return fmt.Errorf("journal: the second copy: %w", err)
		}
	}
	dst := filepath.Join(dir, filepath.Base(j.path)+BackupSuffix)
	if err := writeFileAtomic(dst, func(f *os.File) error {
		_, err := writeSnapshot(ctx, db, f)
		return err
	}); err != nil {
		return fmt.Errorf("journal: the second copy in %s: %w", dir, err)
	}
	if err := checkJournalFile(ctx, dst); err != nil {
		return fmt.Errorf("journal: the second copy in %s fails its check: %w", dir, err)
	}
	return nil
}

// writeFileAtomic writes dst through write into dst.tmp, fsyncs it,
// renames it over dst and fsyncs the directory: dst is the old file or
// the new one, whole.
func writeFileAtomic(dst string, write func(*os.File) error) error {
	tmp := dst + ".tmp"
	f, err := os.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	err = write(f)
	if err == nil {
		err = fsync(f)
	}
	err = errors.Join(err, f.Close())
	if err == nil {
		err = os.Rename(tmp, dst)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return syncDir(filepath.Dir(dst))
}

// checkJournalFile opens the database file at path (rolling back a copy's
// unfinished transaction, if its rollback journal is there) and checks it
// is a journal this unoref reads, whole (quick_check).
func checkJournalFile(ctx context.Context, path string) error {
	db, err := openReader(path)
	if err != nil {
		return err
	}
	defer db.Close()
	var id, ver int
	if err := db.QueryRowContext(ctx, "PRAGMA application_id").Scan(&id); err != nil || id != appID {
		return fmt.Errorf("%w: %s is not a journal (%v)", ErrNotJournal, path, err)
	}
	if err := db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&ver); err != nil {
		return fmt.Errorf("journal: %s: %w", path, err)
	}
	if ver > len(migrations) {
		return fmt.Errorf("%w: %s has schema version %d, this unoref knows up to %d", ErrNewerSchema, path, ver, len(migrations))
	}
	return quickCheckOf(ctx, db, path, "")
}

// openReader opens the database at path for reading only (query_only: a
// copy's unfinished rollback journal is still rolled back).
func openReader(path string) (*sql.DB, error) {
	db, err := openSQL(path, passKiB, "query_only(1)")
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	db.SetMaxOpenConns(1)
	return db, nil
}
