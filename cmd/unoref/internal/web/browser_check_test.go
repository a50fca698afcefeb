package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/internal/testenv"
	"github.com/unoref/unoref/referee/journal"
)

// axeVersion is the axe-core release the pages are checked with: npm's
// axe-core, MPL-2.0. It is not vendored (650 KB of another project's
// minified code in the repository, to be kept up to date by hand): the
// tests find it where npm puts it (axeInstall), as .ci/run does.
const axeVersion = "4.14.1"

// axePrefix is npm's prefix the tests look in: unoref/npm in the user's
// cache directory (~/.cache/unoref/npm).
func axePrefix() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = filepath.Join(os.TempDir(), "cache")
	}
	return filepath.Join(dir, "unoref", "npm")
}

// axeInstall is the command that puts axe-core where the tests look.
func axeInstall() string {
	return "npm install --no-save --prefix " + axePrefix() + " axe-core@" + axeVersion
}

// axePaths are where axe.min.js may be: $UNOREF_AXE, then npm's prefix
// (axeInstall).
func axePaths() []string {
	var out []string
	if p := os.Getenv("UNOREF_AXE"); p != "" {
		out = append(out, p)
	}
	return append(out, filepath.Join(axePrefix(), "node_modules", "axe-core", "axe.min.js"))
}

var axeOnce struct {
	sync.Once
	src string
}

// axeSource is the script of axe-core. Missing, it skips the test naming
// the command that installs it; under UNOREF_REQUIRE_ALL=1 (CI) it fails
// it instead (testenv).
func axeSource(t *testing.T) string {
	t.Helper()
	path := testenv.NPM(t, "axe-core "+axeVersion, axeInstall(), axePaths()...)
	axeOnce.Do(func() {
		if b, err := os.ReadFile(path); err == nil {
			axeOnce.src = string(b)
		}
	})
	if !strings.Contains(axeOnce.src[:min(200, len(axeOnce.src))], "axe v"+axeVersion) {
		t.Fatalf("%s is not axe-core %s: %s", path, axeVersion, axeInstall())
	}
	return axeOnce.src
}

// axeViolation is one rule axe-core finds broken, with the elements.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target  []any  `json:"target"`
		Summary string `json:"failureSummary"`
	} `json:"nodes"`
}

func (v axeViolation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s): %s", v.ID, v.Impact, v.Help)
	for _, n := range v.Nodes {
		fmt.Fprintf(&b, "\n\t\t%v: %s", n.Target, strings.ReplaceAll(n.Summary, "\n", " "))
	}
	return b.String()
}

// axe runs axe-core on the page as it is and fails the test for every
// violation (WCAG 2.x A and AA, and axe's best practices).
func (p *browserPage) axe(where, src string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 2*stepTimeout)
	defer cancel()
	// DevTools' evaluation is not held by the page's CSP (script-src 'self').
	run := `(async () => {
  if (!window.axe) { (0, eval)(` + jsString(src) + `); }
  const r = await axe.run(document, { resultTypes: ['violations'] });
  return JSON.stringify(r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) })));
})()`
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](run, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("%s: axe-core: %v", where, err)
	}
	var vs []axeViolation
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		p.t.Fatalf("%s: axe-core's answer: %v", where, err)
	}
	for _, v := range vs {
		p.t.Errorf("%s: axe-core: %s", where, v)
	}
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s) // a string always encodes
	return string(b)
}

// cutJS lists what a phone would not see whole: the page scrolling
// sideways (document.scrollingElement), any element reaching past the
// right edge of the viewport outside a box that scrolls by itself, and
// text cut inside its own box (overflow hidden, an ellipsis).
const cutJS = `(() => {
  const out = [];
  const se = document.scrollingElement;
  if (se.scrollWidth > se.clientWidth) out.push('the page scrolls sideways: ' + se.scrollWidth + ' px in ' + se.clientWidth);
  const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\s+/).join('.') : '');
  const vw = se.clientWidth;
  const scrolls = (e) => { for (let a = e.parentElement; a; a = a.parentElement) { const o = getComputedStyle(a).overflowX; if (o === 'auto' || o === 'scroll') return true; } return false; };
  for (const e of document.body.querySelectorAll('*')) {
    if (e.closest('.sr, [hidden], details:not([open]) > :not(summary), svg')) continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const st = getComputedStyle(e);
    if (st.visibility === 'hidden' || st.position === 'fixed') continue;
    const pr = e.parentElement && e.parentElement !== document.body ? e.parentElement.getBoundingClientRect() : null;
    if (r.right > vw + 0.5 && !scrolls(e) && !(pr && pr.right > vw + 0.5)) out.push(name(e) + ' reaches ' + Math.round(r.right) + ' px of ' + vw + ': ' + e.textContent.trim().replace(/\s+/g, ' ').slice(0, 40));
    if ((st.overflowX === 'hidden' || st.overflowX === 'clip') && e.scrollWidth > e.clientWidth + 1 && e.textContent.trim()) out.push(name(e) + ' cuts its text: ' + e.textContent.trim().replace(/\s+/g, ' ').slice(0, 40));
  }
  return out;
})()`

// fits fails the test for everything cutJS finds.
func (p *browserPage) fits(where string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout)
	defer cancel()
	cut, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](cutJS))
	if err != nil {
		p.t.Fatalf("%s: %v", where, err)
	}
	for _, c := range cut {
		p.t.Errorf("%s: %s", where, c)
	}
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }

// newJournal opens a journal in the test's directory with players on its
// roster, none with a usual seat; runVirtual closes it.
func newJournal(t *testing.T, roster ...journal.Player) *table.SQLJournal {
	t.Helper()
	j, err := table.OpenJournal(context.Background(), filepath.Join(t.TempDir(), "journal.db"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range roster {
		p.Seat = journal.NoSeat
		if _, err := j.AddPlayer(context.Background(), p); err != nil {
			t.Fatal(err)
		}
	}
	return j
}
