package journal

import (
	"context"
	"database/sql"
	"testing"
	"time"
)

// openSchema opens path as a journal of an older unoref that knew the
// schema up to version only, written through that version's own SQL.
func openSchema(t testing.TB, path string, version int) *Journal {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=foreign_keys(1)")
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	j := &Journal{db: db, path: path, now: time.Now}
	if err := j.init(context.Background(), migrations[:version]); err != nil {
		db.Close()
		t.Fatal(err)
	}
	return j
}
