package web_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"golang.org/x/image/font/basicfont"

	"github.com/unoref/unoref/cmd/unoref/internal/screen/fonts"
	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/web"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee/journal"
)

// walkWidths are the widths the walk is made at: the narrowest phone,
// a common one, a desktop.
var walkWidths = []int64{320, 360, 1280}

// TestBrowserWalk walks a family's evening as a new user would, on the
// virtual table under the real table's policy (`unoref run --sim --policy
// table`): first boot, the setup code and a PIN, a game of roster players
// and a guest, a refused card, bad news (a Wild Draw Four starter put
// back, a missed UNO), the end of a round, the end of the game, the
// history, the family and a player, in English and in Russian, at every
// width of walkWidths. On every page nothing scrolls sideways or is cut at
// the right edge (cutJS) and axe-core finds no violation; every answer
// shows next to what was pressed, inside the viewport.
//
// The steps are functions of walk, so that the steps other issues add (a
// QR code read off the OLED, ending a game and scoring it as it stands,
// the roster's offer to add guests) slot in where they belong.
func TestBrowserWalk(t *testing.T) {
	axe := axeSource(t)
	for _, l := range []lang.Lang{lang.English, lang.Russian} {
		for _, w := range walkWidths {
			t.Run(fmt.Sprintf("%s-%d", l, w), func(t *testing.T) {
				newWalk(t, axe, l, w).run()
			})
		}
	}
}

// walk is one walk: the table, the page and the words of its language.
type walk struct {
	*browserPage
	axeSrc string
	l      lang.Lang
	width  int64
	tb     *table.Table
	j      *table.SQLJournal

	mu   sync.Mutex
	code string // the setup code, as the OLED shows it

	ann, ben, guest string // Ann and Ben are on the roster; the guest is not
}

// walkNames are the players of the walk in each language.
var walkNames = map[lang.Lang][3]string{
	lang.English: {"Ann", "Ben", "Cy"},
	lang.Russian: {"Аня", "Боря", "Вика"},
}

// walkMarks are Ann's and Ben's marks on the roster: their colours draw
// their lines in the charts.
var walkMarks = [2]string{"#e3342f", "#2fa84f"}

func newWalk(t *testing.T, axe string, l lang.Lang, width int64) *walk {
	n := walkNames[l]
	j := newJournal(t, journal.Player{Name: n[0], Mark: walkMarks[0]}, journal.Player{Name: n[1], Mark: walkMarks[1]})
	w := &walk{axeSrc: axe, l: l, width: width, j: j, ann: n[0], ben: n[1], guest: n[2]}
	// The OLED pages its text every PageTime: short, for the walk to read it.
	w.tb = runVirtual(t, j, table.Config{UnoGrace: -1, Virtual: true, Lang: l, PageTime: 300 * time.Millisecond})
	s := web.New(w.tb, &web.Opts{
		Policy:   web.PolicyTable,
		PINFile:  filepath.Join(t.TempDir(), "admin-pin"),
		ShowCode: w.showCode,
		History:  j,
		Record:   j,
		Lang:     l,
	})
	w.browserPage = &browserPage{t: t, ctx: newBrowser(t), url: serveForBrowser(t, s)}
	return w
}

// showCode is the OLED's part in the setup: the table shows the code;
// the walk reads it as the parent reads the box's screen.
func (w *walk) showCode(code string) {
	w.mu.Lock()
	w.code = code
	w.mu.Unlock()
	w.tb.ShowCode(code)
}

// say is a key in the walk's language.
func (w *walk) say(key string, a msg.Args) string { return w.l.Render(msg.Msg{Key: key, Args: a}) }

func (w *walk) run() {
	w.open(w.width, 800, w.width < 700)
	w.firstBoot()
	w.setupCode()
	w.newGame()
	w.dealerPick()
	w.badStarter()
	w.refusal()
	w.missedUNO()
	w.roundEnd()
	w.endGame()
	w.history()
	w.family()
	w.player()
}

// check looks at the page as it is, after step: nothing sideways or cut,
// no axe-core violation, no Latin word on a page in another language;
// README's pictures are its screenshots (readmeShots).
func (w *walk) check(step string) {
	w.t.Helper()
	where := fmt.Sprintf("%s at %d px: %s", w.l, w.width, step)
	w.fits(where)
	w.axe(where, w.axeSrc)
	if w.l != lang.English {
		w.noLatin(where)
	}
	if name := fmt.Sprintf("walk-%s-%d-%s.png", w.l, w.width, step); readmeShots[name] || *shotDir != "" {
		w.shotKept(name, readmeShots[name])
	}
}

