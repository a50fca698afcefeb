package web_test

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/unoref/unoref/cmd/unoref/internal/web"
)

// TestActionJSONStrict is issue 22's JSON: a key matched ignoring case, a
// key given twice, a field no action has, at any depth, and a value of the
// wrong kind are refused with a sentence, which repeats at most a short
// prefix of what was sent; the table sees none of them.
func TestActionJSONStrict(t *testing.T) {
	long := strings.Repeat("k", 15000)
	tests := []struct {
		name, body, want string
	}{
		{"lower-case kind", `{"kind":"undo"}`, `There is no field "kind"`},
		{"upper-case kind", `{"KIND":"undo"}`, `There is no field "KIND"`},
		{"key twice", `{"Kind":"press","Button":"uno","Button":"draw"}`, `The field "Button" is given twice.`},
		{"kind twice", `{"Kind":"tap","Kind":"undo"}`, `The field "Kind" is given twice.`},
		{"nested lower-case", `{"Kind":"voice","Voice":{"speak":true}}`, `There is no field "speak": the fields are Speak, Teach, Settings, Fitted`},
		{"nested twice", `{"Kind":"voice","Voice":{"Settings":{"Speed":100,"Speed":200}}}`, `The field "Speed" is given twice.`},
		{"wrong kind of value", `{"Kind":"points","Name":"Ann","Points":"5"}`, `The field "Points" has a value of the wrong kind.`},
		{"number too big", `{"Kind":"points","Name":"Ann","Points":1e30}`, `The field "Points" has a value of the wrong kind.`},
		{"an array", `[{"Kind":"undo"}]`, `Send a JSON object: {…}.`},
		{"a string", `"undo"`, `Send a JSON object: {…}.`},
		{"long unknown kind", `{"Kind":"` + long + `"}`, `"kkkkkkkkkkkkkkkkkkkkkkkk…" is not an action`},
		{"long unknown key", `{"` + long + `":1}`, `There is no field "kkkkkkkkkkkkkkkkkkkkkkkk…"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeTable(true)
			_, body := postJSON(t, web.New(f, nil), tt.body)
			if !strings.Contains(body, tt.want) {
				t.Errorf("answer %.200q, want %q", body, tt.want)
			}
			if len(body) > 400 {
				t.Errorf("answer of %d bytes repeats what was sent", len(body))
			}
			if len(f.actions) != 0 {
				t.Errorf("the table was given %+v", f.actions)
			}
		})
	}
}

// TestLoginJSONStrict: the PIN's JSON is read as strictly as an action's.
func TestLoginJSONStrict(t *testing.T) {
	s := web.New(newFakeTable(false), &web.Opts{PIN: "2468"})
	for _, body := range []string{`{"pin":"2468"}`, `{"PIN":"0000","PIN":"2468"}`, `{"PIN":"2468","Admin":true}`} {
		req := httptest.NewRequest("POST", "/api/login", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		if w.Code != 400 {
			t.Errorf("login %s: %d %q, want 400", body, w.Code, w.Body.String())
		}
	}
}
