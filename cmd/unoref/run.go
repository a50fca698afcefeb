package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	systemd "github.com/coreos/go-systemd/v22/daemon"

	"github.com/unoref/unoref/cards/registry"
	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/virtual"
	"github.com/unoref/unoref/cmd/unoref/internal/web"
	"github.com/unoref/unoref/drivers/gpioline"
	"github.com/unoref/unoref/hardware"
	"github.com/unoref/unoref/hardware/board"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee/journal"
)

var _ web.Table = (*table.Table)(nil)

var runCmd = &command{
	name:    "run",
	args:    "[--sim] [--policy virtual|table] [--config FILE] [--listen ADDR] [--data DIR] [--pinmap FILE] [--players A,B,C] [--rules RULES] [--uno-grace D] [--deck NAME] [--voice] [--teach] [--stdin]",
	summary: "referee the table (the default command)",
	help: `Runs the referee: on a Raspberry Pi with SPI enabled it opens the devices of
the pin map (--pinmap, default the reference build) and referees the cards
tapped on the pads and the buttons pressed; anywhere else, or with --sim, it
runs the virtual table: the same referee on simulated readers, OLED, LEDs,
buzzer and buttons, played from its page. The config key sim = true does
what --sim does (a demo box, a test of the unit). Under systemd (the unit of
firmware/) a Pi without /dev/spidev0.0 is an error, not the virtual table.

--config reads the settings from a TOML file (default $UNOREF_CONFIG, else
none; keys in firmware/unoref.toml and firmware/README.md); a flag given on
the command line wins over the file's key, and --rules replaces the file's
game.preset, game.options and game.target.

The page listens on --listen (default 127.0.0.1:8080; "" for none). Every
accepted event is committed to the journal in --data (default $UNOREF_DATA,
else /var/lib/unoref when readable, else ~/.local/share/unoref) before the
table shows it; on start the open game resumes where it was. One daemon at
a time uses a data directory: a second refuses to start and names the
first's PID. No write failure stops it: on a full card it shows so on the
OLED and the page, refuses what it would save and goes on by itself once
there is room; the journal's whole-file check runs in the background once
the page is up, and damage it finds is shown as damage found at start.
SIGTERM or Ctrl-C halts every device: antenna off, screen blank, LEDs low. A page that stops listening or a device loop that dies
stops the daemon with exit status 1 (systemd restarts it).

--policy (config key web.policy; the flag wins) says who may act from the
page: "virtual" (anyone plays; admin actions need admin_pin when one is
set: the default on the virtual table when the page listens on loopback
only) or "table" (every action needs the PIN: the default on a Pi, and on
simulators whose page the network can reach, like listen = ":8080"). Under
"table" with no admin_pin, the OLED shows a one-time setup code: typed on
the page with a new PIN, it unlocks the page, and the PIN is kept hashed
in admin-pin in the data directory. --sim --policy table runs a real
table's first boot on the simulators.

--players and --rules set up a new game when the page names none. --uno-grace
is how long after the card that leaves a player one card their UNO call still
beats the automatic catch (0: none; at most 30s). --deck picks the enrolled
deck of the registry (decks.db in the data directory); without a registry the
card code written on each tag is used.

It logs to standard error, one key=value line per event worth knowing:
where the data lives (the journal, the configuration file, the deck
registry), each game started, resumed and ended (players, rules, winner),
each admin request refused (a wrong PIN on the page, or the table's reason)
and device trouble. Under systemd the lines carry no time: the journal
adds it (journalctl -u unoref).

Under systemd with Type=notify it sends READY=1 once the devices are open and
the page listens, WATCHDOG=1 from the table's loop at half of WatchdogSec, and
STOPPING=1 when it stops.

--voice says the rulings, the turn and the scores aloud in the table's
language (espeak-ng and aplay, [voice] in the config); a missing speaker is
a warning, never a failure. --teach is the teaching mode: after a play the
referee says why it was right, reminds of the Wild Draw Four's challenge
and of the UNO call, and says and shows the rules in force at the start of
every game and on a long press of OK. The page's admin settings switch both.

--stdin (virtual table) reads controls from standard input, one per line,
answering each with "ok", "error: SENTENCE" or, for "state", the snapshot as
JSON; the daemon stops when the input ends:
    newgame Ann,Ben,Cy [RULES…]   tap [play|draw] CARD   remove [play|draw]
    press uno|draw|pass|challenge|R|Y|G|B   seat N   points NAME N
    rename SEAT NEWNAME   undo   end (no winner)   finish (scored as it
    stands: whoever is ahead wins)   rules   names   state
    oled (the OLED's text, " | " between its lines)   oled png FILE (its picture)

On simulators (the virtual table) the first boot's setup code is also
printed on standard error, with the page's address that fills it in.`,
	run: runRun,
}

