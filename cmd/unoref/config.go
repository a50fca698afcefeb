package main

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/BurntSushi/toml"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/web"
	"github.com/unoref/unoref/drivers/voice"
	"github.com/unoref/unoref/hardware"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/playername"
)

// Config is what `unoref run` works with: the defaults, then the
// configuration file (firmware/unoref.toml, firmware/README.md), then the
// flags given on the command line.
type Config struct {
	Language string        // language of the messages: a tag of lang.Languages ("en", "sr-Cyrl")
	Listen   string        // address of the page; "" for none
	Data     string        // directory of the journal and the deck registry
	Pinmap   string        // pin map file; "" for the reference build
	Sim      bool          // devices.sim: simulated devices even on a Pi (a demo box, a test)
	KeepSim  bool          // devices.keep_sim_games: games on simulated devices count in the family's record
	AdminPIN string        // lets the page act on a real table; "" for the one chosen at first boot
	Players  []string      // seats of a new game when the page names none
	Preset   string        // rules preset of a new game
	Options  []string      // rule options on top of Preset
	Deck     string        // enrolled deck to play with; "" for the first
	Target   int           // points to win; 0 for the preset's
	UnoGrace time.Duration // time to call UNO before the automatic catch; 0 for none
	Hosts    []string      // names of this box the page answers to, besides its hostname
	Policy   string        // web.policy: who may act from the page, web.PolicyVirtual or PolicyTable; "" for the default (runPolicy)
	Voice    VoiceConfig   // [voice]: the referee says its rulings aloud
	Teach    bool          // teaching mode: why a play was right, reminders, the rules in force

	RefusalHold time.Duration // display.refusal_hold: how long a refusal stays on the OLED; 0 until the next event
	BackupDir   string        // backup.dir: a second place (USB stick, network share) for a copy at each game's end; "" for none

	pinmap *hardware.PinMap // Pinmap, loaded and checked
}

// VoiceConfig is the [voice] section: the speaker on or off, and the
// settings of espeak-ng and aplay (package voice).
type VoiceConfig struct {
	Enabled bool
	voice.Settings
}

// maxUnoGrace bounds uno_grace: a longer hold stalls the table.
const maxUnoGrace = 30 * time.Second

// defaultConfig is the configuration with no file and no flags.
func defaultConfig() Config {
	return Config{
		Language: "en",
		Listen:   "127.0.0.1:8080",
		Data:     dataDir(),
		Preset:   referee.PresetOfficial,
		UnoGrace: table.DefaultUnoGrace,
		Voice:    VoiceConfig{Settings: voice.Settings{Speed: voice.DefaultSpeed, Volume: voice.DefaultVolume}},
	}
}

// ConfigError is a bad value in the configuration file (File set) or of a
// flag (Key "--name").
type ConfigError struct {
	File string
	Key  string // dotted TOML key, or the flag
	Msg  string // what is wrong and what is allowed
}

func (e *ConfigError) Error() string {
	if e.File == "" {
		return e.Key + ": " + e.Msg
	}
	return "config " + e.File + ": " + e.Key + ": " + e.Msg
}

// configKey is one key of the file: how to read its value into a Config.
type configKey struct {
	name string
	set  func(c *Config, v value) error
}

