package gpioline_test

import (
	"context"
	"fmt"
	"time"

	"github.com/unoref/unoref/drivers/button"
	"github.com/unoref/unoref/drivers/gpioline"
	"github.com/unoref/unoref/drivers/led"
)

// Open the buttons and an LED of the reference build on a Raspberry Pi.
func Example() {
	chip, err := gpioline.HeaderChip()
	if err != nil {
		fmt.Println(err)
		return
	}
	opts := &gpioline.Opts{Chip: chip}

	uno, err := gpioline.RequestOutput(26, false, opts)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer uno.Close()
	leds, err := led.New(map[led.LED]gpioline.Output{led.UNO: uno}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer leds.Halt()

	in, err := gpioline.RequestInputs([]int{17, 27}, &gpioline.InputOpts{Opts: *opts, Debounce: 5 * time.Millisecond})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer in.Close()
	btns, err := button.New(map[int]button.Name{17: button.UNO, 27: button.Draw}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	events := make(chan button.Event)
	go btns.Run(ctx, in, events)
	for ev := range events {
		if ev.Button == button.UNO && ev.Kind == button.Press {
			leds.Set(led.UNO, true)
		}
	}
}
