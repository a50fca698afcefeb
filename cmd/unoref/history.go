package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/journal"
)

var historyCmd = &command{
	name:    "history",
	args:    "[--data DIR] [--config FILE] [--game N] [--json]",
	summary: "show the journaled games: rounds, points, totals, winners",
	help: `Lists the games in the journal of --data: number, start, players, rules,
rounds played, the winner ("ended early" after it when the game was
stopped and scored as it stood; "in progress" while the game can resume,
"abandoned" when it ended without one; "simulated: not in the record" for
a game played on simulated devices that the family's record leaves out)
and the totals after the last round.
With --game N it shows that game round by round: who went out, the points
every player scored and the running totals. --json prints the same for
programs.

` + dataHelp,
	run: runHistory,
}

// dataHelp is how history, export and stats find the data directory.
const dataHelp = `--data defaults to the data key of --config (or of $UNOREF_CONFIG, the
file run reads), else $UNOREF_DATA, else /var/lib/unoref when it is
readable, else $XDG_DATA_HOME/unoref or ~/.local/share/unoref.`

// historyFlags are the flags history, export and stats share.
type historyFlags struct {
	data    string
	config  string
	game    int64  // 0 when --game is not given
	langTag string // --lang, "" for the config's language
	lang    lang.Lang
}

// add defines --data, --config and --game on fset.
func (h *historyFlags) add(fset *flag.FlagSet) {
	h.addData(fset)
	fset.Var(gameFlag{&h.game}, "game", "game number")
}

// addData defines --data and --config on fset: the journal of the data
// directory run uses, without repeating it.
func (h *historyFlags) addData(fset *flag.FlagSet) {
	fset.StringVar(&h.data, "data", dataDir(), "directory of the journal (default: the config's data key)")
	fset.StringVar(&h.config, "config", "", "configuration file whose data key is the directory (default $UNOREF_CONFIG)")
}

// addLang defines --lang on fset: the language of the text printed, the
// config's by default.
func (h *historyFlags) addLang(fset *flag.FlagSet) {
	fset.StringVar(&h.langTag, "lang", "", "language of the text: "+langList()+" (default: the config's language)")
}

// parse parses args, which must all be flags, into h and the flags of
// fset. Without --data, the directory is the data key of --config (or
// $UNOREF_CONFIG), as for run; without either, dataDir.
func (h *historyFlags) parse(self *command, fset *flag.FlagSet, args []string) error {
	words, err := h.parseWords(self, fset, args)
	if err == nil && len(words) > 0 {
		return &usageError{cmd: self, msg: fmt.Sprintf("%s takes no arguments, only flags (got %q)", self.name, words[0])}
	}
	return err
}

// parseWords is parse for a command that takes arguments besides its
// flags: it returns them.
func (h *historyFlags) parseWords(self *command, fset *flag.FlagSet, args []string) ([]string, error) {
	words, err := parseFlags(self, fset, args)
	if err != nil {
		return nil, err
	}
	dataGiven := false
	fset.Visit(func(f *flag.Flag) { dataGiven = dataGiven || f.Name == "data" })
	if h.config == "" {
		h.config = os.Getenv("UNOREF_CONFIG")
	}
	if h.config != "" {
		c := defaultConfig()
		if err := loadConfig(h.config, &c); err != nil {
			return nil, err
		}
		if !dataGiven {
			h.data = c.Data
		}
		h.lang = c.lang()
	}
	if h.langTag != "" {
		l, err := lang.Parse(h.langTag)
		if err != nil {
			return nil, &usageError{cmd: self, msg: self.name + ": --lang: " + h.langTag + " is not a language of unoref: want one of " + langList()}
		}
		h.lang = l
	}
	if err := checkData(h.data); err != nil {
		return nil, badFlag(self, "data", err)
	}
	return words, nil
}

// history is a journal opened for reading the history.
type history struct {
	*journal.Journal
	path     string // the journal's file in the data directory
	snapshot string // the directory of the copy read instead, or ""
}

// Close closes the journal and removes the snapshot, if any.
func (h *history) Close() error {
	err := h.Journal.Close()
	if h.snapshot != "" {
		os.RemoveAll(h.snapshot)
	}
	return err
}

// readerOpts open a journal for reading its record: the whole-file check
// is the daemon's (it runs it in the background once its page is up), not
// every stats or history command's.
var readerOpts = &journal.Opts{Check: journal.CheckNone}

// journalOpen is journal.Open; tests make it fail as on a file this user
// can't write.
var journalOpen = journal.Open

