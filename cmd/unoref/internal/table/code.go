package table

import "strings"

// ShowCode shows the page's one-time setup code on the OLED, and only
// there (never in the snapshot): "" clears it. Safe from any goroutine.
func (t *Table) ShowCode(code string) {
	t.mu.Lock()
	t.code = code
	t.mu.Unlock()
	select {
	case t.codeShown <- struct{}{}:
	default:
	}
}

// setupCode is the code ShowCode shows, or "".
func (t *Table) setupCode() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.code
}

// OLEDText is the text the OLED shows now, one line per part (the player
// to act, the message, the prompt): the virtual table's console reads it
// (`--stdin`, control "oled").
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
