package labels_test

import (
	"bytes"
	"encoding/xml"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/hardware/labels"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
)

// TestLabelsUpToDate fails when a sheet of labels/ differs from what the
// catalogs give, or labels/ holds a sheet of no language: run
// "go generate ./hardware" after changing a button's word.
func TestLabelsUpToDate(t *testing.T) {
	var want []string
	for _, l := range lang.Languages() {
		name := l.String() + ".svg"
		want = append(want, name)
		got, err := os.ReadFile(name)
		if err != nil {
			t.Errorf("%s: %v: run go generate ./hardware", name, err)
			continue
		}
		if !bytes.Equal(got, labels.Sheet(l)) {
			t.Errorf("hardware/labels/%s is out of date: run go generate ./hardware", name)
		}
	}
	files, _ := filepath.Glob("*.svg")
	var got []string
	for _, f := range files {
		got = append(got, filepath.Base(f))
	}
	if diff := cmp.Diff(slices.Sorted(slices.Values(want)), got); diff != "" {
		t.Errorf("hardware/labels/*.svg (-made +checked in):\n%s", diff)
	}
}

// TestLabelsSayTheButtons: each sheet is well-formed SVG and prints, three
// times each, the words the page's buttons show and the voice says
// (page.button.*) and the colours' names, big enough to read.
func TestLabelsSayTheButtons(t *testing.T) {
	for _, l := range lang.Languages() {
		sheet := labels.Sheet(l)
		var texts []string
		dec := xml.NewDecoder(bytes.NewReader(sheet))
		for {
			tok, err := dec.Token()
			if err != nil {
				break
			}
			if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "text" {
				var s string
				if err := dec.DecodeElement(&s, &se); err != nil {
					t.Fatalf("%s: %v", l, err)
				}
				for _, a := range se.Attr {
					if size, err := strconv.ParseFloat(a.Value, 64); a.Name.Local == "font-size" && (err != nil || size < 2.5) {
						t.Errorf("%s: %q is printed %s mm high: too small to read", l, s, a.Value)
					}
				}
				texts = append(texts, s)
			}
		}
		for _, b := range []string{"uno", "draw", "pass", "challenge"} {
			w := l.Render(msg.Msg{Key: "page.button." + b})
			if n := countOf(texts, w); n != 3 {
				t.Errorf("%s: the %s button's word %q is printed %d times, want 3", l, b, w, n)
			}
		}
		for _, lb := range labels.Labels(l)[4:] {
			if n := countOf(texts, lb.Text); n != 3 || lb.Text != strings.ToUpper(lb.Text) {
				t.Errorf("%s: colour %s printed %d times as %q, want 3 in capitals", l, lb.Button, n, lb.Text)
			}
		}
	}
}

func countOf(ss []string, s string) int {
	n := 0
	for _, x := range ss {
		if x == s {
			n++
		}
	}
	return n
}
