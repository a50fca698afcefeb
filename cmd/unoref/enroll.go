package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cards/enroll"
	"github.com/unoref/unoref/cards/registry"
	"github.com/unoref/unoref/cmd/unoref/internal/screen"
	"github.com/unoref/unoref/drivers/buzzer"
	"github.com/unoref/unoref/hardware"
	"github.com/unoref/unoref/hardware/board"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
)

var enrollCmd = &command{
	name:    "enroll",
	args:    "[--data DIR] [--deck NAME] [--kind standard|cars|blanks] [--write] [--force] [--export FILE] [--import FILE] [--list] [--lang L] [--spi PORT] [--pinmap FILE] [--sim]",
	summary: "teach the referee which sticker is on which card of a deck",
	help: `Walks through a whole deck: the terminal (and the OLED) say which card to
tap next ("Tap Red 7, 2nd of 2"), by colour, numbers, then symbols, then the
wilds. Each sticker tapped alone on the reader is recorded in the deck
registry (decks.db in --data). Stopped halfway, it resumes where it stood.

Refused, with a buzz: a sticker already enrolled (it says as what), two
stickers at once, an unreadable one, a sticker whose card code names another
card. With --write the card code is written on each sticker and read back,
so phones and registry-less tables can read it too; a locked sticker or one
holding someone else's data is then refused unless --force.

--deck picks the deck (default: the only one, or "main"); --kind is the kind
of a new deck (default standard). --list shows the decks and their progress;
--export FILE writes the deck to a text file (- for standard output), and
--import FILE reads one, checking every line first. --lang L says the OLED's
prompts in L (en, ru, sr, sr-Cyrl, ro or hy); the terminal stays English. The reader is the
play-pad RC522 of the pin map (--pinmap), or the one on --spi (a spidev such
as /dev/spidev0.1); --sim enrolls simulated stickers.`,
	run: runEnroll,
}

func runEnroll(ctx context.Context, self *command, e *env, args []string) error {
	o, err := parseEnroll(self, args)
	if err != nil {
		return err
	}
	if err := makeDataDir(o.nfc.data); err != nil {
		return fmt.Errorf("enroll: %w", err)
	}
	reg, err := registry.Open(ctx, registry.Path(o.nfc.data))
	if err != nil {
		return fmt.Errorf("enroll: %w", err)
	}
	defer reg.Close()

	switch {
	case o.list:
		return listDecks(ctx, reg, e.stdout)
	case o.imp != "":
		return importDeck(ctx, reg, o.imp, e)
	}
	name, err := pickDeck(ctx, reg, o.deck, o.export == "")
	if err != nil {
		return fmt.Errorf("enroll: %w", err)
	}
	if o.export != "" {
		return exportDeck(ctx, reg, name, o.export, e)
	}
	if err := ensureDeck(ctx, reg, name, o.kind, e.stdout); err != nil {
		return fmt.Errorf("enroll: %w", err)
	}
	return enrollDeck(ctx, o.nfc, e, reg, name, enroll.Policy{Write: o.write, Force: o.force}, o.lang)
}

// enrollOpts are the flags of one enroll command.
type enrollOpts struct {
	nfc          nfcFlags
	deck, kind   string
	write, force bool
	export, imp  string
	list         bool
	lang         lang.Lang // of the OLED's prompts
}

