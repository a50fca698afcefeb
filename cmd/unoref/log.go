package main

import (
	"io"
	"log/slog"
	"os"
	"path/filepath"

	"golang.org/x/term"

	"github.com/unoref/unoref/cards/registry"
)

// newLogger is the daemon's one logger: a line of key=value pairs on w
// for each thing worth knowing (where the data lives, games started,
// resumed and ended, refused admin requests, device trouble). Under
// systemd the journal stamps the time, so the line does not.
func newLogger(w io.Writer) *slog.Logger {
	o := &slog.HandlerOptions{}
	if underSystemd(w) {
		o.ReplaceAttr = func(groups []string, a slog.Attr) slog.Attr {
			if len(groups) == 0 && a.Key == slog.TimeKey {
				return slog.Attr{}
			}
			return a
		}
	}
	return slog.New(slog.NewTextHandler(w, o))
}

// logStart logs where the daemon keeps its data and what it read: the
// journal, the configuration file and the deck registry.
func logStart(log *slog.Logger, c Config, configFile string, decks bool) {
	config, reg := configFile, registry.Path(c.Data)
	if config == "" {
		config = "none"
	}
	if !decks {
		reg = "none"
	}
	log.Info("unoref starting", "version", versionString(), "journal", filepath.Join(c.Data, journalFile),
		"config", config, "decks", reg, "listen", c.Listen)
}

// isTerminal reports whether w is a terminal a person watches.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// terminalWidth is the width of terminal w in columns, 0 if unknown.
func terminalWidth(w io.Writer) int {
	f, ok := w.(*os.File)
	if !ok {
		return 0
	}
	cols, _, err := term.GetSize(int(f.Fd()))
	if err != nil {
		return 0
	}
	return cols
}
