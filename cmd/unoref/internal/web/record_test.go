package web_test

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/web"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee/journal"
)

// frozenJournal is a journal on storage that is frozen (fsfreeze): every
// call waits until its caller gives up.
type frozenJournal struct{}

func (frozenJournal) Games(ctx context.Context) ([]journal.GameSummary, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

func (frozenJournal) Rounds(ctx context.Context, id int64) ([]journal.Round, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

// frozenTable is a table whose loop waits on that journal: a control
// waits until its caller gives up.
type frozenTable struct{ *fakeTable }

func (f frozenTable) Do(ctx context.Context, a table.Action) error {
	<-ctx.Done()
	return ctx.Err()
}

// Issue 22, "Also": with the storage frozen, / and /history (and a
// control) answer within Opts.JournalWait with a sentence, in the page's
// language, instead of hanging until it thaws.
func TestFrozenStorageAnswers(t *testing.T) {
	ft := frozenTable{newFakeTable(true)}
	s := web.New(ft, &web.Opts{History: frozenJournal{}, JournalWait: 50 * time.Millisecond, Lang: lang.Russian})
	slow := lang.Russian.Render(msg.Msg{Key: "page.journal.slow"})
	for _, tt := range []struct {
		method, path, body string
	}{
		{"GET", "/", ""},
		{"GET", "/history", ""},
		{"GET", "/history/3", ""},
		{"POST", "/api/action", `{"Kind":"tap","Pad":"play","Card":"R5"}`},
	} {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			done := make(chan *http.Response, 1)
			go func() {
				req, _ := http.NewRequest(tt.method, tt.path, strings.NewReader(tt.body))
				if tt.body != "" {
					req.Header.Set("Content-Type", "application/json")
				}
				done <- serve(s, req)
			}()
			select {
			case resp := <-done:
				if body := readAll(t, resp); !strings.Contains(body, slow) {
					t.Errorf("%s %s = %d, no %q in it:\n%.400s", tt.method, tt.path, resp.StatusCode, slow, body)
				}
			case <-time.After(time.Minute):
				t.Fatalf("%s %s still waits on the frozen journal after a minute", tt.method, tt.path)
			}
		})
	}
}

// Issue 26 point 9: the family's page says when the record was last
// copied and offers it as one file (admin), a journal made while the
// table plays, which restore puts back.
func TestRecordDownload(t *testing.T) {
	j := handRecord(t)
	if err := j.J.Backup(context.Background()); err != nil {
		t.Fatal(err)
	}
	ft := newFakeTable(false) // a real table: the PIN guards the record
	s := web.New(ft, &web.Opts{History: j, Record: j, Copies: j.J, PIN: "4242", Policy: web.PolicyTable})

	page := readAll(t, get(t, s, "GET", "/family", nil, ""))
	info := j.J.LastCopy()
	last := lang.English.Render(msg.Msg{Key: "page.copy.last", Args: msg.Args{Time: info.Last}})
	for _, want := range []string{`id="copies"`, last, `action="/api/record"`, `name="pin"`} {
		if !strings.Contains(page, want) {
			t.Errorf("/family: no %q in it", want)
		}
	}

	form := func(pin string) *http.Response {
		return get(t, s, "POST", "/api/record", strings.NewReader(url.Values{"pin": {pin}}.Encode()), "application/x-www-form-urlencoded")
	}
	if r := form("1111"); r.StatusCode != http.StatusSeeOther || !strings.Contains(r.Header.Get("Location"), "error=") {
		t.Errorf("download with a wrong PIN = %d %q, want back to /family with the error", r.StatusCode, r.Header.Get("Location"))
	}
	r := form("4242")
	if r.StatusCode != http.StatusOK || !strings.Contains(r.Header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("download = %d %v", r.StatusCode, r.Header)
	}
	var file bytes.Buffer
	file.ReadFrom(r.Body)
	saved := filepath.Join(t.TempDir(), "record.db")
	if err := os.WriteFile(saved, file.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	card := filepath.Join(t.TempDir(), "journal.db")
	if _, err := journal.RestoreFrom(context.Background(), card, saved); err != nil {
		t.Fatalf("the download does not restore: %v", err)
	}
	back, err := journal.Open(context.Background(), card, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	want, _ := j.Games(context.Background())
	got, _ := back.Games(context.Background())
	if len(got) != len(want) || len(got) == 0 {
		t.Errorf("the download holds %d games, the journal %d", len(got), len(want))
	}
}
