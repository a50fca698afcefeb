package main

import (
	"context"
	"image/png"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/unoref/unoref/drivers/oled/ssd1306test"
	"github.com/unoref/unoref/internal/testenv"
)

// newBrowser starts a headless Chromium for the test; it stops with the
// test. A missing browser fails the test: CI installs Debian's chromium.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	path := testenv.Chromium(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()))
	life, stop := context.WithTimeout(context.Background(), 2*time.Minute)
	actx, cancelAlloc := chromedp.NewExecAllocator(life, opts...)
	ctx, cancelTab := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelTab(); cancelAlloc(); stop() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	return ctx
}

// browse runs steps, bounded by stepTimeout.
func browse(t *testing.T, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, stepTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// until polls the JavaScript predicate js until it holds.
func until(t *testing.T, ctx context.Context, what, js string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, stepTimeout)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(stepTimeout))); err != nil {
		t.Fatalf("%s: waiting for %s: %v", what, js, err)
	}
}

var setupCode = regexp.MustCompile(`Setup code (\d{6})`)

// oledCode reads the setup code off the simulated OLED (the console's
// "oled" control), or "".
func oledCode(t *testing.T, d *pageDaemon) string {
	t.Helper()
	d.send("oled")
	m := setupCode.FindStringSubmatch(d.answer(t))
	if m == nil {
		return ""
	}
	return m[1]
}

// TestFirstBootSetupCode walks issue 14's first boot with the shipped
// config on simulated devices under the real table's policy: the page
// can do nothing and shows no code; the code read off the OLED and a PIN
// chosen on the page unlock it; a game starts; the PIN is kept hashed.
func TestFirstBootSetupCode(t *testing.T) {
	data := t.TempDir()
	d := startPageDaemon(t, "--policy", "table", "--config", "../../firmware/unoref.toml", "--data", data)
	code := oledCode(t, d)
	if code == "" {
		t.Fatal("the OLED shows no setup code")
	}
	c := client(nil)
	for _, path := range []string{"", "api/state", "oled.png", "history"} {
		status, body := fetch(t, c, "GET", d.url+path, "", "", nil)
		if strings.Contains(body, code) {
			t.Errorf("GET /%s shows the setup code", path)
		}
		if path == "oled.png" && status != http.StatusForbidden {
			t.Errorf("GET /oled.png during setup = %d, want 403", status)
		}
	}
	if status, body := fetch(t, c, "POST", d.url+"api/action", "", `{"Kind":"newgame","Players":["Eve","Mal"]}`, map[string]string{"Content-Type": "application/json"}); status != 403 {
		t.Errorf("new game before setup: %d %q, want 403", status, body)
	}

	ctx := newBrowser(t)
	browse(t, ctx, "open the page",
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Navigate(d.url), chromedp.WaitVisible("#setup-code"))
	until(t, ctx, "the admin tools locked", `document.getElementById('admin-tools').hidden`)
	browse(t, ctx, "type the code and a PIN",
		chromedp.SetValue("#setup-code", code, chromedp.NodeVisible),
		chromedp.SetValue("#setup-pin", "2468", chromedp.NodeVisible),
		chromedp.Click("#setup-go", chromedp.NodeVisible))
	browse(t, ctx, "the page after the setup", chromedp.WaitNotPresent("#setup"), chromedp.WaitVisible("#undo"))
	until(t, ctx, "unlocked", `!document.getElementById('setup') && !document.getElementById('admin-tools').hidden && document.body.dataset.live === '1'`)
	browse(t, ctx, "start a game",
		chromedp.Evaluate[chromedp.Void](`document.getElementById('newgame-box').open = true`, chromedp.EvalIgnoreExceptions),
		chromedp.SetValue("#players", "Ann Ben Cy", chromedp.NodeVisible),
		chromedp.SetValue("#preset", "official", chromedp.NodeVisible),
		chromedp.Click("#start", chromedp.NodeVisible))
	until(t, ctx, "the game", `[...document.querySelectorAll('#seats li')].map((li) => li.dataset.name).join(' ') === 'Ann Ben Cy'`)
	browse(t, ctx, "Ann deals", chromedp.Click(`#buttons button[value="pass"]`, chromedp.NodeVisible))
	until(t, ctx, "the starter asked", `document.getElementById('prompt').textContent.includes('starter')`)
	browse(t, ctx, "turn the starter",
		chromedp.Click(`#picker input[data-card="R5"]`, chromedp.NodeReady),
		chromedp.Click("#tap-play", chromedp.NodeVisible))
	until(t, ctx, "started", `document.getElementById('top').dataset.code === 'R5' && document.querySelector('#seats li.turn').dataset.name === 'Ben'`)

	if s := d.state(t); s.State.Top != "R5" || s.State.Turn != "Ben" {
		t.Errorf("table after the first boot: top %q turn %q, want R5 and Ben", s.State.Top, s.State.Turn)
	}
	if left := oledCode(t, d); left != "" {
		t.Errorf("the OLED still shows setup code %s", left)
	}
	b, err := os.ReadFile(filepath.Join(data, "admin-pin"))
	if err != nil || !strings.HasPrefix(string(b), "pbkdf2-sha256$") || strings.Contains(string(b), "2468") {
		t.Errorf("admin-pin %q (%v), want the PIN hashed", b, err)
	}
	// Another phone is asked for the PIN, not the code.
	_, page := fetch(t, c, "GET", d.url, "", "", nil)
	if !strings.Contains(page, `id="login"`) || strings.Contains(page, `id="setup"`) {
		t.Errorf("page for another phone after setup: want the PIN form, not the setup form")
	}
}