// configKeys are the keys of unoref.toml, in the order of the shipped file.
var configKeys = []configKey{
	{"language", func(c *Config, v value) (err error) {
		if c.Language, err = v.string(); err != nil {
			return err
		}
		c.Language, err = checkLanguage(c.Language)
		return err
	}},
	{"listen", func(c *Config, v value) (err error) {
		if c.Listen, err = v.string(); err != nil {
			return err
		}
		return checkListen(c.Listen)
	}},
	{"data", func(c *Config, v value) (err error) {
		if c.Data, err = v.path(); err != nil {
			return err
		}
		return checkData(c.Data)
	}},
	{"pinmap", func(c *Config, v value) (err error) {
		if c.Pinmap, err = v.path(); err != nil {
			return err
		}
		c.pinmap, err = loadPinmap(c.Pinmap)
		return err
	}},
	{"admin_pin", func(c *Config, v value) (err error) {
		if c.AdminPIN, err = v.string(); err != nil {
			return err
		}
		return checkPIN(c.AdminPIN)
	}},
	{"teach", func(c *Config, v value) error {
		return v.decode(&c.Teach, "true (teaching mode: the referee explains its rulings and the rules in force) or false")
	}},
	{"game.players", func(c *Config, v value) (err error) {
		if c.Players, err = v.strings(); err != nil {
			return err
		}
		return checkPlayers(c.Players)
	}},
	{"game.preset", func(c *Config, v value) (err error) {
		c.Preset, err = v.string()
		return err
	}},
	{"game.options", func(c *Config, v value) (err error) {
		c.Options, err = v.strings()
		return err
	}},
	{"game.deck", func(c *Config, v value) (err error) {
		if c.Deck, err = v.string(); err != nil {
			return err
		}
		return checkDeck(c.Deck)
	}},
	{"game.target", func(c *Config, v value) error {
		var n int64
		if err := v.decode(&n, "a whole number, like 500 (0: the preset's)"); err != nil {
			return err
		}
		if n < 0 || n > 100000 {
			return fmt.Errorf("%d is not allowed: want 0 (the preset's) or a whole number from 1 to 100000", n)
		}
		c.Target = int(n)
		return nil
	}},
	{"game.uno_grace", func(c *Config, v value) error {
		s, err := v.string()
		if err != nil {
			return err
		}
		c.UnoGrace, err = parseGrace(s)
		return err
	}},
	{"devices.sim", func(c *Config, v value) error {
		return v.decode(&c.Sim, "true (simulated devices: the virtual table) or false (the pin map's devices)")
	}},
	{"devices.keep_sim_games", func(c *Config, v value) error {
		return v.decode(&c.KeepSim, "true (games played on simulated devices count in the family's record) or false (they are left out)")
	}},
	{"web.hosts", func(c *Config, v value) (err error) {
		if c.Hosts, err = v.strings(); err != nil {
			return err
		}
		if len(c.Hosts) == 0 {
			c.Hosts = nil
		}
		return checkHosts(c.Hosts)
	}},
	{"web.policy", func(c *Config, v value) (err error) {
		if c.Policy, err = v.string(); err != nil {
			return err
		}
		return checkPolicy(c.Policy)
	}},
	{"display.refusal_hold", func(c *Config, v value) error {
		s, err := v.string()
		if err != nil {
			return err
		}
		c.RefusalHold, err = parseHold(s)
		return err
	}},
	{"voice.enabled", func(c *Config, v value) error {
		return v.decode(&c.Voice.Enabled, "true (the referee says its rulings aloud) or false")
	}},
	{"voice.voice", func(c *Config, v value) (err error) {
		if c.Voice.Voice, err = v.string(); err != nil {
			return err
		}
		return checkVoice(voice.Settings{Voice: c.Voice.Voice}, 1, `want an espeak-ng voice name, like "en-us", or "" for the table's language`)
	}},
	{"voice.speed", func(c *Config, v value) error {
		if err := v.decode(&c.Voice.Speed, "a whole number of words a minute, like 140"); err != nil {
			return err
		}
		return checkVoice(voice.Settings{Speed: c.Voice.Speed}, c.Voice.Speed, "want 80 to 450 words a minute, like 140")
	}},
	{"voice.volume", func(c *Config, v value) error {
		if err := v.decode(&c.Voice.Volume, "a whole number from 1 to 200, like 100"); err != nil {
			return err
		}
		return checkVoice(voice.Settings{Volume: c.Voice.Volume}, c.Voice.Volume, "want 1 to 200, like 100")
	}},
	{"voice.device", func(c *Config, v value) (err error) {
		c.Voice.Device, err = v.string()
		return err
	}},
	{"backup.dir", func(c *Config, v value) (err error) {
		if c.BackupDir, err = v.path(); err != nil {
			return err
		}
		return checkBackupDir(c.BackupDir)
	}},
}

