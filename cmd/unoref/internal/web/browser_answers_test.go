package web_test

import (
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/unoref/unoref/cmd/unoref/internal/web"
)

// near is the JavaScript test that element a's top is at most px below
// element b's bottom (and not above b's top): the answer is where the
// person looks after pressing b.
func near(a, b string, px int) string {
	return fmt.Sprintf(`(() => { const a = document.querySelector(%q), b = document.querySelector(%q);
  if (!a || !b || a.hidden) return false;
  const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
  return ra.top >= rb.top && ra.top - rb.bottom <= %d; })()`, a, b, px)
}

// TestBrowserAnswersBesideButtons: on a 360 px phone every answer shows
// next to what was pressed: the clashing-options error and the success
// under "Start a new game", a refused card under the tap buttons, a wrong
// PIN under "unlock".
func TestBrowserAnswersBesideButtons(t *testing.T) {
	ctx := newBrowser(t)
	url := serveForBrowser(t, web.New(newFakeTable(true), nil))
	p := &browserPage{t: t, ctx: ctx, url: url}
	p.open(360, 740, true)

	// The setup form comes first while no game is on, open.
	p.poll("the setup form right after the table", `(() => { const t = document.getElementById('table').getBoundingClientRect(), a = document.getElementById('admin').getBoundingClientRect(); return document.getElementById('newgame-box').open && a.top > t.top && a.top < t.bottom + 400; })()`)

	// house-ru ticks its options; stacking clashes with its deflect-draw-two.
	p.do("house-ru", chromedp.SetValue("#preset", "house-ru", chromedp.NodeVisible),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('preset').dispatchEvent(new Event('change'))`, chromedp.EvalIgnoreExceptions))
	p.poll("house-ru explained", `!document.querySelector('#preset-why [data-preset="house-ru"]').hidden && document.querySelector('#preset-why [data-preset="official"]').hidden`)
	for box, want := range map[string]bool{"jump-in": true, "deflect-draw-two": true, "wd4-answer-draw-two": true, "stacking": false, "seven-zero": false} {
		if got := p.evalString(fmt.Sprintf(`String(document.querySelector('#newgame input[name="opt"][value="+%s"]').checked)`, box)); got != strconv.FormatBool(want) {
			t.Errorf("house-ru: box %s ticked = %s, want %v", box, got, want)
		}
	}
	// The form names nobody (issue 25: no English names on a family's
	// page): the players are typed in.
	p.do("tick stacking and start",
		chromedp.SetValue("#players", "Ann Ben Cy", chromedp.NodeVisible),
		chromedp.Click(`#newgame input[name="opt"][value="+stacking"]`, chromedp.NodeVisible),
		chromedp.Click("#start", chromedp.NodeVisible))
	p.poll("the clash beside the button", near("#error", "#start", 60))
	if msg := p.state().Error; msg != "You can't have both stacking and pass a Draw Two on: untick one of them" {
		t.Errorf("clash = %q", msg)
	}
	p.shot("answer-clash-phone.png")
	p.do("untick deflect-draw-two and start",
		chromedp.Click(`#newgame input[name="opt"][value="+deflect-draw-two"]`, chromedp.NodeVisible),
		chromedp.Click("#start", chromedp.NodeVisible))
	p.wait("the game", `s.seats.join(' ') === 'Ann Ben Cy' && s.error === ''`)
	p.poll("the start said beside the form", near("#ok", "#newgame-box", 60)+` && document.getElementById('ok').textContent === 'The new game is set up.'`)

	// A refused card: the reason right under the tap buttons.
	p.tap("R5", "play")
	p.wait("starter", `s.top === 'R5' && s.turnSeat === 'Ben'`)
	if log := p.evalString(`document.getElementById('log').textContent`); !regexpMatch(`rules house-ru -deflect-draw-two \+stacking`, log) {
		t.Errorf("log %q, want house-ru -deflect-draw-two +stacking", log)
	}
	p.tap("G3", "play")
	p.wait("refused", `s.verdict === 'bad'`)
	p.poll("the refusal beside the tap button", near("#error", "#tap-play", 80))
	p.shot("answer-refusal-phone.png")

	// A new game while this one is on asks first; "no" keeps the game.
	p.do("start another game",
		chromedp.Evaluate[chromedp.Void](`document.getElementById('newgame-box').open = true`, chromedp.EvalIgnoreExceptions),
		chromedp.Click("#start", chromedp.NodeVisible))
	p.poll("asked first", near("#newgame .confirm", "#start", 40)+` && document.querySelector('#newgame .confirm p').textContent.startsWith('Start a new game?')`)
	p.do("no", chromedp.Click("#newgame .confirm .no", chromedp.NodeVisible))
	p.poll("the question gone", `document.querySelector('#newgame .confirm').hidden`)
	if d := p.state(); d.Top != "R5" || d.TurnSeat != "Ben" {
		t.Errorf("after no: top %q turn %q, want the game as it was", d.Top, d.TurnSeat)
	}

	// The picked card is plain to see: named under the picker, ringed.
	p.do("pick Green 3", chromedp.Click(`#picker input[data-card="G3"]`, chromedp.NodeReady))
	p.poll("named", `document.getElementById('picked').textContent === 'Green 3'`)
	if w := p.evalString(`getComputedStyle(document.querySelector('#picker input[data-card="G3"]').closest('.chip')).outlineWidth`); w != "4px" {
		t.Errorf("the picked card's ring is %s, want 4px", w)
	}
}

