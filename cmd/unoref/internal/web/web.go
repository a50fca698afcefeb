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
	// PIN, when set, is needed for the admin actions (new game, rename,
	// undo, end) and, on a real table, for every control. The page asks for
	// it once (POST /api/login sets a session cookie); the header
	// X-Unoref-Pin or the form field "pin" carry it too. Without a PIN the
	// virtual table takes every action and a real table none.
	PIN string
	// History, when set, is the score history of /history and the chart of
	// the game on the table.
	History History
	// Record, when set, is the family's roster and statistics of /family.
	Record Record
	// Now is the clock of the limit on wrong PINs. Default time.Now.
	Now func() time.Time
	// Heartbeat is the time between SSE comment lines that keep proxies and
	// phones from closing an idle stream. Default 15 s.
	Heartbeat time.Duration
	// OLEDScale is how many screen pixels stand for one OLED pixel in
	// /oled.png. Default 4.
	OLEDScale int
}

// Server serves the page. It is an http.Handler.
type Server struct {
	t     Table
	o     Opts
	mux   *http.ServeMux
	pages *template.Template // page.html, history.html, chart.svg

	session string // the value of the session cookie
	limit   limiter

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
	if s.o.Now == nil {
		s.o.Now = time.Now
	}
	s.session = newSession()
	s.limit = limiter{now: s.o.Now, wrong: map[string][]time.Time{}}
	s.pages = template.Must(template.New("").Funcs(funcs).ParseFS(assets, "assets/*.html", "assets/chart.svg"))
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
	s.mux.HandleFunc("POST /api/login", s.serveLogin)
	s.mux.HandleFunc("POST /api/logout", s.serveLogout)
	s.mux.HandleFunc("GET /history", s.serveHistory)
	s.mux.HandleFunc("GET /history/{ref}", s.serveGame)
	s.mux.HandleFunc("GET /family", s.serveFamily)
	s.mux.HandleFunc("GET /family/{id}", s.servePlayer)
	s.mux.HandleFunc("POST /api/roster", s.serveRoster)
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
