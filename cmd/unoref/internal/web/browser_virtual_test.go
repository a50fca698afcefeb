package web_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/web"
)

// TestBrowserVirtualTable plays the page's scenario on the real virtual
// table: the daemon core on the MFRC522, SSD1306 and GPIO simulators, with a
// journal. The OLED image is the SSD1306 simulator's framebuffer.
func TestBrowserVirtualTable(t *testing.T) {
	ctx := newBrowser(t)
	j, err := table.OpenJournal(context.Background(), filepath.Join(t.TempDir(), "journal.db"))
	if err != nil {
		t.Fatal(err)
	}
	tb, err := table.NewVirtual(context.Background(), j, table.Config{UnoGrace: -1, Virtual: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	run, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- tb.Run(run) }()
	t.Cleanup(func() {
		stop()
		if err := <-done; err != nil && !errors.Is(err, context.Canceled) {
			t.Errorf("Run: %v", err)
		}
		j.Close()
	})
	var _ web.Table = tb

	url := serveForBrowser(t, web.New(tb, nil))
	p := &browserPage{t: t, ctx: ctx, url: url}
	p.open(390, 844, true)
	if d := p.state(); d.Live != "1" {
		t.Fatalf("page not live: %+v", d)
	}
	playScenario(t, p, url, func() {
		// No dealer pick: PASS makes the first player the dealer.
		p.press("pass")
		p.wait("Ann deals", `s.prompt.includes('starter') || s.prompt.includes('Starter')`)
	})
	checkFits(t, p)
	p.shot("virtual-phone.png")
}
