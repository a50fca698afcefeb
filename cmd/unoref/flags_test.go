package main

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestFlagErrors: a flag typo, a flag without its value or with a bad one
// is one line on stderr that names the flag (and for a typo, where the
// list is), never the command's help; exit status 2, nothing on stdout.
func TestFlagErrors(t *testing.T) {
	t.Setenv("UNOREF_CONFIG", "")
	tests := []struct {
		name string
		args []string
		want string // the one line of stderr
	}{
		{"run typo", []string{"run", "--uno-grase", "1s"}, "unoref: run: unknown flag --uno-grase: did you mean --uno-grace? 'unoref run --help' lists the flags"},
		{"replay typo", []string{"replay", "--colour", "x.log"}, "unoref: replay: unknown flag --colour: 'unoref replay --help' lists the flags"},
		{"history typo", []string{"history", "--jsn"}, "unoref: history: unknown flag --jsn: did you mean --json? 'unoref history --help' lists the flags"},
		{"export typo", []string{"export", "--xml"}, "unoref: export: unknown flag --xml: 'unoref export --help' lists the flags"},
		{"enroll typo", []string{"enroll", "--sime"}, "unoref: enroll: unknown flag --sime: did you mean --sim? 'unoref enroll --help' lists the flags"},
		{"tag typo", []string{"tag", "read", "--forse"}, "unoref: tag: unknown flag --forse: did you mean --force? 'unoref tag --help' lists the flags"},
		{"doctor typo", []string{"doctor", "--fix"}, "unoref: doctor: unknown flag --fix: 'unoref doctor --help' lists the flags"},
		{"single dash", []string{"history", "-x"}, "unoref: history: unknown flag -x: 'unoref history --help' lists the flags"},
		{"nothing near", []string{"run", "--colour"}, "unoref: run: unknown flag --colour: 'unoref run --help' lists the flags"},
		{"grace word", []string{"run", "--uno-grace", "fast"}, `unoref: run: --uno-grace: "fast" is not a duration: want e.g. "2s" (0s turns the grace off)`},
		{"grace word, no command", []string{"--uno-grace", "fast"}, `unoref: --uno-grace: "fast" is not a duration: want e.g. "2s" (0s turns the grace off)`},
		{"grace too long", []string{"run", "--uno-grace=45s"}, `unoref: run: --uno-grace: 45s is out of range: want 0s (no grace) to 30s, like "2s"`},
		{"no value", []string{"run", "--data"}, "unoref: run: --data: needs a value after it"},
		{"bool value", []string{"history", "--json=maybe"}, `unoref: history: --json: "maybe" is not true or false`},
		{"game number", []string{"export", "--game", "last"}, `unoref: export: --game: "last" is not a game number: want 1 or more ('unoref history' lists the games)`},
		{"one player", []string{"run", "--players", "Ann"}, "unoref: run: --players: 1 name: want 2 to 10 (or none: the page asks)"},
		{"kind", []string{"enroll", "--kind", "pokemon"}, `unoref: enroll: --kind: "pokemon" is not a kind of deck: want standard, cars or blanks`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := call(t, "", tt.args...)
			if code != 2 || out != "" {
				t.Errorf("unoref %q: exit %d, stdout %q; want 2 and nothing", tt.args, code, out)
			}
			if diff := cmp.Diff(tt.want+"\n", errOut); diff != "" {
				t.Errorf("unoref %q: stderr (-want +got):\n%s", tt.args, diff)
			}
		})
	}
}

// TestFlagSaysWhatTheConfigSays: a bad value reads the same whether it
// comes from a flag or from the configuration file's key: one check and
// one sentence per value.
func TestFlagSaysWhatTheConfigSays(t *testing.T) {
	t.Setenv("UNOREF_CONFIG", "")
	dir := t.TempDir()
	notDir := writeTemp(t, dir, "file", "")
	tests := []struct {
		flag, value string // on the command line
		key, toml   string // in the file
	}{
		{"uno-grace", "fast", "game.uno_grace", `[game]` + "\n" + `uno_grace = "fast"`},
		{"uno-grace", "1m", "game.uno_grace", `[game]` + "\n" + `uno_grace = "1m"`},
		{"players", "Ann", "game.players", `[game]` + "\n" + `players = ["Ann"]`},
		{"players", "Ann,Ann", "game.players", `[game]` + "\n" + `players = ["Ann", "Ann"]`},
		{"listen", "nowhere", "listen", `listen = "nowhere"`},
		{"deck", "a b", "game.deck", `[game]` + "\n" + `deck = "a b"`},
		{"data", notDir, "data", `data = "` + notDir + `"`},
	}
	for _, tt := range tests {
		t.Run(tt.flag+"="+tt.value, func(t *testing.T) {
			_, fromFlag, code := call(t, "", "run", "--"+tt.flag, tt.value)
			if code != 2 {
				t.Errorf("run --%s %q: exit %d, want 2", tt.flag, tt.value, code)
			}
			path := writeTemp(t, t.TempDir(), "unoref.toml", tt.toml+"\n")
			_, fromFile, _ := call(t, "", "run", "--config", path)
			flagMsg, ok1 := strings.CutPrefix(fromFlag, "unoref: run: --"+tt.flag+": ")
			fileMsg, ok2 := strings.CutPrefix(fromFile, "unoref: config "+path+": "+tt.key+": ")
			if !ok1 || !ok2 || flagMsg != fileMsg {
				t.Errorf("the flag says %q,\nthe file says %q;\nwant the same sentence after the flag and the key", fromFlag, fromFile)
			}
		})
	}
}

