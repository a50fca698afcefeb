package board

import (
	"errors"

	"github.com/unoref/unoref/cards/enroll"
	"github.com/unoref/unoref/drivers/mfrc522"
)

// Tags is what EnrollReader needs of the reader; *mfrc522.Dev has it.
type Tags interface {
	Detect() ([]mfrc522.Tag, error)
	ReadPages(uid mfrc522.UID, page uint8) ([]byte, error)
	WritePage(uid mfrc522.UID, page uint8, data [4]byte) error
}

var _ Tags = (*mfrc522.Dev)(nil)

// EnrollReader adapts an RC522 to enrolment: UIDs and pages, with the
// driver's errors mapped to enroll's sentinels (the driver's error stays
// in the chain).
func EnrollReader(t Tags) enroll.Reader { return enrollReader{t} }

type enrollReader struct{ t Tags }

var _ enroll.Reader = enrollReader{}

func (r enrollReader) Detect() ([][]byte, error) {
	tags, err := r.t.Detect()
	if err != nil {
		return nil, enrollErr(err)
	}
	uids := make([][]byte, len(tags))
	for i, t := range tags {
		uids[i] = t.UID
	}
	return uids, nil
}

func (r enrollReader) ReadPages(uid []byte, page uint8) ([]byte, error) {
	b, err := r.t.ReadPages(uid, page)
	return b, enrollErr(err)
}

func (r enrollReader) WritePage(uid []byte, page uint8, data [4]byte) error {
	return enrollErr(r.t.WritePage(uid, page, data))
}

// enrollErr marks the driver's errors that enrolment branches on with its
// sentinels; the text stays the driver's.
func enrollErr(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, mfrc522.ErrCollision):
		return marked{enroll.ErrCollision, err}
	case errors.Is(err, mfrc522.ErrNAK):
		return marked{enroll.ErrTagRefused, err}
	case errors.Is(err, mfrc522.ErrReaderGone), errors.Is(err, mfrc522.ErrHalted):
		return marked{enroll.ErrReaderGone, err}
	}
	return err
}

// marked is a driver error that also is one of enroll's sentinels.
type marked struct{ sentinel, err error }

func (m marked) Error() string   { return m.err.Error() }
func (m marked) Unwrap() []error { return []error{m.sentinel, m.err} }
