package web_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/web"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/referee/journal"
)

// TestBrowserEveryLanguageFits: every page, in every language the referee
// speaks, on the narrowest phone (320 px): nothing scrolls sideways, is
// cut at the right edge or cut inside its box (cutJS). The table page is
// seen with a game on; the history, a game, the family and a player
// after a round played.
func TestBrowserEveryLanguageFits(t *testing.T) {
	j := newJournal(t, journal.Player{Name: "Ann", Mark: "★"}, journal.Player{Name: "Ben", Mark: "★"})
	tb := runVirtual(t, j, table.Config{UnoGrace: -1, Virtual: true})
	do := func(a table.Action) {
		t.Helper()
		if err := tb.Do(context.Background(), a); err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
	}
	tap := func(card string) { do(table.Action{Kind: "tap", Pad: "play", Card: card}) }
	press := func(b string) { do(table.Action{Kind: "press", Button: b}) }
	// A round of two: Ann deals, Ben plays out seven skips.
	do(table.Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "official +stacking"})
	press("pass")
	tap("R5")
	for _, c := range []string{"RS", "RS", "YS", "YS", "GS", "GS"} {
		tap(c)
	}
	press("uno")
	tap("BS")
	do(table.Action{Kind: "points", Name: "Ann", Points: 30})
	if st := tb.Snapshot().State; st.Scores["Ben"] != 30 || st.Phase != "setup" {
		t.Fatalf("after the round: scores %v, phase %s", st.Scores, st.Phase)
	}
	// The next round on, a card refused.
	tap("G4")
	tap("R9")
	if s := tb.Snapshot(); s.State.Top != "G4" || s.Last.OK {
		t.Fatalf("the second round: top %s, last %+v", s.State.Top, s.Last)
	}

	ctx := newBrowser(t)
	url := serveForBrowser(t, web.New(tb, &web.Opts{History: j, Record: j}))
	p := &browserPage{t: t, ctx: ctx, url: url}
	p.do("a 320 px phone", chromedp.EmulateViewport(320, 700, chromedp.EmulateScale(1), chromedp.EmulateMobile, chromedp.EmulateTouch))
	for _, l := range lang.Languages() {
		for _, page := range []struct{ path, sel string }{
			{"/", "#verdict"}, {"/history", "#games"}, {"/history/1", "#rounds"}, {"/family", "#leaderboard"}, {"/family/1", "#player-stats"},
		} {
			p.do("open "+page.path, chromedp.Navigate(p.url+page.path+"?lang="+l.String()), chromedp.WaitVisible(page.sel))
			if got := p.evalString(`document.documentElement.lang`); got != l.String() {
				t.Errorf("%s in %s: <html lang=%q>", page.path, l, got)
			}
			p.fits(fmt.Sprintf("%s at 320 px in %s", page.path, l))
		}
	}
}
