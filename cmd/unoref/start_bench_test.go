package main

import (
	"bufio"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/unoref/unoref/referee/journal/journaltest"
)

// BenchmarkDaemonStart is the daemon's start as a family sees it: the time
// from starting `unoref run --sim` (this test binary as the daemon) until
// its page answers GET /, on an empty data directory and on one holding
// the ten-year journal (journaltest.Decade, 78 MB). cpu-ms/start is the
// CPU the daemon used until then.
func BenchmarkDaemonStart(b *testing.B) {
	defer journaltest.RemoveDecade()
	for _, c := range []struct {
		name   string
		decade bool
	}{{"empty", false}, {"decade", true}} {
		b.Run(c.name, func(b *testing.B) {
			data := b.TempDir()
			if c.decade {
				if _, err := journaltest.CopyDecade(data); err != nil {
					b.Fatal(err)
				}
			}
			startDaemonOnce(b, data) // the first start migrates and counts what an older unoref left
			var cpu time.Duration
			for b.Loop() {
				cpu += startDaemonOnce(b, data)
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1e3/float64(b.N), "ms/start")
			b.ReportMetric(float64(cpu.Microseconds())/1e3/float64(b.N), "cpu-ms/start")
		})
	}
}

// startDaemonOnce starts the daemon on data, waits for its page to answer
// GET /, and stops it; it returns the CPU time the daemon had used then.
func startDaemonOnce(b *testing.B, data string) time.Duration {
	b.Helper()
	cmd := exec.Command(os.Args[0], "run", "--sim", "--listen", "127.0.0.1:0", "--data", data)
	cmd.Env = append(os.Environ(), "UNOREF_TEST_DAEMON=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	sc := bufio.NewScanner(out)
	if !sc.Scan() {
		b.Fatal("the daemon printed no address")
	}
	url := sc.Text()[strings.Index(sc.Text(), "http://"):]
	resp, err := http.Get(url)
	if err != nil {
		b.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		b.Fatalf("GET / = %s", resp.Status)
	}
	return cpuOf(cmd.Process.Pid)
}

// cpuOf is the CPU time process pid has used (utime+stime of
// /proc/PID/stat, in clock ticks of 10 ms); 0 where there is no /proc.
func cpuOf(pid int) time.Duration {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return 0
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
	if len(f) < 13 {
		return 0
	}
	var ticks int64
	for _, v := range f[11:13] {
		n, _ := strconv.Atoi(v)
		ticks += int64(n)
	}
	return time.Duration(ticks) * 10 * time.Millisecond
}
