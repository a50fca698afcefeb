package journaltest

import (
	"database/sql"
	"path/filepath"
	"testing"
)

// TestDecadeAsTheJournalWrites: the synthetic journal's rows are those
// the journal writes, so that what the benchmarks read is what a family's
// journal holds: each game's players line names its seats as its events'
// players line does.
func TestDecadeAsTheJournalWrites(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.db")
	if err := writeDecade(path, 40); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT g.id, g.players, (SELECT group_concat(name, ' ' ORDER BY seat) FROM seats s WHERE s.game_id = g.id)
FROM games g ORDER BY g.id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var (
			id             int64
			players, seats string
		)
		if err := rows.Scan(&id, &players, &seats); err != nil {
			t.Fatal(err)
		}
		if players != seats {
			t.Errorf("game %d: players %q, want %q as the journal writes them", id, players, seats)
		}
		n++
	}
	if err := rows.Err(); err != nil || n != 40 {
		t.Fatalf("%d games read, error %v", n, err)
	}
}
