package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	systemd "github.com/coreos/go-systemd/v22/daemon"
	"periph.io/x/host/v3"

	"github.com/unoref/unoref/cards/registry"
	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/web"
	"github.com/unoref/unoref/hardware"
	"github.com/unoref/unoref/referee/journal"
)

var _ web.Table = (*table.Table)(nil)

var runCmd = &command{
	name:    "run",
	args:    "[--sim] [--config FILE] [--listen ADDR] [--data DIR] [--pinmap FILE] [--players A,B,C] [--rules RULES] [--uno-grace D] [--deck NAME] [--stdin]",
	summary: "referee the table (the default command)",
	help: `Runs the referee: on a Raspberry Pi with SPI enabled it opens the devices of
the pin map (--pinmap, default the reference build) and referees the cards
tapped on the pads and the buttons pressed; anywhere else, or with --sim, it
runs the virtual table: the same referee on simulated readers, OLED, LEDs,
buzzer and buttons, played from its page. Under systemd (the unit of
firmware/) a Pi without /dev/spidev0.0 is an error, not the virtual table.

--config reads the settings from a TOML file (default $UNOREF_CONFIG, else
none; keys in firmware/unoref.toml and firmware/README.md); a flag given on
the command line wins over the file's key, and --rules replaces the file's
game.preset, game.options and game.target.

The page listens on --listen (default 127.0.0.1:8080; "" for none). Every
accepted event is committed to the journal in --data (default $UNOREF_DATA,
else /var/lib/unoref when readable, else ~/.local/share/unoref) before the
table shows it; on start the open game resumes where it was. SIGTERM or
Ctrl-C halts every device: antenna off, screen blank, LEDs low.

--players and --rules set up a new game when the page names none. --uno-grace
is how long after the card that leaves a player one card their UNO call still
beats the automatic catch (0: none; at most 30s). --deck picks the enrolled
deck of the registry (decks.db in the data directory); without a registry the
card code written on each tag is used.

Under systemd with Type=notify it sends READY=1 once the devices are open and
the page listens, WATCHDOG=1 from the table's loop at half of WatchdogSec, and
STOPPING=1 when it stops.

--stdin (virtual table) reads controls from standard input, one per line,
answering each with "ok", "error: SENTENCE" or, for "state", the snapshot as
JSON; the daemon stops when the input ends:
    newgame Ann,Ben,Cy [RULES…]   tap [play|draw] CARD   remove [play|draw]
    press uno|draw|pass|challenge|R|Y|G|B   seat N   points NAME N   state`,
	run: runRun,
}

func runRun(ctx context.Context, self *command, e *env, args []string) error {
	c, o, err := parseRun(self, args)
	if errors.Is(err, flag.ErrHelp) {
		printUsage(e.stdout, self)
		return nil
	}
	if err != nil {
		return err
	}
	virtual := o.sim || !onPi()
	if virtual && !o.sim && underSystemd(e.stderr) {
		return fmt.Errorf("run: no %s: SPI is off (dtparam=spi=on in /boot/firmware/config.txt, then reboot) or this is not a Raspberry Pi; under systemd the daemon does not fall back to the virtual table (--sim runs it)", spiDevice)
	}
	return serve(ctx, e, c, virtual, o.stdin)
}

// runFlags are the flags of run that are not configuration.
type runFlags struct{ sim, stdin bool }

