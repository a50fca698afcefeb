package screen

import (
	"image"
	"sync"

	qrcode "github.com/skip2/go-qrcode"
	"periph.io/x/devices/v3/ssd1306/image1bit"
)

// The QR code of Screen.Link: 2 pixels a module, dark modules on a lit
// square that holds the code and its quiet zone, at the left of the panel.
// Version 3 (29 modules, 58 px) is the largest that fits the 64 rows with
// a lit row and more round it; version 2 (25 modules) leaves 3½ modules.
const (
	qrScale      = 2
	qrMaxVersion = 3
	qrSide       = Height // the lit square
)

// qrLevels are the error correction levels, the least first.
var qrLevels = []qrcode.RecoveryLevel{qrcode.Low, qrcode.Medium, qrcode.High, qrcode.Highest}

// qrCache keeps the last link's modules: Render runs on every redraw and
// from the page's /oled.png, and the link changes once a boot.
var qrCache struct {
	sync.Mutex
	link    string
	modules [][]bool // [y][x], true for a dark module; nil when none fits
}

// qrModules encodes link in the smallest version up to qrMaxVersion, at
// the highest error correction level that still fits that version, and
// returns its modules without the quiet zone: nil when the link is too
// long for the panel.
func qrModules(link string) [][]bool {
	qrCache.Lock()
	defer qrCache.Unlock()
	if link != qrCache.link {
		qrCache.link, qrCache.modules = link, encodeQR(link)
	}
	return qrCache.modules
}

// encodeQR is qrModules uncached. go-qrcode panics only on a bug of its
// own: the panel then shows the address in words, as for a long link.
func encodeQR(link string) (modules [][]bool) {
	defer func() {
		if recover() != nil {
			modules = nil
		}
	}()
	var best *qrcode.QRCode
	for _, level := range qrLevels {
		c, err := qrcode.New(link, level)
		if err != nil || c.VersionNumber > qrMaxVersion || best != nil && c.VersionNumber > best.VersionNumber {
			break
		}
		best = c
	}
	if best == nil {
		return nil
	}
	// The quiet zone is the lit square's; the mask is chosen by the
	// standard's penalty on the symbol alone. Bitmap encodes: once.
	best.DisableBorder = true
	return best.Bitmap()
}

// drawQR draws the code of link in the lit square at (x, 0) and reports
// whether it fits.
func drawQR(dst *image1bit.VerticalLSB, x int, link string) bool {
	m := qrModules(link)
	if m == nil {
		return false
	}
	fillRect(dst, image.Rect(x, 0, x+qrSide, qrSide), image1bit.On)
	side := len(m) * qrScale
	ox, oy := x+(qrSide-side)/2, (qrSide-side)/2
	for my, row := range m {
		for mx, dark := range row {
			if dark {
				fillRect(dst, image.Rect(ox+mx*qrScale, oy+my*qrScale, ox+(mx+1)*qrScale, oy+(my+1)*qrScale), image1bit.Off)
			}
		}
	}
	return true
}
