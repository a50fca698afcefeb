package hardware_test

import (
	"fmt"
	"strings"

	"github.com/unoref/unoref/hardware"
)

func Example() {
	m := hardware.Default()
	fmt.Println("UNO button: GPIO", m.Buttons.UNO, "pin", hardware.PhysOf(int(m.Buttons.UNO)))
	fmt.Println("OLED:", m.OLED.Bus, fmt.Sprintf("0x%02X", m.OLED.Addr))

	bad := strings.Replace(string(hardware.DefaultTOML()), "legal = 13", "legal = 9", 1)
	_, err := hardware.Load(strings.NewReader(bad))
	fmt.Println(err)
	// Output:
	// UNO button: GPIO 17 pin 11
	// OLED: i2c1 0x3C
	// hardware: leds.legal: GPIO 9 is SPI0 MISO, reserved for the RC522 readers; allowed: 4, 5, 6, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27
}
