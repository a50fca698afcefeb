package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"
	"time"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cards/enroll"
	"github.com/unoref/unoref/cards/ndef"
	"github.com/unoref/unoref/cards/registry"
	"github.com/unoref/unoref/cmd/unoref/internal/screen"
	"github.com/unoref/unoref/drivers/buzzer"
	"github.com/unoref/unoref/drivers/gpioline"
	"github.com/unoref/unoref/drivers/mfrc522"
	"github.com/unoref/unoref/drivers/mfrc522/mfrc522test"
	"github.com/unoref/unoref/hardware"
	"github.com/unoref/unoref/hardware/board"
	"github.com/unoref/unoref/hardware/board/boardtest"
)

var tagCmd = &command{
	name:    "tag",
	args:    "write CODE [--force] | read  [--data DIR] [--spi PORT] [--pinmap FILE] [--sim]",
	summary: "write or read the card code on the sticker lying on the reader",
	help: `tag write CODE writes a card code (R7, B+2, W+4, BLANK…) onto the NFC
sticker lying alone on the reader, as an NDEF text record any phone can read,
then reads it back. A locked tag, a tag that is not NDEF formatted and a tag
holding someone else's data (a link, other text) are refused unless --force.

tag read shows the sticker's UID, its type, the card code it carries and what
the deck registry (decks.db in --data) says it is.

The reader is the play-pad RC522 of the pin map (--pinmap, default the
reference build), or the one on --spi (a spidev such as /dev/spidev0.1);
--sim uses a simulated reader with a blank NTAG213 on it.`,
	run: runTag,
}

// nfcFlags are the reader flags of tag and enroll.
type nfcFlags struct {
	spi    string
	sim    bool
	data   string
	pinmap string
}

func (f *nfcFlags) add(fs *flag.FlagSet) {
	fs.StringVar(&f.spi, "spi", "", "spidev of the RC522 (default: the pin map's play pad)")
	fs.BoolVar(&f.sim, "sim", false, "use a simulated reader")
	fs.StringVar(&f.data, "data", dataDir(), "data directory (holds decks.db)")
	fs.StringVar(&f.pinmap, "pinmap", "", "pin map of the reader, OLED and buzzer (default: the reference build)")
}

// nfc is an open reader and what goes with it.
type nfc struct {
	dev   *mfrc522.Dev
	sleep func(time.Duration)
	// hand, when set, acts on enrolment events before they are shown:
	// the simulated board's stand-in for a person laying cards (--sim).
	hand   func(enroll.Event)
	screen func(screen.Screen)  // the OLED, if any
	sound  func(buzzer.Pattern) // the buzzer, if any
	close  func()
}

// openNFC opens the reader; tests replace it to record what the OLED and
// the buzzer are given.
var openNFC = openReader

// openReader opens the pin map's play-pad reader (or the one on --spi),
// and the OLED and buzzer when they answer: the Pi's, or with --sim the
// simulated board's, with a blank NTAG213 on the reader and a hand that
// lays a fresh sticker for every enrolment prompt.
func openReader(ctx context.Context, f nfcFlags, e *env) (*nfc, error) {
	pm := hardware.Default()
	if f.pinmap != "" {
		var err error
		if pm, err = hardware.LoadFile(f.pinmap); err != nil {
			return nil, err
		}
	}
	var h *board.Host
	var sim *boardtest.Sim
	if f.sim {
		sim = boardtest.New(nil)
		h = sim.Host()
	} else {
		var err error
		if h, err = openHost(gpioline.DefaultConsumer); err != nil {
			return nil, err
		}
	}
	if f.spi != "" {
		open := h.OpenSPI
		h.OpenSPI = func(string) (*board.SPIPort, error) { return open(f.spi) }
	}
	b, err := board.OpenOnly(pm, h, board.Readers)
	if err != nil {
		return nil, readerError(err)
	}
	n := &nfc{dev: b.Play, sleep: h.Sleep, close: func() { b.Halt() }}
	if n.sleep == nil {
		n.sleep = time.Sleep
	}
	if sim != nil {
		n.hand = blankStickers(sim.Play, mfrc522test.NewNTAG213([]byte{0x04, 0x55, 0x4E, 0x4F, 0x52, 0x45, 0x46}))
	}
	openPanel(n, pm, h, e)
	return n, nil
}

