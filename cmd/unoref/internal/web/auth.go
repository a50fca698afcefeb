package web

import (
	"encoding/json"
	"errors"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"time"
)

// Errors of the PIN and the setup code, as the page shows them: one plain
// sentence each.
var (
	ErrNeedPIN    = errors.New("This needs the PIN: enter it first.")
	ErrWrongPIN   = errors.New("That PIN is wrong.")
	ErrTooMany    = errors.New("Too many wrong PINs: wait a minute, then try again.")
	ErrTooManyAll = errors.New("Too many wrong PINs on this network: wait ten minutes, or unlock from a phone that entered the PIN before.")
	ErrNoPIN      = errors.New("This table has no PIN to enter (admin_pin in the config).")
	ErrNeedSetup  = errors.New("No PIN is set yet: type the setup code shown on the referee's screen and choose one.")
	ErrWrongCode  = errors.New("That setup code is wrong: read it again on the referee's screen.")
	ErrNoSetup    = errors.New("This table has a PIN already: enter it to unlock.")

	errSaving = errors.New("The PIN could not be saved: see the daemon's log.")
)

// adminKinds are the actions that change the game as a whole rather than
// play it: with a PIN set they need it even on the virtual table.
var adminKinds = []string{"newgame", "rename", "undo", "end", "voice"}

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
// and admin actions need the PIN when one is set. Under the real-table
// policy every action needs the PIN; without one, nothing works but the
// setup code.
func (s *Server) authorize(r *http.Request, kind, pin string) error {
	open := s.open()
	admin := slices.Contains(adminKinds, kind)
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
	if err := json.NewDecoder(r.Body).Decode(&c); err != nil {
		return c, errors.New("Send the PIN as JSON: {\"PIN\": \"…\"}.")
	}
	return c, nil
}

// serveLogin checks a PIN and starts a session: its cookie holds a random
// token that stands for the PIN until logout, the browser closes, or
// sessionAge. A form is redirected back to the page.
func (s *Server) serveLogin(w http.ResponseWriter, r *http.Request) {
	c, err := readCredentials(w, r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
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
		http.Error(w, err.Error(), http.StatusBadRequest)
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
		s.o.Logf("web: %v", err)
		return errSaving
	}
	s.limit.trust(client)
	s.o.ShowCode("")
	s.o.Logf("web: admin PIN chosen at first start from %s, kept hashed in %s", client, s.o.PINFile)
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
		http.Redirect(w, r, "/?error="+url.QueryEscape(err.Error()), http.StatusSeeOther)
	case form:
		http.Redirect(w, r, "/", http.StatusSeeOther)
	case err != nil:
		http.Error(w, err.Error(), loginStatus(err))
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