// readmeShots are the walk's screenshots README shows: -screenshot keeps
// them under testdata (-shotdir DIR saves every step at every width).
var readmeShots = map[string]bool{
	"walk-ru-320-setup-wrong.png": true, "walk-ru-320-badnews.png": true, "walk-ru-320-refusal.png": true,
	"walk-en-320-missed-uno.png": true, "walk-ru-320-game.png": true, "walk-ru-320-family.png": true,
	"walk-ru-320-player.png": true, "walk-ru-1280-roundend.png": true,
}

// inView is the JavaScript test that sel shows whole inside the viewport.
func inView(sel string) string {
	return fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e || e.hidden) return false;
  const r = e.getBoundingClientRect(); return r.height > 0 && r.top >= -1 && r.bottom <= innerHeight + 1; })()`, sel)
}

// answered waits for the answer sel (#ok, #news or #error) to say want,
// right after the element after (what was pressed, or its form) and
// inside the viewport.
func (w *walk) answered(what, sel, after, want string) {
	w.t.Helper()
	w.poll(what, fmt.Sprintf(`(() => { const e = document.querySelector(%q); return !!e && !e.hidden && e.textContent === %s; })()`, sel, jsString(want)))
	if after != "" {
		w.poll(what+": beside what was pressed", near(sel, after, 80))
	}
	if !w.ok(inView(sel)) {
		w.t.Fatalf("%s: out of sight: %s", what, w.evalString(fmt.Sprintf(`JSON.stringify({rect: document.querySelector(%q).getBoundingClientRect(), h: innerHeight, y: scrollY, H: document.scrollingElement.scrollHeight})`, sel)))
	}
}

// ok reports whether the JavaScript expression js becomes true in time.
func (w *walk) ok(js string) bool {
	ctx, cancel := context.WithTimeout(w.ctx, stepTimeout)
	defer cancel()
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(stepTimeout)))
	return err == nil
}

func (w *walk) firstBoot() {
	w.poll("the setup form", `!!document.getElementById('setup') && document.getElementById('admin-tools').hidden`)
	w.check("firstboot")
}

// setupCode types a wrong code, then the code on the OLED, and a PIN.
func (w *walk) setupCode() {
	w.mu.Lock()
	code := w.code
	w.mu.Unlock()
	if len(code) != 6 {
		w.t.Fatalf("the OLED shows setup code %q", code)
	}
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	w.do("a wrong setup code",
		chromedp.SetValue("#setup-code", wrong, chromedp.NodeVisible),
		chromedp.SetValue("#setup-pin", "2468", chromedp.NodeVisible),
		chromedp.Click("#setup-go", chromedp.NodeVisible))
	w.answered("the wrong code", "#error", "#setup", w.say("page.auth.wrongcode", msg.Args{}))
	if got := w.evalString(`document.getElementById('setup-code').value + ' ' + document.getElementById('setup-pin').value`); got != wrong+" 2468" {
		w.t.Errorf("after a wrong code the fields hold %q, want what was typed: %q", got, wrong+" 2468")
	}
	w.check("setup-wrong")
	w.do("the code", chromedp.SetValue("#setup-code", code, chromedp.NodeVisible), chromedp.Click("#setup-go", chromedp.NodeVisible))
	// The setup form is gone: the answer takes its place, before the
	// admin tools it opened.
	w.answered("the PIN accepted", "#ok", "", w.say("page.done.login", msg.Args{}))
	w.oledShows("the idle screen", w.say("screen.welcome", msg.Args{}))
	w.poll("the PIN accepted where the form was", `(() => { const ok = document.getElementById('ok'); return !document.getElementById('setup') && ok.parentElement.id === 'admin' && !!(ok.compareDocumentPosition(document.getElementById('admin-tools')) & Node.DOCUMENT_POSITION_FOLLOWING); })()`)
	w.poll("unlocked", `!document.getElementById('admin-tools').hidden && !document.getElementById('controls').hidden && !document.getElementById('controls-locked')?.checkVisibility()`)
	w.check("setup-done")
}

// newGame seats Ann and Ben from the roster and the guest typed in. The
// form offers no English names and no codes: its hints are the page's
// language.
func (w *walk) newGame() {
	w.do("open the form", chromedp.Evaluate[chromedp.Void](`document.getElementById('newgame-box').open = true`, chromedp.EvalIgnoreExceptions))
	for sel, want := range map[string]string{
		`document.getElementById('players').value`:       "",
		`document.getElementById('players').placeholder`: w.say("page.players.hint", msg.Args{}),
		`document.getElementById('extra').placeholder`:   strings.ReplaceAll(w.say("page.more.hint", msg.Args{}), "`", ""), // what to type, without the catalog's backquotes
		`document.querySelector('.led-R span').textContent + document.querySelector('.led-B span').textContent + document.querySelector('.led-uno span').textContent`: w.say("page.led.R", msg.Args{}) + w.say("page.led.B", msg.Args{}) + w.say("page.button.uno", msg.Args{}),
	} {
		if got := w.evalString(sel); got != want {
			w.t.Errorf("%s = %q, want %q", sel, got, want)
		}
	}
	pickPlayers(w.browserPage, []string{w.ann, w.ben}, w.guest)
	seats := strings.Join([]string{w.ann, w.ben, w.guest}, " ")
	w.wait("the game", fmt.Sprintf(`s.seats.join(' ') === %q && s.phase === 'setup'`, seats))
	w.answered("the game set up", "#ok", "#newgame-box", w.say("page.done.newgame", msg.Args{}))
	w.check("newgame")
}