// configSections are the file's [sections]; their keys are "section.key".
var configSections = []string{"game", "devices", "web", "display", "voice", "backup"}

// value is one key's value in the file, decoded on demand.
type value struct {
	md  *toml.MetaData
	p   toml.Primitive
	dir string // the file's directory, for relative paths
}

func (v value) decode(dst any, want string) error {
	if err := v.md.PrimitiveDecode(v.p, dst); err != nil {
		return errors.New("want " + want)
	}
	return nil
}

func (v value) string() (s string, err error) {
	err = v.decode(&s, "a string in quotes")
	return s, err
}

func (v value) strings() (s []string, err error) {
	err = v.decode(&s, `an array of strings, like ["a", "b"]`)
	return s, err
}

// path is a string; a relative path is taken from the file's directory.
func (v value) path() (string, error) {
	s, err := v.string()
	if err != nil || s == "" || filepath.IsAbs(s) {
		return s, err
	}
	return filepath.Join(v.dir, s), nil
}

// loadConfig reads the configuration file at path over c. Every bad key
// is reported, each as a *ConfigError naming it and what it allows.
func loadConfig(path string, c *Config) error {
	b, err := os.ReadFile(path)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if err != nil {
		return fmt.Errorf("config %s: %w (the file of --config or $UNOREF_CONFIG)", path, err)
	}
	var top map[string]toml.Primitive
	md, err := toml.Decode(string(b), &top)
	if err != nil {
		return fmt.Errorf("config %s: %w", path, err)
	}
	bad := func(key, msg string) error { return &ConfigError{File: path, Key: key, Msg: msg} }
	vals := map[string]toml.Primitive{}
	var errs []error
	for k, p := range top {
		if !slices.Contains(configSections, k) {
			vals[k] = p
			continue
		}
		// A section is a [table], or made by dotted keys (voice.enabled =
		// true), which leave it no type of its own.
		var sect map[string]toml.Primitive
		if t := md.Type(k); (t != "Hash" && t != "") || md.PrimitiveDecode(p, &sect) != nil {
			errs = append(errs, bad(k, "want a table: a ["+k+"] section"))
			continue
		}
		for sk, sp := range sect {
			vals[k+"."+sk] = sp
		}
	}
	errs = append(errs, unknownKeys(md, path)...)
	dir := filepath.Dir(path)
	for _, k := range configKeys {
		p, ok := vals[k.name]
		if !ok {
			continue
		}
		if err := k.set(c, value{md: &md, p: p, dir: dir}); err != nil {
			errs = append(errs, bad(k.name, err.Error()))
		}
	}
	if len(errs) == 0 {
		// The rules are checked together: options depend on the preset.
		if key, err := checkRules(c.Preset, c.Options, c.Target); err != nil {
			errs = append(errs, bad("game."+key, err.Error()))
		}
	}
	return errors.Join(errs...)
}

// unknownKeys are the keys of md that are not configuration keys, in the
// file's order, each table of them once: a new table ([a.b.c], a.b = 1)
// by its first key, a table inside a section ([voice.tts]) as such.
func unknownKeys(md toml.MetaData, path string) []error {
	var errs []error
	reported := map[string]bool{}
	for _, k := range md.Keys() {
		top := k[0]
		switch {
		case reported[top]:
		case !slices.Contains(configSections, top):
			if !knownKey(k.String()) {
				errs = append(errs, &ConfigError{File: path, Key: k.String(), Msg: "unknown key: want one of " + strings.Join(keyNames(""), ", ")})
				reported[top] = true
			}
		case len(k) == 1:
		case reported[k[0]+"."+k[1]]:
		case md.Type(k[:2]...) == "Hash":
			name := k[0] + "." + k[1]
			errs = append(errs, &ConfigError{File: path, Key: name, Msg: "[" + name + "] is not a section of the configuration: [" + top + "] takes " + strings.Join(keyNames(top), ", ")})
			reported[name] = true
		case !knownKey(k.String()):
			errs = append(errs, &ConfigError{File: path, Key: k.String(), Msg: "unknown key: want one of " + strings.Join(keyNames(""), ", ")})
			reported[k.String()] = true
		}
	}
	return errs
}

