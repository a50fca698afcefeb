package journal

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/unoref/unoref/referee/tablelog"
)

// TestEventsKept: what events keep reads back as the entries given, with
// their tags past maxTags, after a truncate, and the rules in force.
func TestEventsKept(t *testing.T) {
	lines := []string{"players Ann Ben", "rules official +stacking", "0.500 start R5", "1.000 play R7", "draw", "rules house-ru"}
	var want []entry
	var es events
	for i := range 2*maxTags + 10 {
		line := lines[i%len(lines)]
		ev, _, err := tablelog.Parse(line, i+1)
		if err != nil {
			t.Fatal(err)
		}
		e := entry{ev: ev, line: line, ok: i%7 != 3, code: []string{"", "illegal-card", "wrong-phase"}[i%3]}
		if e.ok {
			e.code = ""
		}
		if i%2 == 0 {
			e.tag = fmt.Sprintf("04AABB%08X", i/2)
		}
		want = append(want, e)
		es.add(&e)
	}
	check := func(n int) {
		t.Helper()
		got, err := es.entries(1)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(want[:n], got, cmp.AllowUnexported(entry{})); d != "" {
			t.Fatalf("%d events (-want +got):\n%s", n, d)
		}
		for i, tag := range es.tagsOf() {
			if tag != want[i].tag || es.line(i) != want[i].line {
				t.Fatalf("event %d: tag %q, line %q, want %q, %q", i, tag, es.line(i), want[i].tag, want[i].line)
			}
		}
	}
	check(len(want))
	if got, want := es.lastRules(), lastRules(want); got != want || got == "rules official" {
		t.Errorf("lastRules = %q, want %q", got, want)
	}
	es.truncate(4)
	check(4)
	if got, want := es.lastRules(), "rules official +stacking"; got != want {
		t.Errorf("after truncate, lastRules = %q, want %q", got, want)
	}
	if len(es.tagOf) > maxTags {
		t.Errorf("%d UIDs indexed, want at most %d", len(es.tagOf), maxTags)
	}
}
