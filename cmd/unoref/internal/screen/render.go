package screen

import (
	"image"
	"strconv"
	"strings"

	"periph.io/x/devices/v3/ssd1306/image1bit"

	"github.com/unoref/unoref/drivers/oled"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
)

// Panel size in pixels: the OLED's.
const (
	Width  = oled.Width
	Height = oled.Height
)

// Bounds is the rectangle Render draws into.
var Bounds = oled.Bounds

// Render draws s into a new 128×64 image in the controllers' native layout
// (image1bit.VerticalLSB: a byte is 8 rows of one column).
func Render(s Screen) *image1bit.VerticalLSB {
	dst := image1bit.NewVerticalLSB(Bounds)
	RenderTo(dst, s)
	return dst
}

// RenderTo draws s into dst, which must be 128×64, clearing it first.
//
// The layout depends on s: an Alert flashes full screen; phase "over", or
// "setup" with scores after round 1, shows the scoreboard; the choosing
// phases (color, challenge, show, swap, heights, countup) show a prompt;
// anything else shows the live turn screen. s.Page picks the page of a text
// too long for one (see Pages).
func RenderTo(dst *image1bit.VerticalLSB, s Screen) {
	clear(dst.Pix)
	switch layoutOf(s) {
	case layoutAlert:
		renderAlert(dst, s)
	case layoutScores:
		renderScores(dst, s)
	case layoutPrompt:
		renderPrompt(dst, s)
	default:
		renderTurn(dst, s)
	}
}

// The layouts RenderTo chooses from.
const (
	layoutTurn = iota
	layoutAlert
	layoutScores
	layoutPrompt
)

func layoutOf(s Screen) int {
	switch {
	case s.Alert != AlertNone:
		return layoutAlert
	case s.Phase == "over" || (s.Phase == "setup" && s.Round > 1 && len(s.Scores) > 0):
		return layoutScores
	case s.Phase == "setup" || isPromptPhase(s.Phase):
		return layoutPrompt
	}
	return layoutTurn
}

// alertText is what an alert says under its word.
func alertText(s Screen) string {
	if s.Message != "" {
		return s.Message
	}
	return s.Turn
}

// promptText is what a choosing screen asks for.
func promptText(s Screen) string {
	if s.Prompt != "" {
		return s.Prompt
	}
	return defaultPrompt(s)
}

// turnText is the turn screen's bottom line: the news, else the prompt.
func turnText(s Screen) string {
	switch {
	case s.Message != "":
		return s.Message
	case s.Prompt != "":
		return s.Prompt
	}
	return defaultPrompt(s)
}

func isPromptPhase(p string) bool {
	switch p {
	case "color", "challenge", "show", "swap", "heights", "countup":
		return true
	}
	return false
}

// defaultPrompt is shown when Screen.Prompt is empty.
func defaultPrompt(s Screen) string {
	switch s.Phase {
	case "setup":
		if s.Round > 1 {
			return s.count("screen.next", s.Round)
		}
		return s.say("screen.deal", msg.Args{})
	case "penalty":
		return s.count("screen.penalty", s.Pending)
	case "challenge":
		return s.count("screen.challenge", max(s.Pending, 4))
	case "heights":
		if a := s.colour(); a.Color != 0 {
			return s.say("screen.heights", a)
		}
		return s.say("screen.countup", msg.Args{})
	case "drawn", "color", "show", "swap", "countup":
		return s.say("screen."+s.Phase, msg.Args{})
	}
	return ""
}

// cardFace splits a card code into the colour its pattern shows and the
// label on its face, in l: "R7" → R, "7"; "W+4:B" → B, "+4"; "YS" → Y,
// "SKIP" (in English; the words are keys screen.face.*, short enough for
// the card).
func cardFace(l lang.Lang, code, colour string) (string, string) {
	base, named, _ := strings.Cut(code, ":")
	word := func(face string) string { return l.Render(msg.Msg{Key: "screen.face." + face}) }
	switch {
	case base == "":
		return colour, ""
	case base == "W":
		return named, word("W")
	case base == "W+4":
		return named, "+4"
	case base == "WX":
		return named, word("WX")
	case base == "BLANK":
		return colour, word("BLANK")
	case strings.ContainsRune("RYGB", rune(base[0])) && len(base) > 1:
		c, v := base[:1], base[1:]
		if v == "S" || v == "R" {
			return c, word(v)
		}
		return c, v
	}
	return colour, base
}

