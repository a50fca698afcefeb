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
	maxSessions   = 64 // logins remembered; the oldest goes first
)

// sessions are the logins of this process: one random token per login,
// valid until logout or sessionAge. A restart forgets them all.
type sessions struct {
	now func() time.Time

	mu  sync.Mutex
	exp map[string]time.Time // sha256 of the token → expiry
}

func newSessions(now func() time.Time) *sessions {
	return &sessions{now: now, exp: map[string]time.Time{}}
}

// open starts a session and returns its token.
func (s *sessions) open() string {
	tok := rand.Text() // 26 base32 characters from crypto/rand: 130 bits
	s.mu.Lock()
	defer s.mu.Unlock()
	s.prune()
	s.exp[tokenKey(tok)] = s.now().Add(sessionAge)
	return tok
}

// valid reports whether tok is a session that has not ended.
func (s *sessions) valid(tok string) bool {
	if tok == "" {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	k := tokenKey(tok)
	exp, ok := s.exp[k]
	if ok && !s.now().Before(exp) {
		delete(s.exp, k)
		return false
	}
	return ok
}

// close ends the session of tok.
func (s *sessions) close(tok string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.exp, tokenKey(tok))
}

// prune drops expired sessions and, while the table is full, the one that
// ends first.
func (s *sessions) prune() {
	now := s.now()
	for k, exp := range s.exp {
		if !now.Before(exp) {
			delete(s.exp, k)
		}
	}
	for len(s.exp) >= maxSessions {
		first, at := "", time.Time{}
		for k, exp := range s.exp {
			if first == "" || exp.Before(at) {
				first, at = k, exp
			}
		}
		delete(s.exp, first)
	}
}

// tokenKey is how a token is looked up: its hash, so that neither a map
// lookup's timing nor a memory dump gives a live token away.
func tokenKey(tok string) string {
	h := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(h[:])
}
