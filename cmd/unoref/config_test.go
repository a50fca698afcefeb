package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/unoref/unoref/drivers/voice"
	"github.com/unoref/unoref/hardware"
)

// writeTemp writes text to name in dir and returns its path.
func writeTemp(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// configCmp compares Configs whole, the loaded pin map too.
var configCmp = cmp.AllowUnexported(Config{})

// TestConfigFirmwareFile loads the shipped /etc/unoref/unoref.toml.
func TestConfigFirmwareFile(t *testing.T) {
	c := Config{Data: "unset", UnoGrace: time.Hour}
	if err := loadConfig("../../firmware/unoref.toml", &c); err != nil {
		t.Fatal(err)
	}
	want := Config{
		Language: "en",
		Listen:   ":8080",
		Data:     "/var/lib/unoref",
		Players:  []string{},
		Preset:   "official",
		Options:  []string{},
		UnoGrace: 2 * time.Second,
		Voice:    VoiceConfig{Settings: voice.Settings{Speed: 140, Volume: 100}},
	}
	if diff := cmp.Diff(want, c, configCmp); diff != "" {
		t.Errorf("firmware/unoref.toml: Config mismatch (-want +got):\n%s", diff)
	}
	if got := c.rules(); got != "official" {
		t.Errorf("rules() = %q, want %q", got, "official")
	}
}

// TestConfigDottedKeys: a section's keys may be written as dotted keys, and
// names are kept in NFC.
func TestConfigDottedKeys(t *testing.T) {
	path := writeTemp(t, t.TempDir(), "unoref.toml", "voice.enabled = true\ngame.players = [\"Zoe\u0308\", \"Ann\"]\n")
	c := defaultConfig()
	if err := loadConfig(path, &c); err != nil {
		t.Fatal(err)
	}
	if !c.Voice.Enabled || strings.Join(c.Players, " ") != "Zo\u00eb Ann" {
		t.Errorf("voice.enabled %v, players %q: want true and Zoë (NFC) Ann", c.Voice.Enabled, c.Players)
	}
}

// TestConfigLanguage: the language key takes every language the referee
// speaks (package lang), in the spellings lang.Parse reads, and keeps the
// canonical tag.
func TestConfigLanguage(t *testing.T) {
	dir := t.TempDir()
	tests := []struct{ in, want string }{
		{"en", "en"}, {"ru", "ru"}, {"sr", "sr"}, {"sr-Cyrl", "sr-Cyrl"},
		{"sr_cyrl", "sr-Cyrl"}, {"sr-Latn", "sr"}, {"ro", "ro"}, {"hy", "hy"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			path := writeTemp(t, dir, tt.in+".toml", "language = \""+tt.in+"\"\n")
			c := defaultConfig()
			if err := loadConfig(path, &c); err != nil {
				t.Fatalf("loadConfig(language = %q) = %v, want nil", tt.in, err)
			}
			if c.Language != tt.want {
				t.Errorf("loadConfig(language = %q).Language = %q, want %q", tt.in, c.Language, tt.want)
			}
		})
	}
}

// TestConfigKeysDocumented checks that every key the loader knows is in
// the shipped file and in the README's table, and the other way round.
func TestConfigKeysDocumented(t *testing.T) {
	b, err := os.ReadFile("../../firmware/unoref.toml")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../../firmware/README.md")
	if err != nil {
		t.Fatal(err)
	}
	section := ""
	var inFile []string
	for _, l := range strings.Split(string(b), "\n") {
		l = strings.TrimSpace(l)
		switch {
		case l == "" || strings.HasPrefix(l, "#"):
		case strings.HasPrefix(l, "["):
			section = strings.Trim(l, "[]") + "."
		default:
			k, _, _ := strings.Cut(l, "=")
			inFile = append(inFile, section+strings.TrimSpace(k))
		}
	}
	var known []string
	for _, k := range configKeys {
		known = append(known, k.name)
		if !strings.Contains(string(readme), "| `"+k.name+"` |") {
			t.Errorf("key %s is not in the table of firmware/README.md", k.name)
		}
	}
	if diff := cmp.Diff(known, inFile); diff != "" {
		t.Errorf("keys of firmware/unoref.toml (-want +got):\n%s", diff)
	}
}

