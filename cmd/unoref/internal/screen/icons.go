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

// The direction icon: arrowSize wide, arrowH tall, on the turn screen's
// second line between the name's ink and the hands row, a row clear of
// each.
const arrowSize, arrowH = 15, 12

// arrowMask holds the two direction icons, computed once: a ring open at
// the top with an arrowhead showing the way play goes round the table.
var arrowMask = [2][arrowH][arrowSize]bool{makeArrow(true), makeArrow(false)}

func makeArrow(cw bool) [arrowH][arrowSize]bool {
	var m [arrowH][arrowSize]bool
	// The ring, a little wider than tall, sits low so the arrowhead on top
	// fits.
	c, cy := float64(arrowSize-1)/2, float64(arrowH-1)/2+0.8
	const rx, ry, thick = 6.4, 5.0, 1.5
	// Angles are measured clockwise from 12 o'clock, in screen space; the
	// arc ends just past the top so the head points sideways.
	const gapFrom, gapTo = 0.0, 80.0
	for y := 0; y < arrowH; y++ {
		for x := 0; x < arrowSize; x++ {
			dx, dy := float64(x)-c, float64(y)-cy
			d := math.Hypot(dx/rx, dy/ry)
			a := math.Atan2(dx, -dy) * 180 / math.Pi // 0 at top, +90 at right
			if !cw {
				a = -a
			}
			if d <= 1.05 && d >= 1-thick/ry && (a < gapFrom || a > gapTo) {
				m[y][x] = true
			}
		}
	}
	// Arrowhead at the end of the arc (gapFrom), pointing along the motion.
	sx := 1.0
	if !cw {
		sx = -1
	}
	ex, ey := c, cy-ry+thick/2
	tip := [2]float64{ex + sx*5, ey}
	b1 := [2]float64{ex - sx*0.5, ey + 3}
	b2 := [2]float64{ex - sx*0.5, ey - 3}
	for y := 0; y < arrowH; y++ {
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

// Face icons: the symbols printed on action cards, drawn at the size of
// the card's badge (faceIconW×faceIconH) when the language's face for the
// card is the symbol (screen.face.*: ⇄ ⊘ ⊕ □ ▲). The fonts' glyphs of
// the same symbols are a line's height; a card shows them large.
const faceIconW, faceIconH = 24, 17

// faceIcons maps a symbol to its icon; ⊕ (Wild) is drawn per colour.
var faceIcons = map[rune]*[faceIconH][faceIconW]bool{
	'⊘': makeFaceIcon(func(dx, dy, d float64) bool {
		// A ring crossed from top right to bottom left.
		return (d >= 6.3 && d <= 8.4) || (math.Abs(dx+dy) <= 1.6 && d < 7)
	}),
	'⇄': makeFaceIcon(func(dx, dy, _ float64) bool {
		// Right over left: shafts 2 px thick, heads 4 px back.
		top, bottom := dy >= -5.5 && dy <= -4, dy >= 3 && dy <= 4.5
		head := func(ax, ay float64) bool { return ax >= 0 && ax <= 4.5 && math.Abs(ay) <= 4.5-ax }
		return (top && dx >= -10 && dx <= 7) || head(dx-6, dy+4.75) && dx <= 10.5 ||
			(bottom && dx >= -7 && dx <= 10) || head(-dx-6, dy-3.75) && dx >= -10.5
	}),
	'▲': makeFaceIcon(func(dx, dy, _ float64) bool {
		// A peak: the heights of the Extreme Heights card.
		return dy <= 8 && math.Abs(dx) <= (dy+8)*0.7
	}),
	'□': makeFaceIcon(func(dx, dy, _ float64) bool {
		// A card with nothing printed on it.
		in := math.Abs(dx) <= 6 && math.Abs(dy) <= 8
		return in && (math.Abs(dx) > 4 || math.Abs(dy) > 6)
	}),
}

// makeFaceIcon sets the pixels of an icon where on holds, given the offset
// from its centre and the distance to it.
func makeFaceIcon(on func(dx, dy, d float64) bool) *[faceIconH][faceIconW]bool {
	var m [faceIconH][faceIconW]bool
	cx, cy := float64(faceIconW-1)/2, float64(faceIconH-1)/2
	for y := range m {
		for x := range m[y] {
			dx, dy := float64(x)-cx, float64(y)-cy
			m[y][x] = on(dx, dy, math.Hypot(dx, dy))
		}
	}
	return &m
}

// drawFaceIcon draws the icon of sym with its top-left corner at (x, y)
// and reports whether there is one. The Wild's ⊕ is a disc in four
// quarters, one colour's pattern each, like the printed card's oval.
func drawFaceIcon(dst *image1bit.VerticalLSB, x, y int, sym rune) bool {
	if sym == '⊕' {
		quarter := map[[2]bool]string{{true, true}: "R", {false, true}: "B", {true, false}: "Y", {false, false}: "G"}
		cx, cy := float64(faceIconW-1)/2, float64(faceIconH-1)/2
		for j := 0; j < faceIconH; j++ {
			for i := 0; i < faceIconW; i++ {
				dx, dy := float64(i)-cx, float64(j)-cy
				d := math.Hypot(dx/1.3, dy)
				switch {
				case d > 8.6:
				case d > 7.3:
					dst.SetBit(x+i, y+j, image1bit.On) // the rim
				case math.Abs(dx) < 1.5 || math.Abs(dy) < 1:
				case colourOn(quarter[[2]bool{dx < 0, dy < 0}], i, j):
					dst.SetBit(x+i, y+j, image1bit.On)
				}
			}
		}
		return true
	}
	m, ok := faceIcons[sym]
	if !ok {
		return false
	}
	for j := range m {
		for i := range m[j] {
			if m[j][i] {
				dst.SetBit(x+i, y+j, image1bit.On)
			}
		}
	}
	return true
}
