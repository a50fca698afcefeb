package main

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/unoref/unoref/referee/playtest"
)

// The benchmarks here run the built binary as a family does: what a
// command costs from exec to exit (its CPU and peak memory as the kernel
// counts them, start-up included), and how much memory the daemon holds.
// UNOREF_BENCH_BIN names a binary to run instead of this tree's (say,
// main's, to compare the two in one interleaved run).

var built struct {
	once sync.Once
	bin  string
	err  error
}

// unorefBinary is the binary the benchmarks run: this tree's, built as
// README's "Install on a Pi" builds it, or UNOREF_BENCH_BIN.
func unorefBinary(b *testing.B) string {
	b.Helper()
	if bin := os.Getenv("UNOREF_BENCH_BIN"); bin != "" {
		return bin
	}
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "unoref-bench")
		if err != nil {
			built.err = err
			return
		}
		built.bin = filepath.Join(dir, "unoref")
		// As README's "Install on a Pi" builds it.
		cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", built.bin, ".")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		out, err := cmd.CombinedOutput()
		if err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		b.Fatal(built.err)
	}
	return built.bin
}

// BenchmarkStartup is a command from exec to exit: `unoref --help` and a
// replay of a six-line log, in English and in Russian. cpu-ms is user and
// system time, peak-MiB the largest resident set (issue 21: 35 ms and
// 20.7 MiB when every catalog was parsed at start-up; 8 ms and 11.3 MiB
// before the catalogs). page is `unoref run --sim` on an empty data
// directory, from exec to its page answering; idle-MiB its resident set
// once it has been quiet for settle; phone the same once a phone's
// browser has the page open, its event stream included.
func BenchmarkStartup(b *testing.B) {
	bin := unorefBinary(b)
	log := filepath.Join(b.TempDir(), "tiny.log")
	if err := os.WriteFile(log, []byte("players Ann Ben\nrules official\nstart R5\nplay R7\ndraw\npass\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
	}{
		{"help", []string{"--help"}},
		{"replay", []string{"replay", log}},
		{"replay-ru", []string{"replay", "--lang", "ru", log}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var cpu time.Duration
			var peak float64
			for b.Loop() {
				cmd := exec.Command(bin, c.args...)
				if out, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("%s: %v\n%s", c.args, err, out)
				}
				ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
				cpu += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
				peak = max(peak, peakRSS(b, bin, c.args))
			}
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms")
			b.ReportMetric(peak, "peak-MiB")
		})
	}
	b.Run("page", func(b *testing.B) {
		var wait time.Duration
		var idle float64
		for b.Loop() {
			d := startBenchDaemon(b, bin, "--listen", "127.0.0.1:0")
			for {
				resp, err := http.Get(d.url)
				if err == nil {
					resp.Body.Close()
					if resp.StatusCode == http.StatusOK {
						break
					}
				}
				time.Sleep(time.Millisecond)
			}
			wait += time.Since(d.started)
			time.Sleep(settle)
			idle = max(idle, vmRSS(b, d.cmd.Process.Pid))
			d.stop()
		}
		b.ReportMetric(float64(wait.Microseconds())/1000/float64(b.N), "ms-to-page")
		b.ReportMetric(idle, "idle-MiB")
	})
	// phone is the page as a phone's browser opens it: the page, its script
	// and style, the OLED's picture, and the event stream held open.
	b.Run("phone", func(b *testing.B) {
		var idle float64
		for b.Loop() {
			d := startBenchDaemon(b, bin, "--listen", "127.0.0.1:0")
			for _, p := range []string{"", "static/app.js", "static/style.css", "oled.png?v=1"} {
				resp, err := http.Get(d.url + p)
				if err != nil {
					b.Fatal(err)
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					b.Fatalf("GET /%s: %s", p, resp.Status)
				}
			}
			events, err := http.Get(d.url + "events")
			if err != nil {
				b.Fatal(err)
			}
			time.Sleep(settle)
			idle = max(idle, vmRSS(b, d.cmd.Process.Pid))
			events.Body.Close()
			d.stop()
		}
		b.ReportMetric(idle, "idle-MiB")
	})
}

// settle is how long the benchmarks leave the daemon quiet before they
// read its resident set as idle: a few of its trimmer's one-second ticks
// (memory.go), and the integrity check that follows the page's start.
const settle = 3 * time.Second

