package screen

import (
	"image"
	"strings"
	"testing"

	qr "github.com/piglig/go-qr"

	"github.com/unoref/unoref/drivers/oled/ssd1306test"
	"github.com/unoref/unoref/internal/testenv"
	"github.com/unoref/unoref/lang"
)

// camera is the panel as a phone's camera sees it.
func camera(g *image.Gray) *image.Gray { return ssd1306test.Photo(g, 4, 16) }

// TestLinkQR draws the page's address with the setup code as a QR code
// through our driver on the SSD1306 simulator, and reads it back from the
// panel with zbarimg and with a Go decoder: version 2 or 3, two pixels a
// module, dark modules in a lit square with a quiet zone, the code beside.
func TestLinkQR(t *testing.T) {
	p := newPanel(t)
	for _, link := range []string{
		"http://192.168.1.23:8080/#code=123456",
		"http://192.168.100.200:8080/#code=654321",
		"http://raspberrypi.local:8080/#code=000042",
		"http://[fd00::1]:8080/#code=999999",
		"http://192.168.100.200:8080/",
	} {
		t.Run(link, func(t *testing.T) {
			code, _ := strings.CutPrefix(link[strings.Index(link, "#")+1:], "code=")
			if !strings.Contains(link, "#") {
				code = ""
			}
			img := p.show(t, Screen{Link: link, Code: code, Lang: lang.Russian})
			checkQRGeometry(t, img)
			if got := testenv.ReadQR(t, camera(img)); got != link {
				t.Errorf("zbarimg reads %q, want %q", got, link)
			}
			if got, err := qr.Decode(camera(img)); err != nil || got != link {
				t.Errorf("go_qr.Decode = %q, %v, want %q", got, err, link)
			}
			if code != "" {
				mustFind(t, img, bold, code, false)
			}
		})
	}
	// Too long for version 3: no QR, the prompt says the code.
	long := Screen{Link: "http://" + strings.Repeat("a", 60) + ".local:8080/#code=123456", Code: "123456", Phase: "setup", Prompt: "Setup code 123456"}
	if layoutOf(long) == layoutLink {
		t.Errorf("a link too long for the panel is drawn as a QR code")
	}
}

// checkQRGeometry checks the QR code on the panel: its lit square is the
// panel's height at the left, its modules 2 px, its version 2 or 3, and
// a lit quiet zone of at least 3 px round the dark modules.
func checkQRGeometry(t *testing.T, img *image.Gray) {
	t.Helper()
	minX, minY, maxX, maxY := Width, Height, -1, -1
	for y := range qrSide {
		for x := range qrSide {
			if !ssd1306test.Lit(img, x, y) {
				minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
			}
		}
	}
	side := maxX - minX + 1
	if side != maxY-minY+1 || (side != 25*qrScale && side != 29*qrScale) {
		t.Fatalf("dark modules span %d×%d px, want a version 2 or 3 code at %d px a module", side, maxY-minY+1, qrScale)
	}
	if minX < 3 || minY < 3 || qrSide-1-maxX < 3 || qrSide-1-maxY < 3 {
		t.Errorf("quiet zone %d, %d, %d, %d px, want at least 3", minX, minY, qrSide-1-maxX, qrSide-1-maxY)
	}
	// The finder pattern's corner: a 7-module dark square, 2 px a module.
	for i := range 7 * qrScale {
		if ssd1306test.Lit(img, minX+i, minY) || ssd1306test.Lit(img, minX, minY+i) {
			t.Fatalf("no finder pattern at (%d,%d)", minX, minY)
		}
	}
}
