package web_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/web"
	"github.com/unoref/unoref/drivers/voice"
	"github.com/unoref/unoref/drivers/voice/voicetest"
)

// speakingTable is the real virtual table with a speaker that records.
func speakingTable(t *testing.T) (*table.Table, *voicetest.Recorder) {
	t.Helper()
	j, err := table.OpenJournal(context.Background(), filepath.Join(t.TempDir(), "journal.db"))
	if err != nil {
		t.Fatal(err)
	}
	rec := voicetest.New()
	sp, err := voice.New(&voice.Opts{Backend: rec})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sp.Close() })
	tb := runVirtual(t, j, table.Config{UnoGrace: -1, Virtual: true, Voice: sp})
	return tb, rec
}

// TestRulesInForcePanel: the page shows the rules in force, each line in
// the phone's language, and /api/rules gives them to the script.
func TestRulesInForcePanel(t *testing.T) {
	tb, _ := speakingTable(t)
	if err := tb.Do(context.Background(), table.Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "house-ru -jump-in"}); err != nil {
		t.Fatal(err)
	}
	s := web.New(tb, nil)
	tests := []struct {
		accept string
		want   []string
	}{
		{"en-GB,en;q=0.9", []string{"The rules of this game", "Only a number card can start a round", "Nobody jumps in out of turn"}},
		{"ru-RU,ru;q=0.9", []string{"Правила этой игры", "ход не перехватывают"}},
	}
	for _, tt := range tests {
		t.Run(tt.accept, func(t *testing.T) {
			page := readAll(t, getLang(t, s, "/", tt.accept))
			for _, w := range tt.want {
				if !strings.Contains(page, w) {
					t.Errorf("GET / (%s): the rules panel does not say %q", tt.accept, w)
				}
			}
			var p struct {
				Title string
				Lines []string
			}
			if err := json.Unmarshal([]byte(readAll(t, getLang(t, s, "/api/rules", tt.accept))), &p); err != nil {
				t.Fatal(err)
			}
			if p.Title != tt.want[0] || len(p.Lines) != 9 {
				t.Errorf("GET /api/rules (%s) = %+v, want the title %q and 9 lines", tt.accept, p, tt.want[0])
			}
		})
	}
}

// TestVoiceSettingsForm: the admin form turns the speaker and teaching
// mode on and sets the speed; the rules button makes the referee say them.
func TestVoiceSettingsForm(t *testing.T) {
	tb, rec := speakingTable(t)
	s := web.New(tb, nil)
	if err := tb.Do(context.Background(), table.Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "official"}); err != nil {
		t.Fatal(err)
	}
	form := url.Values{"kind": {"voice"}, "speak": {"on"}, "teach": {"on"}, "speed": {"180"}, "volume": {""}}
	r := get(t, s, "POST", "/api/action", strings.NewReader(form.Encode()), "application/x-www-form-urlencoded")
	if loc := r.Header.Get("Location"); loc != "/" {
		t.Fatalf("POST voice form: redirect to %q, want /", loc)
	}
	want := table.VoiceState{Speak: true, Teach: true, Fitted: true, Settings: voice.Settings{Speed: 180}}
	if got := tb.Snapshot().Voice; got != want {
		t.Errorf("Snapshot().Voice = %+v, want %+v", got, want)
	}
	if got := rec.Settings(); got != want.Settings {
		t.Errorf("the speaker was tuned to %+v, want %+v", got, want.Settings)
	}
	bad := url.Values{"kind": {"voice"}, "speak": {"on"}, "speed": {"fast"}}
	r = get(t, s, "POST", "/api/action", strings.NewReader(bad.Encode()), "application/x-www-form-urlencoded")
	if loc := r.Header.Get("Location"); !strings.Contains(loc, "error=") {
		t.Errorf("POST voice form with speed=fast: redirect to %q, want an error", loc)
	}
	r, _ = postJSON(t, s, `{"Kind":"rules"}`)
	if r.StatusCode != 200 {
		t.Fatalf("POST rules: %s", r.Status)
	}
	if u := <-rec.Said; !strings.HasPrefix(u.Text, "The rules of this game.") {
		t.Errorf("the rules button said %q, want the rules in force", u.Text)
	}
}

// getLang is GET target with an Accept-Language header.
func getLang(t *testing.T, h http.Handler, target, accept string) *http.Response {
	t.Helper()
	req := httptest.NewRequest("GET", target, nil)
	req.Header.Set("Accept-Language", accept)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w.Result()
}