// terminalCode waits for the setup code the daemon prints on its terminal
// (standard error) on simulators, and the address it prints with it.
func terminalCode(t *testing.T, d *pageDaemon) (code, link string) {
	t.Helper()
	re := regexp.MustCompile(`setup code (\d{6}) \(on the simulated OLED\): open (\S+) `)
	deadline := time.Now().Add(stepTimeout)
	for time.Now().Before(deadline) {
		if m := re.FindStringSubmatch(d.stderr.String()); m != nil {
			return m[1], m[2]
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no setup code on the terminal: %q", d.stderr.String())
	return "", ""
}

// TestFirstBootCodeOnTerminal (issue 25, point 2): on simulators the setup
// code is printed on the daemon's terminal, the one the OLED shows, with the
// page's address that fills it in; never on the page.
func TestFirstBootCodeOnTerminal(t *testing.T) {
	d := startPageDaemon(t, "--policy", "table", "--config", "../../firmware/unoref.toml", "--data", t.TempDir())
	code, link := terminalCode(t, d)
	if oled := oledCode(t, d); oled != code {
		t.Errorf("terminal says %s, the OLED %s", code, oled)
	}
	if want := d.url + "#code=" + code; link != want {
		t.Errorf("terminal's address %q, want %q", link, want)
	}
	for _, path := range []string{"", "api/state"} {
		if _, body := fetch(t, client(nil), "GET", d.url+path, "", "", nil); strings.Contains(body, code) {
			t.Errorf("GET /%s shows the setup code", path)
		}
	}
	// With a PIN set there is no code, on the OLED or the terminal.
	dir := t.TempDir()
	cfg := writeTemp(t, dir, "unoref.toml", "admin_pin = \"2468\"\n")
	d = startPageDaemon(t, "--policy", "table", "--config", cfg, "--data", filepath.Join(dir, "data"))
	d.state(t) // the daemon is up
	if strings.Contains(d.stderr.String(), "setup code") {
		t.Errorf("a table with a PIN prints a setup code: %q", d.stderr.String())
	}
}

// TestFirstBootOneScan (issue 25, point 3): at first boot the OLED shows a
// QR code; read off the simulated panel with zbarimg, it is the page's
// address with the setup code in its fragment; a browser that opens it finds
// the code in the setup form, and the code gone from its address bar; a PIN
// is all a parent types.
func TestFirstBootOneScan(t *testing.T) {
	d := startPageDaemon(t, "--policy", "table", "--config", "../../firmware/unoref.toml", "--data", t.TempDir())
	code := oledCode(t, d)
	pic := filepath.Join(t.TempDir(), "oled.png")
	d.do(t, "oled png "+pic)
	f, err := os.Open(pic)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	link := testenv.ReadQR(t, ssd1306test.Photo(ssd1306test.Gray(img), 4, 16))
	if want := d.url + "#code=" + code; link != want {
		t.Fatalf("the OLED's QR code opens %q, want %q", link, want)
	}

	ctx := newBrowser(t)
	browse(t, ctx, "scan the box",
		chromedp.EmulateViewport(360, 780, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Navigate(link), chromedp.WaitVisible("#setup-code"))
	until(t, ctx, "the code filled in", `document.getElementById('setup-code').value === '`+code+`'`)
	until(t, ctx, "the code off the address bar", `location.hash === '' && !location.href.includes('`+code+`')`)
	browse(t, ctx, "choose a PIN",
		chromedp.SetValue("#setup-pin", "2468", chromedp.NodeVisible),
		chromedp.Click("#setup-go", chromedp.NodeVisible))
	browse(t, ctx, "the page after the setup", chromedp.WaitNotPresent("#setup"), chromedp.WaitVisible("#undo"))
	until(t, ctx, "unlocked", `!document.getElementById('admin-tools').hidden`)
	if left := oledCode(t, d); left != "" {
		t.Errorf("the OLED still shows setup code %s", left)
	}
}
