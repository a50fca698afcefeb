package web

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// Timeouts of the page's server. The event stream lifts the read and write
// deadlines of its own response and keeps itself alive with heartbeats.
const (
	ReadHeaderTimeout = 10 * time.Second
	ReadTimeout       = 20 * time.Second
	WriteTimeout      = 30 * time.Second
	IdleTimeout       = 60 * time.Second
	maxHeaderBytes    = 16 << 10
)

// MaxConns is the default cap on the page's open connections: a Pi Zero
// has 512 MB, and an idle connection costs ~18 kB.
const MaxConns = 64

// NewHTTPServer returns the server of the page h and the listener to
// serve on: ln with at most maxConns open connections (MaxConns when 0).
// When one more arrives and all are taken, the connection idle longest (a
// keep-alive between requests, or one that never sent a byte) is closed to
// make room; when every one is busy with a request, the new one is. So
// idle connections can't lock the family out, and busy ones end with the
// timeouts.
func NewHTTPServer(h http.Handler, ln net.Listener, maxConns int) (*http.Server, net.Listener) {
	if maxConns <= 0 {
		maxConns = MaxConns
	}
	cl := &capListener{Listener: ln, max: maxConns, conns: map[net.Conn]connState{}}
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: ReadHeaderTimeout,
		ReadTimeout:       ReadTimeout,
		WriteTimeout:      WriteTimeout,
		IdleTimeout:       IdleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		ConnState:         cl.track,
	}
	return srv, cl
}

// capListener counts the server's connections (http.Server.ConnState) and
// makes room for a new one as NewHTTPServer says.
type capListener struct {
	net.Listener
	max int

	mu    sync.Mutex
	seq   uint64
	conns map[net.Conn]connState
}

type connState struct {
	busy  bool   // a request is being read or answered
	since uint64 // when it last changed, in accept/track order
}

// Accept returns the next connection, closing one as NewHTTPServer says
// when all are taken.
func (l *capListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if l.admit(c) {
			return c, nil
		}
		c.Close()
	}
}

// admit makes room for c and counts it, or reports false when every
// connection is busy.
func (l *capListener) admit(c net.Conn) bool {
	l.mu.Lock()
	var victim net.Conn
	if len(l.conns) >= l.max {
		victim = l.idlest()
		if victim == nil {
			l.mu.Unlock()
			return false
		}
		delete(l.conns, victim)
	}
	l.seq++
	l.conns[c] = connState{since: l.seq}
	l.mu.Unlock()
	if victim != nil {
		victim.Close()
	}
	return true
}

// idlest is the connection idle longest, or nil.
func (l *capListener) idlest() net.Conn {
	var (
		best net.Conn
		at   uint64
	)
	for c, st := range l.conns {
		if !st.busy && (best == nil || st.since < at) {
			best, at = c, st.since
		}
	}
	return best
}

// track follows a connection's state.
func (l *capListener) track(c net.Conn, s http.ConnState) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch s {
	case http.StateClosed, http.StateHijacked:
		delete(l.conns, c)
	case http.StateActive, http.StateIdle:
		if _, ok := l.conns[c]; !ok {
			return // closed to make room
		}
		l.seq++
		l.conns[c] = connState{busy: s == http.StateActive, since: l.seq}
	}
}
