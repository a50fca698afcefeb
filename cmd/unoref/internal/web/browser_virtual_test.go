package web_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/table/tabletest"
	"github.com/unoref/unoref/cmd/unoref/internal/web"
)

// TestBrowserVirtualTable plays the page's scenario on the real virtual
// table: the daemon core on the MFRC522, SSD1306 and GPIO simulators, with a
// journal. The OLED image is the SSD1306 simulator's framebuffer.
func TestBrowserVirtualTable(t *testing.T) {
	ctx := newBrowser(t)
	tb := runVirtual(t, newJournal(t), table.Config{UnoGrace: -1, Virtual: true})
	var _ web.Table = tb

	url := serveForBrowser(t, web.New(tb, nil))
	p := &browserPage{t: t, ctx: ctx, url: url}
	p.open(390, 844, true)
	if d := p.state(); d.Live != "1" {
		t.Fatalf("page not live: %+v", d)
	}
	playScenario(t, p, url, func() {
		// No dealer pick: PASS makes the first player the dealer.
		p.press("pass")
		p.wait("Ann deals", `s.prompt.includes('starter') || s.prompt.includes('Starter')`)
	})
	checkFits(t, p)
	p.shot("virtual-phone.png")
	countupRound(t, p)
	slapRound(t, p)
}

// slapRound plays an uno-slap call on the virtual table's page: the
// option ticked in the new-game form, Ben's call, the slap indicator
// naming who still has to press, the seat pads pressed, Ann last.
func slapRound(t *testing.T, p *browserPage) {
	// The preset first: choosing one ticks its own options afresh.
	p.do("a new game with uno-slap",
		chromedp.Evaluate[chromedp.Void](`document.getElementById('newgame-box').open = true`, chromedp.EvalIgnoreExceptions),
		chromedp.SetValue("#players", "Ann Ben Cy", chromedp.NodeVisible),
		chromedp.SetValue("#preset", "official", chromedp.NodeVisible),
		chromedp.Click(`#newgame input[name="opt"][value="+uno-slap"]`, chromedp.NodeVisible),
		chromedp.Click("#start", chromedp.NodeVisible))
	p.confirm("#newgame")
	p.wait("slap game", `s.phase === 'setup' && s.hands.Ann === 0 && s.msg.startsWith('New game')`)
	p.press("pass")
	p.wait("Ann deals", `s.prompt.toLowerCase().includes('starter')`)
	p.tap("R5", "play")
	for i, c := range []string{"R1", "R2", "R3", "R4", "R6", "R7"} {
		if i > 0 {
			for _, who := range []string{"Cy", "Ann"} {
				p.press("draw")
				p.wait(who+" draws", fmt.Sprintf(`s.phase === 'drawn' && s.turnSeat === %q`, who))
				p.press("pass")
				p.wait(who+" passes", fmt.Sprintf(`s.phase === 'turn' && s.turnSeat !== %q`, who))
			}
		}
		p.tap(c, "play")
		p.wait("Ben plays "+c, fmt.Sprintf(`s.top === %q && s.hands.Ben === %d`, c, 6-i))
	}
	const slap = `document.getElementById('slap')`
	p.press("uno")
	p.wait("the slap indicator", `!`+slap+`.hidden && `+slap+`.textContent.includes("Slap Ben's hand") && `+slap+`.textContent.endsWith('Cy and Ann')`)
	p.shot("virtual-slap.png")
	p.do("Cy slaps", chromedp.Click(`#seatpads button[data-seat="2"]`, chromedp.NodeVisible))
	p.wait("Cy slapped", slap+`.textContent.endsWith('still to slap: Ann') || `+slap+`.textContent.endsWith('Still to slap: Ann')`)
	p.do("Ann slaps", chromedp.Click(`#seatpads button[data-seat="0"]`, chromedp.NodeVisible))
	p.wait("Ann slapped last", slap+`.hidden && s.hands.Ann === 14 && s.msg.includes('the last slap: Ann draws 2')`)
}

// countupRound plays a round on the virtual table's page to its end: a seat
// pad pressed, Ben out, the others counted by their points forms.
func countupRound(t *testing.T, p *browserPage) {
	p.newGame("Ann Ben Cy", "official")
	p.wait("second game", `s.phase === 'setup' && s.hands.Ann === 0`)
	// The dealer pick: the headline says who taps, not "no game yet".
	p.wait("the dealer pick", `s.turn === 'choosing the dealer: Ann taps a card'`)
	p.tap("Y1", "play")
	p.wait("Ben's pick", `s.turn === 'choosing the dealer: Ben taps a card'`)
	p.do("lift the pick", chromedp.Click("#lift-play", chromedp.NodeVisible))
	playCountupRound(t, p, "Ann", "Ben", "Cy")
}

