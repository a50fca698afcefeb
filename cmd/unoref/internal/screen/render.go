package screen

import (
	"image"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

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
	case layoutLink:
		renderLink(dst, s)
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
	layoutLink
)

func layoutOf(s Screen) int {
	switch {
	case s.Link != "" && qrModules(s.Link) != nil:
		return layoutLink
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

// nameHeader draws the name of the player to act as large as it fits in w
// and above line2Y with a row to spare: the big face up to w/12 runes,
// raised when its descenders (Ș, у) would reach the line below, else the
// bold face, elided. It returns the last row it inks.
func nameHeader(dst *image1bit.VerticalLSB, name string, x, w int) int {
	if name == "" {
		name = "-"
	}
	if t, b := big.inkRows(name); big.width(name) <= w && b-t <= line2Y-2 {
		y := -min(t, max(b-(line2Y-2), 0))
		drawText(dst, big, x, y, name, image1bit.On)
		return y + b
	}
	name = fit(bold, name, w, false)
	drawText(dst, bold, x, 2, name, image1bit.On)
	_, b := bold.inkRows(name)
	return b + 2
}

// Turn screen geometry.
const (
	cardX, cardY, cardW, cardH = 92, 0, 36, 36
	line2Y                     = 24 // the arrow; the colour's name a row higher
	handsY                     = 37
	msgY                       = 51
	promptY                    = 22 // first line of a choosing screen's text
	colourBoxY                 = 38 // the colour boxes of the colour prompt
	alertY                     = 23 // first line of an alert's text
)

func renderTurn(dst *image1bit.VerticalLSB, s Screen) {
	nameHeader(dst, s.Turn, 0, cardX-2)
	drawCard(dst, image.Rect(cardX, cardY, cardX+cardW, cardY+cardH), s)

	drawArrow(dst, 0, line2Y, s.Direction)
	if w := s.colourWord(s.Color); w != "" {
		drawText(dst, small, arrowSize+3, line2Y-1, fit(small, w, cardX-arrowSize-5, false), image1bit.On)
	}

	drawHands(dst, s.Hands, s.Turn, handsY)

	page, _ := textFlow(s).page(s.Page)
	for _, l := range page {
		drawText(dst, small, 0, msgY, l.text, image1bit.On)
	}
}

// drawCard draws the top card: a rounded outline filled with the colour's
// pattern, the colour's initial in the corner and the face label in a dark
// badge. While cards are owed the badge is lit and says how many ("+4"):
// the card tells what to do, and the line beside it keeps room for the
// colour's whole name.
func drawCard(dst *image1bit.VerticalLSB, r0 image.Rectangle, s Screen) {
	c, label := cardFace(s.Lang, s.Top, s.Color)
	if s.Color != "" {
		c = s.Color // the colour to match wins over the printed one
	}
	roundRect(dst, r0, image1bit.On)
	fillColour(dst, r0.Inset(2), c)
	if c != "" {
		// Corner index, like the printed card: the colour's initial.
		ix := s.initial(c)
		fillRect(dst, image.Rect(r0.Min.X+1, r0.Min.Y+1, r0.Min.X+3+small.width(ix), r0.Min.Y+15), image1bit.Off)
		drawText(dst, small, r0.Min.X+2, r0.Min.Y+1, ix, image1bit.On)
	}
	bg, fg := image1bit.Off, image1bit.On
	if s.Pending > 0 {
		label, bg, fg = "+"+strconv.Itoa(s.Pending), image1bit.On, image1bit.Off
	}
	if label == "" {
		return
	}
	if r, _ := utf8.DecodeRuneInString(label); isSymbol(label) && s.Pending == 0 {
		// The printed card's symbol, as large as the badge.
		bx, by := r0.Min.X+(r0.Dx()-faceIconW-4)/2, r0.Max.Y-3-faceIconH-2
		fillRect(dst, image.Rect(bx, by, bx+faceIconW+4, by+faceIconH+2), image1bit.Off)
		if drawFaceIcon(dst, bx+2, by+1, r) {
			return
		}
	}
	f := bold
	if f.width(label) > r0.Dx()-6 {
		f = small
	}
	label = fit(f, label, r0.Dx()-6, false)
	// The badge holds the label's ink and a row round it: marks (Ă) and
	// descenders stay inside.
	t, b := f.inkRows(label)
	bw, bh := f.width(label)+4, b-t+3
	bx := r0.Min.X + (r0.Dx()-bw)/2
	by := r0.Max.Y - 4 - max(bh, 14)
	fillRect(dst, image.Rect(bx, by, bx+bw, by+max(bh, 14)), bg)
	drawText(dst, f, bx+2, by+(max(bh, 14)-bh)/2+1-t, label, fg)
}

// isSymbol reports whether a card's face is one symbol (⇄ ⊘ ⊕ □ ▲)
// rather than a word or a number.
func isSymbol(label string) bool {
	r, n := utf8.DecodeRuneInString(label)
	return n == len(label) && unicode.IsSymbol(r)
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
			// A row past the cell: descenders (Ș, ի) stay inside.
			fillRect(dst, image.Rect(x, y, x+cw, y+small.cell()+1), image1bit.On)
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
	// The text starts under the title's descenders (Ș, у) when it has any.
	top := max(promptY, nameHeader(dst, promptTitle(s), 0, Width)+1)
	page, _ := promptFlow(s).page(s.Page)
	y := drawPromptPage(dst, page, top)
	switch s.Phase {
	case "color":
		for i, c := range []string{"R", "Y", "G", "B"} {
			r := image.Rect(i*32+1, colourBoxY, i*32+31, Height)
			roundRect(dst, r, image1bit.On)
			fillColour(dst, r.Inset(2), c)
			ix := s.initial(c)
			w := small.width(ix)
			x := r.Min.X + (r.Dx()-w)/2
			fillRect(dst, image.Rect(x-2, r.Min.Y+5, x+w+1, r.Min.Y+21), image1bit.Off)
			drawText(dst, small, x, r.Min.Y+6, ix, image1bit.On)
		}
		return
	case "swap":
		for _, l := range wrap(small, swapNames(s), Width, 2) {
			drawText(dst, small, 0, y, l, image1bit.On)
			y += small.cell()
		}
	}
}

// swapNames are the players the one to act may swap hands with.
func swapNames(s Screen) string {
	var names []string
	for _, st := range s.Hands {
		if st.Name != s.Turn {
			names = append(names, st.Name)
		}
	}
	return strings.Join(names, " ")
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

// drawPromptPage sets a page of a choosing screen: prompt lines from top, message lines up from the bottom line. It returns
// the y under the prompt lines.
func drawPromptPage(dst *image1bit.VerticalLSB, page []textLine, top int) int {
	y, msgs := top, 0
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
	drawScores(dst, s, Title(s), board == boardRound)
}

// linkX is the left of the text beside a QR code.
const linkX = qrSide + 2

// renderLink shows Link as a QR code on the left and, on the right, what
// to do with it, with the setup code in bold when there is one: a parent
// scans it, or types the code.
func renderLink(dst *image1bit.VerticalLSB, s Screen) {
	drawQR(dst, 0, s.Link)
	lines := linkLines(s)
	h := len(lines) * small.cell()
	if s.Code != "" {
		h += bold.cell() - 2
	}
	y := max((Height-h)/2, 0)
	for _, l := range lines {
		drawText(dst, small, linkX, y, l, image1bit.On)
		y += small.cell()
	}
	if s.Code != "" {
		drawText(dst, bold, linkX, y-2, s.Code, image1bit.On)
	}
}

// linkLines are the words beside a QR code, in lines of the column.
func linkLines(s Screen) []string {
	key := "screen.scan.page"
	if s.Code != "" {
		key = "screen.scan"
	}
	return wrap(small, s.say(key, msg.Args{}), Width-linkX, 4)
}

// Title is the heading of the page s shows, in its language: an alert's
// word, a board's title, the round or the player a choosing screen names,
// the player to act.
func Title(s Screen) string {
	switch layoutOf(s) {
	case layoutLink:
		return s.Code
	case layoutAlert:
		return alertWord(s)
	case layoutScores:
		board, n := scorePages(s)
		switch {
		case s.Page >= n:
			return promptTitle(s)
		case board == boardRound:
			return s.count("screen.points", s.Counted)
		}
		return scoreTitle(s)
	case layoutPrompt:
		return promptTitle(s)
	}
	return s.Turn
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
	case s.Phase == "over" && s.End == EndEarly:
		return s.say("screen.over.early", msg.Args{})
	case s.Phase == "over" && s.End == EndAbandoned:
		return s.say("screen.over.abandoned", msg.Args{})
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

// drawScores draws a board: one column up to four players, two up to
// eight, three for nine or ten (names cut to what fits, as in the hands
// row), the winner inverted. Every row's text is centred in its row by its
// ink and the rows are spaced for the tallest (marks as in Й, descenders
// as in у and Ș, Armenian's tall letters), so no row touches another, the
// title's band or the winner's; the title is bold when that leaves room.
func drawScores(dst *image1bit.VerticalLSB, s Screen, title string, round bool) {
	lines := scoreLines(s, round)
	cols := 1 + min(max(len(lines)-1, 0)/4, 2)
	perCol := max((len(lines)+cols-1)/cols, 1)
	colW := Width / cols
	rows := make([]scoreRow, len(lines))
	need := 0 // the pitch that keeps a row between any two rows' ink
	for i, l := range lines {
		rows[i] = newScoreRow(l[0], l[1], colW, cols > 2)
		rows[i].winner = l[0] == s.Winner && s.Winner != ""
		need = max(need, rows[i].bottom-rows[i].top+2)
	}
	tf := bold
	if cols > 2 || bandHeight(bold, title)+1+perCol*need > Height {
		tf = small
	}
	top := titleBand(dst, tf, title) + 1
	pitch := min((Height-top)/perCol, 16)
	for i := range rows {
		rows[i].box = image.Rect((i/perCol)*colW, top+(i%perCol)*pitch, (i/perCol+1)*colW, top+(i%perCol+1)*pitch)
		rows[i].y = rows[i].box.Min.Y + (pitch-(rows[i].bottom-rows[i].top+1))/2 - rows[i].top
	}
	for i, r := range rows {
		// The winner's band may reach from one row above its ink to one
		// below, when that leaves a row clear of the ink beside it.
		full := r.winner
		if i%perCol > 0 {
			full = full && rows[i-1].y+rows[i-1].bottom+2 < r.y+r.top-1
		} else {
			full = full && r.y+r.top-1 >= top // clear of the title's band
		}
		if i%perCol < perCol-1 && i+1 < len(rows) {
			full = full && r.y+r.bottom+2 < rows[i+1].y+rows[i+1].top-1
		} else {
			full = full && r.y+r.bottom+2 <= Height
		}
		r.draw(dst, full)
	}
}

// scoreRow is a row of a board: a name cut to its column and the points,
// the rows of the cell they ink, and where it is drawn.
type scoreRow struct {
	name, pts   string
	top, bottom int // ink rows of the cell
	winner      bool
	box         image.Rectangle
	y           int // the cell's top
}

func newScoreRow(name, pts string, colW int, short bool) scoreRow {
	room := colW - small.width(pts) - 6
	if short {
		name = prefix(name, room/small.advance())
	} else {
		name = fit(small, name, room, false)
	}
	t, b := small.inkRows(name + pts)
	return scoreRow{name: name, pts: pts, top: t, bottom: b}
}

// draw draws the row; the winner's inverted whole when full is set, else
// only its points, whose digits always leave room for a band.
func (r scoreRow) draw(dst *image1bit.VerticalLSB, full bool) {
	px := r.box.Max.X - 3 - small.width(r.pts)
	name, pts := image1bit.On, image1bit.On
	switch {
	case r.winner && full:
		fillRect(dst, image.Rect(r.box.Min.X, r.y+r.top-1, r.box.Max.X-1, r.y+r.bottom+2), image1bit.On)
		name, pts = image1bit.Off, image1bit.Off
	case r.winner:
		t, b := small.inkRows(r.pts)
		fillRect(dst, image.Rect(px-2, r.y+t-1, r.box.Max.X-1, r.y+b+2), image1bit.On)
		pts = image1bit.Off
	}
	drawText(dst, small, r.box.Min.X+1, r.y, r.name, name)
	drawText(dst, small, px, r.y, r.pts, pts)
}

// bandHeight is the height of a title band for title in f: its ink and a
// row under it.
func bandHeight(f face, title string) int {
	t, b := f.inkRows(fit(f, title, Width, false))
	return b - t + 2
}

// titleBand draws title in f, inverted, in a band across the top as tall
// as its ink and a row under it, and returns the row under the band.
func titleBand(dst *image1bit.VerticalLSB, f face, title string) int {
	title = fit(f, title, Width, false)
	t, _ := f.inkRows(title)
	band := bandHeight(f, title)
	fillRect(dst, image.Rect(0, 0, Width, band), image1bit.On)
	drawText(dst, f, max((Width-f.width(title))/2, 0), -t, title, image1bit.Off)
	return band
}

// renderAlert flashes a verdict: a big word in a band, the reason below.
func renderAlert(dst *image1bit.VerticalLSB, s Screen) {
	framed := s.Alert == AlertIllegal || s.Alert == AlertBad
	// The band leaves 3 full text lines above the frame's bottom rows.
	fillRect(dst, image.Rect(0, 0, Width, alertY-1), image1bit.On)
	if framed {
		// A thick frame makes a refusal recognisable from across the table;
		// one row at the bottom, so that the last line's descenders clear it.
		strokeRect(dst, image.Rect(0, 0, Width, Height), image1bit.On)
		strokeRect(dst, image.Rect(1, 1, Width-1, Height), image1bit.On)
	}
	page, n := textFlow(s).page(s.Page)
	mark := pageMark(s.Page, n)
	markX := Width - small.width(mark) - 3
	if mark != "" {
		drawText(dst, small, markX, 6, mark, image1bit.Off)
	} else {
		markX = Width
	}
	// The word inside the band, off the frame: the breve of Й and the
	// comma of Ș stay whole. Beside a page mark it moves left.
	room := image.Rect(0, 0, markX-2, alertY-2)
	if framed {
		room = image.Rect(2, 2, markX-2, alertY-2)
	}
	placeWord(dst, room, alertWord(s), image1bit.Off)
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

// placeWord draws word in the big face, or the bold one when the big
// one's ink would not fit, with its ink centred in r (centred on the panel
// when r allows).
func placeWord(dst *image1bit.VerticalLSB, r image.Rectangle, word string, c image1bit.Bit) {
	f := big
	top, bottom := f.inkRows(word)
	if f.width(word) > r.Dx() || bottom-top >= r.Dy() {
		f = bold
		top, bottom = f.inkRows(word)
	}
	w := f.width(word)
	x := min(max((Width-w)/2, r.Min.X), r.Max.X-w)
	y := r.Min.Y + (r.Dy()-(bottom-top+1))/2 - top
	drawText(dst, f, x, y, fit(f, word, r.Dx(), false), c)
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