func runRun(ctx context.Context, self *command, e *env, args []string) error {
	c, o, err := parseRun(self, args)
	if err != nil {
		return err
	}
	sim := o.sim || c.Sim
	virtual := sim || !onPi()
	if virtual && !sim && underSystemd(e.stderr) {
		return fmt.Errorf("run: no %s: SPI is off (dtparam=spi=on in /boot/firmware/config.txt, then reboot) or this is not a Raspberry Pi; unoref doctor says which; under systemd the daemon does not fall back to the virtual table: --sim, or sim = true in the [devices] section of the config, runs it", spiDevice)
	}
	given := c.Policy
	if o.policy != "" {
		given = o.policy // the flag wins over the file's key
	}
	policy, err := runPolicy(self, given, virtual, c.Listen)
	if err != nil {
		return err
	}
	return serve(ctx, e, c, runMode{virtual: virtual, stdin: o.stdin, policy: policy, config: o.config})
}

// runFlags are the flags of run that are not configuration.
type runFlags struct {
	sim, stdin bool
	policy     string
	config     string // the configuration file read, "" for none
}

// runMode is how serve runs: on which devices, under which access policy,
// with or without the controls of standard input.
type runMode struct {
	virtual, stdin bool
	policy         string // web.PolicyVirtual or web.PolicyTable
	config         string // the configuration file read, "" for none
}

// runPolicy is the access policy of --policy (or web.policy): by default
// "table", and "virtual" on the virtual table whose page only this
// computer can reach (listen on loopback): a demo box on simulators that
// listens on the network locks its page as a real table does unless told
// otherwise. "virtual" only on the virtual table.
func runPolicy(self *command, given string, virtual bool, listen string) (string, error) {
	switch {
	case given == "" && virtual && loopbackOnly(listen), given == web.PolicyVirtual && virtual:
		return web.PolicyVirtual, nil
	case given == "", given == web.PolicyTable:
		return web.PolicyTable, nil
	case given == web.PolicyVirtual:
		return "", &usageError{cmd: self, msg: "run: --policy virtual opens the page to anyone on the network: it is only for the virtual table (--sim)"}
	}
	return "", &usageError{cmd: self, msg: fmt.Sprintf("run: --policy %q: want virtual or table", given)}
}

