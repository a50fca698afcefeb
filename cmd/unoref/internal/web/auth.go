package web

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"mime"
	"net"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"time"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
)

// Errors of the PIN, as the page shows them: one plain sentence each.
var (
	ErrNeedPIN  = errors.New("This needs the PIN: enter it first.")
	ErrWrongPIN = errors.New("That PIN is wrong.")
	ErrTooMany  = errors.New("Too many wrong PINs: wait a minute, then try again.")
	ErrNoPIN    = errors.New("This table has no PIN to enter (admin_pin in the config).")
)

// adminKinds are the actions that change the game as a whole rather than
// play it: with Opts.PIN set they need it even on the virtual table.
var adminKinds = table.AdminKinds

const (
	sessionCookie = "unoref_admin"
	sessionAge    = 12 * time.Hour
	maxWrongPINs  = 5           // wrong PINs allowed per client…
	wrongPINSpan  = time.Minute // …in this span
	maxClients    = 1024        // clients the limiter remembers
)

// limiter counts wrong PINs per client address over a sliding minute.
type limiter struct {
	now func() time.Time

	mu    sync.Mutex
	wrong map[string][]time.Time
}

func (l *limiter) recent(client string) []time.Time {
	cut := l.now().Add(-wrongPINSpan)
	ts := l.wrong[client]
	i := 0
	for i < len(ts) && !ts[i].After(cut) {
		i++
	}
	ts = ts[i:]
	if len(ts) == 0 {
		delete(l.wrong, client)
		return nil
	}
	l.wrong[client] = ts
	return ts
}

// blocked reports whether client used up its wrong PINs.
func (l *limiter) blocked(client string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.recent(client)) >= maxWrongPINs
}

// fail counts a wrong PIN of client.
func (l *limiter) fail(client string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.wrong) >= maxClients {
		for c := range l.wrong {
			l.recent(c)
		}
	}
	if len(l.wrong) >= maxClients && l.wrong[client] == nil {
		// Too many addresses at once: count them all as one.
		client = "*"
	}
	l.wrong[client] = append(l.recent(client), l.now())
}

// clientOf is the address a request came from, without its port.
func clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// checkPIN compares pin with Opts.PIN in constant time, counting a wrong
// one against the client. It returns nil, ErrNeedPIN, ErrWrongPIN or
// ErrTooMany.
func (s *Server) checkPIN(r *http.Request, pin string) error {
	if pin == "" {
		return ErrNeedPIN
	}
	c := clientOf(r)
	if s.limit.blocked(c) {
		return ErrTooMany
	}
	if subtle.ConstantTimeCompare([]byte(pin), []byte(s.o.PIN)) == 1 {
		return nil
	}
	s.limit.fail(c)
	return ErrWrongPIN
}

// loggedIn reports whether the request carries the session cookie of a PIN
// entered before.
func (s *Server) loggedIn(r *http.Request) bool {
	if s.o.PIN == "" {
		return false
	}
	c, err := r.Cookie(sessionCookie)
	return err == nil && subtle.ConstantTimeCompare([]byte(c.Value), []byte(s.session)) == 1
}

// authorize says whether the request may take an action of kind: nil, or
// the error to answer (ErrForbidden, ErrNeedPIN, ErrWrongPIN, ErrTooMany).
//
// Playing (tap, press, seat, points) is open on the virtual table and needs
// the PIN on a real one. Admin actions need the PIN when one is set, and
// are open on the virtual table without one. Nothing works on a real table
// without a PIN.
func (s *Server) authorize(r *http.Request, kind, pin string) error {
	virtual := s.t.Snapshot().Virtual
	admin := slices.Contains(adminKinds, kind)
	switch {
	case s.o.PIN == "" && virtual:
		return nil
	case s.o.PIN == "":
		return ErrForbidden
	case virtual && !admin:
		return nil
	case s.loggedIn(r):
		return nil
	}
	return s.checkPIN(r, pin)
}

// pinStatus is the HTTP status of a PIN error.
func pinStatus(err error) int {
	if errors.Is(err, ErrTooMany) {
		return http.StatusTooManyRequests
	}
	return http.StatusForbidden
}

// serveLogin checks a PIN (JSON {"PIN": "…"} or the form field "pin") and
// sets the session cookie that stands for it until the browser closes (at
// most sessionAge). A form is redirected back to the page.
func (s *Server) serveLogin(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxAction)
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	var pin string
	form := mt != "application/json"
	if form {
		pin = r.PostFormValue("pin")
	} else {
		var body struct{ PIN string }
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			http.Error(w, "Send the PIN as JSON: {\"PIN\": \"…\"}.", http.StatusBadRequest)
			return
		}
		pin = body.PIN
	}
	err := ErrNoPIN
	if s.o.PIN != "" {
		err = s.checkPIN(r, pin)
	}
	if err != nil {
		s.logRefused(r, "login", err)
	}
	if err == nil {
		http.SetCookie(w, &http.Cookie{
			Name: sessionCookie, Value: s.session, Path: "/", MaxAge: int(sessionAge / time.Second),
			HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil,
		})
	}
	switch {
	case form && err != nil:
		http.Redirect(w, r, "/?error="+url.QueryEscape(err.Error()), http.StatusSeeOther)
	case form:
		http.Redirect(w, r, "/", http.StatusSeeOther)
	case errors.Is(err, ErrNoPIN):
		http.Error(w, err.Error(), http.StatusBadRequest)
	case err != nil:
		http.Error(w, err.Error(), pinStatus(err))
	default:
		w.WriteHeader(http.StatusNoContent)
	}
}

// serveLogout forgets the session cookie of this browser.
func (s *Server) serveLogout(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteStrictMode})
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt == "application/json" {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// newSession is the random value of the session cookie; a restart forgets
// every session.
func newSession() string {
	b := make([]byte, 32)
	rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}
