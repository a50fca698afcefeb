package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/web"
	"github.com/unoref/unoref/referee"
)

// roundToCountup plays a round of Ann, Ben and Cy (official rules) on h
// until Ben goes out: Ann deals, Ben plays R1…R8, the others draw and pass.
func roundToCountup(t *testing.T, h http.Handler) {
	t.Helper()
	acts := []string{`{"Kind":"newgame","Players":["Ann","Ben","Cy"],"Rules":"official"}`, `{"Kind":"tap","Pad":"play","Card":"R5"}`}
	for i, c := range []string{"R1", "R2", "R3", "R4", "R6", "R7", "R8"} {
		if i > 0 {
			for range 2 {
				acts = append(acts, `{"Kind":"press","Button":"draw"}`, `{"Kind":"press","Button":"pass"}`)
			}
		}
		acts = append(acts, fmt.Sprintf(`{"Kind":"tap","Pad":"play","Card":%q}`, c))
		if c == "R7" {
			acts = append(acts, `{"Kind":"press","Button":"uno"}`)
		}
	}
	for _, a := range acts {
		if r, body := postJSON(t, h, a); r.StatusCode != 200 {
			t.Fatalf("%s: %d %s", a, r.StatusCode, body)
		}
	}
}

// countForms are the names of the points forms on page.
func countForms(page string) []string {
	var names []string
	for _, part := range strings.Split(page, `<form class="count"`)[1:] {
		_, rest, _ := strings.Cut(part, `data-name="`)
		name, _, _ := strings.Cut(rest, `"`)
		names = append(names, name)
	}
	return names
}

func TestCountupByPoints(t *testing.T) {
	f := newFakeTable(true)
	s := web.New(f, nil)
	roundToCountup(t, s)
	if st := f.Snapshot().State; st.Phase != referee.PhaseCountup {
		t.Fatalf("phase = %q, want countup (%+v)", st.Phase, f.Snapshot().Last)
	}
	page := readAll(t, get(t, s, "GET", "/", nil, ""))
	if got := strings.Join(countForms(page), " "); got != "Ann Cy" {
		t.Errorf("points forms for %q, want Ann Cy (Ben went out)", got)
	}
	if strings.Contains(page, `id="countup" class="countup" hidden`) {
		t.Errorf("count-up box hidden in count-up")
	}
	for _, c := range []struct {
		name, points string
		location     string
	}{
		{"Ann", "30", "/"},
		{"Ann", "5", "/?error=" + url.QueryEscape("Ann's cards are already counted")},
		{"Cy", "twelve", "/?error=" + url.QueryEscape(`points must be a whole number, not "twelve".`)},
		{"Cy", "12", "/"},
	} {
		form := url.Values{"kind": {"points"}, "name": {c.name}, "points": {c.points}}
		r := get(t, s, "POST", "/api/action", strings.NewReader(form.Encode()), "application/x-www-form-urlencoded")
		loc := r.Header.Get("Location")
		if r.StatusCode != http.StatusSeeOther {
			t.Fatalf("points %s %s: status %d, want 303", c.name, c.points, r.StatusCode)
		}
		// The fake shows a refusal as the verdict, not as an error.
		if c.location != "/" && loc == "/" && !f.Snapshot().Last.OK {
			loc = "/?error=" + url.QueryEscape(f.Snapshot().Last.Message)
		}
		if loc != c.location {
			t.Errorf("points %s %s: Location = %q, want %q", c.name, c.points, loc, c.location)
		}
	}
	snap := f.Snapshot()
	if got := snap.State.Scores["Ben"]; got != 42 || snap.State.Phase != referee.PhaseSetup {
		t.Errorf("after the count: Ben scores %d in phase %q, want 42 in setup", got, snap.State.Phase)
	}
	page = readAll(t, get(t, s, "GET", "/", nil, ""))
	if names := countForms(page); len(names) != 0 || !strings.Contains(page, `id="countup" class="countup" hidden`) {
		t.Errorf("after the count-up: points forms %q, want none and the box hidden", names)
	}
}

func TestPageCountupOnlyInCountup(t *testing.T) {
	snap := tenPlayers()
	page := readAll(t, get(t, web.New(&fixedTable{snap: snap}, nil), "GET", "/", nil, ""))
	if names := countForms(page); len(names) != 0 {
		t.Errorf("phase %s: points forms %q, want none", snap.State.Phase, names)
	}
	snap.State.Phase, snap.State.Turn = referee.PhaseCountup, ""
	snap.State.Hands["Cy"] = 0
	snap.Names = map[string]string{"Dora": "Dee"}
	page = readAll(t, get(t, web.New(&fixedTable{snap: snap}, nil), "GET", "/", nil, ""))
	if got, want := strings.Join(countForms(page), " "), "Ann Ben Dora Eve Finn Gus Hana Ivo Zoë"; got != want {
		t.Errorf("points forms %q, want %q", got, want)
	}
	if !strings.Contains(page, `<span class="who">Dee</span>`) {
		t.Errorf("points form does not show Dora's display name")
	}
	// A real table without a PIN has no controls, so no points forms.
	snap.Virtual = false
	page = readAll(t, get(t, web.New(&fixedTable{snap: snap}, nil), "GET", "/", nil, ""))
	if names := countForms(page); len(names) != 0 {
		t.Errorf("real table without a PIN: points forms %q, want none", names)
	}
}

var _ = table.Action{}