// TestBrowserWrongPINBesideUnlock: a wrong PIN is said under the PIN form.
func TestBrowserWrongPINBesideUnlock(t *testing.T) {
	ctx := newBrowser(t)
	url := serveForBrowser(t, web.New(newFakeTable(true), &web.Opts{PIN: "2468"}))
	p := &browserPage{t: t, ctx: ctx, url: url}
	p.open(360, 740, true)
	p.do("a wrong PIN",
		chromedp.SetValue("#pin", "1111", chromedp.NodeVisible),
		chromedp.Click("#unlock", chromedp.NodeVisible))
	p.poll("the wrong PIN beside unlock", near("#error", "#unlock", 60))
	p.do("the PIN",
		chromedp.SetValue("#pin", "2468", chromedp.NodeVisible),
		chromedp.Click("#unlock", chromedp.NodeVisible))
	p.poll("accepted in the admin panel", `(() => { const ok = document.getElementById('ok'); return !ok.hidden && ok.closest('#admin') && document.getElementById('error').hidden; })()`)
}

// TestBrowserContrast: the marks of the red and green cards in the picker
// and on the colour buttons meet WCAG AA (4.5:1) against their background.
func TestBrowserContrast(t *testing.T) {
	ctx := newBrowser(t)
	url := serveForBrowser(t, web.New(newFakeTable(true), nil))
	p := &browserPage{t: t, ctx: ctx, url: url}
	p.open(390, 844, true)
	const ratio = `((el) => {
  const rgb = (s) => s.match(/[\d.]+/g).slice(0, 3).map(Number);
  const lum = (c) => { const [r, g, b] = c.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const st = getComputedStyle(el);
  const a = lum(rgb(st.color)), b = lum(rgb(st.backgroundColor));
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
})`
	for _, sel := range []string{
		`#picker input[data-card="R+2"]`, `#picker input[data-card="G+2"]`,
		`#picker input[data-card="R7"]`, `#picker input[data-card="G7"]`,
	} {
		got := p.evalString(fmt.Sprintf(`String(%s(document.querySelector(%q).closest('.chip')))`, ratio, sel))
		if r, _ := strconv.ParseFloat(got, 64); r < 4.5 {
			t.Errorf("%s: contrast %s, want at least 4.5", sel, got)
		}
	}
	for _, b := range []string{"R", "G"} {
		got := p.evalString(fmt.Sprintf(`String(%s(document.querySelector('#buttons button[value=%q]')))`, ratio, b))
		if r, _ := strconv.ParseFloat(got, 64); r < 4.5 {
			t.Errorf("button %s: contrast %s, want at least 4.5", b, got)
		}
	}
}

func regexpMatch(re, s string) bool { return regexp.MustCompile(re).MatchString(s) }
