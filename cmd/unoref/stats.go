package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee/journal"
)

var statsCmd = &command{
	name:    "stats",
	args:    "[--data DIR] [--config FILE] [--player NAME] [--last N] [--since DATE] [--until DATE] [--json]",
	summary: "show the family's record: leaderboard, each player's statistics, trends",
	help: `Shows the record of the roster's players in the journal of --data: games
and rounds played and won (a game abandoned before a round ended was not
played), average points left in hand per round, UNO calls made, forgotten
(whoever caught them, or nobody) and other players' forgotten calls caught,
refused events, the mistakes behind them (after-wild: a card matched to the
wild rather than the colour named; out-of-turn: a card played on another's
turn, a wrong jump-in too; wd4-guilty: a Wild Draw Four shown by a challenge
to have been played with the colour in hand), the refusals of their last
five games, head to head and by preset.

--player NAME shows one player: best and worst rounds, refusals by code and
their games. --last N counts only the last N games started (of the player,
with --player); --since and --until (YYYY-MM-DD, midnight in local time, or
RFC 3339) the games started in that span, --until excluded.

--json prints the same for programs; every name in it is snake_case, a
player too:
    {"games": 2, "rounds": 2, "players": [{"player": {"id": 1, "name": "Mia",
      "mark": "★", "usual_seat": 1}, "games": 2, "games_won": 1, ...,
      "uno_called": 2, "uno_forgot": 1, "uno_forgot_caught": 0,
      "uno_caught_others": 1, "refused": 1, ...}], "head_to_head": [...], ...}
(usual_seat counts from 1, null when none; uno_forgot_caught is how many of
the forgotten calls another player caught).

` + dataHelp,
	run: runStats,
}

// periodFlags choose the games statistics count: stats and export --players.
type periodFlags struct {
	last         int
	since, until string
}

func (p *periodFlags) add(fset *flag.FlagSet) {
	fset.IntVar(&p.last, "last", 0, "only the last N games")
	fset.StringVar(&p.since, "since", "", "only games started on or after DATE")
	fset.StringVar(&p.until, "until", "", "only games started before DATE")
}

// period reads the flags; the error is a sentence for the usage.
func (p *periodFlags) period() (journal.Period, error) {
	var per journal.Period
	if p.last < 0 {
		return per, fmt.Errorf("--last takes a number of games, 1 or more (got %d)", p.last)
	}
	per.Last = p.last
	var err error
	if per.Since, err = parseDate("--since", p.since); err != nil {
		return per, err
	}
	per.Until, err = parseDate("--until", p.until)
	return per, err
}

// parseDate reads a day (midnight, local time) or an RFC 3339 time.
func parseDate(flag, s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	if t, err := time.ParseInLocation(time.DateOnly, s, time.Local); err == nil {
		return t, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	return time.Time{}, fmt.Errorf("%s takes a date, YYYY-MM-DD (got %q)", flag, s)
}

func runStats(ctx context.Context, self *command, e *env, args []string) error {
	var (
		h  historyFlags
		pf periodFlags
	)
	fset := flag.NewFlagSet("stats", flag.ContinueOnError)
	h.addData(fset)
	h.addLang(fset)
	pf.add(fset)
	player := fset.String("player", "", "one roster player")
	asJSON := fset.Bool("json", false, "print JSON")
	if err := h.parse(self, fset, args); err != nil {
		return err
	}
	per, err := pf.period()
	if err != nil {
		return &usageError{cmd: self, msg: "stats: " + err.Error()}
	}
	j, err := openJournal(ctx, "stats", h.data)
	if err != nil {
		return err
	}
	defer j.Close()
	if *player != "" {
		return playerStats(ctx, j, *player, per, *asJSON, e.stdout, h.lang)
	}
	f, err := j.Stats(ctx, per)
	if err != nil {
		return fmt.Errorf("stats: %w", err)
	}
	if *asJSON {
		return writeJSON(e.stdout, f)
	}
	return writeFamily(e.stdout, f, h.lang)
}

// playerJSON is `stats --player NAME --json`.
type playerJSON struct {
	journal.PlayerStats
	GameList []journal.PlayerGame `json:"game_list"`
}

func playerStats(ctx context.Context, j *history, name string, per journal.Period, asJSON bool, w io.Writer, l lang.Lang) error {
	p, err := j.PlayerByName(ctx, name)
	if errors.Is(err, journal.ErrNoPlayer) {
		return noPlayer(ctx, j, name)
	}
	if err != nil {
		return fmt.Errorf("stats: %w", err)
	}
	st, err := j.PlayerStats(ctx, p.ID, per)
	if err != nil {
		return fmt.Errorf("stats: %w", err)
	}
	games, err := j.PlayerGames(ctx, p.ID, per)
	if err != nil {
		return fmt.Errorf("stats: %w", err)
	}
	if asJSON {
		return writeJSON(w, playerJSON{PlayerStats: st, GameList: games})
	}
	return writePlayer(w, st, games, l)
}

// noPlayer says that nobody on the roster is called name, and who is.
func noPlayer(ctx context.Context, j *history, name string) error {
	roster, err := j.Roster(ctx)
	if err != nil {
		return fmt.Errorf("stats: %w", err)
	}
	if len(roster) == 0 {
		return fmt.Errorf("stats: no player named %s: the roster is empty (add players on the family page)", name)
	}
	names := make([]string, len(roster))
	for i, p := range roster {
		names[i] = p.Name
	}
	return fmt.Errorf("stats: no player named %s: the players are %s", name, listAnd(names))
}

// listAnd is "Ann", "Ann and Ben", "Ann, Ben and Cy".
func listAnd(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// writeFamily prints the leaderboard, the trends, head to head and
// presets, in l.
func writeFamily(w io.Writer, f journal.FamilyStats, l lang.Lang) error {
	say := sayer(l)
	fmt.Fprintf(w, "%s, %s\n\n", say("page.fam.games", msg.Args{N: f.Games}), l.Render(msg.Msg{Key: "page.fam.rounds", Args: msg.Args{N: f.Rounds}}))
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "#\t"+headerRow(l, "player", "games", "won", "rounds", "won", "leftround", "unocalled", "forgot", "others", "refused"))
	for i, s := range f.Players {
		fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%d\t%d\t%s\t%d\t%d\t%d\t%d\n", i+1, s.Player.Name, s.Games, s.GamesWon,
			s.Rounds, s.RoundsWon, l.Decimal(s.AvgLeft), s.UnoCalled, s.UnoForgot, s.UnoCatches, s.Refused)
	}
	tw.Flush()
	fmt.Fprintln(w)
	for _, s := range f.Players {
		if line := trendLine(s, l); line != "" {
			fmt.Fprintln(w, line)
		}
	}
	if len(f.HeadToHead) > 0 {
		fmt.Fprintln(w, "\n"+say("cli.stats.heads", msg.Args{}))
		for _, h := range f.HeadToHead {
			fmt.Fprintln(w, "  "+l.Render(msg.Msg{Key: "cli.stats.head", Args: msg.Args{Player: h.AName, Other: h.BName, N: h.Games,
				Value: fmt.Sprintf("%d–%d", h.AWon, h.BWon), Text: fmt.Sprintf("%d–%d", h.ARounds, h.BRounds)}}))
		}
	}
	if len(f.Presets) > 0 {
		fmt.Fprintln(w, "\n"+say("cli.stats.presets", msg.Args{}))
		for _, p := range f.Presets {
			fmt.Fprintln(w, "  "+l.Render(msg.Msg{Key: "cli.stats.preset", Args: msg.Args{Rule: p.Preset, Player: p.Player, N: p.GamesWon, K: p.Games}}))
		}
	}
	return nil
}