// nameHeader draws the name of the player to act as large as it fits in w:
// the big face up to w/12 runes, else the bold face, elided.
func nameHeader(dst *image1bit.VerticalLSB, name string, x, w int) {
	if name == "" {
		name = "-"
	}
	if big.width(name) <= w {
		drawText(dst, big, x, 0, name, image1bit.On)
		return
	}
	drawText(dst, bold, x, 2, fit(bold, name, w, false), image1bit.On)
}

// Turn screen geometry.
const (
	cardX, cardY, cardW, cardH = 92, 0, 36, 38
	line2Y                     = 24
	handsY                     = 38
	msgY                       = 51
	promptY                    = 22 // first line of a choosing screen's text
	alertY                     = 23 // first line of an alert's text
)

func renderTurn(dst *image1bit.VerticalLSB, s Screen) {
	nameHeader(dst, s.Turn, 0, cardX-2)
	drawCard(dst, image.Rect(cardX, cardY, cardX+cardW, cardY+cardH), s.Lang, s.Top, s.Color)

	drawArrow(dst, 0, line2Y, s.Direction)
	x := arrowSize + 3
	if w := s.colourWord(s.Color); w != "" {
		x = drawText(dst, small, x, line2Y+1, w, image1bit.On) + 4
	}
	if s.Pending > 0 {
		owed := "+" + strconv.Itoa(s.Pending)
		bw := bold.width(owed) + 4
		if x+bw > cardX-1 {
			x = cardX - 1 - bw
		}
		fillRect(dst, image.Rect(x, line2Y, x+bw, line2Y+14), image1bit.On)
		drawText(dst, bold, x+2, line2Y-2, owed, image1bit.Off)
	}

	drawHands(dst, s.Hands, s.Turn, handsY)

	page, _ := textFlow(s).page(s.Page)
	for _, l := range page {
		drawText(dst, small, 0, msgY, l.text, image1bit.On)
	}
}

// drawCard draws the top card: a rounded outline filled with the colour's
// pattern, the colour's initial in the corner and the face label in a dark
// badge.
func drawCard(dst *image1bit.VerticalLSB, r image.Rectangle, l lang.Lang, code, colour string) {
	c, label := cardFace(l, code, colour)
	if colour != "" {
		c = colour // the colour to match wins over the printed one
	}
	roundRect(dst, r, image1bit.On)
	fillColour(dst, r.Inset(2), c)
	if c != "" {
		// Corner index, like the printed card: the colour's initial in l.
		ix := l.Render(msg.Msg{Key: "screen.corner." + c})
		fillRect(dst, image.Rect(r.Min.X+1, r.Min.Y+1, r.Min.X+3+small.width(ix), r.Min.Y+13), image1bit.Off)
		drawText(dst, small, r.Min.X+2, r.Min.Y, ix, image1bit.On)
	}
	if label == "" {
		return
	}
	f := bold
	if f.width(label) > r.Dx()-6 {
		f = small
	}
	label = fit(f, label, r.Dx()-6, false)
	bw, bh := f.width(label)+4, 16
	bx := r.Min.X + (r.Dx()-bw)/2
	by := r.Max.Y - bh - 4
	fillRect(dst, image.Rect(bx, by, bx+bw, by+bh), image1bit.Off)
	ty := by - 1
	if f == bold {
		ty = by - 2
	}
	drawText(dst, f, bx+2, ty, label, image1bit.On)
}

// drawHands draws one row of hand counts, the player to act inverted. It
// uses the longest name prefix that lets every seat fit, down to counts
// only, and then a window around the player to act.
func drawHands(dst *image1bit.VerticalLSB, seats []Seat, turn string, y int) {
	if len(seats) == 0 {
		return
	}
	const gap, inner = 4, 2
	adv := small.advance()
	width := func(k int) int {
		w := 0
		for _, st := range seats {
			w += cellWidth(st, k, adv, inner) + gap
		}
		return w - gap
	}
	k := 3
	for k > 0 && width(k) > Width {
		k--
	}
	first := 0
	if width(k) > Width {
		// Window: start a couple of seats before the player to act.
		cur := 0
		for i, st := range seats {
			if st.Name == turn {
				cur = i
			}
		}
		first = max(cur-2, 0)
	}
	x := 0
	if first > 0 {
		// Seats hidden on the left.
		x = drawText(dst, small, 0, y, "…", image1bit.On) + gap/2
	}
	for i, st := range seats[first:] {
		cw := cellWidth(st, k, adv, inner)
		if x+cw > Width || (first+i < len(seats)-1 && x+cw+gap+adv > Width) {
			// Keep room for the mark of seats hidden on the right.
			if x+adv <= Width {
				drawText(dst, small, x, y, "…", image1bit.On)
			}
			break
		}
		fg := image1bit.On
		if st.Name == turn && turn != "" {
			fillRect(dst, image.Rect(x, y, x+cw, y+13), image1bit.On)
			fg = image1bit.Off
		}
		tx := x + inner/2
		if k > 0 {
			tx = drawText(dst, small, tx, y, prefix(st.Name, k), fg) + inner
		}
		drawText(dst, small, tx, y, strconv.Itoa(st.Count), fg)
		x += cw + gap
	}
}