func TestConfigBadValues(t *testing.T) {
	dir := t.TempDir()
	notDir := writeTemp(t, dir, "file", "")
	badMap := writeTemp(t, dir, "bad-pinmap.toml", "[leds]\nlegal = 2\n")
	tests := []struct {
		name string
		toml string
		key  string
		msg  string // in the message
	}{
		{"language", `language = "fr"`, "language", `"fr" is not a language: want one of en, ru, sr, sr-Cyrl, ro, hy`},
		{"language type", `language = 1`, "language", "want a string"},
		{"listen no port", `listen = "8080"`, "listen", `"8080" is not an address`},
		{"listen port", `listen = ":99999"`, "listen", "no port number from 0 to 65535"},
		{"listen name", `listen = ":http"`, "listen", "no port number"},
		{"data empty", `data = ""`, "data", "want a directory"},
		{"data file", `data = "` + notDir + `"`, "data", "is not a directory"},
		{"pinmap missing", `pinmap = "/nonexistent/pinmap.toml"`, "pinmap", "no such file"},
		{"pinmap invalid", `pinmap = "` + badMap + `"`, "pinmap", "leds.legal"},
		{"pin short", `admin_pin = "123"`, "admin_pin", "want 4 to 8 digits"},
		{"pin long", `admin_pin = "123456789"`, "admin_pin", "want 4 to 8 digits"},
		{"pin letters", `admin_pin = "abcd"`, "admin_pin", "want 4 to 8 digits"},
		{"pin number", `admin_pin = 1234`, "admin_pin", "want a string"},
		{"game not a table", `game = 5`, "game", "want a table"},
		{"one player", "[game]\nplayers = [\"Ann\"]", "game.players", "1 name: want 2 to 10"},
		{"eleven players", "[game]\nplayers = [\"a\",\"b\",\"c\",\"d\",\"e\",\"f\",\"g\",\"h\",\"i\",\"j\",\"k\"]", "game.players", "11 names"},
		{"players twice", "[game]\nplayers = [\"Ann\", \"Ann\"]", "game.players", "Ann is named twice"},
		{"player space", "[game]\nplayers = [\"Ann Lee\", \"Ben\"]", "game.players", `"Ann Lee" is not a name`},
		{"player comma", "[game]\nplayers = [\"Ann,Lee\", \"Ben\"]", "game.players", `"Ann,Lee" is not a name`},
		{"player hash", "[game]\nplayers = [\"Kid#1\", \"Ben\"]", "game.players", `"Kid#1" is not a name: A name can't contain # or spaces: try Kid-1`},
		{"player NBSP", "[game]\nplayers = [\"Kid\u00a01\", \"Ben\"]", "game.players", "try Kid-1"},
		{"player RLO", "[game]\nplayers = [\"\u202eKid\", \"Ben\"]", "game.players", "direction marks"},
		{"players string", "[game]\nplayers = \"Ann,Ben\"", "game.players", "want an array of strings"},
		{"preset", "[game]\npreset = \"turbo\"", "game.preset", "“turbo” is not a set of rules: write `official`, `cars` or `house-ru`"},
		{"option", "[game]\noptions = [\"+turbo\"]", "game.options", "“turbo” is not a house rule"},
		{"options clash", "[game]\noptions = [\"+stacking\", \"+deflect-draw-two\"]", "game.options", "can't both be on"},
		{"options type", "[game]\noptions = \"+stacking\"", "game.options", "want an array of strings"},
		{"target negative", "[game]\ntarget = -1", "game.target", "-1 is not allowed"},
		{"target huge", "[game]\ntarget = 200000", "game.target", "from 1 to 100000"},
		{"target string", "[game]\ntarget = \"300\"", "game.target", "want a whole number"},
		{"target seven-rounds", "[game]\noptions = [\"+seven-rounds\"]\ntarget = 300", "game.options", "leave out `scoring` and `target`"},
		{"target twice", "[game]\noptions = [\"target=200\"]\ntarget = 300", "game.options", "given twice"},
		{"deck", "[game]\ndeck = \"my deck\"", "game.deck", `"my deck" is not a deck name`},
		{"grace word", "[game]\nuno_grace = \"fast\"", "game.uno_grace", `"fast" is not a duration: want e.g. "2s" (0s turns the grace off)`},
		{"grace long", "[game]\nuno_grace = \"45s\"", "game.uno_grace", "45s is out of range: want 0s (no grace) to 30s"},
		{"grace negative", "[game]\nuno_grace = \"-1s\"", "game.uno_grace", "out of range"},
		{"grace number", "[game]\nuno_grace = 2", "game.uno_grace", "want a string"},
		{"hold word", "[display]\nrefusal_hold = \"long\"", "display.refusal_hold", `"long" is not a duration: want e.g. "5s" (0s holds a refusal until the next event)`},
		{"hold negative", "[display]\nrefusal_hold = \"-1s\"", "display.refusal_hold", "out of range"},
		{"unknown", `colour = "red"`, "colour", "unknown key: want one of language, listen, data, pinmap, admin_pin, teach, game.players,"},
		{"unknown in game", "[game]\nturbo = true", "game.turbo", "unknown key"},
		{"unknown table", "[extra]\na = 1", "extra", "unknown key"},
		{"unknown dotted table", "a.b = 1", "a.b", "unknown key: want one of language,"},
		{"unknown deep table", "[a.b.c.d]", "a.b.c.d", "unknown key"},
		{"table in a section", "[voice.tts]\nrate = 1", "voice.tts", "[voice.tts] is not a section of the configuration: [voice] takes enabled, voice, speed, volume, device"},
		{"table in a section with it", "[voice]\nenabled = true\n[voice.tts]\nrate = 1", "voice.tts", "is not a section"},
		{"players twice dotted", "game.players = [\"Ann\", \"ann\"]", "game.players", "ann is named twice (also as Ann)"},
		{"players twice by case", "[game]\nplayers = [\"Ann\", \"ann\"]", "game.players", "ann is named twice (also as Ann)"},
		{"players twice NFC and NFD", "[game]\nplayers = [\"Zo\u00eb\", \"Zoe\u0308\"]", "game.players", "is named twice"},
		{"player lone accent", "[game]\nplayers = [\"\u0301\", \"Ben\"]", "game.players", "can't begin with an accent"},
		{"sim string", "[devices]\nsim = \"yes\"", "devices.sim", "want true (simulated devices"},
		{"sim top level", "sim = true", "sim", "unknown key: want one of"},
		{"devices not a table", "devices = 1", "devices", "want a table: a [devices] section"},
		{"unknown in devices", "[devices]\nfake = true", "devices.fake", "unknown key"},
		{"teach string", `teach = "yes"`, "teach", "want true (teaching mode"},
		{"voice enabled string", "[voice]\nenabled = 1", "voice.enabled", "want true (the referee says"},
		{"voice speed slow", "[voice]\nspeed = 20", "voice.speed", "want 80 to 450 words a minute"},
		{"voice speed zero", "[voice]\nspeed = 0", "voice.speed", "want 80 to 450"},
		{"voice speed string", "[voice]\nspeed = \"fast\"", "voice.speed", "want a whole number of words a minute"},
		{"voice volume", "[voice]\nvolume = 500", "voice.volume", "want 1 to 200"},
		{"voice name", "[voice]\nvoice = \"en us\"", "voice.voice", "want an espeak-ng voice name"},
		{"voice device number", "[voice]\ndevice = 1", "voice.device", "want a string"},
		{"unknown in voice", "[voice]\npitch = 50", "voice.pitch", "unknown key"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeTemp(t, t.TempDir(), "unoref.toml", tt.toml+"\n")
			c := defaultConfig()
			err := loadConfig(path, &c)
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("loadConfig(%q) = %v, want a *ConfigError", tt.toml, err)
			}
			if ce.Key != tt.key || ce.File != path {
				t.Errorf("loadConfig(%q): key %q in %q, want %q in %q", tt.toml, ce.Key, ce.File, tt.key, path)
			}
			prefix := "config " + path + ": " + tt.key + ": "
			if s := err.Error(); !strings.HasPrefix(s, prefix) || !strings.Contains(s, tt.msg) {
				t.Errorf("loadConfig(%q) = %q, want %q…%q", tt.toml, s, prefix, tt.msg)
			}
		})
	}
}

