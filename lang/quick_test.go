package lang

import (
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/google/go-cmp/cmp"
	"github.com/nicksnyder/go-i18n/v2/i18n"
)

// TestQuickMessagesAsGoI18n: the quick reader gives every catalog's
// messages as go-i18n's TOML path does, and a text in any other form is
// left to the decoder, never read differently.
func TestQuickMessagesAsGoI18n(t *testing.T) {
	entries, err := files.ReadDir("locales")
	if err != nil {
		t.Fatal(err)
	}
	read := map[string][]byte{}
	for _, e := range entries {
		buf, err := files.ReadFile("locales/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		read[e.Name()] = buf
	}
	for name, text := range map[string]string{
		"escapes":    "\"a\" = \"tab\\there \\\"q\\\" \\\\ \\u00e9 \\U0001F600 \\n\"\n",
		"spaces":     "  \"a\"=\"x\"   # note\n\n# c\n\"b\" = {one=\"1\",other=\"n\"}\r\n",
		"forms":      "\"a\" = { zero = \"0\", one = \"1\", two = \"2\", few = \"f\", many = \"m\", other = \"o\" }\n",
		"no newline": "\"a\" = \"x\"",
		"dotted":     "\"a.b.c\" = \"x\"\n",
		"unicode":    "\"ա\" = \"Խաղ՝ «ՈՒՆՈ»։\"\n",
	} {
		read["case "+name] = []byte(text)
	}
	for name, buf := range read {
		got, ok := quickMessages(buf)
		if !ok {
			t.Errorf("%s: left to the decoder", name)
			continue
		}
		want, err := i18n.ParseMessageBytes(buf, toml.Unmarshal)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		byID := func(a, b *i18n.Message) int { return strings.Compare(a.ID, b.ID) }
		slices.SortFunc(got, byID)
		slices.SortFunc(want, byID)
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s: quick reader (+) against go-i18n (-):\n%s", name, d)
		}
	}
	for _, text := range []string{
		"[table]\n\"a\" = \"x\"\n",
		"a = \"bare key\"\n",
		"\"a\" = \"\"\"multi\nline\"\"\"\n",
		"\"a\" = 'literal'\n",
		"\"a\" = \"x\" trailing\n",
		"\"a\" = \"x\"\n\"a\" = \"y\"\n",
		"\"a\" = \"bad \\q escape\"\n",
		"\"a\" = \"\\ud800\"\n",
		"\"a\" = \"not closed\n",
		"\"a\" = { one = \"1\", other = \"n\", }\n",
		"\"a\" = { one = \"1\", description = \"d\" }\n",
		"\"a\" = { one = \"1\", one = \"2\" }\n",
		"\"a\" = { one = \"\", other = \"n\" }\n",
		"\"a\" = {}\n",
		"\"\" = \"empty key\"\n",
		"\"a\" = \"ctl \x01\"\n",
		"\"a\" = \"\xff\"\n",
		"\"a\" = 5\n",
	} {
		if m, ok := quickMessages([]byte(text)); ok {
			t.Errorf("%q: read as %+v, want it left to the decoder", text, m)
		}
	}
}
