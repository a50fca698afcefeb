// Package boardtest is a unoref board made of simulators, behind a
// board.Host: two RC522 simulators (mfrc522test) on SPI0 CE0 and CE1, an
// SSD1306 simulator (ssd1306test) and MCP23017 simulators (mcp23017test) on
// I2C1, fake output lines and button edges (gpiolinetest) on gpiochip0, all
// on one fake clock. A part that is not fitted is there but unplugged, as
// on a real board: its chip select or address exists and nothing answers.
//
// The readers' drivers wait between polls until a test allows the next
// ones (Board.Poll), so a test knows what they have seen without sleeping;
// buttons are pressed with Board.Press on the fake clock.
package boardtest