// knownKey reports whether name is a key of configKeys.
func knownKey(name string) bool {
	return slices.ContainsFunc(configKeys, func(k configKey) bool { return k.name == name })
}

// keyNames are the names of configKeys: every one for section "", else the
// section's, without the section.
func keyNames(section string) []string {
	var names []string
	for _, k := range configKeys {
		if section == "" {
			names = append(names, k.name)
		} else if key, ok := strings.CutPrefix(k.name, section+"."); ok {
			names = append(names, key)
		}
	}
	return names
}

// rules are the words of the table's rules line for a new game.
func (c *Config) rules() string {
	w := append([]string{c.Preset}, c.Options...)
	if c.Target > 0 {
		w = append(w, "target="+strconv.Itoa(c.Target))
	}
	return strings.Join(w, " ")
}

// checkLanguage reads a language tag as package lang does (the one home
// of the languages) and returns its canonical form ("sr_cyrl" is "sr-Cyrl").
func checkLanguage(s string) (string, error) {
	l, err := lang.Parse(s)
	if err != nil {
		return "", fmt.Errorf("%q is not a language: want one of %s", s, langList())
	}
	return l.String(), nil
}

// maxRefusalHold bounds display.refusal_hold: past it, "0s" says it better.
const maxRefusalHold = time.Hour

func parseHold(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf(`%q is not a duration: want e.g. "5s" (0s holds a refusal until the next event)`, s)
	}
	if d < 0 || d > maxRefusalHold {
		return 0, fmt.Errorf(`%v is out of range: want 0s (until the next event) to %v, like "5s"`, d, maxRefusalHold)
	}
	return d, nil
}

// checkVoice checks a voice setting with voice.Settings.Check; a number
// must be given (0 would mean the default).
func checkVoice(s voice.Settings, number int, want string) error {
	if s.Check() != nil || number == 0 {
		return errors.New(want)
	}
	return nil
}

func checkListen(s string) error {
	if s == "" {
		return nil
	}
	const want = `want host:port, like ":8080" (every interface) or "127.0.0.1:8080", or "" for no page`
	host, port, err := net.SplitHostPort(s)
	if err != nil {
		return fmt.Errorf("%q is not an address: %s", s, want)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return fmt.Errorf("%q has no port number from 0 to 65535: %s", s, want)
	}
	if strings.ContainsFunc(host, unicode.IsSpace) {
		return fmt.Errorf("%q is not an address: %s", s, want)
	}
	return nil
}

// checkPolicy refuses a web.policy (or --policy) that is none.
func checkPolicy(p string) error {
	switch p {
	case "", web.PolicyVirtual, web.PolicyTable:
		return nil
	}
	return fmt.Errorf(`%q is not a policy: want "table" (every action needs the PIN), "virtual" (anyone plays; admin actions need the PIN when one is set) or "" (table, but on simulators that only this computer can reach)`, p)
}

// loopbackOnly reports whether the page's address can be reached only from
// this computer: a loopback host (127.0.0.1, ::1, localhost), or no page.
// ":8080" and "0.0.0.0:8080" are every interface: the network can reach them.
func loopbackOnly(listen string) bool {
	if listen == "" {
		return true
	}
	host, _, err := net.SplitHostPort(listen)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}

func checkData(dir string) error {
	if dir == "" {
		return errors.New(`want a directory, like "/var/lib/unoref"`)
	}
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	return nil
}

// checkBackupDir checks backup.dir: "" (none), or a directory when it is
// there. It may be missing at start (a USB stick not plugged in): the copy
// at a game's end then fails, and the page says so.
func checkBackupDir(dir string) error {
	if fi, err := os.Stat(dir); dir != "" && err == nil && !fi.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	return nil
}

