package web

import (
	"net"
	"net/http"
	"net/netip"
	"sync"
	"time"
)

const (
	maxWrongPINs = 5                // wrong PINs (or setup codes) allowed per client…
	wrongPINSpan = time.Minute      // …in this span
	maxWrongAll  = 20               // wrong PINs allowed from the whole network…
	wrongAllSpan = 10 * time.Minute // …in this span, to clients not trusted
	maxClients   = 1024             // clients the limiter remembers
	maxTrusted   = 16               // clients remembered for entering the right PIN
)

// limiter counts wrong PINs per client over a sliding minute and over the
// whole network over ten minutes (package documentation, "The PIN limit").
type limiter struct {
	now func() time.Time

	mu      sync.Mutex
	wrong   map[string][]time.Time // per client, oldest first
	all     []time.Time            // every wrong PIN of an untrusted client, oldest first
	trusted map[string]time.Time   // clients that entered the right PIN, and when
}

func newLimiter(now func() time.Time) *limiter {
	return &limiter{now: now, wrong: map[string][]time.Time{}, trusted: map[string]time.Time{}}
}

// recent drops client's wrong PINs older than a minute and returns the rest.
func (l *limiter) recent(client string) []time.Time {
	ts := dropBefore(l.wrong[client], l.now().Add(-wrongPINSpan))
	if len(ts) == 0 {
		delete(l.wrong, client)
		return nil
	}
	l.wrong[client] = ts
	return ts
}

// dropBefore drops the times of ts (oldest first) not after cut.
func dropBefore(ts []time.Time, cut time.Time) []time.Time {
	i := 0
	for i < len(ts) && !ts[i].After(cut) {
		i++
	}
	return ts[i:]
}

// allow says whether client may try a PIN now: nil, ErrTooMany (its own
// limit) or ErrTooManyAll (the network's limit, or no room to count it).
func (l *limiter) allow(client string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.recent(client)) >= maxWrongPINs {
		return ErrTooMany
	}
	if _, ok := l.trusted[client]; ok {
		return nil
	}
	l.all = dropBefore(l.all, l.now().Add(-wrongAllSpan))
	if len(l.all) >= maxWrongAll {
		return ErrTooManyAll
	}
	if l.wrong[client] == nil && !l.room() {
		return ErrTooManyAll
	}
	return nil
}

// fail counts a wrong PIN of client.
func (l *limiter) fail(client string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if _, ok := l.trusted[client]; !ok {
		l.all = append(l.all, now)
	}
	ts := l.recent(client)
	if ts == nil && !l.room() {
		return // every entry is a blocked client: allow refuses the untracked
	}
	l.wrong[client] = append(ts, now)
}

// room makes room for one more client when the table is full by evicting
// the unblocked client whose last wrong PIN is oldest. It reports false
// when every entry is blocked: evicting one would unblock it.
func (l *limiter) room() bool {
	if len(l.wrong) < maxClients {
		return true
	}
	for c := range l.wrong {
		l.recent(c)
	}
	if len(l.wrong) < maxClients {
		return true
	}
	oldest, at := "", time.Time{}
	for c, ts := range l.wrong {
		last := ts[len(ts)-1]
		if len(ts) < maxWrongPINs && (oldest == "" || last.Before(at)) {
			oldest, at = c, last
		}
	}
	if oldest == "" {
		return false
	}
	delete(l.wrong, oldest)
	return true
}

// trust forgets client's wrong PINs and exempts it from the network's
// limit: it entered the right PIN (or setup code).
func (l *limiter) trust(client string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.wrong, client)
	l.trusted[client] = l.now()
	if len(l.trusted) <= maxTrusted {
		return
	}
	oldest, at := "", time.Time{}
	for c, t := range l.trusted {
		if oldest == "" || t.Before(at) {
			oldest, at = c, t
		}
	}
	delete(l.trusted, oldest)
}

// clientOf is who a wrong PIN counts against: the address a request came
// from, or for IPv6 its /64 network (a home network's devices share one
// /64 and each may take any number of addresses in it).
func clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	a = a.Unmap().WithZone("")
	if a.Is4() {
		return a.String()
	}
	p, err := a.Prefix(64)
	if err != nil {
		return a.String()
	}
	return p.String()
}
