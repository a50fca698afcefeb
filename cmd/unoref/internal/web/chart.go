package web

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/unoref/unoref/referee/journal"
)

// chartColors tell up to ten players apart on the dark page, and stay
// distinct for the common colour blindnesses as far as ten colours can.
var chartColors = [...]string{
	"#4e9bff", "#ff9e3d", "#3ddc84", "#ff5c7a", "#c49bff",
	"#f6e05e", "#36d6d6", "#ff8ad8", "#b0b8c4", "#a0e060",
}

// chart is the SVG of the running totals of a game, round by round, as the
// template chart.svg draws it. Every number is worked out here: the template
// only writes them, escaped.
type chart struct {
	W, H        int
	Left, Top   int // the plot area
	Right, Base int
	Lines       []chartLine
	XTicks      []tick
	YTicks      []tick
	Target      *tick // the target's line, when the rules have one in view
	Legend      []legendItem
	Empty       bool // no round has ended yet
	Title       string
	XLabel      string // the caption of the x axis, in the page's language
	EmptyText   string // what an empty chart says
}

type chartLine struct {
	Player string
	Color  string // the player's mark on the roster when it is a colour, else chartColors'
	Dots   []dot  // a dot on each value of a series chart: one game shows as a point
	Dash   string // a dash pattern, so that lines on top of each other still show
	Points string // "x,y x,y …" from round 0 (all at 0) to the last round
	Totals string // the totals it draws, "0 20 35", for tests and scripts
}

// dot is a point of a line, marked.
type dot struct{ X, Y string }

type tick struct {
	At    float64 // x or y in the SVG
	Label string
}

type legendItem struct {
	X, Y   int
	Color  string
	Player string
}

// Chart geometry, in SVG user units; the SVG scales to its box, at most
// 400 px wide (style.css). It is about 300 units wide, so that its
// 16-unit labels and legend are the page's size on a phone: 15 px on a
// 320 px one, 17 on a 360 px one; its plot is 240 units wide, which
// rounds' steps divide evenly.
const (
	chartW       = 298
	chartPlotH   = 160
	chartLeft    = 44
	chartRight   = 14
	chartTop     = 14
	chartBottom  = 40 // under the plot: round numbers and their caption
	legendRow    = 24
	legendSwatch = 20 // the colour square and the space after it
	legendRune   = 10 // what a letter of a 16-unit sans-serif font takes, at most
	legendGap    = 16
	lineGap      = 3 // SVG units between lines that draw the same totals
)

// chartDashes tell lines apart where they run together.
var chartDashes = [...]string{"", "10 5", "3 4", "14 4 3 4"}

// newChart lays out the running totals of players over rounds. target is
// the points that end the game, 0 when unknown or not a points race;
// marks are the roster's marks by player name (a colour draws the
// player's line).
func newChart(title string, players []string, rounds []journal.Round, target int, w words, marks map[string]string) chart {
	c := chart{W: chartW, Left: chartLeft, Top: chartTop, Right: chartW - chartRight, Base: chartTop + chartPlotH, Title: title, Empty: len(rounds) == 0,
		XLabel: w.T("page.chart.round"), EmptyText: w.T("page.chart.none")}
	// A player's totals, by seat; a round names players by seat too, but
	// look them up by name in case seats differ.
	totals := make([][]int, len(players))
	max := 0
	for i := range players {
		totals[i] = []int{0}
	}
	for _, r := range rounds {
		for i, p := range players {
			t := totals[i][len(totals[i])-1]
			for _, s := range r.Scores {
				if s.Player == p {
					t = s.Total
				}
			}
			totals[i] = append(totals[i], t)
			max = maxInt(max, t)
		}
	}
	top := max
	if target > 0 {
		top = maxInt(top, target)
	}
	step := niceStep(top)
	top = ((top + step - 1) / step) * step
	if top == 0 {
		top = step
	}
	n := len(rounds)
	xOf := func(i int) float64 {
		if n == 0 {
			return float64(c.Left)
		}
		return float64(c.Left) + float64(i)*float64(c.Right-c.Left)/float64(n)
	}
	yOf := func(v int) float64 {
		return float64(c.Base) - float64(v)*float64(c.Base-c.Top)/float64(top)
	}
	for v := 0; v <= top; v += step {
		c.YTicks = append(c.YTicks, tick{At: yOf(v), Label: strconv.Itoa(v)})
	}
	every := 1
	for n/every > 12 {
		every++
	}
	for i := 0; i <= n; i += every {
		c.XTicks = append(c.XTicks, tick{At: xOf(i), Label: strconv.Itoa(i)})
	}
	if target > 0 {
		c.Target = &tick{At: yOf(target), Label: w.N("page.chart.target", target)}
	}
	gap := nudge(totals, float64(c.Base-c.Top)/float64(top))
	var ms []string
	for _, p := range players {
		ms = append(ms, marks[p])
	}
	colors := lineColors(ms)
	for i, p := range players {
		var pts, tot []string
		// Each line a little above or below the middle: equal totals
		// (everyone at 0 after round 1) draw side by side, none hidden.
		shift := (float64(i) - float64(len(players)-1)/2) * gap
		for k, t := range totals[i] {
			pts = append(pts, fmt.Sprintf("%s,%s", num(xOf(k)), fine(yOf(t)-shift)))
			tot = append(tot, strconv.Itoa(t))
		}
		c.Lines = append(c.Lines, chartLine{Player: p, Color: colors[i], Dash: chartDashes[i%len(chartDashes)], Points: strings.Join(pts, " "), Totals: strings.Join(tot, " ")})
	}
	c.layLegend()
	return c
}

