package board

import (
	"context"
	"fmt"
	"strings"
	"time"

	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/i2c/i2creg"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/conn/v3/spi/spireg"
	"periph.io/x/host/v3"

	"github.com/unoref/unoref/drivers/button"
	"github.com/unoref/unoref/drivers/gpioline"
)

// SPIDev is the spidev of SPI0 chip select ce ("/dev/spidev0.0"), as the
// readers are opened; periph's spireg takes it as a port name.
func SPIDev(ce int) string { return fmt.Sprintf("/dev/spidev0.%d", ce) }

// I2CBus is periph's i2creg name of the pin map's I²C bus ("i2c1" is
// "I2C1", /dev/i2c-1), as the OLED and seat pads are opened.
func I2CBus(bus string) string { return strings.ToUpper(bus) }

// SPIPort is an open spidev port, with the clock the reader's driver must
// use: nil means the system clock; the simulator passes its modelled one.
type SPIPort struct {
	spi.PortCloser
	Now   func() time.Time
	Sleep func(time.Duration)
}

// Output is a GPIO line requested as an output. *gpiocdev.Line implements
// it.
type Output interface {
	SetValue(v int) error
	Close() error
}

// Inputs are the button lines, requested with pull-ups and edge events.
// *gpioline.Inputs implements it.
type Inputs interface {
	button.Source
	Close() error
}

// The Pi's lines are the board's.
var _ Inputs = (*gpioline.Inputs)(nil)

// Clock is the time of the LEDs, buzzer, buttons and seat pads.
// gpiolinetest.Clock implements it for tests.
type Clock interface {
	Now() time.Time
	AfterFunc(d time.Duration, f func()) (stop func() bool)
}

type sysClock struct{}

func (sysClock) Now() time.Time { return time.Now() }
func (sysClock) AfterFunc(d time.Duration, f func()) func() bool {
	return time.AfterFunc(d, f).Stop
}

// SystemClock is the wall clock.
var SystemClock Clock = sysClock{}

// Host opens the buses and lines of a board. PiHost returns a Raspberry
// Pi's; boardtest.New the simulators'.
type Host struct {
	// OpenSPI opens a spidev by path, e.g. "/dev/spidev0.0".
	OpenSPI func(dev string) (*SPIPort, error)
	// OpenI2C opens an I²C bus by periph's name, e.g. "I2C1".
	OpenI2C func(name string) (i2c.BusCloser, error)
	// Output requests line offset of chip as an output, driven inactive.
	Output func(chip string, offset int, activeLow bool) (Output, error)
	// Inputs requests the button lines of chip.
	Inputs func(chip string, offsets []int) (Inputs, error)
	// Clock is the devices' time; nil means SystemClock.
	Clock Clock
}

// buttonDebounce is the kernel debounce asked for the button lines (Linux
// 5.10+; older kernels fall back to the software debouncer alone, which
// runs either way with its 20 ms window).
const buttonDebounce = 5 * time.Millisecond

// PiHost loads periph's host drivers and returns the Raspberry Pi's buses
// and the lines of its GPIO character device.
func PiHost() (*Host, error) {
	if _, err := host.Init(); err != nil {
		return nil, fmt.Errorf("board: %w", err)
	}
	return &Host{
		OpenSPI: func(dev string) (*SPIPort, error) {
			p, err := spireg.Open(dev)
			if err != nil {
				return nil, err
			}
			return &SPIPort{PortCloser: p}, nil
		},
		OpenI2C: func(name string) (i2c.BusCloser, error) { return i2creg.Open(name) },
		Output: func(chip string, offset int, activeLow bool) (Output, error) {
			return gpioline.Output(offset, activeLow, &gpioline.Opts{Chip: chip})
		},
		Inputs: func(chip string, offsets []int) (Inputs, error) {
			return gpioline.RequestInputs(offsets, &gpioline.InputOpts{Opts: gpioline.Opts{Chip: chip}, Debounce: buttonDebounce})
		},
		Clock: SystemClock,
	}, nil
}

// Loop is a device's background work (the display's drawing, the buttons'
// and seat pads' polling); it runs until ctx is done.
type Loop = func(ctx context.Context) error
