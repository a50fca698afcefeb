package journal

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// codeErr is an error carrying an SQLite result code, as the driver's do.
type codeErr int

func (e codeErr) Error() string { return fmt.Sprintf("disk I/O error (%d)", int(e)) }
func (e codeErr) Code() int     { return int(e) }

func TestDiskFullSentence(t *testing.T) {
	tests := []struct {
		name string
		err  error
		free uint64
		full bool
	}{
		{"shm on a full disk", fmt.Errorf("journal: x: %w", codeErr(4874)), 0, true},
		{"SQLITE_FULL", codeErr(13), 4096, true},
		{"I/O error with room left", codeErr(4874), 1 << 30, false},
		{"not an I/O error", errors.New("journal: not a unoref journal"), 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := diskFull(tt.err, "/data", func(string) (uint64, error) { return tt.free, nil })
			if errors.Is(got, ErrDiskFull) != tt.full {
				t.Fatalf("diskFull(%v) = %v, want full %v", tt.err, got, tt.full)
			}
			if tt.full && !strings.Contains(got.Error(), "/data has") || !tt.full && got != tt.err {
				t.Errorf("diskFull(%v) = %q", tt.err, got)
			}
		})
	}
}

// A power cut while the record is written tears one slot: the other, one
// record older, is read. Both slots unreadable is damage, said loudly.
func TestAckRecordSurvivesATornWrite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.db"+AckSuffix)
	w, err := openAck(path, ack{})
	if err != nil {
		t.Fatal(err)
	}
	for seq := 1; seq <= 3; seq++ {
		if err := w.write(ack{game: 7, seq: seq, sum: chainOf([]string{fmt.Sprint(seq)})}, true); err != nil {
			t.Fatal(err)
		}
	}
	w.close()
	got, ok, err := readAck(path)
	if err != nil || !ok || got.seq != 3 || got.counter != 3 {
		t.Fatalf("readAck = %+v, %v, %v, want seq 3", got, ok, err)
	}
	tear(t, path, 1*ackSlot+20) // the newest record (counter 3) sits in slot 1
	got, ok, err = readAck(path)
	if err != nil || !ok || got.seq != 2 || got.game != 7 {
		t.Fatalf("readAck after a torn write = %+v, %v, %v, want seq 2", got, ok, err)
	}
	tear(t, path, 20)
	if _, _, err := readAck(path); !errors.Is(err, errAckUnreadable) {
		t.Fatalf("readAck with both slots torn = %v, want errAckUnreadable", err)
	}
	db := strings.TrimSuffix(path, AckSuffix)
	if _, err := Open(context.Background(), db, nil); !errors.Is(err, ErrDamaged) {
		t.Errorf("Open with an unreadable record = %v, want ErrDamaged", err)
	}
}

func tear(t *testing.T, path string, at int64) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteAt([]byte{0xde, 0xad}, at); err != nil {
		t.Fatal(err)
	}
}

// Open checks the database (quick_check) and the record of the last
// acknowledged event on every start; Undo lowers the record before it
// commits, so an undo is never mistaken for a loss.
func TestOpenChecksTheRecord(t *testing.T) {
	ctx := context.Background()
	s := newScript(genGame(5, "rules official target=200", "Ann", "Ben", "Cy"))
	j, path := openTemp(t)
	tb := startScript(t, j, s)
	playScript(t, tb, s, s.nsetup, s.nsetup+20)
	if _, err := tb.Undo(ctx); err != nil {
		t.Fatal(err)
	}
	want := eventLines(tb.Events())
	j.Close()
	_, tb2 := reopen(t, path)
	if d := cmp.Diff(want, eventLines(tb2.Events())); d != "" {
		t.Fatalf("reopened after an undo (-want +got):\n%s", d)
	}
	a, ok, err := readAck(path + AckSuffix)
	if err != nil || !ok || a.seq != len(want) || a.game != tb2.ID() {
		t.Errorf("record = %+v, %v, %v, want game %d seq %d", a, ok, err, tb2.ID(), len(want))
	}
}