// TestConfigEveryError checks that all bad keys are reported, not only the
// first, and that a syntax error names the file and line.
func TestConfigEveryError(t *testing.T) {
	dir := t.TempDir()
	path := writeTemp(t, dir, "unoref.toml", "language = \"xx\"\nbogus = 1\n[game]\nuno_grace = \"fast\"\n")
	err := loadConfig(path, new(Config))
	var keys []string
	for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
		var ce *ConfigError
		if errors.As(e, &ce) {
			keys = append(keys, ce.Key)
		}
	}
	if diff := cmp.Diff([]string{"bogus", "language", "game.uno_grace"}, keys); diff != "" {
		t.Errorf("keys of %v (-want +got):\n%s", err, diff)
	}

	path = writeTemp(t, dir, "syntax.toml", "listen = \":8080\"\nplayers = [\n")
	err = loadConfig(path, new(Config))
	if err == nil || !strings.HasPrefix(err.Error(), "config "+path+": toml: line ") {
		t.Errorf("syntax error: got %v, want the file and line", err)
	}
	err = loadConfig(filepath.Join(dir, "none.toml"), new(Config))
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: got %v, want os.ErrNotExist", err)
	}
}

// TestConfigPaths: data and pinmap may be relative to the file; a good
// pin map is loaded for the board.
func TestConfigPaths(t *testing.T) {
	dir := t.TempDir()
	writeTemp(t, dir, "pinmap.toml", string(hardware.DefaultTOML()))
	path := writeTemp(t, dir, "unoref.toml", "data = \"state\"\npinmap = \"pinmap.toml\"\n")
	c := defaultConfig()
	if err := loadConfig(path, &c); err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, "state"); c.Data != want {
		t.Errorf("data = %q, want %q", c.Data, want)
	}
	if want := filepath.Join(dir, "pinmap.toml"); c.Pinmap != want || c.pinmap == nil {
		t.Errorf("pinmap = %q (loaded %v), want %q loaded", c.Pinmap, c.pinmap != nil, want)
	}
}

