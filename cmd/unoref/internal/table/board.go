package table

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"periph.io/x/conn/v3/i2c/i2creg"
	"periph.io/x/conn/v3/spi/spireg"

	"github.com/unoref/unoref/cards/ndef"
	"github.com/unoref/unoref/cmd/unoref/internal/screen"
	"github.com/unoref/unoref/drivers/button"
	"github.com/unoref/unoref/drivers/buzzer"
	"github.com/unoref/unoref/drivers/gpioline"
	"github.com/unoref/unoref/drivers/led"
	"github.com/unoref/unoref/drivers/mfrc522"
	"github.com/unoref/unoref/drivers/oled"
	"github.com/unoref/unoref/drivers/seatpad"
	"github.com/unoref/unoref/hardware"
)

// SPIDev is the spidev of SPI0 chip select ce ("/dev/spidev0.0"), as
// OpenBoard opens the readers; periph's spireg takes it as a port name.
func SPIDev(ce int) string { return fmt.Sprintf("/dev/spidev0.%d", ce) }

// I2CBus is periph's i2creg name of the pin map's I²C bus ("i2c1" is
// "I2C1", /dev/i2c-1), as OpenBoard opens the OLED and seat pads.
func I2CBus(bus string) string { return strings.ToUpper(bus) }

// OpenBoard opens the devices of pin map pm on a Raspberry Pi, whose host
// drivers (periph's host.Init) must be loaded: the RC522 readers on SPI0,
// the OLED and the optional seat pads on I²C, and the LEDs, buzzer and
// buttons on GPIO lines. Devices.Halt closes what it opened; optional
// devices that do not answer (seat pads) are left out, with warn told why.
func OpenBoard(pm *hardware.PinMap, warn func(error)) (dev Devices, err error) {
	var closers []func() error
	defer func() {
		if err != nil {
			for _, c := range closers {
				c()
			}
		}
	}()
	dev.Clock = SystemClock
	gopts := &gpioline.Opts{Chip: pm.GPIO.Chip}
	if pm.NFC.RST != hardware.NoPin {
		rst, err := gpioline.Output(int(pm.NFC.RST), false, gopts)
		if err != nil {
			return dev, fmt.Errorf("table: RC522 reset line: %w", err)
		}
		closers = append(closers, rst.Close)
		// NRSTPD high: the readers run.
		if err := rst.SetValue(1); err != nil {
			return dev, fmt.Errorf("table: RC522 reset line: %w", err)
		}
	}
	reader := func(ce int) (*mfrc522.Dev, error) {
		port, err := spireg.Open(SPIDev(ce))
		if err != nil {
			return nil, err
		}
		closers = append(closers, port.Close)
		return mfrc522.NewSPI(port, &mfrc522.Opts{ReadPage: ndef.FirstPage})
	}
	play, err := reader(pm.NFC.Play.CE)
	if err != nil {
		return dev, fmt.Errorf("table: play-pad reader: %w", err)
	}
	dev.Play = play
	if pm.NFC.Draw != nil {
		d, err := reader(pm.NFC.Draw.CE)
		if err != nil {
			return dev, fmt.Errorf("table: draw-pad reader: %w", err)
		}
		dev.Draw = d
	}
	bus, err := i2creg.Open(I2CBus(pm.OLED.Bus))
	if err != nil {
		return dev, fmt.Errorf("table: OLED bus: %w", err)
	}
	closers = append(closers, bus.Close)
	panel, err := oled.NewI2C(bus, &oled.Opts{Addr: uint16(pm.OLED.Addr)})
	if err != nil {
		return dev, fmt.Errorf("table: OLED: %w", err)
	}
	disp := screen.NewDisplay(panel, nil)
	dev.Display = disp
	dev.Loops = append(dev.Loops, disp.Run)
	if pm.SeatPads.Seats > 0 {
		var addrs []uint16
		for _, a := range pm.SeatPads.Addrs {
			addrs = append(addrs, uint16(a))
		}
		sp, err := seatpad.NewI2C(bus, &seatpad.Opts{Seats: pm.SeatPads.Seats, Addrs: addrs})
		if err != nil {
			warn(fmt.Errorf("table: seat pads left out: %w", err))
		} else {
			ch := make(chan seatpad.Event, 16)
			dev.Seats, dev.SeatEvs = sp, ch
			dev.Loops = append(dev.Loops, func(ctx context.Context) error { return sp.Run(ctx, ch) })
		}
	}
	out := func(p hardware.Pin, activeLow bool) (led.Output, error) {
		if p == hardware.NoPin {
			return nil, nil
		}
		l, err := gpioline.Output(int(p), activeLow, gopts)
		if err != nil {
			return nil, err
		}
		closers = append(closers, l.Close)
		return l, nil
	}
	lines := map[led.LED]led.Output{}
	for l, p := range map[led.LED]hardware.Pin{
		led.DirCW: pm.LEDs.DirCW, led.DirCCW: pm.LEDs.DirCCW, led.Legal: pm.LEDs.Legal,
		led.Illegal: pm.LEDs.Illegal, led.UNO: pm.LEDs.UNO, led.Red: pm.LEDs.Red,
		led.Yellow: pm.LEDs.Yellow, led.Green: pm.LEDs.Green, led.Blue: pm.LEDs.Blue,
	} {
		o, err := out(p, pm.LEDs.ActiveLow)
		if err != nil {
			return dev, fmt.Errorf("table: LED %v: %w", l, err)
		}
		if o != nil {
			lines[l] = o
		}
	}
	leds, err := led.New(lines, nil)
	if err != nil {
		return dev, err
	}
	dev.LEDs = leds
	if o, err := out(pm.Buzzer.Pin, pm.Buzzer.ActiveLow); err != nil {
		return dev, fmt.Errorf("table: buzzer: %w", err)
	} else if o != nil {
		bz, err := buzzer.New(o, nil)
		if err != nil {
			return dev, err
		}
		dev.Buzzer = bz
	}
	btns := map[int]button.Name{}
	for n, p := range map[button.Name]hardware.Pin{
		button.UNO: pm.Buttons.UNO, button.Draw: pm.Buttons.Draw, button.Pass: pm.Buttons.Pass,
		button.Challenge: pm.Buttons.Challenge, button.Red: pm.Buttons.Red, button.Yellow: pm.Buttons.Yellow,
		button.Green: pm.Buttons.Green, button.Blue: pm.Buttons.Blue,
	} {
		if p != hardware.NoPin {
			btns[int(p)] = n
		}
	}
	if len(btns) > 0 {
		offs := make([]int, 0, len(btns))
		for o := range btns {
			offs = append(offs, o)
		}
		in, err := gpioline.RequestInputs(offs, &gpioline.InputOpts{Opts: *gopts})
		if err != nil {
			return dev, fmt.Errorf("table: buttons: %w", err)
		}
		closers = append(closers, in.Close)
		bd, err := button.New(btns, nil)
		if err != nil {
			return dev, err
		}
		ch := make(chan button.Event, 16)
		dev.Buttons = ch
		dev.Loops = append(dev.Loops, func(ctx context.Context) error { return bd.Run(ctx, in, ch) })
	}
	dev.Halt = func() error {
		var errs []error
		for i := len(closers) - 1; i >= 0; i-- {
			errs = append(errs, closers[i]())
		}
		return errors.Join(errs...)
	}
	return dev, nil
}
