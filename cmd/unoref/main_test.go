package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite examples/*.jsonl from the replay output")

// call runs unoref in-process and returns its outputs and exit status.
func call(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var o, e bytes.Buffer
	err := run(context.Background(), args, strings.NewReader(stdin), &o, &e)
	return o.String(), e.String(), exitCode(err)
}

const shortLog = "players Ann Ben # seats\n\nbogus\nplay R33\n"

func TestReplay(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.log")
	if err := os.WriteFile(path, []byte(shortLog), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		stdin    string
		args     []string
		code     int
		lines    int    // of stdout
		stdout   string // substring
		stderr   string // substring
		noStderr bool
	}{
		{name: "file", args: []string{"replay", path}, lines: 3, stdout: `{"line":3,"ok":false,"error":"bad-line",`, noStderr: true},
		{name: "stdin dash", stdin: shortLog, args: []string{"replay", "-"}, lines: 3, stdout: `{"line":4,"ok":false,"error":"bad-card",`, noStderr: true},
		{name: "stdin default", stdin: shortLog, args: []string{"replay"}, lines: 3, stdout: `"line":1,`, noStderr: true},
		{name: "json", args: []string{"replay", "--json", path}, lines: 3, stdout: `{"line":3,"ok":false,"error":"bad-line",`, noStderr: true},
		{name: "json and text", args: []string{"replay", "--json", "--text", path}, code: 2, stderr: "--json and --text: pick one"},
		{name: "text", args: []string{"replay", "--text", path}, lines: 3, stdout: "Line 4: Not allowed. “R33” is not a card code.", noStderr: true},
		{name: "text after file", args: []string{"replay", path, "-text"}, lines: 3, stdout: "Line 3: Not allowed. “bogus” is not an event", noStderr: true},
		{name: "empty log", stdin: "# nothing\n", args: []string{"replay"}, lines: 0, noStderr: true},
		{name: "missing file", args: []string{"replay", filepath.Join(dir, "nope.log")}, code: 1, stderr: "nope.log: no such file"},
		{name: "directory", args: []string{"replay", dir}, code: 1, stderr: "unoref: replay"},
		{name: "bad flag", args: []string{"replay", "--colour", path}, code: 2, stderr: "unoref: replay: unknown flag --colour: 'unoref replay --help' lists the flags"},
		{name: "two files", args: []string{"replay", path, path}, code: 2, stderr: "one log at a time"},
		{name: "help flag", args: []string{"replay", "-h"}, stdout: "usage: unoref replay", lines: -1},
		{name: "flags first are run's", args: []string{"--colour"}, code: 2, stderr: "unoref: unknown flag --colour: it is not a command, nor a flag of 'unoref run'"},
		{name: "unknown command", args: []string{"fly"}, code: 2, stderr: `"fly" is not a command`},
		{name: "help", args: []string{"help"}, stdout: "version", lines: -1, noStderr: true},
		{name: "help replay", args: []string{"help", "replay"}, stdout: "--text", lines: -1, noStderr: true},
		{name: "help unknown", args: []string{"help", "fly"}, code: 2, stderr: "not a command"},
		{name: "--help", args: []string{"--help"}, stdout: "commands:", lines: -1},
		{name: "version", args: []string{"version"}, stdout: "unoref dev", lines: 1, noStderr: true},
		{name: "version extra", args: []string{"version", "x"}, code: 2, stderr: "no arguments"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errs, code := call(t, tt.stdin, tt.args...)
			if code != tt.code {
				t.Errorf("unoref %v: exit %d, want %d (stderr %q)", tt.args, code, tt.code, errs)
			}
			if tt.lines >= 0 && strings.Count(out, "\n") != tt.lines {
				t.Errorf("unoref %v: %d lines out, want %d:\n%s", tt.args, strings.Count(out, "\n"), tt.lines, out)
			}
			if !strings.Contains(out, tt.stdout) {
				t.Errorf("unoref %v: stdout %q, want it to contain %q", tt.args, out, tt.stdout)
			}
			if !strings.Contains(errs, tt.stderr) {
				t.Errorf("unoref %v: stderr %q, want it to contain %q", tt.args, errs, tt.stderr)
			}
			if tt.noStderr && errs != "" {
				t.Errorf("unoref %v: stderr %q, want none", tt.args, errs)
			}
		})
	}
}

func TestReplayCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var o, e bytes.Buffer
	err := run(ctx, []string{"replay"}, strings.NewReader(strings.Repeat("pass\n", 500)), &o, &e)
	if exitCode(err) != 1 || !strings.Contains(e.String(), "canceled") {
		t.Errorf("canceled replay: exit %d, stderr %q, want 1 and a message", exitCode(err), e.String())
	}
}

// TestGolden replays every examples/NAME.log and compares the output with
// examples/NAME.jsonl. The goldens are checked line by line against
// RULES.md by a person: regenerate with -update only when the engine's
// answers are right, and read the diff.
func TestGolden(t *testing.T) {
	logs, err := filepath.Glob("../../examples/*.log")
	if err != nil {
		t.Fatal(err)
	}
	if len(logs) == 0 {
		t.Fatal("no examples/*.log: the golden files are part of the repository")
	}
	for _, log := range logs {
		name := strings.TrimSuffix(filepath.Base(log), ".log")
		t.Run(name, func(t *testing.T) {
			out, errs, code := call(t, "", "replay", log)
			if code != 0 || errs != "" {
				t.Fatalf("unoref replay %s: exit %d, stderr %q", log, code, errs)
			}
			golden := strings.TrimSuffix(log, ".log") + ".jsonl"
			if *update {
				if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			compareGolden(t, golden, out)
			if t.Failed() {
				t.Logf("if the new answers are right by RULES.md, regenerate: go test ./cmd/unoref -run Golden -update (see examples/README.md)")
			}
		})
	}
}

// failCase is a command line that must fail: its exit status and what
// stderr must say.
type failCase struct {
	name string
	args []string
	code int
	want []string // in stderr
}

// checkFailures runs cmd with each case's arguments and checks it fails as
// the case says, printing nothing on stdout.
func checkFailures(t *testing.T, cmd string, tests []failCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := call(t, "", append([]string{cmd}, tt.args...)...)
			if code != tt.code {
				t.Errorf("%s %q: exit %d, want %d (stderr %q)", cmd, tt.args, code, tt.code, errOut)
			}
			if out != "" {
				t.Errorf("%s %q: stdout %q, want nothing", cmd, tt.args, out)
			}
			for _, w := range tt.want {
				if !strings.Contains(errOut, w) {
					t.Errorf("%s %q: stderr %q, want it to contain %q", cmd, tt.args, errOut, w)
				}
			}
		})
	}
}

// compareGolden compares out with the golden file line by line.
func compareGolden(t *testing.T, golden, out string) {
	t.Helper()
	b, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -run Golden -update)", err)
	}
	got, want := strings.Split(out, "\n"), strings.Split(string(b), "\n")
	for i := 0; i < len(got) || i < len(want); i++ {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			t.Errorf("%s record %d:\n got %s\nwant %s", filepath.Base(golden), i+1, g, w)
		}
	}
}

// TestGoldenText replays one example in a language with --text and
// compares it with examples/NAME.LANG.txt, read by a person who speaks it.
func TestGoldenText(t *testing.T) {
	for _, tt := range []struct{ log, lang string }{
		{"house-ru", "ru"},
		{"official", "ro"},
	} {
		t.Run(tt.log+"."+tt.lang, func(t *testing.T) {
			log := filepath.Join("..", "..", "examples", tt.log+".log")
			out, errs, code := call(t, "", "replay", "--text", "--lang", tt.lang, log)
			if code != 0 || errs != "" {
				t.Fatalf("unoref replay --text --lang %s %s: exit %d, stderr %q", tt.lang, log, code, errs)
			}
			golden := filepath.Join("..", "..", "examples", tt.log+"."+tt.lang+".txt")
			if *update {
				if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			compareGolden(t, golden, out)
		})
	}
}

// TestReplayLang: --lang changes the message and nothing else; an unknown
// language is refused with the list of languages.
func TestReplayLang(t *testing.T) {
	log := filepath.Join("..", "..", "examples", "official.log")
	en, _, _ := call(t, "", "replay", log)
	enLines := strings.Split(strings.TrimSpace(en), "\n")
	for _, l := range []string{"ru", "sr", "sr-Cyrl", "ro", "hy"} {
		out, errs, code := call(t, "", "replay", "--lang", l, log)
		if code != 0 || errs != "" {
			t.Fatalf("replay --lang %s: exit %d, stderr %q", l, code, errs)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != len(enLines) {
			t.Fatalf("replay --lang %s: %d records, want %d", l, len(lines), len(enLines))
		}
		changed := 0
		for i := range lines {
			var a, b map[string]any
			if err := json.Unmarshal([]byte(lines[i]), &a); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(enLines[i]), &b); err != nil {
				t.Fatal(err)
			}
			if a["message"] != b["message"] {
				changed++
			}
			delete(a, "message")
			delete(b, "message")
			if diff := cmp.Diff(b, a); diff != "" {
				t.Errorf("replay --lang %s record %d: fields other than message differ (-en +%s):\n%s", l, i+1, l, diff)
			}
		}
		if changed < len(lines)/2 {
			t.Errorf("replay --lang %s: only %d of %d messages differ from English", l, changed, len(lines))
		}
	}
	_, errs, code := call(t, "", "replay", "--lang", "de", log)
	if code == 0 || !strings.Contains(errs, "en, ru, sr, sr-Cyrl, ro, hy") {
		t.Errorf("replay --lang de: exit %d, stderr %q, want an error that lists the languages", code, errs)
	}
}

// TestReplayBOM: a log saved with a UTF-8 byte order mark is read like
// one without (issue 13 point 9).
func TestReplayBOM(t *testing.T) {
	log := "players Ann Ben\nrules official\nstart R5\n"
	plain, _, _ := call(t, log, "replay")
	out, errs, code := call(t, "\uFEFF"+log, "replay")
	if code != 0 || errs != "" || out != plain {
		t.Errorf("replay of a log with a BOM: exit %d, stderr %q, out\n%s\nwant exit 0 and\n%s", code, errs, out, plain)
	}
}

// TestReplayNoEvents: a file in which no line is an event is not a table
// log, and says so with a non-zero exit (issue 13 point 9).
func TestReplayNoEvents(t *testing.T) {
	_, errs, code := call(t, "hello\nthis is not a log\n", "replay")
	if code == 0 || !strings.Contains(errs, "none of the 2 lines") {
		t.Errorf("replay of a file with no event: exit %d, stderr %q, want non-zero and a clear message", code, errs)
	}
}

// TestReplayPlayersCount: a players line with too few names says the
// problem in words.
func TestReplayPlayersCount(t *testing.T) {
	out, errs, code := call(t, "players Ann\nplayers Ann Ben\n", "replay", "--text")
	want := "Line 1: Not allowed. A game needs 2 to 10 players, and this line names 1 player."
	if code != 0 || errs != "" || !strings.Contains(out, want) {
		t.Errorf("replay --text of a one-name players line: exit %d, stderr %q, out %q, want it to contain %q", code, errs, out, want)
	}
}

// TestPackageDocListsCommands keeps doc.go's list of commands whole.
func TestPackageDocListsCommands(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range commands {
		if !strings.Contains(string(doc), "//\tunoref "+c.name) && !strings.Contains(string(doc), "//\tunoref ["+c.name+"]") {
			t.Errorf("doc.go does not list the command %q", c.name)
		}
	}
}

// TestHelpEveryCommand: -h and --help show every command's usage, exit 0,
// whatever else the command line holds.
func TestHelpEveryCommand(t *testing.T) {
	for _, c := range commands {
		for _, h := range []string{"-h", "--help"} {
			stdout, stderr, code := call(t, "", c.name, h)
			if code != 0 || !strings.HasPrefix(stdout, "usage: unoref "+c.name) || stderr != "" {
				t.Errorf("unoref %s %s: exit %d, stdout %.60q, stderr %q; want 0 and its usage", c.name, h, code, stdout, stderr)
			}
		}
	}
	if stdout, _, code := call(t, "", "version", "extra", "--help"); code != 0 || !strings.HasPrefix(stdout, "usage: unoref version") {
		t.Errorf("unoref version extra --help: exit %d, %q", code, stdout)
	}
}
