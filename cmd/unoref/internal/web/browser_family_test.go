package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/web"
	"github.com/unoref/unoref/referee/journal"
)

// TestBrowserFamilyRecord sets up games with roster players on the virtual
// table's page (picked from the roster, with a guest), plays a round to its
// count-up and a refused card, renames a player on their page and checks
// the new name on every past game and in the statistics, on a 360 px phone.
func TestBrowserFamilyRecord(t *testing.T) {
	ctx := newBrowser(t)
	j := newJournal(t, journal.Player{Name: "Mia"}, journal.Player{Name: "Ben"})
	tb := runVirtual(t, j, table.Config{UnoGrace: -1, Virtual: true})
	url := serveForBrowser(t, web.New(tb, &web.Opts{History: j, Record: j, Copies: j.J}))
	p := &browserPage{t: t, ctx: ctx, url: url}
	p.open(360, 740, true)

	// Game 1: Mia and Ben picked from the roster, Cy typed in as a guest.
	pickPlayers(p, []string{"Mia", "Ben"}, "Cy")
	p.wait("game 1", `s.seats.join(' ') === 'Mia Ben Cy'`)
	playCountupRound(t, p, "Mia", "Ben", "Cy")
	p.do("end game 1",
		chromedp.Evaluate[chromedp.Void](`document.getElementById('end-box').open = true`, chromedp.EvalIgnoreExceptions),
		chromedp.Click("#end", chromedp.NodeVisible))
	p.confirm("#end-form")
	p.wait("game 1 ended", `s.seats.length === 0`)
	// Game 2: the two of them; Ben's card is refused.
	pickPlayers(p, []string{"Mia", "Ben"}, "")
	p.wait("game 2", `s.seats.join(' ') === 'Mia Ben'`)
	p.press("pass")
	p.wait("Mia deals", `s.prompt.toLowerCase().includes('starter')`)
	p.tap("R5", "play")
	p.wait("starter", `s.top === 'R5' && s.turnSeat === 'Ben'`)
	p.tap("G9", "play")
	p.wait("G9 refused", `s.verdict.includes('bad') || s.msg.includes("can't go on")`)

	// Rename Ben on his page: every game and the statistics say Benny.
	p.visit("/family", "#leaderboard")
	checkFits(t, p)
	p.do("Ben's page", chromedp.Click(`#leaderboard tr[data-player="2"] a`, chromedp.NodeVisible), chromedp.WaitVisible("#player-stats"))
	checkFits(t, p)
	p.do("rename Ben",
		chromedp.SetValue("#player-rename", "Benny", chromedp.NodeVisible),
		chromedp.Click("#player-rename-go", chromedp.NodeVisible),
		chromedp.WaitVisible("#player-stats"))
	p.text("#player-name", "Benny")
	p.text("#rounds-won", "1 of 1")
	p.text("#refused", "1: wrong card 1")
	p.text("#uno", "1 called, 0 forgot, caught others 0 times")
	p.shot("player-phone.png")
	p.visit("/history", "#games")
	for _, g := range []string{"1", "2"} {
		p.text(fmt.Sprintf(`li[data-game=%q] .g-players`, g), "Benny")
	}
	p.visit("/history/1", "#rounds")
	p.text("#rounds thead", "Benny")
	p.text(`#rounds tr[data-round="1"] td:nth-child(2)`, "Benny")
	p.visit("/family", "#leaderboard")
	p.text(`#leaderboard tr[data-player="2"]`, "Benny")
	p.text(`#leaderboard tr[data-player="2"] td:nth-child(4)`, "1 / 1")
	p.text("#head-to-head", "Benny")
	checkFits(t, p)
	p.shot("family-phone.png")
	// The table shows the new name too.
	p.visit("/", "#seats")
	p.wait("the table renamed", `document.querySelector('#seats li[data-name="Ben"]').textContent.includes('Benny')`)
}

// pickPlayers opens the new-game form, picks roster names by their
// buttons, adds a guest typed in, and starts an official game.
func pickPlayers(p *browserPage, roster []string, guest string) {
	p.t.Helper()
	steps := []chromedp.Action[chromedp.Void]{
		chromedp.Evaluate[chromedp.Void](`document.getElementById('newgame-box').open = true; document.getElementById('players').value = ''`, chromedp.EvalIgnoreExceptions),
	}
	for _, n := range roster {
		steps = append(steps, chromedp.Click(fmt.Sprintf(`#roster-pick button[data-name=%q]`, n), chromedp.NodeVisible))
	}
	if guest != "" {
		steps = append(steps, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById('players').value += %q`, " "+guest), chromedp.EvalIgnoreExceptions))
	}
	steps = append(steps, chromedp.SetValue("#preset", "official", chromedp.NodeVisible), chromedp.Click("#start", chromedp.NodeVisible))
	p.do("new game of "+strings.Join(roster, " ")+" "+guest, steps...)
}

// visit loads path of the server and waits for sel.
func (p *browserPage) visit(path, sel string) {
	p.t.Helper()
	p.do("open "+path, chromedp.Navigate(p.url+path), chromedp.WaitVisible(sel))
}

// text fails unless the element sel shows want, waiting for it while a
// form's answer (a redirect) may still be loading.
func (p *browserPage) text(sel, want string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout)
	defer cancel()
	read := fmt.Sprintf(`(document.querySelector(%q) || {textContent: ''}).textContent.split(/\s+/).filter(Boolean).join(' ')`, sel)
	// A navigation ends a poll (its page is gone): poll the new page again.
	for ctx.Err() == nil {
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`%s.includes(%q)`, read, want),
			chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(stepTimeout)))
		if err == nil {
			return
		}
	}
	got, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string](read))
	p.t.Errorf("%s shows %q, want %q in it", sel, got, want)
}
