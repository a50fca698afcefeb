package replay

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee"
)

// TestQuoteMatchesEncodingJSON: appendString quotes every message the
// referee says in every language, and strings built to trip a quoter, as
// encoding/json does.
func TestQuoteMatchesEncodingJSON(t *testing.T) {
	strs := []string{"", "plain", `"<a & b>" \ /`, "\b\f\n\r\t\x00\x01\x1f\x7f", "\u2028 \u2029 \u202a",
		"\xff", "ab\xe2\x82", "\xe2\x82ab", "\xed\xa0\x80", "Аня кладёт «семёрку»", "Անի։", "🂡 ok", "\xf0\x9f\x82"}
	for _, l := range lang.Languages() {
		for _, k := range lang.Keys() {
			strs = append(strs, l.Render(msg.Msg{Key: k, Args: msg.Args{Player: "Ann", Text: `"x" <y>`, N: 3}}))
		}
	}
	for _, s := range strs {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendString(nil, s); string(got) != string(want) {
			t.Errorf("appendString(%q) = %s, want %s", s, got, want)
		}
		if got := appendString([]byte("x"), []byte(s)); string(got) != "x"+string(want) {
			t.Errorf("appendString(x, []byte(%q)) = %s, want x%s", s, got, want)
		}
	}
}

// TestStreamPrintsAsReplay: Stream, which reuses the state's maps and
// leaves the message to the writers, prints every example log and a
// generated game byte for byte as Replay does, in every language.
func TestStreamPrintsAsReplay(t *testing.T) {
	logs := examples(t)
	logs["generated"] = syntheticGame(3, []string{"Ann", "Ben", "Cy"})
	for name, log := range logs {
		for _, l := range lang.Languages() {
			for _, text := range []bool{false, true} {
				var want, got bytes.Buffer
				for _, run := range []struct {
					replay func(context.Context, io.Reader, Engine, func(*Record) error) (int, error)
					out    *bytes.Buffer
				}{{Replay, &want}, {Stream, &got}} {
					write := func() func(*Record) error {
						if text {
							w := NewTextWriter(run.out)
							w.Lang = l
							return w.Write
						}
						w := NewJSONWriter(run.out)
						w.Lang = l
						return w.Write
					}()
					if _, err := run.replay(context.Background(), strings.NewReader(log), referee.New(), write); err != nil {
						t.Fatal(err)
					}
				}
				if d := cmp.Diff(want.String(), got.String()); d != "" {
					t.Errorf("%s in %s (text %v): Stream (-Replay +Stream):\n%s", name, l, text, d)
				}
			}
		}
	}
}