// BenchmarkDaemonMemory plays a 20,000-event game on `unoref run --sim
// --stdin` (27,000 taps and presses by the simulated players) and reports
// the daemon's resident set idle (settled after its start), busy (as the
// game's last line is answered), after the game (settled again), what the
// game added (after − idle) and the peak (VmHWM). Issue 21: ≤ 22 MB idle,
// ≤ 5 MB added. Minutes long: run it with -benchtime 1x.
func BenchmarkDaemonMemory(b *testing.B) {
	bin := unorefBinary(b)
	lines, _ := script(b, playtest.Config{Players: 4, Preset: "official", Options: []string{"target=100000"},
		Seed: 7, MaxEvents: 20000, Strategy: playtest.LegalStrategy})
	var idle, busy, after, peak float64
	for b.Loop() {
		d := startBenchDaemon(b, bin, "--stdin", "--listen", "127.0.0.1:0", "--uno-grace", "0")
		time.Sleep(settle)
		idle = vmRSS(b, d.cmd.Process.Pid)
		for _, l := range lines {
			fmt.Fprintln(d.in, l)
			if !d.out.Scan() {
				b.Fatalf("%q: the daemon stopped", l)
			}
			if a := d.out.Text(); a != "ok" && !strings.HasPrefix(a, "error: ") {
				b.Fatalf("%q: %s", l, a)
			}
		}
		busy = vmRSS(b, d.cmd.Process.Pid)
		time.Sleep(settle)
		after = vmRSS(b, d.cmd.Process.Pid)
		peak = procStatus(b, d.cmd.Process.Pid, "VmHWM:")
		d.stop()
	}
	b.ReportMetric(idle, "idle-MiB")
	b.ReportMetric(busy, "busy-MiB")
	b.ReportMetric(after, "after-MiB")
	b.ReportMetric(peak, "peak-MiB")
	b.ReportMetric(after-idle, "added-MiB")
}

// peakRSS is the peak resident set of bin run with args, in MiB, as
// /usr/bin/time measures it. Not the rusage of a child of this process:
// Go starts a child sharing its own memory until the exec, and the
// kernel counts that in the child's peak.
func peakRSS(b *testing.B, bin string, args []string) float64 {
	b.Helper()
	f := filepath.Join(b.TempDir(), "time")
	if out, err := exec.Command("/usr/bin/time", append([]string{"-f", "%M", "-o", f, bin}, args...)...).CombinedOutput(); err != nil {
		b.Fatalf("/usr/bin/time %s: %v\n%s", args, err, out)
	}
	out, err := os.ReadFile(f)
	if err != nil {
		b.Fatal(err)
	}
	kb, err := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil {
		b.Fatalf("/usr/bin/time: %q", out)
	}
	return float64(kb) / 1024
}

// benchDaemon is `unoref run --sim` started by a benchmark.
type benchDaemon struct {
	cmd     *exec.Cmd
	in      *os.File
	out     *bufio.Scanner
	url     string
	started time.Time
}

func startBenchDaemon(b *testing.B, bin string, args ...string) *benchDaemon {
	b.Helper()
	cmd := exec.Command(bin, append([]string{"run", "--sim", "--data", b.TempDir()}, args...)...)
	inR, inW, err := os.Pipe()
	if err != nil {
		b.Fatal(err)
	}
	cmd.Stdin = inR
	out, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	d := &benchDaemon{cmd: cmd, in: inW, started: time.Now()}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	inR.Close()
	d.out = bufio.NewScanner(out)
	d.out.Buffer(make([]byte, 1<<20), 1<<20)
	const pre = "unoref: virtual table at "
	for d.out.Scan() {
		if line := d.out.Text(); strings.HasPrefix(line, pre) {
			d.url = strings.TrimPrefix(line, pre)
			return d
		}
	}
	d.stop()
	b.Fatal("the daemon printed no address")
	return nil
}

func (d *benchDaemon) stop() {
	d.in.Close()
	d.cmd.Process.Signal(syscall.SIGTERM)
	d.cmd.Wait()
}

// vmRSS is the resident set of process pid in MiB, as /proc says.
func vmRSS(b *testing.B, pid int) float64 {
	b.Helper()
	return procStatus(b, pid, "VmRSS:")
}

// procStatus is field (say "VmHWM:") of /proc/pid/status, in MiB.
func procStatus(b *testing.B, pid int, field string) float64 {
	b.Helper()
	st, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		b.Fatal(err)
	}
	for _, l := range strings.Split(string(st), "\n") {
		if f := strings.Fields(l); len(f) == 3 && f[0] == field {
			kb, err := strconv.Atoi(f[1])
			if err != nil {
				b.Fatal(err)
			}
			return float64(kb) / 1024
		}
	}
	b.Fatalf("no %s in /proc/%d/status", field, pid)
	return 0
}
