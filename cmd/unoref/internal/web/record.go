package web

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee/journal"
)

// Copies is the journal's copies as the page offers them: the family's
// record as one file, made while the table plays, and when the rolling
// copy (and the second one, backup.dir) was last made and checked.
// *journal.Journal has these methods.
type Copies interface {
	WriteSnapshot(ctx context.Context, w io.Writer) (int64, error)
	LastCopy() journal.CopyInfo
}

// journalWait bounds how long a request waits on the journal (and on the
// table, which waits on it): a frozen or failing card is answered with a
// sentence (page.journal.slow), never a page that hangs.
const journalWait = 3 * time.Second

// bounded gives h's request a context that ends after Opts.JournalWait.
func (s *Server) bounded(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), s.o.JournalWait)
		defer cancel()
		h(w, r.WithContext(ctx))
	}
}

// slow reports whether err is the journal (or the table) not answering
// within Opts.JournalWait.
func slow(err error) bool { return errors.Is(err, context.DeadlineExceeded) }

// unread is the sentence of a page the journal could not give: slow, or
// could not read (key).
func (w words) unread(err error, key string) string {
	if slow(err) {
		return w.T("page.journal.slow")
	}
	return w.T(key)
}

// copiesView is what the family's page says of the record's copies.
type copiesView struct {
	Last    string        // a sentence: when the rolling copy was last made, or that it failed, or none yet
	Second  string        // the same of the second copy, "" when there is none
	Failed  bool          // the last copy failed: Last says since when the good one is
	CanSave bool          // the download is offered here (the PIN or none needed)
	AskPIN  bool          // the download's form asks for the PIN
	Note    template.HTML // what the file is, and the command that puts it back
}

// copiesOf says the copies in w.
func (s *Server) copiesOf(r *http.Request, w words) *copiesView {
	if s.o.Copies == nil {
		return nil
	}
	info := s.o.Copies.LastCopy()
	v := &copiesView{Failed: info.Failed != nil}
	v.Last = copyLine(w, "page.copy", info.Last, info.Failed)
	if info.Second.IsZero() && info.SecondFailed == nil {
		if s.o.SecondCopy != "" {
			v.Second = w.l.Render(msg.Msg{Key: "page.copy.second.none", Args: msg.Args{Path: s.o.SecondCopy}})
		}
	} else {
		v.Second = copyLine(w, "page.copy.second", info.Second, info.SecondFailed)
	}
	set := s.pins.set()
	v.CanSave = s.open() || set
	v.AskPIN = set && !s.loggedIn(r)
	v.Note = codeSpans(w.l.Render(msg.Msg{Key: "page.copy.save.note", Args: msg.Args{Command: "unoref restore --from"}}))
	return v
}

// copyLine is key's sentence for a copy made at t (zero: none yet) whose
// last attempt failed with err.
func copyLine(w words, key string, t time.Time, err error) string {
	a := msg.Args{Time: t}
	switch {
	case err != nil && t.IsZero():
		a.Text = err.Error()
		return w.l.Render(msg.Msg{Key: key + ".failed.none", Args: a})
	case err != nil:
		a.Text = err.Error()
		return w.l.Render(msg.Msg{Key: key + ".failed", Args: a})
	case t.IsZero():
		return w.l.Render(msg.Msg{Key: key + ".none", Args: a})
	}
	return w.l.Render(msg.Msg{Key: key + ".last", Args: a})
}

// serveRecord is POST /api/record: the family's record as one file (the
// journal, a consistent copy read while the table plays), which `unoref
// restore --from FILE` puts back on a new card. It asks for the admin PIN
// when one is set (a session, or the form's pin), as the admin actions do.
func (s *Server) serveRecord(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxAction)
	wd := words{s.pageLang(r)}
	if s.o.Copies == nil {
		http.Error(w, wd.T("page.fam.norecord"), http.StatusNotFound)
		return
	}
	if err := s.authorizeAdmin(r, r.PostFormValue("pin")); err != nil {
		s.logRefused(r, "record", err)
		http.Redirect(w, r, "/family?error="+url.QueryEscape(actionError(err, wd.l))+"#copies", http.StatusSeeOther)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/vnd.sqlite3")
	h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="unoref-record-%s.db"`, s.o.Now().Format("2006-01-02")))
	h.Set("Cache-Control", "no-store")
	if _, err := s.o.Copies.WriteSnapshot(r.Context(), w); err != nil {
		s.o.Log.Error("record download", "error", err)
	}
}