// BenchmarkAckRecord is what the record of the last acknowledged event
// costs: each journaled event, one 84-byte write with its writeback
// started ("event"); at a round end and an undo, the same fsynced
// ("fsynced").
func BenchmarkAckRecord(b *testing.B) {
	for _, durable := range []bool{false, true} {
		name := "event"
		if durable {
			name = "fsynced"
		}
		b.Run(name, func(b *testing.B) {
			w, err := openAck(filepath.Join(b.TempDir(), "j.db"+AckSuffix), ack{})
			if err != nil {
				b.Fatal(err)
			}
			defer w.close()
			var sum [32]byte
			for i := 0; b.Loop(); i++ {
				sum = chain(sum, "play R5")
				if err := w.write(ack{game: 1, seq: i, sum: sum}, durable); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/event")
		})
	}
}

// BenchmarkRoundEnd is what a round end costs, on a journal of one game
// and on one grown by 200 more written straight into the schema: ms/round
// is what the tap that ended the round waits for (the round's block of
// the rollups counted again, the copy asked for), copy-ms/round what the
// background then takes (the WAL checkpoint and the rolling copy: VACUUM
// INTO, fsync, rename), which grows with the journal while the tap's share
// does not.
func BenchmarkRoundEnd(b *testing.B) {
	for _, games := range []int{0, 200} {
		b.Run(fmt.Sprintf("games=%d", games+1), func(b *testing.B) {
			s := newScript(genGame(21, "rules official", "Ann", "Ben", "Cy"))
			j, _ := openTemp(b)
			tb := startScript(b, j, s)
			playScript(b, tb, s, s.nsetup, len(s.evs))
			cloneGames(b, j, tb.ID(), games)
			benchRoundEnds(b, j, tb.ID())
		})
	}
}

// benchRoundEnds times round ends of game, the tap's share and the
// background's apart.
func benchRoundEnds(b *testing.B, j *Journal, game int64) {
	ctx := context.Background()
	j.roundEnded(ctx)
	j.waitCopy()
	var tap, all time.Duration
	for b.Loop() {
		if _, err := j.db.ExecContext(ctx, "INSERT OR IGNORE INTO dirty_blocks VALUES (?)", game/blockGames); err != nil {
			b.Fatal(err)
		}
		t0 := time.Now()
		j.roundEnded(ctx)
		tap += time.Since(t0)
		j.waitCopy()
		all += time.Since(t0)
	}
	n := float64(b.N) * float64(time.Millisecond)
	b.ReportMetric(float64(tap)/n, "ms/round")
	b.ReportMetric(float64(all-tap)/n, "copy-ms/round")
	if fi, err := os.Stat(BackupPath(j.path)); err == nil {
		b.ReportMetric(float64(fi.Size())/1e6, "copy-MB")
	}
}

// cloneGames writes n copies of game (its row and its events) straight
// into the schema, as years of play would grow the file.
func cloneGames(b testing.TB, j *Journal, game int64, n int) {
	ctx := context.Background()
	err := j.tx(ctx, func(tx *sql.Tx) error {
		for range n {
			res, err := tx.ExecContext(ctx, `INSERT INTO games(started_at, ended_at, players, rules, winner)
				SELECT started_at, ended_at, players, rules, winner FROM games WHERE id = ?`, game)
			if err != nil {
				return err
			}
			id, err := res.LastInsertId()
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO events(game_id, seq, line, ok, code, recorded_at)
				SELECT ?, seq, line, ok, code, recorded_at FROM events WHERE game_id = ?`, id, game); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	j.flushRollups(ctx)
}

// Open on a disk without room says so in a sentence, not as SQLite's
// "disk I/O error (4874)". The shared-memory file SQLite can't create
// (here: a link to a missing directory) stands for the full disk; with
// room left the error is SQLite's own, and not called damage.
func TestOpenOnAFullDisk(t *testing.T) {
	ctx := context.Background()
	j, path := openTemp(t)
	if _, err := j.NewGame(ctx, []string{"Ann", "Ben"}); err != nil {
		t.Fatal(err)
	}
	j.Close()
	if err := os.Symlink(filepath.Join(filepath.Dir(path), "missing", "shm"), path+"-shm"); err != nil {
		t.Fatal(err)
	}
	defer func(f func(string) (uint64, error)) { freeBytes = f }(freeBytes)
	freeBytes = func(string) (uint64, error) { return 0, nil }
	_, err := Open(ctx, path, nil)
	if !errors.Is(err, ErrDiskFull) || !strings.Contains(err.Error(), "has 0 bytes left") {
		t.Fatalf("Open on a full disk = %v, want ErrDiskFull in a sentence", err)
	}
	freeBytes = func(string) (uint64, error) { return 1 << 30, nil }
	if _, err := Open(ctx, path, nil); err == nil || errors.Is(err, ErrDiskFull) || errors.Is(err, ErrDamaged) {
		t.Errorf("Open with room left = %v, want SQLite's own error", err)
	}
}
