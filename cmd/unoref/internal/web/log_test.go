package web_test

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/cmd/unoref/internal/web"
)

// TestLogRefused: every request refused for its PIN is a line of the log,
// on the page's actions and on the login; accepted ones are not, and the
// PIN sent never is.
func TestLogRefused(t *testing.T) {
	var b bytes.Buffer
	log := slog.New(slog.NewTextHandler(&b, &slog.HandlerOptions{ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}}))
	s := web.New(newFakeTable(true), &web.Opts{PIN: "2468", Log: log})
	defer s.Close()
	send(t, s, `{"Kind":"undo"}`, "")
	send(t, s, `{"Kind":"end"}`, "1357")
	send(t, s, `{"Kind":"press","Button":"draw"}`, "")
	login(t, s, "9999", "192.0.2.7:4000")
	login(t, s, "2468", "192.0.2.7:4001")
	want := []string{
		`level=WARN msg="admin request refused" action=undo client=192.0.2.1 reason="This needs the PIN: enter it first."`,
		`level=WARN msg="admin request refused" action=end client=192.0.2.1 reason="That PIN is wrong."`,
		`level=WARN msg="admin request refused" action=login client=192.0.2.7 reason="That PIN is wrong."`,
	}
	got := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("log (-want +got):\n%s", diff)
	}
	if strings.Contains(b.String(), "1357") || strings.Contains(b.String(), "9999") {
		t.Errorf("the log holds a PIN sent:\n%s", b.String())
	}
}
