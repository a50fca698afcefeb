package web

import (
	"fmt"
	"strconv"
	"strings"
)

// series is one line of a series chart: a value per x label.
type series struct {
	Name   string
	Color  string // a roster mark ("#rrggbb") draws the line in it; else the palette's
	Values []int
}

// seriesTop is the least top of a series chart's scale: a game with no
// refusals shows a scale of a few, not of one.
const seriesTop = 5

// newSeriesChart lays out lines of values over labels (games, or the two
// points of a comparison) on the geometry and template of the running
// totals, so that the family's charts read like a game's.
func newSeriesChart(title, xLabel string, labels []string, ss []series, w words) chart {
	c := chart{W: chartW, Left: chartLeft, Top: chartTop, Right: chartW - chartRight, Base: chartTop + chartPlotH,
		Title: title, XLabel: xLabel, Empty: len(labels) == 0, EmptyText: w.T("page.fam.nogames")}
	top := 0
	for _, s := range ss {
		for _, v := range s.Values {
			top = maxInt(top, v)
		}
	}
	top = max(top, seriesTop)
	step := niceStep(top)
	top = max(((top+step-1)/step)*step, step)
	n := max(len(labels)-1, 1)
	xOf := func(i int) float64 {
		if len(labels) == 1 {
			return float64(c.Left+c.Right) / 2
		}
		return float64(c.Left) + float64(i)*float64(c.Right-c.Left)/float64(n)
	}
	yOf := func(v int) float64 { return float64(c.Base) - float64(v)*float64(c.Base-c.Top)/float64(top) }
	for v := 0; v <= top; v += step {
		c.YTicks = append(c.YTicks, tick{At: yOf(v), Label: strconv.Itoa(v)})
	}
	every := 1
	for len(labels)/every > 12 {
		every++
	}
	for i := 0; i < len(labels); i += every {
		c.XTicks = append(c.XTicks, tick{At: xOf(i), Label: labels[i]})
	}
	var ms []string
	for _, s := range ss {
		ms = append(ms, s.Color)
	}
	colors := lineColors(ms)
	for i, s := range ss {
		var (
			pts, vals []string
			dots      []dot
		)
		for k, v := range s.Values {
			pts = append(pts, fmt.Sprintf("%s,%s", num(xOf(k)), num(yOf(v))))
			vals = append(vals, strconv.Itoa(v))
			dots = append(dots, dot{X: num(xOf(k)), Y: num(yOf(v))})
		}
		if len(pts) == 1 {
			// One point draws no line: a short flat one shows it.
			pts = append(pts, fmt.Sprintf("%s,%s", num(xOf(0)+4), num(yOf(s.Values[0]))))
		}
		c.Lines = append(c.Lines, chartLine{Player: s.Name, Color: colors[i], Dots: dots, Points: strings.Join(pts, " "), Totals: strings.Join(vals, " ")})
	}
	c.layLegend()
	return c
}