// round says that the page's headline and its facts name round n, and
// the OLED too unless it shows an alert (oled false).
func (w *walk) round(what string, n int, head string, oled bool) {
	w.t.Helper()
	w.wait(what+": round "+fmt.Sprint(n), fmt.Sprintf(`document.getElementById('round').textContent === '%d' && s.turn === %s`, n, jsString(head)))
	if oled {
		w.oledShows(what, w.say("screen.round", msg.Args{N: n}))
	}
}

// oledShows waits for the OLED to show text in one of its faces.
func (w *walk) oledShows(what, text string) {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(w.ctx, stepTimeout)
	defer cancel()
	for ctx.Err() == nil {
		if oledHas(w.tb.OLED(), text) {
			return
		}
		select {
		case <-ctx.Done():
		case <-time.After(20 * time.Millisecond):
		}
	}
	w.t.Errorf("%s: the OLED does not show %q", what, text)
}

// oledHas reports whether img (the 128×64 panel) shows text in one of the
// OLED's faces.
func oledHas(img image.Image, text string) bool {
	panel := oledPixels(img, img.Bounds().Dx()/128)
	for _, f := range []*basicfont.Face{fonts.Regular12(), fonts.Bold16(), fonts.Bold24()} {
		// The alert's big word is drawn from above the panel's top: a
		// breve (Й) or an accent may be cut off.
		p := trimRows(glyphs(f, text))
		for cut := 0; cut <= 4 && cut < len(p); cut++ {
			if contains(panel, p[cut:]) {
				return true
			}
		}
	}
	return false
}

// trimRows drops the blank rows above and below a drawn text: a screen may
// draw a cell's blank top row off the panel (the alert's big word).
func trimRows(p [][]bool) [][]bool {
	blank := func(row []bool) bool { return !slices.Contains(row, true) }
	for len(p) > 1 && blank(p[0]) {
		p = p[1:]
	}
	for len(p) > 1 && blank(p[len(p)-1]) {
		p = p[:len(p)-1]
	}
	return p
}

// dealerPick: nobody has dealt yet; PASS makes the first player deal.
func (w *walk) dealerPick() {
	w.wait("the dealer pick", fmt.Sprintf(`s.turn === %s`, jsString(w.say("page.head.pick", msg.Args{Player: w.ann}))))
	w.wait("round 1 in the facts", `document.getElementById('round').textContent === '1'`)
	w.oledShows("the dealer pick", w.say("screen.round", msg.Args{N: 1}))
	w.press("pass")
	w.round("the first deal", 1, w.say("page.head.starter", msg.Args{Player: w.ann, N: 1}), true)
}

