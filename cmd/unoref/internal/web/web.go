package web

import (
	"context"
	"embed"
	"html/template"
	"image"
	"io/fs"
	"log/slog"
	"net/http"
	"path"
	"sync"
	"sync/atomic"
	"time"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/lang"
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

// Access policies: who may act from the page (package documentation,
// "Access").
const (
	PolicyVirtual = "virtual" // playing is open; admin actions need the PIN when one is set
	PolicyTable   = "table"   // every action needs the PIN; without one, the setup code
)

// Opts configures a Server. The zero value is valid.
type Opts struct {
	// PIN, when set, is needed for the admin actions (new game, rename,
	// undo, end) and, under PolicyTable, for every control. The page asks
	// for it once (POST /api/login starts a session); the header
	// X-Unoref-Pin or the form field "pin" carry it too.
	PIN string
	// PINFile keeps the PIN chosen with the setup code, hashed, when PIN
	// is empty: read by New, written by POST /api/setup. Empty: no setup.
	PINFile string
	// ShowCode shows the one-time setup code on the table's own screen
	// (the OLED), or clears it with "". Under PolicyTable, with no PIN and
	// a PINFile, New draws a code and shows it. Nil: no setup.
	ShowCode func(code string)
	// Policy is PolicyVirtual or PolicyTable; empty follows the table
	// (Snapshot().Virtual).
	Policy string
	// Hosts are the names this box answers to besides IP literals and
	// localhost (its hostname, hostname.local, names from the config). A
	// request for any other Host gets 421. Nil accepts every Host.
	Hosts []string
	// MaxStreams caps the open event streams. Default 16.
	MaxStreams int
	// History, when set, is the score history of /history and the chart of
	// the game on the table.
	History History
	// Record, when set, is the family's roster and statistics of /family.
	Record Record
	// Now is the clock of the limit on wrong PINs and of sessions. Default
	// time.Now.
	Now func() time.Time
	// Heartbeat is the time between SSE comment lines that keep proxies and
	// phones from closing an idle stream. Default 15 s.
	Heartbeat time.Duration
	// Lang is the table's language (the config's language): the page's
	// language for a phone that asks for none the referee speaks. A phone
	// picks its own with Accept-Language or the page's selector.
	Lang lang.Lang
	// OLEDScale is how many screen pixels stand for one OLED pixel in
	// /oled.png. Default 4.
	OLEDScale int
	// Log gets a line for each request refused for its PIN and what the
	// admin should know (a PIN chosen, a save failed). Default: nothing.
	Log *slog.Logger
	// Copies, when set, are the journal's copies: the family's page offers
	// the record as one file (POST /api/record, admin) and says when the
	// copies were last made. SecondCopy is the second place's directory
	// (backup.dir), for the page to name; "" for none.
	Copies     Copies
	SecondCopy string
	// JournalWait bounds how long a page or a control waits on the journal
	// (and the table): past it, the page says so in a sentence. Default
	// 3 s.
	JournalWait time.Duration
}

// Server serves the page. It is an http.Handler.
type Server struct {
	t     Table
	o     Opts
	mux   *http.ServeMux
	pages *template.Template // page.html, history.html, chart.svg

	handler  http.Handler // mux behind guard
	pins     *pins
	sessions *sessions
	limit    *limiter
	streams  atomic.Int32 // open event streams

	closeOnce sync.Once
	done      chan struct{} // closed by Close: ends every event stream
}

//go:embed assets
var assets embed.FS

// staticTypes are the types of the files under assets/static. Named here,
// the file server never asks package mime, whose first lookup reads the
// system's whole table of types (Debian's /etc/mime.types, some 2,000)
// into memory for the daemon's life: 0.4 MB of heap and 0.9 MiB of its
// resident set for two files (issue 21).
var staticTypes = map[string]string{
	".js":  "text/javascript; charset=utf-8",
	".css": "text/css; charset=utf-8",
}

// New returns the handler of the page of t. o may be nil. A PIN file that
// can't be read is logged (Opts.Log) and the table then has no PIN: only
// its setup code unlocks it.
func New(t Table, o *Opts) *Server {
	s := &Server{t: t, done: make(chan struct{})}
	if o != nil {
		s.o = *o
	}
	s.o.defaults()
	s.sessions = newSessions(s.o.Now)
	s.limit = newLimiter(s.o.Now)
	var err error
	if s.pins, err = loadPINs(s.o.PIN, s.o.PINFile); err != nil {
		s.o.Log.Error("admin PIN file", "error", err)
	}
	if !s.open() && s.o.ShowCode != nil {
		if code := s.pins.newCode(); code != "" {
			s.o.ShowCode(code)
			s.o.Log.Info("no admin PIN: the OLED shows a one-time setup code to choose one from the page")
		}
	}
	s.pages = template.Must(template.New("").Funcs(funcs).ParseFS(assets, "assets/*.html", "assets/chart.svg"))
	static, err := fs.Sub(assets, "assets/static")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	files := http.StripPrefix("/static/", http.FileServerFS(static))

	s.mux = http.NewServeMux()
	s.mux.HandleFunc("GET /{$}", s.bounded(s.servePage))
	s.mux.HandleFunc("GET /events", s.serveEvents)
	s.mux.HandleFunc("GET /oled.png", s.serveOLED)
	s.mux.HandleFunc("GET /favicon.ico", serveFavicon)
	s.mux.HandleFunc("GET /api/state", s.serveState)
	s.mux.HandleFunc("GET /api/rules", s.serveRules)
	s.mux.HandleFunc("POST /api/action", s.bounded(s.serveAction))
	s.mux.HandleFunc("POST /api/login", s.serveLogin)
	s.mux.HandleFunc("POST /api/logout", s.serveLogout)
	s.mux.HandleFunc("POST /api/setup", s.serveSetup)
	s.mux.HandleFunc("GET /history", s.bounded(s.serveHistory))
	s.mux.HandleFunc("GET /history/{ref}", s.bounded(s.serveGame))
	s.mux.HandleFunc("GET /family", s.bounded(s.serveFamily))
	s.mux.HandleFunc("GET /family/{id}", s.bounded(s.servePlayer))
	s.mux.HandleFunc("POST /api/roster", s.bounded(s.serveRoster))
	s.mux.HandleFunc("POST /api/record", s.serveRecord)
	s.mux.Handle("GET /static/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		if t, ok := staticTypes[path.Ext(r.URL.Path)]; ok {
			w.Header().Set("Content-Type", t)
		}
		files.ServeHTTP(w, r)
	}))
	s.handler = s.guard(s.mux)
	return s
}

func (o *Opts) defaults() {
	if o.Heartbeat <= 0 {
		o.Heartbeat = 15 * time.Second
	}
	if o.OLEDScale <= 0 {
		o.OLEDScale = 4
	}
	if o.MaxStreams <= 0 {
		o.MaxStreams = 16
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	if o.JournalWait <= 0 {
		o.JournalWait = journalWait
	}
}

// open reports whether the virtual-table policy holds: playing is open.
func (s *Server) open() bool {
	switch s.o.Policy {
	case PolicyTable:
		return false
	case PolicyVirtual:
		return true
	}
	return s.t.Snapshot().Virtual
}

// ServeHTTP serves the routes of the package documentation.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	s.handler.ServeHTTP(w, r)
}

// Close ends every open event stream, so that http.Server.Shutdown does not
// wait for them; streams opened later end at once. Safe to call twice.
func (s *Server) Close() error {
	s.closeOnce.Do(func() { close(s.done) })
	return nil
}

// String names the server for logs.
func (s *Server) String() string { return "web" }
