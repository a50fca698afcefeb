package web_test

import (
	"context"
	"flag"
	"fmt"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/unoref/unoref/cmd/unoref/internal/web"
	"github.com/unoref/unoref/internal/testenv"
)

var (
	screenshot = flag.Bool("screenshot", false, "save the browser tests' screenshots under testdata/ (for the docs)")
	shotDir    = flag.String("shotdir", "", "save the browser tests' screenshots in this directory too, to look at them")
)

// stepTimeout bounds every wait on the page.
const stepTimeout = 15 * time.Second

// newBrowser starts a headless Chromium for the test and returns the context
// of its first tab. The browser stops when the test ends.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	path := testenv.Chromium(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.UserDataDir(t.TempDir()),
	)
	// The whole browser lives at most this long: a hung browser fails the
	// test instead of hanging it.
	life, stop := context.WithTimeout(context.Background(), 2*time.Minute)
	actx, cancelAlloc := chromedp.NewExecAllocator(life, opts...)
	ctx, cancelTab := chromedp.NewContext(actx)
	t.Cleanup(func() {
		cancelTab()
		cancelAlloc()
		stop()
	})
	startTab(t, ctx)
	return ctx
}

// startTab opens the tab of ctx (and the browser with the first one). The
// first Run on a context must not carry a shorter deadline: the tab lives as
// long as the context of that call. The browser's own life bounds it.
func startTab(t *testing.T, ctx context.Context) {
	t.Helper()
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
}

// browserPage drives one tab showing the page.
type browserPage struct {
	t   *testing.T
	ctx context.Context
	url string
}

// domState is what the page shows, read from the DOM.
const domState = `(() => {
  const q = (s) => document.querySelector(s);
  const hands = {};
  for (const li of document.querySelectorAll('#seats li')) hands[li.dataset.name] = parseInt(li.dataset.hand || '0', 10);
  const err = q('#error');
  return {
    seq: +document.body.dataset.seq, live: document.body.dataset.live, marker: window.unorefMarker || '',
    top: q('#top').dataset.code, topClass: q('#top').className, color: q('#color').textContent,
    dir: q('#dir').textContent, turn: q('#turn').textContent, phase: q('#phase').dataset.phase,
    verdict: q('#verdict').className.replace('verdict ', ''), msg: q('#verdict-msg').textContent,
    event: q('#verdict-ev').textContent, prompt: q('#prompt').textContent,
    error: err && !err.hidden ? err.textContent : '',
    leds: [...document.querySelectorAll('[data-led].on')].map((e) => e.dataset.led),
    buzzer: q('#buzzer-pattern').dataset.pattern, oled: q('#oled').getAttribute('src'),
    oledLoaded: q('#oled').complete ? q('#oled').naturalWidth : 0,
    hands, seats: [...document.querySelectorAll('#seats li')].map((li) => li.dataset.name),
    turnSeat: (q('#seats li.turn') || { dataset: {} }).dataset.name || '',
  };
})()`

type dom struct {
	Seq        int            `json:"seq"`
	Live       string         `json:"live"`
	Marker     string         `json:"marker"`
	Top        string         `json:"top"`
	TopClass   string         `json:"topClass"`
	Color      string         `json:"color"`
	Dir        string         `json:"dir"`
	Turn       string         `json:"turn"`
	Phase      string         `json:"phase"`
	Verdict    string         `json:"verdict"`
	Msg        string         `json:"msg"`
	Event      string         `json:"event"`
	Prompt     string         `json:"prompt"`
	Error      string         `json:"error"`
	LEDs       []string       `json:"leds"` // the lit ones
	Buzzer     string         `json:"buzzer"`
	OLED       string         `json:"oled"`
	OLEDLoaded int            `json:"oledLoaded"`
	Hands      map[string]int `json:"hands"`
	Seats      []string       `json:"seats"`
	TurnSeat   string         `json:"turnSeat"`
}

func (p *browserPage) state() dom {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout)
	defer cancel()
	d, err := chromedp.Run(ctx, chromedp.Evaluate[dom](domState))
	if err != nil {
		p.t.Fatalf("reading the page: %v", err)
	}
	return d
}

// do runs steps, bounded by stepTimeout.
func (p *browserPage) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
}

// wait polls the JavaScript predicate pred over s, the page's state (see
// domState), until it holds; on timeout it fails with what the page shows.
func (p *browserPage) wait(what, pred string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout)
	defer cancel()
	expr := fmt.Sprintf("((s) => %s)(%s)", pred, domState)
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](expr, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(stepTimeout)))
	if err != nil {
		p.t.Fatalf("%s: waiting for %s: %v\npage shows %+v", what, pred, err, p.state())
	}
}

