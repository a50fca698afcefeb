package web_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/web"
)

// TestBrowserRulesAndVoice: on the real virtual table, the "rules in
// force" panel follows a new game started from the page without a reload,
// the admin's voice form turns teaching mode on through the script, and
// the rules button makes the referee say the rules.
func TestBrowserRulesAndVoice(t *testing.T) {
	ctx := newBrowser(t)
	tb, rec := speakingTable(t)
	p := &browserPage{t: t, ctx: ctx, url: serveForBrowser(t, web.New(tb, nil))}
	p.open(390, 844, true)
	p.newGame("Ann Ben Cy", "house-ru")
	p.wait("the rules panel", `document.getElementById('rules-list').textContent.includes('Only a number card can start a round') && !document.getElementById('rules').hidden`)
	if d := p.state(); d.Marker != "same page" {
		t.Errorf("the rules panel came with a page load, want the event stream")
	}

	seq := p.state().Seq
	p.do("open the voice settings",
		chromedp.Evaluate[chromedp.Void](`document.getElementById('voice-box').open = true`, chromedp.EvalIgnoreExceptions),
		chromedp.Click("#voice-speak", chromedp.NodeVisible),
		chromedp.Click("#voice-teach", chromedp.NodeVisible),
		chromedp.SetValue("#voice-speed", "200", chromedp.NodeVisible),
		chromedp.Click("#voice-save", chromedp.NodeVisible))
	p.wait("the settings", fmt.Sprintf("s.seq > %d || s.error !== ''", seq))
	want := table.VoiceState{Speak: true, Teach: true, Fitted: true}
	want.Settings.Speed = 200
	if got := tb.Snapshot().Voice; got != want {
		t.Errorf("after the voice form: Snapshot().Voice = %+v, want %+v (page error %q)", got, want, p.state().Error)
	}
	p.do("say the rules", chromedp.Click("#say-rules", chromedp.NodeVisible))
	if u := <-rec.Said; !strings.HasPrefix(u.Text, "The rules of this game. We play by the Russian house rules") {
		t.Errorf("the rules button said %q, want the rules in force", u.Text)
	}
}