// badStarter turns up a Wild Draw Four: it goes back (bad news, not the
// green "ok"), the instruction beside the pads, the round still 1.
func (w *walk) badStarter() {
	w.tap("W+4", "play")
	w.wait("the starter put back", `s.verdict === 'news' && s.leds.includes('illegal') && s.leds.includes('uno')`)
	want := w.tb.Snapshot().Last.Message
	w.answered("the starter put back", "#news", "#picker", want)
	w.oledShows("the starter put back", w.say("screen.bad", msg.Args{}))
	w.round("after the starter went back", 1, w.say("page.head.starter", msg.Args{Player: w.ann, N: 1}), false)
	w.check("badnews")
	w.tap("R5", "play")
	w.wait("the starter", fmt.Sprintf(`s.top === 'R5' && s.turnSeat === %q && s.verdict === 'ok'`, w.ben))
	w.poll("the bad news answered away", `document.getElementById('news').hidden`)
}

// refusal: Ben's card that does not match, refused under the pads.
func (w *walk) refusal() {
	w.tap("G3", "play")
	w.wait("refused", `s.verdict === 'bad' && s.top === 'R5'`)
	w.answered("the refusal", "#error", "#picker", w.tb.Snapshot().Last.Message)
	w.check("refusal")
}

// missedUNO: Ben plays skips down to one card without calling UNO; Ann's
// draw makes him draw 2: bad news.
func (w *walk) missedUNO() {
	for i, c := range []string{"RS", "RS", "YS", "YS", "GS", "GS"} {
		if i > 0 {
			w.drawPass(w.ann)
		}
		w.tap(c, "play")
		w.wait(w.ben+" plays "+c, fmt.Sprintf(`s.top === %q && s.hands[%q] === %d && s.turnSeat === %q`, c, w.ben, 6-i, w.ann))
	}
	w.press("draw")
	w.wait("the missed UNO", fmt.Sprintf(`s.verdict === 'news' && s.hands[%q] === 3`, w.ben))
	w.answered("the missed UNO", "#news", "#buttons", w.tb.Snapshot().Last.Message)
	w.check("missed-uno")
	w.press("pass")
	w.wait(w.ann+" passes", fmt.Sprintf(`s.turnSeat === %q`, w.ben))
}

// drawPass: who draws a card and keeps it.
func (w *walk) drawPass(who string) {
	w.t.Helper()
	w.press("draw")
	w.wait(who+" draws", fmt.Sprintf(`s.phase === 'drawn' && s.turnSeat === %q`, who))
	w.press("pass")
	w.wait(who+" passes", fmt.Sprintf(`s.phase === 'turn' && s.turnSeat !== %q`, who))
}

// roundEnd: Ben goes out; the others' points are typed in; the next deal
// is round 2 in the headline, the facts and on the OLED.
func (w *walk) roundEnd() {
	w.tap("BS", "play")
	w.wait(w.ben+" plays BS", fmt.Sprintf(`s.top === 'BS' && s.hands[%q] === 2`, w.ben))
	w.drawPass(w.ann)
	w.tap("BS", "play")
	w.wait(w.ben+" has one card", fmt.Sprintf(`s.hands[%q] === 1`, w.ben))
	w.press("uno")
	w.wait(w.ben+" calls UNO", fmt.Sprintf(`s.msg === %s && s.verdict === 'ok'`, jsString(w.say("uno.call", msg.Args{Player: w.ben}))))
	w.drawPass(w.ann)
	w.tap("B7", "play")
	w.wait("count-up", `s.phase === 'countup' && document.querySelectorAll('#countup-rows form').length === 2`)
	w.check("countup")
	for _, c := range []struct{ who, points string }{{w.ann, "30"}, {w.guest, "12"}} {
		form := fmt.Sprintf(`#countup-rows form[data-name=%q]`, c.who)
		w.do("count "+c.who,
			chromedp.SetValue(form+` input[name="points"]`, c.points, chromedp.NodeVisible),
			chromedp.Click(form+` button`, chromedp.NodeVisible))
		w.wait(c.who+" counted", fmt.Sprintf(`!document.querySelector(%q)`, form))
	}
	w.round("the next deal", 2, w.say("page.head.starter", msg.Args{Player: w.ben, N: 2}), true)
	w.check("roundend")
}

// endGame ends the game with the page's end control; the final standings
// show beside it.
func (w *walk) endGame() {
	w.do("end the game",
		chromedp.Evaluate[chromedp.Void](`document.getElementById('end-box').open = true`, chromedp.EvalIgnoreExceptions),
		chromedp.Click("#end", chromedp.NodeVisible))
	w.poll("asked first", inView("#end-form .confirm"))
	w.confirm("#end-form")
	w.wait("ended", `s.seats.length === 0`)
	w.poll("the final standings beside the button", near("#ok", "#end-form", 80)+` && `+inView("#ok"))
	standings := strings.Join([]string{
		w.say("page.standing", msg.Args{Player: w.ben, N: 42}),
		w.say("page.standing", msg.Args{Player: w.ann, N: 0}),
		w.say("page.standing", msg.Args{Player: w.guest, N: 0}),
	}, " · ")
	w.poll("the final standings in words", fmt.Sprintf(`document.getElementById('standings-text').textContent === %s`, jsString(standings)))
	w.check("end")
}

