package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// retryMillis is how long a browser waits before it reconnects a dropped
// event stream.
const retryMillis = 2000

// serveEvents streams snapshots as Server-Sent Events until the client goes,
// the table stops sending or Close is called. It starts no goroutine of its
// own: the table's subscription ends with ctx, which ends with the handler.
func (s *Server) serveEvents(w http.ResponseWriter, r *http.Request) {
	if n := s.streams.Add(1); int(n) > s.o.MaxStreams {
		s.streams.Add(-1)
		http.Error(w, words{s.pageLang(r)}.T("page.error.followers"), http.StatusServiceUnavailable)
		return
	}
	defer s.streams.Add(-1)
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	rc := http.NewResponseController(w)
	// The server's read and write timeouts would cut the stream; lift them
	// for this response where the server allows it. The heartbeat finds a
	// client that is gone.
	if err := liftDeadlines(rc); err != nil {
		return
	}
	updates := s.t.Subscribe(ctx) // before the first snapshot: no change is lost in between

	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // nginx: do not buffer the stream
	w.WriteHeader(http.StatusOK)
	if _, err := fmt.Fprintf(w, "retry: %d\n\n", retryMillis); err != nil {
		return
	}
	l := s.pageLang(r)
	snap := s.t.Snapshot()
	if err := writeSnapshot(w, s.forPage(r, snap, l)); err != nil || rc.Flush() != nil {
		return
	}
	last := snap.Seq

	tick := time.NewTicker(s.o.Heartbeat)
	defer tick.Stop()
	for {
		var err error
		select {
		case <-ctx.Done():
			return
		case <-s.done:
			return
		case snap, ok := <-updates:
			if !ok {
				return
			}
			if snap.Seq <= last {
				continue // already sent: the first snapshot raced the subscription
			}
			last = snap.Seq
			err = writeSnapshot(w, s.forPage(r, snap, l))
		case <-tick.C:
			_, err = io.WriteString(w, ": ping\n\n")
		}
		if err == nil {
			err = rc.Flush()
		}
		if err != nil {
			return
		}
	}
}

// liftDeadlines clears the read and write deadlines of a response.
func liftDeadlines(rc *http.ResponseController) error {
	for _, set := range []func(time.Time) error{rc.SetReadDeadline, rc.SetWriteDeadline} {
		if err := set(time.Time{}); err != nil && !errors.Is(err, http.ErrNotSupported) {
			return err
		}
	}
	return nil
}

// writeSnapshot writes one "snapshot" event, rendered for its page
// (forPage). JSON from encoding/json has no raw newlines, so the data fits
// on one data: line. The page's access is read again for every event: a
// session that ends shows on the page with the next one.
func writeSnapshot(w io.Writer, loc localized) error {
	b, err := json.Marshal(loc)
	if err != nil {
		return fmt.Errorf("web: snapshot: %w", err)
	}
	_, err = fmt.Fprintf(w, "event: snapshot\nid: %d\ndata: %s\n\n", loc.Seq, b)
	return err
}