// TestRunFlagsOverConfig: flags given on the command line win over the
// file's keys; flags not given leave them, whatever their defaults.
func TestRunFlagsOverConfig(t *testing.T) {
	dir := t.TempDir()
	path := writeTemp(t, dir, "unoref.toml", `
listen = ":9000"
data = "`+dir+`"
admin_pin = "2468"
[game]
players = ["Ann", "Ben", "Cy"]
preset = "house-ru"
options = ["+stacking", "-deflect-draw-two"]
target = 300
uno_grace = "5s"
deck = "home"
[voice]
speed = 120
`)
	base := Config{
		Language: "en", Listen: ":9000", Data: dir, AdminPIN: "2468",
		Players: []string{"Ann", "Ben", "Cy"}, Preset: "house-ru", Options: []string{"+stacking", "-deflect-draw-two"},
		Target: 300, UnoGrace: 5 * time.Second, Deck: "home",
		Voice: VoiceConfig{Settings: voice.Settings{Speed: 120, Volume: 100}},
	}
	tests := []struct {
		name string
		env  string // UNOREF_CONFIG
		args []string
		edit func(c *Config)
	}{
		{"file only", "", []string{"--config", path}, func(c *Config) {}},
		{"env", path, nil, func(c *Config) {}},
		{"flag over env", "/nonexistent.toml", []string{"--config", path}, func(c *Config) {}},
		{"listen", "", []string{"--config", path, "--listen", "127.0.0.1:0"}, func(c *Config) { c.Listen = "127.0.0.1:0" }},
		{"no page", "", []string{"--config", path, "--listen", ""}, func(c *Config) { c.Listen = "" }},
		{"grace off", "", []string{"--config", path, "--uno-grace", "0"}, func(c *Config) { c.UnoGrace = 0 }},
		{"players", "", []string{"--config", path, "--players", "X,Y"}, func(c *Config) { c.Players = []string{"X", "Y"} }},
		{"players after commas and spaces", "", []string{"--config", path, "--players", "Аня, Боря, Вика"}, func(c *Config) {
			c.Players = []string{"Аня", "Боря", "Вика"}
		}},
		{"rules replace preset, options, target", "", []string{"--config", path, "--rules", "cars +jump-in"}, func(c *Config) {
			c.Preset, c.Options, c.Target = "cars", []string{"+jump-in"}, 0
		}},
		{"deck and data", "", []string{"--config", path, "--deck", "other", "--data", "/tmp/x"}, func(c *Config) { c.Deck, c.Data = "other", "/tmp/x" }},
		{"voice and teach", "", []string{"--config", path, "--voice", "--teach"}, func(c *Config) { c.Voice.Enabled, c.Teach = true, true }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("UNOREF_CONFIG", tt.env)
			c, _, err := parseRun(runCmd, tt.args)
			if err != nil {
				t.Fatal(err)
			}
			want := base
			want.Players = append([]string(nil), base.Players...)
			tt.edit(&want)
			if diff := cmp.Diff(want, c, configCmp); diff != "" {
				t.Errorf("parseRun(%q) mismatch (-want +got):\n%s", tt.args, diff)
			}
		})
	}

	// Without a file: the defaults, flags on top.
	t.Setenv("UNOREF_CONFIG", "")
	c, _, err := parseRun(runCmd, []string{"--players", "A,B"})
	if err != nil {
		t.Fatal(err)
	}
	want := defaultConfig()
	want.Players = []string{"A", "B"}
	if diff := cmp.Diff(want, c, configCmp); diff != "" {
		t.Errorf("no file: Config mismatch (-want +got):\n%s", diff)
	}
	if got := c.rules(); got != "official" {
		t.Errorf("rules() = %q, want official", got)
	}
	if c, _, _ := parseRun(runCmd, []string{"--config", path}); c.rules() != "house-ru +stacking -deflect-draw-two target=300" {
		t.Errorf("rules() = %q", c.rules())
	}
}

