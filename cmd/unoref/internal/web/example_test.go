package web_test

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/web"
	"github.com/unoref/unoref/referee"
)

// still is a table that never changes: enough to serve the page.
type still struct{ snap table.Snapshot }

func (s still) Snapshot() table.Snapshot { return s.snap }
func (s still) Subscribe(ctx context.Context) <-chan table.Snapshot {
	ch := make(chan table.Snapshot)
	go func() { <-ctx.Done(); close(ch) }()
	return ch
}
func (s still) OLED() image.Image { return image.NewGray(image.Rect(0, 0, 128, 64)) }
func (s still) Do(ctx context.Context, a table.Action) error {
	return errors.New("This table is only a picture.")
}

// Serving the page of a table; the daemon passes its *table.Table.
func Example() {
	t := still{table.Snapshot{
		Seq: 7, Virtual: true, Players: []string{"Ann", "Ben"},
		State: referee.State{Phase: "turn", Turn: "Ben", Top: "R5", Color: "R", Direction: "cw"},
		Last:  table.Verdict{OK: true, Message: "Red 5 starts the pile and Ben plays first", Event: "start R5"},
	}}
	srv := web.New(t, nil)
	defer srv.Close()
	ts := httptest.NewServer(srv)
	defer ts.Close()

	r, err := http.Get(ts.URL + "/oled.png")
	if err != nil {
		fmt.Println(err)
		return
	}
	r.Body.Close()
	fmt.Println(r.Status, r.Header.Get("Content-Type"), r.Header.Get("Cache-Control"))

	r, err = http.Post(ts.URL+"/api/action", "application/json", strings.NewReader(`{"Kind":"press","Button":"uno"}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	msg, _ := io.ReadAll(r.Body)
	r.Body.Close()
	fmt.Printf("%s: %s", r.Status, msg)
	// Output:
	// 200 OK image/png no-store
	// 400 Bad Request: This table is only a picture.
}

// Serving the page as the daemon does: only to this box's names, with the
// server's timeouts and its cap on connections.
func ExampleNewHTTPServer() {
	page := web.New(still{}, &web.Opts{Hosts: []string{"unotable", "unotable.local"}})
	defer page.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	srv, capped := web.NewHTTPServer(page, ln, 0)
	go srv.Serve(capped)
	defer srv.Close()

	for _, host := range []string{"unotable.local", "attacker.example"} {
		req, _ := http.NewRequest("GET", "http://"+ln.Addr().String()+"/api/state", nil)
		req.Host = host
		r, err := http.DefaultClient.Do(req)
		if err != nil {
			fmt.Println(err)
			return
		}
		r.Body.Close()
		fmt.Println(host, r.Status)
	}
	// Output:
	// unotable.local 200 OK
	// attacker.example 421 Misdirected Request
}
