package fsynctest

import (
	"database/sql"
	"path/filepath"
	"testing"

	_ "modernc.org/sqlite"
)

// A commit in WAL mode with synchronous=FULL fsyncs the WAL once; with
// synchronous=OFF it fsyncs nothing. The counting VFS sees exactly that.
func TestCountSyncs(t *testing.T) {
	CountSyncs()
	for _, tt := range []struct {
		sync string
		want uint64
	}{{"FULL", 1}, {"OFF", 0}} {
		db, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "t.db")+"?_pragma=journal_mode(WAL)&_pragma=synchronous("+tt.sync+")")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec("CREATE TABLE t(a)"); err != nil {
			t.Fatal(err)
		}
		before := SQLiteSyncs()
		for range 10 {
			if _, err := db.Exec("INSERT INTO t VALUES (1)"); err != nil {
				t.Fatal(err)
			}
		}
		if got := SQLiteSyncs() - before; got != 10*tt.want {
			t.Errorf("synchronous=%s: 10 commits made %d fsyncs, want %d", tt.sync, got, 10*tt.want)
		}
		db.Close()
	}
}
