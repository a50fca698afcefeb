package main

import (
	"encoding/json"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/table/tabletest"
)

// TestRunHostileActions is issue 22 point 1 on the daemon: every action
// kind with every hostile value, through the page's API, its form without
// JavaScript and the console (--stdin), is refused with a sentence; the
// game is as it was and the daemon goes on.
func TestRunHostileActions(t *testing.T) {
	d := startPageDaemon(t, "--data", filepath.Join(t.TempDir(), "data"), "--uno-grace", "0")
	for _, l := range []string{"newgame Ann,Ben,Cy official", "press pass", "tap play G5"} {
		d.do(t, l)
	}
	before := d.state(t)
	c := client(nil)
	alive := func(after string) {
		t.Helper()
		if d.cmd.ProcessState != nil {
			t.Fatalf("the daemon exited after %s: %v", after, d.cmd.ProcessState)
		}
	}
	refused := func(how string, code int, body string) {
		t.Helper()
		if code != http.StatusBadRequest || body == "" || strings.Contains(body, "journal") || len(body) > 400 {
			t.Errorf("%s = %d %.200q, want 400 and a short refusal", how, code, body)
		}
	}
	jsonHdr := map[string]string{"Content-Type": "application/json"}
	formHdr := map[string]string{"Content-Type": "application/x-www-form-urlencoded"}
	for _, k := range table.ActionKinds {
		for _, h := range tabletest.Hostiles() {
			a := table.Action{Kind: k}
			h.Set(&a)
			body, err := json.Marshal(a)
			if err != nil {
				t.Fatal(err)
			}
			code, answer := fetch(t, c, "POST", d.url+"api/action", "", string(body), jsonHdr)
			refused("JSON "+string(k)+" with "+h.Name, code, answer)
			if h.Form == "" {
				continue
			}
			f := url.Values{"kind": {string(k)}, h.FormField: {h.Form}}
			if k == table.KindTap {
				f.Set("card", "R7")
			}
			code, _ = fetch(t, c, "POST", d.url+"api/action", "", f.Encode(), formHdr)
			loc := ""
			if code == http.StatusSeeOther {
				loc = fetchLocation(t, c, d.url+"api/action", f.Encode())
			}
			if code != http.StatusSeeOther || !strings.Contains(loc, "error=") {
				t.Errorf("form %s with %s = %d %q, want a redirect with the refusal", k, h.Name, code, loc)
			}
		}
		alive(string(k))
	}
	// The page's form without JavaScript, as issue 22 typed it.
	if loc := fetchLocation(t, c, d.url+"api/action", "kind=points&name=Ann&points=100001"); !strings.Contains(loc, "error=Points") {
		t.Errorf("form points 100001: redirected to %q, want the refusal", loc)
	}
	for _, line := range consoleHostiles() {
		d.send(line)
		if a := d.answer(t); !strings.HasPrefix(a, "error: ") || strings.Contains(a, "journal") || len(a) > 400 {
			t.Errorf("console %.60q: %.200q, want a short refusal", line, a)
		}
	}
	alive("the console")
	after := d.state(t)
	if after.Events != before.Events || after.Game != before.Game {
		t.Errorf("refusals changed the game: events %d → %d, game %d → %d", before.Events, after.Events, before.Game, after.Game)
	}
	if code, _ := fetch(t, c, "GET", d.url+"api/state", "", "", nil); code != 200 {
		t.Errorf("GET /api/state after the refusals: %d", code)
	}
	d.do(t, "tap play G7")
	d.stop(t)
}

// fetchLocation posts a form and returns where the answer redirects.
func fetchLocation(t *testing.T, c *http.Client, u, form string) string {
	t.Helper()
	r, err := c.Post(u, "application/x-www-form-urlencoded", strings.NewReader(form))
	if err != nil {
		t.Fatal(err)
	}
	r.Body.Close()
	return r.Header.Get("Location")
}

// consoleHostiles are the hostile values as lines of --stdin, where a
// line can carry them (a value with a space is two words).
func consoleHostiles() []string {
	lines := []string{"points Ann -5", "points Ann 100001", "points Ann " + "4611686018427387904",
		"seat -1", "seat 10", "seat " + "4611686018427387904", "press " + strings.Repeat("x", 15000),
		"tap " + strings.Repeat("R7,", 5399) + "R7", "newgame Ann", "newgame A,B,C,D,E,F,G,H,I,J,K", "newgame Ann,ann",
		"newgame Zo\u00eb,Zoe\u0308", "fly", "rename Ann", strings.Repeat("k", 15000)}
	for _, n := range []string{"Kid#1", "Ann,Ben", "Zo\u200be", "\u202eAnn", strings.Repeat("я", 17), "\u0301", "a\ufe0f", "Kid\xff"} {
		lines = append(lines, "points "+n+" 5", "rename Ann "+n)
		if !strings.Contains(n, ",") {
			lines = append(lines, "newgame "+n+",Ben")
		}
	}
	return lines
}

// TestRunConsoleBOM: a control line that starts with a byte order mark (a
// file saved by Notepad, piped to --stdin) is read as the control.
func TestRunConsoleBOM(t *testing.T) {
	d := startDaemon(t, t.TempDir())
	defer d.kill()
	d.do(t, "\ufeffnewgame Аня,Боря official")
	if s := d.state(t); strings.Join(s.Players, " ") != "Аня Боря" {
		t.Errorf("players %q, want Аня Боря", s.Players)
	}
	d.send("\ufeffoled")
	if a := d.answer(t); strings.HasPrefix(a, "error") {
		t.Errorf("oled after a BOM: %q", a)
	}
	d.stop(t)
}
