package web

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"sync"
	"time"
)

const (
	sessionCookie = "unoref_admin"
	sessionAge    = 12 * time.Hour
	maxSessions   = 64 // logins remembered; see prune for which goes
)

// sessions are the logins of this process: one random token per login,
// valid until logout or sessionAge. A restart forgets them all.
type sessions struct {
	now func() time.Time

	mu sync.Mutex
	m  map[string]*session // sha256 of the token → the session
}

// session is one login: when it ends, and when its phone last came back
// with it (used: it has since the login).
type session struct {
	exp, last time.Time
	used      bool
}

func newSessions(now func() time.Time) *sessions {
	return &sessions{now: now, m: map[string]*session{}}
}

// open starts a session and returns its token.
func (s *sessions) open() string {
	tok := rand.Text() // 26 base32 characters from crypto/rand: 130 bits
	s.mu.Lock()
	defer s.mu.Unlock()
	s.prune()
	now := s.now()
	s.m[tokenKey(tok)] = &session{exp: now.Add(sessionAge), last: now}
	return tok
}

// valid reports whether tok is a session that has not ended, and notes
// that its phone is using it.
func (s *sessions) valid(tok string) bool {
	if tok == "" {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	k := tokenKey(tok)
	ss, ok := s.m[k]
	if !ok {
		return false
	}
	now := s.now()
	if !now.Before(ss.exp) {
		delete(s.m, k)
		return false
	}
	ss.last, ss.used = now, true
	return true
}

// close ends the session of tok.
func (s *sessions) close(tok string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.m, tokenKey(tok))
}

// prune drops expired sessions and, while the table is full, the one a
// phone is least likely to miss: the oldest login never used since, else
// the session used longest ago. So logins from many new phones (each knows
// the PIN, or one phone logging in again and again) take each other's
// places, never the session of the parent's phone that is in use.
func (s *sessions) prune() {
	now := s.now()
	for k, ss := range s.m {
		if !now.Before(ss.exp) {
			delete(s.m, k)
		}
	}
	for len(s.m) >= maxSessions {
		var victim string
		var v *session
		for k, ss := range s.m {
			if v == nil || (!ss.used && v.used) || (ss.used == v.used && ss.last.Before(v.last)) {
				victim, v = k, ss
			}
		}
		delete(s.m, victim)
	}
}

// tokenKey is how a token is looked up: its hash, so that neither a map
// lookup's timing nor a memory dump gives a live token away.
func tokenKey(tok string) string {
	h := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(h[:])
}
