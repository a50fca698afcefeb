package screen

import (
	"image"
	"math"

	"periph.io/x/devices/v3/ssd1306/image1bit"
)

// colourOn reports whether pattern pixel (x, y) is lit for a colour. A
// monochrome panel cannot show colour, so each one gets a texture that
// stays distinct at arm's length; the letter or word always goes with it.
func colourOn(colour string, x, y int) bool {
	switch colour {
	case "R":
		return true // solid
	case "Y":
		return (x+y)%4 == 0 // diagonal hatch
	case "G":
		return x%3 == 0 && y%3 == 0 // dots
	case "B":
		return y%3 == 0 // horizontal stripes
	}
	return false
}

func fillColour(dst *image1bit.VerticalLSB, r image.Rectangle, colour string) {
	r = r.Intersect(dst.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			dst.SetBit(x, y, image1bit.Bit(colourOn(colour, x, y)))
		}
	}
}

// roundRect strokes r with its corner pixels cut.
func roundRect(dst *image1bit.VerticalLSB, r image.Rectangle, c image1bit.Bit) {
	for x := r.Min.X + 1; x < r.Max.X-1; x++ {
		dst.SetBit(x, r.Min.Y, c)
		dst.SetBit(x, r.Max.Y-1, c)
	}
	for y := r.Min.Y + 1; y < r.Max.Y-1; y++ {
		dst.SetBit(r.Min.X, y, c)
		dst.SetBit(r.Max.X-1, y, c)
	}
}

// arrowSize is the side of the direction icon.
const arrowSize = 15

// arrowMask holds the two direction icons, computed once: a ring open at
// the top with an arrowhead showing the way play goes round the table.
var arrowMask = [2][arrowSize][arrowSize]bool{makeArrow(true), makeArrow(false)}

func makeArrow(cw bool) [arrowSize][arrowSize]bool {
	var m [arrowSize][arrowSize]bool
	// The ring sits low so the arrowhead on top fits.
	c, cy := float64(arrowSize-1)/2, float64(arrowSize-1)/2+1
	const rIn, rOut = 4.6, 6.2
	// Angles are measured clockwise from 12 o'clock, in screen space; the
	// arc ends just past the top so the head points sideways.
	const gapFrom, gapTo = 0.0, 80.0
	for y := 0; y < arrowSize; y++ {
		for x := 0; x < arrowSize; x++ {
			dx, dy := float64(x)-c, float64(y)-cy
			d := math.Hypot(dx, dy)
			a := math.Atan2(dx, -dy) * 180 / math.Pi // 0 at top, +90 at right
			if !cw {
				a = -a
			}
			if d >= rIn && d <= rOut && (a < gapFrom || a > gapTo) {
				m[y][x] = true
			}
		}
	}
	// Arrowhead at the end of the arc (gapFrom), pointing along the motion.
	ang := gapFrom * math.Pi / 180
	sx := 1.0
	if !cw {
		sx = -1
	}
	r := (rIn + rOut) / 2
	ex, ey := c+sx*r*math.Sin(ang), cy-r*math.Cos(ang)
	tx, ty := sx*math.Cos(ang), math.Sin(ang) // clockwise tangent, mirrored for ccw
	nx, ny := sx*math.Sin(ang), -math.Cos(ang)
	tip := [2]float64{ex + tx*5.5, ey + ty*5.5}
	b1 := [2]float64{ex - tx*0.5 + nx*3.4, ey - ty*0.5 + ny*3.4}
	b2 := [2]float64{ex - tx*0.5 - nx*3.4, ey - ty*0.5 - ny*3.4}
	for y := 0; y < arrowSize; y++ {
		for x := 0; x < arrowSize; x++ {
			if inTriangle(float64(x), float64(y), tip, b1, b2) {
				m[y][x] = true
			}
		}
	}
	return m
}

func inTriangle(x, y float64, a, b, c [2]float64) bool {
	s := func(p, q [2]float64) float64 { return (x-q[0])*(p[1]-q[1]) - (p[0]-q[0])*(y-q[1]) }
	d1, d2, d3 := s(a, b), s(b, c), s(c, a)
	neg := d1 < 0 || d2 < 0 || d3 < 0
	pos := d1 > 0 || d2 > 0 || d3 > 0
	return !(neg && pos)
}

// drawArrow draws the direction icon; "ccw" turns it anticlockwise, any
// other value clockwise.
func drawArrow(dst *image1bit.VerticalLSB, x, y int, dir string) {
	m := &arrowMask[0]
	if dir == "ccw" {
		m = &arrowMask[1]
	}
	for j := range m {
		for i := range m[j] {
			if m[j][i] {
				dst.SetBit(x+i, y+j, image1bit.On)
			}
		}
	}
}