// openJournal opens the journal of the data directory dir for reading the
// history. Unlike the daemon it never creates one: a missing file is an
// error naming where it was looked for.
//
// The service's journal (/var/lib/unoref) is usually not writable by the
// user asking, and SQLite can't read a WAL database without writing beside
// it; then the history is read from a copy of the file and its WAL.
func openJournal(ctx context.Context, name, dir string) (*history, error) {
	path := filepath.Join(dir, journalFile)
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("%s: no journal at %s: no game was played with this data directory (see --data)", name, path)
	case err != nil:
		return nil, fmt.Errorf("%s: %w", name, err)
	case fi.IsDir():
		return nil, fmt.Errorf("%s: %s is a directory, not a journal", name, path)
	}
	j, err := journalOpen(ctx, path, readerOpts)
	if err == nil {
		return &history{Journal: j, path: path}, nil
	}
	if errors.Is(err, journal.ErrNotJournal) || errors.Is(err, journal.ErrNewerSchema) || errors.Is(err, journal.ErrDamaged) {
		return nil, fmt.Errorf("%s: %w", name, err) // these name the path already
	}
	h, serr := openSnapshot(ctx, path)
	if serr != nil {
		return nil, fmt.Errorf("%s: opening %s: %w", name, path, err)
	}
	return h, nil
}

// openSnapshot opens a copy of the journal at path, with its WAL, in a
// temporary directory.
func openSnapshot(ctx context.Context, path string) (*history, error) {
	tmp, err := os.MkdirTemp("", "unoref-history-")
	if err != nil {
		return nil, err
	}
	cp := filepath.Join(tmp, journalFile)
	err = copyFile(cp, path)
	if err == nil {
		// Without its WAL the copy would miss the latest commits; a WAL
		// copied mid-write ends at its last whole commit.
		if err = copyFile(cp+"-wal", path+"-wal"); errors.Is(err, fs.ErrNotExist) {
			err = nil
		}
	}
	var j *journal.Journal
	if err == nil {
		j, err = journal.Open(ctx, cp, readerOpts)
	}
	if err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	return &history{Journal: j, path: path, snapshot: tmp}, nil
}

