package web

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"sync"

	"github.com/unoref/unoref/cmd/unoref/internal/screen"
)

// The OLED's two colours as the page draws them: a white-blue pixel on black
// glass, like the common 0.96" module.
var oledPalette = color.Palette{
	color.RGBA{0x06, 0x08, 0x0c, 0xff},
	color.RGBA{0xd8, 0xee, 0xff, 0xff},
}

// scaleOLED draws src k times larger with square pixels: a pixel is lit when
// its grey level is at least half.
func scaleOLED(src image.Image, k int) *image.Paletted {
	b := screen.Bounds // the panel, drawn blank when the table has no image
	if src != nil {
		b = src.Bounds()
	}
	dst := image.NewPaletted(image.Rect(0, 0, b.Dx()*k, b.Dy()*k), oledPalette)
	if src == nil {
		return dst
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if color.GrayModel.Convert(src.At(x, y)).(color.Gray).Y < 0x80 {
				continue
			}
			x0, y0 := (x-b.Min.X)*k, (y-b.Min.Y)*k
			for dy := range k {
				row := dst.Pix[(y0+dy)*dst.Stride+x0:]
				for dx := range k {
					row[dx] = 1
				}
			}
		}
	}
	return dst
}

// serveOLED draws the OLED, except on a real table while it shows the
// setup code: that is for the eyes at the table only.
func (s *Server) serveOLED(w http.ResponseWriter, r *http.Request) {
	if s.pins.pending() {
		http.Error(w, words{s.pageLang(r)}.T("page.oled.code"), http.StatusForbidden)
		return
	}
	var buf bytes.Buffer
	if err := pngEncoder.Encode(&buf, scaleOLED(s.t.OLED(), s.o.OLEDScale)); err != nil {
		http.Error(w, words{s.pageLang(r)}.T("page.oled.fail"), http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "image/png")
	h.Set("Cache-Control", "no-store")
	w.Write(buf.Bytes())
}

// pngEncoder encodes the page's pictures, keeping its compressor between
// them: a new one is a megabyte of garbage for every picture of the OLED
// a phone asks for.
var pngEncoder = &png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &pngBuffers{}}

// pngBuffers is a png.EncoderBufferPool on a sync.Pool.
type pngBuffers struct{ p sync.Pool }

func (b *pngBuffers) Get() *png.EncoderBuffer {
	e, _ := b.p.Get().(*png.EncoderBuffer)
	return e
}

func (b *pngBuffers) Put(e *png.EncoderBuffer) { b.p.Put(e) }