// playCountupRound plays a round of a new game seated a, b, c: a deals, b
// plays out red with the others drawing and passing, a's cards left are worth 30 points
// and c 12.
func playCountupRound(t *testing.T, p *browserPage, a, b, c string) {
	p.press("pass")
	p.wait(a+" deals", `s.prompt.toLowerCase().includes('starter')`)
	p.tap("R5", "play")
	p.wait("starter", fmt.Sprintf(`s.top === 'R5' && s.turnSeat === %q && s.leds.includes('seat1') && !s.leds.includes('seat0')`, b))
	if n := p.count(`#seatpads button:not([hidden])`); n != 3 {
		t.Errorf("%d seat pad buttons shown, want 3", n)
	}
	p.do("press "+b+"'s seat pad", chromedp.Click(`#seatpads button[data-seat="1"]`, chromedp.NodeVisible))
	p.wait(b+"'s seat pad", fmt.Sprintf(`s.msg === %q && document.querySelector('#seatpads button[data-seat="1"]').classList.contains('on') && document.querySelector('#seatpads button[data-seat="1"] .who').textContent === %q`, b+" acts", b))
	for i, card := range []string{"R1", "R2", "R3", "R4", "R6", "R7", "R8"} {
		if i > 0 {
			for _, who := range []string{c, a} {
				p.press("draw")
				p.wait(who+" draws", fmt.Sprintf(`s.phase === 'drawn' && s.turnSeat === %q`, who))
				p.press("pass")
				p.wait(who+" passes", fmt.Sprintf(`s.phase === 'turn' && s.turnSeat !== %q`, who))
			}
		}
		p.tap(card, "play")
		p.wait(b+" plays "+card, fmt.Sprintf(`s.top === %q && s.hands[%q] === %d`, card, b, 6-i))
		if card == "R7" {
			p.press("uno")
			p.wait(b+" calls UNO", `s.event.endsWith('uno') && s.verdict === 'ok'`)
		}
	}
	p.wait("count-up", `s.phase === 'countup' && s.turn === 'counting the cards left' && !document.getElementById('countup').hidden && document.querySelectorAll('#countup-rows form').length === 2`)
	p.shot("virtual-countup.png")
	count := func(who, points string) {
		t.Helper()
		form := fmt.Sprintf(`#countup-rows form[data-name=%q]`, who)
		p.do("count "+who,
			chromedp.SetValue(form+` input[name="points"]`, points, chromedp.NodeVisible),
			chromedp.Click(form+` button`, chromedp.NodeVisible))
	}
	count(a, "30")
	p.wait(a+" counted", fmt.Sprintf(`s.msg.includes(%q) && s.phase === 'countup'`, a+"'s cards left are worth 30 points"))
	p.wait(a+" no longer offered", fmt.Sprintf(`document.querySelectorAll('#countup-rows form').length === 1 && !document.querySelector('#countup-rows form[data-name=%q]')`, a))
	count(c, "12")
	p.wait("the round scored", fmt.Sprintf(`s.phase === 'setup' && s.error === '' && document.getElementById('countup').hidden && document.querySelector('#seats li[data-name=%q] .score').textContent === '42 points'`, b))
	// The next deal: the old top card and hand counts are gone, the
	// headline says who deals round 2.
	p.wait("the next deal", `s.top === '' && s.color === '–' && [...document.querySelectorAll('#seats .hand')].every((e) => e.textContent === '–') && /^round 2: \S+ deals/.test(s.turn)`)
	if d := p.state(); d.Marker != "same page" {
		t.Errorf("the page was reloaded: the count-up must come from the event stream")
	}
}

// count is the number of elements that match sel.
func (p *browserPage) count(sel string) int {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout)
	defer cancel()
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](fmt.Sprintf(`document.querySelectorAll(%q).length`, sel)))
	if err != nil {
		p.t.Fatalf("counting %s: %v", sel, err)
	}
	return n
}

// runVirtual runs a virtual table on journal j until the test ends, then
// closes j.
func runVirtual(t *testing.T, j *table.SQLJournal, cfg table.Config) *table.Table {
	t.Helper()
	t.Cleanup(func() { j.Close() })
	tb, _ := tabletest.Virtual(t, j, cfg, nil)
	return tb
}
