package web

import (
	"errors"
	"mime"
	"net/http"
	"net/url"
	"time"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
)

// Errors of the PIN and the setup code, as the page shows them: one plain
// sentence each, in the page's language (keys page.auth.*).
var (
	ErrNeedPIN    error = refusal("page.auth.need")
	ErrWrongPIN   error = refusal("page.auth.wrong")
	ErrTooMany    error = refusal("page.auth.toomany")
	ErrTooManyAll error = refusal("page.auth.toomanyall")
	ErrNoPIN      error = refusal("page.auth.none")
	ErrNeedSetup  error = refusal("page.auth.needsetup")
	ErrWrongCode  error = refusal("page.auth.wrongcode")
	ErrNoSetup    error = refusal("page.auth.nosetup")

	errSaving error = refusal("page.auth.saving")
)

// refusal is a sentence of the page's own as a key of the catalogs: the
// page says it in its language (said), Error in English, for the log.
type refusal string

func (r refusal) Error() string { return lang.English.Render(msg.Msg{Key: string(r)}) }

// checkPIN compares pin with the PIN, counting a wrong one against the
// client. It returns nil, ErrNeedPIN, ErrWrongPIN, ErrTooMany or
// ErrTooManyAll.
func (s *Server) checkPIN(r *http.Request, pin string) error {
	if pin == "" {
		return ErrNeedPIN
	}
	c := clientOf(r)
	if err := s.limit.allow(c); err != nil {
		return err
	}
	if !s.pins.match(pin) {
		s.limit.fail(c)
		return ErrWrongPIN
	}
	s.limit.trust(c)
	return nil
}

// loggedIn reports whether the request carries the cookie of a session
// that has not ended.
func (s *Server) loggedIn(r *http.Request) bool {
	c, err := r.Cookie(sessionCookie)
	return err == nil && s.pins.set() && s.sessions.valid(c.Value)
}

// authorize says whether the request may take an action of kind: nil, or
// the error to answer (ErrForbidden, ErrNeedSetup and the errors of
// checkPIN).
//
// Under the virtual-table policy playing (tap, press, seat, points) is open
// and admin actions (table.ActionKind.Admin) need the PIN when one is set. Under the real-table
// policy every action needs the PIN; without one, nothing works but the
// setup code.
func (s *Server) authorize(r *http.Request, kind table.ActionKind, pin string) error {
	return s.authorizeAs(r, kind.Admin(), pin)
}

// authorizeAdmin is authorize for what an admin action needs: the family's
// record as a file (POST /api/record).
func (s *Server) authorizeAdmin(r *http.Request, pin string) error {
	return s.authorizeAs(r, true, pin)
}

func (s *Server) authorizeAs(r *http.Request, admin bool, pin string) error {
	open := s.open()
	set := s.pins.set()
	switch {
	case !set && open:
		return nil
	case !set && s.pins.pending():
		return ErrNeedSetup
	case !set:
		return ErrForbidden
	case open && !admin:
		return nil
	case s.loggedIn(r):
		return nil
	}
	return s.checkPIN(r, pin)
}

// access is what one page may do now, by its session: sent with every
// snapshot to that page (Server.forPage), so that the page follows a
// login, a logout, a PIN chosen on another phone or a session ended
// live, never a note of how things stood when it was loaded.
type access struct {
	Setup bool // no PIN yet: only the setup code and a new PIN unlock the table
	Play  bool // this page's taps and presses are taken (authorize)
	Admin bool // so are its admin actions: the PIN form hides
}

// accessOf is r's access, as authorize rules on what r would send
// without a PIN: nothing is counted against the client.
func (s *Server) accessOf(r *http.Request) access {
	return access{
		Setup: !s.pins.set() && s.pins.pending(),
		Play:  s.authorize(r, table.KindTap, "") == nil,
		Admin: s.authorize(r, table.KindUndo, "") == nil,
	}
}

// forPage is snap as the page of r reads it: in its language, with its
// access.
func (s *Server) forPage(r *http.Request, snap table.Snapshot, l lang.Lang) localized {
	loc := localize(snap, l)
	loc.Access = s.accessOf(r)
	return loc
}

// pinStatus is the HTTP status of a PIN error.
func pinStatus(err error) int {
	if errors.Is(err, ErrTooMany) || errors.Is(err, ErrTooManyAll) {
		return http.StatusTooManyRequests
	}
	return http.StatusForbidden
}