// parseEnroll reads and checks the flags: one of --list, --export and
// --import at a time, and a --kind that is a kind of deck.
func parseEnroll(self *command, args []string) (enrollOpts, error) {
	var o enrollOpts
	fs := flag.NewFlagSet("enroll", flag.ContinueOnError)
	o.nfc.add(fs)
	fs.StringVar(&o.deck, "deck", "", "deck name")
	fs.StringVar(&o.kind, "kind", "", "kind of a new deck: standard, cars or blanks")
	fs.BoolVar(&o.write, "write", false, "write the card code on each sticker")
	fs.BoolVar(&o.force, "force", false, "with --write, overwrite locked or foreign stickers")
	fs.StringVar(&o.export, "export", "", "write the deck to FILE (- for standard output)")
	fs.StringVar(&o.imp, "import", "", "read a deck from FILE")
	fs.BoolVar(&o.list, "list", false, "list the decks")
	langTag := fs.String("lang", "en", "the language of the OLED's prompts")
	words, err := parseFlags(self, fs, args)
	if err != nil {
		return o, err
	}
	if o.lang, err = lang.Parse(*langTag); err != nil {
		return o, &usageError{cmd: self, msg: "enroll: --lang: " + *langTag + " is not a language of unoref: want one of " + langList()}
	}
	if len(words) > 0 {
		return o, &usageError{cmd: self, msg: fmt.Sprintf("enroll takes no arguments, only flags (got %q)", words[0])}
	}
	if modes := btoi(o.list) + btoi(o.export != "") + btoi(o.imp != ""); modes > 1 {
		return o, &usageError{cmd: self, msg: "enroll: --list, --export and --import go one at a time"}
	}
	if o.kind != "" {
		if _, err := cards.Deck(o.kind); err != nil {
			return o, badFlag(self, "kind", fmt.Errorf("%q is not a kind of deck: want standard, cars or blanks", o.kind))
		}
	}
	return o, nil
}

// btoi is 1 for true.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ensureDeck makes deck name of kind (standard when "") if it is new, or
// checks that an existing one is of kind.
func ensureDeck(ctx context.Context, reg *registry.Registry, name, kind string, out io.Writer) error {
	d, err := reg.Deck(ctx, name)
	switch {
	case errors.Is(err, registry.ErrNoDeck):
		if kind == "" {
			kind = cards.Standard
		}
		if err := reg.AddDeck(ctx, name, kind); err != nil {
			return err
		}
		fmt.Fprintf(out, "new %s deck %s\n", kind, name)
	case err != nil:
		return err
	case kind != "" && kind != d.Kind:
		return fmt.Errorf("deck %s is a %s deck, not %s", name, d.Kind, kind)
	}
	return nil
}

// pickDeck is --deck, else the only deck, else "main" when new decks may
// be made.
func pickDeck(ctx context.Context, reg *registry.Registry, name string, create bool) (string, error) {
	if name != "" {
		return name, nil
	}
	ds, err := reg.Decks(ctx)
	if err != nil {
		return "", err
	}
	switch {
	case len(ds) == 1:
		return ds[0].Name, nil
	case len(ds) == 0 && create:
		return "main", nil
	case len(ds) == 0:
		return "", errors.New("no decks yet")
	}
	names := make([]string, len(ds))
	for i, d := range ds {
		names[i] = d.Name
	}
	return "", fmt.Errorf("%s (%s): pick one with --deck", count(len(ds), "deck", "decks"), strings.Join(names, ", "))
}

func listDecks(ctx context.Context, reg *registry.Registry, w io.Writer) error {
	ds, err := reg.Decks(ctx)
	if err != nil {
		return fmt.Errorf("enroll: %w", err)
	}
	if len(ds) == 0 {
		_, err := fmt.Fprintln(w, "no decks yet")
		return err
	}
	for _, d := range ds {
		state := "complete"
		if d.Enrolled < d.Size {
			state = "to finish"
		}
		fmt.Fprintf(w, "%-16s %-8s %3d/%d %s\n", d.Name, d.Kind, d.Enrolled, d.Size, state)
	}
	return nil
}

func importDeck(ctx context.Context, reg *registry.Registry, path string, e *env) error {
	in := io.Reader(e.stdin)
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return fmt.Errorf("enroll: %w", err)
		}
		defer f.Close()
		in = f
	}
	d, n, err := reg.Import(ctx, in)
	var ie *registry.ImportError
	if errors.As(err, &ie) {
		for _, l := range ie.Lines {
			fmt.Fprintf(e.stderr, "%s:%d: %v\n", path, l.Line, l.Err)
		}
		return fmt.Errorf("enroll: import %s: %s, nothing imported", path, count(len(ie.Lines), "bad line", "bad lines"))
	}
	if err != nil {
		return fmt.Errorf("enroll: import %s: %w", path, err)
	}
	_, err = fmt.Fprintf(e.stdout, "imported %s into %s deck %s: %d/%d\n", count(n, "tag", "tags"), d.Kind, d.Name, d.Enrolled, d.Size)
	return err
}

