package screen

import (
	"image"
	"sync"

	qr "github.com/piglig/go-qr"
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

// qrCache keeps the last link's modules: Render runs on every redraw and
// from the page's /oled.png, and the link changes once a boot.
var qrCache struct {
	sync.Mutex
	link string
	code *qr.QrCode
}

// qrCode encodes link in the smallest version up to qrMaxVersion, in the
// segments that take the fewest bits (digits of an address as numbers,
// the rest as bytes), at the highest error correction level that still
// fits: nil when the link is too long for the panel.
func qrCode(link string) *qr.QrCode {
	qrCache.Lock()
	defer qrCache.Unlock()
	if link == qrCache.link {
		return qrCache.code
	}
	qrCache.link, qrCache.code = link, nil
	segs, err := qr.MakeSegmentsOptimally(link, qr.Low, 1, qrMaxVersion)
	if err != nil {
		return nil
	}
	c, err := qr.EncodeSegments(segs, qr.Low, 1, qrMaxVersion, -1, true)
	if err != nil {
		return nil
	}
	qrCache.code = c
	return c
}

// drawQR draws the code of link in the lit square at (x, 0) and reports
// whether it fits.
func drawQR(dst *image1bit.VerticalLSB, x int, link string) bool {
	c := qrCode(link)
	if c == nil {
		return false
	}
	fillRect(dst, image.Rect(x, 0, x+qrSide, qrSide), image1bit.On)
	side := c.Size() * qrScale
	ox, oy := x+(qrSide-side)/2, (qrSide-side)/2
	for my := range c.Size() {
		for mx := range c.Size() {
			if c.Module(mx, my) {
				fillRect(dst, image.Rect(ox+mx*qrScale, oy+my*qrScale, ox+(mx+1)*qrScale, oy+(my+1)*qrScale), image1bit.Off)
			}
		}
	}
	return true
}