// loadPinmap loads and checks the pin map file at path; nil for "".
func loadPinmap(path string) (*hardware.PinMap, error) {
	if path == "" {
		return nil, nil
	}
	pm, err := hardware.LoadFile(path)
	if err != nil {
		return nil, err
	}
	if err := pm.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return pm, nil
}

func checkPIN(s string) error {
	if s == "" {
		return nil
	}
	if web.CheckPIN(s) != nil {
		return errors.New(`want 4 to 8 digits, like "4821", or "" for none (the OLED then shows a setup code to choose one from the page)`)
	}
	return nil
}

// checkHosts accepts host names (letters, digits, '-', '.') and IP
// addresses, without a scheme or a port.
func checkHosts(hosts []string) error {
	for _, h := range hosts {
		if _, err := netip.ParseAddr(h); err == nil {
			continue
		}
		ok := h != "" && len(h) <= 253 && !strings.ContainsFunc(h, func(c rune) bool {
			return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.')
		})
		if !ok {
			return fmt.Errorf(`%q is not a host name: want names like ["unotable.lan", "192.168.1.20"], without http:// or a port`, h)
		}
	}
	return nil
}

// checkPlayers checks the names of game.players and --players, and puts
// them in NFC (playername.Check): two names of the same player ("Ann" and
// "ann", or "Zoë" typed two ways) are refused here, at start, rather than
// at the first new game.
func checkPlayers(names []string) error {
	if len(names) == 0 {
		return nil
	}
	if len(names) < 2 || len(names) > 10 {
		return fmt.Errorf("%s: want 2 to 10 (or none: the page asks)", count(len(names), "name", "names"))
	}
	for i, n := range names {
		nfc, err := playername.Check(n)
		if err != nil {
			return fmt.Errorf("%q is not a name: %w", n, err)
		}
		for _, m := range names[:i] {
			switch {
			case m == nfc:
				return fmt.Errorf("%s is named twice: want different names", n)
			case playername.Same(nfc, m):
				return fmt.Errorf("%s is named twice (also as %s): want different names", n, m)
			}
		}
		names[i] = nfc
	}
	return nil
}

// checkDeck accepts the names the deck registry does (cards/registry).
func checkDeck(s string) error {
	if s == "" {
		return nil
	}
	ok := len(s) <= 40 && !strings.ContainsFunc(s, func(c rune) bool {
		return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.')
	})
	if !ok {
		return fmt.Errorf("%q is not a deck name: want 1 to 40 letters, digits, '-', '_' and '.' (`unoref enroll` lists the decks)", s)
	}
	return nil
}

func parseGrace(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf(`%q is not a duration: want e.g. "2s" (0s turns the grace off)`, s)
	}
	return d, checkGrace(d)
}

func checkGrace(d time.Duration) error {
	if d < 0 || d > maxUnoGrace {
		return fmt.Errorf(`%v is out of range: want 0s (no grace) to %v, like "2s"`, d, maxUnoGrace)
	}
	return nil
}

// checkRules checks a preset, options and target as a rules line; the key
// it returns is the one to blame: preset, options or target.
func checkRules(preset string, options []string, target int) (string, error) {
	opts := options
	if target > 0 {
		opts = append(slices.Clip(options), "target="+strconv.Itoa(target))
	}
	_, err := referee.ParseRules(preset, opts)
	if err == nil {
		return "", nil
	}
	var re *referee.RulesError
	if !errors.As(err, &re) {
		return "options", err
	}
	msg := lang.English.Render(re.Msg)
	switch {
	case re.Option == "":
		return "preset", errors.New(msg)
	case re.Option == "target" && target > 0 && !slices.ContainsFunc(options, func(o string) bool { return strings.HasPrefix(o, "target=") }):
		return "target", errors.New(msg)
	}
	return "options", errors.New(msg)
}

// lang is the table's language: the language key, checked when the config
// was read (English for a value lang does not know).
func (c Config) lang() lang.Lang {
	l, _ := lang.Parse(c.Language)
	return l
}