// blankStickers lays tag on the simulated reader, then a fresh blank
// sticker for every enrolment prompt, lifting each once enrolled.
func blankStickers(reader *mfrc522test.Sim, tag *mfrc522test.NTAG) func(enroll.Event) {
	reader.Place(tag)
	on, next := tag, 0
	lay := func() {
		if on == nil {
			next++
			on = mfrc522test.NewNTAG213([]byte{0x04, 0x53, 0x49, 0x4D, 0x00, byte(next >> 8), byte(next)})
			reader.Place(on)
		}
	}
	return func(ev enroll.Event) {
		switch ev.Kind {
		case enroll.Prompt:
			lay()
		case enroll.Enrolled:
			reader.Remove(on)
			on = nil
		case enroll.Refused:
			// Put that one aside and take the next.
			reader.Remove(on)
			on = nil
			lay()
		}
	}
}

// readerError says why the reader did not open and what to do: a line
// another program holds is most likely the running service's.
func readerError(err error) error {
	if errors.Is(err, syscall.EBUSY) {
		return fmt.Errorf("reader: in use by another program, most likely the unoref service: stop it first (sudo systemctl stop unoref), then try again (%w)", err)
	}
	return fmt.Errorf("reader: %w (no reader here? try --sim)", err)
}

// firstTag waits up to about a second for tags on the pad.
func firstTag(n *nfc) ([]mfrc522.Tag, error) {
	var err error
	for range 25 {
		var tags []mfrc522.Tag
		if tags, err = n.dev.Detect(); err == nil && len(tags) > 0 {
			return tags, nil
		}
		n.sleep(40 * time.Millisecond)
	}
	if err != nil {
		return nil, fmt.Errorf("no tag on the reader: %w", err)
	}
	return nil, errors.New("no tag on the reader")
}

func oneTag(n *nfc) (mfrc522.Tag, error) {
	tags, err := firstTag(n)
	if err != nil {
		return mfrc522.Tag{}, err
	}
	if len(tags) > 1 {
		return mfrc522.Tag{}, fmt.Errorf("%s on the reader: leave one", count(len(tags), "tag", "tags"))
	}
	return tags[0], nil
}

// contents is what a tag holds: its CC and what its NDEF data says.
type contents struct {
	cc        [4]byte
	card      cards.Card
	decodeErr error
}

func readContents(n *nfc, uid mfrc522.UID) (contents, error) {
	var c contents
	b, err := n.dev.ReadPages(uid, ndef.CCPage)
	if err != nil {
		return c, fmt.Errorf("reading %s: %w", uid, err)
	}
	copy(c.cc[:], b)
	var rerr error
	_, c.card, c.decodeErr, rerr = registry.ReadCard(b[4:], func(p uint8) ([]byte, error) { return n.dev.ReadPages(uid, p) })
	if rerr != nil {
		return c, fmt.Errorf("reading %s: %w", uid, rerr)
	}
	return c, nil
}

// says describes what a tag's data says, for people.
func (c contents) says() string {
	var fe *ndef.ForeignError
	switch {
	case c.decodeErr == nil:
		return fmt.Sprintf("%s (%s)", c.card, c.card.Name())
	case errors.Is(c.decodeErr, ndef.ErrBlank):
		return "nothing (blank)"
	case errors.As(c.decodeErr, &fe):
		return fmt.Sprintf("%s %q, not a card", fe.Kind, fe.Text)
	}
	return "unreadable data (" + c.decodeErr.Error() + ")"
}

func runTag(ctx context.Context, self *command, e *env, args []string) error {
	fs := flag.NewFlagSet("tag", flag.ContinueOnError)
	var f nfcFlags
	f.add(fs)
	force := fs.Bool("force", false, "overwrite a locked or foreign tag")
	words, err := parseFlags(self, fs, args)
	if err != nil {
		return err
	}
	if len(words) == 0 {
		return &usageError{cmd: self, msg: "tag needs write or read"}
	}
	sub, words := words[0], words[1:]
	switch {
	case sub == "write" && len(words) == 1:
		c, err := cards.Parse(words[0])
		if err != nil || c != c.Face() {
			return &usageError{cmd: self, msg: fmt.Sprintf("tag write: %q is not a printed card code (R7, B+2, W, W+4, WX, BLANK…)", words[0])}
		}
		return tagWrite(ctx, f, e, c, *force)
	case sub == "write":
		return &usageError{cmd: self, msg: "tag write takes one card code"}
	case sub == "read" && len(words) == 0:
		return tagRead(ctx, f, e)
	case sub == "read":
		return &usageError{cmd: self, msg: "tag read takes no arguments"}
	}
	return &usageError{cmd: self, msg: fmt.Sprintf("tag: %q: want write or read", sub)}
}