func (w *walk) history() {
	w.do("the history", chromedp.Click("#history-link", chromedp.NodeVisible), chromedp.WaitVisible("#games"))
	rules := w.evalString(`document.querySelector('li.game[data-game="1"] .g-rules').textContent`)
	if preset := w.say("setup.rules.official", msg.Args{}); !strings.Contains(rules, preset) {
		t := w.t
		t.Errorf("the history says the rules as %q, want the preset's sentence %q", rules, preset)
	}
	w.check("history")
	w.do("the game", chromedp.Click(`li.game[data-game="1"] a`, chromedp.NodeVisible), chromedp.WaitVisible("#rounds"))
	w.lineColours("the game's chart")
	w.check("game")
}

func (w *walk) family() {
	w.do("the family", chromedp.Click(`a[href="/family"]`, chromedp.NodeVisible), chromedp.WaitVisible("#leaderboard"))
	w.charts("the family's chart")
	w.lineColours("the family's chart")
	w.check("family")
}

func (w *walk) player() {
	w.do(w.ann+"'s page", chromedp.Click(`#leaderboard tr[data-player="1"] a`, chromedp.NodeVisible), chromedp.WaitVisible("#player-stats"))
	w.charts(w.ann + "'s charts")
	w.check("player")
}

// charts: every chart has a visible title and a height that fits the
// screen after one game.
func (w *walk) charts(what string) {
	w.t.Helper()
	got := w.evalString(`JSON.stringify([...document.querySelectorAll('.chart-box')].map((b) => {
  const h = b.querySelector('h2'), c = b.querySelector('svg.chart, img.chart');
  return { title: h ? h.textContent.trim() : '', height: c ? Math.round(c.getBoundingClientRect().height) : 0 };
}))`)
	var boxes []struct {
		Title  string
		Height int
	}
	if err := jsonUnmarshal(got, &boxes); err != nil || len(boxes) == 0 {
		w.t.Fatalf("%s: %s (%v)", what, got, err)
	}
	for i, b := range boxes {
		if b.Title == "" {
			w.t.Errorf("%s: chart %d has no visible title", what, i+1)
		}
		if b.Height < 120 || b.Height > 420 {
			w.t.Errorf("%s: chart %d (%s) is %d px tall, want 120 to 420", what, i+1, b.Title, b.Height)
		}
	}
}

func (w *walk) saveOLED(name string) {
	if *shotDir == "" {
		return
	}
	var b bytes.Buffer
	png.Encode(&b, w.tb.OLED())
	os.WriteFile(filepath.Join(*shotDir, "oled-"+name+".png"), b.Bytes(), 0o644)
}

// lineColours: Ann's and Ben's lines are drawn in their roster marks.
func (w *walk) lineColours(what string) {
	w.t.Helper()
	for i, name := range []string{w.ann, w.ben} {
		got := w.evalString(fmt.Sprintf(`(document.querySelector('svg.chart polyline[data-player=%q]') || {getAttribute: () => 'no line'}).getAttribute('stroke')`, name))
		if got != walkMarks[i] {
			w.t.Errorf("%s: %s's line is %s, want their mark %s", what, name, got, walkMarks[i])
		}
	}
}

// noLatin fails on a Latin word a page in another language shows, but
// the brand, UNO and the names of formats.
func (w *walk) noLatin(where string) {
	w.t.Helper()
	text := w.evalString(`(() => { const c = document.body.cloneNode(true); const f = c.querySelector('#lang-form'); if (f) f.remove(); document.body.append(c); const s = c.innerText; c.remove(); return s; })()`)
	var latin []string
	for _, word := range regexp.MustCompile(`[A-Za-z_]{3,}`).FindAllString(text, -1) {
		if word != "unoref" && word != "UNO" && word != "SVG" {
			latin = append(latin, word)
		}
	}
	if len(latin) > 0 {
		w.t.Errorf("%s: Latin words on the page: %q", where, latin)
	}
}
