package main

import (
	"bytes"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/sys/unix"
)

// TestProgressPlain: off a terminal the progress is a line per quarter
// reached, and never a \r frame.
func TestProgressPlain(t *testing.T) {
	tests := []struct {
		name  string
		total int
		done  int // at the start: a resumed task
		want  []string
	}{
		{"from 0", 108, 0, []string{"home: 0/108 done (0%)", "home: 27/108 done (25%)", "home: 54/108 done (50%)", "home: 81/108 done (75%)", "home: 108/108 done (100%)"}},
		{"resumed", 108, 50, []string{"home: 50/108 done (46%)", "home: 54/108 done (50%)", "home: 81/108 done (75%)", "home: 108/108 done (100%)"}},
		{"tiny", 2, 0, []string{"home: 0/2 done (0%)", "home: 1/2 done (50%)", "home: 2/2 done (100%)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			p := newProgress(&b, tt.total, tt.done, "home")
			for n := tt.done + 1; n <= tt.total; n++ {
				p.Describe("Tap card " + strconv.Itoa(n))
				p.Set(n)
				p.Clear()
			}
			p.End()
			got := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("progress off a terminal (-want +got):\n%s", diff)
			}
		})
	}
}

// openPTY opens a pseudo-terminal: the side a program writes to, and the
// side that reads what it wrote.
func openPTY(t *testing.T) (tty, reader *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	s, err := os.OpenFile("/dev/pts/"+strconv.Itoa(n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, m
}

// TestProgressTerminal: on a terminal it is the bar, redrawn in place.
func TestProgressTerminal(t *testing.T) {
	tty, reader := openPTY(t)
	if !isTerminal(tty) {
		t.Fatalf("isTerminal(%s) = false, want true", tty.Name())
	}
	if isTerminal(&bytes.Buffer{}) {
		t.Errorf("isTerminal(buffer) = true, want false")
	}
	got := make(chan string)
	go func() {
		b, _ := io.ReadAll(reader)
		got <- string(b)
	}()
	p := newProgress(tty, 4, 0, "home")
	p.Describe("Tap Red 7")
	p.Set(4)
	p.End()
	tty.Close() // the reader then sees the end
	out := <-got
	if !strings.Contains(out, "\r") || !strings.Contains(out, "Tap Red 7") || !strings.Contains(out, "(4/4)") {
		t.Errorf("progress on a terminal = %q, want the bar redrawn with \\r, its text and 4/4", out)
	}
}