func cellWidth(st Seat, k, adv, inner int) int {
	w := len(strconv.Itoa(st.Count))*adv + inner
	if k > 0 {
		w += len([]rune(prefix(st.Name, k)))*adv + inner
	}
	return w
}

func prefix(name string, k int) string {
	n := 0
	for i := range name {
		if n == k {
			return name[:i]
		}
		n++
	}
	return name
}

// renderPrompt shows who must act and what to do, with the choices when
// the screen can show them.
func renderPrompt(dst *image1bit.VerticalLSB, s Screen) {
	nameHeader(dst, promptTitle(s), 0, Width)
	page, _ := promptFlow(s).page(s.Page)
	y := drawPromptPage(dst, page)
	switch s.Phase {
	case "color":
		for i, c := range []string{"R", "Y", "G", "B"} {
			r := image.Rect(i*32+1, 36, i*32+31, 64)
			roundRect(dst, r, image1bit.On)
			fillColour(dst, r.Inset(2), c)
			fillRect(dst, image.Rect(r.Min.X+10, r.Min.Y+7, r.Min.X+20, r.Min.Y+21), image1bit.Off)
			drawText(dst, small, r.Min.X+12, r.Min.Y+7, c, image1bit.On)
		}
		return
	case "swap":
		var names []string
		for _, st := range s.Hands {
			if st.Name != s.Turn {
				names = append(names, st.Name)
			}
		}
		for _, l := range wrap(small, strings.Join(names, " "), Width, 2) {
			drawText(dst, small, 0, y, l, image1bit.On)
			y += small.cell()
		}
	}
}

// promptTitle is the name of the player to act, or the round before it
// begins; before any game (no seats) the game's name.
func promptTitle(s Screen) string {
	switch {
	case s.Phase != "setup" && s.Turn != "":
		return s.Turn
	case s.Round == 0 && len(s.Hands) == 0:
		return s.say("screen.welcome", msg.Args{})
	}
	return s.count("screen.round", max(s.Round, 1))
}

// drawPromptPage sets a page of a choosing screen: prompt lines from the
// top of the text area, message lines up from the bottom line. It returns
// the y under the prompt lines.
func drawPromptPage(dst *image1bit.VerticalLSB, page []textLine) int {
	y, msgs := promptY, 0
	for _, l := range page {
		if l.msg {
			msgs++
			continue
		}
		drawText(dst, small, 0, y, l.text, image1bit.On)
		y += small.cell()
	}
	my := msgY - (msgs-1)*small.cell()
	for _, l := range page {
		if l.msg {
			drawText(dst, small, 0, my, l.text, image1bit.On)
			my += small.cell()
		}
	}
	return y
}

// renderScores shows the scoreboard; after a count-up its pages are the
// round's points, the totals, then the prompt (see Pages).
func renderScores(dst *image1bit.VerticalLSB, s Screen) {
	board, n := scorePages(s)
	if s.Page >= n {
		p := s
		p.Page = s.Page - n
		renderPrompt(dst, p)
		return
	}
	title, round := scoreTitle(s), board == boardRound
	if round {
		title = s.count("screen.points", s.Counted)
	}
	drawScores(dst, s, title, round)
}

// The boards of a scoreboard's pages.
const (
	boardTotals = iota
	boardRound
)

// scorePages is the board page s.Page shows and the number of board pages:
// the round's points then the totals after a count-up, else the totals.
func scorePages(s Screen) (board, n int) {
	if s.Counted == 0 {
		return boardTotals, 1
	}
	if s.Page == 0 {
		return boardRound, 2
	}
	return boardTotals, 2
}

