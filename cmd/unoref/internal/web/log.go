package web

import (
	"context"
	"log/slog"
	"net/http"
)

// logRefused logs a request refused for its PIN (wrong, missing, too many
// tries) or because the table takes no controls: what was asked, from
// where and why. The PIN itself is never logged.
func (s *Server) logRefused(r *http.Request, what string, err error) {
	s.o.Log.LogAttrs(context.Background(), slog.LevelWarn, "admin request refused",
		slog.String("action", what), slog.String("client", clientOf(r)), slog.String("reason", err.Error()))
}
