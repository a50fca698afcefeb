package journal

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/unoref/unoref/referee/tablelog"
)

// tagged is one event of a tag test and the UID of the tag that played it.
type tagged struct {
	line string
	tag  string
}

// applyTagged applies evs in order with their tags and returns the tags
// the journal should hold after them: a refused event that changed
// nothing is not journaled, so neither is its tag.
func applyTagged(t *testing.T, tb *Recorder, evs []tagged) []string {
	t.Helper()
	want := tb.Tags()
	for _, e := range evs {
		ev, _, err := tablelog.Parse(e.line, 0)
		if err != nil {
			t.Fatal(err)
		}
		n := len(tb.Events())
		if _, err := tb.ApplyTag(context.Background(), ev, e.tag); err != nil {
			t.Fatalf("ApplyTag(%q, %q) = %v", e.line, e.tag, err)
		}
		if len(tb.Events()) > n {
			want = append(want, e.tag)
		}
	}
	return want
}

func newTagGame(t *testing.T, j *Journal, rules string) *Recorder {
	t.Helper()
	rev, _, _ := tablelog.Parse(rules, 0)
	tb, err := j.NewGame(context.Background(), []string{"Ann", "Ben"}, rev)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// TestTagsRoundTrip checks that the tag of an event, a mistake-penalty's
// included, is journaled with it, resumes aligned with the events, stays
// out of the table log, and that Undo drops it with its event.
func TestTagsRoundTrip(t *testing.T) {
	ctx := context.Background()
	j, path := openTemp(t)
	tb := newTagGame(t, j, "rules house-ru")
	want := applyTagged(t, tb, []tagged{
		{"start R5", ""},
		{"play R7", "04A1B2C3D4E5F6"},
		{"play R2", ""},               // typed
		{"play B3", "04DDEEFF001122"}, // illegal: a mistake-penalty, journaled
	})
	if diff := cmp.Diff([]string{"", "", "", "04A1B2C3D4E5F6", "", "04DDEEFF001122"}, want); diff != "" {
		t.Fatalf("journaled tags of the script (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want, tb.Tags()); diff != "" {
		t.Fatalf("Tags() (-want +got):\n%s", diff)
	}
	j.Close()

	j2, tb2 := reopen(t, path)
	if diff := cmp.Diff(want, tb2.Tags()); diff != "" {
		t.Fatalf("Tags() after Resume (-want +got):\n%s", diff)
	}
	var log bytes.Buffer
	if err := j2.Log(ctx, tb2.ID(), &log); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(log.String(), "04A1B2C3D4E5F6") {
		t.Errorf("Log holds a tag UID:\n%s", log.String())
	}
	if _, err := tb2.Undo(ctx); err != nil {
		t.Fatal(err)
	}
	want = want[:len(want)-1]
	if diff := cmp.Diff(want, tb2.Tags()); diff != "" {
		t.Fatalf("Tags() after Undo (-want +got):\n%s", diff)
	}
	j2.Close()

	_, tb3 := reopen(t, path)
	if diff := cmp.Diff(want, tb3.Tags()); diff != "" {
		t.Fatalf("Tags() after Undo and Resume (-want +got):\n%s", diff)
	}
}

// TestRefusedTagNotJournaled checks that a refused event that changed
// nothing leaves no tag behind.
func TestRefusedTagNotJournaled(t *testing.T) {
	j, path := openTemp(t)
	tb := newTagGame(t, j, "rules official")
	want := applyTagged(t, tb, []tagged{
		{"start R5", ""},
		{"play B3", "04DDEEFF001122"}, // illegal, no penalty under the official rules
		{"play R7", "04A1B2C3D4E5F6"},
	})
	if diff := cmp.Diff([]string{"", "", "", "04A1B2C3D4E5F6"}, want); diff != "" {
		t.Fatalf("journaled tags of the script (-want +got):\n%s", diff)
	}
	j.Close()
	_, tb2 := reopen(t, path)
	if diff := cmp.Diff(want, tb2.Tags()); diff != "" {
		t.Fatalf("Tags() after Resume (-want +got):\n%s", diff)
	}
}

// TestMigrateTags opens a journal of schema version 4, with a game open,
// with today's unoref: the game resumes with no tags and takes tagged
// events from then on.
func TestMigrateTags(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "unoref.db")
	old := openSchema(t, path, 4)
	old.warn = func(error) {}
	applyTagged(t, newTagGame(t, old, "rules official"), []tagged{{"start R5", ""}, {"play R7", ""}})
	old.Close()

	j, err := Open(ctx, path, nil)
	if err != nil {
		t.Fatalf("Open of a version 4 journal: %v", err)
	}
	if ver := checkMigrated(t, j); ver < 5 {
		t.Errorf("user_version %d after Open, want at least 5", ver)
	}
	tb, err := j.Resume(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"", "", "", ""}, tb.Tags()); diff != "" {
		t.Fatalf("Tags() of the migrated game (-want +got):\n%s", diff)
	}
	want := applyTagged(t, tb, []tagged{{"play R2", "04A1B2C3D4E5F6"}})
	j.Close()
	_, tb2 := reopen(t, path)
	if diff := cmp.Diff(want, tb2.Tags()); diff != "" {
		t.Fatalf("Tags() after a tagged play and Resume (-want +got):\n%s", diff)
	}
}
