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
