package hardware

// HeaderPin is one pin of the Raspberry Pi 40-pin header (the same on every
// model since the B+, Zero 2 W and Pi 5 included).
type HeaderPin struct {
	Phys int    // physical pin, 1–40; odd pins on the inner row
	BCM  int    // BCM GPIO number, -1 for power and ground
	Name string // "GPIO17", "3V3", "5V" or "GND"
	Func string // what the pin is taken for when its bus is on
}

// Header lists the 40 pins in physical order: Header[i].Phys == i+1.
var Header = [40]HeaderPin{
	{1, -1, "3V3", ""}, {2, -1, "5V", ""},
	{3, 2, "GPIO2", "I2C1 SDA"}, {4, -1, "5V", ""},
	{5, 3, "GPIO3", "I2C1 SCL"}, {6, -1, "GND", ""},
	{7, 4, "GPIO4", "GPCLK0"}, {8, 14, "GPIO14", "UART TXD"},
	{9, -1, "GND", ""}, {10, 15, "GPIO15", "UART RXD"},
	{11, 17, "GPIO17", ""}, {12, 18, "GPIO18", "PCM CLK / PWM0"},
	{13, 27, "GPIO27", ""}, {14, -1, "GND", ""},
	{15, 22, "GPIO22", ""}, {16, 23, "GPIO23", ""},
	{17, -1, "3V3", ""}, {18, 24, "GPIO24", ""},
	{19, 10, "GPIO10", "SPI0 MOSI"}, {20, -1, "GND", ""},
	{21, 9, "GPIO9", "SPI0 MISO"}, {22, 25, "GPIO25", ""},
	{23, 11, "GPIO11", "SPI0 SCLK"}, {24, 8, "GPIO8", "SPI0 CE0"},
	{25, -1, "GND", ""}, {26, 7, "GPIO7", "SPI0 CE1"},
	{27, 0, "GPIO0", "ID_SD (HAT EEPROM)"}, {28, 1, "GPIO1", "ID_SC (HAT EEPROM)"},
	{29, 5, "GPIO5", ""}, {30, -1, "GND", ""},
	{31, 6, "GPIO6", ""}, {32, 12, "GPIO12", "PWM0"},
	{33, 13, "GPIO13", "PWM1"}, {34, -1, "GND", ""},
	{35, 19, "GPIO19", "PCM FS"}, {36, 16, "GPIO16", ""},
	{37, 26, "GPIO26", ""}, {38, 20, "GPIO20", "PCM DIN"},
	{39, -1, "GND", ""}, {40, 21, "GPIO21", "PCM DOUT"},
}

// PhysOf returns the physical pin of BCM GPIO bcm, or 0 if it is not on the
// header.
func PhysOf(bcm int) int {
	for _, p := range Header {
		if p.BCM == bcm && bcm >= 0 {
			return p.Phys
		}
	}
	return 0
}

// PowerPins returns the physical pins named name ("3V3", "5V", "GND").
func PowerPins(name string) []int {
	var ps []int
	for _, p := range Header {
		if p.Name == name {
			ps = append(ps, p.Phys)
		}
	}
	return ps
}

// Bus pins, reserved whenever the bus is on (dtparam=spi=on claims both
// chip selects; dtparam=i2c_arm=on claims SDA and SCL).
var (
	spi0Pins = map[int]string{7: "SPI0 CE1", 8: "SPI0 CE0", 9: "SPI0 MISO", 10: "SPI0 MOSI", 11: "SPI0 SCLK"}
	i2c1Pins = map[int]string{2: "I2C1 SDA", 3: "I2C1 SCL"}
	idPins   = map[int]string{0: "ID_SD", 1: "ID_SC"}
)