// credentials are what /api/login and /api/setup read: JSON {"PIN": "…",
// "Code": "…"} or the form fields pin and code.
type credentials struct {
	PIN, Code string
	form      bool
}

func readCredentials(w http.ResponseWriter, r *http.Request) (credentials, error) {
	r.Body = http.MaxBytesReader(w, r.Body, maxAction)
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt != "application/json" {
		return credentials{PIN: r.PostFormValue("pin"), Code: r.PostFormValue("code"), form: true}, nil
	}
	var c credentials
	err := decodeStrict(r.Body, &c)
	return c, err
}

// serveLogin checks a PIN and starts a session: its cookie holds a random
// token that stands for the PIN until logout, the browser closes, or
// sessionAge. A form is redirected back to the page.
func (s *Server) serveLogin(w http.ResponseWriter, r *http.Request) {
	c, err := readCredentials(w, r)
	if err != nil {
		http.Error(w, actionError(err, s.pageLang(r)), http.StatusBadRequest)
		return
	}
	switch {
	case s.pins.set():
		err = s.checkPIN(r, c.PIN)
	case s.pins.pending():
		err = ErrNeedSetup
	default:
		err = ErrNoPIN
	}
	if err != nil {
		s.logRefused(r, "login", err)
	}
	if err == nil {
		s.startSession(w, r)
	}
	s.answerLogin(w, r, c.form, err)
}

// serveSetup takes the setup code shown on the OLED and the PIN chosen,
// keeps the PIN and starts a session; the code is then spent.
func (s *Server) serveSetup(w http.ResponseWriter, r *http.Request) {
	c, err := readCredentials(w, r)
	if err != nil {
		http.Error(w, actionError(err, s.pageLang(r)), http.StatusBadRequest)
		return
	}
	if err = s.setup(r, c); err == nil {
		s.startSession(w, r)
	}
	s.answerLogin(w, r, c.form, err)
}

// setup checks the code, then the new PIN, and keeps it.
func (s *Server) setup(r *http.Request, c credentials) error {
	if !s.pins.pending() {
		return ErrNoSetup
	}
	client := clientOf(r)
	if err := s.limit.allow(client); err != nil {
		return err
	}
	if !s.pins.codeMatches(c.Code) {
		s.limit.fail(client)
		return ErrWrongCode
	}
	if err := CheckPIN(c.PIN); err != nil {
		return err
	}
	if err := s.pins.choose(c.PIN); err != nil {
		s.o.Log.Error("admin PIN not saved", "error", err)
		return errSaving
	}
	s.limit.trust(client)
	s.o.ShowCode("")
	s.o.Log.Info("admin PIN chosen at first start", "client", client, "file", s.o.PINFile)
	return nil
}

func (s *Server) startSession(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{
		Name: sessionCookie, Value: s.sessions.open(), Path: "/", MaxAge: int(sessionAge / time.Second),
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil,
	})
}

// answerLogin answers a login or a setup: 204, or the error's status with
// its sentence; a form is redirected back to the page.
func (s *Server) answerLogin(w http.ResponseWriter, r *http.Request, form bool, err error) {
	switch {
	case form && err != nil:
		http.Redirect(w, r, "/?error="+url.QueryEscape(actionError(err, s.pageLang(r))), http.StatusSeeOther)
	case form:
		http.Redirect(w, r, "/", http.StatusSeeOther)
	case err != nil:
		http.Error(w, actionError(err, s.pageLang(r)), loginStatus(err))
	default:
		w.WriteHeader(http.StatusNoContent)
	}
}

// loginStatus is the HTTP status of a login's or a setup's error.
func loginStatus(err error) int {
	switch {
	case errors.Is(err, ErrNoPIN), errors.Is(err, ErrNoSetup), errors.Is(err, ErrBadPIN):
		return http.StatusBadRequest
	case errors.Is(err, errSaving):
		return http.StatusInternalServerError
	}
	return pinStatus(err)
}

// serveLogout ends the session of this browser and forgets its cookie.
func (s *Server) serveLogout(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(sessionCookie); err == nil {
		s.sessions.close(c.Value)
	}
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteStrictMode})
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt == "application/json" {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	http.Redirect(w, r, "/", http.StatusSeeOther)
}
