package web

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"
)

// hostAllowed reports whether host (a request's Host, with or without a
// port) names this box: an IP literal, localhost, or one of Opts.Hosts. A
// name that resolves here by other means (DNS rebinding: a page of
// attacker.example whose name now points at the table) is refused.
func (s *Server) hostAllowed(host string) bool {
	if s.o.Hosts == nil {
		return true
	}
	name := hostName(host)
	if _, err := netip.ParseAddr(name); err == nil {
		return true
	}
	if name == "localhost" || strings.HasSuffix(name, ".localhost") {
		return true
	}
	return slices.ContainsFunc(s.o.Hosts, func(h string) bool { return hostName(h) == name })
}

// hostName is host without its port, brackets, trailing dot and case.
func hostName(host string) string {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if i := strings.IndexByte(host, '%'); i >= 0 {
		host = host[:i] // an IPv6 zone
	}
	return strings.ToLower(strings.TrimSuffix(host, "."))
}

// misdirected answers a request for a name that is not this box.
func misdirected(w http.ResponseWriter, r *http.Request) {
	msg := fmt.Sprintf("This is the unoref table, and %q is not one of its names: open it by its address or its own name (add more names to web.hosts in the config).", hostName(r.Host))
	http.Error(w, msg, http.StatusMisdirectedRequest)
}

// crossOrigin refuses a state-changing request a browser sent from
// another site's page (a form or fetch of evil.example posting here with
// the admin's cookie).
func crossOrigin(w http.ResponseWriter, r *http.Request) {
	http.Error(w, "This request came from another site's page: the table takes controls only from its own page.", http.StatusForbidden)
}

// guard wraps h with the checks every request passes: the Host names this
// box, and a POST comes from the table's own page
// (http.CrossOriginProtection: Sec-Fetch-Site, else Origin against Host).
func (s *Server) guard(h http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(crossOrigin))
	inner := cop.Handler(h)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.hostAllowed(r.Host) {
			misdirected(w, r)
			return
		}
		inner.ServeHTTP(w, r)
	})
}