// parseRun reads run's command line: the configuration file of --config
// (or $UNOREF_CONFIG), then the flags given, which win over its keys.
func parseRun(self *command, args []string) (Config, runFlags, error) {
	var o runFlags
	fset := flag.NewFlagSet("run", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	fset.BoolVar(&o.sim, "sim", false, "run the virtual table even on a Pi")
	cfgFile := fset.String("config", "", "configuration file (default $UNOREF_CONFIG)")
	listen := fset.String("listen", "127.0.0.1:8080", "address of the page")
	data := fset.String("data", "", "directory of the journal and the deck registry")
	pinmap := fset.String("pinmap", "", "pin map file (default: the reference build)")
	players := fset.String("players", "", "seats for a new game, comma separated")
	rules := fset.String("rules", "official", "rules for a new game, as on a rules line")
	grace := fset.Duration("uno-grace", 2*time.Second, "grace period of an UNO call")
	deck := fset.String("deck", "", "enrolled deck to play with")
	fset.BoolVar(&o.stdin, "stdin", false, "read controls from standard input (virtual table)")
	if err := fset.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return Config{}, o, err
		}
		return Config{}, o, &usageError{cmd: self, msg: "run: " + err.Error()}
	}
	if fset.NArg() > 0 {
		return Config{}, o, &usageError{cmd: self, msg: "run takes no arguments"}
	}

	c := defaultConfig()
	path := *cfgFile
	if path == "" {
		path = os.Getenv("UNOREF_CONFIG")
	}
	if path != "" {
		if err := loadConfig(path, &c); err != nil {
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
			c.Players = nil
			if *players != "" {
				c.Players = strings.Split(*players, ",")
			}
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
			c.UnoGrace, err = *grace, checkGrace(*grace)
		case "deck":
			c.Deck, err = *deck, checkDeck(*deck)
		}
		if err != nil {
			errs = append(errs, &ConfigError{Key: "--" + f.Name, Msg: err.Error()})
		}
	})
	if err := errors.Join(errs...); err != nil {
		return Config{}, o, &usageError{cmd: self, msg: "run: " + err.Error()}
	}
	return c, o, nil
}

