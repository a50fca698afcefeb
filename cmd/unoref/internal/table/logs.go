package table

import (
	"context"
	"log/slog"
	"strings"

	"github.com/unoref/unoref/cmd/unoref/internal/screen"
)

// discard is the logger of a table whose Config has none.
var discard = slog.New(slog.DiscardHandler)

// logger is Config.Log, or one that drops every line.
func (c *Config) logger() *slog.Logger {
	if c.Log == nil {
		return discard
	}
	return c.Log
}

// logGame logs msg ("game started", "game resumed") about the current game:
// its number, players and rules.
func (t *Table) logGame(msg string) {
	t.cfg.logger().Info(msg, "game", t.cur.id, "players", t.cur.shownPlayers(),
		"rules", t.cur.game.Rules().String(), "events", t.cur.events)
}

// shownPlayers are the players of the game as the table shows them: a
// renamed seat by its new name.
func (g *currentGame) shownPlayers() string {
	ps := g.game.State().Players
	shown := make([]string, len(ps))
	for i, p := range ps {
		shown[i] = g.disp(p)
	}
	return strings.Join(shown, " ")
}

// logEnded logs the end of the current game, as how it ended says.
func (t *Table) logEnded(how screen.End) {
	st := t.cur.game.State()
	winner := ""
	if st.Winner != "" {
		winner = t.cur.disp(st.Winner)
	}
	t.cfg.logger().Info("game ended", "game", t.cur.id, "result", result(how), "winner", winner,
		"players", t.cur.shownPlayers(), "rules", t.cur.game.Rules().String())
}

// logRefused logs an admin action the table refused, with its reason.
func (t *Table) logRefused(a Action, err error) {
	if a.Kind.Admin() {
		t.cfg.logger().LogAttrs(context.Background(), slog.LevelWarn, "admin request refused",
			slog.String("action", string(a.Kind)), slog.String("reason", err.Error()))
	}
}

// output notes that an output part failed to take what it was told, when
// err says so: a part that fails (a dead line, an OLED that no longer
// acknowledges) is logged once and marked vanished in Snapshot.Parts, as
// an optional part that stops answering is, until the daemon restarts.
// The table goes on without it.
func (t *Table) output(part string, err error) {
	if err == nil {
		return
	}
	var lost bool
	if t.parts, lost = t.parts.Lose(part, err.Error()); lost {
		t.cfg.logger().Warn("part vanished", "part", part, "error", err)
	}
}
