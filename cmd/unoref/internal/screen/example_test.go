package screen_test

import (
	"context"
	"fmt"
	"log"

	"github.com/unoref/unoref/cmd/unoref/internal/screen"
	"github.com/unoref/unoref/drivers/oled"
	"github.com/unoref/unoref/drivers/oled/ssd1306test"
)

func Example() {
	// On the Pi: b, err := i2creg.Open(""); here a simulated panel.
	sim := ssd1306test.New(nil)
	dev, err := oled.NewI2C(sim, nil)
	if err != nil {
		log.Fatal(err)
	}
	d := screen.NewDisplay(dev, nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go d.Run(ctx)

	d.Show(screen.Screen{
		Phase: "turn", Turn: "Ben", Direction: "cw", Color: "G", Top: "G7",
		Hands:   []screen.Seat{{Name: "Ann", Count: 7}, {Name: "Ben", Count: 3}},
		Message: "Ann played G7",
	})
	if err := d.Sync(ctx); err != nil {
		log.Fatal(err)
	}
	fmt.Println("display on:", sim.State().DisplayOn)

	if err := d.Halt(); err != nil {
		log.Fatal(err)
	}
	fmt.Println("display on:", sim.State().DisplayOn)
	// Output:
	// display on: true
	// display on: false
}

func ExampleRender() {
	img := screen.Render(screen.Screen{Phase: "over", Winner: "Chloe",
		Scores: []screen.Score{{Name: "Ann", Points: 320}, {Name: "Chloe", Points: 512}}})
	fmt.Println(img.Bounds())
	// Output: (0,0)-(128,64)
}

func ExampleMissing() {
	fmt.Printf("%q\n", screen.Missing("Аня, Đorđe, Ștefan, 李"))
	// Output: ['李']
}
