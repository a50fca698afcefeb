package web

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"sync"
)

// favicon is /favicon.ico: a red card with a white oval, 32×32, drawn
// when first asked (its PNG encoder takes a megabyte: not at every start).
// An ICO file may hold a PNG image (ICONDIRENTRY with the PNG's bytes).
var favicon = sync.OnceValue(func() []byte {
	const n = 32
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	red, white := color.NRGBA{0xd7, 0x26, 0x00, 0xff}, color.NRGBA{0xff, 0xff, 0xff, 0xff}
	for y := range n {
		for x := range n {
			if x < 5 || x >= n-5 || y < 1 || y >= n-1 {
				continue // the card's margin stays clear
			}
			img.Set(x, y, red)
			dx, dy := float64(x-n/2)+0.5, float64(y-n/2)+0.5
			// A tilted oval, as on the cards.
			u, v := (dx+dy)/1.414, (dy-dx)/1.414
			if u*u/110+v*v/30 <= 1 {
				img.Set(x, y, white)
			}
		}
	}
	var p bytes.Buffer
	if err := png.Encode(&p, img); err != nil {
		panic(err) // an in-memory image always encodes
	}
	var ico bytes.Buffer
	// ICONDIR: reserved, type 1 (icon), one image.
	binary.Write(&ico, binary.LittleEndian, [3]uint16{0, 1, 1})
	// ICONDIRENTRY: width, height, colours, reserved, planes, bpp, size, offset.
	ico.Write([]byte{n, n, 0, 0})
	binary.Write(&ico, binary.LittleEndian, [2]uint16{1, 32})
	binary.Write(&ico, binary.LittleEndian, [2]uint32{uint32(p.Len()), 6 + 16})
	ico.Write(p.Bytes())
	return ico.Bytes()
})

func serveFavicon(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "image/x-icon")
	h.Set("Cache-Control", "max-age=86400")
	w.Write(favicon())
}