// nudge is the gap between lines drawn side by side (lineGap, or less):
// all of them together spread less than the closest two different
// totals of one round are apart (perPoint units a point), so that a
// nudge never draws a higher total below a lower one.
func nudge(totals [][]int, perPoint float64) float64 {
	if len(totals) < 2 {
		return 0
	}
	closest := 0
	for k := range totals[0] {
		for i := range totals {
			for j := range i {
				if d := abs(totals[i][k] - totals[j][k]); d > 0 && (closest == 0 || d < closest) {
					closest = d
				}
			}
		}
	}
	if closest == 0 {
		return lineGap
	}
	// Less than the closest gap, with a fifth of a unit to spare for the
	// rounding of fine.
	return max(0, min(lineGap, (float64(closest)*perPoint-0.2)/float64(len(totals)-1)))
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// lineColors are the colours of lines whose players have marks: a mark
// that is a colour ("#rrggbb") draws its player's line; the others take
// the palette's colours, in order, skipping those too close to a colour
// already drawn (a green mark and the palette's green).
func lineColors(marks []string) []string {
	out := make([]string, len(marks))
	var used []string
	for i, m := range marks {
		if isColor(m) {
			out[i] = m
			used = append(used, m)
		}
	}
	next := 0
	for i := range marks {
		if out[i] != "" {
			continue
		}
		out[i] = chartColors[i%len(chartColors)]
		for k := range chartColors {
			c := chartColors[(next+k)%len(chartColors)]
			if !slices.ContainsFunc(used, func(u string) bool { return colorDistance(u, c) < minColorDistance }) {
				out[i], next = c, (next+k+1)%len(chartColors)
				break
			}
		}
		used = append(used, out[i])
	}
	return out
}

// minColorDistance is how far apart (in RGB) two lines' colours must be
// to tell them apart at a glance.
const minColorDistance = 90

// colorDistance is the Euclidean distance of two "#rrggbb" colours.
func colorDistance(a, b string) float64 {
	var d float64
	for i := 1; i < 7; i += 2 {
		x, _ := strconv.ParseUint(a[i:i+2], 16, 8)
		y, _ := strconv.ParseUint(b[i:i+2], 16, 8)
		d += (float64(x) - float64(y)) * (float64(x) - float64(y))
	}
	return math.Sqrt(d)
}

// layLegend puts a legend item under the plot for each line, in rows that
// flow by the width of their names (a long one, "очков осталось за раунд",
// takes the room it needs), and makes the chart tall enough for them.
func (c *chart) layLegend() {
	x, y := c.Left, c.Base+chartBottom+8
	c.Legend = nil
	for _, l := range c.Lines {
		w := legendSwatch + utf8.RuneCountInString(l.Player)*legendRune
		if x > c.Left && x+w > c.W {
			x, y = c.Left, y+legendRow
		}
		c.Legend = append(c.Legend, legendItem{X: x, Y: y, Color: l.Color, Player: l.Player})
		x += w + legendGap
	}
	c.H = y + legendRow
}

// niceStep is a step of 1, 2 or 5 times a power of ten that cuts 0…top in
// at most about five.
func niceStep(top int) int {
	if top <= 5 {
		return 1
	}
	for p := 1; ; p *= 10 {
		for _, m := range []int{1, 2, 5} {
			if top/(m*p) <= 5 {
				return m * p
			}
		}
	}
}

func maxInt(a, b int) int {
	if a > b {
		return a
	}
	return b
}

// num writes a coordinate with at most one decimal.
func num(f float64) string {
	return strings.TrimSuffix(strconv.FormatFloat(f, 'f', 1, 64), ".0")
}

// fine writes the y of a line's point with at most two decimals: a
// nudge may be a tenth of a unit.
func fine(f float64) string {
	return strings.TrimSuffix(strings.TrimRight(strconv.FormatFloat(f, 'f', 2, 64), "0"), ".")
}

// svg draws c alone, as an SVG document.
func (s *Server) svg(c chart) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	if err := s.pages.ExecuteTemplate(&buf, "chart", c); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