func exportDeck(ctx context.Context, reg *registry.Registry, name, path string, e *env) error {
	if path == "-" {
		return reg.Export(ctx, name, e.stdout)
	}
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return fmt.Errorf("enroll: %w", err)
	}
	err = reg.Export(ctx, name, f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("enroll: export: %w", err)
	}
	d, _ := reg.Deck(ctx, name)
	_, err = fmt.Fprintf(e.stdout, "exported %s (%s) to %s\n", d, count(d.Enrolled, "tag", "tags"), path)
	return err
}

// enrollDeck runs the guided enrolment on the reader, showing it on the
// terminal, the OLED and the buzzer.
func enrollDeck(ctx context.Context, f nfcFlags, e *env, reg *registry.Registry, deck string, o enroll.Policy, l lang.Lang) error {
	n, err := openNFC(ctx, f, e)
	if err != nil {
		return fmt.Errorf("enroll: %w", err)
	}
	defer n.close()
	var bar progress
	show := func(ev enroll.Event) {
		if n.hand != nil {
			n.hand(ev)
		}
		if bar == nil {
			bar = newProgress(e.stdout, ev.Total, ev.Done, deck)
		}
		switch ev.Kind {
		case enroll.Prompt:
			bar.Describe(ev.Text)
		case enroll.Enrolled:
			bar.Set(ev.Done)
		case enroll.Refused, enroll.Complete:
			bar.Clear()
			fmt.Fprintf(e.stdout, "%s\n", terminalLine(ev))
		}
		if n.screen != nil {
			n.screen(enrollScreen(deck, ev, l))
		}
		if p := enrollSound(ev); p != nil && n.sound != nil {
			n.sound(p)
		}
	}
	en, err := enroll.New(ctx, board.EnrollReader(n.dev), reg, deck, &enroll.Opts{Policy: o, Sleep: n.sleep, Notify: show})
	if err != nil {
		return fmt.Errorf("enroll: %w", err)
	}
	err = en.Run(ctx)
	if bar != nil {
		bar.End()
	}
	if errors.Is(err, context.Canceled) {
		fmt.Fprintf(e.stdout, "stopped at %d/%d: run enroll again to go on\n", en.Plan().Done(), en.Plan().Total())
		return nil
	}
	if err != nil {
		return fmt.Errorf("enroll: %w", err)
	}
	return nil
}

// terminalLine is how the terminal reports a refusal or the end.
func terminalLine(ev enroll.Event) string {
	switch ev.Kind {
	case enroll.Refused:
		s := "refused"
		if ev.UID != "" {
			s += " " + ev.UID
		}
		return fmt.Sprintf("%s: %s (%v)", s, ev.Text, ev.Err)
	case enroll.Complete:
		return fmt.Sprintf("%s: %d/%d", ev.Text, ev.Done, ev.Total)
	}
	return ev.String()
}

// enrollScreen is the OLED's view of an enrolment event in l: the deck and
// progress as the title, the card to tap, and the last verdict.
func enrollScreen(deck string, ev enroll.Event, l lang.Lang) screen.Screen {
	s := screen.Screen{Phase: "show", Turn: fmt.Sprintf("%s %d/%d", deck, ev.Done, ev.Total), Lang: l}
	say := func(key string, a msg.Args) string { return l.Sentence(msg.Sentence{{Key: key, Args: a}}) }
	switch ev.Kind {
	case enroll.Prompt:
		s.Prompt = say(tapKey(ev.Slot))
	case enroll.Complete:
		s.Prompt = say("enroll.complete", msg.Args{Value: deck})
	case enroll.Enrolled:
		s.Prompt, s.Message = say("enroll.lift", msg.Args{}), say("enroll.enrolled", msg.Args{Card: ev.Slot.Card})
	case enroll.Refused:
		s.Prompt = say(tapKey(ev.Slot))
		m := refusalMsg(ev)
		s.Message = say(m.Key, m.Args)
	}
	return s
}

