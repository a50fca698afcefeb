package table

import "strings"

// ShowCode shows the page's one-time setup code on the OLED, and only
// there (never in the snapshot): "" clears it. It returns once Run has
// redrawn the screen, or has returned; call it while Run runs.
func (t *Table) ShowCode(code string) {
	t.mu.Lock()
	t.code = code
	t.mu.Unlock()
	drawn := make(chan struct{})
	select {
	case t.codeShown <- drawn:
		<-drawn
	case <-t.halted:
	}
}

// setupCode is the code ShowCode shows, or "".
func (t *Table) setupCode() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.code
}

// SetPageURL tells the table where a phone opens its page
// ("http://192.168.1.20:8080/"; "" when the page is off): the setup code's
// screen and a long press of OK show it as a QR code. Safe from any
// goroutine; the next redraw uses it.
func (t *Table) SetPageURL(u string) {
	t.mu.Lock()
	t.pageURL = u
	t.mu.Unlock()
}

// pageLink is the address the OLED's QR code opens: the page, with the
// setup code in its fragment while there is one (#code=123456: the page
// fills its setup form from it, and a fragment never reaches a server or
// its log); "" without a page.
func (t *Table) pageLink() (link, code string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.pageURL == "":
		return "", t.code
	case t.code != "":
		return t.pageURL + "#code=" + t.code, t.code
	}
	return t.pageURL, ""
}

// showLink puts the page's QR code on the OLED, for a new phone (a long
// press of OK), until the table says something new.
func (t *Table) showLink() {
	if link, _ := t.pageLink(); link != "" {
		t.out.link = true
		t.refresh()
	}
}

// OLEDText is the text the OLED shows now, one line per part (the player
// to act, the message, the prompt): the console of `unoref run --stdin`
// reads it (control "oled").
func (t *Table) OLEDText() string {
	t.mu.Lock()
	s := t.lastImg
	t.mu.Unlock()
	var lines []string
	for _, l := range []string{s.Turn, s.Message, s.Prompt} {
		if l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}
