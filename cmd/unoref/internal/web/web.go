package web

import (
	"context"
	"embed"
	"html/template"
	"image"
	"io/fs"
	"net/http"
	"sync"
	"time"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
)

// Table is what the page needs from the running referee.
type Table interface {
	// Snapshot is the current view; cheap and safe from any goroutine.
	Snapshot() table.Snapshot
	// Subscribe sends the latest snapshot after each change until ctx is
	// done; the sender closes the channel.
	Subscribe(ctx context.Context) <-chan table.Snapshot
	// OLED is what the OLED shows now.
	OLED() image.Image
	// Do takes one control; its error is a plain sentence for the page.
	Do(ctx context.Context, a table.Action) error
}

// Opts configures a Server. The zero value is valid.
type Opts struct {
	// PIN, when set, lets controls act on a real (not virtual) table when
	// the request carries it. Without it only the virtual table takes
	// actions.
	PIN string
	// Heartbeat is the time between SSE comment lines that keep proxies and
	// phones from closing an idle stream. Default 15 s.
	Heartbeat time.Duration
	// OLEDScale is how many screen pixels stand for one OLED pixel in
	// /oled.png. Default 4.
	OLEDScale int
}

// Server serves the page. It is an http.Handler.
type Server struct {
	t    Table
	o    Opts
	mux  *http.ServeMux
	page *template.Template

	closeOnce sync.Once
	done      chan struct{} // closed by Close: ends every event stream
}

//go:embed assets
var assets embed.FS

// New returns the handler of the page of t. o may be nil.
func New(t Table, o *Opts) *Server {
	s := &Server{t: t, done: make(chan struct{})}
	if o != nil {
		s.o = *o
	}
	if s.o.Heartbeat <= 0 {
		s.o.Heartbeat = 15 * time.Second
	}
	if s.o.OLEDScale <= 0 {
		s.o.OLEDScale = 4
	}
	s.page = template.Must(template.New("page.html").Funcs(funcs).ParseFS(assets, "assets/page.html"))
	static, err := fs.Sub(assets, "assets/static")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	files := http.StripPrefix("/static/", http.FileServerFS(static))

	s.mux = http.NewServeMux()
	s.mux.HandleFunc("GET /{$}", s.servePage)
	s.mux.HandleFunc("GET /events", s.serveEvents)
	s.mux.HandleFunc("GET /oled.png", s.serveOLED)
	s.mux.HandleFunc("GET /api/state", s.serveState)
	s.mux.HandleFunc("POST /api/action", s.serveAction)
	s.mux.Handle("GET /static/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	}))
	return s
}

// ServeHTTP serves the routes of the package documentation.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	s.mux.ServeHTTP(w, r)
}

// Close ends every open event stream, so that http.Server.Shutdown does not
// wait for them; streams opened later end at once. Safe to call twice.
func (s *Server) Close() error {
	s.closeOnce.Do(func() { close(s.done) })
	return nil
}

// String names the server for logs.
func (s *Server) String() string { return "web" }