// TestNoCommandUnknownFlag: flags first mean run, but a flag run does not
// know is not blamed on run: the line names the flag and the commands
// follow.
func TestNoCommandUnknownFlag(t *testing.T) {
	out, errOut, code := call(t, "", "--bogus")
	if code != 2 || out != "" {
		t.Errorf("unoref --bogus: exit %d, stdout %q; want 2 and nothing", code, out)
	}
	first, rest, _ := strings.Cut(errOut, "\n")
	if want := "unoref: unknown flag --bogus: it is not a command, nor a flag of 'unoref run'"; first != want {
		t.Errorf("unoref --bogus: first line %q, want %q", first, want)
	}
	if strings.Contains(errOut, "run:") {
		t.Errorf("unoref --bogus blames run:\n%s", errOut)
	}
	for _, c := range commands {
		if !strings.Contains(rest, "\n  "+c.name+" ") {
			t.Errorf("unoref --bogus: command %s not listed:\n%s", c.name, rest)
		}
	}
}

// TestUsageErrorsAreShort: a wrong number of words says so with the usage
// line, not the whole help.
func TestUsageErrorsAreShort(t *testing.T) {
	tests := [][]string{{"replay", "a.log", "b.log"}, {"history", "3"}, {"run", "now"}, {"version", "x"}, {"tag"}}
	for _, args := range tests {
		_, errOut, code := call(t, "", args...)
		lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
		if code != 2 || len(lines) != 2 || !strings.HasPrefix(lines[1], "usage: unoref "+args[0]) {
			t.Errorf("unoref %q: exit %d, stderr %q; want 2, the error and the usage line", args, code, errOut)
		}
	}
}

// TestRunPortInUse: a busy port names --listen.
func TestRunPortInUse(t *testing.T) {
	t.Setenv("UNOREF_CONFIG", "")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	_, errOut, code := call(t, "", "run", "--sim", "--listen", ln.Addr().String(), "--data", t.TempDir())
	want := "unoref: run: port " + port + " is in use: another unoref, or choose one with --listen\n"
	if code != 1 || !strings.HasSuffix(errOut, want) {
		t.Errorf("run on a busy port: exit %d, stderr %q; want 1 and %q", code, errOut, want)
	}
}

// TestRunDataNotCreatable: a data directory that can't be made names --data.
func TestRunDataNotCreatable(t *testing.T) {
	t.Setenv("UNOREF_CONFIG", "")
	file := writeTemp(t, t.TempDir(), "file", "")
	tests := []struct{ dir, why string }{
		{"/proc/nope", "no such file or directory"},
		{filepath.Join(file, "sub"), "not a directory"},
	}
	for _, tt := range tests {
		_, errOut, code := call(t, "", "run", "--sim", "--listen", "", "--data", tt.dir)
		want := "unoref: run: --data " + tt.dir + ": cannot create the directory: " + tt.why + "\n"
		if code != 1 || errOut != want {
			t.Errorf("run --data %s: exit %d, stderr %q; want 1 and %q", tt.dir, code, errOut, want)
		}
		if _, err := os.Stat(tt.dir); err == nil {
			t.Errorf("run --data %s made it", tt.dir)
		}
	}
}

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"sim", "sim", 0}, {"sime", "sim", 1}, {"jsn", "json", 1},
		{"uno-grase", "uno-grace", 1}, {"forse", "force", 1}, {"colour", "config", 4}, {"", "data", 4},
	}
	for _, tt := range tests {
		if got := editDistance(tt.a, tt.b); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}
