package journal

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
)

// AckSuffix names the record of the last acknowledged event, kept beside
// the database (journal.db.ack): the out-of-band witness that lets Open
// tell a journal that lost events from one that never had them.
const AckSuffix = ".ack"

// ack is the last acknowledged event: the game, its number of events, and
// a hash chained over their lines (so a changed line is seen too); and how
// big the database file was after the last checkpoint, so that a database
// file older than the record (put back from elsewhere, cut short) is seen.
type ack struct {
	counter uint64 // increases with every record; the newer slot wins
	game    int64
	seq     int
	sum     [sha256.Size]byte
	dbSize  int64 // bytes of the database file after a checkpoint; 0: unknown (an older record)
}

// The record file has two slots, written in turn, so a write torn by a
// power cut leaves the other, one record older, intact. A slot of an
// older unoref (ackMagic1, without dbSize) is still read.
const (
	ackSlot   = 512 // one sector each: a slot is never split across sectors
	ackMagic1 = "UNOREFAK"
	ackMagic  = "UNOREFA2"
	ackLen1   = len(ackMagic1) + 8 + 8 + 8 + sha256.Size + 4
	ackLen    = ackLen1 + 8
)

// ackFile is the open record file of a journal that writes.
type ackFile struct {
	f    *os.File
	last ack
}

// chain is the hash of a game's lines up to and including line.
func chain(prev [sha256.Size]byte, line string) [sha256.Size]byte {
	s, _ := chainIn(nil, prev, line)
	return s
}

// chainIn is chain with buf as its room to hash in, returned to be used
// again: a game's lines are chained one at a time without garbage.
func chainIn[L string | []byte](buf []byte, prev [sha256.Size]byte, line L) ([sha256.Size]byte, []byte) {
	buf = append(append(buf[:0], prev[:]...), line...)
	return sha256.Sum256(buf), buf
}

// chainOf hashes lines from the start.
func chainOf(lines []string) [sha256.Size]byte {
	var s [sha256.Size]byte
	for _, l := range lines {
		s = chain(s, l)
	}
	return s
}

func (a ack) encode() []byte {
	b := make([]byte, 0, ackLen)
	b = append(b, ackMagic...)
	b = binary.BigEndian.AppendUint64(b, a.counter)
	b = binary.BigEndian.AppendUint64(b, uint64(a.game))
	b = binary.BigEndian.AppendUint64(b, uint64(a.seq))
	b = append(b, a.sum[:]...)
	b = binary.BigEndian.AppendUint64(b, uint64(a.dbSize))
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
}

func decodeAck(b []byte) (ack, bool) {
	n := 0
	switch {
	case len(b) >= ackLen && string(b[:len(ackMagic)]) == ackMagic:
		n = ackLen
	case len(b) >= ackLen1 && string(b[:len(ackMagic1)]) == ackMagic1:
		n = ackLen1
	default:
		return ack{}, false
	}
	body := b[:n-4]
	if crc32.ChecksumIEEE(body) != binary.BigEndian.Uint32(b[n-4:n]) {
		return ack{}, false
	}
	p := body[len(ackMagic):]
	a := ack{counter: binary.BigEndian.Uint64(p), game: int64(binary.BigEndian.Uint64(p[8:])), seq: int(binary.BigEndian.Uint64(p[16:]))}
	copy(a.sum[:], p[24:])
	if n == ackLen {
		a.dbSize = int64(binary.BigEndian.Uint64(p[24+sha256.Size:]))
	}
	return a, true
}

// errAckUnreadable is a record file that exists but holds no valid slot.
var errAckUnreadable = errors.New("the record of the last acknowledged event is unreadable")

// readAck reads the newest valid record at path; ok is false when there is
// no file (a journal from before records were kept, or a new one).
func readAck(path string) (a ack, ok bool, err error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return ack{}, false, nil
	}
	if err != nil {
		return ack{}, false, fmt.Errorf("journal: %w", err)
	}
	found := false
	for off := 0; off < len(b); off += ackSlot {
		if s, valid := decodeAck(b[off:]); valid && (!found || s.counter > a.counter) {
			a, found = s, true
		}
	}
	if !found && len(b) > 0 {
		return ack{}, false, errAckUnreadable
	}
	return a, found, nil
}

// openAck opens (creating) the record file for writing, starting from last.
func openAck(path string, last ack) (*ackFile, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	return &ackFile{f: f, last: last}, nil
}

// write records a as the last acknowledged event (its counter is the
// file's next) in the slot not holding the newest record. With durable
// it is fsynced before write returns; else its writing to the disk is
// started (writeback) and nothing waits for it: the record may then lag
// behind the journal after a power cut, which Open accepts, but never
// run ahead of it.
func (w *ackFile) write(a ack, durable bool) error {
	a.counter = w.last.counter + 1
	off := int64(a.counter%2) * ackSlot
	if _, err := w.f.WriteAt(a.encode(), off); err != nil {
		return fmt.Errorf("journal: record of the last event: %w", err)
	}
	w.last = a
	if !durable {
		startWriteback(w.f, off, ackSlot)
		return nil
	}
	return w.sync()
}

// sync fsyncs the records written so far.
func (w *ackFile) sync() error {
	if err := fsync(w.f); err != nil {
		return fmt.Errorf("journal: record of the last event: %w", err)
	}
	return nil
}

func (w *ackFile) close() error { return w.f.Close() }
