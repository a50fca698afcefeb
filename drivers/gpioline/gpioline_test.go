package gpioline_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/warthog618/go-gpiocdev"

	"github.com/unoref/unoref/drivers/gpioline"
)

// Without GPIO hardware (CI), opening fails with an error that names the chip
// and line and wraps gpiocdev's.
func TestOpenErrors(t *testing.T) {
	const chip = "gpiochip-unoref-test"
	if l, err := gpioline.Output(17, false, &gpioline.Opts{Chip: chip}); err == nil {
		l.Close()
		t.Fatalf("Output() on %s = nil error", chip)
	} else if !strings.Contains(err.Error(), chip+" line 17") {
		t.Errorf("Output() error %q does not name the chip and line", err)
	}
	_, err := gpioline.RequestInputs([]int{17, 27}, &gpioline.InputOpts{Opts: gpioline.Opts{Chip: chip}})
	if err == nil || !strings.Contains(err.Error(), chip) {
		t.Errorf("RequestInputs() error = %v, want one naming %s", err, chip)
	}
}

func TestHeaderChip(t *testing.T) {
	name, err := gpioline.HeaderChip()
	if err != nil {
		if !errors.Is(err, gpiocdev.ErrNotFound) {
			t.Errorf("HeaderChip() error = %v, want ErrNotFound", err)
		}
		t.Skip("no Raspberry Pi GPIO chip here")
	}
	if !strings.HasPrefix(name, "gpiochip") {
		t.Errorf("HeaderChip() = %q, want a gpiochip name", name)
	}
}