// parseRun reads run's command line: the configuration file of --config
// (or $UNOREF_CONFIG), then the flags given, which win over its keys.
func parseRun(self *command, args []string) (Config, runFlags, error) {
	var o runFlags
	var grace time.Duration
	fset := flag.NewFlagSet("run", flag.ContinueOnError)
	fset.BoolVar(&o.sim, "sim", false, "run the virtual table even on a Pi")
	fset.StringVar(&o.policy, "policy", "", "who may act from the page: virtual or table (default: table, virtual on simulators listening on loopback only)")
	fset.StringVar(&o.config, "config", "", "configuration file (default $UNOREF_CONFIG)")
	listen := fset.String("listen", "127.0.0.1:8080", "address of the page")
	data := fset.String("data", "", "directory of the journal and the deck registry")
	pinmap := fset.String("pinmap", "", "pin map file (default: the reference build)")
	players := fset.String("players", "", "seats for a new game, comma separated")
	rules := fset.String("rules", "official", "rules for a new game, as on a rules line")
	fset.Var(graceFlag{&grace}, "uno-grace", "grace period of an UNO call")
	deck := fset.String("deck", "", "enrolled deck to play with")
	fset.BoolVar(&o.stdin, "stdin", false, "read controls from standard input (virtual table)")
	speak := fset.Bool("voice", false, "say the rulings aloud (espeak-ng and aplay; [voice] in the config)")
	teach := fset.Bool("teach", false, "teaching mode: say why a play was right, remind of the challenge and of UNO, say the rules in force")
	words, err := parseFlags(self, fset, args)
	if err != nil {
		return Config{}, o, err
	}
	if len(words) > 0 {
		return Config{}, o, &usageError{cmd: self, msg: "run takes no arguments"}
	}

	c := defaultConfig()
	if o.config == "" {
		o.config = os.Getenv("UNOREF_CONFIG")
	}
	if o.config != "" {
		if err := loadConfig(o.config, &c); err != nil {
			return Config{}, o, err
		}
	}
	var errs []error
	fset.Visit(func(f *flag.Flag) {
		var err error
		switch f.Name {
		case "listen":
			c.Listen, err = *listen, checkListen(*listen)
		case "data":
			c.Data, err = *data, checkData(*data)
		case "pinmap":
			c.Pinmap = *pinmap
			c.pinmap, err = loadPinmap(*pinmap)
		case "players":
			c.Players = splitNames(*players)
			err = checkPlayers(c.Players)
		case "rules":
			w := strings.Fields(*rules)
			if len(w) == 0 {
				err = errors.New(`want a preset and options, like "official +stacking"`)
				break
			}
			c.Preset, c.Options, c.Target = w[0], w[1:], 0
			_, err = checkRules(c.Preset, c.Options, 0)
		case "uno-grace":
			c.UnoGrace = grace
		case "deck":
			c.Deck, err = *deck, checkDeck(*deck)
		case "voice":
			c.Voice.Enabled = *speak
		case "teach":
			c.Teach = *teach
		}
		if err != nil {
			errs = append(errs, badFlag(self, f.Name, err))
		}
	})
	return c, o, errors.Join(errs...)
}

