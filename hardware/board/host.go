package board

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"

	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/host/v3/sysfs"

	"github.com/unoref/unoref/drivers/button"
	"github.com/unoref/unoref/drivers/clock"
	"github.com/unoref/unoref/drivers/gpioline"
)

// SPIDev is the spidev of SPI0 chip select ce ("/dev/spidev0.0"), as the
// readers are opened.
func SPIDev(ce int) string { return fmt.Sprintf("/dev/spidev0.%d", ce) }

// I2CBus is the name of the pin map's I²C bus as Host.OpenI2C takes it
// ("i2c1" is "I2C1", /dev/i2c-1), as the OLED and seat pads are opened.
func I2CBus(bus string) string { return strings.ToUpper(bus) }

// SPIPort is an open spidev port, with the clock the reader's driver must
// use: nil means the system clock; the simulator passes its modelled one.
type SPIPort struct {
	spi.PortCloser
	Now   func() time.Time
	Sleep func(time.Duration)
}

// I2CPort is an open I²C bus, with the clock of the drivers that poll on
// it (the seat pads): nil means the host's Clock. A simulated board passes
// one that moves only when it lets the expanders be polled.
type I2CPort struct {
	i2c.BusCloser
	Clock clock.Clock
}

// Input is a GPIO line requested as an input, read by level (doctor's
// checks). *gpiocdev.Line implements it.
type Input interface {
	Value() (int, error)
	Close() error
}

// Edge is an input line that reports its falling edges: the RC522's IRQ,
// for mfrc522.Opts.IRQ. *gpioline.Edge implements it.
type Edge interface {
	WaitForEdge(timeout time.Duration) bool
	Close() error
}

var _ Edge = (*gpioline.Edge)(nil)

// Inputs are the button lines, requested with pull-ups and edge events.
// *gpioline.Inputs implements it.
type Inputs interface {
	button.Source
	Close() error
}

// The Pi's lines are the board's.
var _ Inputs = (*gpioline.Inputs)(nil)

// Host opens the buses, lines and files of a machine: the one way unoref
// reaches hardware. PiHost returns a Raspberry Pi's; boardtest.Sim.Host a
// simulated board's. Open opens a pin map's devices on it, and the doctor
// checks the wiring through it.
type Host struct {
	// OpenSPI opens a spidev by path, e.g. "/dev/spidev0.0".
	OpenSPI func(dev string) (*SPIPort, error)
	// OpenI2C opens an I²C bus by name, e.g. "I2C1" (/dev/i2c-1).
	OpenI2C func(name string) (*I2CPort, error)
	// Chip returns nil when the gpiochip name can be opened; errors wrap
	// gpiocdev.ErrNotFound or gpiocdev.ErrPermissionDenied.
	Chip func(name string) error
	// Output requests line offset of chip as an output, driven inactive.
	// Errors wrap the kernel's: EBUSY for a line another program holds.
	Output func(chip string, offset int, activeLow bool) (gpioline.OutputCloser, error)
	// Input requests line offset of chip as an input read by level, with
	// the pull-up when pullUp.
	Input func(chip string, offset int, pullUp bool) (Input, error)
	// Inputs requests the button lines of chip, with edge events.
	Inputs func(chip string, offsets []int) (Inputs, error)
	// Edge requests line offset of chip as an input with its pull-up and
	// falling-edge events: the play-pad reader's IRQ (nfc.irq).
	Edge func(chip string, offset int) (Edge, error)
	// Files are the machine's files, from its root: dev/spidev0.0,
	// proc/device-tree/model, boot/firmware/cmdline.txt.
	Files fs.FS
	// Clock is the devices' time; nil means clock.System.
	Clock clock.Clock
	// Sleep waits, for lines and chips to settle (the doctor, enrolment);
	// nil means time.Sleep. A simulated board's moves its chips' clocks.
	Sleep func(time.Duration)
}

// buttonDebounce is the kernel debounce asked for the button lines (Linux
// 5.10+; older kernels fall back to the software debouncer alone, which
// runs either way with its 20 ms window).
const buttonDebounce = 5 * time.Millisecond

// PiHost returns the Raspberry Pi's buses (the kernel's spidev and i2c-dev,
// through periph's sysfs drivers: nothing else of periph's host is loaded)
// and the lines of its GPIO character device, labelled consumer in
// gpioinfo ("unoref", "unoref-doctor").
func PiHost(consumer string) *Host {
	opts := func(chip string) *gpioline.Opts { return &gpioline.Opts{Chip: chip, Consumer: consumer} }
	return &Host{
		OpenSPI: openSPI,
		OpenI2C: openI2C,
		Chip:    gpioline.CheckChip,
		Output: func(chip string, offset int, activeLow bool) (gpioline.OutputCloser, error) {
			return gpioline.RequestOutput(offset, activeLow, opts(chip))
		},
		Input: func(chip string, offset int, pullUp bool) (Input, error) {
			return gpioline.RequestInput(offset, pullUp, opts(chip))
		},
		Inputs: func(chip string, offsets []int) (Inputs, error) {
			return gpioline.RequestInputs(offsets, &gpioline.InputOpts{Opts: *opts(chip), Debounce: buttonDebounce})
		},
		Edge:  func(chip string, offset int) (Edge, error) { return gpioline.RequestEdge(offset, opts(chip)) },
		Files: os.DirFS("/"),
		Clock: clock.System,
		Sleep: time.Sleep,
	}
}

// openSPI opens "/dev/spidevB.C" with periph's sysfs SPI driver.
func openSPI(dev string) (*SPIPort, error) {
	var bus, cs int
	if _, err := fmt.Sscanf(dev, "/dev/spidev%d.%d", &bus, &cs); err != nil {
		return nil, fmt.Errorf("board: %q is not a spidev (/dev/spidevB.C)", dev)
	}
	p, err := sysfs.NewSPI(bus, cs)
	if err != nil {
		return nil, err
	}
	return &SPIPort{PortCloser: p}, nil
}

// openI2C opens "I2CN" (/dev/i2c-N) with periph's sysfs I²C driver.
func openI2C(name string) (*I2CPort, error) {
	var bus int
	if _, err := fmt.Sscanf(name, "I2C%d", &bus); err != nil {
		return nil, fmt.Errorf("board: %q is not an I²C bus (I2CN)", name)
	}
	b, err := sysfs.NewI2C(bus)
	if err != nil {
		return nil, err
	}
	return &I2CPort{BusCloser: b}, nil
}

// Loop is a device's background work (the display's drawing, the buttons'
// and seat pads' polling); it runs until ctx is done.
type Loop = func(ctx context.Context) error