func copyFile(dst, src string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// gameJSON is one game in `history --json`.
type gameJSON struct {
	ID           int64          `json:"id"`
	Started      time.Time      `json:"started"`
	Ended        *time.Time     `json:"ended,omitempty"`
	Players      []string       `json:"players"`
	Rules        string         `json:"rules"`
	Status       string         `json:"status"` // "won", "ended early", "in progress" or "abandoned"
	Winner       string         `json:"winner"`
	RoundsPlayed int            `json:"rounds_played"`
	Events       int            `json:"events"`
	Totals       map[string]int `json:"totals"`
	Simulated    bool           `json:"simulated,omitempty"` // played on simulated devices: out of the family's record unless kept
	Kept         bool           `json:"kept,omitempty"`      // a simulated game counted all the same
	Rounds       *[]roundJSON   `json:"rounds,omitempty"`    // with --game only, [] when none ended
}

type roundJSON struct {
	Round  int         `json:"round"`
	Winner string      `json:"winner"`
	Ended  time.Time   `json:"ended"`
	Scores []scoreJSON `json:"scores"`
}

type scoreJSON struct {
	Player string `json:"player"`
	Points int    `json:"points"`
	Total  int    `json:"total"`
	Left   int    `json:"points_left"` // in hand at the count-up
}

func newGameJSON(g journal.GameSummary, rounds []journal.Round) gameJSON {
	out := gameJSON{
		ID: g.ID, Started: g.StartedAt.UTC(), Players: g.Players, Rules: g.RulesWords(),
		Status: g.Status(), Winner: g.Winner, RoundsPlayed: g.Rounds, Events: g.Events,
		Totals: make(map[string]int, len(g.Players)), Simulated: g.Simulated, Kept: g.Kept,
	}
	if out.Players == nil {
		out.Players = []string{}
	}
	if !g.EndedAt.IsZero() {
		end := g.EndedAt.UTC()
		out.Ended = &end
	}
	for _, p := range g.Players {
		out.Totals[p] = 0
	}
	for _, s := range journal.Totals(rounds) {
		out.Totals[s.Player] = s.Total
	}
	return out
}

func runHistory(ctx context.Context, self *command, e *env, args []string) error {
	var h historyFlags
	fset := flag.NewFlagSet("history", flag.ContinueOnError)
	h.add(fset)
	h.addLang(fset)
	asJSON := fset.Bool("json", false, "print JSON")
	if err := h.parse(self, fset, args); err != nil {
		return err
	}
	j, err := openJournal(ctx, "history", h.data)
	if err != nil {
		return err
	}
	defer j.Close()
	games, err := j.Games(ctx)
	if err != nil {
		return fmt.Errorf("history: %w", err)
	}
	out := bufio.NewWriter(e.stdout)
	if h.game != 0 {
		err = showGame(ctx, j, games, h.game, *asJSON, out, h.lang)
	} else {
		err = listGames(ctx, j, games, *asJSON, out, h.lang)
	}
	if ferr := out.Flush(); err == nil && ferr != nil {
		err = fmt.Errorf("history: writing: %w", ferr)
	}
	return err
}

// findGame is the game numbered id, or an error that says which exist.
func findGame(games []journal.GameSummary, id int64, name, path string) (journal.GameSummary, error) {
	for _, g := range games {
		if g.ID == id {
			return g, nil
		}
	}
	if len(games) == 0 {
		return journal.GameSummary{}, fmt.Errorf("%s: %w: %d (the journal %s has no games yet)", name, journal.ErrNoGame, id, path)
	}
	if len(games) == 1 {
		return journal.GameSummary{}, fmt.Errorf("%s: %w: %d (the journal has one game, game %d)", name, journal.ErrNoGame, id, games[0].ID)
	}
	return journal.GameSummary{}, fmt.Errorf("%s: %w: %d (the journal has games %d to %d)", name, journal.ErrNoGame, id, games[0].ID, games[len(games)-1].ID)
}

func listGames(ctx context.Context, j *history, games []journal.GameSummary, asJSON bool, w io.Writer, l lang.Lang) error {
	rounds := make([][]journal.Round, len(games))
	for i, g := range games {
		r, err := j.Rounds(ctx, g.ID)
		if err != nil {
			return fmt.Errorf("history: %w", err)
		}
		rounds[i] = r
	}
	if asJSON {
		list := make([]gameJSON, len(games))
		for i, g := range games {
			list[i] = newGameJSON(g, rounds[i])
		}
		return writeJSON(w, list)
	}
	say := sayer(l)
	if len(games) == 0 {
		_, err := fmt.Fprintln(w, say("cli.hist.empty", msg.Args{Path: j.path}))
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, headerRow(l, "game", "started", "players", "rules", "rounds", "winner", "totals"))
	for i, g := range games {
		winner := g.Winner
		switch {
		case winner == "":
			winner = l.Render(msg.Msg{Key: "page.hist.status." + g.Status()})
		case g.Early:
			winner = l.Render(msg.Msg{Key: "cli.hist.cell", Args: msg.Args{Text: winner, Value: l.Render(msg.Msg{Key: "page.hist.early"})}})
		}
		if g.Simulated && !g.Kept {
			winner = l.Render(msg.Msg{Key: "cli.hist.cell", Args: msg.Args{Text: winner, Value: l.Render(msg.Msg{Key: "page.hist.sim"})}})
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d\t%s\t%s\n", g.ID, g.StartedAt.Local().Format("2006-01-02 15:04"),
			strings.Join(g.Players, " "), rulesCell(l, g.RulesWords()), g.Rounds, winner, totalsText(journal.Totals(rounds[i])))
	}
	return tw.Flush()
}

// sayer renders a key and its arguments in l, as a sentence.
func sayer(l lang.Lang) func(key string, a msg.Args) string {
	return func(key string, a msg.Args) string { return lang.Capital(l.Render(msg.Msg{Key: key, Args: a})) }
}

// headerRow is a table's header row in l, the cli.col.* words tab-separated.
func headerRow(l lang.Lang, names ...string) string {
	words := make([]string, len(names))
	for i, n := range names {
		words[i] = l.Render(msg.Msg{Key: "cli.col." + n})
	}
	return strings.Join(words, "\t")
}

// rulesCell is a rules line as a table's short cell in l's words: the
// preset's name, then the house rules it switches on by their names and
// the target ("официальные, сложение штрафов, цель 300"), and "…" when the
// line changes anything else (a rule switched off, a penalty, the
// scoring): `history --game N` says the whole line in words. A line the
// referee can't read shows as it is.
func rulesCell(l lang.Lang, rules string) string {
	w := strings.Fields(rules)
	if len(w) == 0 {
		return rules
	}
	r, err := referee.ParseRules(w[0], w[1:])
	if err != nil {
		return rules
	}
	preset, ok := l.Known("rules.name." + w[0])
	if !ok {
		return rules
	}
	cell, more := []string{preset}, false
	for _, o := range w[1:] {
		switch k, _, set := strings.Cut(strings.TrimPrefix(o, "+"), "="); {
		case set && k == "target": // never with seven-rounds: ParseRules refuses it
			cell = append(cell, l.Render(msg.Msg{Key: "page.chart.target", Args: msg.Args{N: r.Target}}))
		case !set && !strings.HasPrefix(o, "-"):
			if s, ok := l.Known("rules.name." + k); ok {
				cell = append(cell, s)
				continue
			}
			more = true
		default:
			more = true
		}
	}
	s := strings.Join(cell, ", ")
	if more {
		s += " …"
	}
	return s
}

// rulesSentence is a rules line said in l, as the referee says it when
// the game begins ("Играем по домашним правилам; …").
func rulesSentence(l lang.Lang, rules string) string {
	s, ok := referee.LineMsg(rules)
	if !ok {
		return rules
	}
	return l.Sentence(s) + l.Render(msg.Msg{Key: "text.stop"})
}

// totalsText prints totals as "Ann 253, Ben 0, Cy 9"; "-" before the first
// round ends.
func totalsText(scores []journal.Score) string {
	if len(scores) == 0 {
		return "-"
	}
	parts := make([]string, len(scores))
	for i, s := range scores {
		parts[i] = fmt.Sprintf("%s %d", s.Player, s.Total)
	}
	return strings.Join(parts, ", ")
}

func showGame(ctx context.Context, j *history, games []journal.GameSummary, id int64, asJSON bool, w io.Writer, l lang.Lang) error {
	g, err := findGame(games, id, "history", j.path)
	if err != nil {
		return err
	}
	rounds, err := j.Rounds(ctx, g.ID)
	if err != nil {
		return fmt.Errorf("history: %w", err)
	}
	if asJSON {
		gj := newGameJSON(g, rounds)
		list := make([]roundJSON, len(rounds))
		for i, r := range rounds {
			list[i] = roundJSON{Round: r.N, Winner: r.Winner, Ended: r.EndedAt.UTC(), Scores: make([]scoreJSON, len(r.Scores))}
			for k, s := range r.Scores {
				list[i].Scores[k] = scoreJSON(s)
			}
		}
		gj.Rounds = &list
		return writeJSON(w, gj)
	}
	say := sayer(l)
	result := l.Render(msg.Msg{Key: "page.hist.status." + g.Status()})
	switch {
	case g.Early:
		result = l.Render(msg.Msg{Key: "cli.hist.won.early", Args: msg.Args{Player: g.Winner}})
	case g.Winner != "":
		result = l.Render(msg.Msg{Key: "cli.hist.won", Args: msg.Args{Player: g.Winner}})
	}
	switch {
	case g.Simulated && g.Kept:
		result = l.Render(msg.Msg{Key: "cli.hist.also", Args: msg.Args{Text: result, Value: l.Render(msg.Msg{Key: "cli.hist.sim.kept"})}})
	case g.Simulated:
		result = l.Render(msg.Msg{Key: "cli.hist.also", Args: msg.Args{Text: result, Value: l.Render(msg.Msg{Key: "page.hist.sim"})}})
	}
	fmt.Fprintln(w, say("cli.hist.game", msg.Args{N: int(g.ID), Names: g.Players, Time: g.StartedAt, Text: result}))
	fmt.Fprintln(w, rulesSentence(l, g.RulesWords()))
	if len(rounds) == 0 {
		_, err := fmt.Fprintln(w, say("page.chart.none", msg.Args{}))
		return err
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, headerRow(l, "round", "winner"))
	for _, s := range rounds[0].Scores {
		fmt.Fprintf(tw, "\t%s", s.Player)
	}
	fmt.Fprintln(tw)
	for _, r := range rounds {
		fmt.Fprintf(tw, "%d\t%s", r.N, r.Winner)
		for _, s := range r.Scores {
			fmt.Fprintf(tw, "\t%+d = %d", s.Points, s.Total)
		}
		fmt.Fprintln(tw)
	}
	fmt.Fprint(tw, headerRow(l, "total")+"\t")
	for _, s := range journal.Totals(rounds) {
		fmt.Fprintf(tw, "\t%d", s.Total)
	}
	fmt.Fprintln(tw)
	return tw.Flush()
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("history: %w", err)
	}
	return nil
}