// serve runs the table of configuration c until ctx is done, the table
// or its page fails or, with m.stdin, the controls end.
func serve(ctx context.Context, e *env, c Config, m runMode) error {
	if _, set := os.LookupEnv("GOGC"); !set {
		defer debug.SetGCPercent(debug.SetGCPercent(gcPercent))
	}
	go trimWhenQuiet(ctx, time.Second)
	log := newLogger(e.stderr)
	cfg := table.Config{Players: c.Players, Rules: c.rules(), UnoGrace: c.UnoGrace, Virtual: m.virtual, Log: log,
		Lang: c.lang(), RefusalHold: c.RefusalHold}
	if c.UnoGrace == 0 {
		cfg.UnoGrace = -1 // the table reads 0 as its default
	}
	closeVoice := openVoice(e, c, &cfg)
	defer closeVoice()
	var ready atomic.Bool // no pings before READY=1
	watchdog(log, &cfg, &ready)

	if err := makeDataDir(c.Data); err != nil {
		return fmt.Errorf("run: %w", err)
	}
	unlock, err := lockData(c.Data)
	if err != nil {
		return fmt.Errorf("run: %w", err)
	}
	defer unlock()
	tj, err := openTableJournal(ctx, c, m.virtual, &cfg, e.stderr)
	if err != nil {
		return fmt.Errorf("run: %w", err)
	}
	defer func() { tj.close() }()
	j := tj.j
	res, closeReg, err := openResolver(ctx, c.Data, c.Deck)
	if err != nil {
		return fmt.Errorf("run: %w", err)
	}
	defer closeReg()
	logStart(log, c, m.config, res != nil)

	t, err := openTable(ctx, j, cfg, c.pinmap, m.virtual, res, log)
	if errors.Is(err, journal.ErrDamaged) {
		// The open game can't be read: damage found before the check.
		tj.close()
		tj = damagedJournal(err, c.Data, &cfg, e.stderr)
		j = tj.j
		t, err = openTable(ctx, j, cfg, c.pinmap, m.virtual, res, log)
	}
	if err != nil {
		return fmt.Errorf("run: %w", err)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	runErr := make(chan error, 1)
	go func() { runErr <- t.Run(ctx) }()

	var out sync.Mutex // stdout carries the address and the control answers
	pageErr, stopPage, err := startPage(e, log, c, m, t, tj, &out)
	if err != nil {
		cancel()
		<-runErr
		return err
	}
	defer stopPage()
	if tj.sql != nil {
		// The whole-file check, once the page is up: its verdict reaches
		// the banner when it is done (journal.CheckLater).
		go checkJournal(ctx, tj.sql.J, t, c.Data, e.stderr)
	}
	if m.stdin {
		go func() {
			control(ctx, t, e.stdin, e.stdout, &out, m.virtual)
			cancel()
		}()
	}
	notify(log, systemd.SdNotifyReady)
	ready.Store(true)
	return await(ctx, log, cancel, runErr, pageErr)
}

// await waits for the table to stop (ctx done, or its own error) or the
// page to fail, which stops the table.
func await(ctx context.Context, log *slog.Logger, cancel func(), runErr, pageErr <-chan error) error {
	var err error
	select {
	case err = <-runErr:
	case err = <-pageErr: // run prints it
		cancel()
		<-runErr
	case <-ctx.Done():
		err = <-runErr
	}
	notify(log, systemd.SdNotifyStopping)
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// watchdog sets the table's heartbeat to systemd's watchdog, if any.
func watchdog(log *slog.Logger, cfg *table.Config, ready *atomic.Bool) {
	wd, err := systemd.SdWatchdogEnabled(false)
	if err != nil {
		log.Warn("watchdog", "error", err)
	}
	if wd <= 0 {
		return
	}
	cfg.HeartbeatEvery = wd / 2
	cfg.Heartbeat = func() {
		if ready.Load() {
			notify(log, systemd.SdNotifyWatchdog)
		}
	}
}

// listen opens the page's listener; a variable for tests.
var listen = net.Listen

// pinFile is the file in the data directory that keeps the PIN chosen
// with the setup code, hashed.
const pinFile = "admin-pin"

// startPage serves the page of t on c.Listen, unless it is "". The
// channel reports a server that stopped by itself; stop shuts it down.
func startPage(e *env, log *slog.Logger, c Config, m runMode, t *table.Table, tj tableJournal, out *sync.Mutex) (<-chan error, func(), error) {
	if c.Listen == "" {
		return nil, func() {}, nil
	}
	ln, err := listenPage(c.Listen)
	if err != nil {
		return nil, nil, fmt.Errorf("run: %w", err)
	}
	addr := pageURL(ln.Addr(), lanAddr)
	t.SetPageURL(addr)
	var code string // the setup code shown
	opts := &web.Opts{
		PIN: c.AdminPIN, PINFile: filepath.Join(c.Data, pinFile),
		ShowCode: func(c string) { code = c; t.ShowCode(c) },
		Policy:   m.policy, Hosts: hostNames(c.Hosts), History: tj.hist, Lang: c.lang(),
		Log: log, SecondCopy: c.BackupDir,
	}
	if rec, ok := tj.j.(web.Record); ok {
		opts.Record = rec // a damaged journal has no record to show
	}
	if tj.sql != nil {
		opts.Copies = tj.sql.J
	}
	page := web.New(t, opts)
	first := code // read before the page serves: its setup changes code
	srv, capped := web.NewHTTPServer(page, ln, 0)
	failed := make(chan error, 1)
	go func() {
		if err := srv.Serve(capped); !errors.Is(err, http.ErrServerClosed) {
			failed <- fmt.Errorf("run: page: %w", err)
		}
	}()
	stop := func() {
		page.Close()
		sctx, scancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer scancel()
		if err := srv.Shutdown(sctx); err != nil {
			log.Warn("page shutdown", "error", err)
		}
	}
	what := "table"
	if m.virtual {
		what = "virtual table"
	}
	out.Lock()
	fmt.Fprintf(e.stdout, "unoref: %s at http://%s/\n", what, ln.Addr())
	out.Unlock()
	if m.virtual && first != "" {
		sayCode(e.stderr, addr, first)
	}
	return failed, stop, nil
}

// sayCode prints the first boot's setup code on the terminal of a table
// on simulators, as notebook servers print their token: the simulated
// OLED is in the daemon, so nobody could read it there. A real box never
// does: its code is on its own screen only.
func sayCode(w io.Writer, addr, code string) {
	fmt.Fprintf(w, "unoref: setup code %s (on the simulated OLED): open %s#code=%s and choose a PIN\n", code, addr, code)
}

// hostNames are the names the page answers to besides IP literals and
// localhost: this box's hostname, hostname.local (mDNS), and the config's.
func hostNames(extra []string) []string {
	names := []string{}
	if h, err := os.Hostname(); err == nil && h != "" {
		names = append(names, h, h+".local")
	}
	return append(names, extra...)
}

// listenPage opens the page's address. A port in use is a sentence that
// names --listen.
func listenPage(addr string) (net.Listener, error) {
	ln, err := listen("tcp", addr)
	if errors.Is(err, syscall.EADDRINUSE) {
		_, port, _ := net.SplitHostPort(addr)
		return nil, &portInUseError{port: port, err: err}
	}
	if err != nil {
		return nil, fmt.Errorf("--listen %s: %w", addr, err)
	}
	return ln, nil
}

// portInUseError is the page's port taken by another program.
type portInUseError struct {
	port string
	err  error
}

func (e *portInUseError) Error() string {
	return fmt.Sprintf("port %s is in use: another unoref, or choose one with --listen", e.port)
}

func (e *portInUseError) Unwrap() error { return e.err }

// notify tells systemd how the daemon is (sd_notify); without
// NOTIFY_SOCKET it does nothing.
func notify(log *slog.Logger, state string) {
	if _, err := systemd.SdNotify(false, state); err != nil {
		log.Warn("sd_notify", "state", state, "error", err)
	}
}

// underSystemd reports whether systemd runs this process as a service: it
// gave a notify socket (Type=notify), or an invocation ID while stderr is
// not a terminal (a desktop's terminal emulator, itself a systemd unit,
// passes its INVOCATION_ID on to the shells it runs).
func underSystemd(stderr io.Writer) bool {
	if os.Getenv("NOTIFY_SOCKET") != "" {
		return true
	}
	return os.Getenv("INVOCATION_ID") != "" && !isTerminal(stderr)
}

// spiDevice is the SPI port of the play-pad reader: its presence is what
// tells a Pi with SPI enabled. A variable for tests.
var spiDevice = "/dev/spidev0.0"

// onPi reports whether this looks like a Raspberry Pi with SPI enabled.
func onPi() bool {
	_, err := os.Stat(spiDevice)
	return err == nil
}

// openResolver opens the deck registry when the data directory has one.
func openResolver(ctx context.Context, dir, deck string) (table.Resolver, func(), error) {
	path := registry.Path(dir)
	if _, err := os.Stat(path); err != nil {
		if deck != "" {
			return nil, nil, fmt.Errorf("no deck registry in %s for --deck %s", dir, deck)
		}
		return nil, func() {}, nil
	}
	reg, err := registry.Open(ctx, path)
	if err != nil {
		return nil, nil, err
	}
	if deck == "" {
		decks, err := reg.Decks(ctx)
		if err != nil || len(decks) == 0 {
			reg.Close()
			return nil, func() {}, err
		}
		deck = decks[0].Name
	}
	r, err := registry.NewResolver(ctx, reg, deck)
	if err != nil {
		reg.Close()
		return nil, nil, err
	}
	return r, func() { reg.Close() }, nil
}

// openHost opens the machine's buses, lines and files, its GPIO lines
// labelled consumer: the one seam through which unoref reaches hardware
// (run, tag, enroll, doctor); tests replace it with the simulated board's.
var openHost = func(consumer string) (*board.Host, error) { return board.PiHost(consumer), nil }

// openTable opens the board and builds the table on it: the Pi's devices
// of pin map pm (nil: the reference build), saying which optional parts
// it found; or, when virtual, the virtual table's (package virtual), whose
// person plays it from the page.
func openTable(ctx context.Context, j table.Journal, cfg table.Config, pm *hardware.PinMap, virt bool, res table.Resolver, log *slog.Logger) (*table.Table, error) {
	b, person, err := openBoard(pm, virt)
	if err != nil {
		return nil, err
	}
	for _, p := range b.Parts {
		log.Info("optional part", "part", p)
	}
	dev := table.FromBoard(b)
	dev.Resolver, dev.Person = res, person
	t, err := table.New(ctx, dev, j, cfg)
	if err != nil {
		dev.Halt()
		return nil, err
	}
	return t, nil
}

// openBoard opens the Pi's board, or the virtual table's with its person.
func openBoard(pm *hardware.PinMap, virt bool) (*board.Board, table.Person, error) {
	if virt {
		vb, err := virtual.Open(nil)
		if err != nil {
			return nil, nil, err
		}
		return vb.Board, vb.Person, nil
	}
	h, err := openHost(gpioline.DefaultConsumer)
	if err != nil {
		return nil, nil, err
	}
	if pm == nil {
		pm = hardware.Default()
	}
	b, err := board.Open(pm, h)
	return b, nil, err
}

// control reads controls from r, one per line, until r ends or ctx is done.
func control(ctx context.Context, t *table.Table, r io.Reader, w io.Writer, mu *sync.Mutex, virtual bool) {
	sc := bufio.NewScanner(r)
	for sc.Scan() && ctx.Err() == nil {
		// A byte order mark (Notepad's UTF-8) is no part of the control.
		f := strings.Fields(strings.TrimPrefix(sc.Text(), "\ufeff"))
		if len(f) == 0 {
			continue
		}
		var answer string
		if f[0] == "oled" && len(f) == 3 && f[1] == "png" {
			answer = writeOLED(ctx, t, f[2], virtual)
		} else if f[0] == "oled" {
			answer = strings.ReplaceAll(t.OLEDText(), "\n", " | ")
		} else if f[0] == "state" {
			b, err := json.Marshal(t.Snapshot())
			if err != nil {
				answer = "error: " + err.Error()
			} else {
				answer = string(b)
			}
		} else if a, err := parseControl(f); err != nil {
			answer = "error: " + err.Error()
		} else if err := t.Do(ctx, a); err != nil {
			answer = "error: " + err.Error()
		} else {
			answer = "ok"
		}
		mu.Lock()
		fmt.Fprintln(w, answer)
		mu.Unlock()
	}
}

// writeOLED writes what the simulated OLED shows to path as a PNG, and
// answers "ok": the panel a camera would see (the QR code of first boot).
// A real box's screen is for the eyes at the table only.
func writeOLED(ctx context.Context, t *table.Table, path string, virtual bool) string {
	if !virtual {
		return "error: the OLED's picture is for the virtual table only"
	}
	if err := t.Sync(ctx); err != nil {
		return "error: " + err.Error()
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, t.OLED()); err != nil {
		return "error: " + err.Error()
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return "error: " + err.Error()
	}
	return "ok"
}

// parseControl reads one control line of --stdin: the words of the
// kind, then its arguments; the table checks them (table.Action).
func parseControl(f []string) (table.Action, error) {
	bad := fmt.Errorf("cannot read %q", msg.Echo(strings.Join(f, " ")))
	kind, err := table.ParseKind(f[0])
	if err != nil {
		return table.Action{}, bad
	}
	a, args := table.Action{Kind: kind}, f[1:]
	switch kind {
	case table.KindTap, table.KindRemove:
		a.Pad = "play"
		if len(args) > 0 && (args[0] == "play" || args[0] == "draw") {
			a.Pad, args = args[0], args[1:]
		}
		if kind == table.KindTap {
			if len(args) != 1 {
				return a, bad
			}
			a.Card = args[0]
		}
	case table.KindPress:
		if len(args) != 1 {
			return a, bad
		}
		a.Button = args[0]
	case table.KindSeat:
		n, err := strconv.Atoi(strings.Join(args, ""))
		if err != nil {
			return a, bad
		}
		a.Seat = n
	case table.KindNewGame:
		if len(args) > 0 {
			a.Players = splitNames(args[0])
		}
		if len(args) > 1 {
			a.Rules = strings.Join(args[1:], " ")
		}
	case table.KindPoints:
		if len(args) != 2 {
			return a, bad
		}
		n, err := strconv.Atoi(args[1])
		if err != nil {
			return a, bad
		}
		a.Name, a.Points = args[0], n
	case table.KindRename:
		if len(args) != 2 {
			return a, bad
		}
		a.Name, a.NewName = args[0], args[1]
	case table.KindUndo, table.KindEnd, table.KindFinish, table.KindRules, table.KindNames:
		if len(args) != 0 {
			return a, bad
		}
	default:
		return a, bad // voice: the page's settings form
	}
	return a, nil
}

// splitNames reads a comma-separated list of players (--players, the
// console's newgame): blanks around a name are no part of it, so
// "Аня, Боря, Вика" is three players, and an empty name is skipped.
func splitNames(s string) []string {
	var names []string
	for _, n := range strings.Split(s, ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	return names
}

// tableJournal is the journal the daemon runs on: j for the table, hist
// for the page's history (nil without one), sql the journal itself (nil
// when it is damaged or could not open), close to close it.
type tableJournal struct {
	j     table.Journal
	hist  web.History
	sql   *table.SQLJournal
	close func() error
}

// openTableJournal opens the journal of the data directory, leaving its
// whole-file check for later (checkJournal, once the page is up), and
// marking the games it starts on the virtual table as played on simulated
// devices (kept in the record with devices.keep_sim_games). A
// damaged one (journal.ErrDamaged) does not stop the daemon, which would
// only be restarted into the same state: it is said on the page in the
// page's language (cfg.Alert, damageAlert) and on the log in English, with
// the command that restores the rolling copy, and the table runs without a
// journal, refusing new games. Nor does a full card (journal.ErrDiskFull):
// the table starts with its banner and opens the journal once there is
// room (table.RetryJournal).
func openTableJournal(ctx context.Context, c Config, virtual bool, cfg *table.Config, stderr io.Writer) (tableJournal, error) {
	data := c.Data
	cfg.DataDir = data
	cfg.FreeSpace = func() (uint64, error) { return journal.FreeSpace(data) }
	opts := &journal.Opts{Check: journal.CheckLater, SecondCopy: c.BackupDir, SecondCheck: secondPlace(data),
		Warn:      func(err error) { fmt.Fprintln(stderr, "unoref:", err) },
		Simulated: virtual, KeepSimulated: c.KeepSim}
	open := func(ctx context.Context) (*table.SQLJournal, error) {
		return table.OpenJournalWith(ctx, filepath.Join(data, journalFile), opts)
	}
	j, err := open(ctx)
	switch {
	case err == nil:
		return tableJournal{j: j, hist: j, sql: j, close: j.Close}, nil
	case errors.Is(err, journal.ErrDiskFull):
		fmt.Fprintf(stderr, "unoref: %v\n", err)
		cfg.CardFull = true
		r := &table.RetryJournal{Open: open}
		return tableJournal{j: r, close: r.Close}, nil
	case !errors.Is(err, journal.ErrDamaged):
		return tableJournal{}, err
	}
	return damagedJournal(err, data, cfg, stderr), nil
}

// damagedJournal is the stand-in for the damaged journal of data: the
// banner and the log say so, and no game is journaled.
func damagedJournal(err error, data string, cfg *table.Config, stderr io.Writer) tableJournal {
	cfg.Alert = damageAlert(err, data)
	fmt.Fprintf(stderr, "unoref: %s (%s)\n", lang.English.Render(cfg.Alert), cfg.Alert.Args.Text)
	return tableJournal{j: table.DamagedJournal{Err: err}, close: func() error { return nil }}
}

// checkJournal runs the journal's whole-file check (PRAGMA quick_check)
// and, if it finds damage, shows it on the table's banner and log as a
// damage found at start is, and stops the table journaling.
func checkJournal(ctx context.Context, j *journal.Journal, t *table.Table, data string, stderr io.Writer) {
	// Let the first page views have the CPU: on a Pi Zero the check reads
	// the whole file for seconds.
	select {
	case <-ctx.Done():
		return
	case <-time.After(checkAfter):
	}
	err := j.Check(ctx)
	if ctx.Err() != nil {
		return // the daemon stops
	}
	if !errors.Is(err, journal.ErrDamaged) {
		if err != nil && ctx.Err() == nil {
			fmt.Fprintf(stderr, "unoref: checking the journal: %v\n", err)
		}
		return
	}
	alert := damageAlert(err, data)
	fmt.Fprintf(stderr, "unoref: %s (%s)\n", lang.English.Render(alert), alert.Args.Text)
	t.Problem(ctx, alert, msg.Msg{Key: "table.damaged"})
}

// checkAfter is how long after the page is up the whole-file check starts.
const checkAfter = time.Second

// secondPlace refuses a second place for the copies (backup.dir) on the
// disk of the data directory: a USB stick not mounted leaves its mount
// point, a directory of the SD card itself.
func secondPlace(data string) func(dir string) error {
	return func(dir string) error {
		same, err := sameDisk(data, dir)
		if err != nil {
			return err
		}
		if same {
			return fmt.Errorf("%s is on the same disk as the journal (%s): is the USB stick or the share mounted?", dir, data)
		}
		return nil
	}
}

// damageAlert is the page's banner for the damaged journal of data: what
// to do as a key and its arguments (the journal, when its copy was made,
// the command that restores it), and the technical reason, in English,
// in Args.Text.
func damageAlert(err error, data string) msg.Msg {
	a := msg.Args{Path: filepath.Join(data, journalFile), Text: err.Error()}
	var de *journal.DamageError
	if !errors.As(err, &de) {
		return msg.Msg{Key: "table.alert.damaged.nocopy", Args: a}
	}
	a.Path, a.Text = de.Path, de.Reason
	if de.Backup == "" {
		return msg.Msg{Key: "table.alert.damaged.nocopy", Args: a}
	}
	a.Command, a.Time = "unoref restore --data "+shellWord(data), de.Taken
	return msg.Msg{Key: "table.alert.damaged", Args: a}
}

// shellWord is s as one word of a shell command: as it is when it holds
// nothing a shell reads specially, else in single quotes.
func shellWord(s string) string {
	if s != "" && !strings.ContainsFunc(s, func(r rune) bool { return !strings.ContainsRune(shellSafe, r) }) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// shellSafe are the characters a shell word may hold unquoted.
const shellSafe = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+=:,@%"