func tagWrite(ctx context.Context, f nfcFlags, e *env, c cards.Card, force bool) error {
	n, err := openNFC(ctx, f, e)
	if err != nil {
		return fmt.Errorf("tag write: %w", err)
	}
	defer n.close()
	t, err := oneTag(n)
	if err != nil {
		return fmt.Errorf("tag write: %w", err)
	}
	have, err := readContents(n, t.UID)
	if err != nil {
		return fmt.Errorf("tag write: %w", err)
	}
	var fe *ndef.ForeignError
	if errors.As(have.decodeErr, &fe) && !force {
		return fmt.Errorf("tag write: %s holds %s: --force to overwrite", t.UID, have.says())
	}
	if _, _, err := ndef.CheckCC(have.cc); err != nil && !force {
		if errors.Is(err, ndef.ErrReadOnly) {
			return fmt.Errorf("tag write: %s is locked (%v): --force to try anyway", t.UID, err)
		}
		return fmt.Errorf("tag write: %s: %v: --force to write anyway", t.UID, err)
	}
	if err := enroll.WriteCard(board.EnrollReader(n.dev), t.UID, c); err != nil {
		return fmt.Errorf("tag write: %s: %w", t.UID, err)
	}
	fmt.Fprintf(e.stdout, "%s: wrote %s (%s), read back\n", t.UID, c, c.Name())
	if have.decodeErr == nil && have.card != c {
		fmt.Fprintf(e.stdout, "it said %s before\n", have.card)
	}
	// A registry that knows this tag as another card would overrule it.
	if reg, err := openRegistryIfAny(ctx, f.data); err == nil && reg != nil {
		defer reg.Close()
		if old, err := reg.Lookup(ctx, t.UID); err == nil && old.Card != c {
			fmt.Fprintf(e.stderr, "unoref: warning: the registry has %s as %s #%d of deck %s; re-enroll it to change that\n", old.UID, old.Card, old.Copy, old.Deck)
		}
	}
	return nil
}

// openRegistryIfAny opens decks.db in dir when it exists (nil if not).
func openRegistryIfAny(ctx context.Context, dir string) (*registry.Registry, error) {
	path := registry.Path(dir)
	if _, err := os.Stat(path); err != nil {
		return nil, nil
	}
	return registry.Open(ctx, path)
}

func tagRead(ctx context.Context, f nfcFlags, e *env) error {
	n, err := openNFC(ctx, f, e)
	if err != nil {
		return fmt.Errorf("tag read: %w", err)
	}
	defer n.close()
	t, err := oneTag(n)
	if err != nil {
		return fmt.Errorf("tag read: %w", err)
	}
	typ, err := n.dev.Identify(t.UID)
	if err != nil {
		typ = t.Type
	}
	var b strings.Builder
	fmt.Fprintf(&b, "uid       %s\ntype      %s\n", t.UID, typ)
	have, rerr := readContents(n, t.UID)
	switch {
	case rerr != nil:
		fmt.Fprintf(&b, "says      ? (%v)\n", rerr)
	default:
		fmt.Fprintf(&b, "says      %s\n", have.says())
		if _, writable, err := ndef.CheckCC(have.cc); !writable {
			fmt.Fprintf(&b, "cc        % X: %v\n", have.cc, err)
		}
	}
	reg, err := openRegistryIfAny(ctx, f.data)
	switch {
	case err != nil:
		fmt.Fprintf(&b, "registry  ? (%v)\n", err)
	case reg == nil:
		fmt.Fprintf(&b, "registry  none in %s\n", f.data)
	default:
		defer reg.Close()
		old, err := reg.Lookup(ctx, t.UID)
		switch {
		case errors.Is(err, registry.ErrNotEnrolled):
			fmt.Fprintf(&b, "registry  not enrolled\n")
		case err != nil:
			fmt.Fprintf(&b, "registry  ? (%v)\n", err)
		default:
			fmt.Fprintf(&b, "registry  %s (%s), copy %d of deck %s\n", old.Card, old.Card.Name(), old.Copy, old.Deck)
		}
	}
	_, err = io.WriteString(e.stdout, b.String())
	return err
}