// scoreTitle is the title of the totals.
func scoreTitle(s Screen) string {
	switch {
	case s.Phase == "over" || s.Winner != "":
		return s.say("screen.over", msg.Args{})
	case s.Counted > 0:
		return s.count("screen.after", s.Counted)
	case s.Round > 1:
		return s.count("screen.after", s.Round-1)
	}
	return s.say("screen.scores", msg.Args{})
}

// scoreLines are the rows of a board: name and points ("+87" for a round).
func scoreLines(s Screen, round bool) [][2]string {
	out := make([][2]string, len(s.Scores))
	for i, sc := range s.Scores {
		pts := strconv.Itoa(sc.Points)
		if round {
			pts = "+" + strconv.Itoa(sc.Round)
		}
		out[i] = [2]string{sc.Name, pts}
	}
	return out
}

// drawScores draws a board, two columns past four players, the winner
// inverted.
func drawScores(dst *image1bit.VerticalLSB, s Screen, title string, round bool) {
	// Up to 8 players: bold title, 4 rows a column. 9 or 10: a thin
	// title and 5 tighter rows, capitals are 9 px tall.
	rows, colW, top, pitch := 4, Width, 16, 12
	if len(s.Scores) > 4 {
		colW = Width / 2
	}
	if len(s.Scores) > 8 {
		rows, top, pitch = 5, 12, 10
		fillRect(dst, image.Rect(0, 0, Width, 11), image1bit.On)
		drawText(dst, small, max((Width-small.width(title))/2, 0), -1, fit(small, title, Width, false), image1bit.Off)
	} else {
		fillRect(dst, image.Rect(0, 0, Width, 15), image1bit.On)
		drawText(dst, bold, max((Width-bold.width(title))/2, 0), -1, fit(bold, title, Width, false), image1bit.Off)
	}
	for i, row := range scoreLines(s, round) {
		if i >= 2*rows {
			break
		}
		x, y := (i/rows)*colW, top+(i%rows)*pitch
		name, pts := row[0], row[1]
		nameW := colW - small.width(pts) - 8
		fg := image1bit.On
		if name == s.Winner && s.Winner != "" {
			fillRect(dst, image.Rect(x, y, x+colW-1, y+pitch), image1bit.On)
			fg = image1bit.Off
		}
		drawText(dst, small, x+1, y-2+(pitch-10)/2, fit(small, name, nameW, false), fg)
		drawText(dst, small, x+colW-3-small.width(pts), y-2+(pitch-10)/2, pts, fg)
	}
}

// renderAlert flashes a verdict: a big word in a band, the reason below.
func renderAlert(dst *image1bit.VerticalLSB, s Screen) {
	word := alertWord(s)
	// The band leaves 3 full text lines above the frame's bottom rows.
	fillRect(dst, image.Rect(0, 0, Width, alertY-1), image1bit.On)
	drawText(dst, big, (Width-big.width(word))/2, -1, word, image1bit.Off)
	if s.Alert == AlertIllegal || s.Alert == AlertBad {
		// A thick frame makes a refusal recognisable from across the table.
		for i := 0; i < 2; i++ {
			strokeRect(dst, image.Rect(i, i, Width-i, Height-i), image1bit.On)
		}
	}
	page, n := textFlow(s).page(s.Page)
	if mark := pageMark(s.Page, n); mark != "" {
		drawText(dst, small, Width-small.width(mark)-3, 6, mark, image1bit.Off)
	}
	y := alertY
	if s.Alert == AlertBad {
		// Bad news: a dotted band under the word, unlike a refusal's.
		for x := 2; x < Width-2; x += 3 {
			fillRect(dst, image.Rect(x, alertY-1, x+1, alertY), image1bit.On)
		}
	}
	for _, l := range page {
		drawText(dst, small, (Width-small.width(l.text))/2, y, l.text, image1bit.On)
		y += small.cell()
	}
}

// alertWord is the big word of an alert, in the screen's language.
func alertWord(s Screen) string {
	key := "screen.ok"
	switch s.Alert {
	case AlertIllegal:
		key = "screen.no"
	case AlertUNO:
		key = "screen.uno"
	case AlertBad:
		key = "screen.bad"
	case AlertSlap:
		key = "screen.slap"
	}
	return s.say(key, msg.Args{})
}
