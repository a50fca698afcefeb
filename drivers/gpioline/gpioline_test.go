package gpioline_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/warthog618/go-gpiocdev"

	"github.com/unoref/unoref/drivers/gpioline"
)

// Without GPIO hardware (CI), opening fails with an error that names the chip
// and line and wraps gpiocdev's.
func TestOpenErrors(t *testing.T) {
	const chip = "gpiochip-unoref-test"
	if l, err := gpioline.RequestOutput(17, false, &gpioline.Opts{Chip: chip}); err == nil {
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

// TestHeaderChip finds the header's controller by its label on each Pi
// model's set of chips, without GPIO hardware.
func TestHeaderChip(t *testing.T) {
	errBusy := errors.New("busy")
	tests := []struct {
		name    string
		labels  map[string]string // chip → label; missing: can't be opened
		chips   []string
		want    string
		wantErr error
	}{
		{"Pi 4", map[string]string{"gpiochip0": "pinctrl-bcm2711", "gpiochip1": "raspberrypi-exp-gpio"}, []string{"gpiochip0", "gpiochip1"}, "gpiochip0", nil},
		{"Pi 3", map[string]string{"gpiochip0": "pinctrl-bcm2835", "gpiochip1": "raspberrypi-exp-gpio"}, []string{"gpiochip0", "gpiochip1"}, "gpiochip0", nil},
		{"Pi 5 early kernel", map[string]string{"gpiochip0": "gpio-brcmstb@107d508500", "gpiochip4": "pinctrl-rp1"}, []string{"gpiochip0", "gpiochip1", "gpiochip4"}, "gpiochip4", nil},
		{"laptop", map[string]string{"gpiochip0": "INT34C5:00"}, []string{"gpiochip0"}, "", gpiocdev.ErrNotFound},
		{"no chips", nil, nil, "", gpiocdev.ErrNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			label := func(chip string) (string, error) {
				l, ok := tt.labels[chip]
				if !ok {
					return "", errBusy
				}
				return l, nil
			}
			got, err := gpioline.HeaderChipOf(tt.chips, label)
			if got != tt.want || !errors.Is(err, tt.wantErr) {
				t.Errorf("HeaderChipOf(%q) = %q, %v, want %q, %v", tt.chips, got, err, tt.want, tt.wantErr)
			}
		})
	}
}

// TestEdge: a kernel event wakes a waiter; several events before a wait
// are one edge; no event is a timeout, at once for 0.
func TestEdge(t *testing.T) {
	e, fire := gpioline.EdgeFor()
	if e.WaitForEdge(0) {
		t.Fatal("WaitForEdge(0) with no event = true")
	}
	if e.WaitForEdge(time.Millisecond) {
		t.Fatal("WaitForEdge(1ms) with no event = true")
	}
	fire()
	fire()
	if !e.WaitForEdge(0) {
		t.Fatal("WaitForEdge(0) after an event = false")
	}
	if e.WaitForEdge(0) {
		t.Error("two events before a wait made two edges")
	}
	go func() {
		time.Sleep(time.Millisecond)
		fire()
	}()
	if !e.WaitForEdge(-1) {
		t.Error("WaitForEdge(-1) = false")
	}
	if err := e.Close(); err != nil {
		t.Errorf("Close() = %v", err)
	}
	if _, err := gpioline.RequestEdge(25, &gpioline.Opts{Chip: "gpiochip-unoref-test"}); err == nil || !strings.Contains(err.Error(), "gpiochip-unoref-test line 25") {
		t.Errorf("RequestEdge() on a missing chip = %v, want an error naming the chip and line", err)
	}
}

// TestEdgeWaitAllocatesNothing: the reader's driver waits for its IRQ once
// per exchange; every timed wait after the first reuses one timer (issue
// 21 point 7), and a wait still lasts until its timeout.
func TestEdgeWaitAllocatesNothing(t *testing.T) {
	e, fire := gpioline.EdgeFor()
	start := time.Now()
	allocs := testing.AllocsPerRun(5, func() {
		if e.WaitForEdge(time.Millisecond) {
			t.Fatal("WaitForEdge(1ms) with no event = true")
		}
	})
	if el := time.Since(start); el < 6*time.Millisecond {
		t.Errorf("six waits of 1 ms took %v: a wait ended early", el)
	}
	fire()
	if !e.WaitForEdge(time.Second) {
		t.Error("WaitForEdge(1s) after an event = false")
	}
	if allocs != 0 {
		t.Errorf("a timed wait for the IRQ allocates %v times, want 0", allocs)
	}
}
