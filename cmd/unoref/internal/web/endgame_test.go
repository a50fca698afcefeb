package web_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/unoref/unoref/cmd/unoref/internal/web"
)

// toCountupOn plays Ann and Ben on the virtual table behind h to the end
// of round 1: Ben goes out and Ann holds one card.
func toCountupOn(t *testing.T, h http.Handler, pin string) {
	t.Helper()
	acts := []string{`{"Kind":"newgame","Players":["Ann","Ben"],"Rules":"official"}`, `{"Kind":"press","Button":"pass"}`,
		`{"Kind":"tap","Pad":"play","Card":"G5"}`}
	for _, c := range []string{"G1", "G2", "G3", "G4", "G6", "G7", "G8", "G9", "G1", "G2", "G3"} {
		acts = append(acts, `{"Kind":"tap","Pad":"play","Card":"`+c+`"}`)
	}
	acts = append(acts, `{"Kind":"press","Button":"uno"}`, `{"Kind":"tap","Pad":"play","Card":"G4"}`,
		`{"Kind":"press","Button":"uno"}`, `{"Kind":"tap","Pad":"play","Card":"G6"}`)
	for _, a := range acts {
		if code, msg := send(t, h, a, pin); code != 200 {
			t.Fatalf("%s: %d %s", a, code, msg)
		}
	}
}

// TestPointsRefusedInPageLanguage: points a hand can't hold are refused
// on the page with the sentence that says the most it can hold, in the
// page's language, and the count-up waits for them.
func TestPointsRefusedInPageLanguage(t *testing.T) {
	tb, j := virtualTable(t, t.TempDir())
	s := web.New(tb, &web.Opts{History: j})
	toCountupOn(t, s, "")
	if ph := tb.Snapshot().State.Phase; ph != "countup" {
		t.Fatalf("phase %q, want countup", ph)
	}
	code, msg := send(t, s, `{"Kind":"points","Name":"Ann","Points":300}`, "", &http.Cookie{Name: "lang", Value: "ru"})
	if want := "Ann держит 1 карту: такая рука стоит не больше чем 50 очков"; code != 400 || !strings.Contains(msg, want) {
		t.Errorf("300 points for one card: %d %q, want 400 %q", code, msg, want)
	}
	if ph := tb.Snapshot().State.Phase; ph != "countup" {
		t.Errorf("phase %q after the refusal, want countup", ph)
	}
	if code, msg := send(t, s, `{"Kind":"points","Name":"Ann","Points":50}`, ""); code != 200 {
		t.Errorf("50 points for one card: %d %q", code, msg)
	}
}