// trendLine is "Mia's refused plays: 6 → 1 per game over 5 games".
func trendLine(s journal.PlayerStats, l lang.Lang) string {
	if len(s.Trend) < 2 {
		return ""
	}
	n := make([]string, len(s.Trend))
	for i, g := range s.Trend {
		n[i] = fmt.Sprint(g.N)
	}
	return sayer(l)("cli.stats.trend", msg.Args{Player: s.Player.Name, Text: strings.Join(n, " → "), N: len(s.Trend)})
}

// writePlayer prints one player's record and their games, in l.
func writePlayer(w io.Writer, s journal.PlayerStats, games []journal.PlayerGame, l lang.Lang) error {
	say := sayer(l)
	played := l.Render(msg.Msg{Key: "page.fam.games", Args: msg.Args{N: s.Games}})
	rounds := l.Render(msg.Msg{Key: "page.fam.rounds", Args: msg.Args{N: s.Rounds}})
	fmt.Fprintln(w, l.Sentence(msg.Sentence{
		{Key: "cli.stats.summary", Args: msg.Args{Player: s.Player.Name, Text: played, K: s.GamesWon, Value: rounds, N: s.RoundsWon}},
		{Key: "cli.stats.left", Args: msg.Args{Value: l.Decimal(s.AvgLeft)}},
	}))
	if s.Best != nil {
		fmt.Fprintln(w, roundLine(l, "cli.stats.best", s.Best.Game, s.Best.Round, s.Best.Left, s.Best.Points))
		fmt.Fprintln(w, roundLine(l, "cli.stats.worst", s.Worst.Game, s.Worst.Round, s.Worst.Left, s.Worst.Points))
	}
	fmt.Fprintln(w, say("cli.stats.uno", msg.Args{Value: fmt.Sprint(s.UnoCalled), K: s.UnoForgot, N: s.UnoCatches}))
	fmt.Fprintln(w, say("cli.stats.refused", msg.Args{N: s.Refused, Text: counts(s.ByCode, l)}))
	fmt.Fprintln(w, say("cli.stats.mistakes", msg.Args{Text: counts(s.Mistakes, l)}))
	if line := trendLine(s, l); line != "" {
		fmt.Fprintln(w, line)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, headerRow(l, "game", "started", "preset", "won", "rounds", "won", "left", "refused"))
	yes := l.Render(msg.Msg{Key: "cli.yes"})
	for _, g := range games {
		won := ""
		if g.Won {
			won = yes
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d\t%d\t%d\t%d\n", g.Game, g.Started.Local().Format("2006-01-02 15:04"), rulesCell(l, g.Preset), won, g.Rounds, g.RoundsWon, g.Left, g.Refused)
	}
	return tw.Flush()
}

// roundLine is a player's best or worst round: where, left and scored.
func roundLine(l lang.Lang, key string, game int64, round, left, scored int) string {
	pts := l.Render(msg.Msg{Key: "page.fam.leftscored", Args: msg.Args{N: left, K: scored}})
	return sayer(l)(key, msg.Args{N: int(game), K: round, Text: pts})
}

// counts is the refusals or mistakes by code, each code by its name in
// l ("wrong card 2, not the time 1"), or the word for none.
func counts(m map[string]int, l lang.Lang) string {
	if len(m) == 0 {
		return l.Render(msg.Msg{Key: "page.fam.none"})
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		name := l.Render(msg.Msg{Key: "page.fam.code." + k})
		if name == "page.fam.code."+k {
			name = k
		}
		parts = append(parts, fmt.Sprintf("%s %d", name, m[k]))
	}
	return strings.Join(parts, ", ")
}
