package draw

import "testing"

// TestPanelLayout checks the box of panel.svg against the placement rules:
// readers at least 20 cm apart, SPI runs short, nothing inside a reader's
// metal-free margin, every part inside the box.
func TestPanelLayout(t *testing.T) {
	p := referencePanel
	if gap := p.readerGap(); gap < 200 {
		t.Errorf("readers %d mm apart, want at least 200", gap)
	}
	for _, r := range []rect{p.Play, p.Draw} {
		// 15 cm straight leaves room to route a wire under 20 cm.
		if run := p.spiRun(r); run > 150 {
			t.Errorf("%s: SPI run %d mm, want at most 150", r.Label, run)
		}
		zone := rect{r.X - p.Keepout, r.Y - p.Keepout, r.W + 2*p.Keepout, r.H + 2*p.Keepout, ""}
		for _, o := range p.others() {
			if overlaps(zone, o) {
				t.Errorf("%s sits in the metal-free margin of %s", o.Label, r.Label)
			}
		}
	}
	for _, o := range append(p.others(), p.Play, p.Draw) {
		if !inside(o, p.Box) {
			t.Errorf("%s %+v is not inside the box", o.Label, o)
		}
	}
	// The boards and the panel's parts do not sit on one another.
	boards := []rect{p.Pi, p.OLED, p.Expanders, p.Perfboard, p.Strip}
	for _, l := range p.LEDs {
		boards = append(boards, l)
	}
	for i, a := range boards {
		for _, b := range boards[i+1:] {
			if overlaps(a, b) {
				t.Errorf("%s %+v and %s %+v overlap", a.Label, a, b.Label, b)
			}
		}
	}
}

// others are the parts of the box that are not readers.
func (p panel) others() []rect {
	rs := []rect{p.Pi, p.Header, p.OLED, p.Expanders, p.Perfboard, p.Strip}
	rs = append(rs, p.LEDs...)
	return append(rs, p.Buttons...)
}

func overlaps(a, b rect) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

func inside(a, box rect) bool {
	return a.X >= box.X && a.Y >= box.Y && a.X+a.W <= box.X+box.W && a.Y+a.H <= box.Y+box.H
}

func TestPanelRulesFail(t *testing.T) {
	p := referencePanel
	p.Draw.X = p.Play.X + 150
	if gap := p.readerGap(); gap >= 200 {
		t.Errorf("readerGap() with the readers 15 cm apart = %d, want under 200", gap)
	}
	p.Play.X = 0
	if run := p.spiRun(p.Play); run <= 150 {
		t.Errorf("spiRun() with the play pad at the box's edge = %d, want over 150", run)
	}
}