// tapKey is the prompt to tap the card of a slot: "Tap Red 7, copy 2 of 2".
func tapKey(sl enroll.Slot) (string, msg.Args) {
	a := msg.Args{Card: sl.Card, N: sl.Copy, K: sl.Of}
	if sl.Of <= 1 {
		return "enroll.tap", a
	}
	return "enroll.tap.copy", a
}

// refusalMsg says why a sticker was refused.
func refusalMsg(ev enroll.Event) msg.Msg {
	var ee *registry.EnrolledError
	switch {
	case errors.As(ev.Err, &ee):
		return msg.Msg{Key: "enroll.already", Args: msg.Args{Card: ee.Tag.Card, Value: ee.Tag.Deck}}
	case errors.Is(ev.Err, enroll.ErrTwoTags), errors.Is(ev.Err, enroll.ErrCollision):
		return msg.Msg{Key: "tag.twocards"}
	case errors.Is(ev.Err, enroll.ErrUnreadable):
		return msg.Msg{Key: "tag.unreadable"}
	case errors.Is(ev.Err, enroll.ErrWrongCard):
		return msg.Msg{Key: "enroll.wrongcard"}
	case errors.Is(ev.Err, enroll.ErrForeign):
		return msg.Msg{Key: "tag.foreign"}
	case errors.Is(ev.Err, enroll.ErrLocked), errors.Is(ev.Err, enroll.ErrNotNDEF):
		return msg.Msg{Key: "enroll.locked"}
	case errors.Is(ev.Err, enroll.ErrWrite), errors.Is(ev.Err, enroll.ErrVerify):
		return msg.Msg{Key: "enroll.write"}
	case errors.Is(ev.Err, enroll.ErrComplete):
		return msg.Msg{Key: "enroll.full"}
	}
	return msg.Msg{Key: "plain", Args: msg.Args{Text: ev.Text}}
}

// enrollSound is the buzzer's: a chirp per card, a buzz per refusal.
func enrollSound(ev enroll.Event) buzzer.Pattern {
	switch ev.Kind {
	case enroll.Enrolled:
		return buzzer.Legal
	case enroll.Refused:
		return buzzer.Illegal
	case enroll.Complete:
		return buzzer.RoundOver
	}
	return nil
}

// openPanel opens the OLED and the buzzer of pin map pm for the enrolment,
// each when it answers; without them the terminal is enough.
func openPanel(n *nfc, pm *hardware.PinMap, h *board.Host, e *env) {
	open := func(what string, d board.Selection) *board.Board {
		b, err := board.OpenOnly(pm, h, d)
		if err != nil {
			fmt.Fprintf(e.stderr, "unoref: %s: %v (going on without it)\n", what, err)
			return nil
		}
		prev := n.close
		n.close = func() { b.Halt(); prev() }
		return b
	}
	if b := open("OLED", board.Display); b != nil {
		n.screen = runDisplay(n, b, e)
	}
	if b := open("buzzer", board.Buzzer); b != nil && b.Buzzer != nil {
		failed := failedOnce(e, "buzzer")
		n.sound = func(p buzzer.Pattern) {
			if err := b.Buzzer.Play(p); err != nil {
				failed(err)
			}
		}
	}
}

// runDisplay draws the enrolment's screens on b's OLED until n closes: a
// draw that fails is said once, and enrolment goes on with the terminal.
func runDisplay(n *nfc, b *board.Board, e *env) func(screen.Screen) {
	disp := screen.NewDisplay(b.Panel, &screen.Opts{OnError: failedOnce(e, "OLED")})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- disp.Run(ctx) }()
	prev := n.close
	n.close = func() {
		cancel()
		if err := <-done; !errors.Is(err, context.Canceled) {
			fmt.Fprintf(e.stderr, "unoref: OLED: %v\n", err)
		}
		prev()
	}
	return disp.Show
}

// failedOnce says on standard error, the first time only, that part
// failed: enrolment goes on with the terminal.
func failedOnce(e *env, part string) func(error) {
	var once sync.Once
	return func(err error) {
		once.Do(func() { fmt.Fprintf(e.stderr, "unoref: %s: %v (going on without it)\n", part, err) })
	}
}
