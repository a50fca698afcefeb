package doctor

import (
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"

	"github.com/unoref/unoref/referee/journal"

	"github.com/warthog618/go-gpiocdev"

	"github.com/unoref/unoref/drivers/gpioline"
	"github.com/unoref/unoref/hardware/board"
)

// consumer labels the lines the doctor holds, in gpioinfo.
const consumer = "unoref-doctor"

// PiEnv loads periph's host drivers and returns the Raspberry Pi's devices,
// opened the way the daemon opens them (board.PiHost).
func PiEnv() (*Env, error) {
	h, err := board.PiHost()
	if err != nil {
		return nil, fmt.Errorf("doctor: %w", err)
	}
	return &Env{
		Stat: func(path string) error {
			_, err := os.Stat(path)
			return err
		},
		OpenSPI: h.OpenSPI,
		OpenI2C: h.OpenI2C,
		Lines:   cdevLines{},
		Sleep:   time.Sleep,
		Root:    os.DirFS("/"),
		Speaker: EspeakSpeaker,
		Free:    journal.FreeSpace,
	}, nil
}

// cdevLines requests lines through the GPIO character device.
type cdevLines struct{}

func (cdevLines) Chip(name string) error {
	c, err := gpiocdev.NewChip(name)
	if err != nil {
		return err
	}
	return c.Close()
}

func (cdevLines) Output(chip string, offset int, activeLow bool) (Output, error) {
	l, err := gpioline.Output(offset, activeLow, &gpioline.Opts{Chip: chip, Consumer: consumer})
	if err != nil {
		return nil, holder(chip, offset, err)
	}
	return l, nil
}

func (cdevLines) Input(chip string, offset int, pullUp bool) (Input, error) {
	opts := []gpiocdev.LineReqOption{gpiocdev.AsInput, gpiocdev.WithConsumer(consumer)}
	if pullUp {
		opts = append(opts, gpiocdev.WithPullUp)
	}
	l, err := gpiocdev.RequestLine(chip, offset, opts...)
	if err != nil {
		return nil, holder(chip, offset, fmt.Errorf("doctor: %s line %d: %w", chip, offset, err))
	}
	return l, nil
}

// holder adds the name of the program holding a busy line to err.
func holder(chip string, offset int, err error) error {
	if !errors.Is(err, syscall.EBUSY) {
		return err
	}
	c, cerr := gpiocdev.NewChip(chip)
	if cerr != nil {
		return err
	}
	defer c.Close()
	info, ierr := c.LineInfo(offset)
	if ierr != nil || info.Consumer == "" {
		return err
	}
	return fmt.Errorf("%w (held by %q)", err, info.Consumer)
}
