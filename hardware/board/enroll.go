package board

import (
	"errors"
	"fmt"

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

// enrollErr wraps the driver's errors that enrolment branches on in its
// sentinels.
func enrollErr(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, mfrc522.ErrCollision):
		return fmt.Errorf("%w: %w", enroll.ErrCollision, err)
	case errors.Is(err, mfrc522.ErrNAK):
		return fmt.Errorf("%w: %w", enroll.ErrTagRefused, err)
	case errors.Is(err, mfrc522.ErrReaderGone), errors.Is(err, mfrc522.ErrHalted):
		return fmt.Errorf("%w: %w", enroll.ErrReaderGone, err)
	}
	return err
}
