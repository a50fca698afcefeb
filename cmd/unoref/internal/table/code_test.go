package table

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	qr "github.com/piglig/go-qr"

	"github.com/unoref/unoref/cmd/unoref/internal/screen"
	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
	"github.com/unoref/unoref/drivers/oled/ssd1306test"
	"github.com/unoref/unoref/hardware/board"
)

// TestShowCode: the page's setup code is drawn on the OLED, whole even
// during a game, and never reaches the snapshot (the page and the API).
func TestShowCode(t *testing.T) {
	v := startVirtual(t, t.TempDir(), Config{UnoGrace: -1})
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "official"})
	v.press(t, "pass")
	v.tap(t, "R5")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	shows := func(code string) (text string, lit int) {
		t.Helper()
		before := v.Snapshot().Seq
		v.ShowCode(code)
		v.waitFor(t, "the redraw", func(s Snapshot) bool { return s.Seq > before })
		if err := v.Sync(ctx); err != nil {
			t.Fatal(err)
		}
		img := v.Sim().OLED.Image()
		for _, p := range img.Pix {
			if p > 0x80 {
				lit++
			}
		}
		return v.OLEDText(), lit
	}
	text, litWith := shows("482913")
	if !strings.Contains(text, "482913") {
		t.Errorf("OLEDText() = %q, want the code", text)
	}
	v.checkOLED(t, screen.Screen{Phase: "setup", Prompt: "Setup code 482913: type it on the page"})
	b, err := json.Marshal(v.Snapshot())
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "482913") {
		t.Errorf("the snapshot holds the setup code: %s", b)
	}
	text, litWithout := shows("")
	if strings.Contains(text, "482913") || litWith == litWithout {
		t.Errorf("after ShowCode(\"\"): OLEDText() = %q, %d pixels lit (%d with the code)", text, litWithout, litWith)
	}
}

// TestLoopStopped: a device loop that dies (a button line gone) ends Run
// with its error, so that the daemon stops and systemd restarts it.
func TestLoopStopped(t *testing.T) {
	gone := errors.New("button: line gone")
	tests := []struct {
		name string
		err  error
	}{
		{"with an error", gone},
		{"without one", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j, err := OpenJournal(context.Background(), filepath.Join(t.TempDir(), "journal.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer j.Close()
			tb, _ := newVirtual(t, j, Config{}, virtualOpts{Clock: gpiolinetest.NewClock(time.Time{})})
			tb.dev.Loops = append(tb.dev.Loops, func(ctx context.Context) error { return tt.err })
			// Bounded: a table that ignores the dead loop runs until ctx ends.
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			err = tb.Run(ctx)
			if !errors.Is(err, ErrLoopStopped) || (tt.err != nil && !errors.Is(err, tt.err)) {
				t.Errorf("Run = %v, want %v wrapping %v", err, ErrLoopStopped, tt.err)
			}
		})
	}
}

// qrOnOLED reads the QR code on the simulated panel, "" when there is
// none, as a phone's camera sees the panel (4×, in a dark margin).
func qrOnOLED(t *testing.T, v *vtable) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := v.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	img := ssd1306test.Photo(v.Sim().OLED.Image(), 4, 16)
	s, err := qr.Decode(img)
	if err != nil {
		return ""
	}
	return s
}

// TestPageLink: with the page's address known, the setup code's screen is
// a QR code of the page with the code in its fragment; after the setup, a
// long press of OK shows the page's own address for a new phone, until the
// table says something new.
func TestPageLink(t *testing.T) {
	v := startVirtual(t, t.TempDir(), Config{UnoGrace: -1})
	v.SetPageURL("http://192.168.1.23:8080/")
	v.ShowCode("482913")
	if got, want := qrOnOLED(t, v), "http://192.168.1.23:8080/#code=482913"; got != want {
		t.Errorf("QR code at first boot = %q, want %q", got, want)
	}
	if !strings.Contains(v.OLEDText(), "482913") {
		t.Errorf("OLEDText() = %q, want the code", v.OLEDText())
	}
	v.ShowCode("")
	if got := qrOnOLED(t, v); got != "" {
		t.Errorf("QR code after the setup = %q, want none", got)
	}

	before := v.Snapshot().Seq
	if err := v.vb.Sim.Hold(context.Background(), int(v.vb.Map.Buttons.Pass), board.LongPress+time.Second); err != nil {
		t.Fatal(err)
	}
	v.waitFor(t, "the long press", func(s Snapshot) bool { return s.Seq > before+1 })
	if got, want := qrOnOLED(t, v), "http://192.168.1.23:8080/"; got != want {
		t.Errorf("QR code after a long press of OK = %q, want %q", got, want)
	}
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "official"})
	if got := qrOnOLED(t, v); got != "" {
		t.Errorf("QR code once a game starts = %q, want none", got)
	}
}