// TestRunBadFlags: a bad flag value names the flag; a bad file names the key.
func TestRunBadFlags(t *testing.T) {
	t.Setenv("UNOREF_CONFIG", "")
	bad := writeTemp(t, t.TempDir(), "unoref.toml", "[game]\nuno_grace = \"fast\"\n")
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"run", "--uno-grace", "1m"}, 2, "unoref: run: --uno-grace: 1m0s is out of range"},
		{[]string{"run", "--players", "Ann"}, 2, "--players: 1 name: want 2 to 10"},
		{[]string{"run", "--players", "Mary Ann,Ben"}, 2, "--players: \"Mary Ann\" is not a name: A name can't contain # or spaces: try Mary-Ann"},
		{[]string{"run", "--rules", "turbo"}, 2, "--rules: “turbo” is not a set of rules"},
		{[]string{"run", "--rules", ""}, 2, "--rules: want a preset"},
		{[]string{"run", "--listen", "nowhere"}, 2, `--listen: "nowhere" is not an address`},
		{[]string{"run", "--deck", "a b"}, 2, "--deck:"},
		{[]string{"run", "--pinmap", "/nonexistent.toml"}, 2, "--pinmap:"},
		{[]string{"run", "--config", bad, "--sim"}, 1, `unoref: config ` + bad + `: game.uno_grace: "fast" is not a duration: want e.g. "2s" (0s turns the grace off)`},
		{[]string{"run", "--config", "/nonexistent.toml"}, 1, "unoref: config /nonexistent.toml: no such file or directory (the file of --config or $UNOREF_CONFIG)\n"},
	}
	for _, tt := range tests {
		_, stderr, code := call(t, "", tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.stderr) {
			t.Errorf("unoref %q: exit %d, stderr %q; want %d, %q", tt.args, code, stderr, tt.code, tt.stderr)
		}
	}
}

// TestConfigDisplay: the table's language, any tag lang knows, and how
// long a refusal stays on the OLED.
func TestConfigDisplay(t *testing.T) {
	path := writeTemp(t, t.TempDir(), "unoref.toml", "language = \"sr-Cyrl\"\n[display]\nrefusal_hold = \"5s\"\n")
	c := defaultConfig()
	if err := loadConfig(path, &c); err != nil {
		t.Fatal(err)
	}
	if c.Language != "sr-Cyrl" || c.RefusalHold != 5*time.Second {
		t.Errorf("loadConfig = language %q, refusal_hold %v; want sr-Cyrl, 5s", c.Language, c.RefusalHold)
	}
}
