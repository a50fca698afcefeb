package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/unoref/unoref/cmd/unoref/internal/web"
)

// evalString runs a JavaScript expression that returns a string.
func (p *browserPage) evalString(js string) string {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
	if err != nil {
		p.t.Fatalf("evaluating %s: %v", js, err)
	}
	return s
}

// poll waits until the JavaScript expression js is true.
func (p *browserPage) poll(what, js string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(stepTimeout))); err != nil {
		p.t.Fatalf("%s: waiting for %s: %v\npage shows %+v", what, js, err, p.state())
	}
}

// scores reads the seats' scores: "Ann 0, Ben 20".
const scoresJS = `[...document.querySelectorAll('#seats li')].map((li) => li.querySelector('.name').textContent + ' ' + parseInt(li.querySelector('.score').textContent, 10)).join(', ')`

func TestBrowserAdminAndHistory(t *testing.T) {
	ctx := newBrowser(t)
	tb, j := virtualTable(t, t.TempDir())
	s := web.New(tb, &web.Opts{PIN: "2468", History: j})
	url := serveForBrowser(t, s)
	p := &browserPage{t: t, ctx: ctx, url: url}
	p.open(390, 844, true)

	// The admin panel is locked: a wrong PIN is refused, the right one opens it.
	p.poll("the PIN form", `!document.getElementById('login').hidden && document.getElementById('admin-tools').hidden`)
	p.do("a wrong PIN",
		chromedp.SetValue("#pin", "1111", chromedp.NodeVisible),
		chromedp.Click("#unlock", chromedp.NodeVisible))
	p.wait("refused", `s.error === 'That PIN is wrong.'`)
	p.do("the PIN",
		chromedp.SetValue("#pin", "2468", chromedp.NodeVisible),
		chromedp.Click("#unlock", chromedp.NodeVisible))
	p.poll("unlocked", `document.getElementById('login').hidden && !document.getElementById('admin-tools').hidden`)
	p.wait("no error", `s.error === ''`)
	p.poll("the PIN is accepted where the form was", `!document.getElementById('ok').hidden && document.getElementById('ok').textContent.startsWith('PIN accepted') && document.getElementById('ok').closest('#admin') !== null`)

	// Set up a game: seats in order, a preset, an option, a target.
	p.do("new game",
		chromedp.Evaluate[chromedp.Void](`document.getElementById('newgame-box').open = true`, chromedp.EvalIgnoreExceptions),
		chromedp.SetValue("#players", "Ann, Ben", chromedp.NodeVisible),
		chromedp.SetValue("#preset", "official", chromedp.NodeVisible),
		chromedp.Click(`#newgame input[value="+stacking"]`, chromedp.NodeVisible),
		chromedp.SetValue("#target", "200", chromedp.NodeVisible),
		chromedp.Click("#start", chromedp.NodeVisible))
	p.wait("the game", `s.seats.join(' ') === 'Ann Ben' && s.phase === 'setup'`)
	if log := p.evalString(`document.getElementById('log').textContent`); !strings.Contains(log, "rules official +stacking target=200") {
		t.Errorf("log %q, want the rules with the option and target", log)
	}
	p.poll("the chart of the game", `!document.getElementById('chart-box').hidden && document.getElementById('chart').complete && document.getElementById('chart').naturalWidth > 0`)

	// One round by taps: Ann deals, Ben goes out with his seventh card.
	p.press("pass")
	p.wait("Ann deals", `s.prompt.includes('starter')`)
	p.tap("R0", "play")
	p.wait("started", `s.turnSeat === 'Ben'`)
	plays := []string{"R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "Y9", "Y1"}
	for _, c := range plays {
		p.tap(c, "play")
		p.wait("play "+c, fmt.Sprintf(`s.top === %q && s.verdict === 'ok'`, c))
	}
	p.wait("Ben has one card", `s.hands.Ben === 1 && s.turnSeat === 'Ann'`)
	p.press("uno")
	p.wait("Ben calls UNO", `s.event === 'uno'`)
	p.tap("Y2", "play")
	p.wait("Ann plays", `s.top === 'Y2' && s.turnSeat === 'Ben' && s.hands.Ann === 1`)
	p.press("uno")
	p.wait("Ann calls UNO", `s.event === 'uno'`)
	p.tap("Y3", "play")
	p.wait("Ben goes out", `s.phase === 'countup' && s.hands.Ben === 0`)
	chartBefore := p.evalString(`document.getElementById('chart').getAttribute('src')`)
	p.tap("B+2", "play")
	p.wait("the round is scored", `s.phase !== 'countup' && s.event.startsWith('hand Ann')`)
	if got := p.evalString(scoresJS); got != "Ann 0, Ben 20" {
		t.Errorf("scores %q, want Ann 0, Ben 20", got)
	}
	p.poll("the chart after the round", fmt.Sprintf(`document.getElementById('chart').getAttribute('src') !== %q && document.getElementById('chart').complete && document.getElementById('chart').naturalWidth > 0`, chartBefore))
	chartAfter := p.evalString(`document.getElementById('chart').getAttribute('src')`)

	// Rename Ben; the page, the seats and the rename list follow.
	p.do("rename Ben",
		chromedp.SetValue("#rename-who", "Ben", chromedp.NodeVisible),
		chromedp.SetValue("#rename-to", "<b>Bo&Co", chromedp.NodeVisible),
		chromedp.Click("#rename-go", chromedp.NodeVisible))
	p.poll("Ben renamed", `document.querySelector('#seats li[data-name="Ben"] .name').textContent === '<b>Bo&Co' && document.querySelector('#rename-who option[value="Ben"]').textContent === '<b>Bo&Co' && !document.querySelector('#seats b')`)
	p.poll("the live chart redrawn with the new name", fmt.Sprintf(`document.getElementById('chart').getAttribute('src') !== %q`, chartAfter))
	chartAfter = p.evalString(`document.getElementById('chart').getAttribute('src')`)
	p.do("a name with a space",
		chromedp.SetValue("#rename-who", "Ann", chromedp.NodeVisible),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('rename-to').removeAttribute('pattern'); document.getElementById('rename-to').value = 'Ann Marie'`, chromedp.EvalIgnoreExceptions),
		chromedp.Click("#rename-go", chromedp.NodeVisible))
	p.wait("refused", `s.error.startsWith("A name can't contain # or spaces")`)

	// Undo the count that ended the round: the page goes back to the count-up.
	p.do("undo", chromedp.Click("#undo", chromedp.NodeVisible))
	p.wait("undone", `s.phase === 'countup' && s.msg.startsWith('Ann, show your cards again') && s.error === ''`)
	if got := p.evalString(scoresJS); got != "Ann 0, <b>Bo&Co 0" {
		t.Errorf("scores after undo %q, want them back to 0", got)
	}
	p.poll("the chart goes back", fmt.Sprintf(`document.getElementById('chart').getAttribute('src') !== %q`, chartAfter))
	p.tap("B+2", "play")
	p.wait("scored again", `s.phase !== 'countup'`)
	if d := p.state(); d.Marker != "same page" {
		t.Errorf("the page was reloaded")
	}
	checkFits(t, p)
	p.shot("admin-phone.png")

	// The history lists the game; its page has the rounds and the chart.
	p.do("open the history", chromedp.Click("#history-link", chromedp.NodeVisible), chromedp.WaitVisible("#games"))
	p.poll("the game listed", `(() => { const g = document.querySelector('li.game[data-game="1"]'); return g && g.textContent.includes('Ann · <b>Bo&Co') && g.textContent.includes('Ann 0, <b>Bo&Co 20') && g.textContent.includes('on the table'); })()`)
	checkFits(t, p)
	p.shot("history-phone.png")
	p.do("open the game", chromedp.Click(`li.game[data-game="1"] a`, chromedp.NodeVisible), chromedp.WaitVisible("#rounds"))
	p.poll("the rounds and chart", `document.querySelectorAll('#rounds tbody tr').length === 1 && document.querySelector('#rounds tbody tr').textContent.includes('<b>Bo&Co') && document.querySelectorAll('svg.chart polyline').length === 2 && document.querySelector('svg.chart polyline[data-player="<b>Bo&Co"]').getAttribute('data-totals') === '0 20'`)
	checkFits(t, p)
	p.shot("game-phone.png")

	// Ending the game from the page.
	p.do("back to the table", chromedp.Navigate(url), chromedp.WaitVisible("#verdict"))
	p.wait("live again", `s.live === '1'`)
	p.do("end the game",
		chromedp.Evaluate[chromedp.Void](`document.getElementById('end-box').open = true`, chromedp.EvalIgnoreExceptions),
		chromedp.Click("#end", chromedp.NodeVisible))
	p.poll("asked first", `!document.querySelector('#end-form .confirm').hidden`)
	if d := p.state(); len(d.Seats) != 2 {
		t.Fatalf("the game ended before the yes: seats %v", d.Seats)
	}
	p.confirm("#end-form")
	p.wait("ended", `s.msg === 'Game abandoned' && s.seats.length === 0`)
	p.poll("the final standings beside the button", `(() => { const ok = document.getElementById('ok'); return !ok.hidden && ok.previousElementSibling && ok.previousElementSibling.id === 'end-form' && ok.textContent === 'The game is over. Final standings: <b>Bo&Co 20 points · Ann 0 points'; })()`)
	p.poll("no chart", `document.getElementById('chart-box').hidden`)
	p.poll("the final standings for all to see", `!document.getElementById('standings').hidden && document.getElementById('standings-text').textContent === '<b>Bo&Co 20 points · Ann 0 points'`)
	p.do("reload", chromedp.Reload(), chromedp.WaitVisible("#verdict"))
	p.poll("the final standings kept", `!document.getElementById('standings').hidden && document.getElementById('standings-text').textContent === 'Game 1: <b>Bo&Co 20 points · Ann 0 points'`)
}
