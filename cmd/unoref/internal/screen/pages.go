package screen

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// more ends the last line of a page that has a next one.
const more = "→"

// textLine is one line of a screen's text.
type textLine struct {
	text string
	msg  bool // a line of Message; the prompt layout sets them from the bottom up
}

// flow is the text a layout shows and the box it pages it through.
type flow struct {
	width int        // pixels a line may take
	rows  int        // lines a page holds
	lines []textLine // the whole text, wrapped
}

// Pages returns the pages of the text s shows, each a list of lines, as the
// layout s selects sets them: the verdict of an alert, the message line of
// the turn screen, the prompt and message of a choosing screen; a
// scoreboard after a count-up pages through the round's points, the
// totals, then its prompt and message. Every word of the text is on some
// page, each line fits the panel, and a page that has a next one ends
// with →. There is always at least one page. Show page i with
// Screen.Page = i.
func Pages(s Screen) [][]string {
	var out [][]string
	if layoutOf(s) == layoutScores {
		out = boardPages(s)
		if !hasPromptPages(s) {
			return out
		}
	}
	for _, pg := range textFlow(s).pages() {
		var lines []string
		for _, l := range pg {
			lines = append(lines, l.text)
		}
		out = append(out, lines)
	}
	return out
}

// NumPages is len(Pages(s)).
func NumPages(s Screen) int {
	if layoutOf(s) != layoutScores {
		return len(textFlow(s).pages())
	}
	return len(Pages(s))
}

// boardPages are the scoreboard's pages as lines of name and points.
func boardPages(s Screen) [][]string {
	_, n := scorePages(s)
	out := make([][]string, n)
	for i := range out {
		p := s
		p.Page = i
		board, _ := scorePages(p)
		for _, row := range scoreLines(s, board == boardRound) {
			out[i] = append(out[i], row[0]+" "+row[1])
		}
	}
	return out
}

// hasPromptPages reports whether a scoreboard has a prompt or message to
// page to after its boards.
func hasPromptPages(s Screen) bool { return s.Prompt != "" || s.Message != "" }

// textFlow lays out the text of s for the layout RenderTo picks.
func textFlow(s Screen) flow {
	switch layoutOf(s) {
	case layoutLink:
		fl := flow{width: Width - linkX, rows: 5}
		for _, l := range linkLines(s) {
			fl.lines = append(fl.lines, textLine{text: l})
		}
		return fl
	case layoutAlert:
		return newFlow(Width-6, 3, alertText(s), "")
	case layoutPrompt, layoutScores:
		return promptFlow(s)
	case layoutTurn:
		return newFlow(Width, 1, turnText(s), "")
	}
	return flow{width: Width, rows: 1}
}

// promptFlow lays out the prompt and message of a choosing screen.
func promptFlow(s Screen) flow {
	rows := 3
	switch s.Phase {
	case "color":
		rows = 1 // the colour boxes below
	case "swap":
		rows = 3 - len(wrap(small, swapNames(s), Width, 2)) // the names below
	}
	return newFlow(Width, rows, promptText(s), s.Message)
}

// newFlow wraps text then msg, each from a new line, into pages of rows
// lines. When they need more than one page, every line leaves room for →.
func newFlow(width, rows int, text, msg string) flow {
	fl := flow{width: width, rows: rows}
	fl.fill(text, msg)
	if len(fl.lines) > rows {
		fl.width = width - small.width(more)
		fl.fill(text, msg)
	}
	return fl
}

func (fl *flow) fill(text, msg string) {
	fl.lines = fl.lines[:0]
	for _, l := range lines(small, text, fl.width) {
		fl.lines = append(fl.lines, textLine{text: l})
	}
	for _, l := range lines(small, msg, fl.width) {
		fl.lines = append(fl.lines, textLine{text: l, msg: true})
	}
}

// pages cuts the lines into pages and marks each page but the last.
func (fl flow) pages() [][]textLine {
	var out [][]textLine
	for i := 0; i < len(fl.lines); i += fl.rows {
		pg := append([]textLine(nil), fl.lines[i:min(i+fl.rows, len(fl.lines))]...)
		out = append(out, pg)
	}
	for i := 0; i < len(out)-1; i++ {
		last := &out[i][len(out[i])-1]
		last.text += more
	}
	if len(out) == 0 {
		out = append(out, nil)
	}
	return out
}

// page returns page i of the flow, the last one when i is past the end.
func (fl flow) page(i int) (lines []textLine, n int) {
	pgs := fl.pages()
	return pgs[min(max(i, 0), len(pgs)-1)], len(pgs)
}

// pageMark is "i/n" for a text of n pages, "" for one page.
func pageMark(i, n int) string {
	if n < 2 {
		return ""
	}
	return strconv.Itoa(min(max(i, 0), n-1)+1) + "/" + strconv.Itoa(n)
}

// lines breaks s at spaces into lines of at most w pixels in face f. A word
// longer than a line is split across lines; no rune other than a breaking
// space is ever dropped. A no-break space (U+00A0) never breaks.
func lines(f face, s string, w int) []string {
	n := max(w/f.advance(), 1)
	var out []string
	for _, word := range strings.Split(s, " ") {
		if word == "" {
			continue
		}
		out = addWord(out, word, n)
	}
	return out
}

// addWord appends word to the last line if it fits after a space, else
// starts new lines of at most n runes.
func addWord(out []string, word string, n int) []string {
	if k := len(out); k > 0 && utf8.RuneCountInString(out[k-1])+1+utf8.RuneCountInString(word) <= n {
		out[k-1] += " " + word
		return out
	}
	rs := []rune(word)
	for len(rs) > n {
		out = append(out, string(rs[:n]))
		rs = rs[n:]
	}
	return append(out, string(rs))
}
