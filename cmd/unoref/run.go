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
	"time"

	"periph.io/x/host/v3"

	"github.com/unoref/unoref/cards/registry"
	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/cmd/unoref/internal/web"
	"github.com/unoref/unoref/hardware"
)

var _ web.Table = (*table.Table)(nil)

var runCmd = &command{
	name:    "run",
	args:    "[--sim] [--listen ADDR] [--data DIR] [--pinmap FILE] [--players A,B,C] [--rules RULES] [--uno-grace D] [--deck NAME] [--stdin]",
	summary: "referee the table (the default command)",
	help: `Runs the referee: on a Raspberry Pi with SPI enabled it opens the devices of
the pin map (--pinmap, default the reference build) and referees the cards
tapped on the pads and the buttons pressed; anywhere else, or with --sim, it
runs the virtual table: the same referee on simulated readers, OLED, LEDs,
buzzer and buttons, played from its page.

The page listens on --listen (default 127.0.0.1:8080; "" for none). Every
accepted event is committed to the journal in --data (default $UNOREF_DATA,
else /var/lib/unoref when readable, else ~/.local/share/unoref) before the
table shows it; on start the open game resumes where it was. SIGTERM or
Ctrl-C halts every device: antenna off, screen blank, LEDs low.

--players and --rules set up a new game when the page names none. --uno-grace
is how long after the card that leaves a player one card their UNO call still
beats the automatic catch (0: none). --deck picks the enrolled deck of the
registry (decks.db in the data directory); without a registry the card code
written on each tag is used.

--stdin (virtual table) reads controls from standard input, one per line,
answering each with "ok", "error: SENTENCE" or, for "state", the snapshot as
JSON; the daemon stops when the input ends:
    newgame Ann,Ben,Cy [RULES…]   tap [play|draw] CARD   remove [play|draw]
    press uno|draw|pass|challenge|R|Y|G|B   seat N   points NAME N   state`,
	run: runRun,
}

func runRun(ctx context.Context, self *command, e *env, args []string) error {
	fset := flag.NewFlagSet("run", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	sim := fset.Bool("sim", false, "run the virtual table even on a Pi")
	listen := fset.String("listen", "127.0.0.1:8080", "address of the page")
	data := fset.String("data", dataDir(), "directory of the journal and the deck registry")
	pinmap := fset.String("pinmap", "", "pin map file (default: the reference build)")
	players := fset.String("players", "", "seats for a new game, comma separated")
	rules := fset.String("rules", "official", "rules for a new game, as on a rules line")
	grace := fset.Duration("uno-grace", 2*time.Second, "grace period of an UNO call")
	deck := fset.String("deck", "", "enrolled deck to play with")
	stdin := fset.Bool("stdin", false, "read controls from standard input (virtual table)")
	if err := fset.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printUsage(e.stdout, self)
			return nil
		}
		return &usageError{cmd: self, msg: "run: " + err.Error()}
	}
	if fset.NArg() > 0 {
		return &usageError{cmd: self, msg: "run takes no arguments"}
	}
	cfg := table.Config{Rules: *rules, UnoGrace: *grace}
	if *grace <= 0 {
		cfg.UnoGrace = -1
	}
	if *players != "" {
		cfg.Players = strings.Split(*players, ",")
	}
	if err := os.MkdirAll(*data, 0o755); err != nil {
		return fmt.Errorf("run: %w", err)
	}
	j, err := table.OpenJournal(ctx, filepath.Join(*data, journalFile))
	if err != nil {
		return fmt.Errorf("run: %w", err)
	}
	defer j.Close()
	res, closeReg, err := openResolver(ctx, *data, *deck)
	if err != nil {
		return fmt.Errorf("run: %w", err)
	}
	defer closeReg()

	var t *table.Table
	virtual := *sim || !onPi()
	if virtual {
		t, err = table.NewVirtual(ctx, j, cfg, &table.VirtualOpts{Resolver: res})
	} else {
		t, err = openBoard(ctx, j, cfg, *pinmap, res, e.stderr)
	}
	if err != nil {
		return fmt.Errorf("run: %w", err)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	runErr := make(chan error, 1)
	go func() { runErr <- t.Run(ctx) }()

	var out sync.Mutex // stdout carries the address and the control answers
	if *listen != "" {
		ln, err := net.Listen("tcp", *listen)
		if err != nil {
			cancel()
			<-runErr
			return fmt.Errorf("run: page: %w", err)
		}
		page := web.New(t, nil)
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
	if *stdin {
		go func() {
			control(ctx, t, e.stdin, e.stdout, &out)
			cancel()
		}()
	}
	err = <-runErr
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// onPi reports whether this looks like a Raspberry Pi with SPI enabled.
func onPi() bool {
	_, err := os.Stat("/dev/spidev0.0")
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
func openBoard(ctx context.Context, j table.Journal, cfg table.Config, pinmap string, res table.Resolver, stderr io.Writer) (*table.Table, error) {
	if _, err := host.Init(); err != nil {
		return nil, err
	}
	pm := hardware.Default()
	if pinmap != "" {
		var err error
		if pm, err = hardware.LoadFile(pinmap); err != nil {
			return nil, err
		}
	}
	if err := pm.Validate(); err != nil {
		return nil, err
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