// serve runs the table of configuration c until ctx is done, the table
// fails or, with stdin, the controls end.
func serve(ctx context.Context, e *env, c Config, virtual, stdin bool) error {
	cfg := table.Config{Players: c.Players, Rules: c.rules(), UnoGrace: c.UnoGrace, Virtual: virtual}
	if c.UnoGrace == 0 {
		cfg.UnoGrace = -1 // the table reads 0 as its default
	}
	wd, err := systemd.SdWatchdogEnabled(false)
	if err != nil {
		fmt.Fprintf(e.stderr, "unoref: watchdog: %v\n", err)
	}
	var ready atomic.Bool // no pings before READY=1
	if wd > 0 {
		cfg.HeartbeatEvery = wd / 2
		cfg.Heartbeat = func() {
			if ready.Load() {
				notify(e.stderr, systemd.SdNotifyWatchdog)
			}
		}
	}

	if err := os.MkdirAll(c.Data, 0o755); err != nil {
		return fmt.Errorf("run: %w", err)
	}
	j, hist, closeJ, err := openTableJournal(ctx, c.Data, &cfg, e.stderr)
	if err != nil {
		return fmt.Errorf("run: %w", err)
	}
	defer closeJ()
	res, closeReg, err := openResolver(ctx, c.Data, c.Deck)
	if err != nil {
		return fmt.Errorf("run: %w", err)
	}
	defer closeReg()

	var t *table.Table
	if virtual {
		t, err = table.NewVirtual(ctx, j, cfg, &table.VirtualOpts{Resolver: res})
	} else {
		t, err = openBoard(ctx, j, cfg, c.pinmap, res, e.stderr)
	}
	if err != nil {
		return fmt.Errorf("run: %w", err)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	runErr := make(chan error, 1)
	go func() { runErr <- t.Run(ctx) }()

	var out sync.Mutex // stdout carries the address and the control answers
	if c.Listen != "" {
		ln, err := net.Listen("tcp", c.Listen)
		if err != nil {
			cancel()
			<-runErr
			return fmt.Errorf("run: page: %w", err)
		}
		page := web.New(t, &web.Opts{PIN: c.AdminPIN, History: hist})
		srv := &http.Server{Handler: page, ReadHeaderTimeout: 10 * time.Second}
		go srv.Serve(ln)
		defer func() {
			page.Close()
			sctx, scancel := context.WithTimeout(context.Background(), 2*time.Second)
			srv.Shutdown(sctx)
			scancel()
		}()
		what := "table"
		if virtual {
			what = "virtual table"
		}
		out.Lock()
		fmt.Fprintf(e.stdout, "unoref: %s at http://%s/\n", what, ln.Addr())
		out.Unlock()
	}
	if stdin {
		go func() {
			control(ctx, t, e.stdin, e.stdout, &out)
			cancel()
		}()
	}
	notify(e.stderr, systemd.SdNotifyReady)
	ready.Store(true)

	select {
	case err = <-runErr:
		notify(e.stderr, systemd.SdNotifyStopping)
	case <-ctx.Done():
		notify(e.stderr, systemd.SdNotifyStopping)
		err = <-runErr
	}
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// notify tells systemd how the daemon is (sd_notify); without
// NOTIFY_SOCKET it does nothing.
func notify(stderr io.Writer, state string) {
	if _, err := systemd.SdNotify(false, state); err != nil {
		fmt.Fprintf(stderr, "unoref: sd_notify %s: %v\n", state, err)
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
	if os.Getenv("INVOCATION_ID") == "" {
		return false
	}
	if f, ok := stderr.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			return false
		}
	}
	return true
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

// openBoard opens the Pi's devices of the pin map.
// pm is nil for the reference build.
func openBoard(ctx context.Context, j table.Journal, cfg table.Config, pm *hardware.PinMap, res table.Resolver, stderr io.Writer) (*table.Table, error) {
	if _, err := host.Init(); err != nil {
		return nil, err
	}
	if pm == nil {
		pm = hardware.Default()
		if err := pm.Validate(); err != nil {
			return nil, err
		}
	}
	dev, err := table.OpenBoard(pm, func(err error) { fmt.Fprintf(stderr, "unoref: %v\n", err) })
	if err != nil {
		return nil, err
	}
	dev.Resolver = res
	t, err := table.New(ctx, dev, j, cfg)
	if err != nil {
		dev.Halt()
		return nil, err
	}
	return t, nil
}

// control reads controls from r, one per line, until r ends or ctx is done.
func control(ctx context.Context, t *table.Table, r io.Reader, w io.Writer, mu *sync.Mutex) {
	sc := bufio.NewScanner(r)
	for sc.Scan() && ctx.Err() == nil {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		var answer string
		if f[0] == "state" {
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

// parseControl reads one control line of --stdin.
func parseControl(f []string) (table.Action, error) {
	bad := fmt.Errorf("cannot read %q", strings.Join(f, " "))
	switch f[0] {
	case "tap", "remove":
		a := table.Action{Kind: f[0], Pad: "play"}
		rest := f[1:]
		if len(rest) > 0 && (rest[0] == "play" || rest[0] == "draw") {
			a.Pad, rest = rest[0], rest[1:]
		}
		if f[0] == "tap" {
			if len(rest) != 1 {
				return a, bad
			}
			a.Card = rest[0]
		}
		return a, nil
	case "press":
		if len(f) != 2 {
			return table.Action{}, bad
		}
		return table.Action{Kind: "press", Button: f[1]}, nil
	case "seat":
		n, err := strconv.Atoi(strings.Join(f[1:], ""))
		if err != nil {
			return table.Action{}, bad
		}
		return table.Action{Kind: "seat", Seat: n}, nil
	case "newgame":
		a := table.Action{Kind: "newgame"}
		if len(f) > 1 {
			a.Players = strings.Split(f[1], ",")
		}
		if len(f) > 2 {
			a.Rules = strings.Join(f[2:], " ")
		}
		return a, nil
	case "points":
		if len(f) != 3 {
			return table.Action{}, bad
		}
		n, err := strconv.Atoi(f[2])
		if err != nil {
			return table.Action{}, bad
		}
		return table.Action{Kind: "points", Name: f[1], Points: n}, nil
	}
	return table.Action{}, bad
}

// openTableJournal opens the journal of the data directory. A damaged one
// (journal.ErrDamaged) does not stop the daemon, which would only be
// restarted into the same state: it is said on the log and on the page
// (cfg.Alert), with the command that restores the rolling copy, and the
// table runs without a journal, refusing new games.
func openTableJournal(ctx context.Context, data string, cfg *table.Config, stderr io.Writer) (table.Journal, web.History, func() error, error) {
	j, err := table.OpenJournal(ctx, filepath.Join(data, journalFile))
	if err == nil {
		return j, j, j.Close, nil
	}
	if !errors.Is(err, journal.ErrDamaged) {
		return nil, nil, nil, err
	}
	cfg.Alert = fmt.Sprintf("%s No game can be saved until then; the command in full: unoref restore --data %s", err, data)
	fmt.Fprintf(stderr, "unoref: %s\n", cfg.Alert)
	return table.DamagedJournal{Err: err}, nil, func() error { return nil }, nil
}