func (p *browserPage) tap(card, pad string) {
	p.t.Helper()
	p.do("tap "+card+" on the "+pad+" pad",
		chromedp.Click(fmt.Sprintf(`#picker input[data-card=%q]`, card), chromedp.NodeReady),
		chromedp.Click("#tap-"+pad, chromedp.NodeVisible))
}

func (p *browserPage) press(button string) {
	p.t.Helper()
	p.do("press "+button, chromedp.Click(fmt.Sprintf(`#buttons button[value=%q]`, button), chromedp.NodeVisible))
}

// newGame fills the new-game form and starts it, saying yes when the
// page asks first (a game is on).
func (p *browserPage) newGame(players, preset string) {
	p.t.Helper()
	p.do("new game",
		chromedp.Evaluate[chromedp.Void](`document.getElementById('newgame-box').open = true`, chromedp.EvalIgnoreExceptions),
		chromedp.SetValue("#players", players, chromedp.NodeVisible),
		chromedp.SetValue("#preset", preset, chromedp.NodeVisible),
		chromedp.Click("#start", chromedp.NodeVisible))
	p.confirm("#newgame")
}

// confirm presses "yes" when the form sel asks before it goes on.
func (p *browserPage) confirm(sel string) {
	p.t.Helper()
	p.do("confirm", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const b = document.querySelector('%s .confirm:not([hidden]) .yes'); if (b) b.click(); })()`, sel), chromedp.EvalIgnoreExceptions))
}

// open loads the page in a w×h viewport and waits for the event stream.
func (p *browserPage) open(w, h int64, mobile bool) {
	p.t.Helper()
	opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(2)}
	if mobile {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait)
	}
	p.do("open the page",
		chromedp.EmulateViewport(w, h, opts...),
		chromedp.Navigate(p.url),
		chromedp.WaitVisible("#verdict"))
	p.wait("the event stream", `s.live === '1'`)
	// A page reload would drop this marker: the changes below come from the
	// event stream, not from new page loads.
	p.do("mark the page", chromedp.Evaluate[chromedp.Void](`window.unorefMarker = 'same page'; undefined`, chromedp.EvalIgnoreExceptions))
}

// shot saves a full-page screenshot and returns its path; -screenshot
// keeps it under testdata.
func (p *browserPage) shot(name string) string {
	p.t.Helper()
	return p.shotKept(name, true)
}

// shotKept saves a full-page screenshot, under testdata with -screenshot
// when keep (a picture of the docs), and returns its path.
func (p *browserPage) shotKept(name string, keep bool) string {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout)
	defer cancel()
	b, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Fatalf("screenshot: %v", err)
	}
	dir := p.t.TempDir()
	if *screenshot && keep {
		dir = "testdata"
		if err := os.MkdirAll(dir, 0o755); err != nil {
			p.t.Fatal(err)
		}
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		p.t.Fatal(err)
	}
	if *shotDir != "" {
		if err := os.WriteFile(filepath.Join(*shotDir, name), b, 0o644); err != nil {
			p.t.Fatal(err)
		}
	}
	p.t.Logf("screenshot %s", path)
	return path
}

// fetchOLED gets the PNG the page's <img> points at and counts its lit pixels.
func fetchOLED(t *testing.T, base, src string) (lit, all int, raw []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), stepTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", base+src, nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	raw, err = io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(strings.NewReader(string(raw)))
	if err != nil {
		t.Fatalf("OLED image %s: %v", src, err)
	}
	b := img.Bounds()
	if b.Dx() != 512 || b.Dy() != 256 {
		t.Errorf("OLED image is %v, want 512×256", b)
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if color.GrayModel.Convert(img.At(x, y)).(color.Gray).Y > 0x80 {
				lit++
			}
		}
	}
	return lit, b.Dx() * b.Dy(), raw
}

// playScenario plays the first moves of a three-player official game by
// tapping and pressing on the page, and checks what the page shows after
// each. It needs a table that seats the players in the order given and refs
// by referee.Game; deal, if not nil, makes the first player the dealer
// (the real table asks for a dealer pick first).
func playScenario(t *testing.T, p *browserPage, base string, deal func()) {
	start := p.state()
	if !strings.HasPrefix(start.OLED, "/oled.png?v=") {
		t.Fatalf("OLED src = %q, want /oled.png?v=…", start.OLED)
	}
	_, _, oledBefore := fetchOLED(t, base, start.OLED)

	p.newGame("Ann Ben Cy", "official")
	p.wait("new game", `s.seats.join(' ') === 'Ann Ben Cy' && s.phase === 'setup' && s.verdict === 'ok'`)
	if deal != nil {
		deal()
	}

	p.tap("R5", "play")
	p.wait("starter", `s.top === 'R5' && s.topClass.includes('c-R') && s.color === 'red' && s.turn === 'Ben to play' && s.turnSeat === 'Ben' && s.verdict === 'ok' && s.leds.includes('R') && s.leds.includes('cw') && s.hands.Ann === 7 && s.hands.Ben === 7 && s.hands.Cy === 7`)

	p.tap("R7", "play")
	p.wait("Ben plays", `s.top === 'R7' && s.hands.Ben === 6 && s.turnSeat === 'Cy' && s.verdict === 'ok' && s.msg.includes('Red 7')`)

	p.tap("G3", "play")
	p.wait("a refused card", `s.verdict === 'bad' && s.msg.includes("can't go on") && s.top === 'R7' && s.turnSeat === 'Cy' && s.hands.Cy === 7 && s.leds.includes('illegal') && s.buzzer === 'illegal'`)

	p.press("draw")
	p.wait("Cy draws", `s.verdict === 'ok' && s.hands.Cy === 8 && s.phase === 'drawn'`)
	p.press("pass")
	p.wait("Cy passes", `s.verdict === 'ok' && s.turnSeat === 'Ann' && s.phase === 'turn'`)

	p.tap("W", "play")
	p.wait("Ann plays a wild", `s.phase === 'color' && s.hands.Ann === 6 && s.topClass.includes('c-W')`)
	p.press("G")
	p.wait("Ann names green", `s.color === 'green' && s.leds.includes('G') && !s.leds.includes('R') && s.turnSeat === 'Ben' && s.topClass.includes('n-G')`)

	// An unreadable tag: refused as a 400 (the fake) or as a red verdict
	// (the real table refuses it before the referee).
	p.tap("garbage", "play")
	p.wait("an unreadable tag", `(s.error !== '' || s.verdict === 'bad') && s.turnSeat === 'Ben' && s.hands.Ben === 6`)

	p.tap("G+2", "draw")
	p.wait("Ben draws G+2", `s.error === '' && s.verdict === 'ok' && s.hands.Ben === 7 && s.phase === 'drawn'`)
	p.tap("G+2", "play")
	p.wait("Ben plays it", `s.top === 'G+2' && s.hands.Ben === 6 && s.turnSeat === 'Cy'`)
	p.press("draw")
	p.wait("Cy takes the penalty", `s.hands.Cy === 10 && s.turnSeat === 'Ann'`)

	p.tap("GR", "play")
	p.wait("Ann reverses", `s.dir.includes('counter') && s.leds.includes('ccw') && !s.leds.includes('cw') && s.turnSeat === 'Cy' && s.hands.Ann === 5`)

	d := p.state()
	if d.Marker != "same page" {
		t.Errorf("the page was reloaded: the changes must come from the event stream")
	}
	p.wait("the OLED image", fmt.Sprintf(`s.oled === '/oled.png?v=' + s.seq && s.oled !== %q && s.oledLoaded === 512`, start.OLED))
	d = p.state()
	lit, all, oledAfter := fetchOLED(t, base, d.OLED)
	if lit == 0 || lit == all {
		t.Errorf("OLED image has %d of %d pixels lit, want some", lit, all)
	}
	if string(oledAfter) == string(oledBefore) {
		t.Errorf("OLED image did not change from %s to %s", start.OLED, d.OLED)
	}
}

// serveForBrowser serves h for the browser; the streams end before the
// server closes.
func serveForBrowser(t *testing.T, s *web.Server) string {
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	t.Cleanup(func() { s.Close() })
	return ts.URL
}

func TestBrowserFakeTable(t *testing.T) {
	ctx := newBrowser(t)
	s := web.New(newFakeTable(true), nil)
	url := serveForBrowser(t, s)

	phone := &browserPage{t: t, ctx: ctx, url: url}
	phone.open(390, 844, true)
	playScenario(t, phone, url, nil)
	checkFits(t, phone)
	phone.shot("phone.png")
	// The narrowest phone the page is made for.
	phone.do("a 360 px phone", chromedp.EmulateViewport(360, 740, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch))
	checkFits(t, phone)

	// The same table on a desktop, in a second tab: it opens on the game
	// as it stands.
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	startTab(t, tab)
	desk := &browserPage{t: t, ctx: tab, url: url}
	desk.open(1280, 900, false)
	desk.wait("the game as it stands", `s.dir.includes('counter') && s.turnSeat === 'Cy' && s.hands.Cy === 10`)
	checkFits(t, desk)
	desk.shot("desktop.png")
}

// checkFits fails when the page is wider than its viewport: nothing may make
// a phone scroll sideways.
func checkFits(t *testing.T, p *browserPage) {
	t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout)
	defer cancel()
	over, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth - window.innerWidth`))
	if err != nil {
		t.Fatal(err)
	}
	if over > 0 {
		t.Errorf("page is %d px wider than the viewport", over)
	}
}
